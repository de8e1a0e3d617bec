"""Expiration and effective-date rules on hand-written contract sentences (each with a negative)."""

from __future__ import annotations

import pytest

from ingest.clause_types import sections_from_parsed
from ingest.facts import ASSERT_THRESHOLD, extract_facts, top_fact
from ingest.text_document import parsed_from_text
from veridict.domain.values import find_durations

OPENING = (
    'SUPPLY AGREEMENT\n\nThis Agreement is made as of January 15, 2017 (the "Effective Date") by '
    'and between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n'
)


def facts_of(text: str):
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    sections = sections_from_parsed(parsed, "t_terms", "doc-1")
    return extract_facts(parsed, sections, "t_terms", "doc-1")


def top(facts, attribute):
    f = top_fact(facts, attribute, min_confidence=ASSERT_THRESHOLD)
    return f.value_text if f else None


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a stated end date wins over start + duration (the day before the anniversary here)
        (
            "This Agreement shall commence effective June 1, 2017, and shall continue for a term "
            'of three (3) years expiring May 31, 2020 (the "Term").',
            "2020-05-31",
        ),
        ("The Cooperation Term shall be two years from May 1, 2017 to April 30, 2019.", "2019-04-30"),
        ("The term of this Agreement shall be a period ending December 31, 2021.", "2021-12-31"),
        # "full calendar months" is a duration
        (
            "This Agreement shall commence on the Effective Date and shall continue for a period "
            "of twelve (12) full calendar months.",
            "2018-01-15",
        ),
        ("This Agreement shall continue in effect until terminated by either party.", "perpetual"),
        ("Period of services: this Agreement is valid for an indefinite term.", "perpetual"),
        # the lasting verb is the ending itself: "will end when terminated"
        ("The term of this Agreement will commence on the date that the Registration Form is approved and will end "
         "when terminated by either party.", "perpetual"),
        ('The Term shall commence as of April 1, 2018 and shall expire upon the later of: (a) the conclusion of the '
         "season and (b) the last day in February, 2023, unless sooner terminated.", "2023-02-28"),
        # an aside about licenses does not make the agreement's own lastingness a license term
        ("The provisions of this Agreement, including the license rights provided in this Article III, shall "
         "not be terminable or revocable for any reason.", "perpetual"),
        # an end date after "expire" with no "on", after "ends at", after "extended to"; a labelled range
        ('The "Term" shall begin on the date hereof and shall expire December 31, 2023, subject to early '
         "termination.", "2023-12-31"),
        ('The term shall commence on May 1, 2020 (the "Commencement Date") and ends at April 30, 2029.',
         "2029-04-30"),
        ("The Term of the Agreement is hereby extended to January 20, 2022 unless sooner terminated.", "2022-01-20"),
        ("TERM: November 01, 2017 to October 31, 2020", "2020-10-31"),
        # a term that begins on the first of a month ends at a month's end; from mid-month, on the anniversary
        ("The term of this Agreement shall begin on January 1, 2018 and continue for an initial period of five (5) "
         "years unless earlier terminated.", "2022-12-31"),
        ("The term of this Agreement shall begin on April 14, 2018 and continue for an initial period of three "
         "(3) years unless earlier terminated.", "2021-04-14"),
        # an anniversary of a named start counts from the day the contract gives that start, not the effective date
        ('"Commencement Date" shall mean the date on which the conversion has been completed. The parties '
         'anticipate the Commencement Date to be November 16, 2017. "Term" shall mean the period commencing on the '
         "Effective Date and terminating on the eighth anniversary of the Commencement Date.", "2025-11-16"),
        ('The Platform shall go live on March 1, 2018 (the "Launch Date"). This Agreement shall continue until the '
         "third anniversary of the Launch Date.", "2021-03-01"),
        # a commencement date defined as the effective date is the effective date
        ('"Commencement Date" means the Effective Date. This Agreement shall continue until the second '
         "anniversary of the Commencement Date.", "2019-01-15"),
    ],
)
def test_expiration_rules(sentence, expected):
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # the perpetual words belong to something other than the agreement's term
        "However, no assignment shall be effective under this Agreement until such time as "
        "Alpha gives Beta written notice of its acceptance of the assignment.",
        "If any clause of this Agreement shall be held to be indefinite, invalid or unenforceable, "
        "the balance of this Agreement shall continue in full force and effect.",
        "All Confidential Information furnished during the term of this Agreement shall be kept "
        "confidential during the term of this Agreement and for an indefinite period thereafter.",
        "During the period from the execution of this Agreement until the expiration of the "
        "Standstill Period, the size of the Board shall not be increased.",
        # a period after an event we cannot date is not the agreement's term
        "Any Party which ceases to own an interest in the Company shall remain subject to the "
        "terms of this Agreement for a period of ten (10) years after the date of such transfer.",
        "The license rights granted hereunder shall not be terminable for any reason.",
        "The obligations of confidentiality in this Agreement, including those in Section 5, shall not be "
        "terminable.",
        # the end of a renewal period the contract may add is not its expiration
        "The Company may renew this Agreement on the same terms for one (1) additional five year period that "
        "shall begin on January 1, 2005 and end on December 31, 2009, by written notice.",
        # an end on an event is not perpetual
        "This Agreement shall not expire until the Products are discontinued.",
        # "to" alone (no "from ... to") is not an end date
        "Alpha shall deliver the reports to Beta on March 3, 2018.",
        # a date range that is not the term's
        "Payment: invoices dated March 1, 2018 to June 30, 2018 are due in thirty days.",
        # a notice or an option that expires is not the agreement
        "Beta's option to purchase the Equipment shall expire December 31, 2019.",
        # a named start that is an event with no day gives no end date, rather than one counted from the effective
        # date
        '"Commencement Date" shall mean the date on which the conversion has been completed. "Term" shall mean '
        "the period commencing on the Effective Date and terminating on the eighth anniversary of the "
        "Commencement Date.",
        'The Closing shall take place no later than 90 days after the date hereof (the "Closing Date"). This '
        "Agreement shall continue until the second anniversary of the Closing Date.",
    ],
)
def test_expiration_negatives(sentence):
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") is None


def test_term_ending_on_a_date_given_in_an_exhibit():
    text = (
        OPENING + "5. Term. The Term will commence on the Effective Date and will remain in "
        "effect, unless sooner terminated under paragraph 5.2, until the termination date "
        "specified in Exhibit A.\n\nEXHIBIT A\n\nTERMINATION DATE: September 30, 2019\n"
    )
    facts = facts_of(text)
    assert top(facts, "expiration_date") == "2019-09-30"
    # without the reference the exhibit's field is not read as the agreement's expiration
    other = OPENING + "5. Fees. Fees are listed in Exhibit A.\n\nEXHIBIT A\n\nTERMINATION DATE: September 30, 2019\n"
    assert top(facts_of(other), "expiration_date") is None


EVENT_OPENING = (
    "JOINT VENTURE CONTRACT\n\nThis Contract is entered into by and between Alpha LLC "
    '("Alpha") and Beta Inc. ("Beta").\n\n'
)
SIGNED = (
    "\n\nIN WITNESS WHEREOF, the duly authorized representative of each Party has signed this "
    "Contract on November 8, 2002.\n\nBy: ____\n"
)


@pytest.mark.parametrize(
    "definition",
    [
        '1.5 "Effective Date" means the effective date of this Contract, which shall be the date on '
        "which this Contract has been approved by the Examination and Approval Authority.",
        "20.1 This Contract shall take effect after it is approved by the Examination and "
        "Approval Authority.",
    ],
)
def test_effective_on_an_event_is_not_the_signing_date(definition):
    text = (
        EVENT_OPENING + definition + "\n\n2. Term. The Contract Term shall extend for a period of "
        "fifty (50) years from the Effective Date." + SIGNED
    )
    facts = facts_of(text)
    assert top(facts, "agreement_date") == "2002-11-08"
    assert top(facts, "effective_date") is None
    assert top(facts, "expiration_date") is None  # fifty years from an undated event


@pytest.mark.parametrize(
    "definition",
    [
        '1.5 "Effective Date" means the date on which this Contract is signed by the last Party.',
        "20.1 This Contract shall take effect upon execution by both Parties.",
    ],
)
def test_effective_on_signature_falls_back_to_the_signing_date(definition):
    text = (
        EVENT_OPENING + definition + "\n\n2. Term. The Contract Term shall extend for a period of "
        "five (5) years from the Effective Date." + SIGNED
    )
    facts = facts_of(text)
    assert top(facts, "effective_date") == "2002-11-08"
    assert top(facts, "expiration_date") == "2007-11-08"


def test_duration_with_two_qualifiers():
    (d,) = find_durations("twelve (12) full calendar months")
    assert (d.value.value, d.value.unit) == (12.0, "month")
    assert find_durations("the full calendar") == []


def test_defined_term_running_indefinitely_is_perpetual():
    sentence = (
        '"Term" means the period of time commencing on the Effective Date and continuing '
        "thereafter indefinitely until this Agreement is terminated pursuant to Section 10 below."
    )
    assert top(facts_of(OPENING + "1. Definitions. " + sentence), "expiration_date") == "perpetual"


def test_tacit_renewal_every_year_in_a_sentence_about_it():
    """'It is ... renewed tacitly every year' after a sentence about the agreement: a year-to-year renewal, automatic;
    the same words about something else state no renewal of the agreement."""
    text = OPENING + ("13. DURATION\n\n13.1. The present Agreement is effective as from 1 January 2009. It is "
                      "established by calendar year and renewed tacitly every year.\n")
    assert top(facts_of(text), "renewal_term") == "year-to-year"
    other = OPENING + ("13. FEES\n\n13.1. Fees are payable monthly. It is reviewed and renewed tacitly every "
                       "year.\n")
    assert top(facts_of(other), "renewal_term") is None


def test_term_from_its_own_execution_is_dated():
    sentence = (
        "This Agreement shall continue in effect for a period of one year from the date of its "
        "execution and from year to year thereafter."
    )
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") == "2018-01-15"


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # a period that measures a condition is not the agreement's term
        ("10.3 If performance of the obligations by any Party under this Contract has been delayed for a period "
         "of 3 months, the other Party shall be entitled to terminate this Contract.", None),
        ("The Company may terminate this Agreement if the sale of the Product has been suspended for more than "
         "three (3) months.", None),
        # a period after the term is not the term ...
        ("During the Term of this Agreement and for a period of six (6) months thereafter, Alpha shall not use "
         "the data collected from users of the Site.", None),
        # ... but a term that runs for a period "thereafter" from its start is
        ("This Agreement shall take effect from the Effective Date and continue in full force and effect for "
         "twenty (20) years thereafter.", "2037-01-15"),
        # the definition of another period is not the term
        ('"Contract Year" shall mean a period of twelve (12) months commencing on the first day of the month in '
         "which this Agreement becomes effective.", None),
        # a start stated "upon" a date in the term sentence
        ("The term of this Agreement shall commence upon April 1, 2017 and shall continue for a period of six (6) "
         "months, unless earlier terminated.", "2017-09-30"),
        # a term that ends on an event, not on a date: no fixed expiration, and not perpetual either
        ("7.1 Subject to early termination pursuant to Section 7.2, this Agreement shall become effective as of "
         "the Effective Date and shall continue until the expiration or earlier termination of the Supply "
         "Agreement.", "until the expiration or earlier termination of the Supply Agreement"),
        ("Unless otherwise provided herein, this Agreement will commence on the Effective Date and continue "
         "through the completion or termination of Developer's services.",
         "through the completion or termination of Developer's services"),
        # the end of its own (renewal) term is not an event of another agreement
        ("This Agreement shall commence on the Effective Date and continue until the expiration of the last "
         "Renewal Term.", None),
        ("This Agreement shall continue until the expiration of the Term.", None),
    ],
)
def test_only_the_agreements_own_period_makes_its_expiration(sentence, expected):
    assert top(facts_of(OPENING + sentence), "expiration_date") == expected


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("2. This agreement begins on the Effective Date and shall continue for an initial term of one (1) year and "
         "indefinitely after that until terminated by either party giving at least twelve (12) months' prior "
         "written notice.", "perpetual"),
        ("2. The initial term of this Agreement is two (2) years. Thereafter, this Agreement shall automatically "
         "continue in effect until either party gives the other at least six (6) months prior written notice of "
         "termination.", "perpetual"),
        # "continue in full force and effect thereafter until terminated": the ten years are the initial term's
        ("2. This Agreement begins on the Effective Date and shall remain in full force and effect until the end of "
         "the tenth (10th) Contract Year, and shall continue in full force and effect thereafter until terminated by "
         "either party on sixty (60) days' prior written notice (the ten (10) Contract Year period being the "
         "\"Term\").", "perpetual"),
        # no initial term runs out first: nothing renews
        ("2. This Agreement shall continue until terminated by either party on thirty (30) days' notice.", None),
    ],
)
def test_an_agreement_that_goes_on_after_its_initial_term_until_notice_renews_indefinitely(sentence, expected):
    assert top(facts_of(OPENING + sentence), "renewal_term") == expected


def test_a_period_far_after_a_renewal_word_is_no_renewal_term():
    """A long sentence that names a patent's "extensions and renewals" and, hundreds of characters later, a cure
    period states no renewal of the agreement; a renewal length right after its verb, or a later renewal verb in
    the same sentence, still does."""
    far = OPENING + (
        "4.2 Irrevocability. The licenses granted under this Agreement are irrevocable, except that (a) the license "
        "granted to a Patent shall automatically terminate upon the expiration of the statutory term (including all "
        "extensions and renewals) of such Patent, and (b) Seller may terminate the license granted pursuant to "
        "Section 2.2(c) (and no other provision of this Agreement), following the Closing Date and upon prior "
        "written notice to Purchaser, in the event Purchaser materially breaches Section 2.2(c) and fails to cure "
        "such material breach within such one hundred twenty (120) day period after Purchaser's receipt of "
        "written notice.\n")
    assert top(facts_of(far), "renewal_term") is None
    near = OPENING + (
        "2. Term. This Agreement shall commence on the Effective Date and shall continue until the four-year "
        "anniversary of the Effective Date (such period, as it may be extended, either by the mutual written "
        "agreement of the parties or automatically, or earlier terminated being referred to as the \"Consultation "
        "Period\"), unless sooner terminated in accordance with Section 4, and shall automatically renew for "
        "successive one-year periods, unless the Company provides 90 days' notice of termination.\n")
    assert top(facts_of(near), "renewal_term") == "1 year"


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # "thereof" stands for the start the sentence names
        ("The term of this Agreement commences on the Effective Date and expires on the third (3rd) anniversary "
         "thereof.", "2020-01-15"),
        # the end of a calendar year named by its number
        ("The term of this Agreement shall run through the end of the 2019 calendar year.", "2019-12-31"),
        ("This Agreement shall remain in effect until the end of calendar year 2020.", "2020-12-31"),
    ],
)
def test_expiration_wordings_outside_the_studied_contracts(sentence, expected):
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # "thereof" with no start before it in the sentence says nothing about which date
        "Beta shall pay the Royalty within thirty days of each anniversary thereof.",
    ],
)
def test_expiration_wordings_that_give_no_end_date(sentence):
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") is None


def test_a_fiscal_year_end_is_not_december_31():
    facts = facts_of(OPENING + "2. Term. This Agreement shall remain in effect until the end of the 2019 fiscal "
                               "year of Beta.")
    assert "2019-12-31" not in {f.value_text for f in facts if f.attribute == "expiration_date"}


def test_a_year_number_is_not_a_duration():
    assert [d.value.text for d in find_durations("through the end of the 2017 calendar year")] == []
    assert [d.value.text for d in find_durations("for 2 calendar years")] == ["2 years"]


def test_renewal_in_a_sentence_that_opens_on_when_it_applies():
    """"Upon expiry, it shall be extended automatically by periods of twelve (12) months": "it" is the agreement
    the sentence before speaks of."""
    text = OPENING + ("2. Term. This Agreement commences on the Effective Date and continues for thirty-six (36) "
                      "months. Upon expiry, it shall be extended automatically by periods of twelve (12) months, "
                      "unless terminated by either Party by written notice given no later than sixty (60) days "
                      "before the end of the relevant period.\n")
    assert top(facts_of(text), "renewal_term") == "12 months"
    other = OPENING + ("2. Fees. Fees are fixed for the first year. Upon expiry, it shall be extended automatically "
                       "by periods of twelve (12) months.\n")
    assert top(facts_of(other), "renewal_term") is None


@pytest.mark.parametrize(
    "clause, effective, expiration",
    [
        # the term's own start is the effective date, and the base of its end
        ("1. Term. The Term of this Agreement shall run from June 1, 2017 through and including May 31, 2018.",
         "2017-06-01", "2018-05-31"),
        ("1. Term. The initial term of this Agreement shall be from June 1, 2017 until May 31, 2020.",
         "2017-06-01", "2020-05-31"),
        ("1. Term. This SOW shall commence on May 3, 2017 and shall expire on October 29, 2017.",
         "2017-05-03", "2017-10-29"),
        ("1. Term. Consultant's engagement hereunder shall commence on March 1, 2017 and shall terminate on "
         "February 28, 2018.", "2017-03-01", "2018-02-28"),
        ("1. Term. This Agreement shall be valid for a period of three (3) years with effect from 1st August, 2017.",
         "2017-08-01", "2020-07-31"),
        ('1. Term. In this agreement, "Commencement Date" means 1 March 2017, and this agreement continues for two '
         "years from the Commencement Date.", "2017-03-01", "2019-03-01"),
    ],
)
def test_the_terms_own_start_is_the_effective_date(clause, effective, expiration):
    opening = ('SERVICES AGREEMENT\n\nThis Agreement is made as of January 15, 2017 by and between Alpha LLC ("Alpha") '
               'and Beta Inc. ("Beta").\n\n')
    facts = facts_of(opening + clause)
    assert (top(facts, "effective_date"), top(facts, "expiration_date")) == (effective, expiration)


def test_a_labelled_service_start_date_is_the_effective_date():
    text = ("COLOCATION SERVICES ORDER FORM\n\nCustomer: Alpha LLC\nProvider: Beta Inc.\nOrder Date: 05/27/2021\n"
            "Service Start Date: 06/15/2021\n\n1. Initial Term: 36 months from the Service Start Date.\n")
    assert top(facts_of(text), "effective_date") == "2021-06-15"
    # a payment's start is not the agreement's
    other = OPENING + "2. Fees. Payments shall commence on March 1, 2017 and continue monthly.\n"
    assert top(facts_of(other), "effective_date") != "2017-03-01"


@pytest.mark.parametrize(
    "clause, attribute, expected",
    [
        # the figure first, the words in brackets (Latin American, Indian, European drafting)
        ("1. Term. This Agreement shall be in force for 24 (twenty-four) months from the date hereof, being "
         "automatically renewed for successive periods of 12 (twelve) months unless either party gives 60 (sixty) "
         "days' prior written notice of non-renewal.", "renewal_term", "12 months"),
        # a term in weeks
        ("1. Term. The engagement shall commence on March 6, 2017 and shall continue for twelve (12) weeks.",
         "expiration_date", "2017-05-29"),
        # the start right after the length
        ("1. Term. The term of this Agreement shall be one (1) year as from October 15, 2017.", "expiration_date",
         "2018-10-15"),
        # the scheduled end of "the earlier of" a date and an event
        ("1. Term. The Term shall end on the earlier of (a) 30 September 2027 and (b) the date of termination in "
         "accordance with clause 10.", "expiration_date", "2027-09-30"),
    ],
)
def test_term_wordings_from_outside_the_us_templates(clause, attribute, expected):
    assert top(facts_of(OPENING + clause), attribute) == expected


def test_a_number_of_days_is_not_taken_as_the_term():
    """"for a period of ninety (90) days" is far more often a trial, a cure or a payment period than the agreement's
    term: no end date is computed from it."""
    text = OPENING + "2. Trial. Beta may use the Software for a period of ninety (90) days from the Effective Date.\n"
    assert top(facts_of(text), "expiration_date") is None


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("1. Term. This Agreement shall have an initial term of two (2) years commencing on the date hereof and "
         "shall be automatically renewed for like periods thereafter unless either party gives notice.", "2 years"),
        ("1. Term. This Agreement is valid for an initial period of two (2) years. Thereafter the Agreement is "
         "prolonged by one (1) year at a time unless terminated in writing by either Party.", "1 year"),
        # said not to renew
        ("1. Term. The term of this Agreement shall be one (1) year as from October 15, 2017. In no event shall this "
         "Agreement be deemed tacitly renewed.", None),
    ],
)
def test_renewal_wordings_from_outside_the_us_templates(clause, expected):
    assert top(facts_of(OPENING + clause), "renewal_term") == expected


@pytest.mark.parametrize(
    "clause, expected",
    [
        ("2. Term. The Contractor shall provide the Services for twelve (12) months commencing on 1 April 2017.",
         "2017-04-01"),
        ("2. Term. This Agreement shall be in effect for the period from April 1, 2017 to March 31, 2020.",
         "2017-04-01"),
        ("2. Term. This Agreement shall be deemed to have commenced on January 1, 2017 and shall remain in effect "
         "until December 31, 2019.", "2017-01-01"),
        ("2. This Agreement comes into force on March 2, 2017 for a duration of eighteen (18) months.", "2017-03-02"),
        ("2. Term. The term of this Agreement shall commence at 12:01 a.m. (Toronto time) on September 1, 2017.",
         "2017-09-01"),
    ],
)
def test_effective_date_from_the_terms_start(clause, expected):
    opening = ('SERVICES AGREEMENT\n\nThis Agreement is made as of January 15, 2017 by and between Alpha LLC ("Alpha") '
               'and Beta Inc. ("Beta").\n\n')
    assert top(facts_of(opening + clause), "effective_date") == expected
    # a date the opening defines as the Effective Date stays the effective date
    assert top(facts_of(OPENING + clause), "effective_date") == "2017-01-15"


def test_an_item_numbered_commencement_field():
    text = ("RESELLER AGREEMENT\n\nDate: 28 February 2017\n\nItem 1 Commencement Date: 1 March 2017\n"
            "Item 2 Term: 3 years from the Commencement Date\n")
    assert top(facts_of(text), "effective_date") == "2017-03-01"


@pytest.mark.parametrize(
    "clause, attribute, expected",
    [
        ("2. Term. This Agreement shall be effective as of the 1st day of October, 2017 and shall continue through "
         "the 30th day of September, 2020.", "expiration_date", "2020-09-30"),
        ('2. Term. The term of this Agreement shall commence on the Effective Date and end at 06:00 hours on '
         "1 June 2032.", "expiration_date", "2032-06-01"),
        ("2. Term. The appointment shall be for a fixed term ending on the last day of July 2019.", "expiration_date",
         "2019-07-31"),
        ("2. Term. This Framework Agreement enters into force on 1 March 2017 and is concluded for an indefinite "
         "period.", "effective_date", "2017-03-01"),
    ],
)
def test_more_term_wordings_from_outside_the_studied_contracts(clause, attribute, expected):
    opening = ('SERVICES AGREEMENT\n\nThis Agreement is made as of January 15, 2017 by and between Alpha LLC ("Alpha") '
               'and Beta Inc. ("Beta").\n\n')
    assert top(facts_of(opening + clause), attribute) == expected


def test_a_dashed_item_field():
    text = ("DEED OF LICENCE\n\nDate: 30 June 2020\n\nParticulars\nItem 1 – Commencement Date: 1 July 2020\n"
            "Item 2 – Expiry Date: 30 June 2022\n")
    facts = facts_of(text)
    assert (top(facts, "effective_date"), top(facts, "expiration_date")) == ("2020-07-01", "2022-06-30")


@pytest.mark.parametrize(("sentence", "expected"), [
    # "the term ... shall end on" after an "Unless earlier terminated" opening is a term sentence
    ("Unless earlier terminated in accordance with the terms hereof, the term of this Agreement shall end on the "
     "seventh anniversary of the date hereof.", "2024-01-15"),
    # the end of the month a period reaches, when the contract says so
    ("Expiration Date: at midnight on the last day of the month fifteen (15) years from the Effective Date.",
     "2032-01-31"),
])
def test_an_end_said_as_an_anniversary_or_a_months_last_day_is_read(sentence, expected):
    assert top(facts_of(OPENING + "2. Term. " + sentence), "expiration_date") == expected


def test_no_notice_before_an_anniversary_is_no_end_of_the_term():
    text = OPENING + ("9. Termination. Alpha may terminate this Agreement on notice if Beta fails to cure a breach; "
                      "provided, no notice may be given prior to the eighteen (18) month anniversary of the Effective "
                      "Date.")
    assert top(facts_of(text), "expiration_date") is None


def test_how_long_records_are_kept_is_not_the_term():
    """'requires the Vendor to keep and maintain such books, records and accounts ... for a period of five (5)
    years' is a retention period; the term is the period the agreement itself runs."""
    text = ('SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of April 18, 2000 by and between Alpha LLC ("Alpha") '
            "and Beta Inc. (\"Beta\").\n\n9.1 For the items the Purchase Contract lists as cost items, Alpha shall ensure "
            "that the Purchase Contract requires the Vendor to keep and maintain such books, records and accounts of "
            "all such costs for a period of five (5) years from the acceptance date of the cable, as set out in the "
            "Purchase Contract.\n\n18.1 This Agreement shall become effective on the date first above written and "
            "shall continue in operation for at least an initial period of twenty-five (25) years following the RFS "
            'Date (the "Initial Period").\n')
    facts = facts_of(text)
    assert not [f for f in facts if f.attribute == "term" and f.value_text == "5 years"]
    assert top(facts, "expiration_date") == "2025-04-18"


@pytest.mark.parametrize("clause", [
    # a notice period given "in advance" in other words is no term
    "12.2 Licensee may terminate this Agreement for convenience upon eighteen (18) months' advance written notice "
    "to Licensor; provided that such termination shall not become effective before the Effective Date.",
    # one period among several ("in any period of 12 calendar months") is no term
    "9.1 The liability of the Supplier under this Agreement shall remain limited to USD 1,000,000 per event and to "
    "USD 2,000,000 for all events in any period of 12 calendar months.",
    # a date left blank is no open end
    "2. Term. The term of this Agreement shall extend from the date of execution hereof through and until "
    "_______, unless extended by written agreement of the parties.",
])
def test_an_advance_notice_a_period_among_several_or_a_blank_end_date_state_no_expiration(clause):
    text = ('LICENSE AGREEMENT\n\nThis License Agreement is made as of May 2, 2019 (the "Effective Date") by and '
            'between Alpha LLC ("Licensor") and Beta Inc. ("Licensee").\n\n1. License. Licensor grants Licensee a '
            f"license to the Software.\n\n{clause}\n")
    assert top(facts_of(text), "expiration_date") is None


@pytest.mark.parametrize(("sentence", "qualifier"), [
    ("Either party may extend the term of this Agreement for an additional one year by sixty (60) days' notice.",
     "single"),
    ("This Agreement may be renewed for a further period of one (1) year by mutual written agreement.", "single"),
    ("This Agreement shall automatically renew for additional one-year periods unless either party objects.",
     "successive"),
    ("Thereafter this Agreement shall renew for successive terms of one (1) year each.", "successive"),
])
def test_one_more_period_is_no_succession_of_periods(sentence, qualifier):
    renewal = top_fact(facts_of(OPENING + "2. Term. The initial term is two (2) years. " + sentence), "renewal_term")
    assert renewal is not None and renewal.value_num == 365, renewal
    assert renewal.qualifier == qualifier, renewal

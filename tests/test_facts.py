"""Rule-based fact extraction on hand-written contract snippets and on real CUAD contracts."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from ingest.clause_types import sections_from_parsed
from ingest.facts import ASSERT_THRESHOLD, extract_facts, find_party_definitions, top_fact
from ingest.model import Table
from ingest.text_document import parsed_from_text

TENANT = "t_facts"


def facts_of(text: str, tables: list[Table] | None = None):
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    if tables:
        parsed.tables = tables
    sections = sections_from_parsed(parsed, TENANT, "doc-1")
    return parsed, extract_facts(parsed, sections, TENANT, "doc-1")


def values(facts, attribute, qualifier=None):
    return [
        f.value_text
        for f in facts
        if f.attribute == attribute and (qualifier is None or f.qualifier == qualifier)
    ]


def top(facts, attribute, qualifier=None):
    f = top_fact(facts, attribute, qualifier=qualifier, min_confidence=ASSERT_THRESHOLD)
    return f.value_text if f else None


MSA = """MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is made and entered into as of March 1, 2021 (the "Effective Date") by and between CloudSecure GmbH, a company organised under the laws of Germany ("CloudSecure" or "Provider"), and Acme Corp., a Delaware corporation (hereinafter referred to as the "Customer").

WHEREAS, the parties entered into a Letter of Intent dated January 5, 2021.

1. Term
1.1 This Agreement shall commence on the Effective Date and shall continue for an initial term of three (3) years. Thereafter this Agreement shall automatically renew for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days prior to the expiration of the then-current term.
1.2 Either party may terminate this Agreement for convenience upon sixty (60) days' prior written notice.
1.3 Either party may terminate this Agreement if the other party materially breaches it and fails to cure such breach within thirty (30) days after written notice.

2. Fees and Liability
2.1 Customer shall pay a monthly fee of $12,500 within thirty (30) days of invoice.
2.2 In no event shall either party's aggregate liability exceed EUR 1,500,000.
2.3 Provider shall pay liquidated damages of $5,000 per incident of unavailability.
2.4 Provider shall maintain general liability insurance with a minimum coverage of $2,000,000 per occurrence.
2.5 Customer shall purchase a minimum annual commitment of $100,000.
2.6 Provider shall pay Customer a royalty of fifteen percent (15%) of Net Sales.

3. Governing Law
3.1 This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles. The parties submit to the exclusive jurisdiction of the courts located in New York County, New York.
"""


@pytest.fixture(scope="module")
def msa():
    return facts_of(MSA)


def test_parties_with_roles_and_short_names(msa):
    parsed, facts = msa
    parties = {f.value_text: f for f in facts if f.attribute == "party"}
    assert set(parties) == {"CloudSecure GmbH", "Acme Corp."}
    assert parties["Acme Corp."].qualifier == "customer"
    assert parties["CloudSecure GmbH"].qualifier == "provider"
    # the quote carries the definition, so the short name is citable
    assert '"CloudSecure"' in parties["CloudSecure GmbH"].quote
    defs = find_party_definitions(parsed.text, 0, parsed.text.index("WHEREAS"))
    assert defs[0].short_names == ["CloudSecure", "Provider"]


def test_dates_term_and_expiry(msa):
    _, facts = msa
    assert top(facts, "agreement_date") == "2021-03-01"
    assert top(facts, "effective_date") == "2021-03-01"
    assert top(facts, "term") == "3 years"
    exp = top_fact(facts, "expiration_date")
    assert exp.value_date == dt.date(2024, 3, 1)  # effective date + 3 years
    # the letter of intent's date is another document's date, never this one's
    assert "2021-01-05" not in values(facts, "agreement_date") + values(facts, "effective_date")


def test_renewal_and_notice_periods_are_qualified(msa):
    _, facts = msa
    renewal = top_fact(facts, "renewal_term")
    assert (renewal.value_text, renewal.value_num, renewal.qualifier) == (
        "1 year",
        365,
        "successive",
    )
    notices = {(f.qualifier, f.value_num) for f in facts if f.attribute == "notice_period"}
    assert ("non_renewal", 90) in notices
    assert ("termination", 60) in notices
    assert ("breach_cure", 30) in notices
    assert top(facts, "notice_period", "non_renewal") == "90 days"


def test_governing_law_and_venue(msa):
    _, facts = msa
    assert top(facts, "governing_law") == "New York"
    # the place of incorporation (Germany, Delaware) is not the governing law
    assert not {"Germany", "Delaware"} & set(values(facts, "governing_law"))
    assert "New York County, New York" in values(facts, "venue")


def test_a_sum_that_bounds_damages_is_a_liability_cap_not_a_fee():
    _, facts = facts_of('HOSTING AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
                        'Beta Inc. ("Beta").\n\n9. Limitation. Beta is liable only for (a) bodily injury and (b) the '
                        "amount of any other actual direct damages, up to the greater of $100,000 or the charges paid "
                        "by Alpha for the Services in the twelve months before the claim.")
    amounts = [f for f in facts if f.attribute == "amount" and f.value_num == 100_000]
    assert amounts and all(f.qualifier == "liability_cap" for f in amounts), amounts


def test_figures_listed_after_a_sentence_that_announces_them_take_its_kind():
    _, facts = facts_of('SPONSORSHIP AGREEMENT\n\nThis Agreement is made as of May 1, 2018 between Club LLC ("Club") and '
                        'Sponsor Inc. ("Sponsor").\n\n3. Annual Fees. (a) During each Contract Year of the Term, Sponsor '
                        'shall pay Club the amount set forth next to the applicable Contract Year below (the "Annual '
                        'Fee").\nFirst Contract Year (2018/19): $ 200,000 Second Contract Year (2019/20): $ 204,000\n\n'
                        "4. Records. Club keeps records of attendance.\nAttendance in 2018 reached $ 5,000 in tickets.")
    amounts = {f.value_num: f.qualifier for f in facts if f.attribute == "amount"}
    assert amounts[200_000] == "fee" and amounts[204_000] == "fee", amounts
    assert amounts[5_000] == "other"  # the sentence before announces nothing


def test_amounts_are_classified_by_their_words(msa):
    _, facts = msa
    amounts = {f.value_num: f for f in facts if f.attribute == "amount"}
    assert amounts[12_500].qualifier == "fee"
    assert (amounts[1_500_000].qualifier, amounts[1_500_000].unit) == ("liability_cap", "EUR")
    assert amounts[5_000].qualifier == "penalty_per_incident"
    assert amounts[2_000_000].qualifier == "insurance_minimum"
    assert amounts[100_000].qualifier == "minimum_commitment"
    pct = [f for f in facts if f.attribute == "percentage"]
    assert [(p.value_num, p.qualifier) for p in pct] == [(15, "royalty")]


def test_every_fact_has_exact_provenance(msa):
    parsed, facts = msa
    assert facts
    for f in facts:
        assert f.quote == parsed.text[f.char_start : f.char_end], f
        assert f.page == 1 and f.tenant == TENANT and f.document_id == "doc-1"
        assert f.method.startswith(("regex:", "table")) and 0 < f.confidence <= 1
    law = top_fact(facts, "governing_law")
    assert (law.section_number, law.section_title) == ("3.1", None) or law.section_number == "3.1"
    fee = next(f for f in facts if f.attribute == "amount" and f.value_num == 12_500)
    assert fee.section_number == "2.1"


def test_pages_follow_form_feeds():
    text = (
        "SERVICES AGREEMENT\n\nThis Agreement is dated June 1, 2020.\f"
        "7. Governing Law. This Agreement shall be governed by the laws of England and Wales."
    )
    parsed, facts = facts_of(text)
    law = top_fact(facts, "governing_law")
    assert law.value_text == "England and Wales" and law.page == 2
    assert law.quote == parsed.text[law.char_start : law.char_end]


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("This Agreement is governed by German law.", "Germany"),
        ("The laws of the Federal Republic of Germany shall apply to this Agreement.", "Germany"),
        ("This Agreement shall be governed by the internal laws State of New York.", "New York"),
        (
            "This Agreement shall be construed in accordance with the laws of the Commonwealth of "
            "Pennsylvania and the United States.",
            "Pennsylvania",
        ),
        ("This Agreement will be governed by PRC Laws.", "China"),
    ],
)
def test_governing_law_phrasings(sentence, expected):
    _, facts = facts_of("AGREEMENT\n\n" + sentence)
    assert top(facts, "governing_law") == expected


def test_a_definition_of_laws_is_not_a_choice_of_law():
    text = (
        'AGREEMENT\n\n"Laws" means all laws of the United States or any other country.\n\n'
        "12. This Agreement shall be governed by the laws of the State of Texas."
    )
    _, facts = facts_of(text)
    assert top(facts, "governing_law") == "Texas"


def test_parties_between_and_hereinafter():
    text = (
        "SUPPLY AGREEMENT between PROFOUND MEDICAL INC. and PHILIPS MEDICAL SYSTEMS B.V.\n\n"
        "THIS AGREEMENT is made July 31, 2017 BETWEEN: PROFOUND MEDICAL INC., a company "
        'incorporated under the laws of Ontario (hereinafter referred to as "Customer") - and - '
        "PHILIPS MEDICAL SYSTEMS B.V., a company incorporated under the laws of the Netherlands "
        '(hereinafter referred to as "Philips").\n\nWHEREAS the parties wish to contract.'
    )
    _, facts = facts_of(text)
    parties = {f.value_text: f.qualifier for f in facts if f.attribute == "party"}
    assert parties == {"PROFOUND MEDICAL INC.": "customer", "PHILIPS MEDICAL SYSTEMS B.V.": "party"}
    assert top(facts, "agreement_date") == "2017-07-31"


def test_parties_from_between_line_without_definitions():
    text = "CONSULTING AGREEMENT between Aduro Biotech, Inc. and Ireya B.V., dated June 1, 2020.\n"
    _, facts = facts_of(text)
    assert set(values(facts, "party")) == {"Aduro Biotech, Inc.", "Ireya B.V."}


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("This Agreement shall continue until December 31, 2020, unless extended.", "2020-12-31"),
        ("This Agreement will remain in force in perpetuity.", "perpetual"),
        (
            "This Agreement shall commence on the Effective Date and shall continue until the "
            "four-year anniversary of the Effective Date.",
            "2021-01-15",
        ),
        # the end named by a defined term whose definition gives the date
        (
            'This Agreement shall commence on the Effective Date and, unless earlier terminated, shall expire on the '
            'Expiration Date (the "Term").\n\n3. Definitions. "Expiration Date" means March 31, 2020.',
            "2020-03-31",
        ),
        # "shall have an initial term of N years": a term, so an end counted from the effective date
        ("Unless terminated earlier, this Agreement shall have an initial term of three (3) years.", "2020-01-15"),
    ],
)
def test_expiration_phrasings(sentence, expected):
    text = (
        'AGREEMENT\n\nThis Agreement is made as of January 15, 2017 (the "Effective Date") by and '
        'between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n2. Term. ' + sentence
    )
    _, facts = facts_of(text)
    assert top(facts, "expiration_date") == expected


def test_renewal_year_to_year_and_options():
    base = (
        'AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
        'Beta Inc. ("Beta").\n\n5. Term. '
    )
    _, facts = facts_of(
        base + "This Agreement will automatically renew on a year-to-year basis "
        "unless either party notifies the other at least 30 days prior to "
        "the end of the then-current term."
    )
    # stated in the contract's words (no "1 year" figure the sentence lacks), measured in days
    assert top(facts, "renewal_term") == "year-to-year"
    assert top_fact(facts, "renewal_term").value_num == 365
    assert top(facts, "notice_period", "non_renewal") == "30 days"
    _, facts = facts_of(
        base + "If Alpha wishes to extend the Term, it shall provide written notice "
        "at least ninety (90) days prior to the expiration of the Term."
    )
    kinds = {f.qualifier for f in facts if f.attribute == "notice_period"}
    assert kinds == {"renewal_option"}  # a notice to extend is not a notice to stop renewal
    _, facts = facts_of(
        base + "This Agreement shall automatically renew for successive one year terms unless a Party gives "
        "written notice of termination at least one hundred eighty (180) days prior to the expiration of the "
        "then-current Renewal Term. Alpha will give Beta at least thirty (30) days prior written notice of any "
        "rate changes during any Renewal Term."
    )
    # the notice of a price change made during a renewal term does not stop the renewal
    kinds = {f.value_num: f.qualifier for f in facts if f.attribute == "notice_period"}
    assert kinds == {180: "non_renewal", 30: "other"}


@pytest.mark.parametrize(("sentence", "words", "days"), [
    ("This Agreement shall continue in effect for a period of one year from the date of its execution and from "
     "year to year thereafter provided such continuance is approved by the Board.", "year-to-year", 365),
    ("This Agreement shall continue in effect for two years from the date hereof, and thereafter shall continue "
     "automatically for successive annual periods, provided that such continuance is approved annually.",
     "annual periods", 365),
    ("The Term will be 3 years from Effective Date with an automatic 2 year term extensions unless otherwise "
     "advised by one of the Parties.", "2 years", 730),
])
def test_a_renewal_stated_as_year_to_year_annual_periods_or_a_length_before_the_word_is_read(sentence, words, days):
    _, facts = facts_of('AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
                        'Beta Inc. ("Beta").\n\n5. Term. ' + sentence)
    renewal = top_fact(facts, "renewal_term", min_confidence=ASSERT_THRESHOLD)
    assert renewal is not None and (renewal.value_text, renewal.value_num) == (words, days)
    assert words != "annual periods" or words in renewal.quote  # in the contract's words


def test_an_agreement_that_becomes_effective_and_lasts_until_a_royalty_term_ends_has_no_fixed_end():
    _, facts = facts_of(
        'LICENSE AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and Beta Inc. '
        '("Beta").\n\n13.1 Term. This Agreement shall become effective on the Effective Date and, unless earlier '
        "terminated pursuant to this ARTICLE 13, shall remain in effect on a Product-by-Product basis until the "
        'expiration of the Royalty Term applicable to such Product (the "Term").'
    )
    assert top(facts, "expiration_date") == "until the expiration of the Royalty Term applicable to such Product"


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Unless terminated earlier pursuant to Section 9.2, the term of this Agreement shall continue in effect until "
     "Alpha ceases development and commercialization of the Product.",
     "until Alpha ceases development and commercialization of the Product"),
    ("This Agreement shall remain in full force and effect until revoked by any party hereto in a signed writing.",
     "perpetual"),  # ended by a party, whenever it chooses: open-ended
    ("Unless earlier terminated, this IP Agreement and the licenses granted herein will continue in effect from the "
     "Effective Date until the expiration of the last to expire of the Patents and any additional period of time "
     "thereafter that any of the Patents remain enforceable, such as the six years preceding a suit.", "no date"),
    ("This Agreement will be effective beginning on the Effective Date and ending on the expiration and/or "
     "termination of all Service Option Attachments.",
     "until the expiration and/or termination of all Service Option Attachments"),
    ("The term of this Agreement shall begin on the Effective Date and shall remain in effect until the later of "
     "(a) July 31, 2021 and (b) the date on which Beta has purchased all of the Products.", None),
    ("This Agreement shall create a continuing security interest in the Collateral which shall remain in effect "
     "until all Obligations have been paid in full.", None),
])
def test_a_term_that_lasts_until_an_event_has_no_fixed_end(sentence, expected):
    _, facts = facts_of('AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
                        'Beta Inc. ("Beta").\n\n9.1 Term. ' + sentence)
    if expected is None:
        assert top(facts, "expiration_date") != "perpetual"
    elif expected == "no date":  # a period inside the event is not the term
        fact = top_fact(facts, "expiration_date", min_confidence=ASSERT_THRESHOLD)
        assert fact is None or fact.value_date is None, fact
    else:
        assert top(facts, "expiration_date") == expected


def test_a_forms_labelled_effective_and_termination_dates_are_read():
    text = (
        "CONFIRMATION\n\nThe terms of the Swap Transaction between Alpha Bank AG and Beta Trust to which this "
        "Confirmation relates are as follows:\n\nTrade Date:            27 April 2006\n\n"
        "Effective Date              01 April 2006\n\nTermination Date:        1 April 2009\n\n"
        "Calculation Amount:      USD 1,000,000\n"
    )
    _, facts = facts_of(text)
    assert top(facts, "effective_date") == "2006-04-01"
    assert top(facts, "expiration_date") == "2009-04-01"
    # a label whose value is no date states none
    _, facts = facts_of(text.replace("1 April 2009", "the date on which the Notes are repaid"))
    assert top(facts, "expiration_date") is None


def test_an_agreement_in_effect_perpetually_outranks_a_length_read_from_another_sentence():
    _, facts = facts_of(
        'SUPPLY AGREEMENT\n\nThis Agreement is made between Alpha Bank ("Bank") and Beta Inc. ("Supplier").\n\n'
        "Effective Date:  11/4/10\n\n4.1 This Agreement shall apply and remain in effect from the Effective Date "
        "and perpetually thereafter unless terminated pursuant to Section 20.\n\n33.1 Records. Supplier shall "
        "maintain all Records pertaining to its Products for the term of this Agreement and for seven (7) years "
        "thereafter.\n"
    )
    assert top(facts, "expiration_date") == "perpetual"


def test_a_request_in_writing_not_to_renew_is_a_notice_to_stop_renewal():
    base = 'AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n'
    _, facts = facts_of(base + "5. Term. This Agreement shall automatically be renewed for successive one (1) year "
                               "increments unless either party request in writing, at least ninety (90) days prior "
                               "to the anniversary date, that this Agreement not to be renewed.")
    assert top(facts, "notice_period", "non_renewal") == "90 days"
    # a period in writing that states no notice is none
    _, facts = facts_of(base + "5. Delivery. Alpha shall confirm each order in writing at least ten (10) days "
                               "prior to shipment.")
    assert top(facts, "notice_period", "non_renewal") is None


def test_a_length_before_a_word_that_is_no_renewal_is_not_a_renewal_term():
    _, facts = facts_of('AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
                        'Beta Inc. ("Beta").\n\n5. Term. The Term will be 3 years from the Effective Date. A '
                        "request for an extension of a delivery date shall be made in writing.")
    assert top(facts, "renewal_term") is None


def test_effective_date_fallback_is_a_guess_without_effectiveness_words():
    text = (
        "LICENSE AGREEMENT\n\nThis License Agreement is made this 5th day of January, 2015 "
        'by and between Alpha LLC ("Alpha") and Beta Inc. ("Beta").'
    )
    _, facts = facts_of(text)
    eff = top_fact(facts, "effective_date")
    assert eff.value_text == "2015-01-05" and eff.confidence < ASSERT_THRESHOLD


def test_a_term_that_runs_from_signing_makes_the_signing_date_the_effective_date():
    text = (
        "COOPERATION AGREEMENT\n\nThis Cooperation Agreement is signed this 5th day of January, 2015 "
        '(the "Closing Date") by and between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n'
        '1. Term. The term of this Agreement shall be one (1) year unless terminated earlier (the "Term").'
    )
    _, facts = facts_of(text)
    assert top(facts, "expiration_date") == "2016-01-05"
    assert top(facts, "effective_date") == "2015-01-05"
    # a term from an event that cannot be dated leaves the signing date a guess
    _, facts = facts_of(text.replace("shall be one (1) year unless", "shall be one (1) year from the date on "
                                                                       "which the channel is uploaded, unless"))
    assert top(facts, "effective_date") is None


def test_table_cells_become_facts():
    text = "PRICING SCHEDULE\n\nTier   Price   Discount\nGold   $1,000   10%\nSilver   $500   5%\n"
    start = text.index("Tier")
    table = Table(
        page=1,
        header=["Tier", "Price", "Discount"],
        rows=[["Gold", "$1,000", "10%"], ["Silver", "$500", "5%"]],
        char_start=start,
        char_end=len(text),
    )
    parsed, facts = facts_of(text, tables=[table])
    cells = [f for f in facts if f.attribute == "table_cell"]
    assert len(cells) == 4
    gold_price = next(f for f in cells if f.metric == "Gold" and f.dimension == "Price")
    assert (gold_price.value_num, gold_price.unit, gold_price.method) == (1000, "USD", "table")
    assert gold_price.quote == parsed.text[gold_price.char_start : gold_price.char_end] == "$1,000"
    silver = next(f for f in cells if f.metric == "Silver" and f.dimension == "Discount")
    assert (silver.value_num, silver.unit) == (5, "%")


def test_empty_document_has_no_facts():
    parsed = parsed_from_text("   ", "empty.txt", "Empty")
    assert extract_facts(parsed, [], TENANT, "doc-2") == []


# ----------------------------------------------------------------------------- real CUAD contracts

CUAD_SAMPLE = ["cuad-9c5033e3", "cuad-0efa74e5", "cuad-efb5ed81"]


def test_real_cuad_contracts_match_their_labels(shared_data):
    from bench.fact_agreement import agree, gold_for

    cuad = shared_data / "cuad"
    contracts = {}
    with open(cuad / "contracts.jsonl") as fh:
        for line in fh:
            c = json.loads(line)
            if c["doc_id"] in CUAD_SAMPLE:
                contracts[c["doc_id"]] = c
    labels: dict[str, dict[str, dict]] = {d: {} for d in CUAD_SAMPLE}
    with open(cuad / "annotations.jsonl") as fh:
        for line in fh:
            a = json.loads(line)
            if a["doc_id"] in labels:
                labels[a["doc_id"]][a["category"]] = a
    assert set(contracts) == set(CUAD_SAMPLE)
    predictions = {}
    for doc_id, c in contracts.items():
        text = (cuad / c["txt_path"]).read_text(encoding="utf-8")
        parsed = parsed_from_text(text, c["txt_path"], c["title"])
        facts = extract_facts(parsed, sections_from_parsed(parsed, TENANT, doc_id), TENANT, doc_id)
        law = top_fact(facts, "governing_law", min_confidence=ASSERT_THRESHOLD)
        date = top_fact(facts, "agreement_date", min_confidence=ASSERT_THRESHOLD)
        assert agree(
            "governing_law", gold_for("governing_law", labels[doc_id]["Governing Law"]), law
        ), (doc_id, law)
        assert agree(
            "agreement_date", gold_for("agreement_date", labels[doc_id]["Agreement Date"]), date
        ), (doc_id, date)
        # provenance: the quote is the contract's own text, and it holds the date as written
        assert date.quote == parsed.text[date.char_start : date.char_end]
        predictions[doc_id] = law
    # a wrong extraction is detected: another contract's governing law does not agree
    a, b = CUAD_SAMPLE[0], CUAD_SAMPLE[1]
    assert predictions[a].value_text != predictions[b].value_text
    assert not agree(
        "governing_law", gold_for("governing_law", labels[a]["Governing Law"]), predictions[b]
    )


def test_an_effective_date_of_the_last_signature_is_the_later_signing_date():
    text = (
        "RESELLER AGREEMENT\n\nThis Reseller Agreement is entered into as of the Effective Date by and between "
        'Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n'
        '1. Definitions. "Effective Date" means the date of last signature on this Agreement.\n\n'
        "2. Term. This Agreement shall commence on the Effective Date and shall continue for a period of one (1) "
        "year.\n\n"
        "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.\n\n"
        "Alpha LLC By: /s/ A. Smith Date: April 24, 2018\n\nBeta Inc. By: /s/ B. Jones Date: April 25, 2018\n"
    )
    _, facts = facts_of(text)
    assert top(facts, "effective_date") == "2018-04-25"
    assert top(facts, "expiration_date") == "2019-04-25"
    # the first signature is still the date the agreement was signed when nothing says otherwise
    _, facts = facts_of(text.replace("the date of last signature on this Agreement", "the date of execution of "
                                                                                       "this Agreement"))
    assert top(facts, "effective_date") == "2018-04-24"


def test_a_date_in_a_schedule_after_the_signatures_is_not_the_signing_date():
    """The signature block of the last "IN WITNESS WHEREOF" runs about a page: a date in a schedule after it (a
    directive's date in a definition) is no signing, while a date beside the signatures still is."""
    signed = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made by and between Alpha LLC (\"Alpha\") and Beta Inc. "
        "(\"Beta\").\n\n1. Supply. Alpha shall supply the Products to Beta.\n\n"
        "IN WITNESS WHEREOF, the parties have executed this Agreement.\n\n"
        "Alpha LLC By: /s/ A. Smith Name: A. Smith\n\nBeta Inc. By: /s/ B. Jones Name: B. Jones\n\n"
    )
    schedule = ("SCHEDULE 1\n\n" + "The Products are listed in the order form agreed by the parties. " * 80
                + '\n\n1.1 "VAT" means any tax imposed in compliance with the council directive of 28 November 2006 '
                "on the common system of value added tax.\n")
    _, facts = facts_of(signed + schedule)
    assert top(facts, "agreement_date") is None
    _, facts = facts_of(signed.replace("Name: B. Jones", "Name: B. Jones Date: May 2, 2016") + schedule)
    assert top(facts, "agreement_date") == "2016-05-02"


def test_parties_named_only_where_they_sign_are_read_from_the_signature_block():
    text = (
        "JOINT FILING AGREEMENT\n\nIn accordance with Rule 13d-1(k) under the Securities Exchange Act of 1934, the "
        "undersigned agree to the joint filing of a statement on Schedule 13D with respect to the common stock of "
        "Contoso Corporation.\n\n"
        "IN WITNESS WHEREOF, the undersigned hereby execute this Agreement this 14th day of February 2020.\n\n"
        "NORTHWIND CAPITAL IV-A, L.P.\nBy: Northwind IV GP, L.P., its general partner\nBy: /s/ Jane Roe\n"
        "Name: Jane Roe Title: Managing Director\n\n"
        "Acceptance by Adviser FABRIKAM ADVISORS, LLC\nBy: /s/ John Doe\nName: John Doe\n\n"
        "GP, LLC\nBy: /s/ John Doe\n"
    )
    _, facts = facts_of(text)
    assert values(facts, "party") == ["NORTHWIND CAPITAL IV-A, L.P.", "FABRIKAM ADVISORS, LLC"]
    # an opening that names the parties is not second-guessed by the signatures
    opening = ('SERVICES AGREEMENT\n\nThis Services Agreement is made as of May 1, 2019 by and between Alpha LLC '
               '("Alpha") and Beta Inc. ("Beta").\n\n')
    _, facts = facts_of(opening + text.split("\n\n", 1)[1])
    assert values(facts, "party") == ["Alpha LLC", "Beta Inc."]


def test_an_agreement_signed_on_different_days_is_made_when_the_last_party_signs():
    text = (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is entered into by and between Alpha LLC, a Delaware limited "
        "liability company with offices at 1 Main Street, Springfield (\"Alpha\"), and Beta Inc., a California "
        "corporation with offices at 200 Market Street, San Francisco (\"Beta\").\n\nWHEREAS, Alpha makes the "
        "Products and Beta wishes to buy them.\n\nNOW, THEREFORE, the parties agree as follows:\n\n"
        "1. Supply. Alpha shall supply the Products to Beta.\n\n"
        + "".join(f"{n}. Terms. Beta shall order the Products by written purchase order and pay each invoice in "
                  f"full within thirty days of its receipt.\n\n" for n in range(2, 14))
        + "IN WITNESS WHEREOF, the parties have executed this Agreement.\n\n"
        "Alpha LLC By: /s/ A. Smith Date: 9/21/98\n\nBeta Inc. By: /s/ B. Jones Date: 9/30/98\n\n"
    )
    _, facts = facts_of(text)
    assert top(facts, "agreement_date") == "1998-09-30"
    # a date of an exhibit well after the signatures is not a signing
    exhibit = "EXHIBIT A\n\n" + "Price list terms. " * 120 + "Prices valid from June 30, 2000.\n"
    _, facts = facts_of(text.replace("Date: 9/30/98", "Date: 9/21/98") + exhibit)
    assert top(facts, "agreement_date") == "1998-09-21"


def test_the_signing_dates_of_the_agreement_are_read_when_an_exhibit_is_signed_without_dates():
    body = (
        "HOSTING AGREEMENT\n\nThis Hosting Agreement is entered into by and between Alpha LLC, a Delaware limited "
        "liability company (\"Alpha\"), and Beta Inc., a California corporation (\"Beta\").\n\nWHEREAS, Beta wishes to use the "
        "hosting services.\n\nNOW, THEREFORE, the parties agree as follows:\n\n"
        + "".join(f"{n}. Services. Alpha shall host the Site and Beta shall pay the monthly fee within thirty days "
                  f"of each invoice.\n\n" for n in range(1, 12))
        + "IN WITNESS WHEREOF, the parties have caused this Agreement to be executed below.\n\n"
        "ALPHA LLC BETA INC.\nBy: /s/ A. Smith By: /s/ B. Jones\nDate: 3-14-18 Date: 3-7-18\n\n"
        "EXHIBIT B\n\nService levels. " + "Alpha keeps the Site available. " * 60
    )
    exhibit_signed = "\n\nIN WITNESS WHEREOF, the parties have signed this Exhibit.\n\nBy: /s/ A. Smith\n"
    _, facts = facts_of(body + exhibit_signed)
    assert top(facts, "agreement_date") == "2018-03-14"
    # an exhibit with its own signing dates still speaks for the last block, as before
    _, facts = facts_of(body + exhibit_signed + "Date: 4-2-18\n")
    assert top(facts, "agreement_date") == "2018-04-02"


def test_the_governing_law_clause_with_a_conflicts_carve_out_is_the_cited_choice_of_law():
    text = (
        "CONFIRMATION\n\nThis Confirmation shall supplement and be subject to an agreement in the form of the "
        "ISDA Form, as if the parties had executed it with the election of the laws of New York as the Governing "
        "Law.\n\nWHEREAS, the parties wish to set out the terms of the Transaction.\n\n"
        + "".join(f"{n}. Payments. The Buyer shall pay the Fixed Amount on each Payment Date.\n\n" for n in range(1, 8))
        + "8. Governing Law. The parties to this Agreement hereby agree that the law of the State of New York shall "
        "govern their rights and duties in whole without regard to the conflict of law provisions thereof (other "
        "than New York General Obligations Law Sections 5-1401 and 5-1402).\n"
    )
    parsed, facts = facts_of(text)
    law = top_fact(facts, "governing_law", min_confidence=ASSERT_THRESHOLD)
    assert law is not None and law.value_text == "New York"
    assert "shall govern their rights" in law.quote and "ISDA" not in law.quote


def test_the_law_chosen_under_a_run_in_governing_law_heading_beats_a_later_carve_out_for_some_disputes():
    text = (
        "STRATEGIC ALLIANCE AGREEMENT\n\nThis Agreement is made as of August 26, 2015 by and among Alpha K.K., a "
        "corporation organized under Japanese law (\"Alpha\"), and Beta Inc. (\"Beta\").\n\nWHEREAS, the parties "
        "wish to form an alliance.\n\nARTICLE VIII MISCELLANEOUS Section 8.01 Governing Law. The construction, "
        "validity and performance of this Agreement shall be governed in all respects by the laws of Japan. "
        "Section 8.02 Jurisdiction. (b) Notwithstanding anything herein to the contrary, any dispute involving "
        "the Lenders arising out of the Financing under this Agreement shall be governed by, and construed in "
        "accordance with, the laws of the State of New York.\n"
    )
    _, facts = facts_of(text)
    assert top(facts, "governing_law") == "Japan"
    # without the heading the two sentences are read as before: the state's, the more specific, first
    _, facts = facts_of(text.replace("Section 8.01 Governing Law. ", ""))
    assert top(facts, "governing_law") == "New York"


def test_the_internal_laws_and_not_the_conflicts_rules_of_a_state_are_its_law():
    _, facts = facts_of(
        'SUPPLY AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and Beta Inc. '
        '("Beta").\n\n35.1 This Agreement shall be governed by the internal laws, and not by the laws regarding '
        "conflicts of laws, of the State of North Carolina.\n"
    )
    assert top(facts, "governing_law") == "North Carolina"
    # the conflicts rules of a state named alone still choose no law
    _, facts = facts_of(
        'SUPPLY AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and Beta Inc. '
        '("Beta").\n\n35.1 This Agreement shall be governed without regard to the conflicts of laws of the State '
        "of North Carolina.\n"
    )
    assert top(facts, "governing_law") is None


@pytest.mark.parametrize(("sentence", "effective"), [
    ('The term (the "Term") shall commence on November 1, 2007 and end on October 31, 2008.', "2007-11-01"),
    ("The Joint Venture shall commence on the 1st of March, 2003, and shall be effective until February 28, 2004.",
     "2003-03-01"),
    ("The term of this Agreement for the Hosted Site shall commence upon April 1, 1999 and shall continue for a "
     "period of six (6) months.", "1999-04-01"),
    ("All terms of this Agreement will automatically commence on November 1st, 2017, and expire on November 2nd, "
     "2020.", "2017-11-01"),
])
def test_the_term_commencing_on_a_date_is_the_effective_date(sentence, effective):
    text = ('SERVICES AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and Beta '
            'Inc. ("Beta").\n\n2. Term. ' + sentence)
    _, facts = facts_of(text)
    assert top(facts, "effective_date") == effective


def test_a_date_glued_to_effective_as_of_is_read():
    _, facts = facts_of('DISTRIBUTOR AGREEMENT\n\nTHIS DISTRIBUTOR AGREEMENT (this "Agreement") is made and effective '
                        'as of1 August 2019, by and between Alpha LLC ("Alpha") and Beta Inc. ("Beta").')
    assert top(facts, "effective_date") == "2019-08-01"


def test_an_anniversary_of_the_agreement_date_runs_from_signing_not_from_the_term_start():
    _, facts = facts_of('AGREEMENT\n\nThis Agreement is dated January 26, 1998 between Alpha LLC ("Alpha") and Beta '
                        'Inc. ("Beta").\n\n3. Term. The term of this Agreement (the "Term") will begin on February 1, '
                        '1998 and end on the first anniversary of the date of this Agreement.')
    assert top(facts, "effective_date") == "1998-02-01"
    assert top(facts, "expiration_date") == "1999-01-26"


def test_the_date_a_term_runs_until_is_not_the_date_it_was_made():
    # no recitals: the opening runs on into the term clause, whose date is when the agreement ends
    text = (
        "LICENSE AGREEMENT\n\nThis License Agreement is entered into by Harbor Analytics Inc., a Delaware "
        "corporation (\"Licensor\"), and Fenwick Retail LLC, a Texas limited liability company (\"Licensee\").\n\n"
        "1. Grant. Licensor grants Licensee a non-exclusive license to use the Software.\n\n"
        "2. Term. This Agreement shall continue until June 30, 2024.\n\n"
        "IN WITNESS WHEREOF, the parties have executed this Agreement as of the dates below.\n\n"
        "Harbor Analytics Inc.\nBy: /s/ Ann Lee\nDate: February 2, 2021\n\n"
        "Fenwick Retail LLC\nBy: /s/ Tom Ray\nDate: February 4, 2021\n"
    )
    parsed = parsed_from_text(text, "license.txt", "License Agreement")
    sections = sections_from_parsed(parsed, "t", "d", tag=False)
    facts = extract_facts(parsed, sections, "t", "d")
    made = top_fact(facts, "agreement_date", min_confidence=0.5)
    ends = top_fact(facts, "expiration_date", min_confidence=0.5)
    assert made is not None and made.value_date in (dt.date(2021, 2, 2), dt.date(2021, 2, 4))
    assert ends is not None and ends.value_date == dt.date(2024, 6, 30)


def test_what_continues_even_if_the_agreement_is_terminated_is_not_its_term():
    _, facts = facts_of('RESELLER AGREEMENT\n\nThis Agreement is made as of May 1, 2010 between Alpha LLC ("Alpha") and '
                        'Beta Inc. ("Beta").\n\n10.1 Term. Except in instances of termination under Section 10.2, this '
                        "Agreement shall continue, even if terminated, until the expiration of the last Business Entity "
                        "Term.")
    assert top_fact(facts, "expiration_date", min_confidence=ASSERT_THRESHOLD) is None


def test_another_agreements_effective_date_is_not_this_ones():
    """Outside the opening, "effective as of <date>" is this agreement's date only when the words before it name
    this agreement ("the Agreement", "this Amendment", "the Term"), not another one ("a Selling Agreement")."""
    opening = ('AMENDMENT\n\nThis Amendment is made by and between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n'
               + "".join(f"{n}. Services. Alpha shall provide the services described in Schedule {n} to Beta in a "
                         "workmanlike manner and Beta shall pay the fees stated there.\n\n" for n in range(1, 45)))
    other = ("\n\n45. Background. Alpha and Beta have previously entered into a Selling Agreement, effective as of "
             "December 1, 2002, under which Beta sells the products.\n")
    _, facts = facts_of(opening + other)
    assert top(facts, "effective_date") != "2002-12-01"
    own = "\n\n45. Effect. The changes to this Amendment shall be effective as of December 1, 2002.\n"
    _, facts = facts_of(opening + own)
    assert top(facts, "effective_date") == "2002-12-01"


def test_an_opening_that_dates_the_agreement_effective_as_of_outranks_a_later_signature():
    """'THIS AGREEMENT is entered into by and among ... effective as of June 1, 1998' dates the agreement; the
    parties signing in December is when it was executed, not its date."""
    text = ('PROMOTION AGREEMENT\n\nTHIS AGREEMENT is entered into by and among Alpha, Inc. ("Alpha") and Beta '
            'Communications, Inc. ("Beta"), effective as of June 1, 1998.\n\n1. Services. Beta shall promote the '
            "products of Alpha.\n\n"
            + "".join(f"{n}. Services. Beta shall promote the products described in Schedule {n} in a workmanlike "
                      "manner and Alpha shall pay the fees stated there.\n\n" for n in range(2, 45))
            + "IN WITNESS WHEREOF, the parties have executed this Agreement.\n\n"
            "Alpha, Inc. Date: December 16, 1998 By: /s/ A. Smith\n\nBeta Communications, Inc. Date: December 16, "
            "1998 By: /s/ B. Jones\n")
    _, facts = facts_of(text)
    assert top(facts, "agreement_date") == "1998-06-01"
    _, facts = facts_of(text.replace(", effective as of June 1, 1998", ""))
    assert top(facts, "agreement_date") == "1998-12-16"


def test_a_table_of_contents_before_the_opening_names_no_party():
    """Entries of a table of contents that stands before the opening sentence are no parties ("FORM DEVELOPMENT
    AGREEMENT (...), IDENTITY OF DEVELOPER" is an exhibit's title), however short the table."""
    toc = "TABLE OF CONTENTS\n\n" + "".join(f"{n}.      SECTION {n} TITLE......................................{n + 2}\n\n"
                                          for n in range(1, 30))
    toc += ("EXHIBITS\n\n         FRANCHISE ACKNOWLEDGMENTS STATEMENT        . . . . . . . . . . .. A\n\n"
            "         PERMITTED COMPETITIVE BUSINESSES, FORM DEVELOPMENT            AGREEMENT (FOR SINGLE-UNIT "
            "FRANCHISES), IDENTITY OF           DEVELOPER AND DATE OR DEVELOPMENT AGREEMENT               . . . .C\n\n"
            + "".join(f"         EXHIBIT TITLE NUMBER {n}               . . . . . . . . . . . . . . .   {n}\n\n"
                      for n in range(1, 8)) + "\n\n")
    body = ("                    PRETZEL HOUSE, INC.                                FRANCHISE AGREEMENT\n\n         "
            "This  agreement is made and entered into this day of , 19  by and between Pretzel House, Inc., a "
            'Pennsylvania corporation ("Franchisor"), and Dough Partners LLC, a Delaware limited liability company '
            '("Franchisee").\n\n'
            + "".join(f"{n}. Grant. Franchisor grants Franchisee the rights set out in Schedule {n} for the Term, on "
                      "the conditions of this Agreement.\n\n" for n in range(1, 80)))
    assert 1000 < len(toc) < 3000
    _, facts = facts_of(toc + body)
    parties = sorted(f.value_text for f in facts if f.attribute == "party" and f.confidence >= ASSERT_THRESHOLD)
    assert parties == ["Dough Partners LLC", "Pretzel House, Inc."], parties


@pytest.mark.parametrize(
    "sentence, attribute, expected",
    [
        ('This Agreement shall expire on the Expiration Date (the "Term").\n\n3. Definitions. "Expiration Date" '
         'means March 31, 2020.', "expiration_date", "2020-03-31"),
        ("Unless terminated earlier, this Agreement shall have an initial term of three (3) years.", "term",
         "3 years"),
    ],
)
def test_term_rules_read_a_defined_end_and_a_term_the_agreement_has(sentence, attribute, expected):
    # the rules state these (the term model, which speaks only where no rule does, had been reading them alone)
    text = (
        'AGREEMENT\n\nThis Agreement is made as of January 15, 2017 (the "Effective Date") by and '
        'between Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n2. Term. ' + sentence
    )
    _, facts = facts_of(text)
    found = [f for f in facts if f.attribute == attribute and f.method.startswith("regex:")]
    assert [f.value_text for f in found] == [expected], [(f.value_text, f.method) for f in facts]

"""A reference whose own words fit two contracts equally is settled by the question's other words: real ingestion,
stores, name index and planner."""

from __future__ import annotations

import pytest

from agents.planner import load_spacy, parse_question
from agents.resolve import _set_against, resolve_documents
from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant
from tools.base import ToolContext
from veridict.domain.words import title_numbers

ALLIANCE = """# Strategic Alliance Agreement

This Strategic Alliance Agreement (the "Agreement") is made as of December 21, 2016 by and between Oxbow Carbon LLC,
a Delaware limited liability company ("Oxbow"), and Global Energy, Inc., a Nevada corporation ("Global Energy").

## 1. Alliance

1.1 Oxbow and Global Energy shall cooperate in developing petroleum coke gasification projects.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of New York.
"""

SUPPLY = """# Joint Supply Agreement

This Joint Supply Agreement (the "Agreement") is made as of May 1, 2020 by and between Vertex Energy, LLC, a Delaware
limited liability company ("Vertex"), and Harbor Fuels Inc., a Texas corporation ("Harbor").

## 1. Supply

1.1 Vertex shall supply marine fuel to Harbor at the prices in Schedule 1.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of Texas.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("tie"), {"oxbow-alliance.md": ALLIANCE, "vertex-supply.md": SUPPLY}) as t:
        yield t


def test_the_questions_other_words_pick_between_tied_documents(stores, tenant):
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("When did Oxbow sign its alliance deal with Global Energy?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [r.titles for r in plan.documents] == [["Strategic Alliance Agreement"]], plan.documents


def test_a_party_named_in_short_is_known_by_the_contracts_own_name(stores, tenant):
    # "the Oxbow alliance": the answer names the contract by its party's own name, which the reader can check
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which was signed earlier, the Oxbow alliance or the Harbor supply deal?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [r.titles for r in plan.documents] == [["Strategic Alliance Agreement"], ["Joint Supply Agreement"]]
    assert [r.party_names for r in plan.documents] == [["Oxbow Carbon LLC"], ["Harbor Fuels Inc."]]


def test_a_contract_named_by_a_name_alone_is_known_by_the_contracts_own_name(stores, tenant):
    # names alone, no document noun: each found as an entity, and named in the answer as the contract spells it
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which was signed earlier, Oxbow or Harbor?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert sorted((r.titles[0], r.party_names[0]) for r in plan.documents) == [
        ("Joint Supply Agreement", "Harbor Fuels Inc."), ("Strategic Alliance Agreement", "Oxbow Carbon LLC")]


def test_a_party_name_only_one_contract_holds_names_it_against_title_words(stores, tenant):
    # "Harbor" is a party of the supply contract alone; "alliance" is a word of the other contract's title: the
    # party's name decides, the title word does not make the reference ambiguous
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Who did Harbor team up with on the fuel alliance?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [t for r in plan.documents for t in r.titles] == ["Joint Supply Agreement"], plan.documents


def test_both_parties_in_one_short_name_are_each_named_by_their_own_name(stores, tenant):
    # "the Oxbow Global Energy alliance": one name holding both parties' words; the answer names both as the
    # contract does
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which is older, the Oxbow Global Energy alliance or the Harbor supply deal?",
                              load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [r.titles for r in plan.documents] == [["Strategic Alliance Agreement"], ["Joint Supply Agreement"]]
    assert plan.documents[0].party_names == ["Oxbow Carbon LLC and Global Energy, Inc."], plan.documents[0]


def test_a_compared_contract_named_by_a_name_alone_is_the_second_contract(stores, tenant):
    # one contract named with a document noun, the other by its party's name alone
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which came first, Vertex's marine fuel business or the Oxbow alliance?",
                              load_spacy())
    assert question.intent == "compare" and len(question.documents) == 1, question
    plan, _, _ = resolve_documents(question, ctx)
    assert sorted(t for r in plan.documents for t in r.titles) == ["Joint Supply Agreement",
                                                                     "Strategic Alliance Agreement"]


def test_two_contracts_named_in_lower_case_make_a_comparison(stores, tenant):
    # neither name is capitalised, so the rules read one contract's notice period; the name index finds two
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which has the longer notice before renewal, oxbow or the harbor one?", load_spacy())
    assert question.intent != "compare", question
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent == "compare" and plan.comparison == "longer", plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Joint Supply Agreement",
                                                                     "Strategic Alliance Agreement"]
    assert "facts" in plan.tools


def test_one_contract_named_with_a_choice_word_stays_one_contract(stores, tenant):
    # "or" between two things of one contract: the index names one contract, so nothing is compared
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Can oxbow end the alliance for convenience or only for cause?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent != "compare", plan
    assert [t for r in plan.documents for t in r.titles] == ["Strategic Alliance Agreement"], plan.documents


def test_two_names_set_against_each_other_in_one_span_are_two_names():
    plan = parse_question("Tom Watson vs Bruce Jenner endorsement: who signed first?", load_spacy())
    assert plan.intent == "compare" and plan.comparison == "earlier", plan
    assert {"Tom Watson", "Bruce Jenner"} <= set(plan.entities), plan.entities


def test_running_out_before_orders_the_end_dates():
    plan = parse_question("Does the Oxbow alliance run out before the Harbor supply deal?", load_spacy())
    assert plan.intent == "compare" and plan.comparison == "earlier", plan
    assert plan.attribute == "expiration_date", plan


def test_a_question_naming_its_contract_is_not_widened_by_another_name(stores, tenant):
    # the contract is named in full; "Harbor or other buyers" names a party of another contract in passing
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Does the Strategic Alliance Agreement between Oxbow Carbon LLC and Global Energy, Inc. "
                              "let Oxbow sell coke to Harbor or other buyers?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent != "compare", plan
    assert [t for r in plan.documents for t in r.titles] == ["Strategic Alliance Agreement"], plan.documents


def test_a_name_in_lower_case_beside_a_named_party_is_the_second_compared_contract(stores, settings, tenant):
    # "Harbor" is read as a name, "oxbow" is not: the name index finds the second contract, the question becomes a
    # comparison and is answered with its verdict first
    answer = answer_question(stores, settings, "Between oxbow and Harbor, whose deal started earlier?", tenant=tenant)
    assert not answer.refused, answer.text
    verdict = answer.text.split(" [")[0]
    assert "Strategic Alliance Agreement" in verdict and "earlier one" in verdict, answer.text


def _endorsement(person: str, company: str, signed: str, years: str) -> str:
    return f"""# Endorsement Agreement

This Endorsement Agreement (the "Agreement") is made on {signed} between {company} ("Company") and {person}
("Athlete").

## 1. Endorsement

1.1 Athlete shall endorse Company's golf clubs in print and television advertising.

## 2. Term

2.1 This Agreement begins on the date written above and ends {years} years after that date.
"""


@pytest.fixture(scope="module")
def endorsements(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("kind"),
                          {"fairway-endorsement.md": _endorsement("Dana Whitlock", "Fairway Clubs Inc.",
                                                                  "3 March 2019", "two (2)"),
                           "linkside-endorsement.md": _endorsement("Marco Ellery", "Linkside Golf LLC",
                                                                   "9 June 2020", "five (5)"),
                           "oxbow-alliance.md": ALLIANCE}) as t:
        yield t


def test_two_contracts_named_by_their_kind_are_compared(stores, settings, endorsements):
    # no name at all: "the two endorsement deals" are the library's two contracts titled so
    ctx = ToolContext.from_stores(stores, endorsements)
    question = parse_question("Which of the two endorsement deals was signed first?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent == "compare" and plan.comparison == "earlier", plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Endorsement Agreement", "Endorsement Agreement"]
    answer = answer_question(stores, settings, "Which of the two endorsement deals was signed first?",
                             tenant=endorsements)
    verdict = answer.text.split(" [")[0]
    assert "earlier one" in verdict and "Fairway" in verdict, answer.text
    # "the two alliance deals": the library holds one, so the words name no pair
    plan, _, _ = resolve_documents(parse_question("Do the two alliance deals end at the same time?", load_spacy()),
                                   ctx)
    assert plan.intent != "compare" or len(plan.documents) < 2, plan


def test_two_parties_of_one_contract_name_it_once(stores, settings, tenant):
    # "Oxbow and Global Energy" are both parties to the alliance: one contract, answered once
    ctx = ToolContext.from_stores(stores, tenant)
    plan, _, _ = resolve_documents(parse_question("Which state's law do Oxbow and Global Energy fall under?",
                                                  load_spacy()), ctx)
    assert [r.titles for r in plan.documents] == [["Strategic Alliance Agreement"]], plan.documents
    answer = answer_question(stores, settings, "Which state's law do Oxbow and Global Energy fall under?",
                             tenant=tenant)
    assert answer.text.count("governing law in") == 1, answer.text


def _license(licensor: str, licensee: str, notice: str) -> str:
    return f"""# Content License Agreement

This Content License Agreement (the "Agreement") is made on 1 February 2021 between {licensor} ("Licensor") and
{licensee} ("Licensee").

## 1. License

1.1 Licensor grants Licensee a license to stream the Licensed Content in the Territory.

## 2. Term and Renewal

2.1 This Agreement has an initial term of one (1) year and renews automatically for successive one (1) year terms
unless either party gives written notice of non-renewal at least {notice} days before the end of the then-current
term.
"""


@pytest.fixture(scope="module")
def licenses(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("licenses"),
                          {"aurora-license.md": _license("Aurora Studios Ltd.", "Beacon Media Inc.", "thirty (30)"),
                           "cobalt-license.md": _license("Cobalt Pictures LLC", "Delta Screens Inc.",
                                                         "ninety (90)"),
                           "ember-license.md": _license("Ember Films Ltd.", "Fjord Streaming AS", "sixty (60)"),
                           "oxbow-alliance.md": ALLIANCE}) as t:
        yield t


def test_which_of_our_contracts_of_a_kind_compares_them_all(stores, settings, licenses):
    # "which of our content licenses": every contract titled so, compared; the verdict of three is a superlative
    ctx = ToolContext.from_stores(stores, licenses)
    question = "Which of our content licenses has the longest notice period to stop renewal?"
    plan, _, _ = resolve_documents(parse_question(question, load_spacy()), ctx)
    assert plan.intent == "compare" and plan.comparison == "longer", plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Content License Agreement"] * 3
    answer = answer_question(stores, settings, question, tenant=licenses)
    verdict = answer.text.split(" [")[0]
    assert "longest period" in verdict and "Cobalt" in verdict, answer.text
    # a question that orders nothing is a list, not a comparison: of the contracts of that kind only
    plan, _, _ = resolve_documents(parse_question("Which of our content licenses renew automatically?",
                                                  load_spacy()), ctx)
    assert plan.intent != "compare", plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Content License Agreement"] * 3, plan
    answer = answer_question(stores, settings, "How many of our content licenses are governed by New York law?",
                             tenant=licenses)
    assert "Alliance" not in answer.text, answer.text  # the alliance is governed by New York law, but no licence
    # three content licenses are not "the two": the answer asks which two were meant, naming all three
    question = "Are the two content licenses governed by the same law?"
    plan, _, _ = resolve_documents(parse_question(question, load_spacy()), ctx)
    assert len(plan.documents) == 1 and plan.documents[0].ambiguous and len(plan.documents[0].document_ids) == 3
    answer = answer_question(stores, settings, question, tenant=licenses)
    assert answer.refused and "Did you mean" in answer.text and "Name the ones you mean" in answer.text, answer.text
    assert all(name in answer.text for name in ("Aurora", "Cobalt", "Ember")), answer.text


def test_a_kind_named_by_its_own_plural_names_the_two(stores, settings, endorsements):
    # "the two endorsements": the kind is the plural noun itself, not a word before "deals"
    ctx = ToolContext.from_stores(stores, endorsements)
    plan, _, _ = resolve_documents(parse_question("Compare how long the two endorsements last.", load_spacy()), ctx)
    assert plan.intent == "compare" and plan.attributes[:1] == ["expiration_date"], plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Endorsement Agreement", "Endorsement Agreement"]


def test_either_of_two_of_a_kind_asks_which_holds_the_clause(stores, settings, endorsements):
    # "either endorsement deal": the library's two endorsements, compared; neither names the other kind
    ctx = ToolContext.from_stores(stores, endorsements)
    plan, _, _ = resolve_documents(parse_question("Does either endorsement deal have a governing law clause?",
                                                  load_spacy()), ctx)
    assert plan.intent == "compare", plan
    assert sorted(t for r in plan.documents for t in r.titles) == ["Endorsement Agreement", "Endorsement Agreement"]
    plan, _, _ = resolve_documents(parse_question("Can either party end the alliance early?", load_spacy()), ctx)
    assert plan.intent != "compare", plan


def _sponsorship(sponsor: str, club: str, signed: str, years: str) -> str:
    return f"""# Sponsorship Agreement

This Sponsorship Agreement (the "Agreement") is made on {signed} between {sponsor} ("Sponsor") and {club} ("Club").

## 1. Sponsorship

1.1 Sponsor shall pay Club the fees in Schedule 1 for naming rights to the stadium.

## 2. Term

2.1 This Agreement shall continue for a period of {years} years from the date written above.
"""


@pytest.fixture(scope="module")
def sponsorships(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("sponsor"),
                          {"quarry-sponsorship.md": _sponsorship("Quarry Brewing Ltd.", "Riverton Rovers FC",
                                                                 "1 May 2010", "ten (10)"),
                           "sable-sponsorship.md": _sponsorship("Sable Motors Inc.", "Westgate United FC",
                                                                "1 May 2018", "three (3)")}) as t:
        yield t


def test_which_runs_longer_compares_the_terms_not_the_end_dates(stores, settings, sponsorships):
    # ten years from 2010 end before three years from 2018: the deal that runs longer is the ten-year one
    answer = answer_question(stores, settings, "Which sponsorship runs longer, Quarry's or Sable's?",
                             tenant=sponsorships)
    verdict = answer.text.split(" [")[0]
    assert "longer term" in verdict and "Quarry" in verdict, answer.text
    answer = answer_question(stores, settings, "Which sponsorship ends later, Quarry's or Sable's?",
                             tenant=sponsorships)
    verdict = answer.text.split(" [")[0]
    assert "later one" in verdict and "Sable" in verdict, answer.text


def test_a_list_bounded_by_a_law_no_contract_has_lists_nothing(stores, settings, tenant):
    # New York and Texas law only: a passage about another law is no contract "governed by Chinese law"
    answer = answer_question(stores, settings, "Which of our contracts are governed by Chinese law?", tenant=tenant)
    assert "match" not in answer.text and "Texas" not in answer.text and "New York" not in answer.text, answer.text
    answer = answer_question(stores, settings, "Which of our contracts are governed by Texas law?", tenant=tenant)
    assert "Joint Supply Agreement" in answer.text and "Strategic Alliance" not in answer.text, answer.text


RESORT = """# Outsourcing Contract on Development of Zorvath Royal Resort Hotel

This Outsourcing Contract (the "Contract") is made on 3 March 2015 between Alpha Builders Ltd. ("Party A") and Beta
Hotels Inc. ("Party B").

## 1. Works

1.1 Party B shall develop the hotel on the site described in Schedule 1.
"""


def test_a_name_only_the_title_holds_finds_its_contract(stores, settings, ingestor, tmp_path_factory):
    # "the Zorvath resort outsourcing": no document noun, no party's name; the title's rare capitalised word names it
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("resort"),
                          {"zorvath-resort.md": RESORT, "oxbow-alliance.md": ALLIANCE,
                           "vertex-supply.md": SUPPLY}) as t:
        question = "Who are the parties to the Zorvath resort outsourcing?"
        plan, _, _ = resolve_documents(parse_question(question, load_spacy()), ToolContext.from_stores(stores, t))
        assert [r.titles for r in plan.documents] == [["Outsourcing Contract on Development of Zorvath Royal Resort "
                                                       "Hotel"]], plan.documents
        answer = answer_question(stores, settings, question, tenant=t)
        assert "Alpha Builders" in answer.text and "Oxbow" not in answer.text, answer.text
        # a lower-case word the titles share names no contract on its own
        plan, _, _ = resolve_documents(parse_question("Who are the parties to the supply deal?", load_spacy()),
                                       ToolContext.from_stores(stores, t))
        assert all("Zorvath" not in " ".join(r.titles) for r in plan.documents), plan.documents


def _amendment(number: str, price: str) -> str:
    return f"""# Amendment No. {number} to the Supply Agreement

This Amendment No. {number} (the "Amendment") to the Supply Agreement is made on {number} March 2021 by and between
Vertex Energy, LLC ("Vertex") and Harbor Fuels Inc. ("Harbor").

## 1. Price

1.1 From the date of this Amendment, the price of marine fuel is {price} per tonne.
"""


def test_title_numbers_tell_siblings_apart():
    assert title_numbers("AMENDMENT NO. 1 Wireless Content License Agreement Number 12965") == {"1", "12965"}
    assert title_numbers("Second Amendment to Services Agreement") == {"2"}
    assert title_numbers("Amendment #3 to the Manufacturing Agreement") == {"3"}
    assert title_numbers("2019 Supply Agreement") == set()
    # an ordinal a few words before the noun: "Glu's first content license amendment"; never across "of"
    assert title_numbers("Glu's first content license amendment with Fox") == {"1"}
    assert title_numbers("the third Premier/Heritage amendment") == {"3"}
    assert title_numbers("the first page of the amendment") == set()


@pytest.fixture(scope="module")
def amendments(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("siblings"),
                          {"amendment-1.md": _amendment("1", "USD 410"),
                           "amendment-2.md": _amendment("2", "USD 455")}) as t:
        yield t


@pytest.mark.parametrize(("asked", "expected"), [("Amendment No. 1", "Amendment No. 1 to the Supply Agreement"),
                                                 ("Second Amendment", "Amendment No. 2 to the Supply Agreement")])
def test_a_numbered_sibling_is_the_one_its_number_names(stores, amendments, asked, expected):
    # the same parties and title words: only the number tells the two amendments apart
    ctx = ToolContext.from_stores(stores, amendments)
    question = parse_question(f"What price does the {asked} to the Supply Agreement between Vertex Energy, LLC and "
                              "Harbor Fuels Inc. set?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [r.titles for r in plan.documents] == [[expected]], plan.documents


@pytest.mark.parametrize(("question", "expected"), [
    ("When was amendment no. 2 with Harbor signed?", "Amendment No. 2 to the Supply Agreement"),
    ("What price does Vertex's first supply amendment with Harbor set?", "Amendment No. 1 to the Supply Agreement"),
])
def test_a_number_outside_the_reference_picks_among_a_partys_siblings(stores, amendments, question, expected):
    # the reference names both amendments by a party; the question's number, outside it, tells which one
    plan, _, _ = resolve_documents(parse_question(question, load_spacy()), ToolContext.from_stores(stores, amendments))
    assert [r.titles for r in plan.documents] == [[expected]], plan.documents


def test_a_tie_goes_to_the_document_whose_title_gives_no_other_number(ingestor, stores, tmp_path_factory):
    # "Amendment No. 2 ..." and a third amendment whose title block was read as "Supply Agreement" fit the
    # reference's words equally (amendment: one, supply: both; halved for the wrong number): No. 2 is not No. 3
    third = _amendment("3", "USD 470").replace("# Amendment No. 3 to the Supply Agreement", "# Supply Agreement")
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("third"),
                          {"amendment-2.md": _amendment("2", "USD 455"), "supply.md": third}) as t:
        question = parse_question("What price does the Amendment No. 3 to the Supply Agreement between Vertex Energy, "
                                  "LLC and Harbor Fuels Inc. set?", load_spacy())
        plan, _, _ = resolve_documents(question, ToolContext.from_stores(stores, t))
        assert [r.titles for r in plan.documents] == [["Supply Agreement"]], plan.documents


RESELLER = """# Reseller Agreement

This Reseller Agreement (the "Agreement") is made as of March 3, 2019 by and between Vantor Imaging Ltd., an Israeli
company ("Vantor"), and Greycloak Care LLC, a Nevada limited liability company ("Reseller").

## 1. Appointment

1.1 Vantor appoints Reseller as a non-exclusive reseller of the Vantor home sensor in the United States.

## 2. Records and Audit

2.1 Reseller shall keep accurate records of its sales, which Vantor's auditors may inspect once a year on ten days'
notice.
"""


def test_a_contract_named_after_the_company_that_filed_it_is_found_by_that_name(ingestor, stores, tmp_path_factory):
    """Users name a contract after their own company, the one that filed it ("the Quillfeather Medical reseller"), a name
    no party of the contract carries; the file is named after it, as CUAD's are."""
    # another contract has a party that shares the filer's first word, as contracts of a library often do
    files = {"QuillfeatherMedicalInc_20190812_8-K_EX-10.1_Reseller Agreement.md": RESELLER,
             "vertex-supply.md": SUPPLY.replace("Harbor Fuels Inc.", "Quillfeather Foods Inc.")}
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("filer"), files) as t:
        ctx = ToolContext.from_stores(stores, t)
        for q in ("Can the auditors of the Quillfeather Medical reseller check the books?",
                  "Does the Quillfeather Medical reseller deal have an audit clause?"):
            plan, _, _ = resolve_documents(parse_question(q, load_spacy()), ctx)
            assert [r.titles for r in plan.documents if r.document_ids] == [["Reseller Agreement"]], \
                (q, plan.documents)


@pytest.mark.parametrize(("mention", "question", "against"), [
    ("the Globex outsourcing", "Which can be ended for convenience: the Globex outsourcing or the initech sponsorship?",
     True),
    ("the Globex collaboration", "Do initech's sponsorship and the Globex collaboration fall under the same law?", True),
    # "or" elsewhere in the question sets nothing against the named contract
    ("our contract with Globex", "Which country's or state's law does our contract with Globex follow?", False),
])
def test_a_named_contract_is_one_side_of_a_choice_only_where_the_choice_is_beside_it(mention, question, against):
    assert _set_against(mention, question) is against


"""Planner rules on many phrasings (no stores, no LLM)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from agents.plan_hint import merge_hint, parse_hint
from agents.planner import asking_parties, asks_an_order, load_spacy, parse_question
from veridict.domain.clause_types import CLAUSE_TYPES


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


CASES = [
    # question, intent, first attribute, qualifier, a clause type (or None), number of named documents
    ("Which jurisdiction's law governs the Supply Agreement between Profound Medical Inc. and Philips Medical "
     "Systems Nederland B.V.?", "exact_value", "governing_law", None, None, 1),
    ("What is the governing law of the CloudSecure agreement?", "exact_value", "governing_law", None, None, 1),
    ("On what date was the Consulting Agreement between Immunotolerance, Inc. and Alan Crane entered into?",
     "exact_value", "agreement_date", None, None, 1),
    ("What is the effective date of the Promotion Agreement between BookingEntertainment.com and VNUE, Inc.?",
     "exact_value", "effective_date", None, None, 1),
    ("When does the Services Agreement between Idan Maimon and Intellisense Solutions Inc. expire (expiration "
     "date or term end)?", "exact_value", "expiration_date", None, None, 1),
    ("What is the renewal term of the Distributor Agreement between WatchGuard Technologies, Inc. and European "
     "Micro?", "exact_value", "renewal_term", None, None, 1),
    ("How much notice is required to prevent renewal of the Co-Branding Agreement between VerticalNet, Inc. and "
     "Neoforma.com, Inc.?", "exact_value", "notice_period", "non_renewal", None, 1),
    ("How many days' notice must be given to prevent automatic renewal of the Promotion Agreement between "
     "BookingEntertainment.com and VNUE, Inc.?", "exact_value", "notice_period", "non_renewal", None, 1),
    ("Who is the counterparty of Profound Medical Inc. under the Supply Agreement?", "exact_value", "party", None,
     None, 1),
    ("What is the penalty per incident in the CloudSecure agreement?", "exact_value", "amount", "penalty", None, 1),
    ("What is the liability cap in our contract with CloudSecure GmbH?", "exact_value", "amount", "liability_cap",
     None, 1),
    ("What is the cap on liability stated in the Co-Branding Agreement between VerticalNet, Inc. and Neoforma.com, "
     "Inc.?", "exact_value", "amount", "liability_cap", None, 1),
    ("What is the required insurance coverage amount stated in the Sponsorship Agreement between Forty Niners SC "
     "Stadium Company LLC and Violin Memory, Inc.?", "exact_value", "amount", "insurance", None, 1),
    ("What is the amount of liquidated damages payable under the Marine Transportation Agreement between Martin "
     "Operating Partnership L.P. and Midstream Fuel Service LLC?", "exact_value", "amount", "liquidated_damages",
     None, 1),
    ("Is there an anti-assignment clause in the Cooperation Agreement between HPIL ENERGYTECH Inc. and GINARES "
     "GROUP AG? Quote the clause and cite section and page.", "clause_lookup", None, None, "anti_assignment", 1),
    ("Is there a cap on liability under the Cooperation Agreement between HPIL ENERGYTECH Inc. and GINARES GROUP "
     "AG? Quote the clause and cite section and page.", "clause_lookup", None, None, "cap_on_liability", 1),
    ("How is intellectual property ownership assigned under the Consulting Agreement between Immunotolerance, Inc. "
     "and Alan Crane? Quote the clause and cite section and page.", "clause_lookup", None, None,
     "ip_ownership_assignment", 1),
    ("Can the Supply Agreement between Profound Medical Inc. and Philips Medical Systems Nederland B.V. be "
     "terminated for convenience, and under what conditions?", "clause_lookup", None, None,
     "termination_for_convenience", 1),
    ("What happens under the License and Hosting Agreement between Corio Inc. and Commerce One, Inc. in the event "
     "of a change of control of one of the parties?", "clause_lookup", None, None, "change_of_control", 1),
    ("Does the Strategic Alliance Agreement between EDGE Communication Solutions, LLC and FRE Networks, Inc. give "
     "a party the right to audit the books or records of the other?", "clause_lookup", None, None, "audit_rights",
     1),
    ("Is there a clause preventing the solicitation of employees in the Services Agreement between Idan Maimon and "
     "Intellisense Solutions Inc.?", "clause_lookup", None, None, "non_solicit", 1),
    ("Does the contract require the vendor to maintain insurance?", "clause_lookup", None, None, "insurance", 0),
    ("What does the contract say about data breaches?", "narrative", None, None, None, 0),
    ("Which regulation does the penalty clause of the CloudSecure agreement refer to?", "relational", "amount",
     "penalty", None, 1),
    ("Which GDPR article is referenced by the Acme data processing agreement?", "relational", None, None, None, 1),
    ("Which contracts in the collection are governed by the law of Arizona?", "list", "governing_law", None, None, 0),
    # a third party beneficiary clause is a clause, not a question about the parties
    ("Which contracts in the collection contain a third party beneficiary clause?", "list", None, None,
     "third_party_beneficiary", 0),
    ("Which contracts in the collection contain a most favored nation clause?", "list", None, None,
     "most_favored_nation", 0),
    ("List all contracts governed by the laws of Germany.", "list", "governing_law", None, None, 0),
    ("How many contracts in the collection contain a renewal provision?", "count", "renewal_term", None, "renewal_term", 0),
    ("How many agreements were signed after 2019?", "count", "agreement_date", None, None, 0),
    ("Which requires the longer notice period to prevent renewal: the Distributor Agreement between WatchGuard "
     "Technologies, Inc. and European Micro, or the Consulting and Product Development Agreement between Emerald "
     "Health Sciences Inc. and Emerald Health Nutraceuticals Inc.?", "compare", "notice_period", "non_renewal", None,
     2),
    ("Which was entered into earlier: the Consulting Agreement between Immunotolerance, Inc. and Alan Crane, or "
     "the Consulting Agreement between Aduro Biotech, Inc. and IREYA B.V?", "compare", "agreement_date", None, None,
     2),
    ("Are the Consulting Agreement between Immunotolerance, Inc. and Alan Crane and the Consulting Agreement "
     "between Aduro Biotech, Inc. and IREYA B.V governed by the law of the same jurisdiction?", "compare",
     "governing_law", None, None, 2),
    ("Compare the notice periods of the Acme agreement and the Globex agreement.", "compare", "notice_period", None,
     None, 2),
    ("How much notice is required to exercise the option to renew the Acme agreement?", "exact_value",
     "notice_period", "renewal_option", None, 1),
    ("How many days' notice must be given to extend the term of the Acme agreement?", "exact_value",
     "notice_period", "renewal_option", None, 1),
    ("How many days' notice must be given to prevent automatic renewal of the Acme agreement?", "exact_value",
     "notice_period", "non_renewal", None, 1),
    ("What is the total of the annual fees under the Acme agreement and the Globex agreement?", "calculate",
     "amount", "fee", None, 2),
    ("How many days are between the effective date and the expiration date of the Acme agreement?", "calculate",
     "effective_date", None, None, 1),
]


@pytest.mark.parametrize("question,intent,attribute,qualifier,clause_type,n_docs", CASES)
def test_phrasings(nlp, question, intent, attribute, qualifier, clause_type, n_docs):
    plan = parse_question(question, nlp)
    assert plan.intent == intent, plan
    assert plan.attribute == attribute, plan
    assert plan.qualifier == qualifier, plan
    if clause_type:
        assert clause_type in plan.clause_types, plan
    assert len([d for d in plan.documents if d.explicit]) == n_docs, plan.documents
    assert plan.tools, "every plan has tools"


def test_parties_are_split_and_titles_kept(nlp):
    plan = parse_question("What is the effective date of the Supply Agreement between Cremer Oleo GmbH & Co KG and "
                          "Ultragenyx Pharmaceutical Inc.?", nlp)
    ref = plan.documents[0]
    assert ref.title == "Supply Agreement"
    assert ref.parties == ["Cremer Oleo GmbH & Co KG", "Ultragenyx Pharmaceutical Inc"]


def test_counterparty_excludes_the_named_party(nlp):
    plan = parse_question("Who is the counterparty of Idan Maimon under the Services Agreement?", nlp)
    assert plan.exclude_parties == ["Idan Maimon"]
    assert plan.documents[0].parties == ["Idan Maimon"]
    # the owner of "Bicycle's service agreement" asks who is on the other side; without that word, no one is left out
    assert parse_question("Who's on the other side of Bicycle's service agreement?", nlp).exclude_parties == \
        ["Bicycle"]
    assert parse_question("Who are the parties to Bicycle's service agreement?", nlp).exclude_parties == []


def test_a_party_named_with_its_group_is_the_party(nlp):
    # "X and all of its subsidiaries and other Affiliates" names one party, X; the "and" inside it does not split
    plan = parse_question("What is the term of the Distribution Agreement between Northwind Traders Ltd. and all of "
                          "its subsidiaries and other Affiliates and Contoso Corporation and its affiliates?", nlp)
    assert plan.documents[0].parties == ["Northwind Traders Ltd.", "Contoso Corporation"]
    plan = parse_question("Who is the counterparty of Northwind Traders Ltd. together with its wholly-owned "
                          "subsidiaries under the Distribution Agreement?", nlp)
    assert plan.exclude_parties == ["Northwind Traders Ltd."]
    assert plan.documents[0].parties == ["Northwind Traders Ltd"]
    # a name that merely contains "Affiliates" is kept whole
    plan = parse_question("Who is the counterparty of Harbor Affiliates Inc. under the Services Agreement?", nlp)
    assert plan.exclude_parties == ["Harbor Affiliates Inc."]
    # "including its successors and permitted assigns" says whom the party binds, it is not part of the name
    plan = parse_question("When does the Joint Venture Agreement between Northwind Traders Ltd. including its "
                          "successors and permitted assigns and Contoso Corporation including its successors and "
                          "permitted assigns expire?", nlp)
    assert plan.documents[0].parties == ["Northwind Traders Ltd.", "Contoso Corporation"]
    plan = parse_question("Who is the counterparty of Contoso Corporation and its permitted assigns under the Joint "
                          "Venture Agreement?", nlp)
    assert plan.documents[0].parties == ["Contoso Corporation"]
    # a firm named for its successors keeps its name
    plan = parse_question("Who is the counterparty of Successors Capital Inc. under the Services Agreement?", nlp)
    assert plan.exclude_parties == ["Successors Capital Inc."]


def test_party_names_are_not_cues(nlp):
    # "Limited Liability Company" in a party name is not a liability-cap question
    plan = parse_question("Who is the counterparty of Baoding Fengfan Group Limited Liability Company under the "
                          "Joint Venture Contract?", nlp)
    assert plan.attribute == "party"
    assert "cap_on_liability" not in plan.clause_types


def test_constraints(nlp):
    plan = parse_question("Which contracts have a liability cap above EUR 1,000,000?", nlp)
    assert plan.constraints.min_num == 1_000_000
    assert plan.attribute == "amount"
    plan = parse_question("Which agreements were signed before March 1, 2020?", nlp)
    assert plan.constraints.date_to == dt.date(2020, 3, 1)
    plan = parse_question("What was the penalty in the previous version of the CloudSecure agreement?", nlp)
    assert plan.constraints.active_only is False


def test_compound_question_has_sub_questions(nlp):
    plan = parse_question("What is the governing law and the renewal term of the Acme agreement?", nlp)
    assert set(plan.attributes) >= {"governing_law", "renewal_term"}
    assert len(plan.sub_questions) == len(plan.attributes)


def test_compound_qualifiers_follow_their_attribute(nlp):
    plan = parse_question("How much notice is required to prevent renewal of the CloudSecure agreement, and what is "
                          "the liability cap?", nlp)
    assert plan.attributes == ["notice_period", "amount"]
    assert plan.qualifier == "non_renewal" and plan.qualifiers == ["non_renewal", "liability_cap"]
    only_notice = parse_question("How much notice is required to prevent renewal of the CloudSecure agreement?", nlp)
    assert only_notice.attributes == ["notice_period"]  # "how much notice" is not an amount


def test_compare_sub_questions_name_each_document(nlp):
    plan = parse_question("Which was entered into earlier: the Consulting Agreement between Immunotolerance, Inc. "
                          "and Alan Crane, or the Consulting Agreement between Aduro Biotech, Inc. and IREYA B.V?",
                          nlp)
    assert plan.comparison == "earlier"
    assert len(plan.sub_questions) == 2
    assert "Alan Crane" in plan.sub_questions[0] and "Aduro" in plan.sub_questions[1]


def test_llm_hint_fills_gaps_only(nlp):
    plan = parse_question("Tell me about the data breach obligations.", nlp)
    hint = parse_hint('Sure! {"intent": "clause_lookup", "attribute": "banana", "clause_types": '
                      '["data_protection", "not_a_type"], "documents": ["Acme DPA"]}')
    merged = merge_hint(plan, hint)
    assert merged.intent == "clause_lookup"
    assert merged.attribute is None  # unknown attribute dropped
    assert merged.clause_types == ["data_protection"]
    assert merged.documents and not merged.documents[0].explicit  # an LLM's document never causes a refusal
    assert merged.source == "rules+llm"
    # rules that decided are not overridden
    decided = parse_question("Which law governs the Globex agreement?", nlp)
    assert merge_hint(decided, parse_hint(json.dumps({"intent": "count", "attribute": "party"}))).intent == \
        "exact_value"


def test_unreadable_hint_is_none():
    assert parse_hint("no json here") is None
    assert parse_hint("{not json}") is None


def test_a_capitalised_last_word_is_part_of_the_name_not_a_legal_form():
    from agents.resolve import _without_trailing_form

    assert _without_trailing_form("Nice Systems Ltc.") == "Nice Systems"
    assert _without_trailing_form("NICE SYSTEMS LTC") == "NICE SYSTEMS"
    assert _without_trailing_form("Nice Systems Ltc") == "Nice Systems"
    assert _without_trailing_form("World Book") is None  # before: "World", which many contracts contain


@pytest.mark.parametrize("question", [
    "To keep the Globex deal from auto-renewing, how early do we need to tell them?",
    "How far ahead must we say we don't want the supply contract with Globex to renew?",
    "What's the deadline for cancelling the Globex deal before it rolls over?",
])
def test_how_far_ahead_to_stop_a_renewal_asks_for_the_notice_period(nlp, question):
    plan = parse_question(question, nlp)
    assert plan.intent == "exact_value" and plan.attributes == ["notice_period"]


@pytest.mark.parametrize(("question", "comparison", "attribute"), [
    # "older" / "newest" contract: the one signed first / last (the meaning reader read "older" as the parties)
    ("Which is older, Tonglu's transportation deal or the Globex agreement?", "earlier", "agreement_date"),
    ("Which is the newest: the Globex contract or Initech's deal?", "later", "agreement_date"),
    ("To block a renewal, do we have to warn earlier under the Globex contract or under Initech's deal?",
     "longer", "notice_period"),
    ("Which needs more notice to stop it renewing, the Globex agreement or our contract with Initech?",
     "longer", "notice_period"),
    ("Which one has limits on assignment: the supply contract with Globex or Initech's reseller deal?",
     "contains", None),
    ("Which of these contracts contains a cap on liability clause: the Globex agreement or Initech's deal?",
     "contains", None),
    # a contract named by the party "we signed with"; "the same state's law"
    ("Did we sign with Bunker Two before or after the Globex distributorship?", "earlier", "agreement_date"),
    ("Do Initech's sponsorship and the Globex collaboration fall under the same state's law?", "same",
     "governing_law"),
])
def test_everyday_comparisons(nlp, question, comparison, attribute):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare" and plan.comparison == comparison
    assert (plan.attributes[0] if plan.attributes else None) == attribute


def test_a_contract_named_by_the_party_it_was_signed_with(nlp):
    plan = parse_question("When did we sign with Bunker Two?", nlp)
    assert plan.attributes[:1] == ["agreement_date"]
    assert [d.parties for d in plan.documents] == [["Bunker Two"]]


@pytest.mark.parametrize(("question", "name"), [
    ("We're Globex. Who's on the other side of our reseller contract?", "Globex"),
    ("Who did Initech sign the supply contract with?", "Initech"),
    ("Who did Initech partner with in the strategic alliance?", "Initech"),
])
def test_who_is_on_the_other_side_asks_for_the_parties(nlp, question, name):
    plan = parse_question(question, nlp)
    assert plan.intent == "exact_value" and plan.attributes == ["party"]
    assert name in plan.entities and not any(n.endswith((".", "Who")) for n in plan.entities)


def test_a_name_does_not_end_on_the_word_that_joins_two_documents(nlp):
    plan = parse_question("Between the distribution contract with Globex and the Initech outsourcing contract, "
                          "which includes audit rights?", nlp)
    assert [r.parties for r in plan.documents] == [["Globex"], ["Initech"]]


def test_whose_law_is_a_question_not_a_jurisdiction(nlp):
    plan = parse_question("Whose law governs the distribution contract with Globex?", nlp)
    assert plan.attributes == ["governing_law"] and plan.constraints.jurisdiction is None


def test_an_assignment_of_ip_is_about_ip_ownership_not_assigning_the_contract():
    assert parse_question("Which of our contracts have an assignment of IP ownership?").clause_types == [
        "ip_ownership_assignment"]
    assert parse_question("Does the Acme agreement assign the IP to us?").clause_types == ["ip_ownership_assignment"]
    assert parse_question("Is there an anti-assignment clause in the Acme deal?").clause_types == ["anti_assignment"]
    assert parse_question("Is assignment of the Acme contract restricted?").clause_types == ["anti_assignment"]


def test_a_contract_term_abbreviation_is_not_a_party(nlp):
    plan = parse_question("Which of our contracts have an assignment of IP ownership?", nlp)
    assert plan.intent == "list" and plan.entities == [] and plan.clause_types == ["ip_ownership_assignment"]


@pytest.mark.parametrize(("question", "clause_type"), [
    ("Where do we have a most-favoured-nation clause? List the contracts.", "most_favored_nation"),
    ("Do any of our contracts have a non-compete?", "non_compete"),
    ("In which deals is there a cap on liability?", "cap_on_liability"),
    ("Show me every agreement with a right of first refusal.", "rofr_rofo"),
])
def test_a_question_about_the_whole_library_is_a_list(nlp, question, clause_type):
    """Everyday ways of asking which contracts have a clause: "list the contracts" at the end, "any of our",
    "in which deals", "every agreement"; none names one contract."""
    plan = parse_question(question, nlp)
    assert plan.intent == "list" and clause_type in plan.clause_types and plan.attributes == []


def test_one_named_contract_is_not_a_list(nlp):
    plan = parse_question("Where is the cap on liability in our deal with Northwind?", nlp)
    assert plan.intent != "list"


@pytest.mark.parametrize("question", [
    "Which of the two has the longer renewal notice, Globex or Initech?",
    "Which needs more notice, Initech or Globex?",
    "Are the Globex and Initech agreements governed by the same law?",
])
def test_two_contracts_named_by_their_parties_alone_are_compared(nlp, question):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare" and {"Globex", "Initech"} <= set(plan.entities)


def test_an_endorsement_and_a_sponsorship_named_by_their_parties_are_two_contracts(nlp):
    plan = parse_question("Which deal ends later, the Square Two endorsement or the Rick Smith sponsorship?", nlp)
    assert plan.intent == "compare" and plan.attributes[:1] == ["expiration_date"]
    assert [r.parties for r in plan.documents] == [["Square Two"], ["Rick Smith"]]
    plan = parse_question("Is anything licensed under the Vitamin Shoppe sponsorship contract? Quote it.", nlp)
    assert [r.mention for r in plan.documents] == ["the Vitamin Shoppe sponsorship contract"]


def test_two_patterns_over_one_contract_are_one_reference(nlp):
    """"Profound's supply contract with Philips" is one contract with two parties, not two contracts to compare."""
    plan = parse_question("What's the governing law for Profound's supply contract with Philips?", nlp)
    assert plan.intent == "exact_value" and len(plan.documents) == 1
    assert set(plan.documents[0].parties) == {"Profound", "Philips"}


@pytest.mark.parametrize(("question", "intent", "clause_type", "attribute"), [
    ("Any liquidated damages in the Nice deal?", "clause_lookup", "liquidated_damages", None),
    ("Can IREYA hand the consulting agreement over to someone else without asking?", "clause_lookup",
     "anti_assignment", None),
    ("Does the Garrett IP agreement survive a change of ownership?", "clause_lookup", "change_of_control", None),
    ("Is there a most favoured customer pricing clause in the VendingData distributor agreement?", "clause_lookup",
     "most_favored_nation", None),
    ("Which deals can the other side end without cause?", "list", "termination_for_convenience", None),
    ("Can Kathy Whitworth promote competing golf brands?", "clause_lookup", "non_compete", None),
    ("How long does the Square Two endorsement last?", "exact_value", None, "expiration_date"),
    ("How long does the non-compete in Medical Manager's contract last?", "clause_lookup", "non_compete", None),
    ("What's the renewal period of the WatchGuard distributor contract?", "exact_value", None, "renewal_term"),
    ("Does the Nice outsourcing agreement cap liability? Show me the wording.", "clause_lookup", "cap_on_liability",
     None),
    ("Does Philips get a license to Profound's IP?", "clause_lookup", "license_grant", None),
])
def test_everyday_words_for_clauses_and_terms(nlp, question, intent, clause_type, attribute):
    plan = parse_question(question, nlp)
    assert plan.intent == intent
    assert (clause_type in plan.clause_types) if clause_type else True
    assert (plan.attributes[:1] == [attribute]) if attribute else "expiration_date" not in plan.attributes


@pytest.mark.parametrize("question", [
    "Does the Content License Agreement between Alpha Media Ltd and Beta Holdings Inc contain a termination for "
    "convenience clause? Quote the clause and cite section and page.",
    "Is there a post-termination services clause in the hosting deal with Gamma?",
])
def test_a_general_clause_word_inside_a_specific_clause_name_is_not_a_second_ask(nlp, question):
    # "termination" in "termination for convenience" is that clause's name: a plain termination-for-breach clause
    # is not an answer to it
    plan = parse_question(question, nlp)
    assert "termination" not in plan.clause_types
    assert plan.clause_types and plan.clause_types[0] in ("termination_for_convenience", "post_termination_services")


def test_a_general_clause_word_of_its_own_is_still_asked(nlp):
    plan = parse_question("Can we terminate for convenience, and what does the termination clause say?", nlp)
    assert plan.clause_types[:2] == ["termination_for_convenience", "termination"]


@pytest.mark.parametrize("question", [
    "What's the deadline for cancelling the Delta deal before it rolls over?",
    "If we want out of the Epsilon contract at the end of the term, how much notice is needed?",
    "How much notice stops the Zeta agreement from auto-extending?",
    "How much notice do we give if we want to leave the Eta deal when the term runs out?",
])
def test_everyday_words_for_a_term_carrying_on_ask_for_notice_of_non_renewal(nlp, question):
    plan = parse_question(question, nlp)
    assert plan.attribute == "notice_period"
    assert plan.qualifier == "non_renewal"


@pytest.mark.parametrize(("question", "parties", "clause_type"), [
    ("Does the contract between Acme and Globex have a non-compete?", ["Acme", "Globex"], "non_compete"),
    ("Does the deal between Acme and Globex let us audit their books?", ["Acme", "Globex"], "audit_rights"),
    ("Does the agreement between Cover-All Technologies and Grant Thornton LLP restrict assignment?",
     ["Cover-All Technologies", "Grant Thornton LLP"], "anti_assignment"),
])
def test_the_names_between_end_where_the_question_goes_on(nlp, question, parties, clause_type):
    # "between Acme and Globex have a non-compete": the verb after the names is no part of a name, and a name
    # holding a capitalised "Cover" or "Grant" is kept whole
    plan = parse_question(question, nlp)
    assert [d.parties for d in plan.documents] == [parties]
    assert clause_type in plan.clause_types


@pytest.mark.parametrize(("question", "comparison"), [
    ("Between Stark and Wayne, which contract has a non-compete?", "contains"),
    ("Did we sign with Initech before or after Hooli?", "earlier"),
])
def test_everyday_words_that_set_two_contracts_side_by_side(nlp, question, comparison):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare"
    assert plan.comparison == comparison


@pytest.mark.parametrize(("question", "parties", "attribute", "clause_type"), [
    # a contract named by both its parties, joined by a slash or a dash
    ("Which was signed earlier, the Acme/Globex IP agreement or the Initech support deal?",
     [["Acme", "Globex"], ["Initech"]], "agreement_date", None),
    ("Are the Stark–Wayne alliance and the Hooli content licence under the same law?",
     [["Stark", "Wayne"], ["Hooli"]], "governing_law", None),
    # a kind of deal that stands for the contract ("the Initech collaboration"), and "did we sign"
    ("Did we sign the Initech collaboration before or after the Hooli content licence?",
     [["Initech"], ["Hooli"]], "agreement_date", None),
    ("Between the Umbrella joint venture and the Acme alliance, which has a minimum purchase commitment?",
     [["Umbrella"], ["Acme"]], None, "minimum_commitment"),
    # "JV" names a joint venture; "the Initech hosting one" is a contract named as a party's one; "which came first"
    # and "did A come before B" ask which was signed first
    ("Which came first: the Stark Wayne JV or the Hooli supply deal?", [["Stark Wayne"], ["Hooli"]],
     "agreement_date", None),
    ("Did the Acme-Globex reseller deal come before the Initech hosting one?", [["Acme-Globex"], ["Initech"]],
     "agreement_date", None),
])
def test_two_contracts_named_the_way_users_name_them(nlp, question, parties, attribute, clause_type):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare"
    assert [d.parties for d in plan.documents] == parties
    if attribute:
        assert plan.attribute == attribute
    if clause_type:
        assert clause_type in plan.clause_types


@pytest.mark.parametrize(("question", "attribute"), [
    ("When did IMPCO and Minda sign their joint venture?", "agreement_date"),
    ("Who's MediaNet's partner in the reseller deal?", "party"),
    ("Who did Oxbow sign with?", "party"),
    # who a party deals with, asked with the verb of the deal
    ("Who's Initech trucking with?", "party"),
    ("Who did Hooli.com do the co-branding deal with?", "party"),
    ("Who's Initech dealing with in the IP agreement?", "party"),
    ("Who is Globex working with on the hosting contract?", "party"),
])
def test_everyday_words_for_signing_and_partners(nlp, question, attribute):
    assert parse_question(question, nlp).attribute == attribute


def test_a_project_named_by_its_party_is_a_contract_and_a_price_guarantee_is_no_contract(nlp):
    plan = parse_question("Who holds the source code in escrow for the Kestrel hotel project?", nlp)
    assert [d.parties for d in plan.documents] == [["Kestrel"]] and plan.clause_types == ["source_code_escrow"]
    plan = parse_question("Which customers does Globex's best-price guarantee from Initech cover?", nlp)
    assert "most_favored_nation" in plan.clause_types, plan
    assert all("guarantee" not in d.mention for d in plan.documents), plan.documents


def test_whom_data_is_shared_with_is_no_counterparty_question(nlp):
    assert parse_question("Who does Initech share our customer data with?", nlp).attribute != "party"


@pytest.mark.parametrize(("question", "clause_type"), [
    ("Can Globex transfer its Initech reseller agreement?", "anti_assignment"),
    ("Does Hooli assign any IP to the reseller?", "ip_ownership_assignment"),
])
def test_handing_over_the_contract_or_its_ip_in_everyday_words(nlp, question, clause_type):
    assert clause_type in parse_question(question, nlp).clause_types


def test_signing_up_distributors_is_no_signing_date(nlp):
    plan = parse_question("Is Halcyon free to sign up other distributors in our region?", nlp)
    assert plan.attribute != "agreement_date"


@pytest.mark.parametrize(("question", "attribute", "qualifier"), [
    ("How long does Globex have to cure a breach?", "notice_period", "breach_cure"),
    ("How much advance notice is needed to cancel the Acme deal?", "notice_period", "termination"),
    # the contract named between the verb and its noun
    ("How much notice do we need to give to end the Kestrel hosting agreement?", "notice_period", "termination"),
    ("How much notice must we give to get out of our Brightwater deal?", "notice_period", "termination"),
    ("How much notice is needed to end the Kestrel deal when its term ends?", "notice_period", "non_renewal"),
    ("What insurance amounts must Globex maintain?", "amount", "insurance"),
    ("What's Initech's minimum annual purchase obligation?", "amount", "minimum_commitment"),
    ("Is there a floor on how much we need to order each year from the Vantor deal?", "amount",
     "minimum_commitment"),
    ("How much can we recover from Hollis at most if something goes wrong?", "amount", "liability_cap"),
    ("How much is the early termination fee in the Acme deal?", "amount", "liquidated_damages"),
    ("How much does Globex have to pay if it walks away from the Acme deal early?", "amount", "liquidated_damages"),
    ("How much does Oldham owe us if the service goes down?", "amount", "penalty"),
    # a royalty is a share of sales, not the licence fee the same contract states as a figure
    ("What royalty does Virtuoso pay Johns Hopkins?", "amount", "royalty"),
    ("What license fee does Virtuoso pay Johns Hopkins?", "amount", "fee"),
])
def test_everyday_value_questions_name_their_kind(nlp, question, attribute, qualifier):
    plan = parse_question(question, nlp)
    assert plan.attribute == attribute
    assert plan.qualifier == qualifier


@pytest.mark.parametrize(("question", "clause_type"), [
    ("Is the Stark agreement evergreen?", "renewal_term"),
    ("Does the Initech contract give us a licence?", "license_grant"),
    ("Do we have to share our profits with Tessaract?", "revenue_profit_sharing"),
    ("Does Kittering get a cut of the sales we make through their platform?", "revenue_profit_sharing"),
    ("Is there a ceiling on the units Wexley can ship to us?", "volume_restriction"),
    ("How many units must Hartwell buy at minimum?", "minimum_commitment"),
    ("Who ends up owning the stuff Yarrow builds for us?", "ip_ownership_assignment"),
    ("If we invent something together with Alder, who owns it?", "joint_ip_ownership"),
    ("What rights does the Birchwood agreement give us to use their software?", "license_grant"),
    ("Is there a fixed sum Ironside pays if they walk away early?", "liquidated_damages"),
    ("Do we owe Nuttall a fee if we cancel early?", "liquidated_damages"),
    ("Is there a penalty if Ironside ends the Nuttall contract early?", "liquidated_damages"),
    ("What cover does Kingsley have to carry?", "insurance"),
    ("Do we have to keep the Northgate pricing secret?", "confidentiality"),
    ("What happens if Redfern can't deliver because of a hurricane?", "force_majeure"),
    ("Can Thornbury's subsidiaries use the licence too?", "affiliate_license_licensee"),
    ("Are we the only reseller Upland can use in Europe?", "exclusivity"),
    ("Do they have to give us their best price?", "most_favored_nation"),
    ("How do we settle a fight with Westbrook under the contract?", "dispute_resolution"),
    ("Can Ashford end the deal if we miss a payment?", "termination"),
    ("Are there any carve-outs letting Bellamy compete in some markets?", "competitive_restriction_exception"),
    ("Does Corliss get to use the licence without any limits on users?", "unlimited_license"),
    ("Is Lanford barred from going after our customers once the deal ends?", "non_solicit"),
    ("Between the Hooli and Pied Piper agreements, which one restricts hiring each other's staff?", "non_solicit"),
    ("Can Merriweather walk away from the partnership without giving a reason?", "termination_for_convenience"),
    ("Do we need Ostrander's sign-off before we hand the contract to our buyer?", "anti_assignment"),
    ("Are there caps on how much Pellham has to pay us if they mess up?", "cap_on_liability"),
    ("Will Quarrington keep patching the software after the contract is over?", "post_termination_services"),
    ("Is Stavely on the hook for everything if they breach confidentiality?", "uncapped_liability"),
    ("Is Carrow allowed to work for our rivals while under contract?", "non_compete"),
    ("What does Oldham have to pay if the service goes down?", "penalty"),
    ("List the deals that can be terminated if someone takes over the other party.", "change_of_control"),
    # everyday wordings of round 37's own questions, written before the planner read them
    ("Who insures the goods while Harcourt ships them?", "insurance"),
    ("Who gets the IP that comes out of the Fenwick collaboration?", "ip_ownership_assignment"),
    ("Does Marlow keep the IP in the deliverables?", "ip_ownership_assignment"),
    ("Can Dunmore sell its coatings to anyone other than us?", "exclusivity"),
    ("Can Halsey appoint someone else in our territory?", "exclusivity"),
    ("Are we tied to Penrose for our trucking?", "exclusivity"),
    ("Does Ridley have to pay us some guaranteed minimum?", "minimum_commitment"),
    ("Can Tavistock pull the plug on us at any time?", "termination_for_convenience"),
    ("Can Wexford cancel the deal just because it wants to?", "termination_for_convenience"),
    ("If someone acquires Ellery, can we get out of the contract?", "change_of_control"),
    ("Does a sale of most of Ellery's shares trigger anything?", "change_of_control"),
    ("How long after the deal must Quill stay out of our market?", "non_compete"),
    ("Can our golfer endorse other golf clubs while working with Ashby?", "non_compete"),
    ("Can Carlow charge others less than it charges us?", "most_favored_nation"),
    ("Can Selby raise its service fees whenever it likes?", "price_restrictions"),
    ("Do we get the source code if Norcross goes bust?", "source_code_escrow"),
    # round 45's own questions, written before the planner read them
    ("Can Brampton end the deal if we're acquired?", "change_of_control"),
    ("What happens to the Brampton licence if Brampton merges with a rival?", "change_of_control"),
    # a reference that ends in "licence" names the licence asked about ("License Agreement" in a title does not)
    ("Is the Brampton licence perpetual?", "irrevocable_or_perpetual_license"),
    ("Can Kestrel hand its Brampton license to someone else?", "anti_assignment"),
    # round 48's own questions, written before the planner read them
    ("Is there a limit on what Ostrava can owe us?", "cap_on_liability"),
    ("Does Penrose get a cut of Ridley's sales?", "revenue_profit_sharing"),
    ("Can Quill hand the Ellery deal to someone else without asking?", "anti_assignment"),
    ("Can Norcross sell competing implants while it distributes for us?", "non_compete"),
    ("How long does Ostrava get to take our content down after the licence ends?", "post_termination_services"),
    ("What has Penrose got to do once the Ridley distributorship ends?", "post_termination_services"),
    # round 49's own questions, written before the planner read them
    ("Does our golfer have to stay away from other golf brands?", "non_compete"),
    ("Can Penrose show up on other women's sites besides ours?", "exclusivity"),
    ("Can Ridley bail out of its outsourcing with us early?", "termination_for_convenience"),
    # round 50's own questions, written before the planner read them (names changed)
    ("What happens to Ostrava's hosting setup with us when the deal is over?", "post_termination_services"),
    ("Who gets the tech if the Penrose and Ridley joint venture breaks up?", "post_termination_services"),
    ("What happens to confidential information when the Ridley deal ends?", "confidentiality"),
    ("Does Norcross have to hit sales targets with us?", "minimum_commitment"),
    ("Is Quill stuck paying Ellery a minimum?", "minimum_commitment"),
    ("Can Ostrava promote Penrose's rivals?", "non_compete"),
    ("Does Ridley have to buy only from Quill?", "exclusivity"),
    ("Can Norcross undercut us on price?", "price_restrictions"),
    ("Who pays if the Ellery IP deal lands someone in court?", "indemnification"),
    # round 50's second batch, terse and chat-style (names changed)
    ("Ostrava collab: any cap on damages", "cap_on_liability"),
    ("Bluefly hosting: can Ridley walk away", "termination"),
])
def test_everyday_clause_words(nlp, question, clause_type):
    assert clause_type in parse_question(question, nlp).clause_types


def test_how_long_a_clause_in_a_deal_lasts_is_not_the_deals_end(nlp):
    plan = parse_question("How long does the non-compete in our deal with Northwind last?", nlp)
    assert plan.clause_types == ["non_compete"] and "expiration_date" not in plan.attributes
    plan = parse_question("Does the non-compete in the Northwind deal ever end?", nlp)
    assert plan.clause_types == ["non_compete"] and "expiration_date" not in plan.attributes
    # "on the hook for" defects asks how long the warranty lasts, not the deal's end
    plan = parse_question("How long is the supplier on the hook for defects?", nlp)
    assert plan.clause_types == ["warranty_duration"] and "expiration_date" not in plan.attributes


def test_a_library_list_goes_by_the_specific_clause(nlp):
    """"terminate" beside "acquired" asks for change-of-control clauses: a list of every contract that can be
    terminated would not answer it. A question about one contract keeps both (its termination right is the
    answer's substance)."""
    listed = parse_question("Which of these deals let the other side terminate if we're acquired?", nlp)
    assert listed.intent == "list" and listed.clause_types == ["change_of_control"]
    one = parse_question("Can Brampton terminate the licence if we're acquired?", nlp)
    assert one.clause_types[:2] == ["change_of_control", "termination"]


@pytest.mark.parametrize(("question", "not_asked"), [
    # the everyday cue words above stay with their own meaning
    ("Who owns the trade secrets developed under the Acme deal?", "confidentiality"),
    ("If we build it together with Acme, who owns it?", "ip_ownership_assignment"),
    ("Can Ashford end the deal?", "termination"),  # when the contract ends is its term, not a termination clause
    ("Is there a limit on how many days Globex has to pay?", "volume_restriction"),
    ("Is there no cap on the number of users of the Corliss licence?", "uncapped_liability"),
    ("What is the best way to reach Acme under the contract?", "most_favored_nation"),
    # "tied to" a length or a price, "anyone other than" the signatories, "our deal with": no exclusivity
    ("How long is Jenner tied to the Easton deal?", "exclusivity"),
    ("Is the Easton fee tied to an inflation index?", "exclusivity"),
    ("In our deal with Easton, is anyone other than the two signatories meant to benefit?", "exclusivity"),
    # round 48's cues: a limit on a price, a share of costs, competitive prices
    ("Is there a limit on what Acme can charge us?", "cap_on_liability"),
    ("Does Acme get a share of the costs?", "revenue_profit_sharing"),
    ("Can Selby offer competitive prices to others?", "non_compete"),
    # round 49's cues: staying away from a place, other costs besides a fee
    ("Should we stay away from the Acme site?", "non_compete"),
    ("Are there other costs besides the fee in the Acme deal?", "exclusivity"),
    # round 50's cues: how long a duty lasts is no cap; a minimum notice or wage, who pays a cost, promoting one's own
    ("How long is Acme on the hook to host our site?", "cap_on_liability"),
    ("Does the distributor need to give a minimum of 30 days notice?", "minimum_commitment"),
    ("Does Acme have to pay the minimum wage?", "minimum_commitment"),
    ("Who pays the shipping costs?", "indemnification"),
    ("Can we promote our own products?", "non_compete"),
    # walking away "whenever it likes" is the convenience right, not any termination
    ("Can Oxbow walk away from the Global Energy alliance whenever it likes?", "termination"),
])
def test_everyday_clause_words_keep_to_their_meaning(nlp, question, not_asked):
    assert not_asked not in parse_question(question, nlp).clause_types


@pytest.mark.parametrize(("question", "attribute"), [
    ("Whose courts and laws apply if we fall out with Abernathy?", "governing_law"),
    ("Until when are we tied to the Easton deal?", "expiration_date"),
    # the deal named with its other side still asks when the contract ends
    ("How long does our deal with Northwind run?", "expiration_date"),
    ("How long does Vitamin Shoppe's sponsorship of drkoop run?", "expiration_date"),
    ("How long does the distributorship with Alfa Aesar last?", "expiration_date"),
    ("Does the Ridley IP agreement ever end?", "expiration_date"),  # round 49's own question
    ("How long is Ostrava on the hook to host our site?", "expiration_date"),  # round 50's own, names changed
    ("What law covers the Penrose distribution deal?", "governing_law"),  # round 50's own, names changed
    ("notice to cancel the Quill maintenance contract?", "notice_period"),  # round 50's second batch
    ("Penrose content licence - how long", "expiration_date"),  # round 50's second batch
    ("Is the Selwyn agreement still in force?", "expiration_date"),
    ("Does the Selwyn deal run until 2004?", "expiration_date"),
    ("Does the Selwyn licence last through December 2021?", "expiration_date"),
    ("Is the Zane agreement subject to New York law?", "governing_law"),
    ("How long is the initial term of the Zane agreement?", "expiration_date"),
    ("When did we enter into the agreement with Ashby?", "agreement_date"),
    ("How many days' heads-up to cancel the Osgood renewal?", "notice_period"),
    ("What's the insurance minimum for Ramsey?", "amount"),
    ("When does the Harlow distributorship lapse?", "expiration_date"),
    ("When did Ardent and Bexley put pen to paper?", "agreement_date"),
    ("When was the Corby deal inked?", "agreement_date"),
    ("What's the term of the Emerald consulting arrangement?", "expiration_date"),
    ("What is the duration of our deal with Northwind?", "expiration_date"),
    ("How long is the term of the Harlow distribution agreement?", "expiration_date"),
    ("What does the Harlow consultant get paid?", "amount"),
    ("What is the consultant paid under the Harlow agreement?", "amount"),
    ("What is the hourly rate in the Harlow consulting agreement?", "amount"),
    ("Which of our hosting agreements can be ended on the shortest notice?", "notice_period"),
])
def test_everyday_words_for_a_value(nlp, question, attribute):
    assert parse_question(question, nlp).attribute == attribute


@pytest.mark.parametrize(("question", "intent", "comparison"), [
    # "first" in a clause's name is no order in time
    ("Does the Acme deal or the Globex deal give a right of first refusal?", "compare", "contains"),
    ("Which was signed first, our Acme deal or the Globex one?", "compare", "earlier"),
    ("Was the Acme deal signed after the Globex one?", "compare", "later"),
    ("Any contracts governed by Delaware law?", "list", None),
])
def test_everyday_library_and_side_by_side_words(nlp, question, intent, comparison):
    plan = parse_question(question, nlp)
    assert plan.intent == intent
    assert plan.comparison == comparison


@pytest.mark.parametrize("clause", CLAUSE_TYPES, ids=lambda c: c.name)
def test_a_clause_named_by_its_own_name_is_that_clause_alone(nlp, clause):
    # the registry's label and other names (CUAD's category names among them) read as the type, and a shorter
    # cue inside them ("assignment" in "IP ownership assignment", "IP ownership" in "joint IP ownership",
    # "competitive restriction" in "competitive restriction exception") is no second ask
    for name in (clause.label, *clause.names):
        for question in (f"Does the Supply Agreement between Acme Corp and Beta LLC contain a {name} clause?",
                         f"Which contracts in the collection contain a {name.lower()} clause?",
                         f"How many of our contracts have a {name} clause?"):
            plan = parse_question(question, nlp)
            assert plan.clause_types == [clause.name], (question, plan.clause_types)


def test_a_shorter_cue_outside_a_longer_name_is_still_asked(nlp):
    plan = parse_question("Does the Acme deal have an IP ownership clause, and may we assign the contract?", nlp)
    assert set(plan.clause_types) == {"ip_ownership_assignment", "anti_assignment"}


def test_money_handed_over_is_not_the_contract_handed_over():
    """'hand over' names an assignment only when the contract or its rights are what is handed over."""
    assert parse_question("Is there a percentage of sales we have to hand over to them?").clause_types == [
        "revenue_profit_sharing"]
    assert parse_question("Can we hand it over to our parent company?").clause_types == ["anti_assignment"]


def test_the_most_owed_when_things_go_wrong_is_the_liability_cap_not_a_fee():
    nlp = load_spacy()
    assert parse_question("What's the most we could have to pay if things go wrong with Acme?", nlp).qualifier \
        == "liability_cap"
    assert parse_question("How much is our exposure under the Acme deal?", nlp).qualifier == "liability_cap"
    assert parse_question("What is the most we pay per month under the Acme deal?", nlp).qualifier == "fee"


@pytest.mark.parametrize(("question", "title"), [
    ("Which law governs the NDA?", "NDA"),
    ("Does the MSA let either side end it early?", "MSA"),
    ("Which law governs the Northwind MSA?", "Northwind MSA"),
])
def test_a_contract_kinds_short_name_is_a_title_reference(question, title):
    """'the NDA' names a document (the library's non-disclosure agreement), unlike 'the agreement'."""
    assert [r.title for r in parse_question(question).documents] == [title]
    assert parse_question("Which law governs the agreement?").documents == []


@pytest.mark.parametrize(("question", "parties"), [
    ("Does the Otis IP agreement let either side assign it without consent?", ["Otis"]),
    ("Who owns improvements under the Garrett Motion IP agreement?", ["Garrett Motion"]),
    ("Can we end Umbrella's JV contract early?", ["Umbrella"]),
])
def test_a_kind_written_short_after_a_name_is_not_part_of_the_name(question, parties):
    """"the Otis IP agreement" is Otis's intellectual property agreement: "Otis IP" is a party no contract has,
    and the question was refused as naming no document in the library."""
    plan = parse_question(question)
    assert [p for r in plan.documents for p in r.parties] == parties, plan.documents


def test_a_short_name_is_also_searched_spelled_out():
    from veridict.domain.words import title_variants

    assert "non-disclosure agreement" in title_variants("NDA")
    assert "Northwind master services agreement" in title_variants("Northwind MSA")
    assert title_variants("Supply Agreement") == ["Supply Agreement"]


@pytest.mark.parametrize("question", [
    "Does any part of the Zounds agreement survive termination?",
    "What survives the expiration or termination of the Acme deal?",
])
def test_what_survives_termination_asks_for_post_termination_obligations_alone(question):
    """"survive termination" is one phrase: the termination clauses themselves are not asked for beside it."""
    assert parse_question(question).clause_types == ["post_termination_services"]


@pytest.mark.parametrize("question", [
    "Does the Northwind MSA roll over automatically?",
    "The Jaguar deal rolls over at the end of its term; for how long?",
    "Does the Kestrel lease extend itself?",
])
def test_rolling_over_asks_for_the_renewal_term(question):
    plan = parse_question(question)
    assert plan.attribute == "renewal_term", plan


def test_notice_before_it_rolls_over_is_still_a_notice_question():
    plan = parse_question("How far ahead must we tell Kestrel before the lease rolls over?")
    assert plan.attribute == "notice_period" and plan.qualifier == "non_renewal", plan


def test_two_names_offered_as_alternatives_make_a_comparison(nlp):
    # no comparison word of the list ("further ahead"), but "..., A or B?" asks to choose between two contracts
    plan = parse_question("Who do we have to warn further ahead before renewal, Medical Manager or Wells Fargo?", nlp)
    assert plan.intent == "compare" and plan.comparison == "longer", plan
    assert plan.attributes[:1] == ["notice_period"]
    # one name and an "or" between verbs is no choice between contracts
    plan = parse_question("Who can assign or transfer the Globex agreement?", nlp)
    assert plan.intent != "compare", plan


@pytest.mark.parametrize(("question", "attribute", "qualifier", "clause_type"), [
    # everyday words for how long a contract binds, for warning given before leaving, for handing a deal on
    ("How long are we tied to Globex under the endorsement?", "expiration_date", None, None),
    ("Which hosting deal runs longer, Globex's or Initech's?", "expiration_date", None, None),
    ("Do the Globex and Initech deals end at the same time?", "expiration_date", None, None),
    ("Compare how long the two endorsement deals last.", "expiration_date", None, None),
    ("If we want out of the Globex hosting contract, how much warning do we have to give?", "notice_period",
     "termination", None),
    ("Can Initech hand its reseller deal to someone else without asking Globex?", None, None, "anti_assignment"),
    ("How long does the Globex IP deal stay in force?", "expiration_date", None, None),
    ("How long is the Globex cooperation agreement?", "expiration_date", None, None),
    ("Is the Initech rights deal open-ended, or is there a fixed term?", "expiration_date", None, None),
    ("Is the Globex deal forever?", "expiration_date", None, None),
    ("Did the Globex collaboration start before the Initech deal?", "effective_date", None, None),
    ("Who are we dealing with in the Globex co-branding?", "party", None, None),
    ("Can we get out of the Globex alliance early, and how?", None, None, "termination_for_convenience"),
    ("Which of our consulting agreements can be ended at any time?", None, None, "termination_for_convenience"),
])
def test_everyday_words_for_term_notice_and_assignment(nlp, question, attribute, qualifier, clause_type):
    plan = parse_question(question, nlp)
    assert plan.attributes[:1] == ([attribute] if attribute else []), plan
    assert plan.qualifier == qualifier, plan
    if clause_type:
        assert clause_type in plan.clause_types, plan
    assert "amount" not in plan.attributes, plan  # "how much warning" asks for no sum of money


def test_a_year_named_in_a_library_question_bounds_the_dates(nlp):
    # "signed in 2014" lists the contracts signed that year; a question about one contract is not bounded
    plan = parse_question("Which of our deals were signed in 2014?", nlp)
    assert plan.intent == "list" and plan.attributes == ["agreement_date"], plan
    assert (plan.constraints.date_from, plan.constraints.date_to) == (dt.date(2013, 12, 31), dt.date(2015, 1, 1))
    plan = parse_question("Which contracts expire in March 2020?", nlp)
    assert plan.attributes == ["expiration_date"], plan
    assert (plan.constraints.date_from, plan.constraints.date_to) == (dt.date(2020, 2, 29), dt.date(2020, 4, 1))
    plan = parse_question("What was the fee under the Globex agreement in 2014?", nlp)
    assert plan.constraints.date_from is None and plan.constraints.date_to is None, plan


@pytest.mark.parametrize(("question", "order"), [
    ("Which of our distributor agreements was signed most recently?", True),
    ("Which of our content licenses ends last?", True),
    ("Which of our content licenses renew automatically?", False),
])
def test_most_recent_and_last_are_orders(nlp, question, order):
    assert asks_an_order(question) is order


def test_how_many_of_our_deals_of_a_kind_is_a_count(nlp):
    assert parse_question("How many of our reseller agreements renew automatically?", nlp).intent == "count"
    assert "effective_date" not in parse_question("Can we start selling before the launch date under the Globex deal?",
                                                  nlp).attributes


@pytest.mark.parametrize("question", [
    "How long is the warranty period in the Globex deal?",
    "How long is the non-compete in the Initech agreement?",
])
def test_how_long_a_clause_lasts_is_not_the_contracts_term(nlp, question):
    assert "expiration_date" not in parse_question(question, nlp).attributes


def test_telling_them_before_the_deal_renews_asks_for_the_notice(nlp):
    plan = parse_question("How long do we have to tell Globex before the distributor deal renews?", nlp)
    assert plan.attributes[:1] == ["notice_period"] and plan.qualifier == "non_renewal", plan
    plan = parse_question("Tell me the renewal terms in the Globex co-branding deal.", nlp)
    assert plan.attributes[:1] == ["renewal_term"], plan


def test_a_party_named_only_by_its_role_is_split_from_the_named_one():
    # a form contract's other side left blank: "between El Banco Financial Corporation and sales agent"
    plan = parse_question("Does the Agency Agreement between El Banco Financial Corporation and sales agent contain "
                          "a minimum commitment clause?")
    assert [r.parties for r in plan.documents] == [["El Banco Financial Corporation", "sales agent"]], plan.documents
    # a lower-case word that is no role stays part of the name
    plan = parse_question("Does the Supply Agreement between Harbor Fuels and sons contain a cap on liability?")
    assert [r.parties for r in plan.documents] == [["Harbor Fuels and sons"]], plan.documents


def test_a_party_whose_name_is_written_in_lower_case_is_the_second_party():
    # some brands write their name in lower case: "between AstroNutrition.com and deep systems" names two parties
    plan = parse_question("When does the Premium Managed Hosting Agreement between AstroNutrition.com and deep "
                          "systems expire?")
    assert [r.parties for r in plan.documents] == [["AstroNutrition.com", "deep systems"]], plan.documents
    plan = parse_question("Which law governs the Hosting Agreement between Centrack International Inc. and i-on "
                          "interactive Inc.?")
    assert [r.parties for r in plan.documents] == [["Centrack International Inc.", "i-on interactive Inc"]]
    # a phrase that only follows a name is no party of its own
    plan = parse_question("Does the Supply Agreement between Harbor Fuels and its affiliates cap liability?")
    assert [r.parties for r in plan.documents] == [["Harbor Fuels"]], plan.documents


@pytest.mark.parametrize(("question", "mentions"), [
    ("Which ends later, the Globex co-branding or the Initech content license?",
     ["the Globex co-branding", "the Initech content license"]),
    ("Did the Globex outsourcing start before our Initech transport contract?",
     ["the Globex outsourcing", "our Initech transport contract"]),
    # a kind of deal ends a reference only where no document noun follows
    ("Is the Globex supply and marketing deal older than the Initech reseller agreement?",
     ["the Globex supply and marketing deal", "the Initech reseller agreement"]),
    # "the one with ...", and a name that ends before "and"
    ("Between the contract with Globex and the one with Initech, where must we give more notice to stop a renewal?",
     ["contract with Globex", "one with Initech"]),
])
def test_contracts_named_by_their_kind_or_as_the_one_with_a_party_are_compared(nlp, question, mentions):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare", plan
    assert [d.mention for d in plan.documents] == mentions, plan.documents


@pytest.mark.parametrize(("question", "attribute", "comparison"), [
    ("I need to know whether the Globex deal predates our Initech license.", "agreement_date", "earlier"),
    ("Did the Globex outsourcing start before our Initech transport contract?", None, "earlier"),
    ("Which contract is more recent: the Globex collaboration or the Initech development deal?", "agreement_date",
     "later"),
    # a place has no order: compared, it is the same or not
    ("Compare governing law: the Globex deal and the Initech agreement.", "governing_law", "same"),
    ("Where is the opt-out window before renewal longer: the Globex outsourcing or the Initech distributorship?",
     "notice_period", "longer"),
])
def test_everyday_words_for_an_order_or_a_likeness_of_two_contracts(nlp, question, attribute, comparison):
    plan = parse_question(question, nlp)
    assert plan.intent == "compare" and plan.comparison == comparison, plan
    if attribute:
        assert plan.attributes[:1] == [attribute], plan


def test_a_capitalised_word_before_law_is_no_jurisdiction_unless_it_is_one(nlp):
    plan = parse_question("Same law or not: the Globex deal versus the Initech agreement?", nlp)
    assert plan.constraints.jurisdiction is None and plan.comparison == "same", plan
    plan = parse_question("Which of our contracts are under Delaware law?", nlp)
    assert plan.constraints.jurisdiction == "Delaware", plan


def test_a_party_as_the_subject_of_a_clause_is_no_ask_for_the_parties(nlp):
    plan = parse_question("Does the Globex deal or the Initech contract let a party walk away for convenience?", nlp)
    assert plan.attributes == [] and plan.clause_types[:1] == ["termination_for_convenience"], plan
    assert plan.comparison == "contains", plan
    assert parse_question("Who is the other party to the Globex deal?", nlp).attributes[:1] == ["party"]
    plan = parse_question("In our deal with Fabrikam, is there anything about a takeover of either party?", nlp)
    assert plan.intent == "clause_lookup" and plan.attributes == [], plan
    assert plan.clause_types[:1] == ["change_of_control"], plan


@pytest.mark.parametrize(("question", "asking"), [
    ("With whom did Globex sign the collaboration?", []),
    ("Globex did its co-branding deal with which company?", []),
    ("Which bank outsourced its processing to Globex?", []),
    # the named party's counterpart by its role: the named one is the asking side
    ("Who's Globex's hosting provider?", ["Globex"]),
    ("Who is Globex's customer under the hosting agreement?", ["Globex"]),
])
def test_everyday_ways_to_ask_for_the_other_party(nlp, question, asking):
    plan = parse_question(question, nlp)
    assert plan.attributes[:1] == ["party"], plan
    assert plan.exclude_parties == asking, plan


def test_who_a_party_partnered_with_names_the_asking_side():
    assert asking_parties("Who did Halcyon partner with on fuel supply and marketing?") == ["Halcyon"]


@pytest.mark.parametrize("question", [
    "How long is the Sutro supply agreement in force?",
    "When is the Time Life co-branding with Integrity over?",
    "When does the Cisco / ScanSource distribution agreement end under amendment 3?",
])
def test_everyday_ways_to_ask_when_a_contract_ends(question):
    plan = parse_question(question)
    assert plan.attributes == ["expiration_date"], plan
    assert plan.constraints.max_num is None  # "under amendment 3" names a document's part, no amount


def test_a_figure_after_under_is_still_an_amount_bound():
    plan = parse_question("Which contracts have a liability cap under $5,000?")
    assert plan.constraints.max_num == 5000.0, plan


def test_capping_either_sides_liability_asks_for_the_cap_clause():
    plan = parse_question("Does the Jaguars sponsorship cap either side's liability?")
    assert plan.intent == "clause_lookup" and plan.clause_types == ["cap_on_liability"], plan


def test_a_possessive_and_a_with_that_touch_name_one_contract():
    # "Glu's first content license | amendment with Fox": one contract with two parties, no comparison
    plan = parse_question("When was Glu's first content license amendment with Fox signed?")
    assert plan.intent == "exact_value" and [r.parties for r in plan.documents] == [["Fox", "Glu"]], plan


@pytest.mark.parametrize(("question", "served"), [
    ("Who supplies SutroVax?", "SutroVax"),
    ("Who hosts Centrack's website?", "Centrack"),
    ("Who distributes PPG's paints under the distributor agreement?", "PPG"),
])
def test_who_serves_a_party_asks_for_its_counterpart(question, served):
    plan = parse_question(question)
    assert plan.attributes == ["party"] and plan.exclude_parties == [served], plan


@pytest.mark.parametrize("question", [
    "When did the Acme license begin?",
    "When did Acme's agreement take effect?",
    "When did the Centrack hosting kick in?",
    "Since when has our contract with Beijing Sun Seven been in force?",
])
def test_everyday_ways_to_ask_when_a_contract_began(question):
    plan = parse_question(question)
    assert plan.intent == "exact_value" and plan.attributes == ["effective_date"], plan


@pytest.mark.parametrize("question", [
    "Who signed the joint filing agreement with ABP Trust?",
    "Who signed the Zebra IP deal with Motorola?",
])
def test_who_signed_asks_for_the_parties_not_the_date(question):
    plan = parse_question(question)
    assert plan.attributes == ["party"], plan.attributes
    assert "agreement_date" in parse_question("Who signed the Zebra IP deal with Motorola, and when?").attributes


def test_fixing_a_breach_asks_for_the_cure_period():
    plan = parse_question("How long do we have to fix a breach under the Time Life co-branding deal?")
    assert plan.attributes == ["notice_period"] and plan.qualifier == "breach_cure", plan


@pytest.mark.parametrize("question", [
    "What is the term of the non-compete in the Harlow agreement?",
    "What's the term of the licence Harlow grants?",
    "What are the payment terms of the Harlow agreement?",
])
def test_the_term_of_something_inside_a_contract_is_not_its_end(nlp, question):
    assert parse_question(question, nlp).attribute != "expiration_date"


def test_compensation_for_damages_is_no_fee(nlp):
    plan = parse_question("What compensation is owed for damages under the Harlow agreement?", nlp)
    assert plan.qualifier != "fee" and plan.attribute != "amount", plan
    assert parse_question("What does the Harlow consultant get paid?", nlp).qualifier == "fee"
    # what a contract is worth is what it pays, not what a breach costs
    assert parse_question("How much is the Harlow sponsorship worth?", nlp).qualifier == "fee"


@pytest.mark.parametrize("question", [
    "Which agreements did Harlow sign with Kestrel Foods?",
    "What agreements are there between Harlow and Kestrel Foods?",
    "Which contracts do we have with Kestrel Foods?",
])
def test_which_contracts_with_a_party_lists_those_contracts(nlp, question):
    plan = parse_question(question, nlp)
    assert (plan.intent, plan.attributes) == ("list", ["party"]), plan


@pytest.mark.parametrize("question", [
    "When did Harlow sign its agreement with Kestrel Foods?",
    "Which agreements with Kestrel Foods contain a non-compete?",
])
def test_a_date_or_a_clause_asked_of_contracts_with_a_party_is_still_asked(nlp, question):
    plan = parse_question(question, nlp)
    assert plan.attributes != ["party"] or plan.intent != "list", plan


def test_a_contract_that_can_be_ended_on_notice_asks_the_notice_to_terminate(nlp):
    plan = parse_question("Which of our hosting agreements can be ended on the shortest notice?", nlp)
    assert plan.qualifier == "termination", plan


@pytest.mark.parametrize("question", [
    "Can Acme assign the Northwind deal?",
    "Can Jaguar assign the Wireless Links distributorship",
    "Is Emdeon allowed to assign the WebMD content license?",
])
def test_a_cue_just_before_a_named_deal_is_still_read(nlp, question):
    """The deal's name is cut from the question before the cues are read; the words either side of it stay one
    space apart, so "assign the ..." is still an anti-assignment question (round 50: it read as none)."""
    assert "anti_assignment" in parse_question(question, nlp).clause_types


def test_how_long_alone_after_a_clause_is_that_clause(nlp):
    """"X - how long" asks when a named deal ends; after a clause's name it asks about that clause."""
    plan = parse_question("non-compete - how long", nlp)
    assert plan.clause_types == ["non_compete"] and "expiration_date" not in plan.attributes

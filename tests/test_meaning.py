"""Reading a question by meaning when no cue word names what it asks (real embedder, real spaCy)."""

from __future__ import annotations

import numpy as np
import pytest

from agents.meaning import (
    AGREED_MIN_SIMILARITY,
    MIN_SIMILARITY,
    as_clause_lookup,
    asks_yes_no,
    bare_question,
    clause_model_reading,
    clause_question,
    meaning_hint,
    meaning_model,
    qualifier_hint,
    read_by_meaning,
    value_in_passing,
    wants_meaning,
    with_contract,
)
from agents.planner import load_spacy, parse_question
from veridict.domain import ATTRIBUTE_BY_NAME, CLAUSE_BY_NAME
from veridict.domain.examples import ATTRIBUTE_EXAMPLES, CLAUSE_EXAMPLES, QUALIFIER_EXAMPLES
from veridict.domain.qualifiers import AMOUNT_KIND_NAMES
from veridict.embeddings import Embedder


@pytest.fixture(scope="module")
def embedder():
    return Embedder()


def test_every_example_key_is_a_registry_name():
    assert set(ATTRIBUTE_EXAMPLES) <= set(ATTRIBUTE_BY_NAME)
    assert set(CLAUSE_EXAMPLES) <= set(CLAUSE_BY_NAME)
    assert set(QUALIFIER_EXAMPLES) <= AMOUNT_KIND_NAMES


@pytest.mark.parametrize(("question", "kind", "name"), [
    ("Who did we sign the Globex deal with?", "attribute", "party"),
    ("Is Globex allowed to hire away our staff?", "clause", "non_solicit"),
])
def test_a_question_without_cue_words_is_read_by_meaning(embedder, question, kind, name):
    plan = parse_question(question, load_spacy())
    hint, reading = meaning_hint(plan, embedder)
    assert reading is not None and (reading.kind, reading.name) == (kind, name)
    assert hint is not None
    assert (hint.attribute if kind == "attribute" else hint.clause_types[0]) == name


def test_a_question_far_from_every_example_gets_no_hint(embedder):
    plan = parse_question("Tell me a joke about penguins and the weather in Oslo.", load_spacy())
    hint, _ = meaning_hint(plan, embedder)
    assert hint is None


def test_everyday_document_references_are_read():
    nlp = load_spacy()
    plan = parse_question("Which deals include a non-disparagement clause?", nlp)
    assert plan.intent == "list"
    plan = parse_question("Which of our contracts are under New Jersey law?", nlp)
    assert plan.attribute == "governing_law" and plan.constraints.value_text == "New Jersey"
    plan = parse_question("Does Vitalibis' services deal restrict assignment?", nlp)
    assert [r.parties for r in plan.documents] == [["Vitalibis"]]


@pytest.mark.parametrize(("question", "yes_no"), [
    ("Is there a way out of the Globex deal just by giving notice?", True),
    ("Can someone outside the contract enforce any of it?", True),
    ("Does the Globex deal roll over, and for how long each time?", False),
    ("When did the Globex contract take effect?", False),
    ("Who is on the other side of our contract?", False),
    # a party's "Inc." ends no sentence: the question is the whole of it
    ("Does the Collaboration Agreement between Anixa Biosciences, Inc. and OntoChem GmbH contain a non-compete "
     "clause? Quote the clause and cite section and page.", True),
    ("We're MediaNet Group Ltd. Is there a cap on our liability?", True),
    # nor does an initial or "No." before a name or number
    ("Does the Promotion Agreement between Acme, Inc. and JOHN Q. PUBLIC III include an exclusivity provision?", True),
    ("Does the Reseller Agreement between Todos Ltd. and Care G. B. Plus Ltd. require insurance?", True),
    ("Does Amendment No. 3 to the Distributor Agreement contain a non-compete clause? Quote it.", True),
    ("Is Dr. Morello barred from working for competitors?", True),
    ("Which law governs the Promotion Agreement between Acme, Inc. and JOHN Q. PUBLIC III?", False),
    ("We're in the U.S. Who is on the other side?", False),
])
def test_a_yes_no_question_that_asks_no_value_is_told_apart(question, yes_no):
    assert asks_yes_no(question) is yes_no


def test_a_yes_no_question_is_read_as_a_clause(embedder):
    plan = parse_question("Can we get out of the Globex deal just by telling them, without any reason?", load_spacy())
    _, reading = meaning_hint(plan, embedder)
    assert reading is not None and reading.kind == "clause"


def test_examples_are_also_read_with_the_contract_named():
    assert with_contract(("When does it take effect?", "Who pays?")) == [
        "When does it take effect?", "When does the contract take effect?", "Who pays?"]


def test_everyday_brand_names_and_hyphenated_clause_names_are_read():
    nlp = load_spacy()
    plan = parse_question("Is there a change-of-control clause in the co-branding contract with eDiets?", nlp)
    assert plan.clause_types == ["change_of_control"]
    assert [r.parties for r in plan.documents] == [["eDiets"]]
    plan = parse_question("Does our contract with iPass roll over?", nlp)
    assert [r.parties for r in plan.documents] == [["iPass"]]


@pytest.mark.parametrize(
    "question, lookup",
    [
        # a yes/no question that wants the wording asks whether a clause is there, whatever value words it holds
        ("Is there a limit on how much anyone can be liable for under the Northwind deal? Show me the language.",
         True),
        ("Under the services contract with Contoso, is newly created IP assigned to one of the parties? Quote the "
         "wording.", True),
        ("Are we guaranteed the best price anyone gets under our alliance deal with Fabrikam? Quote the wording.",
         True),
        # a value is still a value: asked for, or asked without the wording
        ("How much is the cap on liability under the Northwind deal? Quote the clause.", False),
        ("Who are the parties to the Fabrikam deal? Quote the wording.", False),
        ("Is the best price under our alliance deal with Fabrikam $40 a unit? Quote the wording.", False),
        ("Is there a limit on how much anyone can be liable for under the Northwind deal?", False),
    ],
)
def test_a_yes_no_question_that_wants_the_wording_is_a_clause_lookup(question, lookup):
    plan = parse_question(question)
    read = clause_question(plan)
    if lookup:
        assert plan.attribute in ("amount", "party"), plan  # a cue word named a value in passing
        assert read.intent == "clause_lookup" and read.attribute is None and "facts" not in read.tools, read
        assert asks_yes_no(question)
    else:
        assert read == plan


def test_a_clause_reading_under_the_bar_stands_when_the_clause_model_reads_the_question_the_same(embedder):
    plan = parse_question("May Globex send someone to verify our numbers?", load_spacy())
    assert not plan.clause_types and plan.attribute is None  # no cue word names it
    readings = meaning_model(embedder).readings(bare_question(plan), embedder)
    assert readings[0].name == "audit_rights" and AGREED_MIN_SIMILARITY <= readings[0].similarity < MIN_SIMILARITY
    assert clause_model_reading(bare_question(plan), embedder) == "audit_rights"
    hint, _ = meaning_hint(plan, embedder)
    assert hint is not None and hint.clause_types == ["audit_rights"]


def test_the_kind_of_an_asked_amount_is_read_by_meaning_when_no_cue_names_it(embedder):
    nlp = load_spacy()
    plan = parse_question("Is Globex's exposure capped, and at what figure?", nlp)
    hint, _ = meaning_hint(plan, embedder)
    assert hint is not None and hint.attribute == "amount"
    plan = plan.model_copy(update={"intent": "exact_value", "attribute": "amount", "attributes": ["amount"]})
    kind, reading = qualifier_hint(plan, embedder)
    assert kind == "liability_cap" and reading is not None and reading.similarity >= 0.55


def test_a_cue_word_or_a_notice_question_keeps_its_own_kind(embedder):
    nlp = load_spacy()
    cued = parse_question("What is the insurance amount required under the Globex deal?", nlp)
    assert cued.qualifier == "insurance"
    assert qualifier_hint(cued, embedder) == (None, None)
    notice = parse_question("How much notice ends the Wayne deal?", nlp)
    assert notice.attribute == "notice_period" and notice.qualifier is None
    assert qualifier_hint(notice, embedder) == (None, None)  # kinds of notice come from cue words only


@pytest.mark.parametrize(("question", "attribute"), [
    ("What date does the Globex deal start?", "effective_date"),
    ("On which date does the Hooli agreement come into force?", "effective_date"),
    ("What date was our deal with Globex made?", "agreement_date"),
])
def test_what_date_names_no_date_of_its_own(embedder, question, attribute):
    # "what date" used to ask for the signing date whatever the verb; the verb decides
    plan = parse_question(question, load_spacy())
    if not plan.attributes:
        hint, _ = meaning_hint(plan, embedder)
        assert hint is not None
        got = hint.attribute
    else:
        got = plan.attribute
    assert got == attribute


@pytest.mark.parametrize(
    "question",
    [
        "Are we guaranteed the best price they give anyone under the Northwind deal?",
        "In our deal with Contoso, do we have to buy a minimum amount each year?",
        # the value words are what the cap is on, not what is asked
        "Is there a limit on how much Globex can be on the hook for?",
    ],
)
def test_a_yes_no_question_naming_a_clause_type_is_a_lookup_without_asking_for_the_wording(question):
    plan = parse_question(question, load_spacy())
    assert plan.attribute in ("amount", "party") and plan.clause_types, plan  # a value cue in passing
    read = clause_question(plan)
    assert read.intent == "clause_lookup" and read.attribute is None and read.clause_types == plan.clause_types


def test_a_value_question_beside_a_clause_type_stays_a_value_question():
    for question in ("How much is the cap on liability under the Northwind deal?",
                     "Is the minimum purchase under the Contoso deal 500 units a year?"):
        plan = parse_question(question, load_spacy())
        assert plan.intent == "exact_value" and clause_question(plan) == plan


@pytest.mark.parametrize(("question", "clause_type"), [
    # the only cue named an amount in passing; what is asked is whether the clause is there
    ("If Globex misses the delivery date, is there a fixed sum they owe?", "liquidated_damages"),
    # a condition leads the yes/no question
    ("If Globex gives another customer a lower price, do we get it too?", "most_favored_nation"),
])
def test_a_yes_no_question_naming_an_amount_in_passing_is_read_as_the_clause_by_meaning(embedder, question,
                                                                                         clause_type):
    plan = clause_question(parse_question(question, load_spacy()))
    assert plan.intent == "exact_value" and plan.attribute == "amount" and not plan.clause_types  # rules alone
    assert value_in_passing(plan)
    hint, _ = meaning_hint(plan, embedder)
    assert hint is not None and hint.clause_types == [clause_type]
    assert wants_meaning(plan)
    read, _, used = read_by_meaning(plan, embedder)  # as the answer graph's plan step reads it
    assert used and read.intent == "clause_lookup" and read.attribute is None and read.clause_types == [clause_type]
    assert as_clause_lookup(plan, hint.clause_types) == read


def test_a_value_question_or_a_stated_figure_is_no_value_in_passing(embedder):
    nlp = load_spacy()
    assert not value_in_passing(clause_question(parse_question("How much is the fee under the Globex deal?", nlp)))
    stated = clause_question(parse_question("Is the fee under the Globex deal $500?", nlp))
    assert not value_in_passing(stated) and not wants_meaning(stated)


def test_a_clause_reading_between_045_and_050_stands_when_the_clause_model_agrees(embedder):
    plan = clause_question(parse_question("Is Globex free to sign up other distributors in our region?", load_spacy()))
    readings = meaning_model(embedder).readings(bare_question(plan), embedder)
    readings = [r for r in readings if r.kind == "clause"]
    assert readings[0].name == "exclusivity" and AGREED_MIN_SIMILARITY <= readings[0].similarity < 0.50
    hint, _ = meaning_hint(plan, embedder)
    assert hint is not None and hint.clause_types == ["exclusivity"]


def test_the_question_reader_ships_for_the_default_embedder_and_only_for_it(embedder):
    """The learned reader (``bench.train_question_reader``) loads with its sidecar's floor, reads a probability per
    label, and is not used with an embedder it was not fitted on."""
    from agents.meaning import load_question_reader, question_reader_for

    reader = load_question_reader()
    assert reader is not None and 0.0 < reader.min_probability < 1.0
    assert question_reader_for(embedder) is reader
    read = reader.read(np.asarray(embedder.embed_query("Who signed the contract?"), dtype=np.float32))
    assert abs(sum(p for _, _, p in read) - 1.0) < 1e-4 and [p for *_, p in read] == sorted(
        (p for *_, p in read), reverse=True)

    class Other:
        model_name, dim = "some-other-model", embedder.dim

    assert question_reader_for(Other()) is None


@pytest.mark.parametrize(("question", "name"), [
    # everyday wordings written for this test, none of them in the reader's training lists
    # the nearest example: rofr under the bar (0.54); non-solicitation (0.59), one example about customers
    ("If Globex wants to sell a stake to an outsider, do we get to buy it first?", "rofr_rofo"),
    ("Will Globex still look after our existing customers once the contract is over?", "post_termination_services"),
])
def test_a_clause_question_no_single_example_is_near_is_read_by_the_question_reader(embedder, question, name):
    plan = parse_question(question, load_spacy())
    assert not plan.clause_types
    hint, reading = meaning_hint(plan, embedder)
    assert hint is not None and hint.clause_types == [name], reading


def test_the_question_reader_was_fitted_on_todays_examples():
    """Editing the registry's examples or the study lists without refitting leaves the reader on old data: the
    sidecar's hash says which texts it saw (``python -m bench.train_question_reader`` refits it, about a minute)."""
    import json
    from pathlib import Path

    from bench.train_question_reader import data_hash, registry_rows, study_questions

    side = Path(__file__).resolve().parents[1] / "agents" / "models" / "question_reader.json"
    assert json.loads(side.read_text())["data"]["sha256"] == data_hash(registry_rows() + study_questions())


def test_a_comparison_asked_as_yes_no_is_still_read_for_its_value(embedder):
    # a yes/no question is read against clause types only, but a comparison of two contracts' values asks for a
    # value of each: "the same state's rules" is the governing law, which no cue word names ("the same state's law"
    # is now a cue of its own)
    plan = parse_question("Is the Vitalibis hosting contract under the same state's rules as our IBM hosting deal?",
                          load_spacy())
    assert plan.intent == "compare" and plan.comparison == "same" and not plan.attributes, plan
    hint, reading = meaning_hint(plan, embedder)
    assert hint is not None and hint.attribute == "governing_law", reading
    # a comparison of clauses stays with the clause types
    plan = parse_question("Does the Integra supply deal or the Bunker One one have an exclusivity clause?", load_spacy())
    assert plan.comparison == "contains" and not wants_meaning(plan)


def test_a_comparison_by_a_value_no_cue_names_is_read_against_the_attributes(embedder):
    # "tell earlier if we don't want to renew": no notice cue, a renewal clause named in passing; comparing two
    # contracts by "earlier" compares a value of each, so the attributes are read (not the clause types), and a
    # period compared by "earlier" is compared by length
    plan = parse_question("Who do we need to tell earlier if we don't want to renew, Votocast or Clickstream?",
                          load_spacy())
    assert plan.intent == "compare" and plan.comparison == "earlier" and not plan.attributes, plan
    assert wants_meaning(plan)
    read, reading, used = read_by_meaning(plan, embedder)
    assert used and read.attribute == "notice_period" and read.comparison == "longer", reading


@pytest.mark.parametrize(("question", "read"), [
    ("What does the Bunker One contract say about hedging?", None),
    ("What does the Oxbow alliance say about commissions?", None),
    ("What does our deal with Litware say about which law applies?", "governing_law"),
])
def test_a_question_about_a_topic_is_read_by_its_topic(embedder, question, read):
    """Read whole, "what does X say about hedging" is nearest to the parties and "about commissions" to an amount;
    the topic alone is near neither, so the question stays open and its passages are quoted."""
    plan, _, used = read_by_meaning(parse_question(question, load_spacy()), embedder)
    if read is None:
        assert not used and plan.attribute is None and not plan.clause_types
    else:
        assert read in (plan.attribute, *plan.clause_types)

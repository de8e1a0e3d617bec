"""A reference whose own words fit two contracts equally is settled by the question's other words: real ingestion,
stores, name index and planner."""

from __future__ import annotations

import pytest

from agents.planner import load_spacy, parse_question
from agents.resolve import resolve_documents
from tests.conftest import contracts_tenant
from tools.base import ToolContext

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

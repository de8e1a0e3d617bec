"""One name, several contracts, set in order: "Which of the Kestrel manufacturing agreements was signed first?"
compares every contract the name finds. Real ingestion, stores, name index, planner and answer graph."""

from __future__ import annotations

import pytest

from agents.planner import load_spacy, parse_question
from agents.resolve import resolve_documents
from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant
from tools.base import ToolContext

FIRST = """# Manufacturing Agreement

This Manufacturing Agreement (the "Agreement") is made as of March 3, 2017 by and between Kestrel Foods, Inc., a
Delaware corporation ("Kestrel"), and Harrow Dairy LLC, an Ohio limited liability company ("Harrow").

## 1. Manufacture

1.1 Harrow shall manufacture protein shakes for Kestrel to the specifications in Schedule A.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of Ohio.
"""

SECOND = """# Manufacturing Agreement

This Manufacturing Agreement (the "Agreement") is made as of September 14, 2019 by and between Kestrel Foods, Inc., a
Delaware corporation ("Kestrel"), and Lindqvist Packaging AB, a Swedish company ("Lindqvist").

## 1. Manufacture

1.1 Lindqvist shall fill and pack powdered products for Kestrel.

## 2. Governing Law

2.1 This Agreement is governed by the laws of Sweden.
"""

OTHER = """# Distribution Agreement

This Distribution Agreement (the "Agreement") is made as of January 5, 2015 by and between Ostara Tools plc
("Ostara") and Brightline Supply Ltd ("Brightline").

## 1. Appointment

1.1 Ostara appoints Brightline as its distributor in Ireland.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    files = {"kestrel-harrow.md": FIRST, "kestrel-lindqvist.md": SECOND, "ostara-brightline.md": OTHER}
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("each-of"), files) as t:
        yield t


def test_an_order_asked_of_the_contracts_one_name_finds_compares_them(stores, tenant):
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which of the Kestrel manufacturing agreements was signed first?", load_spacy())
    assert question.intent != "compare"  # the rules see one name
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent == "compare", plan
    assert len(plan.documents) == 2 and all(len(r.document_ids) == 1 for r in plan.documents), plan.documents
    assert len({r.document_ids[0] for r in plan.documents}) == 2


def test_the_answer_names_the_earlier_contract_and_both_dates(stores, settings, tenant):
    answer = answer_question(stores, settings, "Which of the Kestrel manufacturing agreements was signed first?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert "2017-03-03" in answer.text and "2019-09-14" in answer.text, answer.text
    verdict = answer.text[:answer.text.index("is the earlier one")]  # the verdict first, naming the contract
    assert "Harrow" in verdict and "Lindqvist" not in verdict, answer.text


def test_a_question_that_orders_nothing_is_not_a_comparison(stores, tenant):
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("Which of the Kestrel manufacturing agreements is governed by Swedish law?", load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert plan.intent != "compare", plan

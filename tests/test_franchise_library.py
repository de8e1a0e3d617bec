"""A small library of two franchise agreements and a supply agreement, each franchise between a named party and a
party named by its role ("... and Franchisee"): a reference that gives the named party with its trade name, or with
two letters swapped, finds its own contract, not the sibling that uses the role word more; a royalty is answered by
its rate; two contracts that end on one day have no earlier one. Real ingestion, stores, name index, planner and
answer graph."""

from __future__ import annotations

import pytest

from agents.planner import load_spacy, parse_question
from agents.resolve import resolve_documents
from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant
from tools.base import ToolContext

PRETZEL = """# FRANCHISE AGREEMENT

This agreement is made and entered into as of March 3, 1997 (the "Effective Date") by and between Pretzel Time, Inc.,
a Pennsylvania corporation trading and doing business as Pretzel Time ("Pretzel Time"), and Franchisee (as defined
below).

## 1. Term

1.1 The term of this Agreement shall expire twenty (20) years from the Effective Date.

## 2. Royalty Fee

2.1 Franchisee shall pay to Pretzel Time a continuing Royalty of seven percent (7%) of Franchisee's net revenues.

2.2 Upon execution of this Agreement, Franchisee shall pay to Pretzel Time an initial franchise fee of Twenty-Five
Thousand Dollars ($25,000.00).

## 3. Applicable Law

3.1 This Agreement shall be governed by the laws of the Commonwealth of Pennsylvania.
"""

HOTEL = """# FRANCHISE AGREEMENT

This Franchise Agreement between Harbor Suites Franchise LLC ("Franchisor") and the Franchisee named in the Addendum
("Franchisee") is dated as of May 1, 2014. The Franchisee shall operate the Hotel. The Franchisee shall pay the
Franchisee fees. The Franchisee shall keep the Franchisee's records. The Franchisee shall insure the Hotel.

## 1. Term

1.1 This Agreement shall expire on May 1, 2029.

## 2. Governing Law

2.1 This Agreement shall be governed by the laws of the State of New York.
"""

SUPPLY = """# MANUFACTURING AND SUPPLY AGREEMENT

This Manufacturing and Supply Agreement is made as of May 1, 2020 by and between Pfizer Inc., a Delaware corporation
("Manufacturer"), and Upjohn Inc., a Delaware corporation ("Customer").

## 1. Term

1.1 This Agreement shall expire on May 1, 2029.

## 2. Governing Law

2.1 This Agreement shall be governed by the laws of the State of Delaware.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("trade"),
                          {"pretzel-franchise.md": PRETZEL, "hotel-franchise.md": HOTEL, "supply.md": SUPPLY}) as t:
        yield t


def test_a_trade_name_and_a_role_word_find_the_named_partys_contract(stores, settings, tenant):
    question = ("Which jurisdiction's law governs the Franchise Agreement between Pretzel Time, Inc. doing business "
                "as Pretzel Time and Franchisee?")
    plan, _, _ = resolve_documents(parse_question(question, load_spacy()), ToolContext.from_stores(stores, tenant))
    docs = [d for r in plan.documents for d in r.document_ids]
    assert len(docs) == 1, plan.documents
    answer = answer_question(stores, settings, question, tenant=tenant)
    assert "Pennsylvania" in answer.text and "New York" not in answer.text, answer.text


def test_a_party_name_with_two_letters_swapped_finds_its_contract(stores, settings, tenant):
    answer = answer_question(stores, settings, "Who is the counterparty of Pifzer Inc. under the Manufacturing and Supply "
                             "Agreement?", tenant=tenant)
    assert "Upjohn" in answer.text, answer.text


def test_a_royalty_is_answered_by_its_rate_not_by_the_franchise_fee(stores, settings, tenant):
    answer = answer_question(stores, settings, "What royalty does a Pretzel Time franchisee pay?", tenant=tenant)
    assert "seven percent (7%)" in answer.text and "25,000" not in answer.text.split("Also")[0], answer.text


def test_two_ends_on_one_day_are_no_earlier_one(stores, settings, tenant):
    answer = answer_question(stores, settings, "Does the Harbor Suites franchise end before the Upjohn supply agreement?",
                             tenant=tenant)
    assert answer.text.startswith("No: both fall on the same date, 2029-05-01"), answer.text

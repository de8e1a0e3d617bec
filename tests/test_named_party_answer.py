"""A question that names a party is answered from that party's contract or not at all, never from another contract
that happens to hold the clause: real ingestion, stores, name index and answer graph."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant

RESELLER = """# Channel Partner Reseller Agreement

This Channel Partner Reseller Agreement (the "Agreement") is made as of March 3, 2017 by and between Quorvant
Networks, Inc., a Delaware corporation ("Quorvant"), and Lindqvist Telecom AB, a Swedish company ("Partner").

## 1. Appointment

1.1 Quorvant appoints Partner as a non-exclusive reseller of the Quorvant roaming services in the Nordic region.

## 2. Fees

2.1 Partner shall pay Quorvant the fees set out in Schedule 1 within thirty (30) days of each invoice.

## 3. Governing Law

3.1 This Agreement is governed by the laws of the State of California.
"""

PATENTS = """# Intellectual Property Agreement

This Intellectual Property Agreement (the "Agreement") is made as of June 1, 2019 by and between Beltane Speech
Corporation, a Delaware corporation ("Beltane"), and Corvid Voice Inc., a Delaware corporation ("Corvid").

## 1. License

1.1 Beltane hereby grants to Corvid a worldwide, non-exclusive, fully paid-up, perpetual and irrevocable license
under the Beltane Patents to make, use and sell speech products. The right to use the technology cannot be revoked.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of New York.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("named"),
                          {"quorvant-reseller.md": RESELLER, "beltane-ip.md": PATENTS}) as t:
        yield t


def test_a_clause_the_named_partys_contract_lacks_is_not_quoted_from_another_contract(stores, settings, tenant):
    answer = answer_question(stores, settings, "Can Quorvant ever pull our right to use the technology?",
                             tenant=tenant)
    titles = {c.document_title for c in answer.citations}
    assert "Intellectual Property Agreement" not in titles, answer.text
    assert "Beltane" not in answer.text and "irrevocable license" not in answer.text, answer.text


def test_the_other_contract_still_answers_when_it_is_named(stores, settings, tenant):
    answer = answer_question(stores, settings, "Can Beltane ever pull our right to use the technology?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert {c.document_title for c in answer.citations} == {"Intellectual Property Agreement"}, answer.text


@pytest.mark.parametrize("asked", ["Quorvand Networks, Inc.", "Quorvant Networks, Inc."])
def test_the_counterparty_leaves_out_the_asked_party_however_the_question_spells_it(stores, settings, tenant, asked):
    # "Quorvand" for the contract's "Quorvant": the asked party itself is not its own counterparty
    answer = answer_question(stores, settings, f"Who is the counterparty of {asked} under the Channel Partner "
                             "Reseller Agreement?", tenant=tenant)
    assert not answer.refused, answer.text
    assert "Lindqvist Telecom" in answer.text, answer.text
    assert "Quorvant Networks" not in answer.text.split(" is ", 1)[-1], answer.text


def test_later_questions_reuse_the_compiled_graph_and_share_no_state(stores, settings, tenant):
    from graphs.answer_graph import answer_graph_for

    graph = answer_graph_for(stores, settings)
    assert answer_graph_for(stores, settings) is graph  # compiled once for these stores and settings
    changed = settings.model_copy(update={"max_rewrites": settings.max_rewrites + 1})
    assert answer_graph_for(stores, changed) is not graph  # a changed setting compiles its own
    first = answer_question(stores, settings, "Which law governs the Quorvant reseller agreement?", tenant=tenant)
    second = answer_question(stores, settings, "Which law governs the Beltane IP agreement?", tenant=tenant)
    assert "California" in first.text and "New York" not in first.text, first.text
    assert "New York" in second.text and "California" not in second.text, second.text
    assert {c.document_title for c in second.citations} == {"Intellectual Property Agreement"}, second.text


@pytest.mark.parametrize(("question", "other", "asker"), [
    ("We're Quorvant. Who's on the other side of our reseller agreement?", "Lindqvist Telecom", "Quorvant"),
    ("Who did Lindqvist sign the reseller agreement with?", "Quorvant Networks", "Lindqvist"),
    # the contract's owner named by a possessive is the asking side
    ("Who's on the other side of Quorvant's reseller agreement?", "Lindqvist Telecom", "Quorvant"),
])
def test_a_user_who_says_which_party_they_are_is_told_the_other_one(stores, settings, tenant, question, other, asker):
    answer = answer_question(stores, settings, question, tenant=tenant)
    assert not answer.refused, answer.text
    named = answer.text.split(" is ", 1)[-1]
    assert other in named and asker not in named, answer.text


def test_an_answer_from_other_contracts_says_no_contract_matches_the_name_asked(stores, settings, tenant):
    # "our work for Blue Falcon" names a party the library does not hold, without a word the planner reads as a
    # document reference: what is found elsewhere is shown only under a note that says so
    answer = answer_question(stores, settings, "Which law governs our work for Blue Falcon?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert answer.text.startswith("Nothing in the library matches Blue Falcon"), answer.text
    # "the Blue Falcon reseller" names a contract by a party and its kind of deal: one the library does not hold
    missing = answer_question(stores, settings, "Which law governs the Blue Falcon reseller?", tenant=tenant)
    assert missing.refused and missing.refusal_reason == "no such document in the library", missing.text
    named = answer_question(stores, settings, "Which law governs the Quorvant reseller?", tenant=tenant)
    assert not named.refused and not named.text.startswith("Nothing"), named.text

"""A clause that retrieval missed, searched for by the clause model itself (``QuoteCheck.scan``): real ingestion,
real stores and embedder, the shipped clause model."""

from __future__ import annotations

import numpy as np
import pytest

from agents.clause_check import NEAR, QuoteCheck
from agents.drafting import Drafter
from agents.planner import parse_question
from agents.provenance import build_answer
from ingest.chunking import embedding_text
from tests.conftest import one_contract_tenant
from tools.base import ToolContext

CONTRACT = """# Supply Agreement

This Supply Agreement (the "Agreement") is made on 3 March 2021 between Harbor Kitchens Ltd ("Buyer") and
Tidewater Ceramics LLC ("Supplier").

## 1. Supply

1.1 Supplier shall manufacture and deliver the glazed tableware described in Schedule 1 (the "Products") to Buyer
in the quantities Buyer orders from time to time.

1.2 Each order shall state the quantities, the delivery address and the requested delivery date.

## 2. Price and Payment

2.1 Buyer shall pay the prices set out in Schedule 2 within thirty (30) days of the date of each invoice.

2.2 Late payments bear interest at two percent (2%) above the base rate of the Bank of England.

## 3. Restricted Activities

3.1 For as long as this Agreement remains in force and for two (2) years after it ends, Supplier shall not, on its
own account or together with any other person, make, market or sell to any restaurant or hotel in the United
Kingdom tableware of a design similar to the Products, nor hold an interest in any business that does so.

## 4. Term

4.1 This Agreement begins on the date written above and continues for three (3) years.

## 5. Governing Law

5.1 This Agreement is governed by the laws of England and Wales.
"""


@pytest.fixture(scope="module")
def library(ingestor, stores, tmp_path_factory):
    with one_contract_tenant(ingestor, stores, tmp_path_factory.mktemp("scan"), "harbor-supply.md",
                             CONTRACT) as tenant:
        (doc,) = stores.pg.list_documents(tenant)
        yield tenant, doc.id


def _check(stores, tenant) -> tuple[ToolContext, QuoteCheck]:
    ctx = ToolContext.from_stores(stores, tenant)
    check = QuoteCheck.of(ctx)
    assert check is not None, "the shipped clause model fits the default embedder"
    return ctx, check


def test_the_scan_finds_the_clause_and_scores_it_as_the_model_does(stores, library):
    tenant, doc_id = library
    ctx, check = _check(stores, tenant)
    found = check.scan(ctx, ["non_compete"], [doc_id])
    assert found, "the document's chunks are searched"
    evidence, meta, score = found[0]
    assert evidence.citation.clause_number == "3.1", [e.citation.clause_number for e, _, _ in found]
    assert score >= NEAR
    assert [s for _, _, s in found] == sorted((s for _, _, s in found), reverse=True)
    # the score from the cosine along the type's direction is the model's score of the chunk as ingest embeds it
    (chunk, document), = stores.pg.get_chunks(tenant, [evidence.id.removeprefix("chunk:")])
    vector = np.asarray(ctx.embedder.embed_documents([embedding_text(chunk, ctx.section(chunk.section_id, document))]))
    direct = check.model.chunk_scores(vector, [[]], [chunk.text])[0, list(check.model.tags).index("non_compete")]
    assert score == pytest.approx(float(direct), abs=1e-3)


def _answer(stores, tenant, doc_id, question):
    ctx, _ = _check(stores, tenant)
    plan = parse_question(question)
    for ref in plan.documents:
        ref.document_ids = [doc_id]
    drafter = Drafter(plan, [], {}, {}, ctx)  # nothing retrieved
    draft = drafter.build([])
    return drafter, build_answer(question, draft, {})


def test_a_yes_no_clause_question_that_retrieval_missed_gets_the_likely_clause(stores, library):
    tenant, doc_id = library
    drafter, answer = _answer(stores, tenant, doc_id, "Does the Harbor supply agreement contain a non-compete clause?")
    assert not answer.refused, answer.text
    # the lead names the clause, so it reads the same way round whatever the question asks ("is Harbor free to ...?")
    assert answer.text.startswith("Likely a non-compete clause, though"), answer.text
    assert [c.clause_number for c in answer.citations] == ["3.1"]
    assert "make, market or sell" in answer.citations[0].quote
    assert any(t.tool == "clause_check" and "direction" in (t.note or "") for t in drafter.trace)


@pytest.mark.parametrize("question", [
    # no passage reads as an audit clause: nothing is offered
    "Does the Harbor supply agreement contain an audit rights clause?",
    # not a yes/no question: the scan is for "is it there?", not for what a clause says
    "What does the non-compete in the Harbor supply agreement restrict?",
])
def test_no_likely_clause_without_a_strong_reading_or_outside_a_yes_no_question(stores, library, question):
    tenant, doc_id = library
    _, answer = _answer(stores, tenant, doc_id, question)
    assert not answer.text.startswith("Likely"), answer.text


BREACH_ONLY = """# Service Agreement

This Service Agreement (the "Agreement") is made on 9 June 2022 between Lantern Books Ltd ("Customer") and Orchard
Print Services LLC ("Printer").

## 1. Services

1.1 Printer shall print and bind the titles Customer orders from time to time.

## 2. Fees

2.1 Customer shall pay each invoice within thirty (30) days.

## 3. Ending the Agreement

3.1 Either party may terminate this Agreement upon sixty (60) days' written notice to the other party if the other
party commits a material breach of this Agreement and does not cure it within that period. Termination takes effect
at the end of the notice period.

## 4. Governing Law

4.1 This Agreement is governed by the laws of England and Wales.
"""


def test_a_chunk_read_as_the_clause_only_by_a_sentence_its_key_terms_exclude_is_no_likely_clause(
        ingestor, stores, tmp_path_factory):
    """The model reads an end-for-breach section as termination for convenience; the key terms exclude its
    sentence ("terminate ... notice ... if ... breach"), so the scan offers no likely clause: no finding."""
    question = "Does the Lantern service agreement contain a termination for convenience clause?"
    with one_contract_tenant(ingestor, stores, tmp_path_factory.mktemp("breach"), "lantern-print.md",
                             BREACH_ONLY) as tenant:
        (doc,) = stores.pg.list_documents(tenant)
        ctx, check = _check(stores, tenant)
        found = check.scan(ctx, ["termination_for_convenience"], [doc.id])
        assert found and found[0][0].citation.clause_number == "3.1" and found[0][2] >= NEAR, \
            [(e.citation.clause_number, s) for e, _, s in found]  # the model alone would offer it
        _, answer = _answer(stores, tenant, doc.id, question)
        assert not answer.text.startswith("Likely"), answer.text

"""The vector baseline over real stores (Postgres, Qdrant local mode, the packaged embedder)."""

from __future__ import annotations

import uuid

from veridict.evaluation.baseline import BaselineAnswerer, best_sentence
from veridict.evaluation.documents import DocResolver
from veridict.evaluation.questions import Contract, EvidenceSpan, Question
from veridict.evaluation.runner import run_eval
from veridict.types import Chunk, Document

PAGES = [
    (
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Components Inc. and "
        "Borealis Medical B.V. Acme shall manufacture the devices described in Schedule A."
    ),
    (
        "18. Miscellaneous\n\nNotices shall be sent by courier to the addresses above. This "
        "Agreement shall be governed by and construed in accordance with the laws of the "
        "Netherlands. Headings are for convenience only."
    ),
    "19. Term\n\nThe term of this Agreement is five (5) years from the Effective Date.",
]


def _ingest(
    pg, vectors, embedder, tenant: str, key: str, pages: list[str], activate: bool = True
) -> Document:
    """Write a small document the way the pipeline does: rows pending, vectors, then activate."""
    text = "\n\n".join(pages)
    doc = Document(
        tenant=tenant,
        doc_key=key,
        title="Supply Agreement",
        source_path=f"/data/{key}.pdf",
        sha256=uuid.uuid4().hex,
        n_pages=len(pages),
        n_chars=len(text),
    )
    page_rows, chunks, offset = [], [], 0
    for n, page in enumerate(pages, 1):  # one chunk per page: a heading and its clause text
        page_rows.append((n, offset, offset + len(page)))
        chunks.append(
            Chunk(
                tenant=tenant,
                document_id=doc.id,
                ordinal=n - 1,
                text=page,
                page_start=n,
                page_end=n,
                char_start=offset,
                char_end=offset + len(page),
            )
        )
        offset += len(page) + 2
    pg.write_document(doc, page_rows, [], chunks, [], [], [], text)
    vectors.upsert_chunks(tenant, chunks, embedder.embed_documents([c.text for c in chunks]), doc)
    if activate:
        pg.activate(tenant, doc.id)
    return doc


def test_best_sentence_prefers_most_question_words():
    text = "Notices go by courier. This Agreement is governed by the laws of the Netherlands. Headings."
    s, e = best_sentence("Which laws govern the agreement?", text)
    assert text[s:e] == "This Agreement is governed by the laws of the Netherlands."


def test_baseline_answers_with_the_best_sentence_and_cites_its_page(
    pg_store, vector_store, embedder, tenant
):
    doc = _ingest(pg_store, vector_store, embedder, tenant, "acme-supply", PAGES)
    answer = BaselineAnswerer(vector_store, embedder, pg_store, tenant, k=5)(
        "What is the governing law?"
    )
    assert not answer.refused
    assert "laws of the Netherlands" in answer.text
    c = answer.citations[0]
    assert (c.document_id, c.page, c.store) == (doc.id, 2, "vectors")
    assert (
        pg_store.document_text(tenant, doc.id, c.char_start, c.char_end) == c.quote == answer.text
    )


def test_baseline_refuses_only_when_nothing_is_retrieved(pg_store, vector_store, embedder, tenant):
    answerer = BaselineAnswerer(vector_store, embedder, pg_store, tenant)
    assert answerer("Which law governs?").refused
    _ingest(pg_store, vector_store, embedder, tenant, "pending-doc", PAGES, activate=False)
    assert answerer("Which law governs?").refused  # a pending document is not in the library


def test_baseline_through_the_runner_is_scored(pg_store, vector_store, embedder, tenant):
    _ingest(pg_store, vector_store, embedder, tenant, "acme-supply", PAGES)
    contract = Contract(
        doc_id="c1",
        cuad_filename="ACME-SUPPLY.pdf",
        txt_path="t/ACME-SUPPLY.txt",
        pdf_path="p/ACME-SUPPLY.pdf",
        title="Supply Agreement",
        parties_clean=["Acme Components Inc.", "Borealis Medical B.V."],
    )
    law = Question(
        qid="q1",
        qtype="exact_value/governing_law",
        expected_behavior="answer_with_citation",
        question="What is the governing law?",
        gold_answer="Netherlands",
        doc_ids=["c1"],
        evidence=[EvidenceSpan(doc_id="c1", start=0, end=1, page_start=2, page_end=2)],
    )
    absent = Question(
        qid="q2",
        qtype="clause_lookup/absent",
        expected_behavior="say_not_found",
        question="Is there a most favored nation clause in the Supply Agreement?",
        gold_answer="No",
        doc_ids=["c1"],
    )
    answerer = BaselineAnswerer(vector_store, embedder, pg_store, tenant)
    report = run_eval([law, absent], answerer, "baseline", resolver=DocResolver([contract]))
    by_id = {r.qid: r for r in report.results}
    assert by_id["q1"].correct and by_id["q1"].citation_ok
    assert not by_id[
        "q2"
    ].correct  # the baseline never says "not found" when it retrieved something
    assert report.summary.unsupported_claims == 0  # its answer is its quote

"""The venue attribute end to end: real ingestion of sample contracts, then everyday questions through the
agent; the answer names the place and cites the forum sentence."""

from __future__ import annotations

import uuid

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import SAMPLES


@pytest.fixture(scope="module")
def library(ingestor, stores):
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    files = [SAMPLES / "library" / "contoso-reseller.html", SAMPLES / "library" / "acme-nda.md"]
    report = ingestor.ingest_files(files, tenant)
    assert [f.status for f in report.files] == ["ingested", "ingested"], report.files
    yield tenant
    for store in (stores.pg, stores.vectors, stores.graph):
        store.delete_tenant(tenant)


@pytest.mark.parametrize("question", [
    "Where do disputes with Contoso get heard?",
    "Which courts have jurisdiction over our reseller agreement with Contoso?",
])
def test_a_venue_question_is_answered_with_the_forum_sentence(stores, library, question):
    answer = answer_question(stores, stores.settings, question, tenant=library)
    assert not answer.refused, answer.text
    assert "King County" in answer.text, answer.text
    plan = next(s for s in answer.trace if s.node == "plan" and s.arguments.get("intent"))
    assert plan.arguments["attributes"] == ["venue"]
    assert any("King County" in c.quote and "reseller" in c.document_title.lower() for c in answer.citations)


def test_a_law_question_still_asks_for_the_law(stores, library):
    answer = answer_question(stores, stores.settings, "Which state's law governs the Contoso reseller deal?",
                             tenant=library)
    assert "Washington" in answer.text and "King County" not in answer.text, answer.text

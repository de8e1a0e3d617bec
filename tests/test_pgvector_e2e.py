"""Ingest and answer with VERIDICT_VECTOR_BACKEND=pgvector: the factory, the ingestion pipeline
and the agent on the vectors in the facts' Postgres, and two store sets open at once (the
in-process Qdrant stores refuse a second opener; this backend is meant to be shared)."""

from __future__ import annotations

import uuid

import pytest

from graphs.answer_graph import answer_question
from stores.pgvector_store import PgVectorStore
from tests.conftest import SAMPLES
from veridict.factory import open_stores

FILES = [SAMPLES / "library" / "cloudsecure-vendor-agreement.pdf", SAMPLES / "library" / "northwind-msa.pdf"]


@pytest.fixture(scope="module")
def pg_settings(settings):
    return settings.model_copy(update={
        "vector_backend": "pgvector",
        "qdrant_collection": f"e2e_{uuid.uuid4().hex[:10]}",
        # Qdrant settings are ignored by this backend: a URL nothing listens on proves it
        "qdrant_url": "http://127.0.0.1:9",
    })


@pytest.fixture(scope="module")
def ingested(pg_settings):
    from ingest.pipeline import Ingestor

    tenant = f"t_{uuid.uuid4().hex[:10]}"
    with open_stores(pg_settings) as stores:
        assert isinstance(stores.vectors, PgVectorStore)
        result = Ingestor(stores).ingest_files(FILES, tenant)
        yield stores, tenant, result
        for store in (stores.pg, stores.vectors, stores.graph):
            store.delete_tenant(tenant)


def test_ingest_writes_every_chunk_to_pgvector(ingested):
    stores, tenant, result = ingested
    assert [f.status for f in result.files] == ["ingested", "ingested"], [f.message for f in result.files]
    for f in result.files:
        assert f.chunks > 0 and stores.vectors.count(tenant, f.document_id) == f.chunks
    query = stores.embedder.embed_query("penalty for each data breach incident")
    hits = stores.vectors.search(tenant, query, k=3)
    vendor = next(f for f in result.files if f.doc_key == "cloudsecure-vendor-agreement")
    assert hits and hits[0].payload["document_id"] == vendor.document_id


def test_answer_cites_the_active_figure(ingested, pg_settings):
    stores, tenant, result = ingested
    answer = answer_question(stores, pg_settings,
                             "What is the data breach penalty in the CloudSecure vendor agreement?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert "1,500,000" in answer.text
    vendor = next(f for f in result.files if f.doc_key == "cloudsecure-vendor-agreement")
    assert any(c.document_id == vendor.document_id and "1,500,000" in c.quote for c in answer.citations)


def test_a_second_store_set_shares_the_vectors(ingested, pg_settings):
    stores, tenant, _ = ingested
    with open_stores(pg_settings, migrate=False, query=True) as second:
        assert second.unavailable == {}
        assert second.vectors.count(tenant) == stores.vectors.count(tenant) > 0

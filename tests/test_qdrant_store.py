"""QdrantStore in local mode with real embeddings: search, tenant isolation, filters, lifecycle."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import numpy as np
import pytest

from stores.errors import StoreLocked
from stores.qdrant import QdrantStore, tenant_filter
from veridict.types import Chunk, Document

ROOT = Path(__file__).resolve().parents[1]

CONTRACT_A = [
    ("This Agreement shall be governed by the laws of the State of New York.", ["Governing Law"]),
    ("Either party may terminate this Agreement upon ninety days written notice.", ["Termination"]),
    ("The Licensee shall pay a royalty of five percent of net sales each quarter.", ["Royalty"]),
    ("Neither party may assign this Agreement without the prior written consent of the other.",
     ["Anti-Assignment"]),
]
CONTRACT_B = [
    ("The total liability of the Supplier shall not exceed the fees paid in the prior year.",
     ["Cap On Liability"]),
    ("This Agreement is governed by the laws of England and Wales.", ["Governing Law"]),
    ("The Customer may audit the Supplier's records once per calendar year.", ["Audit Rights"]),
]


def make_document(tenant: str, key: str, clauses, chunk_ids=None):
    doc = Document(tenant=tenant, doc_key=key, title=key.title(), source_path=f"/x/{key}.pdf",
                   sha256=uuid.uuid4().hex, version=1)
    chunks, pos = [], 0
    for i, (text, types) in enumerate(clauses):
        chunks.append(Chunk(
            id=chunk_ids[i] if chunk_ids else str(uuid.uuid4()),
            tenant=tenant, document_id=doc.id, section_id=f"s{i}", ordinal=i, text=text,
            page_start=i + 1, page_end=i + 1, char_start=pos, char_end=pos + len(text),
            clause_types=types,
        ))
        pos += len(text) + 1
    return doc, chunks


def add(store, embedder, tenant, key, clauses, chunk_ids=None):
    doc, chunks = make_document(tenant, key, clauses, chunk_ids)
    n = store.upsert_chunks(tenant, chunks, embedder.embed_documents([c.text for c in chunks]), doc)
    assert n == len(chunks)
    return doc, chunks


def test_search_returns_the_matching_chunk_first(vector_store, embedder, tenant):
    doc, chunks = add(vector_store, embedder, tenant, "licence", CONTRACT_A)
    hits = vector_store.search(tenant, embedder.embed_query("Which state's law governs the contract?"), k=3)
    assert [h.chunk_id for h in hits][0] == chunks[0].id
    assert len(hits) == 3
    assert hits[0].score > hits[1].score
    top = hits[0].payload
    assert top["tenant"] == tenant and top["document_id"] == doc.id
    assert top["doc_key"] == "licence" and top["version"] == 1
    assert top["text"] == chunks[0].text and top["page_start"] == 1
    assert top["clause_types"] == ["Governing Law"]
    assert (top["char_start"], top["char_end"]) == (chunks[0].char_start, chunks[0].char_end)


def test_tenants_are_isolated(vector_store, embedder):
    tenant_a, tenant_b = "t_a_" + uuid.uuid4().hex[:6], "t_b_" + uuid.uuid4().hex[:6]
    add(vector_store, embedder, tenant_a, "licence", CONTRACT_A)
    _, chunks_b = add(vector_store, embedder, tenant_b, "supply", CONTRACT_B[:1])
    query = embedder.embed_query("governing law of the agreement")
    hits_b = vector_store.search(tenant_b, query, k=10)
    assert [h.chunk_id for h in hits_b] == [chunks_b[0].id]
    assert all(h.payload["tenant"] == tenant_b for h in hits_b)
    assert vector_store.search("t_nobody", query, k=10) == []
    assert vector_store.count(tenant_a) == len(CONTRACT_A)
    assert vector_store.count(tenant_b) == 1


def test_document_and_clause_type_filters(vector_store, embedder, tenant):
    doc_a, _ = add(vector_store, embedder, tenant, "licence", CONTRACT_A)
    doc_b, chunks_b = add(vector_store, embedder, tenant, "supply", CONTRACT_B)
    query = embedder.embed_query("which law governs")
    only_b = vector_store.search(tenant, query, k=10, document_ids=[doc_b.id])
    assert {h.payload["document_id"] for h in only_b} == {doc_b.id}
    assert only_b[0].chunk_id == chunks_b[1].id
    both = vector_store.search(tenant, query, k=10, document_ids=[doc_a.id, doc_b.id])
    assert len(both) == len(CONTRACT_A) + len(CONTRACT_B)
    assert vector_store.search(tenant, query, k=10, document_ids=[]) == []
    law = vector_store.search(tenant, query, k=10, clause_types=["Governing Law"])
    assert len(law) == 2 and all(h.payload["clause_types"] == ["Governing Law"] for h in law)
    law_a = vector_store.search(tenant, query, k=10, document_ids=[doc_a.id],
                                clause_types=["Governing Law", "Royalty"])
    assert {h.payload["document_id"] for h in law_a} == {doc_a.id} and len(law_a) == 2


def test_every_filter_requires_the_tenant():
    flt = tenant_filter("acme", document_ids=["d1"], clause_types=["Royalty"])
    assert flt.must[0].key == "tenant" and flt.must[0].match.value == "acme"
    with pytest.raises(ValueError):
        tenant_filter("")


def test_delete_document_leaves_no_points(vector_store, embedder, tenant):
    doc_a, _ = add(vector_store, embedder, tenant, "licence", CONTRACT_A)
    doc_b, _ = add(vector_store, embedder, tenant, "supply", CONTRACT_B)
    assert vector_store.count(tenant, doc_a.id) == len(CONTRACT_A)
    assert vector_store.delete_document(tenant, doc_a.id) == len(CONTRACT_A)
    assert vector_store.count(tenant, doc_a.id) == 0
    assert vector_store.count(tenant, doc_b.id) == len(CONTRACT_B)
    assert vector_store.delete_document(tenant, doc_a.id) == 0
    # another tenant cannot delete this tenant's document
    assert vector_store.delete_document("t_other", doc_b.id) == 0
    assert vector_store.count(tenant) == len(CONTRACT_B)
    vector_store.delete_tenant(tenant)
    assert vector_store.count(tenant) == 0


def test_upsert_is_idempotent_and_accepts_non_uuid_chunk_ids(vector_store, embedder, tenant):
    ids = [f"licence-v1-c{i}" for i in range(len(CONTRACT_A))]
    doc, chunks = add(vector_store, embedder, tenant, "licence", CONTRACT_A, chunk_ids=ids)
    vector_store.upsert_chunks(tenant, chunks, embedder.embed_documents([c.text for c in chunks]), doc)
    assert vector_store.count(tenant) == len(CONTRACT_A)
    hits = vector_store.search(tenant, embedder.embed_query("royalty on net sales"), k=1)
    assert hits[0].chunk_id == "licence-v1-c2"


def test_bad_input_is_rejected(vector_store, embedder, tenant):
    doc, chunks = make_document(tenant, "licence", CONTRACT_A)
    with pytest.raises(ValueError, match="shape"):
        vector_store.upsert_chunks(tenant, chunks, np.zeros((1, embedder.dim), np.float32), doc)
    with pytest.raises(ValueError, match="belongs to"):
        vector_store.upsert_chunks("t_other", chunks, embedder.embed_documents([c.text for c in chunks]), doc)
    with pytest.raises(ValueError, match="384-d"):
        vector_store.search(tenant, np.zeros(10, np.float32))


def test_reopen_after_close_keeps_data(tmp_path, embedder, tenant):
    path, name = tmp_path / "qdrant", "reopen_test"
    store = QdrantStore(url=None, path=path, collection=name, dim=embedder.dim)
    _, chunks = add(store, embedder, tenant, "licence", CONTRACT_A)
    store.close()
    again = QdrantStore(url=None, path=path, collection=name, dim=embedder.dim)
    try:
        assert again.count(tenant) == len(CONTRACT_A)
        hits = again.search(tenant, embedder.embed_query("assignment requires consent"), k=1)
        assert hits[0].chunk_id == chunks[3].id
    finally:
        again.close()


def test_dimension_mismatch_is_a_clear_error(tmp_path):
    from stores.errors import StoreError

    first = QdrantStore(url=None, path=tmp_path / "q", collection="c", dim=384)
    first.ensure_collection()
    first.close()
    other = QdrantStore(url=None, path=tmp_path / "q", collection="c", dim=768)
    with pytest.raises(StoreError, match="384-d"):
        other.ensure_collection()
    other.close()


def test_second_process_on_the_same_path_gets_store_locked(vector_store, embedder, tenant):
    add(vector_store, embedder, tenant, "licence", CONTRACT_A[:1])  # this process holds the lock
    script = textwrap.dedent(
        f"""
        from stores.errors import StoreLocked
        from stores.qdrant import QdrantStore
        store = QdrantStore(url=None, path={str(vector_store.path)!r}, collection="x", dim=384)
        try:
            store.ping()
        except StoreLocked as exc:
            print("LOCKED:", exc)
        else:
            print("OPENED")
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("LOCKED:"), out.stdout + out.stderr
    assert "veridict serve" in out.stdout and "VERIDICT_QDRANT_PATH" in out.stdout
    # after this process lets go, the folder opens again
    vector_store.close()
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.stdout.startswith("OPENED"), out.stdout + out.stderr


def test_store_locked_in_this_process_too(vector_store):
    vector_store.ping()
    second = QdrantStore(url=None, path=vector_store.path, collection="x", dim=384)
    with pytest.raises(StoreLocked):
        second.ping()


def test_points_survive_a_process_that_dies_without_close(tmp_path, tenant):
    """Writes are committed as they happen (local mode), even if the process is killed."""
    path = tmp_path / "qdrant"
    script = textwrap.dedent(
        f"""
        import os, numpy as np
        from stores.qdrant import QdrantStore
        from tests.test_qdrant_store import make_document, CONTRACT_A
        store = QdrantStore(url=None, path={str(path)!r}, collection="crash", dim=384)
        doc, chunks = make_document({tenant!r}, "licence", CONTRACT_A)
        vecs = np.random.default_rng(0).standard_normal((len(chunks), 384)).astype(np.float32)
        store.upsert_chunks({tenant!r}, chunks, vecs, doc)
        os._exit(3)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 3, out.stderr
    store = QdrantStore(url=None, path=path, collection="crash", dim=384)
    try:
        assert store.count(tenant) == len(CONTRACT_A)
    finally:
        store.close()


def test_similarities_of_given_chunks_match_the_search_scores_within_the_tenant(vector_store, embedder, tenant):
    doc, chunks = add(vector_store, embedder, tenant, "licence", CONTRACT_A,
                      chunk_ids=[f"chunk-{i}" for i in range(len(CONTRACT_A))])
    other = f"{tenant}-other"
    add(vector_store, embedder, other, "licence", CONTRACT_A[:1], chunk_ids=["chunk-9"])
    query = embedder.embed_query("Which state's law governs the contract?")
    searched = {h.chunk_id: h.score for h in vector_store.search(tenant, query, k=10)}
    asked = ["chunk-0", "chunk-2", "chunk-9", "missing"]
    scores = vector_store.similarities(tenant, query, asked)
    # only this tenant's stored chunks, each scored as the search scores it
    assert set(scores) == {"chunk-0", "chunk-2"}
    for chunk_id, score in scores.items():
        assert score == pytest.approx(searched[chunk_id], abs=1e-4)
    assert scores["chunk-0"] > scores["chunk-2"]  # the governing-law sentence is nearer
    assert vector_store.similarities(tenant, query, []) == {}
    with pytest.raises(ValueError):
        vector_store.similarities("", query, ["chunk-0"])

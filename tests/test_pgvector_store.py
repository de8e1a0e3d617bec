"""PgVectorStore (Postgres + pgvector): the QdrantStore behaviour, exact ranking, several processes.

Runs on the session's real Postgres (tests/fixtures/postgres.py: the embedded pgserver, which
ships pgvector, or VERIDICT_TEST_DATABASE_URL). Each test gets a collection (a table) of its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import numpy as np
import psycopg
import pytest
from psycopg import sql

from stores.errors import StoreError, StoreUnavailable
from stores.pgvector_store import PgVectorStore, table_name
from tests.test_qdrant_store import (  # noqa: F401  (shared behaviour, run against pgvector)
    CONTRACT_A,
    add,
    make_document,
    test_bad_input_is_rejected,
    test_delete_document_leaves_no_points,
    test_document_and_clause_type_filters,
    test_search_returns_the_matching_chunk_first,
    test_similarities_of_given_chunks_match_the_search_scores_within_the_tenant,
    test_tenants_are_isolated,
    test_upsert_is_idempotent_and_accepts_non_uuid_chunk_ids,
)

ROOT = Path(__file__).resolve().parents[1]
DIM = 384


def _drop(url: str, collection: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(sql.Identifier(table_name(collection))))


@pytest.fixture
def collection(pg_url):
    name = f"test_{uuid.uuid4().hex[:12]}"
    yield name
    _drop(pg_url, name)


@pytest.fixture
def vector_store(pg_url, collection):
    """Overrides the local-mode fixture: the shared tests above run against pgvector."""
    store = PgVectorStore(pg_url, collection, DIM)
    store.ensure_collection()
    try:
        yield store
    finally:
        store.close()


def _unit(rows: np.ndarray) -> np.ndarray:
    return rows / np.linalg.norm(rows, axis=-1, keepdims=True)


def _random_document(store, tenant, key, vectors, clause_types=("Royalty",)):
    doc, chunks = make_document(tenant, key, [(f"{key} clause {i}", list(clause_types))
                                              for i in range(len(vectors))])
    store.upsert_chunks(tenant, chunks, vectors, doc)
    return doc, chunks


def _exact(vectors: np.ndarray, query: np.ndarray, k: int) -> list[int]:
    return list(np.argsort(-(_unit(vectors) @ _unit(query)), kind="stable")[:k])


def test_filtered_sets_are_ranked_exactly(vector_store):
    """Up to exact_max_rows matching rows: the exact cosine order and scores, and k hits, for a
    small tenant beside a big one, its documents, its clause types, and a rare type in the big one."""
    rng = np.random.default_rng(11)
    big = rng.standard_normal((1500, DIM)).astype(np.float32)
    _random_document(vector_store, "t_big", "big", big[:1470])
    _, rare = _random_document(vector_store, "t_big", "rare", big[1470:], ("Audit Rights",))
    small_vecs = rng.standard_normal((40, DIM)).astype(np.float32)
    doc_a, chunks_a = _random_document(vector_store, "t_small", "a", small_vecs[:25])
    _, chunks_b = _random_document(vector_store, "t_small", "b", small_vecs[25:], ("Audit Rights",))
    vector_store.optimize()  # planner statistics: the small tenant is 40 of 1540 rows
    chunks = chunks_a + chunks_b
    for _ in range(5):
        query = rng.standard_normal(DIM).astype(np.float32)
        hits = vector_store.search("t_small", query, k=10)
        assert [h.chunk_id for h in hits] == [chunks[i].id for i in _exact(small_vecs, query, 10)]
        expected = _unit(small_vecs[_exact(small_vecs, query, 10)]) @ _unit(query)
        assert np.allclose([h.score for h in hits], expected, atol=1e-5)
        in_a = vector_store.search("t_small", query, k=10, document_ids=[doc_a.id])
        assert [h.chunk_id for h in in_a] == [chunks_a[i].id for i in _exact(small_vecs[:25], query, 10)]
        audit = vector_store.search("t_small", query, k=30, clause_types=["Audit Rights"])
        assert [h.chunk_id for h in audit] == [chunks_b[i].id for i in _exact(small_vecs[25:], query, 15)]
        in_big = vector_store.search("t_big", query, k=10, clause_types=["Audit Rights"])
        assert [h.chunk_id for h in in_big] == [rare[i].id for i in _exact(big[1470:], query, 10)]


def test_hnsw_pass_short_of_k_falls_back_to_exact(pg_url, vector_store):
    """Above exact_max_rows the HNSW index serves the search. The planner picks that scan when it
    believes the tenant is a big share of the table (here: statistics taken before that tenant was
    deleted and re-ingested small); the index's candidates then hold fewer than k of the tenant's
    rows, and the store ranks them all exactly instead."""
    with psycopg.connect(pg_url, autocommit=True) as conn:  # keep the statistics stale
        conn.execute(sql.SQL("ALTER TABLE {} SET (autovacuum_enabled = false)").format(
            sql.Identifier(vector_store.table)))
    rng = np.random.default_rng(3)
    _random_document(vector_store, "t_other", "other", rng.standard_normal((700, DIM)).astype(np.float32))
    _random_document(vector_store, "t_mix", "old", rng.standard_normal((700, DIM)).astype(np.float32))
    vector_store.optimize()  # statistics: t_mix is half the table
    vector_store.delete_tenant("t_mix")
    vecs = rng.standard_normal((30, DIM)).astype(np.float32)
    _, chunks = _random_document(vector_store, "t_mix", "new", vecs)
    hnsw = PgVectorStore(pg_url, vector_store.collection, DIM, exact_max_rows=0)
    for _ in range(3):
        query = rng.standard_normal(DIM).astype(np.float32)
        hits = hnsw.search("t_mix", query, k=10)
        assert [h.chunk_id for h in hits] == [chunks[i].id for i in _exact(vecs, query, 10)]
    hnsw.close()


def test_hnsw_search_agrees_with_exact_cosine(pg_url, vector_store):
    """The HNSW pass (exact_max_rows=0): scores are the exact cosine of the hits, best first, and
    the hits are (almost all) the exact top k. Clustered vectors, like embeddings of related clauses."""
    rng = np.random.default_rng(5)
    centres = rng.standard_normal((30, DIM)).astype(np.float32)
    vecs = (centres[rng.integers(0, 30, 1200)] + 0.6 * rng.standard_normal((1200, DIM))).astype(np.float32)
    _, chunks = _random_document(vector_store, "t_big", "big", vecs)
    vector_store.optimize()
    hnsw = PgVectorStore(pg_url, vector_store.collection, DIM, exact_max_rows=0)
    ids = [c.id for c in chunks]
    recall, top1 = [], []
    for _ in range(10):
        query = vecs[rng.integers(0, 1200)] + 0.3 * rng.standard_normal(DIM).astype(np.float32)
        hits = hnsw.search("t_big", query, k=10)
        assert len(hits) == 10
        scores = [h.score for h in hits]
        assert scores == sorted(scores, reverse=True)
        exact_scores = _unit(vecs[[ids.index(h.chunk_id) for h in hits]]) @ _unit(query)
        assert np.allclose(scores, exact_scores, atol=1e-5)
        exact = [ids[j] for j in _exact(vecs, query, 10)]
        recall.append(len(set(exact) & {h.chunk_id for h in hits}) / 10)
        top1.append(hits[0].chunk_id == exact[0])
    hnsw.close()
    assert np.mean(recall) >= 0.9 and np.mean(top1) >= 0.9, (recall, top1)
    exact = vector_store.search("t_big", query, k=10)  # 1200 rows: ranked exactly
    assert [h.chunk_id for h in exact] == [ids[j] for j in _exact(vecs, query, 10)]


def test_delete_tenant_and_count_leave_other_tenants(vector_store, embedder):
    doc_a, _ = add(vector_store, embedder, "t_one", "licence", CONTRACT_A)
    add(vector_store, embedder, "t_two", "licence", CONTRACT_A[:2])
    assert vector_store.count("t_one") == 4 and vector_store.count("t_one", doc_a.id) == 4
    assert vector_store.count("t_two", doc_a.id) == 0  # another tenant's document id
    vector_store.delete_tenant("t_one")
    assert vector_store.count("t_one") == 0 and vector_store.count("t_two") == 2
    with pytest.raises(ValueError, match="tenant"):
        vector_store.count("")


def test_reopen_after_close_keeps_data(pg_url, collection, embedder, tenant):
    store = PgVectorStore(pg_url, collection, DIM)
    _, chunks = add(store, embedder, tenant, "licence", CONTRACT_A)  # creates the table itself
    store.close()
    with PgVectorStore(pg_url, collection, DIM) as again:
        assert again.count(tenant) == len(CONTRACT_A)
        hits = again.search(tenant, embedder.embed_query("assignment requires consent"), k=1)
        assert hits[0].chunk_id == chunks[3].id


def test_dimension_mismatch_is_a_clear_error(pg_url, collection):
    PgVectorStore(pg_url, collection, DIM).ensure_collection()
    with pytest.raises(StoreError, match="384-d"):
        PgVectorStore(pg_url, collection, 768).ensure_collection()


def test_a_server_without_pgvector_is_a_clear_error(pg_url, collection):
    """CREATE EXTENSION of an extension the server lacks (the server's own error) names pgvector."""

    class Missing(PgVectorStore):
        extension = "veridict_no_such_extension"

    with pytest.raises(StoreError, match="needs the pgvector extension") as err:
        Missing(pg_url, collection, DIM).ensure_collection()
    assert "VERIDICT_VECTOR_BACKEND" in str(err.value)
    assert not isinstance(err.value, StoreUnavailable)


def test_unreachable_server_is_store_unavailable():
    store = PgVectorStore("postgresql://veridict@127.0.0.1:9/veridict", "x", DIM, timeout=2)
    with pytest.raises(StoreUnavailable, match="127.0.0.1:9"):
        store.ping()


def test_collection_names_must_fit_a_table_name(pg_url):
    with pytest.raises(ValueError, match="too long"):
        PgVectorStore(pg_url, "c" * 60, DIM)


WORKER = textwrap.dedent(
    """
    import json, sys, time, zlib
    import numpy as np
    from stores.pgvector_store import PgVectorStore
    from tests.test_qdrant_store import make_document

    url, collection, tenant, me, other, n = sys.argv[1:7]
    n = int(n)
    def vectors(name):
        return np.random.default_rng(zlib.crc32(name.encode())).standard_normal((n, 384)).astype(np.float32)
    def chunk_ids(name):
        return [f"{name}-c{i}" for i in range(n)]
    with PgVectorStore(url, collection, 384) as store:
        store.ensure_collection()  # both processes create the same new table at once
        for start in range(0, n, 10):  # ten documents, interleaved with the other writer's
            doc, chunks = make_document(tenant, f"{me}-{start}", [(f"{me} {i}", []) for i in range(10)],
                                        chunk_ids(me)[start:start + 10])
            store.upsert_chunks(tenant, chunks, vectors(me)[start:start + 10], doc)
        deadline = time.time() + 60
        while store.count(tenant) < 2 * n and time.time() < deadline:
            time.sleep(0.05)
        hits = store.search(tenant, vectors(other)[7], k=1)
        print(json.dumps({"count": store.count(tenant), "top": hits[0].chunk_id,
                          "score": hits[0].score}))
    """
)


def test_two_processes_write_and_read_one_store_at_once(pg_url, collection, tenant):
    """Two worker processes create, write and read the same collection concurrently; each sees
    every point (its own and the other's), and so does this process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    n = 100
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-c", WORKER, pg_url, collection, tenant, name, other, str(n)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        for name, other in (("alpha", "beta"), ("beta", "alpha"))
    }
    with PgVectorStore(pg_url, collection, DIM) as mine:  # a third process reads meanwhile
        mine.ensure_collection()
        seen = mine.count(tenant)
        outs = {name: p.communicate(timeout=180) for name, p in procs.items()}
        for name, p in procs.items():
            assert p.returncode == 0, outs[name][1][-2000:]
        results = {name: json.loads(out.strip().splitlines()[-1]) for name, (out, _) in outs.items()}
        assert results["alpha"]["count"] == results["beta"]["count"] == 2 * n
        assert results["alpha"]["top"] == "beta-c7" and results["beta"]["top"] == "alpha-c7"
        assert results["alpha"]["score"] == pytest.approx(1.0, abs=1e-5)
        assert 0 <= seen <= 2 * n and mine.count(tenant) == 2 * n

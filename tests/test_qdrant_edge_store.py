"""QdrantEdgeStore (qdrant-edge-py): the same behaviour as QdrantStore, plus its own lifecycle."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

pytest.importorskip("qdrant_edge", reason="qdrant-edge-py is not installed")

from stores.errors import StoreError, StoreLocked  # noqa: E402
from stores.qdrant_edge import QdrantEdgeStore  # noqa: E402
from tests.test_qdrant_store import (  # noqa: E402,F401  (shared behaviour, run against Edge)
    CONTRACT_A,
    add,
    test_bad_input_is_rejected,
    test_delete_document_leaves_no_points,
    test_document_and_clause_type_filters,
    test_search_returns_the_matching_chunk_first,
    test_similarities_of_given_chunks_match_the_search_scores_within_the_tenant,
    test_tenants_are_isolated,
    test_upsert_is_idempotent_and_accepts_non_uuid_chunk_ids,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def vector_store(tmp_path, embedder):
    """Overrides the local-mode fixture: the shared tests above run against Qdrant Edge."""
    store = QdrantEdgeStore(tmp_path / "edge", f"test_{uuid.uuid4().hex[:12]}", embedder.dim)
    store.ensure_collection()
    try:
        yield store
    finally:
        store.close()


def test_reopen_after_close_and_optimize_keeps_data(tmp_path, embedder, tenant):
    store = QdrantEdgeStore(tmp_path / "edge", "reopen", embedder.dim)
    _, chunks = add(store, embedder, tenant, "licence", CONTRACT_A)
    store.optimize()
    store.close()
    again = QdrantEdgeStore(tmp_path / "edge", "reopen", embedder.dim)
    try:
        assert again.count(tenant) == len(CONTRACT_A)
        hits = again.search(tenant, embedder.embed_query("assignment requires consent"), k=1)
        assert hits[0].chunk_id == chunks[3].id
    finally:
        again.close()


def test_dimension_mismatch_is_a_clear_error(tmp_path):
    first = QdrantEdgeStore(tmp_path, "c", 384)
    first.ensure_collection()
    first.close()
    with pytest.raises(StoreError, match="384"):
        QdrantEdgeStore(tmp_path, "c", 768).ensure_collection()


def test_second_opener_gets_store_locked(vector_store):
    vector_store.ping()
    with pytest.raises(StoreLocked, match="veridict serve"):
        QdrantEdgeStore(vector_store.path, vector_store.collection, vector_store.dim).ping()
    script = textwrap.dedent(
        f"""
        from stores.errors import StoreLocked
        from stores.qdrant_edge import QdrantEdgeStore
        try:
            QdrantEdgeStore({str(vector_store.path)!r}, {vector_store.collection!r}, 384).ping()
        except StoreLocked:
            print("LOCKED")
        else:
            print("OPENED")
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.stdout.strip() == "LOCKED", out.stdout + out.stderr


def test_points_survive_a_process_that_dies_without_close(tmp_path, tenant):
    script = textwrap.dedent(
        f"""
        import os, numpy as np
        from stores.qdrant_edge import QdrantEdgeStore
        from tests.test_qdrant_store import make_document, CONTRACT_A
        store = QdrantEdgeStore({str(tmp_path)!r}, "crash", 384)
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
    store = QdrantEdgeStore(tmp_path, "crash", 384)
    try:
        assert store.count(tenant) == len(CONTRACT_A)
    finally:
        store.close()

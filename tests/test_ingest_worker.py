"""Batches are parsed and extracted in a worker process: same documents as in a thread,
the same refusals, and a worker that dies costs one file, not the batch."""

from __future__ import annotations

import os
import signal
import uuid
from pathlib import Path

import pytest

from ingest.prepare import Derived, PrepareConfig, PrepareProcess, Refused
from tests.conftest import SAMPLES

LIBRARY = SAMPLES / "library"


def _tenant() -> str:
    return f"t_{uuid.uuid4().hex[:10]}"


def _footprint(stores, tenant: str) -> dict[str, tuple]:
    """Per document: section numbers, chunk texts and fact values, as stored."""
    out = {}
    for doc in stores.pg.list_documents(tenant):
        facts = stores.pg.query_facts(tenant, document_ids=[doc.id])
        out[doc.doc_key] = (
            doc.n_pages, doc.n_chars,
            tuple(sorted((s.number or "", s.title or "") for s in stores.pg.document_sections(tenant, doc.id))),
            tuple(sorted(c.text for c in stores.pg.document_chunks(tenant, doc.id))),
            tuple(sorted((f.attribute, f.value_text, f.page, f.quote) for f, _ in facts)),
            stores.vectors.count(tenant, doc.id),
        )
    return out


def test_a_batch_in_the_worker_stores_exactly_what_a_thread_stores(stores, tmp_path):
    from ingest.pipeline import Ingestor

    bad = tmp_path / "notes.pdf"
    bad.write_text("this is plain text under a PDF name\n" * 20)
    files = sorted(LIBRARY.iterdir()) + [bad]
    in_worker, in_thread = _tenant(), _tenant()
    rep_w = Ingestor(stores, process_min_files=1).ingest_files(files, in_worker)
    rep_t = Ingestor(stores, process_min_files=0).ingest_files(files, in_thread)

    assert [f.status for f in rep_w.files] == [f.status for f in rep_t.files]
    assert [f.status for f in rep_w.files].count("ingested") == len(files) - 1
    w_bad, t_bad = rep_w.files[-1], rep_t.files[-1]
    assert w_bad.status == "rejected" and (w_bad.code, w_bad.message) == (t_bad.code, t_bad.message)
    assert w_bad.code == "extension_mismatch"
    assert _footprint(stores, in_worker) == _footprint(stores, in_thread)
    assert [r["code"] for r in stores.pg.rejections(in_worker)] == ["extension_mismatch"]


def test_a_worker_that_dies_fails_one_file_and_the_next_gets_a_fresh_worker(settings, tmp_path):
    nda = LIBRARY / "acme-nda.md"
    worker = PrepareProcess(PrepareConfig.from_settings(settings))
    try:
        first = worker.derive(nda, "t", "doc-1")
        assert isinstance(first, Derived) and first.facts and first.chunks
        assert all(f.document_id == "doc-1" for f in first.facts)
        (pid,) = list(worker._executor()._processes)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(RuntimeError, match="parser process stopped while reading acme-nda.md"):
            worker.derive(nda, "t", "doc-2")
        again = worker.derive(nda, "t", "doc-3")
        assert isinstance(again, Derived)
        assert [f.value_text for f in again.facts] == [f.value_text for f in first.facts]
        empty = tmp_path / "empty.txt"
        empty.write_bytes(b"")
        refused = worker.derive(empty, "t", "doc-4")
        assert isinstance(refused, Refused) and refused.code == "empty_file"
        assert "empty.txt" in refused.message
    finally:
        worker.close()
    assert not Path(f"/proc/{pid}").exists()

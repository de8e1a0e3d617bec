"""Ingestion through the job queue: jobs in Postgres, worker processes, a worker killed mid-run.

Real components: the session's Postgres (facts, pgvector vectors and the queue's tables), the
session's FalkorDB, Docling, spaCy and the embedder in real `veridict worker` processes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest

from veridict.ingest_queue import QUEUE, QueueError, queue_counts, run_worker, submit
from veridict.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "library"


def _worker_env(pg_url: str, falkordb_server, graph: str, data_dir: Path) -> dict[str, str]:
    host, port = falkordb_server
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIDICT_")}
    env.update({
        "PYTHONPATH": str(ROOT),
        "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false",
        "VERIDICT_DATA_DIR": str(data_dir),
        "VERIDICT_DATABASE_URL": pg_url,
        "VERIDICT_VECTOR_BACKEND": "pgvector",
        "VERIDICT_GRAPH_URI": f"redis://{host}:{port}",
        "VERIDICT_GRAPH_NAME": graph,
        "VERIDICT_QUEUE_HEARTBEAT_S": "1",
        "VERIDICT_QUEUE_STALLED_AFTER_S": "6",
        "VERIDICT_OCR": "false",
    })
    return env


def _start_worker(env: dict[str, str], name: str, log: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "veridict.cli", "worker", "--name", name],
        cwd=ROOT, env=env, stdout=open(log, "ab"), stderr=subprocess.STDOUT, start_new_session=True,
    )


def _stop(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def _jobs(conn, tenant: str) -> list[tuple[int, str, int]]:
    return conn.execute(
        "SELECT id, status::text, attempts FROM procrastinate_jobs WHERE queue_name = %s "
        "AND args->>'tenant' = %s ORDER BY id", (QUEUE, tenant),
    ).fetchall()


def _wait(pred, timeout: float, what: str, logs: list[Path]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.5)
    tails = "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in logs if p.exists())
    pytest.fail(f"timed out after {timeout:.0f}s waiting for {what}\n{tails}")


def test_a_file_queued_twice_waits_once_and_counts_show_it(pg_url, tenant, tmp_path):
    settings = load_settings(data_dir=tmp_path, database_url=pg_url, tenant=tenant)
    files = sorted(SAMPLES.glob("*"))[:2]
    first = submit(pg_url, settings, files, tenant)
    again = submit(pg_url, settings, files, tenant)
    other = submit(pg_url, settings, files[:1], f"{tenant}_b")  # same bytes, another tenant
    assert len(first.queued) == 2 and not first.already_waiting
    assert not again.queued and len(again.already_waiting) == 2
    assert len(other.queued) == 1
    with psycopg.connect(pg_url) as conn:
        assert [s for _, s, _ in _jobs(conn, tenant)] == ["todo", "todo"]
        conn.execute("DELETE FROM procrastinate_jobs WHERE args->>'tenant' IN (%s, %s)", (tenant, f"{tenant}_b"))
        conn.commit()
    assert queue_counts(pg_url, 30)["succeeded"] >= 0


def test_a_worker_refuses_a_vector_store_only_one_process_may_open(pg_url, tmp_path):
    settings = load_settings(data_dir=tmp_path, database_url=pg_url, vector_backend="edge")
    with pytest.raises(QueueError, match="pgvector"):
        run_worker(settings, pg_url)


@pytest.mark.slow
def test_twenty_pdfs_on_two_workers_one_killed_mid_run(pg_url, falkordb_server, tenant, tmp_path, shared_data):
    cuad = shared_data / "cuad"
    rows = [json.loads(line) for line in (cuad / "dev" / "contracts.jsonl").read_text().splitlines() if line]
    rows.sort(key=lambda r: r["n_chars"])  # the 20 shortest keep the test to a few minutes
    files = [cuad / r["pdf_path"] for r in rows[:20]]
    assert all(f.is_file() for f in files)

    graph = f"queue_{uuid.uuid4().hex[:8]}"
    env = _worker_env(pg_url, falkordb_server, graph, tmp_path / "data")
    settings = load_settings(data_dir=tmp_path / "data", database_url=pg_url, tenant=tenant,
                             vector_backend="pgvector")
    assert len(submit(pg_url, settings, files, tenant).queued) == 20

    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    a = _start_worker(env, "a", logs[0])
    b = None
    try:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            # a takes a job; once it has written for a moment, b starts and a is killed
            _wait(lambda: any(s == "doing" for _, s, _ in _jobs(conn, tenant)), 240, "worker a's first job", logs)
            killed_job = next(i for i, s, _ in _jobs(conn, tenant) if s == "doing")
            b = _start_worker(env, "b", logs[1])
            time.sleep(2.0)
            os.killpg(a.pid, signal.SIGKILL)
            a.wait(timeout=10)

            _wait(lambda: all(s == "succeeded" for _, s, _ in _jobs(conn, tenant)), 900,
                  "every job to succeed on worker b", logs)
            events = [t for (t,) in conn.execute(
                "SELECT type::text FROM procrastinate_events WHERE job_id = %s ORDER BY id", (killed_job,))]
            docs = conn.execute(
                "SELECT doc_key, status::text, id::text FROM documents WHERE tenant = %s", (tenant,)
            ).fetchall()
    finally:
        _stop(a, signal.SIGKILL)
        if b is not None:
            _stop(b)

    # the killed worker's job was started twice and completed by the other worker
    assert events.count("started") == 2 and events[-1] == "succeeded", events
    # every document active exactly once, nothing pending or failed left behind
    active = [k for k, s, _ in docs if s == "active"]
    assert len(active) == 20 and len(set(active)) == 20, docs
    assert not [d for d in docs if d[1] != "active"], docs
    # nothing half-written: every active document's chunks all have their vector
    from veridict.factory import open_stores

    with open_stores(load_settings(data_dir=tmp_path / "data", database_url=pg_url, tenant=tenant,
                                   vector_backend="pgvector", graph_uri=env["VERIDICT_GRAPH_URI"],
                                   graph_name=graph)) as stores:
        with psycopg.connect(pg_url) as conn:
            for _, _, doc_id in docs:
                chunks = conn.execute("SELECT count(*) FROM chunks WHERE document_id = %s", (doc_id,)).fetchone()[0]
                assert chunks > 0 and stores.vectors.count(tenant, doc_id) == chunks, doc_id

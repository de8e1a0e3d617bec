"""Ingestion through a job queue: one job per file, taken by any number of worker processes.

The queue is procrastinate (an existing engine: jobs, locks, retries and worker heartbeats in
Postgres tables), on the same Postgres as the facts, so workers on several machines need nothing
but the settings they already have: Postgres, a vector store that several processes can share
(pgvector, or a Qdrant server) and the graph server.

- ``submit`` defers one ``ingest_file`` job per file. A job's queueing lock is the file's content
  hash and tenant, so the same bytes are never waiting twice.
- ``run_worker`` runs one worker process: the stores and the models are opened once, then jobs are
  taken one at a time and run through the same pipeline as ``veridict ingest``
  (``ingest.pipeline.Ingestor``). That pipeline makes the job safe to run again: a document is
  written as pending, activated in one transaction, and a rerun of a half-written file purges
  what the first attempt left.
- A worker killed in the middle of a job stops beating; every live worker looks for such jobs
  (``reclaim_stalled``) and puts them back in the queue, so another worker completes them.
- ``queue_counts`` says how many jobs are waiting, running, done and failed.

Workers must read the submitted paths: on several machines, a folder mounted at the same path
on each (docker-compose: a shared volume).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veridict.settings import Settings

QUEUE = "ingest"
TASK = "veridict.ingest_file"
STATUSES = ("todo", "doing", "succeeded", "failed", "cancelled", "aborted")

log = logging.getLogger("veridict.queue")


class QueueError(RuntimeError):
    """The queue cannot be used as asked (no shareable vector store, no schema, bad path)."""


class RetryableIngestError(RuntimeError):
    """A file that failed for a reason that may pass (a store was down): the job is retried."""


# The worker's stores and pipeline, opened once per process before the first job.
_worker: dict[str, Any] = {}
_worker_lock = threading.Lock()


def make_app(conninfo: str, settings: Settings):
    """The procrastinate app on ``conninfo`` with Veridict's one task."""
    from procrastinate import App, PsycopgConnector, RetryStrategy

    app = App(connector=PsycopgConnector(conninfo=conninfo, min_size=1, max_size=4))

    retries = settings.queue_max_attempts - 1  # procrastinate counts the retries after the first try
    retry = RetryStrategy(max_attempts=retries, wait=5, retry_exceptions={RetryableIngestError})

    @app.task(name=TASK, queue=QUEUE, pass_context=False, retry=retry if retries else False)
    def ingest_file(path: str, tenant: str) -> dict:
        return run_one(path, tenant)

    return app


def run_one(path: str, tenant: str) -> dict:
    """One job: the file through the pipeline with this process's stores; raises to retry."""
    ingestor = _worker.get("ingestor")
    if ingestor is None:
        raise QueueError("this process is not a Veridict worker (no stores opened)")
    with _worker_lock:  # one file at a time per process, whatever the worker's concurrency
        result = ingestor.ingest_file(Path(path), tenant)
    log.info("job %s %s: %s", tenant, Path(path).name, result.status)
    if result.status == "failed":
        raise RetryableIngestError(result.message or result.code or "failed")
    return result.model_dump(mode="json")


def ensure_schema(conninfo: str) -> bool:
    """Create the queue's tables once (procrastinate's schema); True when they were created."""
    import psycopg

    with psycopg.connect(conninfo, autocommit=True) as conn:
        # one creator at a time: two workers starting together must not both apply the schema
        conn.execute("SELECT pg_advisory_lock(hashtext('veridict:queue-schema'))")
        try:
            if _scalar(conn, "SELECT to_regclass('procrastinate_jobs')") is not None:
                return False
            from procrastinate.schema import SchemaManager

            conn.execute(SchemaManager.get_schema())
            return True
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext('veridict:queue-schema'))")


def _scalar(conn, query: str, params: tuple = ()) -> Any:
    row = conn.execute(query, params).fetchone()
    return row[0] if row else None


@dataclass
class Submitted:
    queued: list[str]
    already_waiting: list[str]


def submit(conninfo: str, settings: Settings, files: Iterable[Path], tenant: str) -> Submitted:
    """One job per file; a file whose bytes already wait in the queue (same tenant) is not added."""
    from procrastinate import exceptions

    from ingest.pipeline import sha256_of

    ensure_schema(conninfo)
    app = make_app(conninfo, settings)
    done = Submitted([], [])

    async def go() -> None:
        async with app.open_async():
            task = app.tasks[TASK]
            for f in files:
                path = Path(f).expanduser().resolve()
                lock = f"{tenant}:{sha256_of(path)}"
                try:
                    await task.configure(queueing_lock=lock).defer_async(path=str(path), tenant=tenant)
                    done.queued.append(str(path))
                except exceptions.AlreadyEnqueued:
                    done.already_waiting.append(str(path))

    asyncio.run(go())
    return done


def queue_counts(conninfo: str, stalled_after_s: float) -> dict[str, int]:
    """Jobs per status, and the workers that beat within ``stalled_after_s``."""
    import psycopg

    counts = dict.fromkeys(STATUSES, 0)
    with psycopg.connect(conninfo) as conn:
        if _scalar(conn, "SELECT to_regclass('procrastinate_jobs')") is None:
            return {**counts, "workers": 0}
        for status, n in conn.execute(
            "SELECT status::text, count(*) FROM procrastinate_jobs WHERE queue_name = %s GROUP BY 1",
            (QUEUE,),
        ):
            counts[status] = n
        workers = _scalar(
            conn, "SELECT count(*) FROM procrastinate_workers "
            "WHERE last_heartbeat >= now() - make_interval(secs => %s)", (stalled_after_s,),
        )
    return {**counts, "workers": workers}


async def reclaim_stalled(app, stalled_after_s: float) -> list[int]:
    """Put back in the queue the jobs of workers silent for ``stalled_after_s``; their ids."""
    from procrastinate import exceptions

    reclaimed = []
    for job in await app.job_manager.get_stalled_jobs(queue=QUEUE, seconds_since_heartbeat=stalled_after_s):
        try:
            await app.job_manager.retry_job(job)
        except exceptions.ConnectorException:  # another worker reclaimed it first
            continue
        if job.id is not None:
            reclaimed.append(job.id)
            log.warning("job %s (%s) was left by a silent worker: queued again", job.id, job.task_kwargs)
    return reclaimed


def run_worker(settings: Settings, conninfo: str, *, name: str | None = None, stores=None,
               wait: bool = True) -> None:
    """Run one worker until SIGTERM/SIGINT (or, with ``wait=False``, until the queue is empty)."""
    if not settings.vectors_shared:
        raise QueueError(
            "queue workers share the vector store with other processes, which Qdrant's embedded "
            "modes do not allow: set VERIDICT_VECTOR_BACKEND=pgvector (vectors in Postgres) or "
            "VERIDICT_QDRANT_URL (a Qdrant server)"
        )
    ensure_schema(conninfo)
    from ingest.pipeline import Ingestor
    from veridict.factory import open_stores

    own = stores is None
    stores = stores if stores is not None else open_stores(settings)
    _worker["ingestor"] = Ingestor(stores)
    app = make_app(conninfo, settings)
    try:
        asyncio.run(_work(app, settings, name or f"veridict-{os.getpid()}", wait))
    finally:
        _worker.pop("ingestor", None)
        if own:
            stores.close()


async def _work(app, settings: Settings, name: str, wait: bool) -> None:
    async with app.open_async():
        await reclaim_stalled(app, settings.queue_stalled_after_s)
        worker = asyncio.create_task(app.run_worker_async(
            queues=[QUEUE], name=name, concurrency=1, wait=wait, install_signal_handlers=False,
            update_heartbeat_interval=settings.queue_heartbeat_s,
            stalled_worker_timeout=settings.queue_stalled_after_s,
            fetch_job_polling_interval=min(5.0, settings.queue_heartbeat_s),
        ))
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):  # finish the current file, then stop
            loop.add_signal_handler(sig, worker.cancel)
        while not worker.done():
            await asyncio.wait({worker}, timeout=settings.queue_heartbeat_s)
            if not worker.done():
                await reclaim_stalled(app, settings.queue_stalled_after_s)
        try:
            await worker
        except asyncio.CancelledError:
            pass

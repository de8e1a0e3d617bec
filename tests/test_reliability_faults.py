"""Faults on real stores (issue #7): a store dies while a document is ingested, while a question
is answered, or blips for a moment and comes back.

Every test here runs on DEDICATED servers started for this module (an embedded Postgres and an
embedded FalkorDB under a temp dir of their own, Qdrant Edge in-process in the same dir), never
on the session servers other tests share, because the faults are real: the FalkorDB process is
sent SIGTERM, Postgres is stopped with pg_ctl, and the Qdrant shard folder is taken away from
under the closed store. A fault is fired at a precise point of ingestion by `_StopBefore`, which
passes every call through to the real store and only stops the real server just before the first
call of one method.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from stores.embedded_falkordb import ensure_falkordb, falkordb_status
from stores.embedded_postgres import ensure_postgres, postgres_status, stop_postgres
from stores.errors import StoreError, StoreUnavailable
from stores.retry import RetryPolicy
from tests.conftest import SAMPLES
from veridict.factory import stop_embedded
from veridict.types import DocStatus

NDA = SAMPLES / "library" / "acme-nda.md"
PENALTY_Q = "What is the penalty per incident in the CloudSecure agreement?"
LAW_Q = "Which law governs the Globex Supply Agreement?"


def _tenant() -> str:
    return f"t_{uuid.uuid4().hex[:10]}"


# ----------------------------------------------------------------------------- dedicated servers


@dataclass
class Servers:
    root: Path
    pg_url: str
    graph_host: str
    graph_port: int

    # -- Postgres: pg_ctl stop (fast shutdown: sessions are cut) and start again
    def stop_postgres(self) -> None:
        assert stop_postgres(self.root), "the dedicated Postgres was not running"
        assert postgres_status(self.root) is None

    def start_postgres(self) -> None:
        assert ensure_postgres(self.root) == self.pg_url  # same socket, same URL

    # -- FalkorDB: SIGTERM to the redis-server process, then start it on the same port
    def kill_graph(self, sig: int = signal.SIGTERM) -> None:
        pid = int((self.root / "falkordb" / "redis.pid").read_text())
        os.kill(pid, sig)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        else:
            pytest.fail(f"FalkorDB pid {pid} did not exit")
        assert falkordb_status(self.root) is None

    def start_graph(self) -> None:
        host, port = ensure_falkordb(self.root)
        assert (host, port) == (self.graph_host, self.graph_port), "restarted on another port"


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    # tempfile, not tmp_path_factory: pytest prunes old basetemps under running servers
    root = Path(tempfile.mkdtemp(prefix="veridict-faults-"))
    try:
        pg_url = ensure_postgres(root)
        host, port = ensure_falkordb(root)
        yield Servers(root, pg_url, host, port)
    finally:
        stop_embedded(root, remove=True)


@pytest.fixture(scope="module")
def fault_settings(servers):
    from veridict.settings import Settings

    return Settings(
        data_dir=servers.root / "data",
        database_url=servers.pg_url,
        graph_uri=f"redis://{servers.graph_host}:{servers.graph_port}",
        graph_name="veridict_faults",
        qdrant_path=servers.root / "vectors",
        vector_backend="edge",
        tenant="default",
        llm_base_url=None,
        llm_model=None,
    )


@pytest.fixture(scope="module")
def fstores(fault_settings):
    from veridict.factory import open_stores

    with open_stores(fault_settings) as opened:
        yield opened


@pytest.fixture(scope="module")
def fingestor(fstores):
    from ingest.pipeline import Ingestor

    return Ingestor(fstores)


@pytest.fixture(autouse=True)
def _servers_back_up(request, servers):
    """Whatever a test does, it leaves both dedicated servers running."""
    yield
    if "servers" not in request.fixturenames:
        return
    if postgres_status(servers.root) is None:
        servers.start_postgres()
    if falkordb_status(servers.root) is None:
        servers.start_graph()


# ----------------------------------------------------------------------------- helpers


class _StopBefore:
    """The real store, unchanged, except that the first call of `method` fires `fault` first
    (stopping the real server), then runs on the real store, which now fails for real."""

    def __init__(self, real, method: str, fault: Callable[[], None]):
        self._real, self._method, self._fault = real, method, fault
        self.fired = False

    def __getattr__(self, name: str):
        attr = getattr(self._real, name)
        if name != self._method or self.fired:
            return attr

        def call(*args, **kwargs):
            self.fired = True
            self._fault()
            return attr(*args, **kwargs)

        return call


def _copy_nda(tmp_path: Path) -> Path:
    path = tmp_path / NDA.name
    shutil.copy(NDA, path)
    return path


def _footprint(stores, tenant: str) -> dict:
    """Exact rows, points and nodes/edges a tenant holds in each store."""
    docs = stores.pg.list_documents(tenant, status=None)
    ledgers = {d.doc_key: {k: v["status"] for k, v in stores.pg.ledger(tenant, d.id).items()} for d in docs}
    return {
        "postgres": stores.pg.counts(tenant),
        "pages": sum(len(stores.pg.pages(tenant, d.id)) for d in docs),
        "statuses": sorted(d.status.value for d in docs),
        "versions": sorted(d.version for d in docs),
        "ledger": ledgers,
        "vectors": stores.vectors.count(tenant),
        "graph": stores.graph.counts(tenant),
    }


def _ingest_with(fingestor, fstores, path: Path, tenant: str, **faulty_store):
    """Ingest ``path`` with one store swapped for its faulty wrapper, then put the real one back."""
    fingestor.stores = replace(fstores, **faulty_store)
    try:
        return fingestor.ingest_file(path, tenant)
    finally:
        fingestor.stores = fstores


def _assert_invisible(stores, tenant: str, document_id: str) -> None:
    """Nothing of the document can be read by a query: no active row, chunk, fact, vector or edge."""
    pg = stores.pg
    assert pg.list_documents(tenant) == []
    assert pg.query_facts(tenant) == []
    assert pg.lexical_search(tenant, "confidential information recipient", match="any") == []
    chunk_ids = [c.id for c in pg.document_chunks(tenant, document_id)]
    assert pg.get_chunks(tenant, chunk_ids) == []
    assert pg.sections_by_type(tenant, "governing_law") == []
    assert stores.vectors.count(tenant) == 0
    probe = stores.embedder.embed_query("confidential information") if hasattr(stores.embedder, "embed_query") \
        else stores.embedder.embed_documents(["confidential information"])[0]
    assert stores.vectors.search(tenant, probe, k=5) == []
    graph = stores.graph.counts(tenant)
    assert graph["Document"] == graph["Clause"] == graph["edges"] == 0, graph
    assert stores.graph.documents_for_entity(tenant, "Acme Robotics Inc.", active_only=False) == []


@pytest.fixture(scope="module")
def clean_nda(fingestor, fstores, tmp_path_factory) -> dict:
    """The footprint of a clean ingest of the NDA: what a completed rerun must equal exactly."""
    tenant = _tenant()
    res = fingestor.ingest_file(_copy_nda(tmp_path_factory.mktemp("clean")), tenant)
    assert res.status == "ingested", res.message
    footprint = _footprint(fstores, tenant)
    assert footprint["postgres"]["chunks"] > 0 and footprint["postgres"]["facts"] > 0
    assert footprint["vectors"] == res.chunks and footprint["graph"]["edges"] > 0
    assert footprint["ledger"] == {"acme-nda": dict.fromkeys(
        ("parse", "postgres", "vectors", "graph", "activate"), "done")}
    return footprint


def _rerun_completes(fingestor, fstores, path: Path, tenant: str, clean: dict) -> None:
    ok = fingestor.ingest_file(path, tenant)
    assert ok.status == "ingested" and ok.version == 1, ok.message
    assert [d.id for d in fstores.pg.list_documents(tenant, status=None)] == [ok.document_id]
    assert _footprint(fstores, tenant) == clean  # nothing duplicated, nothing missing
    law = fstores.pg.query_facts(tenant, attribute="governing_law")
    assert law and all(d.id == ok.document_id for _, d in law)


# ----------------------------------------------------------------------------- 1. faults during ingestion


def test_graph_server_killed_mid_ingest(servers, fstores, fingestor, clean_nda, tmp_path):
    """FalkorDB gets SIGTERM after Postgres and the vectors were written, before the graph write."""
    tenant = _tenant()
    path = _copy_nda(tmp_path)
    faulty = _StopBefore(fstores.graph, "write_document", servers.kill_graph)
    res = _ingest_with(fingestor, fstores, path, tenant, graph=faulty)
    assert faulty.fired
    assert res.status == "failed" and res.message.startswith("graph failed: StoreUnavailable"), res.message
    ledger = fstores.pg.ledger(tenant, res.document_id)
    assert {k: v["status"] for k, v in ledger.items()} == {
        "parse": "done", "postgres": "done", "vectors": "done", "graph": "failed"}
    assert "FalkorDB" in ledger["graph"]["error"] and "not reachable" in ledger["graph"]["error"]
    assert fstores.pg.get_document(tenant, res.document_id).status == DocStatus.failed
    servers.start_graph()  # the store is back: the half-written document is still invisible
    _assert_invisible(fstores, tenant, res.document_id)
    _rerun_completes(fingestor, fstores, path, tenant, clean_nda)


@pytest.mark.slow
def test_postgres_stopped_mid_ingest(servers, fstores, fingestor, clean_nda, tmp_path):
    """Postgres stops after vectors and graph were written, just before activation."""
    tenant = _tenant()
    path = _copy_nda(tmp_path)
    faulty = _StopBefore(fstores.pg, "activate", servers.stop_postgres)
    res = _ingest_with(fingestor, fstores, path, tenant, pg=faulty)
    assert faulty.fired
    assert res.status == "failed", res.message
    assert res.message.startswith("activate failed: StoreUnavailable: Postgres is unavailable"), res.message
    # the undo removed what Postgres could not: no vectors, no graph nodes of the attempt
    assert fstores.vectors.count(tenant) == 0
    assert fstores.graph.counts(tenant)["Document"] == 0
    servers.start_postgres()
    # the ledger lives in Postgres: it shows the attempt stopped after the graph stage, before
    # activation; the document stays pending (never visible), the reason is in the report
    ledger = fstores.pg.ledger(tenant, res.document_id)
    assert {k: v["status"] for k, v in ledger.items()} == {
        "parse": "done", "postgres": "done", "vectors": "done", "graph": "done"}
    assert fstores.pg.get_document(tenant, res.document_id).status == DocStatus.pending
    assert [d.id for d in fstores.pg.incomplete_documents(tenant)] == [res.document_id]
    _assert_invisible(fstores, tenant, res.document_id)
    _rerun_completes(fingestor, fstores, path, tenant, clean_nda)


def _break_vector_storage(store) -> Path:
    """Close the in-process shard and put a plain file where its folder was: it cannot reopen."""
    store.close()
    folder = store.shard_path
    aside = folder.with_name(folder.name + ".aside")
    folder.rename(aside)
    folder.write_text("not a shard")
    return aside


def _restore_vector_storage(store, aside: Path) -> None:
    store.shard_path.unlink()
    aside.rename(store.shard_path)


def test_vector_storage_fails_mid_ingest(servers, fstores, fingestor, clean_nda, tmp_path):
    """Qdrant Edge's storage is taken away after the Postgres write, before the vectors upsert."""
    tenant = _tenant()
    path = _copy_nda(tmp_path)
    holder: dict[str, Path] = {}
    faulty = _StopBefore(fstores.vectors, "upsert_chunks",
                         lambda: holder.setdefault("aside", _break_vector_storage(fstores.vectors)))
    res = _ingest_with(fingestor, fstores, path, tenant, vectors=faulty)
    assert faulty.fired
    try:
        assert res.status == "failed" and res.message.startswith("vectors failed: StoreError"), res.message
        ledger = fstores.pg.ledger(tenant, res.document_id)
        assert {k: v["status"] for k, v in ledger.items()} == {
            "parse": "done", "postgres": "done", "vectors": "failed"}
        assert "Qdrant Edge shard" in ledger["vectors"]["error"]
        assert fstores.pg.get_document(tenant, res.document_id).status == DocStatus.failed
        with pytest.raises(StoreError, match="Qdrant Edge shard"):  # still broken: fails, never hangs
            fstores.vectors.count(tenant)
    finally:
        _restore_vector_storage(fstores.vectors, holder["aside"])
    _assert_invisible(fstores, tenant, res.document_id)
    _rerun_completes(fingestor, fstores, path, tenant, clean_nda)


# ----------------------------------------------------------------------------- 2. faults during a query


@pytest.fixture(scope="module")
def library(fstores) -> str:
    """The agent corpus (CloudSecure v1/v2, Globex, Contoso) in a tenant of its own."""
    from tests import agent_corpus

    tenant = _tenant()
    agent_corpus.library(fstores, tenant)
    return tenant


def _ask(fstores, fault_settings, tenant: str, question: str):
    """The agent as `veridict ask` runs it (graphs.answer_graph.answer_question), no LLM."""
    from graphs.answer_graph import answer_question

    return answer_question(fstores, fault_settings, question, tenant=tenant)


def _trace_notes(answer) -> str:
    return " | ".join(f"{s.tool}: {s.note}" for s in answer.trace if s.note)


def test_query_with_graph_down_answers_from_postgres(servers, fstores, fault_settings, library):
    servers.kill_graph()
    answer = _ask(fstores, fault_settings, library, PENALTY_Q)
    assert not answer.refused, answer.text
    assert "200,000" in answer.text
    first = answer.citations[0]
    assert (first.version, first.page, first.clause_number, first.store) == (2, 2, "9.2", "facts")
    assert "graph channel was unavailable" in answer.text, answer.text
    assert "FalkorDB" in _trace_notes(answer)
    servers.start_graph()
    again = _ask(fstores, fault_settings, library, PENALTY_Q)
    assert not again.refused and "unavailable" not in again.text, again.text


def test_query_with_vectors_down_answers_from_facts_and_lexical(fstores, fault_settings, library):
    aside = _break_vector_storage(fstores.vectors)
    try:
        answer = _ask(fstores, fault_settings, library, LAW_Q)
    finally:
        _restore_vector_storage(fstores.vectors, aside)
    assert not answer.refused, answer.text
    assert "New York" in answer.text and answer.citations
    assert {c.store for c in answer.citations} <= {"facts", "lexical", "graph"}
    assert "vectors channel was unavailable" in answer.text, answer.text
    assert "Qdrant Edge shard" in _trace_notes(answer)
    again = _ask(fstores, fault_settings, library, LAW_Q)
    assert not again.refused and "unavailable" not in again.text, again.text


@pytest.mark.slow
def test_query_with_postgres_down_refuses_naming_it(servers, fstores, fault_settings, library):
    servers.stop_postgres()
    started = time.monotonic()
    answer = _ask(fstores, fault_settings, library, PENALTY_Q)
    took = time.monotonic() - started
    assert answer.refused and answer.refusal_reason == "a store was unavailable", answer.text
    assert "(Postgres: Postgres is unavailable at" in answer.text, answer.text
    assert "not found in the documents" not in answer.text
    assert not answer.citations
    assert took < 30, f"a refusal with Postgres down took {took:.1f}s"
    servers.start_postgres()
    again = _ask(fstores, fault_settings, library, PENALTY_Q)
    assert not again.refused and "200,000" in again.text, again.text


# ----------------------------------------------------------------------------- 3. bounded retries


def _restart_later(start: Callable[[], None], delay_s: float) -> tuple[threading.Thread, dict]:
    done: dict[str, float] = {}

    def run() -> None:
        time.sleep(delay_s)
        start()
        done["at"] = time.monotonic()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, done


PATIENT = RetryPolicy(attempts=8, initial_wait_s=0.2, max_wait_s=1.0)  # ~5 s of retries in all


def test_graph_call_rides_out_a_server_restart(servers, fstores):
    from stores.falkordb_graph import FalkorDBGraph

    tenant = _tenant()
    strict = FalkorDBGraph(servers.graph_host, servers.graph_port, "veridict_faults", retry=RetryPolicy(attempts=1))
    patient = FalkorDBGraph(servers.graph_host, servers.graph_port, "veridict_faults", retry=PATIENT)
    try:
        assert strict.counts(tenant)["edges"] == patient.counts(tenant)["edges"] == 0  # both connected
        servers.kill_graph()
        try:
            started = time.monotonic()
            with pytest.raises(StoreUnavailable, match="FalkorDB at .* is not reachable"):
                strict.counts(tenant)  # one attempt, no retry: the outage is reported at once
            assert time.monotonic() - started < 2
            thread, done = _restart_later(servers.start_graph, 0.6)
            started = time.monotonic()
            assert patient.counts(tenant)["Document"] == 0  # first attempts refused, a retry succeeds
            thread.join(30)
            assert done and done["at"] - started >= 0.5  # the call did outlive the outage
        finally:
            if falkordb_status(servers.root) is None:
                servers.start_graph()
        assert strict.counts(tenant)["edges"] == 0  # the strict client reconnects once it is back
    finally:
        strict.close()
        patient.close()


def test_postgres_call_rides_out_a_server_restart(servers):
    from stores.postgres import PostgresStore

    strict = PostgresStore(servers.pg_url, retry=RetryPolicy(attempts=1))
    patient = PostgresStore(servers.pg_url, retry=PATIENT)
    try:
        strict.ping()
        patient.ping()
        servers.stop_postgres()
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="Postgres is unavailable"):
            strict.ping()
        assert time.monotonic() - started < 3  # fails fast, not after the pool's 10 s timeout
        thread, done = _restart_later(servers.start_postgres, 0.6)
        started = time.monotonic()
        patient.ping()
        thread.join(60)
        assert done and done["at"] - started >= 0.5
        strict.ping()  # a fresh pool after the restart
    finally:
        strict.close()
        patient.close()


def test_only_connection_errors_are_retried(servers, fstores):
    """Attempts counted around real store calls: a bad query runs once, an outage `attempts` times."""
    calls = {"n": 0}

    def counted(fn):
        def run():
            calls["n"] += 1
            return fn()
        return run

    policy = RetryPolicy(attempts=3, initial_wait_s=0.01, max_wait_s=0.02)
    pg, graph = fstores.pg, fstores.graph
    bad_sql = counted(lambda: type(pg)._all.__wrapped__(pg, "SELEC 1"))
    with pytest.raises(StoreError, match="syntax error") as err:
        policy.call(bad_sql)
    assert not isinstance(err.value, StoreUnavailable) and calls["n"] == 1
    calls["n"] = 0
    bad_cypher = counted(lambda: type(graph)._execute.__wrapped__(graph, "MATCH (n RETURN n", {}, True))
    with pytest.raises(StoreError, match="rejected") as err:
        policy.call(bad_cypher)
    assert not isinstance(err.value, StoreUnavailable) and calls["n"] == 1
    calls["n"] = 0
    with pytest.raises(ValueError):
        policy.call(counted(lambda: pg.ledger_set("t", "x", "no-such-stage", "done")))
    assert calls["n"] == 1
    calls["n"] = 0
    servers.kill_graph()
    try:
        with pytest.raises(StoreUnavailable):
            policy.call(counted(lambda: type(graph)._execute.__wrapped__(graph, "RETURN 1", {}, True)))
        assert calls["n"] == 3
    finally:
        servers.start_graph()
    assert graph._execute("RETURN 1 AS one", {}, True) == [{"one": 1}]

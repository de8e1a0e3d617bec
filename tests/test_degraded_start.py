"""Degraded start (issue #7): `veridict ask` started while the graph or the vector store is down
answers from the other stores and says which channel was unavailable; Postgres down at start, or
any store down for `veridict ingest`, is a clear error and a non-zero exit, and nothing is written.

Real stores only, on DEDICATED servers started for this module (an embedded Postgres and an
embedded FalkorDB under a temp dir of their own, Qdrant Edge in-process in the same dir), never
the session servers other tests share: the faults are real (the FalkorDB server is shut down,
Postgres is stopped with pg_ctl, the vector store path is a plain file). The CLI runs in-process
(typer's CliRunner) with its settings read from the environment, as a user runs it.
"""

from __future__ import annotations

import json
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stores.embedded_falkordb import ensure_falkordb, falkordb_status, stop_falkordb
from stores.embedded_postgres import ensure_postgres, postgres_status, stop_postgres
from stores.errors import StoreUnavailable
from tests.conftest import SAMPLES
from veridict.cli import app
from veridict.factory import stop_embedded
from veridict.settings import Settings

PENALTY_Q = "What is the penalty per incident in the CloudSecure agreement?"
LAW_Q = "Which law governs the Globex Supply Agreement?"
GRAPH_NAME = "veridict_degraded"
COLLECTION = "veridict_degraded"


def _tenant() -> str:
    return f"t_{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="module")
def root() -> Iterator[Path]:
    # tempfile, not tmp_path_factory: pytest prunes old basetemps under running servers
    path = Path(tempfile.mkdtemp(prefix="veridict-degraded-"))
    try:
        ensure_postgres(path)
        ensure_falkordb(path)
        yield path
    finally:
        stop_embedded(path, remove=True)


@pytest.fixture(autouse=True)
def _servers_back_up(request) -> Iterator[None]:
    """Whatever a test stops, the dedicated servers run again after it."""
    yield
    if "root" not in request.fixturenames:
        return
    path = request.getfixturevalue("root")
    if postgres_status(path) is None:
        ensure_postgres(path)
    if falkordb_status(path) is None:
        ensure_falkordb(path)


def _settings(root: Path, **over) -> Settings:
    host, port = falkordb_status(root) or ensure_falkordb(root)
    values = dict(
        data_dir=root / "data",
        database_url=postgres_status(root),
        graph_uri=f"redis://{host}:{port}",
        graph_name=GRAPH_NAME,
        qdrant_path=root / "vectors",
        qdrant_collection=COLLECTION,
        vector_backend="edge",
        llm_base_url=None,
        llm_model=None,
    )
    values.update(over)
    return Settings(**values)


def _env(root: Path, tenant: str, **over: str | None) -> dict[str, str | None]:
    """The environment `veridict` reads: the dedicated servers as they run now (an embedded
    FalkorDB may come back on another port), no LLM, nothing inherited."""
    import os

    graph = falkordb_status(root)
    env: dict[str, str | None] = {k: None for k in os.environ
                                  if k.startswith(("VERIDICT_", "OPENAI_")) or k == "DATABASE_URL"}
    env.update({
        "VERIDICT_DATA_DIR": str(root / "data"),
        "VERIDICT_DATABASE_URL": postgres_status(root),
            "VERIDICT_GRAPH_URI": f"redis://{graph[0]}:{graph[1]}" if graph else None,
        "VERIDICT_GRAPH_NAME": GRAPH_NAME,
        "VERIDICT_QDRANT_PATH": str(root / "vectors"),
        "VERIDICT_QDRANT_COLLECTION": COLLECTION,
        "VERIDICT_VECTOR_BACKEND": "edge",
        "VERIDICT_TENANT": tenant,
        "VERIDICT_STORE_RETRY_ATTEMPTS": "1",  # a store that is down is reported at once
        "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false",
    })
    env.update(over)
    return env


@pytest.fixture(scope="module")
def library(root) -> str:
    """The agent corpus in a tenant of its own; the stores are closed again (the CLI opens them)."""
    from tests import agent_corpus
    from veridict.factory import open_stores

    tenant = _tenant()
    with open_stores(_settings(root)) as stores:
        agent_corpus.library(stores, tenant)
    return tenant


def _invoke(env: dict, *args: str):
    return CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)


def _flat(text: str) -> str:
    return " ".join(text.split())  # rich wraps long lines on stderr


def _stop_graph(root: Path) -> None:
    assert stop_falkordb(root), "the dedicated FalkorDB was not running"
    assert falkordb_status(root) is None


def _answer(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ----------------------------------------------------------------------------- graph down at start


def test_ask_with_graph_down_at_start_answers_from_the_others(root, library):
    tenant = library
    env = _env(root, tenant)  # taken while the graph runs: it points at the server stopped below
    ok = _answer(_invoke(env, "ask", PENALTY_Q, "--json"))  # baseline: all stores up, no note
    assert not ok["refused"] and "unavailable" not in ok["text"], ok["text"]

    _stop_graph(root)
    result = _invoke(env, "ask", PENALTY_Q, "--json")
    answer = _answer(result)
    assert not answer["refused"], answer["text"]
    assert "200,000" in answer["text"]
    first = answer["citations"][0]
    assert (first["version"], first["page"], first["clause_number"], first["store"]) == (2, 2, "9.2", "facts")
    assert "graph channel was unavailable" in answer["text"], answer["text"]
    notes = " | ".join(s["note"] for s in answer["trace"] if s.get("note"))
    assert "the graph store could not be opened: FalkorDB at" in notes, notes
    assert "the graph store is unavailable; answering from the others" in _flat(result.stderr)


def test_open_stores_for_query_gives_a_graph_stand_in_and_ingest_mode_refuses(root, library):
    from stores.unavailable import UnavailableStore
    from veridict.factory import open_stores

    tenant = library
    settings = _settings(root, store_retry_attempts=1)
    _stop_graph(root)
    with open_stores(settings, query=True) as stores:
        assert isinstance(stores.graph, UnavailableStore)
        assert set(stores.unavailable) == {"graph"} and "FalkorDB at" in stores.unavailable["graph"]
        with pytest.raises(StoreUnavailable, match="the graph store could not be opened: FalkorDB"):
            stores.graph.documents_for_entity(tenant, "Globex", active_only=True)
        assert stores.pg.list_documents(tenant)  # the others are the real, working stores
        assert stores.vectors.count(tenant) > 0
    with pytest.raises(StoreUnavailable, match="FalkorDB at .* is not reachable"):
        open_stores(settings)  # the default (ingestion) needs all three


def test_ingest_with_graph_down_exits_non_zero_and_writes_nothing(root, library):
    from stores.postgres import PostgresStore
    from stores.qdrant_edge import QdrantEdgeStore

    tenant = _tenant()
    env = _env(root, tenant)
    _stop_graph(root)
    result = _invoke(env, "ingest", str(SAMPLES / "library" / "acme-nda.md"))
    assert result.exit_code == 1, result.output
    err = _flat(result.stderr)
    assert "FalkorDB at" in err and "is not reachable" in err, err
    assert "needs all three: nothing was written" in err, err
    ensure_falkordb(root)
    pg = PostgresStore(postgres_status(root))
    vectors = QdrantEdgeStore(root / "vectors", COLLECTION, 384)
    try:
        assert pg.list_documents(tenant, status=None) == []
        assert pg.rejections(tenant) == []
        assert not any(pg.counts(tenant).values()), pg.counts(tenant)
        assert vectors.count(tenant) == 0
    finally:
        pg.close()
        vectors.close()
    from veridict.factory import open_graph

    graph = open_graph(_settings(root))
    try:
        counts = graph.counts(tenant)
        assert counts["Document"] == counts["edges"] == 0, counts
    finally:
        graph.close()


# ----------------------------------------------------------------------------- vectors down at start


def test_ask_with_vector_path_unusable_answers_from_facts_and_lexical(root, library, tmp_path):
    env = _env(root, library)
    not_a_folder = tmp_path / "vectors"
    not_a_folder.write_text("not a vector store")
    result = _invoke({**env, "VERIDICT_QDRANT_PATH": str(not_a_folder)}, "ask", LAW_Q, "--json")
    answer = _answer(result)
    assert not answer["refused"], answer["text"]
    assert "New York" in answer["text"] and answer["citations"]
    assert {c["store"] for c in answer["citations"]} <= {"facts", "lexical", "graph"}
    assert "Note: the vectors channel was unavailable" in answer["text"], answer["text"]  # only it
    notes = " | ".join(s["note"] for s in answer["trace"] if s.get("note"))
    assert f"the vectors store could not be opened: Qdrant Edge shard {not_a_folder}" in notes, notes
    err = _flat(result.stderr)
    assert "the vectors store is unavailable; answering from the others" in err
    assert "graph store is unavailable" not in err, err
    assert not_a_folder.read_text() == "not a vector store"  # nothing was written over it


def test_ask_with_a_keyed_vector_url_down_never_shows_the_key(root, library):
    """The Qdrant URL's key and api_key parameter stay out of the answer, its trace and stderr."""
    env = _env(root, library)
    url = "http://qd-user:qd-s3cret@127.0.0.1:1/?api_key=qd-s3cret2"
    result = _invoke({**env, "VERIDICT_QDRANT_URL": url}, "ask", LAW_Q, "--json")
    answer = _answer(result)
    assert not answer["refused"] and "New York" in answer["text"], answer["text"]
    assert "Note: the vectors channel was unavailable" in answer["text"], answer["text"]
    everything = result.stdout + result.stderr
    assert "Qdrant at http://qd-user:***@127.0.0.1:1/?api_key=***" in everything, everything
    assert "s3cret" not in everything


# ----------------------------------------------------------------------------- Postgres down at start


def test_ask_with_postgres_down_at_start_fails_naming_it(root, library):
    env = _env(root, library)  # taken while Postgres runs: it points at the server stopped below
    assert stop_postgres(root) and postgres_status(root) is None
    result = _invoke(env, "ask", PENALTY_Q)
    assert result.exit_code == 1, result.output
    err = _flat(result.stderr)
    assert "Postgres is unavailable at" in err, err
    assert "VERIDICT_DATABASE_URL" in err and "answering needs Postgres" in err, err
    assert result.stdout == ""  # no answer, not even a refusal


def test_ask_with_a_password_url_to_a_down_postgres_never_shows_the_password(root, library):
    env = _env(root, library)
    url = "postgresql://veridict:pg-s3cret@127.0.0.1:1/contracts?connect_timeout=2&password=pg-s3cret2"
    result = _invoke({**env, "VERIDICT_DATABASE_URL": url}, "ask", PENALTY_Q)
    assert result.exit_code == 1, result.output
    err = _flat(result.stderr)
    assert "Postgres is unavailable at 127.0.0.1:1/contracts" in err, err
    assert "s3cret" not in result.output

"""The production API server (aegra on Postgres) with two worker processes, through langgraph_sdk.

Real components: a Postgres server for the API's threads, runs and checkpoints (the machine's
server: VERIDICT_TEST_API_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres; a
fresh database is made and dropped), the session's embedded Postgres for the facts and pgvector
vectors, the session's FalkorDB, and the sample library ingested for real.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from veridict.serve import free_port, server_env, start_production_api, stop_process, wait_ready
from veridict.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "library"
SERVER_ENV = "VERIDICT_TEST_API_DATABASE_URL"
QUESTION = "What is the data breach penalty in the CloudSecure agreement?"
FOLLOW_UP = "Which law governs the CloudSecure agreement?"


@pytest.fixture
def api_db() -> str:
    server = os.environ.get(SERVER_ENV, "postgresql://postgres@127.0.0.1:5432/postgres")
    name = f"veridict_api_{uuid.uuid4().hex[:10]}"
    try:
        with psycopg.connect(server, autocommit=True, connect_timeout=5) as conn:
            if not conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'uuid-ossp'").fetchone():
                pytest.skip(f"the Postgres server at {SERVER_ENV} has no uuid-ossp extension")
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as exc:
        pytest.skip(f"no Postgres server for the API's database ({SERVER_ENV}): {exc}")
    yield make_conninfo(**{**conninfo_to_dict(server), "dbname": name})
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.mark.slow
def test_two_workers_stream_and_threads_survive_a_restart(pg_url, falkordb_server, api_db, tenant, tmp_path):
    from langgraph_sdk import get_sync_client

    from ingest.pipeline import Ingestor, collect_files
    from veridict.factory import open_stores

    host, port = falkordb_server
    stores_env = {
        "VERIDICT_DATABASE_URL": pg_url, "VERIDICT_VECTOR_BACKEND": "pgvector",
        "VERIDICT_GRAPH_URI": f"redis://{host}:{port}", "VERIDICT_GRAPH_NAME": f"api_{tenant}",
        "VERIDICT_API_DATABASE_URL": api_db, "VERIDICT_LLM_BASE_URL": "", "VERIDICT_LLM_MODEL": "",
    }
    settings = load_settings(
        data_dir=tmp_path, tenant=tenant, database_url=pg_url, vector_backend="pgvector",
        graph_uri=stores_env["VERIDICT_GRAPH_URI"], graph_name=stores_env["VERIDICT_GRAPH_NAME"],
        api_database_url=api_db, llm_base_url=None, llm_model=None,
    )
    with open_stores(settings) as stores:
        report = Ingestor(stores).ingest_files(collect_files([SAMPLES]), tenant)
    assert not report.failed

    api_port = free_port()
    url = f"http://127.0.0.1:{api_port}"
    env = server_env(settings, url, stores_env)
    log = tmp_path / "api.log"
    api = start_production_api(api_port, env, log, settings, workers=2)
    try:
        wait_ready(api, "/health", timeout=240)
        client = get_sync_client(url=url, timeout=300)
        thread = client.threads.create()
        tid = thread["thread_id"]

        parts = list(client.runs.stream(tid, "answer", input={"question": QUESTION, "tenant": tenant},
                                        stream_mode=["tasks", "values"]))
        nodes = [p.data["name"] for p in parts if p.event == "tasks" and "input" in p.data]
        assert nodes and nodes[0] == "plan" and "verify" in nodes, nodes
        answer = [p.data for p in parts if p.event == "values"][-1]["answer"]
        assert not answer["refused"] and answer["citations"], answer
        assert all("CloudSecure" in c["document_title"] or "cloudsecure" in c["source_path"]
                   for c in answer["citations"]), answer["citations"]

        follow = client.runs.wait(tid, "answer", input={"question": FOLLOW_UP, "tenant": tenant})
        assert follow["answer"]["question"] == FOLLOW_UP and not follow["answer"]["refused"]

        # what the chat does: its own thread id, created idempotently; an upload through the
        # ingest graph on a short-lived thread, with progress on the custom stream
        chat_tid = str(uuid.uuid4())
        for _ in range(2):
            client.threads.create(thread_id=chat_tid, if_exists="do_nothing", metadata={"tenant": tenant})
        upload = settings.upload_dir / tenant / "extra-nda.md"
        upload.parent.mkdir(parents=True, exist_ok=True)
        upload.write_text((SAMPLES / "acme-nda.md").read_text().replace("Acme", "Zenith"))
        upload_thread = client.threads.create(metadata={"tenant": tenant, "source": "upload"})["thread_id"]
        events = list(client.runs.stream(upload_thread, "ingest", input={"paths": [str(upload)], "tenant": tenant},
                                         stream_mode=["custom", "values"]))
        custom = [e.data.get("event") for e in events if e.event.startswith("custom")]
        assert custom == ["file_started", "file_done"], [e.event for e in events]
        report = [e.data for e in events if e.event == "values"][-1]["report"]
        assert [f["status"] for f in report["files"]] == ["ingested"], report

        # the server goes down and comes back: the thread, its runs and its state are still there
        stop_process(api)
        api = start_production_api(api_port, env, log, settings, workers=2)
        wait_ready(api, "/health", timeout=240)
        client = get_sync_client(url=url, timeout=300)
        assert client.threads.get(tid)["thread_id"] == tid
        runs = client.runs.list(tid)
        assert len(runs) == 2 and all(r["status"] == "success" for r in runs), runs
        state = client.threads.get_state(tid)
        assert state["values"]["answer"]["question"] == FOLLOW_UP
        assert state["values"]["answer"]["text"] == follow["answer"]["text"]
        third = client.runs.wait(tid, "answer", input={"question": QUESTION, "tenant": tenant})
        assert third["answer"]["text"] == answer["text"]
    except BaseException:
        print(log.read_text(errors="replace")[-5000:] if log.exists() else "(no log)")
        raise
    finally:
        stop_process(api)

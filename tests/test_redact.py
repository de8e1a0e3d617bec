"""Secrets in URLs (issue #7): `veridict.redact.redact` and every place a URL is shown.

The store URLs point at ports nothing listens on (real connection refusals, nothing mocked);
the LLM endpoint is a real HTTP server on a local port that answers `GET /models`, so the
doctor's LLM check passes and prints the base URL it reached.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from typer.testing import CliRunner

from veridict.redact import redact


@pytest.mark.parametrize(
    ("shown", "expected"),
    [
        ("postgresql://user:secret@db.example:5432/contracts",
         "postgresql://user:***@db.example:5432/contracts"),
        ("https://sk-live-123@api.example/v1", "https://***@api.example/v1"),
        ("redis://:graph-pw@10.0.0.5:6379", "redis://:***@10.0.0.5:6379"),
        ("bolt://neo4j:n3o@graph:7687", "bolt://neo4j:***@graph:7687"),
        # a password with an unescaped '@': everything up to the host's '@' is hidden
        ("postgresql://u:p@ss@h/db?sslmode=require", "postgresql://u:***@h/db?sslmode=require"),
        ("https://h/v1?password=pw1&model=m", "https://h/v1?password=***&model=m"),
        ("http://h/?api_key=k1&doc_key=acme-nda", "http://h/?api_key=***&doc_key=acme-nda"),
        ("https://h/?access_token=t&X-Amz-Signature=abc&key=g", "https://h/?access_token=***&X-Amz-Signature=***&key=***"),
        # libpq conninfo, quoted values included
        ("host=db port=5432 user=u password='a b c' dbname=x", "host=db port=5432 user=u password=*** dbname=x"),
        ("host=/tmp/sock sslpassword=k dbname=x", "host=/tmp/sock sslpassword=*** dbname=x"),
        # inside a message, more than one URL
        ("Client error for url 'https://u:pw@h/models?api_key=Z' (see http://v:pw2@g/)",
         "Client error for url 'https://u:***@h/models?api_key=***' (see http://v:***@g/)"),
        # nothing secret: unchanged
        ("postgresql:///veridict?host=/tmp/pg&port=5432", "postgresql:///veridict?host=/tmp/pg&port=5432"),
        ("http://127.0.0.1:6333", "http://127.0.0.1:6333"),
        ("no document 'acme-nda' in tenant 'default'", "no document 'acme-nda' in tenant 'default'"),
        (None, ""),
    ],
)
def test_redact(shown, expected):
    assert redact(shown) == expected


def test_redact_is_idempotent():
    once = redact("postgresql://u:s@h/db?password=p")
    assert redact(once) == once == "postgresql://u:***@h/db?password=***"


class _Models(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = json.dumps({"data": [{"id": "tiny"}]}).encode()
        self.send_response(200)  # any GET: the doctor appends /models after the query string
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def llm_endpoint() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Models)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_doctor_json_never_shows_a_secret_from_any_url(tmp_path, llm_endpoint):
    from veridict.cli import app

    env = {k: None for k in os.environ if k.startswith(("VERIDICT_", "OPENAI_")) or k == "DATABASE_URL"}
    env.update({
        "VERIDICT_DATA_DIR": str(tmp_path),
        "DATABASE_URL": "postgresql://veridict:pg-s3cret@127.0.0.1:1/contracts?connect_timeout=2",
        "VERIDICT_GRAPH_URI": "redis://:gr-s3cret@127.0.0.1:1",
        "VERIDICT_QDRANT_URL": "http://qd-s3cret@127.0.0.1:1/?api_key=qd-s3cret2",
        "VERIDICT_LLM_BASE_URL": f"http://llm:llm-s3cret@127.0.0.1:{llm_endpoint}/v1?api_key=llm-s3cret2",
        "VERIDICT_LLM_MODEL": "tiny",
        "VERIDICT_STORE_RETRY_ATTEMPTS": "1",
    })
    result = CliRunner().invoke(app, ["doctor", "--json"], env=env, catch_exceptions=False)
    assert result.exit_code == 1, result.output  # the three stores are down
    checks = {c["name"]: c for c in json.loads(result.stdout)}
    assert not checks["postgres"]["ok"] and not checks["graph"]["ok"] and not checks["vectors"]["ok"]
    assert "127.0.0.1:1/contracts" in checks["postgres"]["detail"], checks["postgres"]
    assert "FalkorDB at 127.0.0.1:1" in checks["graph"]["detail"], checks["graph"]
    assert "Qdrant at http://***@127.0.0.1:1/?api_key=***" in checks["vectors"]["detail"], checks["vectors"]
    llm = checks["llm"]
    assert llm["ok"], llm  # the endpoint answered: its detail names the URL it reached
    assert llm["detail"] == f"http://llm:***@127.0.0.1:{llm_endpoint}/v1?api_key=*** answers; model tiny"
    assert "s3cret" not in result.output


def test_a_store_error_mid_query_never_shows_the_vector_url_key():
    """The adapter's own error (what a query's trace note shows when Qdrant goes away), not just
    what the doctor or the CLI print: a real connection refusal, the URL's secrets hidden."""
    from stores.errors import StoreUnavailable
    from stores.qdrant import QdrantStore

    store = QdrantStore("http://qd-user:qd-s3cret@127.0.0.1:1/?api_key=qd-s3cret2", None, "c", 384)
    try:
        with pytest.raises(StoreUnavailable) as err:
            store.search("t", [0.0] * 384, k=1)
    finally:
        store.close()
    assert "Qdrant at http://qd-user:***@127.0.0.1:1/?api_key=*** cannot be reached" in str(err.value)
    assert "s3cret" not in str(err.value)

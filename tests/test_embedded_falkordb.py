"""The embedded FalkorDB server: start, reuse, stop, and data that survives a restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stores.embedded_falkordb import ensure_falkordb, falkordb_status, free_bolt_port, stop_falkordb
from stores.falkordb_graph import FalkorDBGraph
from tests.test_graph_store import make_document

ROOT = Path(__file__).resolve().parents[1]


def _write_contract(host: str, port: int, tenant: str = "acme") -> str:
    store = FalkorDBGraph(host, port, "veridict")
    store.ensure_schema()
    doc, sections, entities, mentions, references = make_document(tenant)
    store.write_document(tenant, doc, sections, entities, mentions, references)
    store.close()
    return doc.id


def _read_contract(host: str, port: int, doc_id: str, tenant: str = "acme") -> tuple[list, list]:
    store = FalkorDBGraph(host, port, "veridict")
    try:
        numbers = [c["number"] for c in store.clauses(tenant, doc_id)]
        roles = [d["role"] for d in store.documents_for_entity(tenant, "CloudSecure GmbH")]
    finally:
        store.close()
    return numbers, roles


def test_start_reuse_status_stop(tmp_path):
    host, port = ensure_falkordb(tmp_path)
    try:
        assert host == "127.0.0.1" and port != 6379
        state = json.loads((tmp_path / "falkordb" / "state.json").read_text())
        assert (state["host"], state["port"]) == (host, port)
        assert ensure_falkordb(tmp_path) == (host, port)
        assert falkordb_status(tmp_path) == (host, port)
        # a later command (another process) reuses the running server
        out = subprocess.run(
            [sys.executable, "-c",
             "import sys; from pathlib import Path;"
             "from stores.embedded_falkordb import ensure_falkordb;"
             "print(ensure_falkordb(Path(sys.argv[1]))[1])", str(tmp_path)],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        )  # fmt: skip
        assert int(out.stdout.strip()) == port
        FalkorDBGraph(host, port, "veridict").ping()
    finally:
        assert stop_falkordb(tmp_path) is True
    assert falkordb_status(tmp_path) is None
    assert stop_falkordb(tmp_path) is False
    assert not (tmp_path / "falkordb" / "state.json").exists()


def test_two_data_dirs_get_two_servers(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    try:
        assert ensure_falkordb(a)[1] != ensure_falkordb(b)[1]
    finally:
        stop_falkordb(a)
        stop_falkordb(b)


def test_restart_keeps_data(tmp_path):
    host, port = ensure_falkordb(tmp_path)
    doc_id = _write_contract(host, port)
    assert stop_falkordb(tmp_path)
    assert (tmp_path / "falkordb" / "appendonlydir").is_dir()
    host, port = ensure_falkordb(tmp_path)
    try:
        assert _read_contract(host, port, doc_id) == (["1", "14.3", "15"], ["vendor"])
    finally:
        stop_falkordb(tmp_path)


def test_killed_server_is_replaced_and_keeps_data(tmp_path):
    """A crash (SIGKILL) leaves a stale state file; the next ensure starts anew on the AOF."""
    host, port = ensure_falkordb(tmp_path)
    doc_id = _write_contract(host, port)
    pid = int((tmp_path / "falkordb" / "redis.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    assert falkordb_status(tmp_path) is None
    host, port = ensure_falkordb(tmp_path)
    try:
        assert _read_contract(host, port, doc_id) == (["1", "14.3", "15"], ["vendor"])
    finally:
        stop_falkordb(tmp_path)


def test_restart_with_bolt_keeps_data(tmp_path):
    """With a Bolt port the server persists by RDB snapshot (saved on stop)."""
    bolt_port = free_bolt_port()
    host, port = ensure_falkordb(tmp_path, bolt_port=bolt_port)
    doc_id = _write_contract(host, port)
    assert stop_falkordb(tmp_path)
    assert (tmp_path / "falkordb" / "falkordb.rdb").is_file()
    host, port = ensure_falkordb(tmp_path, bolt_port=bolt_port)
    try:
        assert (
            json.loads((tmp_path / "falkordb" / "state.json").read_text())["bolt_port"] == bolt_port
        )
        assert _read_contract(host, port, doc_id) == (["1", "14.3", "15"], ["vendor"])
    finally:
        stop_falkordb(tmp_path)


def test_bolt_port_out_of_range_is_refused(tmp_path):
    with pytest.raises(ValueError, match="32767"):
        ensure_falkordb(tmp_path, bolt_port=40000)


def test_switching_bolt_on_and_off_keeps_data(tmp_path):
    """AOF -> RDB (Bolt on) -> AOF: each restart boots on the newest files, nothing is lost."""
    host, port = ensure_falkordb(tmp_path)
    first = _write_contract(host, port, tenant="one")
    bolt_port = free_bolt_port()
    host, port = ensure_falkordb(tmp_path, bolt_port=bolt_port)  # restarts with Bolt
    assert not (tmp_path / "falkordb" / "appendonlydir").exists()
    assert _read_contract(host, port, first, tenant="one")[0] == ["1", "14.3", "15"]
    second = _write_contract(host, port, tenant="two")
    assert stop_falkordb(tmp_path)
    host, port = ensure_falkordb(tmp_path)  # back to the AOF
    assert (tmp_path / "falkordb" / "appendonlydir").is_dir()
    os.kill(int((tmp_path / "falkordb" / "redis.pid").read_text()), signal.SIGKILL)
    host, port = ensure_falkordb(tmp_path)  # after a crash: the rewritten AOF holds both
    try:
        assert _read_contract(host, port, first, tenant="one")[0] == ["1", "14.3", "15"]
        assert _read_contract(host, port, second, tenant="two")[0] == ["1", "14.3", "15"]
    finally:
        stop_falkordb(tmp_path)


def test_bolt_port_in_use_is_a_clear_error(tmp_path):
    import socket

    from stores.errors import StoreUnavailable

    port = free_bolt_port()
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", port))
        busy.listen()
        with pytest.raises(StoreUnavailable, match=str(port)):
            ensure_falkordb(tmp_path, bolt_port=port)
    assert falkordb_status(tmp_path) is None

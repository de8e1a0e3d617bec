"""The redis-server + falkordb.so process behind the embedded FalkorDB: config, start, wait, stop.

Persistence (AOF mode, the default): the append-only file with an RDB preamble. Redis 7+ keeps
the AOF in parts: a base file and an incremental file of the commands since. A rewrite
(BGREWRITEAOF) dumps the whole graph as a binary RDB base and starts an empty incremental file;
a restart then loads the binary base (FalkorDB rebuilds its matrices from it, under a second at
the 510-contract size) and replays only the tail. Replaying GRAPH.QUERY commands one by one is
what made restarts slow (about 5 s per MB of commands on 2 cores). So the AOF is rewritten on
every clean stop (`shutdown`), and by Redis itself once the tail passes AOF_REWRITE_MIN_SIZE and
AOF_REWRITE_PERCENTAGE of the base, which bounds the replay after a crash. Chosen over RDB
snapshots alone because the AOF still loses at most a second of writes on a crash (appendfsync
everysec), where a snapshot loses everything written since it was taken.

RDB mode (a Bolt port is asked for): snapshots 10 s after a change and on stop, because FalkorDB
4.16 aborts on a Bolt write while the AOF is on.

The server-life lock: the starting command opens `server.lock` in the data folder, takes an
exclusive flock on it and hands that descriptor to redis-server, which keeps it (daemonized
children keep inherited descriptors) until it exits. The kernel releases it when the server goes,
even on SIGKILL, so "the lock is held" means "a server of this folder is alive", without trusting
a pid file (pids are reused).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

HOST = "127.0.0.1"
RESERVED_PORTS = frozenset({6379, 7687})
RDB_SAVE = "10 1"  # with Bolt on: snapshot 10 s after a change
MAX_BOLT_PORT = 32767  # FalkorDB 4.16 silently skips Bolt on a higher port
AOF_REWRITE_PERCENTAGE = 25  # rewrite once the tail is 25 % of the binary base ...
AOF_REWRITE_MIN_SIZE = "1mb"  # ... and the whole AOF at least 1 MB (about 5 s of replay)
SPAWN_TIMEOUT_S = 15.0  # redis-server's foreground part: parse the config, fork, exit
STOP_TIMEOUT_S = 15.0
REWRITE_TIMEOUT_S = 300.0
PROGRESS_EVERY_S = 2.0
POLL_TIMEOUT_S = 1.0  # one PING while waiting for a start
ADDRESS_IN_USE = "Address already in use"


def config(home: Path, port: int, bolt_port: int | None, aof: bool, module: Path) -> str:
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
        "aof-use-rdb-preamble yes",
        f"auto-aof-rewrite-percentage {AOF_REWRITE_PERCENTAGE}",
        f"auto-aof-rewrite-min-size {AOF_REWRITE_MIN_SIZE}",
        'save ""' if aof else f'save "{RDB_SAVE}"',  # RDB snapshots only while Bolt is on
        "appendfsync everysec",
    ]
    bolt = f" BOLT_PORT {int(bolt_port)}" if bolt_port else ""
    lines.append(f"loadmodule {_quote(module)}{bolt}")
    return "\n".join(lines) + "\n"


def server_lock_held(home: Path) -> bool:
    """True while a live server of this folder (or its fork) holds `server.lock`."""
    try:
        fd = os.open(home / "server.lock", os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops a lock taken just now
    return False


def spawn(server: Path, conf: Path, home: Path) -> tuple[int | None, str]:
    """Start the daemon with `server.lock` handed to it; (its pid, "") or (None, why not).

    The caller has made sure no server holds the folder; the lock is taken without waiting, so
    two starters that got past that check anyway cannot both launch one.
    """
    fd = os.open(home / "server.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None, f"another FalkorDB server holds {home}"
        with contextlib.suppress(FileNotFoundError):
            (home / "redis.pid").unlink()
        proc = subprocess.run(
            [str(server), str(conf)], cwd=home, capture_output=True, text=True,
            timeout=SPAWN_TIMEOUT_S, pass_fds=(fd,),
        )  # fmt: skip
    finally:
        os.close(fd)  # the daemon keeps its own copy, and with it the lock
    if proc.returncode != 0:
        return None, (proc.stderr or proc.stdout).strip()[-500:]
    deadline = time.monotonic() + SPAWN_TIMEOUT_S
    while time.monotonic() < deadline:  # the daemon writes its pid file before loading data
        pid = pidfile_pid(home)
        if pid:
            return pid, ""
        if not server_lock_held(home):
            break  # it exited already (bad module, port taken...)
        time.sleep(0.02)
    return None, "redis-server exited at start, or wrote no pid file"


def wait_ready(
    home: Path,
    port: int,
    pid: int | None,
    timeout_s: float,
    ready_check: Callable[[], bool] = lambda: True,
    progress: Callable[[str], None] | None = None,
) -> tuple[bool, str]:
    """Wait until the server answers PING for this folder; (ok, why not).

    While it loads its files it answers LOADING, or nothing at all during a long replayed
    command (the connection is accepted but not served): both count as loading and are reported
    through `progress`, at once and then every PROGRESS_EVERY_S.
    """
    started = time.monotonic()
    last_report: float | None = None
    client = redis.Redis(
        host=HOST, port=port, socket_timeout=POLL_TIMEOUT_S, socket_connect_timeout=POLL_TIMEOUT_S,
        retry=Retry(NoBackoff(), 0),
    )  # fmt: skip
    why = "it did not answer"
    try:
        while True:
            loading = False
            try:
                if client.ping() and dir_of(client) == str(home) and ready_check():
                    return True, ""
            except redis.exceptions.BusyLoadingError:
                loading = True
            except redis.exceptions.TimeoutError:
                loading = pid is None or alive(pid)  # connected, not served: busy with its files
            except redis.exceptions.ConnectionError:
                pass
            if loading:
                why = "it was still loading the graph"
                if progress and (last_report is None or time.monotonic() - last_report >= PROGRESS_EVERY_S):
                    last_report = time.monotonic()
                    progress(_loading_message(client, home, last_report - started))
            if pid and not alive(pid):
                return False, "it exited"
            if time.monotonic() - started >= timeout_s:
                return False, f"{why} after {timeout_s:g} s"
            time.sleep(0.05)
    finally:
        client.close()


def _loading_message(client: redis.Redis, home: Path, waited_s: float) -> str:
    done = ""
    try:  # Redis counts the bytes read, in steps: early on, or during one long command, it says 0
        info = client.info("persistence")
        total = int(info.get("loading_total_bytes", 0))
        perc = float(str(info.get("loading_loaded_perc", 0)).rstrip("%") or 0)
        if total and perc > 0:
            done = f", {perc:.0f} % of {total / 2**20:.1f} MB read"
    except redis.exceptions.RedisError:
        pass
    return f"FalkorDB is loading the graph under {home}{done} (waited {waited_s:.0f} s)"


def rewrite_aof(client: redis.Redis, timeout_s: float = REWRITE_TIMEOUT_S) -> None:
    """Rewrite the AOF as an RDB base (nothing to replay at the next start); wait for it."""
    deadline = time.monotonic() + timeout_s
    issued = False
    while time.monotonic() < deadline:
        info = client.info("persistence")
        busy = info.get("aof_rewrite_in_progress") or info.get("aof_rewrite_scheduled")
        if not busy:
            if issued:
                if info.get("aof_last_bgrewrite_status", "ok") != "ok":
                    raise redis.exceptions.ResponseError("the AOF rewrite failed (see redis.log)")
                return
            try:
                client.bgrewriteaof()
            except redis.exceptions.ResponseError as exc:
                if "in progress" not in str(exc) and "scheduled" not in str(exc):
                    raise
                continue  # an automatic rewrite started in between: wait for it, then ours
            issued = True
        time.sleep(0.05)
    raise redis.exceptions.TimeoutError(f"the AOF rewrite did not finish in {timeout_s:g} s")


def shutdown(port: int, pid: int | None, persistence: str, on_rewrite_error: Callable[[str], None]) -> None:
    """Stop the server with its data saved: AOF rewritten to a binary base first, or an RDB SAVE."""
    client = redis.Redis(host=HOST, port=port, socket_timeout=STOP_TIMEOUT_S, retry=Retry(NoBackoff(), 0))
    try:
        if persistence == "aof":
            try:
                info = client.info("persistence")
                if info.get("aof_current_size", 0) > info.get("aof_base_size", 0):
                    rewrite_aof(client)
            except redis.exceptions.BusyLoadingError:
                pass  # still loading its files: nothing new to save
            except redis.exceptions.RedisError as exc:  # the AOF itself is intact: stop anyway
                on_rewrite_error(str(exc))
        # no retries: the server closing the connection is the expected answer to SHUTDOWN
        client.shutdown(save=persistence == "rdb")
    except redis.exceptions.BusyLoadingError:  # SHUTDOWN refused while loading: a signal is not
        if pid:
            terminate(pid)
    except redis.exceptions.ConnectionError:
        pass  # the server closes the connection as it goes
    except redis.exceptions.RedisError:
        if pid:
            terminate(pid)
    finally:
        client.close()
    if pid and not wait_exit(pid, STOP_TIMEOUT_S):
        terminate(pid)


def terminate(pid: int, grace_s: float = STOP_TIMEOUT_S) -> None:
    """SIGTERM (redis saves, or gives up loading), then SIGKILL if it has not gone after grace_s.

    A server replaying a long command acts on SIGTERM only once that command is done (seconds).
    """
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    if not wait_exit(pid, grace_s):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        wait_exit(pid, 5.0)


# ----- helpers --------------------------------------------------------------------------------


def dir_of(client: redis.Redis) -> str:
    value = client.config_get("dir").get("dir", b"")
    return value.decode() if isinstance(value, bytes) else str(value)


def bolt_up(bolt_port: int | None) -> bool:
    if not bolt_port:
        return True
    try:
        socket.create_connection((HOST, bolt_port), timeout=1).close()
    except OSError:
        return False
    return True


def free_port(exclude: set[int | None]) -> int:
    for _ in range(50):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind((HOST, 0))
            port = s.getsockname()[1]
        if port not in RESERVED_PORTS and port not in exclude:
            return port
    raise OSError("no free TCP port found for the embedded FalkorDB")


def port_free(port: int) -> bool:
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


def pidfile_pid(home: Path) -> int | None:
    try:
        return int((home / "redis.pid").read_text().strip())
    except (FileNotFoundError, ValueError):
        return None


def alive(pid: int) -> bool:
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


def is_our_process(home: Path, pid: int) -> bool:
    """pid is a redis-server working in this folder (not a reused pid)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return "redis-server" in cmdline and Path(cwd).resolve() == home


def servers_in(home: Path) -> list[int]:
    """Pids of every live redis-server working in this folder (leftovers of older versions too)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and is_our_process(home, int(entry.name)) and alive(int(entry.name)):
            pids.append(int(entry.name))
    return sorted(pids)


def wait_exit(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return not alive(pid)


def log_tail(log: Path, offset: int) -> str:
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

"""Embedded Postgres (pgserver: PostgreSQL 16 in a pip wheel) under ``data_dir/postgres``.

The server listens on a Unix socket only and outlives the process that started it, so the next
command reuses it; ``stop_postgres`` shuts it down. Run as root, pgserver runs the server as a
system user ``pgserver`` (created with useradd on first use) and opens read/traverse permissions
on the data directory's parents.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import warnings
from pathlib import Path

import psycopg
from psycopg import sql

from stores.errors import StoreUnavailable

DATABASE = "veridict"
_SUPERUSER = "postgres"


def _pgdata(data_dir: Path) -> Path:
    return Path(data_dir).expanduser().resolve() / "postgres"


def _pgserver():
    """Import pgserver quietly (platformdirs warns when XDG_RUNTIME_DIR is unset)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
        import pgserver.utils
    return pgserver


def _running_info(pgdata: Path):
    """pgserver's view of postmaster.pid, if a ready server runs on this directory."""
    PostmasterInfo = _pgserver().utils.PostmasterInfo

    try:
        info = PostmasterInfo.read_from_pgdata(pgdata)
    except (OSError, ValueError, AssertionError):  # unreadable or half-written pid file
        return None
    if info is None or not info.is_running() or info.status != "ready":
        return None
    if info.socket_path is not None and not info.socket_path.exists():
        return None
    return info


def _ensure_database(admin_url: str) -> None:
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)
        ).fetchone()
        if exists:
            return
        try:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
        except psycopg.errors.DuplicateDatabase:  # another process created it first
            pass
        except psycopg.errors.UniqueViolation:  # same race, reported on the catalog
            pass


@contextlib.contextmanager
def _start_lock(pgdata: Path):
    """An exclusive lock, across processes, on starting the server of ``pgdata``."""
    with open(pgdata.parent / ".start.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _start(pgserver, pgdata: Path):
    PostgresServer = pgserver.PostgresServer
    try:
        server = PostgresServer._instances.get(pgdata)
        if server is None:
            server = pgserver.get_server(pgdata, cleanup_mode=None)
        else:  # started earlier in this process, stopped since: start it again
            with PostgresServer._lock:
                server.ensure_pgdata_inited()
                server.ensure_postgres_running()
    except (subprocess.SubprocessError, OSError, AssertionError) as exc:
        log = pgdata / "log"
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"
        raise StoreUnavailable(
            f"the embedded Postgres under {pgdata} did not start: {exc}. "
            f"Server log tail:\n{tail}"
        ) from exc
    return server.get_postmaster_info()


def ensure_postgres(data_dir: Path) -> str:
    """Start (or reuse) the embedded server; return a libpq URL of the ``veridict`` database."""
    pgserver = _pgserver()
    pgdata = _pgdata(data_dir)
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    info = _running_info(pgdata)
    if info is None:
        with _start_lock(pgdata):  # two processes starting at once: one starts, one reuses
            info = _running_info(pgdata)
            if info is None:
                info = _start(pgserver, pgdata)
    try:
        _ensure_database(info.get_uri(user=_SUPERUSER, database="postgres"))
    except psycopg.OperationalError as exc:
        raise StoreUnavailable(
            f"the embedded Postgres under {pgdata} runs but refuses connections: {exc}"
        ) from exc
    return info.get_uri(user=_SUPERUSER, database=DATABASE)


def postgres_status(data_dir: Path) -> str | None:
    """The URL of the embedded server's ``veridict`` database if it is running, else None."""
    info = _running_info(_pgdata(data_dir))
    return info.get_uri(user=_SUPERUSER, database=DATABASE) if info else None


def stop_postgres(data_dir: Path) -> bool:
    """Stop the embedded server (fast shutdown: sessions are ended). False if it was not running."""
    pg_ctl = _pgserver().pg_ctl

    pgdata = _pgdata(data_dir)
    if _running_info(pgdata) is None:
        return False
    user = "pgserver" if os.name != "nt" and os.geteuid() == 0 else None
    try:
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=pgdata, user=user, timeout=60)
    except subprocess.CalledProcessError as exc:
        if _running_info(pgdata) is None:  # stopped by someone else meanwhile
            return False
        raise StoreUnavailable(
            f"could not stop the embedded Postgres under {pgdata}: {exc}"
        ) from exc
    return True

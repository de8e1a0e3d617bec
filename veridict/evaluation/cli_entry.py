"""``evaluate``: ingest what a question set needs into a fresh tenant, answer, score, write.

The ingest pipeline and the answerer (agent or baseline) are injected, so this module imports
neither; the CLI wires the real ones in.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, cast

from veridict.evaluation.documents import DocResolver
from veridict.evaluation.questions import (
    QuestionsError,
    contracts_path_for,
    cuad_root_for,
    load_contracts,
    load_questions,
    needed_doc_ids,
    select_questions,
)
from veridict.evaluation.report import EvalReport, write_report
from veridict.evaluation.runner import AnswerFn, Progress, run_eval
from veridict.settings import Settings
from veridict.types import Document

Mode = Literal["agent", "baseline"]


class EvaluationError(Exception):
    """The evaluation cannot produce a meaningful report (e.g. nothing was ingested)."""


class IngestFn(Protocol):
    """Ingest these files into ``tenant`` and make them active.

    May return the ingested Documents, or an object with ``files`` whose items carry
    ``document_id`` and ``doc_key`` (ingest.pipeline.IngestReport), or None.
    """

    def __call__(self, paths: Sequence[Path], tenant: str) -> Any: ...


class AnswererFactory(Protocol):
    """Build the answer function for a tenant: ``(tenant, mode) -> (question -> Answer)``."""

    def __call__(self, tenant: str, mode: str, /) -> AnswerFn: ...


def fresh_tenant(mode: str) -> str:
    return f"eval_{mode}_{uuid.uuid4().hex[:10]}"


def _register_ingested(resolver: DocResolver, result: Any) -> int:
    """Map ingested document ids to contracts from whatever the ingest function returned."""
    n = 0
    items = getattr(result, "files", result) if result is not None else []
    for item in items or []:
        if isinstance(item, Document):
            n += resolver.add_document(item) is not None
            continue
        document_id = getattr(item, "document_id", None)
        key = getattr(item, "doc_key", None) or getattr(item, "path", None)
        if document_id and key:
            from_txt = str(getattr(item, "path", "")).lower().endswith(".txt")
            n += resolver.add_id(document_id, key, from_txt=from_txt) is not None
    return n


def evaluate(
    settings: Settings,
    questions_path: str | Path,
    mode: Mode,
    limit: int | None,
    out_dir: str | Path,
    *,
    ingest_fn: IngestFn,
    answerer: AnswererFactory,
    tenant: str | None = None,
    source: Literal["pdf", "txt"] = "pdf",
    sample: Literal["first", "stratified"] = "stratified",
    list_documents: Callable[[str], Sequence[Document]] | None = None,
    cleanup: Callable[[str], None] | None = None,
    progress: Progress | None = None,
) -> EvalReport:
    """Run one evaluation and write ``eval-<mode>-<time>.json`` and ``.md`` under ``out_dir``.

    - questions: ``questions_path`` (JSONL); ``limit`` picks that many (round-robin over qtypes
      with ``sample="stratified"``, else the first ones).
    - documents: the contracts the chosen questions need (all of ``contracts.jsonl`` beside the
      questions when a collection-wide question is asked), as PDF (default) or the CUAD TXT,
      ingested by ``ingest_fn`` into a fresh tenant (or ``tenant``).
    - citations are mapped back to contracts through what ``ingest_fn`` returns, else
      ``list_documents(tenant)`` (e.g. ``pg.list_documents``), else the cited file name/title.
    - ``cleanup(tenant)`` runs at the end (success or not) when given.
    """
    questions_path = Path(questions_path)
    all_questions = load_questions(questions_path)
    contracts_path = contracts_path_for(questions_path)
    contracts = load_contracts(contracts_path)
    root = cuad_root_for(contracts_path, contracts.values())
    chosen = select_questions(all_questions, limit, sample)
    doc_ids = needed_doc_ids(chosen, contracts)
    paths = [
        contracts[d].pdf_file(root) if source == "pdf" else contracts[d].txt_file(root)
        for d in doc_ids
    ]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise QuestionsError(f"{len(missing)} contract files not found, e.g. {missing[0]}")

    tenant = tenant or fresh_tenant(mode)
    try:
        t0 = time.perf_counter()
        ingested = ingest_fn(paths, tenant)
        ingest_s = time.perf_counter() - t0
        resolver = DocResolver(contracts.values())
        mapped = _register_ingested(resolver, ingested)
        failed = list(getattr(ingested, "failed", None) or [])
        if list_documents is not None:
            active = list(list_documents(tenant))
            if not active:
                why = getattr(failed[0], "message", "") if failed else "no error reported"
                raise EvaluationError(
                    f"nothing was ingested into tenant {tenant!r} ({len(failed)} files failed; "
                    f"first: {why})"
                )
            mapped = max(mapped, sum(resolver.add_document(d) is not None for d in active))
        answer_fn = answerer(tenant, mode)
        meta = {
            "questions": str(questions_path),
            "selected": f"{len(chosen)} of {len(all_questions)} ({sample})",
            "documents": f"{len(paths)} {source.upper()} ({mapped} mapped to contracts)",
            "tenant": tenant,
            "ingest_seconds": round(ingest_s, 1),
            "ingest_failed": len(failed),
            "llm_model": settings.llm_model or "none (extractive)",
            "embedding_model": settings.embedding_model,
            "top_k": settings.top_k,
        }
        report = run_eval(chosen, answer_fn, mode, resolver=resolver, meta=meta, progress=progress)
        write_report(report, out_dir)
        return report
    finally:
        if cleanup is not None:
            cleanup(tenant)


def run_cli_eval(
    settings: Settings, questions_path: Path, mode: str, limit: int | None, out_dir: Path,
    *, tenant: str | None = None, keep: bool = False,
) -> dict[str, EvalReport]:
    """`veridict eval`: the real ingestion pipeline and agent (and/or the baseline).

    Both modes share one tenant, so the baseline sees exactly the same chunks and
    embeddings as the agent. By default the tenant is fresh and removed at the end;
    ``tenant`` reuses a named one (files already ingested there are skipped by their
    sha256, so a second run only answers) and ``keep`` leaves it in the stores.
    A named tenant that already held documents is never removed.
    """
    from graphs.answer_graph import answer_question
    from ingest.pipeline import Ingestor
    from veridict.evaluation.baseline import baseline_factory
    from veridict.factory import open_stores

    requested = ["agent", "baseline"] if mode == "both" else [mode]
    unknown = [m for m in requested if m not in ("agent", "baseline")]
    if unknown:
        raise EvaluationError(f"unknown mode {unknown[0]!r}: use agent, baseline or both")
    modes = cast(list[Mode], requested)  # each is checked above
    reports: dict[str, EvalReport] = {}
    with open_stores(settings) as stores:
        tenant_ = tenant or fresh_tenant("eval")
        had_documents = bool(tenant) and bool(stores.pg.list_documents(tenant_))
        remove = should_remove_tenant(tenant, keep, had_documents)
        ingestor = Ingestor(stores)

        def ingest(paths, tenant_):
            return ingestor.ingest_files(list(paths), tenant_, progress=True)

        def agent_factory(tenant_: str, mode_: str):
            return lambda q: answer_question(stores, settings, q, tenant=tenant_)

        try:
            for m in modes:
                reports[m] = evaluate(
                    settings, questions_path, m, limit, out_dir,
                    ingest_fn=ingest,
                    answerer=agent_factory if m == "agent" else baseline_factory(stores),
                    tenant=tenant_,
                    list_documents=stores.pg.list_documents,
                )
        finally:
            if remove:
                stores.vectors.delete_tenant(tenant_)
                stores.graph.delete_tenant(tenant_)
                stores.pg.delete_tenant(tenant_)
    return reports


def should_remove_tenant(tenant: str | None, keep: bool, had_documents: bool) -> bool:
    """Remove the evaluation tenant at the end? Never with ``keep``; never a named tenant
    that held documents before the run (a library someone built); otherwise yes."""
    if keep:
        return False
    return tenant is None or not had_documents

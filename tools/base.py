"""What every agent tool shares: its context, its result and the store-failure guard.

A tool is a pydantic argument model plus a function ``(ctx, args) -> ToolResult``.
It is directly callable, and ``as_structured_tool`` wraps it for LangChain.
A store that is down (``StoreUnavailable``) never raises out of a tool: the
result carries no evidence and a note naming the channel.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from stores.errors import QueryRejected, StoreError, StoreUnavailable
from tools.document_index import DocumentIndex, document_index
from tools.reads import DocumentReads, GraphReads, QueryEmbedder, VectorReads
from veridict.settings import Settings
from veridict.types import Citation, Document, Evidence, Outage, Section, StoreName

MAX_QUOTE_CHARS = 700


class HitMeta(BaseModel):
    """What the agent keeps about an evidence item beyond ``Evidence`` itself."""

    document_id: str
    doc_key: str | None = None
    status: str = "active"
    section_id: str | None = None
    clause_types: list[str] = Field(default_factory=list)
    channel: str = ""  # the tool that found it
    rank: int = 0  # 1-based rank in that tool's list
    ranks: dict[str, int] = Field(default_factory=dict)  # channel -> rank after fusion
    hop: int = 0  # multi-hop step that produced it (0 = plain retrieval)
    reference_key: str | None = None  # regulation/clause key for graph references
    similarity: float | None = None  # cosine to the query, when a vector search found it
    # (number, char_start, char_end) of each page a passage runs across, when it runs across more than
    # one: a quote narrowed inside the passage is cited on the page it stands on, not the passage's first
    pages: list[tuple[int, int, int]] = Field(default_factory=list)


class ToolResult(BaseModel):
    tool: str
    evidence: list[Evidence] = Field(default_factory=list)
    meta: dict[str, HitMeta] = Field(default_factory=dict)
    rows: list[dict[str, Any]] = Field(default_factory=list)  # non-evidence results (graph rows, numbers)
    note: str | None = None
    ms: float = 0.0
    unavailable: bool = False
    outage: Outage | None = None  # set with ``unavailable``: the store that failed and its error
    rejected: bool = False  # the store refused the query (QueryRejected): a write, no tenant anchor

    @property
    def size(self) -> int:
        """How many results it gave: its evidence items, or its rows when it has no evidence."""
        return len(self.evidence) if self.evidence or not self.rows else len(self.rows)

    def add(self, evidence: Evidence, meta: HitMeta) -> None:
        if evidence.id in self.meta:
            return
        meta.rank = len(self.evidence) + 1
        meta.ranks = {meta.channel or self.tool: meta.rank}
        self.evidence.append(evidence)
        self.meta[evidence.id] = meta


@dataclass
class ToolContext:
    """The stores a tool may read, and the tenant every read is filtered by."""

    tenant: str
    pg: DocumentReads | None = None
    vectors: VectorReads | None = None
    graph: GraphReads | None = None
    embedder: QueryEmbedder | None = None
    settings: Settings | None = None
    _documents: dict[str, Document | None] = field(default_factory=dict)
    _sections: dict[str, Section | None] = field(default_factory=dict)
    _pages: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    _name_index: DocumentIndex | None = None

    @classmethod
    def from_stores(cls, stores: Any, tenant: str) -> ToolContext:
        return cls(
            tenant=tenant,
            pg=getattr(stores, "pg", None),
            vectors=getattr(stores, "vectors", None),
            graph=getattr(stores, "graph", None),
            embedder=getattr(stores, "embedder", None),
            settings=getattr(stores, "settings", None),
        )

    def document(self, document_id: str) -> Document | None:
        """A document row, cached for the life of the context (one question)."""
        if document_id not in self._documents:
            self._documents[document_id] = self.pg.get_document(self.tenant, document_id) if self.pg else None
        return self._documents[document_id]

    def pages_between(self, document_id: str, first: int, last: int) -> list[tuple[int, int, int]]:
        """(number, char_start, char_end) of pages ``first``..``last`` of a document when that is more than
        one page (else nothing: a one-page passage needs no page map); each document read once."""
        if last <= first or self.pg is None:
            return []
        if document_id not in self._pages:
            self._pages[document_id] = self.pg.pages(self.tenant, document_id)
        return [p for p in self._pages[document_id] if first <= p[0] <= last]

    def name_index(self) -> DocumentIndex | None:
        """The tenant's document-name index, looked up once for the life of the context (one question)."""
        if self._name_index is None and self.pg is not None and hasattr(self.pg, "document_names"):
            self._name_index = document_index(self.pg, self.tenant)
        return self._name_index

    def remember(self, document: Document) -> None:
        self._documents.setdefault(document.id, document)

    def section(self, section_id: str | None, document: Document | None = None) -> Section | None:
        """A section row (or None), cached for the life of the context.

        Given the section's active or superseded ``document`` of this tenant, every section of
        that document is cached in one read: a search returns several chunks of the same
        documents, and one query per chunk was most of an answer's Postgres round trips.
        """
        if not section_id or self.pg is None:
            return None
        if section_id not in self._sections:
            if (document is not None and document.tenant == self.tenant
                    and status_of(document) in ("active", "superseded")):
                for sec in self.pg.document_sections(self.tenant, document.id):
                    self._sections.setdefault(sec.id, sec)
            if section_id not in self._sections:  # no document given, or not among its sections
                self._sections[section_id] = self.pg.get_section(self.tenant, section_id)
        return self._sections[section_id]


A = TypeVar("A", bound=BaseModel)


@dataclass(frozen=True)
class ToolSpec(Generic[A]):
    name: str
    description: str
    args: type[A]
    fn: Callable[[ToolContext, A], ToolResult]
    store: str  # the store it reads, named in "unavailable" notes

    def __call__(self, ctx: ToolContext, args: A | dict) -> ToolResult:
        return run_tool(self, ctx, args)

    def available(self, ctx: ToolContext) -> bool:
        """Whether the store this tool reads is configured in ``ctx`` (a tool that cannot run is not offered)."""
        return not _missing_store(ctx, self.store)

    def as_structured_tool(self, ctx: ToolContext):
        """This tool as a LangChain ``StructuredTool`` bound to ``ctx``."""
        from langchain_core.tools import StructuredTool

        def _run(**kwargs: Any) -> dict:
            return run_tool(self, ctx, kwargs).model_dump(mode="json")

        return StructuredTool.from_function(
            func=_run, name=self.name, description=self.description, args_schema=self.args
        )


def one_line(exc: BaseException | str, limit: int = 300) -> str:
    """An error on one line, at most ``limit`` characters: how an outage is told."""
    return " ".join(str(exc).split())[:limit]


def run_tool(spec: ToolSpec, ctx: ToolContext, args: BaseModel | dict) -> ToolResult:
    """Validate arguments, time the call and turn store failures into notes."""
    parsed = args if isinstance(args, spec.args) else spec.args.model_validate(args)
    started = time.perf_counter()
    try:
        if _missing_store(ctx, spec.store):
            raise StoreUnavailable(f"{spec.store} store is not configured")
        result = spec.fn(ctx, parsed)
    except StoreUnavailable as exc:
        result = ToolResult(tool=spec.name, note=f"{spec.store} unavailable: {exc}", unavailable=True,
                            outage=Outage(channel=spec.name, store=spec.store, error=one_line(exc)))
    except QueryRejected as exc:
        result = ToolResult(tool=spec.name, note=f"query rejected: {exc}", rejected=True)
    except StoreError as exc:
        result = ToolResult(tool=spec.name, note=f"{spec.store} error: {exc}", unavailable=True,
                            outage=Outage(channel=spec.name, store=spec.store, error=one_line(exc)))
    result.tool = spec.name
    result.ms = ms_since(started)
    return result


def ms_since(started: float) -> float:
    """Milliseconds since ``started`` (a ``time.perf_counter()`` reading), as traces show them."""
    return round((time.perf_counter() - started) * 1000, 2)


def _missing_store(ctx: ToolContext, store: str) -> bool:
    needed = {
        "postgres": ("pg",),
        "qdrant": ("vectors", "embedder", "pg"),
        "graph": ("graph",),
        "none": (),
    }.get(store, ())
    return any(getattr(ctx, name) is None for name in needed)


def citation_for(
    document: Document,
    store: StoreName,
    page: int,
    quote: str,
    char_start: int | None = None,
    char_end: int | None = None,
    clause_number: str | None = None,
    clause_title: str | None = None,
    ocr_confidence: float | None = None,
) -> Citation:
    """A citation of ``page``; a page read by OCR carries its confidence (given, or the document's)."""
    quote = quote.strip()
    page = max(1, int(page or 1))
    if ocr_confidence is None:
        ocr_confidence = document.ocr_pages.get(page)
    if len(quote) > MAX_QUOTE_CHARS:
        quote = quote[: MAX_QUOTE_CHARS - 1].rstrip() + "…"
    return Citation(
        document_id=document.id,
        document_title=document.title,
        version=document.version,
        page=page,
        clause_number=clause_number,
        clause_title=clause_title,
        char_start=char_start,
        char_end=char_end,
        quote=quote,
        store=store,
        source_path=document.source_path,
        ocr_confidence=ocr_confidence,
    )


def status_of(document: Document) -> str:
    status = document.status
    return status.value if hasattr(status, "value") else str(status)

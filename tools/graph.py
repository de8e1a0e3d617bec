"""Graph traversals (templated) and a read-only Cypher tool with a row limit.

Reference hops come back as evidence: the quote is the sentence of the
referring clause that names the regulation, read from Postgres.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from stores.errors import StoreError
from tools.base import HitMeta, ToolContext, ToolResult, ToolSpec, citation_for, status_of
from tools.text import best_span, squash
from veridict.domain import content_words
from veridict.types import Evidence


class EntityDocumentsQuery(BaseModel):
    entity_name: str = Field(..., min_length=1, description="a party or organisation name")
    active_only: bool = True


class DocumentClausesQuery(BaseModel):
    document_id: str
    clause_type: str | None = None


class ReferencesQuery(BaseModel):
    clause_ids: list[str] = Field(..., min_length=1, max_length=50)


class PartiesQuery(BaseModel):
    document_id: str


class CypherQuery(BaseModel):
    cypher: str = Field(..., description="a read-only Cypher query that filters by $tenant")
    params: dict[str, Any] = Field(default_factory=dict)
    limit: int = Field(50, ge=1, le=200)


def _entity_documents(ctx: ToolContext, args: EntityDocumentsQuery) -> ToolResult:
    assert ctx.graph is not None  # run_tool checked the store is configured
    rows = ctx.graph.documents_for_entity(ctx.tenant, args.entity_name, active_only=args.active_only)
    return ToolResult(tool="graph_entity", rows=list(rows))


def _document_clauses(ctx: ToolContext, args: DocumentClausesQuery) -> ToolResult:
    assert ctx.graph is not None  # run_tool checked the store is configured
    rows = ctx.graph.clauses(ctx.tenant, args.document_id, clause_type=args.clause_type)
    return ToolResult(tool="graph_clauses", rows=list(rows))


def _parties(ctx: ToolContext, args: PartiesQuery) -> ToolResult:
    assert ctx.graph is not None  # run_tool checked the store is configured
    return ToolResult(tool="graph_parties", rows=list(ctx.graph.parties(ctx.tenant, args.document_id)))


def _references(ctx: ToolContext, args: ReferencesQuery) -> ToolResult:
    assert ctx.graph is not None  # run_tool checked the store is configured
    rows = list(ctx.graph.references_from(ctx.tenant, args.clause_ids))
    result = ToolResult(tool="graph_refs", rows=rows)
    for row in rows:
        evidence, meta = reference_evidence(ctx, row)
        if evidence is not None and meta is not None:  # both or neither
            result.add(evidence, meta)
    return result


def reference_evidence(ctx: ToolContext, row: dict) -> tuple[Evidence | None, HitMeta | None]:
    """Cite a (clause)-[:REFERENCES]->(target) edge by the clause sentence naming the target."""
    if ctx.pg is None:
        return None, None
    try:
        section = ctx.section(row.get("clause_id"))
        document = ctx.document(section.document_id) if section is not None else None
    except StoreError:  # Postgres down: the graph rows still come back, without quotes
        return None, None
    if section is None or document is None:
        return None, None
    key = str(row.get("key") or "")
    name = str(row.get("name") or "")
    text = section.text or ""
    start, end, _ = best_span(text, content_words(f"{key} {name}"), phrases=[key, name])
    if not _names_target(text[start:end], key, name):
        start, end = _find_target(text, key, name)
    quote = text[start:end] if end > start else text[:300]
    page = section.page_start
    citation = citation_for(
        document, "graph", page, quote,
        section.char_start + start if end > start else section.char_start,
        section.char_start + end if end > start else None,
        section.number, section.title,
    )
    label = f"{row.get('kind') or 'reference'}: {key}" + (f" ({name})" if name and name != key else "")
    evidence = Evidence(id=f"ref:{row.get('clause_id')}:{key}", store="graph",
                        text=f"{label} — referenced by clause {section.number or ''}: {quote}",
                        score=1.0, citation=citation)
    meta = HitMeta(document_id=document.id, doc_key=document.doc_key, status=status_of(document),
                   section_id=section.id, clause_types=list(section.clause_types), channel="graph",
                   reference_key=key or name)
    return evidence, meta


def _names_target(piece: str, key: str, name: str) -> bool:
    s = squash(piece)
    return bool((key and squash(key) in s) or (name and squash(name) in s)
                or (key and all(squash(t) in s for t in key.replace("Art.", " ").split() if squash(t))))


def _find_target(text: str, key: str, name: str) -> tuple[int, int]:
    lowered = text.lower()
    for needle in (key, name, *(key.split() if key else [])):
        needle = (needle or "").strip().lower()
        if len(needle) >= 3 and needle in lowered:
            i = lowered.index(needle)
            return max(0, i - 200), min(len(text), i + len(needle) + 200)
    return 0, 0


def _cypher(ctx: ToolContext, args: CypherQuery) -> ToolResult:
    assert ctx.graph is not None  # run_tool checked the store is configured
    rows = ctx.graph.run_read_only(ctx.tenant, args.cypher, args.params or None, limit=args.limit)
    return ToolResult(tool="cypher", rows=list(rows))


entity_documents = ToolSpec("graph_entity", "Documents an entity is party to (graph).",
                            EntityDocumentsQuery, _entity_documents, "graph")
document_clauses = ToolSpec("graph_clauses", "Clauses of a document, optionally of one type (graph).",
                            DocumentClausesQuery, _document_clauses, "graph")
document_parties = ToolSpec("graph_parties", "Parties of a document with their roles (graph).",
                            PartiesQuery, _parties, "graph")
clause_references = ToolSpec("graph_refs", "Regulations and clauses referenced by given clauses (graph), "
                             "cited by the referring sentence.", ReferencesQuery, _references, "graph")
cypher_read = ToolSpec("cypher", "Free-form read-only Cypher (must filter by $tenant; rows capped).",
                       CypherQuery, _cypher, "graph")

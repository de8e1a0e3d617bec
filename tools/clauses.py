"""Clauses from Postgres: sections by clause type, and one section's full text."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.base import ToolContext, ToolResult, ToolSpec
from tools.chunks import section_evidence


class ClauseQuery(BaseModel):
    clause_type: str = Field(..., description="a clause type, e.g. cap_on_liability, governing_law")
    document_ids: list[str] | None = Field(None, description="restrict to these documents")
    limit: int = Field(20, ge=1, le=200)


class SectionQuery(BaseModel):
    section_ids: list[str] = Field(..., min_length=1, max_length=20, description="section (clause) ids")


def _clauses_by_type(ctx: ToolContext, args: ClauseQuery) -> ToolResult:
    assert ctx.pg is not None  # run_tool checked the store is configured
    rows = ctx.pg.sections_by_type(ctx.tenant, args.clause_type, document_ids=args.document_ids or None,
                                   limit=args.limit)
    result = ToolResult(tool="clauses")
    for section, document in rows:
        ctx.remember(document)
        evidence, meta = section_evidence(section, document, score=1.0,
                                          pages=ctx.pages_between(document.id, section.page_start, section.page_end))
        result.add(evidence, meta)
    return result


def _section_context(ctx: ToolContext, args: SectionQuery) -> ToolResult:
    result = ToolResult(tool="context")
    for section_id in args.section_ids:
        section = ctx.section(section_id)
        if section is None:
            continue
        document = ctx.document(section.document_id)
        if document is None:
            continue
        evidence, meta = section_evidence(section, document, score=1.0, channel="context",
                                          pages=ctx.pages_between(document.id, section.page_start, section.page_end))
        result.add(evidence, meta)
    return result


clauses_by_type = ToolSpec(
    name="clauses",
    description="Clauses of a given type (e.g. cap_on_liability) in active documents, with full text.",
    args=ClauseQuery,
    fn=_clauses_by_type,
    store="postgres",
)

section_context = ToolSpec(
    name="context",
    description="The full text of given clauses (sections), for the context around a fact.",
    args=SectionQuery,
    fn=_section_context,
    store="postgres",
)

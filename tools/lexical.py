"""Full-text search in Postgres (websearch syntax, ranked by ts_rank_cd)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.base import ToolContext, ToolResult, ToolSpec
from tools.chunks import chunk_evidence


class LexicalQuery(BaseModel):
    query: str = Field(..., min_length=1, description="words or \"quoted phrases\"; 'or' between alternatives")
    document_ids: list[str] | None = Field(None, description="restrict to these documents")
    limit: int = Field(8, ge=1, le=50)


def _lexical_search(ctx: ToolContext, args: LexicalQuery) -> ToolResult:
    assert ctx.pg is not None  # run_tool checked the store is configured
    rows = ctx.pg.lexical_search(ctx.tenant, args.query, document_ids=args.document_ids or None, limit=args.limit)
    result = ToolResult(tool="lexical")
    for chunk, document, rank in rows:
        ctx.remember(document)
        evidence, meta = chunk_evidence(ctx, chunk, document, "lexical", rank)
        result.add(evidence, meta)
    return result


lexical_search = ToolSpec(
    name="lexical",
    description="Keyword search (Postgres full text) over chunks of active documents.",
    args=LexicalQuery,
    fn=_lexical_search,
    store="postgres",
)

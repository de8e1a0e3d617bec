"""Semantic search: embed the query, search Qdrant, hydrate hits from Postgres.

Hydration goes through ``pg.get_chunks`` (active documents only), so a point
left over from a superseded or pending document never surfaces.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.base import ToolContext, ToolResult, ToolSpec
from tools.chunks import chunk_evidence


class VectorQuery(BaseModel):
    query: str = Field(..., min_length=1, description="what to look for, in words")
    document_ids: list[str] | None = Field(None, description="restrict to these documents")
    clause_types: list[str] | None = Field(None, description="restrict to chunks of these clause types")
    k: int = Field(8, ge=1, le=50)


def _vector_search(ctx: ToolContext, args: VectorQuery) -> ToolResult:
    # run_tool checked these stores are configured
    assert ctx.embedder is not None and ctx.vectors is not None and ctx.pg is not None
    return vector_hits(ctx, ctx.embedder.embed_query(args.query), args.document_ids or None,
                       args.clause_types or None, args.k)


def vector_hits(ctx: ToolContext, vector, document_ids: list[str] | None = None,
                clause_types: list[str] | None = None, k: int = 8) -> ToolResult:
    """The chunks nearest to ``vector`` (cosine, in the store's order), hydrated from Postgres; each hit's
    ``HitMeta.similarity`` is its cosine. Also for a direction that is no embedded text (``agents.clause_check``)."""
    assert ctx.vectors is not None and ctx.pg is not None
    hits = ctx.vectors.search(ctx.tenant, vector, k=k, document_ids=document_ids, clause_types=clause_types)
    result = ToolResult(tool="vectors")
    if not hits:
        return result
    scores = {h.chunk_id: float(h.score) for h in hits}
    hydrated = {chunk.id: (chunk, doc) for chunk, doc in ctx.pg.get_chunks(ctx.tenant, list(scores))}
    dropped = 0
    for hit in hits:  # keep Qdrant's order
        row = hydrated.get(hit.chunk_id)
        if row is None:
            dropped += 1
            continue
        chunk, document = row
        ctx.remember(document)
        evidence, meta = chunk_evidence(ctx, chunk, document, "vectors", scores[hit.chunk_id])
        meta.similarity = scores[hit.chunk_id]
        result.add(evidence, meta)
    if dropped:
        result.note = f"{dropped} vector hit(s) not in an active document were dropped"
    return result


vector_search = ToolSpec(
    name="vectors",
    description="Semantic search over narrative chunks of active documents (Qdrant).",
    args=VectorQuery,
    fn=_vector_search,
    store="qdrant",
)

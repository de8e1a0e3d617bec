"""Turn stored chunks and sections into cited evidence (shared by the text tools)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tools.base import HitMeta, ToolContext, citation_for, status_of
from veridict.types import Chunk, Document, Evidence, Section, StoreName

CHUNK_PREFIX = "chunk:"  # the evidence id of a stored chunk
SECTION_PREFIX = "section:"  # the evidence id of a stored section


def chunk_evidence(
    ctx: ToolContext, chunk: Chunk, document: Document, store: StoreName, score: float
) -> tuple[Evidence, HitMeta]:
    section = ctx.section(chunk.section_id, document)
    citation = citation_for(
        document,
        store,
        chunk.page_start,
        chunk.text,
        chunk.char_start,
        chunk.char_end,
        section.number if section else None,
        section.title if section else None,
    )
    clause_types = list(chunk.clause_types or (section.clause_types if section else []))
    evidence = Evidence(id=f"{CHUNK_PREFIX}{chunk.id}", store=store, text=chunk.text, score=float(score),
                        citation=citation)
    meta = HitMeta(
        document_id=document.id,
        doc_key=document.doc_key,
        status=status_of(document),
        section_id=chunk.section_id,
        clause_types=clause_types,
        channel=store,
        pages=ctx.pages_between(document.id, chunk.page_start, chunk.page_end),
    )
    return evidence, meta


def section_evidence(
    section: Section, document: Document, score: float = 1.0, store: StoreName = "lexical", channel: str = "clauses",
    pages: Sequence[tuple[int, int, int]] = (),
) -> tuple[Evidence, HitMeta]:
    citation = citation_for(
        document,
        store,
        section.page_start,
        section.text,
        section.char_start,
        section.char_end,
        section.number,
        section.title,
    )
    evidence = Evidence(id=f"{SECTION_PREFIX}{section.id}", store=store, text=section.passage(), score=float(score),
                        citation=citation)
    meta = HitMeta(
        document_id=document.id,
        doc_key=document.doc_key,
        status=status_of(document),
        section_id=section.id,
        clause_types=list(section.clause_types),
        channel=channel,
        pages=list(pages),
    )
    return evidence, meta



def stored_similarities(ctx: ToolContext, vector: np.ndarray, evidence_ids: Sequence[str]) -> dict[str, float]:
    """Cosine of ``vector`` to the vectors stored at ingest for these evidence items (evidence id -> score): a
    chunk's from the vector store, a tagged section's from Postgres. An item with no stored vector is left out
    (its caller embeds it). Raises the stores' errors."""
    chunks = {i.removeprefix(CHUNK_PREFIX): i for i in evidence_ids if i.startswith(CHUNK_PREFIX)}
    sections = {i.removeprefix(SECTION_PREFIX): i for i in evidence_ids if i.startswith(SECTION_PREFIX)}
    scores: dict[str, float] = {}
    if chunks and ctx.vectors is not None:
        found = ctx.vectors.similarities(ctx.tenant, vector, list(chunks))
        scores.update({chunks[c]: float(s) for c, s in found.items() if c in chunks})
    if sections and ctx.pg is not None:
        stored = ctx.pg.section_vectors(ctx.tenant, list(sections))
        if stored:
            query = np.asarray(vector, dtype=np.float32).reshape(-1)
            norm = float(np.linalg.norm(query))
            query = query / norm if norm > 0 else query
            scores.update({sections[s]: float(np.asarray(v, dtype=np.float32) @ query)
                           for s, v in stored.items() if s in sections})
    return scores

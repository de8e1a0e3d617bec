"""Turn stored chunks and sections into cited evidence (shared by the text tools)."""

from __future__ import annotations

from collections.abc import Sequence

from tools.base import HitMeta, ToolContext, citation_for, status_of
from veridict.types import Chunk, Document, Evidence, Section, StoreName


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
    evidence = Evidence(id=f"chunk:{chunk.id}", store=store, text=chunk.text, score=float(score), citation=citation)
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
    heading = " ".join(x for x in (section.number, section.title) if x)
    text = f"{heading}\n{section.text}" if heading and heading not in section.text[:200] else section.text
    evidence = Evidence(id=f"section:{section.id}", store=store, text=text, score=float(score), citation=citation)
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


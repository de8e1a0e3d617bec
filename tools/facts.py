"""Exact facts from Postgres: values with their page, clause and quote."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.base import HitMeta, ToolContext, ToolResult, ToolSpec, citation_for, status_of
from veridict.types import Document, Evidence, Fact, StoreName


class FactQuery(BaseModel):
    attribute: str | None = Field(None, description="governing_law, agreement_date, amount, notice_period, ...")
    document_ids: list[str] | None = Field(None, description="restrict to these documents")
    qualifier: str | None = Field(None, description="what an amount is: penalty, liability_cap, fee, ...")
    min_num: float | None = None
    max_num: float | None = None
    text_contains: str | None = Field(None, description="the value text contains this (e.g. 'Arizona')")
    include_superseded: bool = Field(False, description="also return facts of older versions")
    limit: int = Field(50, ge=1, le=500)


def fact_text(fact: Fact) -> str:
    """A one-line statement of the fact, for grading and drafting."""
    what = fact.attribute + (f" ({fact.qualifier})" if fact.qualifier else "")
    if fact.metric or fact.dimension:
        what += f" [{fact.metric or ''} / {fact.dimension or ''}]"
    unit = f" {fact.unit}" if fact.unit and fact.unit not in fact.value_text else ""
    return f"{what}: {fact.value_text}{unit} — {fact.quote}"


def fact_evidence(fact: Fact, document: Document, score: float = 1.0) -> tuple[Evidence, HitMeta]:
    store: StoreName = "tables" if fact.attribute == "table_cell" or fact.method == "table" else "facts"
    citation = citation_for(
        document,
        store,
        fact.page,
        fact.quote,
        fact.char_start,
        fact.char_end,
        fact.section_number,
        fact.section_title,
        fact.ocr_confidence,
    )
    evidence = Evidence(id=f"fact:{fact.id}", store=store, text=fact_text(fact), score=score,
                        citation=citation, fact=fact)
    meta = HitMeta(document_id=document.id, doc_key=document.doc_key, status=status_of(document),
                   section_id=fact.section_id, channel="facts")
    return evidence, meta


def _query_facts(ctx: ToolContext, args: FactQuery) -> ToolResult:
    assert ctx.pg is not None  # run_tool checked the store is configured
    rows = ctx.pg.query_facts(
        ctx.tenant,
        attribute=args.attribute,
        document_ids=args.document_ids or None,
        qualifier=args.qualifier,
        min_num=args.min_num,
        max_num=args.max_num,
        text_contains=args.text_contains,
        include_superseded=args.include_superseded,
        limit=args.limit,
    )
    result = ToolResult(tool="facts")
    for fact, document in rows:
        ctx.remember(document)
        evidence, meta = fact_evidence(fact, document, score=float(fact.confidence))
        result.add(evidence, meta)
    return result


query_facts = ToolSpec(
    name="facts",
    description="Exact facts (dates, amounts, parties, notice periods, governing law, table cells) "
    "with page, clause and quote; active documents unless include_superseded.",
    args=FactQuery,
    fn=_query_facts,
    store="postgres",
)

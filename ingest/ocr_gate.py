"""The OCR quality gate: page confidences onto the document, its chunks and facts.

A page read by OCR carries the engine's confidence (0-100). Chunks take the lowest confidence
of the pages they span, facts the confidence of their page. Facts read from a page under the
floor (``VERIDICT_OCR_MIN_CONFIDENCE``) are dropped: an exact value from text the engine could
barely read would be cited as if it were certain. Their text stays searchable, marked. A
document whose mean confidence is under ``VERIDICT_OCR_LOW_CONFIDENCE`` is marked low-quality.
"""

from __future__ import annotations

from ingest.model import ParsedDocument
from veridict.types import Chunk, Document, Fact


def page_confidences(parsed: ParsedDocument) -> dict[int, float]:
    """Page number -> OCR confidence, for the pages read by OCR."""
    return {p.number: p.ocr_confidence for p in parsed.pages if p.ocr_confidence is not None}


def mark(
    parsed: ParsedDocument,
    document: Document,
    chunks: list[Chunk],
    facts: list[Fact],
    low: float,
    floor: float,
) -> list[Fact]:
    """Set the OCR fields of ``document`` and ``chunks`` in place; return the facts kept (marked)."""
    pages = page_confidences(parsed)
    if not pages:
        return facts
    document.ocr_pages = pages
    document.ocr_confidence = parsed.quality.ocr_confidence
    document.low_quality = document.ocr_confidence is not None and document.ocr_confidence < low
    for c in chunks:
        spanned = [pages[n] for n in range(c.page_start, c.page_end + 1) if n in pages]
        c.ocr_confidence = min(spanned) if spanned else None
    kept = []
    for f in facts:
        f.ocr_confidence = pages.get(f.page)
        if f.ocr_confidence is None or f.ocr_confidence >= floor:
            kept.append(f)
    return kept


"""The OCR quality gate on parsed pages: marks, the floor, the low-quality document (no engine needed)."""

from __future__ import annotations

from ingest import ocr_gate
from ingest.model import Page, ParsedDocument, ParseQuality
from veridict.types import Chunk, Document, Fact


def _parsed(confidences: list[float | None]) -> ParsedDocument:
    pages = [Page(number=i + 1, char_start=i * 100, char_end=i * 100 + 99, ocr_confidence=c)
             for i, c in enumerate(confidences)]
    read = [c for c in confidences if c is not None]
    quality = ParseQuality(ok=True, ocr_pages=[p.number for p in pages if p.ocr_confidence is not None],
                           ocr_confidence=sum(read) / len(read) if read else None)
    return ParsedDocument(path="x.pdf", format="pdf", title="X", text="x" * 100 * len(pages), pages=pages,
                          quality=quality)


def _fact(page: int) -> Fact:
    return Fact(tenant="t", document_id="d", attribute="amount", value_text="5", page=page, char_start=0,
                char_end=1, quote="5", method="test")


def _chunk(first: int, last: int) -> Chunk:
    return Chunk(tenant="t", document_id="d", ordinal=0, text="x", page_start=first, page_end=last,
                 char_start=0, char_end=1)


def _doc() -> Document:
    return Document(tenant="t", doc_key="x", title="X", source_path="x.pdf", sha256="0")


def test_facts_under_the_floor_are_dropped_and_the_rest_marked():
    parsed = _parsed([None, 95.0, 40.0])  # a text page, a good scan, an unreadable one
    doc, chunks = _doc(), [_chunk(1, 1), _chunk(1, 2), _chunk(2, 3)]
    kept = ocr_gate.mark(parsed, doc, chunks, [_fact(1), _fact(2), _fact(3)], low=80, floor=50)
    assert [(f.page, f.ocr_confidence) for f in kept] == [(1, None), (2, 95.0)]
    assert [c.ocr_confidence for c in chunks] == [None, 95.0, 40.0]  # a chunk: its weakest page
    assert doc.ocr_pages == {2: 95.0, 3: 40.0} and doc.ocr_confidence == 67.5 and doc.low_quality


def test_a_text_document_is_left_as_it_is():
    parsed, doc, chunks, facts = _parsed([None, None]), _doc(), [_chunk(1, 2)], [_fact(1)]
    assert ocr_gate.mark(parsed, doc, chunks, facts, low=80, floor=50) == facts
    assert doc.ocr_pages == {} and doc.ocr_confidence is None and not doc.low_quality
    assert chunks[0].ocr_confidence is None and facts[0].ocr_confidence is None

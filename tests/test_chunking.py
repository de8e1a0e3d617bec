"""Chunking keeps exact spans, respects sections and breaks on sentences."""

from __future__ import annotations

from ingest.chunking import make_chunks
from ingest.model import Element, Page, ParsedDocument, ParseQuality
from veridict.types import Section


def _doc(text: str, pages: list[tuple[int, int]]) -> ParsedDocument:
    return ParsedDocument(
        path="x.txt",
        format="txt",
        title="x",
        text=text,
        pages=[Page(number=i + 1, char_start=a, char_end=b) for i, (a, b) in enumerate(pages)],
        quality=ParseQuality(ok=True),
    )


def test_chunks_have_exact_spans_and_pages():
    body1 = "1. Term. " + "The agreement runs for two years. " * 30
    body2 = "2. Fees. " + "Customer pays the fees within 30 days. " * 30
    text = body1 + "\n\n" + body2
    doc = _doc(text, [(0, len(body1)), (len(body1) + 2, len(text))])
    s1 = Section(tenant="t", document_id="d", number="1", title="Term", page_start=1, page_end=1,
                 char_start=0, char_end=len(body1), clause_types=["term"])
    s2 = Section(tenant="t", document_id="d", number="2", title="Fees", page_start=2, page_end=2,
                 char_start=len(body1) + 2, char_end=len(text), clause_types=["payment_terms"])
    chunks = make_chunks(doc, [s1, s2], "t", "d", target_chars=300, overlap_chars=50)
    assert len(chunks) > 4
    for c in chunks:
        assert text[c.char_start : c.char_end] == c.text
        assert len(c.text) <= 300
        owner = s1 if c.char_start < len(body1) else s2
        assert c.section_id == owner.id, "a chunk never crosses a section boundary"
        assert c.page_start == (1 if owner is s1 else 2)
        assert c.clause_types == owner.clause_types
    # breaks land after a sentence end, not mid-word
    assert all(c.text.endswith(".") for c in chunks[:-1] if c.section_id == s1.id)
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))


def test_text_outside_sections_is_chunked_too():
    text = "PREAMBLE between Acme Corp and Beta LLC dated 1 May 2020.\n\n1. Scope. Services."
    doc = _doc(text, [(0, len(text))])
    start = text.index("1. Scope")
    s = Section(tenant="t", document_id="d", number="1", title="Scope", page_start=1, page_end=1,
                char_start=start, char_end=len(text))
    chunks = make_chunks(doc, [s], "t", "d")
    assert chunks[0].section_id is None and "Acme Corp" in chunks[0].text
    assert chunks[-1].section_id == s.id


def test_running_footers_are_blanked_in_chunks_with_offsets_kept():
    page1 = "1. Supply. The Supplier shall deliver the goods to the Buyer at the agreed"
    footer = "Source: ACME INC, 10-K, 1/21/2020"
    page2 = "place and time, in the quantities the Buyer orders."
    text = page1 + "\n\n" + footer + "\n\n" + page2
    f0 = len(page1) + 2
    doc = _doc(text, [(0, f0 + len(footer)), (f0 + len(footer) + 2, len(text))])
    doc.elements = [Element(kind="footer", text=footer, page=1, char_start=f0, char_end=f0 + len(footer))]
    body = doc.body_text()
    assert len(body) == len(text) and footer not in body and body[:f0] == text[:f0]
    chunks = make_chunks(doc, [], "t", "d")
    assert len(chunks) == 1
    c = chunks[0]
    assert "Source:" not in c.text and len(c.text) == c.char_end - c.char_start
    assert " ".join(c.text.split()) == " ".join((page1 + " " + page2).split())
    assert c.page_start == 1 and c.page_end == 2

"""Parent/child chunking: small chunks are retrieved, their section is the context.

Chunks never cross a section boundary, end on a sentence or line break where
one is near, and keep exact character spans into the document text; a chunk's
text is that span with the page furniture blanked (``ParsedDocument.body_text``).
"""

from __future__ import annotations

import re

from ingest.model import ParsedDocument
from veridict.types import Chunk, Section

_BREAK = re.compile(r"(?<=[.;:!?])\s+|\n+")


def _cut_points(text: str, start: int, end: int, target: int, overlap: int) -> list[tuple[int, int]]:
    """Split text[start:end] into windows of about ``target`` chars on natural breaks."""
    spans: list[tuple[int, int]] = []
    pos = start
    while pos < end:
        # skip leading whitespace
        while pos < end and text[pos].isspace():
            pos += 1
        if pos >= end:
            break
        limit = min(end, pos + target)
        cut = limit
        if limit < end:
            # the last natural break in the back half of the window
            window = text[pos + target // 2 : limit]
            breaks = [m.end() for m in _BREAK.finditer(window)]
            if breaks:
                cut = pos + target // 2 + breaks[-1]
        stop = cut
        while stop > pos and text[stop - 1].isspace():
            stop -= 1
        if stop > pos:
            spans.append((pos, stop))
        if cut >= end:
            break
        pos = max(cut - overlap, pos + 1) if overlap else cut
        # resume at a word start so overlapping chunks don't begin mid-word
        while overlap and 0 < pos < cut and not text[pos - 1].isspace():
            pos += 1
    return spans


def make_chunks(
    parsed: ParsedDocument,
    sections: list[Section],
    tenant: str,
    document_id: str,
    target_chars: int = 700,
    overlap_chars: int = 100,
    min_chars: int = 20,
) -> list[Chunk]:
    """Chunks for every leaf region of the document, tagged with their section."""
    text = parsed.body_text()  # running footers blanked, offsets kept
    # leaf regions: each section's own text up to its first child, plus text outside sections
    regions: list[tuple[int, int, Section | None]] = []
    ordered = sorted(sections, key=lambda s: (s.char_start, -s.char_end))
    boundaries = sorted({0, len(text), *(s.char_start for s in ordered), *(s.char_end for s in ordered)})
    for a, b in zip(boundaries, boundaries[1:], strict=False):
        owner = None
        for sec in ordered:  # innermost section containing [a, b)
            if sec.char_start <= a and b <= sec.char_end and (owner is None or sec.level >= owner.level):
                owner = sec
        regions.append((a, b, owner))

    chunks: list[Chunk] = []
    for a, b, owner in regions:
        for s, e in _cut_points(text, a, b, target_chars, overlap_chars):
            if e - s < min_chars and not re.search(r"\d", text[s:e]):
                continue
            chunks.append(
                Chunk(
                    tenant=tenant,
                    document_id=document_id,
                    section_id=owner.id if owner else None,
                    ordinal=len(chunks),
                    text=text[s:e],
                    page_start=parsed.page_at(s),
                    page_end=parsed.page_at(max(s, e - 1)),
                    char_start=s,
                    char_end=e,
                    clause_types=list(owner.clause_types) if owner else [],
                )
            )
    return chunks


def heading(number: str | None, title: str | None) -> str:
    """A section's number and title as one line ("9.2 Assignment"); empty when it has neither."""
    return " ".join(x for x in (number, title) if x)


def headed(head: str, text: str) -> str:
    """A text after its heading, as it is embedded: the clause number and title give the words their context."""
    return f"{head}: {text}" if head else text


def embedding_text(chunk: Chunk, section: Section | None) -> str:
    """What is embedded for a chunk: the chunk's text after its section's heading."""
    return headed(heading(section.number, section.title) if section else "", chunk.text)

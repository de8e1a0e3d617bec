"""What the parser hands to the classifier and extractors.

Offsets index into ``ParsedDocument.text``, the document's full extracted
text with pages joined by "\n\n". Pages are 1-based.
"""

from __future__ import annotations

import bisect
from typing import Literal

from pydantic import BaseModel, Field

ElementKind = Literal["title", "heading", "paragraph", "list_item", "table", "footer"]


class Page(BaseModel):
    number: int
    char_start: int
    char_end: int
    ocr_confidence: float | None = None  # read by OCR: mean word confidence 0-100; else None


class Element(BaseModel):
    kind: ElementKind
    text: str
    page: int
    char_start: int
    char_end: int
    level: int | None = None  # headings


class Table(BaseModel):
    page: int
    header: list[str]
    rows: list[list[str]]
    char_start: int  # span of the table's text in ParsedDocument.text (or the page span)
    char_end: int
    caption: str | None = None


class ParsedSection(BaseModel):
    number: str | None  # "14.3", "IV", "5(b)", "Schedule 2"; None for unnumbered headings
    title: str | None
    level: int
    page_start: int
    page_end: int
    char_start: int
    char_end: int
    parent_index: int | None = None  # index into ParsedDocument.sections


class ParseQuality(BaseModel):
    ok: bool
    reason: str | None = None  # "no text layer (needs OCR)", "garbled text", ...
    text_chars: int = 0
    alpha_ratio: float = 0.0
    ocr_pages: list[int] = Field(default_factory=list)  # pages read by OCR (no usable text layer)
    ocr_confidence: float | None = None  # mean of those pages' confidences (0-100)
    ocr_seconds: float = 0.0


class ParsedDocument(BaseModel):
    path: str
    format: str  # pdf | docx | html | md | txt
    title: str
    text: str
    pages: list[Page]
    elements: list[Element] = Field(default_factory=list)
    sections: list[ParsedSection] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    quality: ParseQuality

    def body_text(self) -> str:
        """``text`` with the page furniture blanked: running headers and footers, page numbers ("Source: UPJOHN
        INC, 10-12G, 1/21/2020", "-12-") become spaces, so offsets stay those of ``text`` and a sentence that
        runs over a page break reads as one sentence, not with the footer between its halves."""
        furniture = [(e.char_start, e.char_end) for e in self.elements if e.kind == "footer"]
        if not furniture:
            return self.text
        chars = list(self.text)
        for a, z in furniture:
            for i in range(max(0, a), min(z, len(chars))):
                if not chars[i].isspace():
                    chars[i] = " "
        return "".join(chars)

    def page_at(self, offset: int) -> int:
        """The 1-based page holding character ``offset``."""
        if not self.pages:
            return 1
        starts = [p.char_start for p in self.pages]
        i = bisect.bisect_right(starts, offset) - 1
        return self.pages[max(0, i)].number

    def section_at(self, offset: int) -> int | None:
        """Index of the innermost section containing ``offset``, if any."""
        best: int | None = None
        for i, s in enumerate(self.sections):
            if s.char_start <= offset < s.char_end:
                if best is None or s.level >= self.sections[best].level:
                    best = i
        return best

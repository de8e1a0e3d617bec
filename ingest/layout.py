"""Page geometry -> lines -> blocks (paragraphs, table runs, running headers/footers).

Works on text cells with boxes in top-left coordinates (PDF) and on plain-text
lines given synthetic geometry (x = column, top = line number), so the same
paragraph rules serve PDFs and .txt files. Nothing here knows about Docling.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field

from ingest.structure import starts_block

_CLEAN = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
        "\u037e": ";",
        "\u00a0": " ",
        "\u2007": " ",
        "\u202f": " ",
        "\u2000": " ",
        "\u2001": " ",
        "\u2002": " ",
        "\u2003": " ",
        "\u2004": " ",
        "\u2005": " ",
        "\u2006": " ",
        "\u2008": " ",
        "\u2009": " ",
        "\u200a": " ",
        "\u00ad": None,
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\ufeff": None,
        "\t": " ",
    }
)


def clean_text(s: str) -> str:
    """Undo PDF typography that breaks search: ligatures, odd spaces, soft hyphens, U+037E."""
    return s.translate(_CLEAN)


@dataclass
class Cell:
    text: str
    page: int
    x0: float
    x1: float
    top: float
    bottom: float


@dataclass
class Line:
    text: str
    page: int
    x0: float
    x1: float
    top: float
    bottom: float
    start: int = 0  # plain text only: offset of the line inside its page text
    in_table: int | None = None  # index of the table region holding the line
    footer: bool = False

    @property
    def height(self) -> float:
        return max(self.bottom - self.top, 1e-6)

    @property
    def char_width(self) -> float:
        return max((self.x1 - self.x0) / max(len(self.text), 1), 1e-6)


@dataclass
class Block:
    kind: str  # "paragraph" | "table" | "footer"
    page: int
    lines: list[Line] = field(default_factory=list)


def merge_cells(cells: list[Cell]) -> list[Line]:
    """Cells of one page -> visual lines, top to bottom, cells left to right."""
    items = sorted(
        (c for c in cells if c.text.strip()), key=lambda c: ((c.top + c.bottom) / 2, c.x0)
    )
    groups: list[list[Cell]] = []
    for c in items:
        cy, h = (c.top + c.bottom) / 2, c.bottom - c.top
        if groups:
            g = groups[-1]
            gy = statistics.fmean((x.top + x.bottom) / 2 for x in g)
            gh = min(x.bottom - x.top for x in g)
            if abs(cy - gy) <= 0.5 * max(min(h, gh), 1.0):
                g.append(c)
                continue
        groups.append([c])
    lines = []
    for g in groups:
        g.sort(key=lambda c: c.x0)
        lines.append(
            Line(
                text=" ".join(c.text.strip() for c in g),
                page=g[0].page,
                x0=min(c.x0 for c in g),
                x1=max(c.x1 for c in g),
                top=min(c.top for c in g),
                bottom=max(c.bottom for c in g),
            )
        )
    return lines


def text_lines(page_text: str, page: int) -> list[Line]:
    """Plain-text page -> lines with synthetic geometry (blank lines leave gaps)."""
    lines, pos = [], 0
    for i, raw in enumerate(page_text.split("\n")):
        stripped = raw.strip()
        if stripped:
            lead = len(raw) - len(raw.lstrip())
            start = pos + lead
            lines.append(
                Line(
                    stripped,
                    page,
                    float(lead),
                    float(lead + len(stripped)),
                    float(i),
                    i + 0.8,
                    start=start,
                )
            )
        pos += len(raw) + 1
    return lines


_PAGE_NO = re.compile(
    r"^[\s\-–—|\[(]*(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|/)\s*\d{1,4})?[\s\-–—|\])]*$",
    re.IGNORECASE,
)


_PAGE_WORD = re.compile(
    r"^\s*(?:page\s+\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|[-–—]\s*\d{1,4}\s*[-–—])\s*$", re.IGNORECASE
)


def mark_running_lines(pages: list[list[Line]], heights: list[float]) -> None:
    """Flag page numbers (first/last line) and headers/footers repeated across pages."""
    n = len(pages)

    def key(t: str) -> str:
        return re.sub(r"\d+", "#", t.lower()).strip()

    cands: list[tuple[Line, bool]] = []  # (line, at the very top/bottom)
    for lines, h in zip(pages, heights, strict=False):
        if not lines:
            continue
        picked = {id(x): x for x in lines[:2] + lines[-2:]}.values()
        for ln in picked:
            extreme = ln is lines[0] or ln is lines[-1]
            near_edge = ln.top < 0.12 * h or ln.bottom > 0.88 * h
            if extreme or near_edge:
                cands.append((ln, extreme))
    pages_with: Counter[str] = Counter()
    for k in {(ln.page, key(ln.text)) for ln, _ in cands}:
        pages_with[k[1]] += 1
    repeat_min = max(3, int(0.4 * n))
    if n == 2:
        repeat_min = 2  # both pages, at the very top or bottom
    for lines in pages:
        for ln in lines:
            if _PAGE_WORD.match(ln.text):
                ln.footer = True  # "Page 4", "- 12 -": a page number wherever it sits
    for ln, extreme in cands:
        if (extreme and _PAGE_NO.match(ln.text)) or (
            n >= 2
            and (extreme or n >= 3)
            and pages_with[key(ln.text)] >= repeat_min
            and len(ln.text) < 120
        ):
            ln.footer = True


def _first_word_len(text: str) -> int:
    return len(text.split(" ", 1)[0])


def right_margin(lines: list[Line]) -> float:
    """Where full lines end: the 95th percentile of line ends (robust to strays)."""
    ends = sorted(ln.x1 for ln in lines)
    return ends[int(0.95 * (len(ends) - 1))] if ends else 0.0


def group_blocks(lines: list[Line], right_edge: float | None = None) -> list[Block]:
    """One page's lines -> blocks. Breaks on markers, gaps, short lines and indents.

    ``right_edge`` (the document's right margin) is used on pages with few lines.
    """
    if not lines:
        return []
    body = [ln for ln in lines if not ln.footer and ln.in_table is None]
    right = right_margin(body) if len(body) >= 8 or right_edge is None else right_edge
    pitches = [b.top - a.top for a, b in zip(body, body[1:], strict=False) if b.top - a.top > 0]
    pitch = statistics.median(pitches) if pitches else 0.0
    blocks: list[Block] = []
    prev: Line | None = None
    prev_first = True  # prev line opened its block
    for ln in lines:
        if ln.footer:
            blocks.append(Block("footer", ln.page, [ln]))
            prev = None
            continue
        if ln.in_table is not None:
            if (
                blocks
                and blocks[-1].kind == "table"
                and blocks[-1].lines[-1].in_table == ln.in_table
            ):
                blocks[-1].lines.append(ln)
            else:
                blocks.append(Block("table", ln.page, [ln]))
            prev = None
            continue
        if prev is None or _breaks(prev, ln, prev_first, pitch, right):
            blocks.append(Block("paragraph", ln.page, [ln]))
            prev_first = True
        else:
            blocks[-1].lines.append(ln)
            prev_first = False
        prev = ln
    return blocks


def _breaks(prev: Line, ln: Line, prev_first: bool, pitch: float, right: float) -> bool:
    cw = prev.char_width
    if pitch and ln.top - prev.top > 1.45 * pitch:
        return True  # vertical gap: blank line between
    if abs(ln.height - prev.height) > 0.25 * max(ln.height, prev.height):
        return True  # font size changes
    if prev.x1 + cw * (_first_word_len(ln.text) + 1.5) < right:
        return True  # the next word would have fit: prev line ended on purpose
    if starts_block(ln.text, prev.text):
        return True
    if not prev_first and abs(ln.x0 - prev.x0) > 2 * cw:
        return True  # indent or outdent after a continuation line
    if prev_first and ln.x0 < prev.x0 - 10 * cw:
        return True  # far outdent: prev was centred or right-aligned, not a first-line indent
    if prev_first and ln.x0 > prev.x0 + 2 * cw and not starts_block(prev.text, None):
        return True  # indented under a line that has no hanging marker
    return False


def join_lines(lines: list[Line]) -> str:
    """Visual lines of a paragraph -> one line of text (hyphen breaks kept, no space)."""
    out = ""
    for ln in lines:
        t = ln.text
        if not out:
            out = t
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha():
            out += t
        else:
            out += " " + t
    return out

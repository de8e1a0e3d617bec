"""Tables: ruled tables from PDF pages (pdfplumber) and Docling table items.

A table keeps its header row apart from its body rows. Its character span is
set by the parser (the table's text in the page, else the page span).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ingest.model import Table

_TABLE_SETTINGS = {"vertical_strategy": "lines", "horizontal_strategy": "lines"}


@dataclass
class PdfTable:
    page: int
    bbox: tuple[float, float, float, float]  # x0, top, x1, bottom (points, top-left origin)
    header: list[str]
    rows: list[list[str]]


def _cell(v: object) -> str:
    return re.sub(r"\s+", " ", str(v)).strip() if v is not None else ""


def _clean_grid(grid: Sequence[Sequence[object]]) -> list[list[str]]:
    rows = [[_cell(c) for c in row] for row in grid]
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    # drop columns empty in every row (artefacts of double rules)
    keep = [j for j in range(max(len(r) for r in rows)) if any(j < len(r) and r[j] for r in rows)]
    return [[r[j] if j < len(r) else "" for j in keep] for r in rows]


def pdf_tables(path: Path, pages: list[int]) -> list[PdfTable]:
    """Ruled tables on the given 1-based pages (at least 2 rows and 2 columns)."""
    if not pages:
        return []
    import pdfplumber

    out: list[PdfTable] = []
    with pdfplumber.open(str(path)) as pdf:
        for n in pages:
            page = pdf.pages[n - 1]
            for t in page.find_tables(table_settings=_TABLE_SETTINGS):
                grid = _clean_grid(t.extract())
                if len(grid) < 2 or len(grid[0]) < 2:
                    continue  # a framed paragraph, not a table
                x0, top, x1, bottom = t.bbox
                out.append(PdfTable(n, (x0, top, x1, bottom), grid[0], grid[1:]))
            page.flush_cache()
    return out


def docling_table(item, doc) -> tuple[list[str], list[list[str]]] | None:
    """A Docling TableItem -> (header, rows); the header is the first row."""
    data = getattr(item, "data", None)
    if data is None or not data.num_rows:
        return None
    grid = [[c.text for c in row] for row in data.grid]
    grid = _clean_grid(grid)
    if not grid:
        return None
    n_header = 0
    for row in data.grid:
        if row and all(getattr(c, "column_header", False) for c in row):
            n_header += 1
        else:
            break
    n_header = max(1, min(n_header, len(grid) - 1)) if len(grid) > 1 else 1
    header = [" ".join(x for x in col if x) for col in zip(*grid[:n_header], strict=False)]
    return header, grid[n_header:]


def table_text(header: list[str], rows: list[list[str]]) -> str:
    """Plain-text rendering of a table: one line per row, cells separated by ' | '."""
    return "\n".join(" | ".join(r) for r in [header, *rows])


def make_table(
    page: int,
    header: list[str],
    rows: list[list[str]],
    span: tuple[int, int],
    caption: str | None = None,
) -> Table:
    return Table(
        page=page, header=header, rows=rows, char_start=span[0], char_end=span[1], caption=caption
    )


def locate(
    page_text: str, page_start: int, header: list[str], rows: list[list[str]]
) -> tuple[int, int] | None:
    """Span of a table's text in a page: first header cell .. last cell of the last row."""
    first = next((c for c in header if c), None) or next((c for r in rows for c in r if c), None)
    last = next((c for r in reversed(rows) for c in reversed(r) if c), None)
    if not first or not last:
        return None
    i = _find_ws(page_text, first, 0)
    if i is None:
        return None
    j = _find_ws(page_text, last, i[0])
    if j is None:
        return None
    return page_start + i[0], page_start + j[1]


def _find_ws(hay: str, needle: str, start: int) -> tuple[int, int] | None:
    """Find ``needle`` with any whitespace between its words."""
    pat = r"\s+".join(re.escape(w) for w in needle.split())
    m = re.compile(pat).search(hay, start)
    return (m.start(), m.end()) if m else None

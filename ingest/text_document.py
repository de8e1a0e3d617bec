"""Build a ParsedDocument from plain text (CUAD .txt files, tests, development).

Pages are split on form feeds (one page if there are none) and joined with "\\n\\n",
the join ParsedDocument uses; offsets equal the input's when it has no form feeds.
Sections come from ``ingest.structure`` (the parser's rules) when it is importable;
otherwise from the simple numbered-line rules in ``find_sections``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from ingest.model import Element, Page, ParsedDocument, ParsedSection, ParseQuality

PAGE_JOIN = "\n\n"

_ROMAN = r"[IVXLC]+"
_HEADING_RES: list[tuple[re.Pattern[str], str]] = [
    # ARTICLE IV  DEFINITIONS / Article 3: Term
    (
        re.compile(
            rf"^[ \t]*(?:ARTICLE|Article)[ \t]+(?P<num>{_ROMAN}|\d+)\b[.:\-]?[ \t]*(?P<rest>.*)$",
            re.M,
        ),
        "article",
    ),
    # Section 2.01. Definitions / SECTION 5 Term
    (
        re.compile(
            r"^[ \t]*(?:SECTION|Section)[ \t]+(?P<num>\d+(?:\.\d+)*)\.?[ \t]+(?P<rest>.*)$", re.M
        ),
        "section",
    ),
    # 14.3 Limitation of Liability / 2. Term. This Agreement ... / 5.1 The Term will ...
    (
        re.compile(r"^[ \t]*(?P<num>\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(?P<rest>[A-Z(\"“].*)$", re.M),
        "number",
    ),
]
_TOC_LEADER = re.compile(r"\.{4,}|…{2,}")
_TOC_PAGE = re.compile(r"\s\d{1,3}\s*$")


def _roman_to_int(s: str) -> int:
    vals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for i, ch in enumerate(s):
        v = vals[ch]
        total += -v if i + 1 < len(s) and vals[s[i + 1]] > v else v
    return total


def _title_from(rest: str) -> str | None:
    """A heading title: the leading words up to the first full stop, if short."""
    rest = rest.strip()
    if not rest:
        return None
    m = re.match(r"([^.:;]{1,80}?)(?:[.:]|$)", rest)
    if not m:
        return None
    title = m.group(1).strip()
    words = title.split()
    if not words or len(words) > 10:
        return None
    # a title is a short heading, not the opening of a sentence
    if m.end() < len(rest) and len(words) > 6:
        return None
    return title


def find_sections(text: str, pages: list[Page]) -> list[ParsedSection]:
    """Numbered headings at line starts -> nested ParsedSections (simple rules)."""
    heads: list[tuple[int, str, str | None, int]] = []  # (offset, number, title, level)
    seen: set[int] = set()
    for pattern, kind in _HEADING_RES:
        for m in pattern.finditer(text):
            start = m.start("num")
            line_start = m.start()
            if line_start in seen:
                continue
            rest = m.group("rest")
            line = m.group(0)
            if _TOC_LEADER.search(line) or (_TOC_PAGE.search(line) and len(line.split()) <= 12):
                continue
            num = m.group("num")
            if kind == "article":
                level = 1
                number = num
            else:
                parts = num.split(".")
                if int(parts[0]) == 0 or int(parts[0]) > 60:
                    continue
                level = len([p for p in parts if p])
                number = num
                if kind == "number" and level == 1 and not re.match(r"[A-Z]", rest.strip()[:1]):
                    continue
            seen.add(line_start)
            heads.append(
                (
                    start if kind == "number" else line_start + len(line) - len(line.lstrip()),
                    number,
                    _title_from(rest),
                    level,
                )
            )
    if len(heads) < max(3, len(text) // 8000):
        heads += _inline_heads(text, {h[0] for h in heads})
    heads.sort()
    # Articles sit above numbered sections when both exist.
    has_articles = any(h[3] == 1 and not re.match(r"\d", h[1]) for h in heads)
    sections: list[ParsedSection] = []
    page_of = _page_finder(pages)
    for i, (offset, number, title, level) in enumerate(heads):
        if has_articles and re.match(r"\d", number):
            level += 1
        end = len(text)
        for later in heads[i + 1 :]:
            later_level = later[3] + (1 if has_articles and re.match(r"\d", later[1]) else 0)
            if later_level <= level:
                end = later[0]
                break
        sections.append(
            ParsedSection(
                number=number,
                title=title,
                level=level,
                page_start=page_of(offset),
                page_end=page_of(max(offset, end - 1)),
                char_start=offset,
                char_end=end,
            )
        )
    stack: list[int] = []
    for i, s in enumerate(sections):
        while stack and sections[stack[-1]].level >= s.level:
            stack.pop()
        s.parent_index = stack[-1] if stack else None
        stack.append(i)
    return sections


_INLINE_HEAD = re.compile(
    r"(?:(?<=[.;:!?\"”)])|(?<=^))\s+(?P<num>\d{1,2}(?:\.\d{1,2}){0,2})\.?\s+"
    r"(?:(?P<title>[A-Z][A-Za-z&,'’\- ]{2,60}?)(?:\.|\s{2,}|:)"
    r"|(?P<upper>[A-Z][A-Z&,'’\- ]{2,60}[A-Z])(?=\s+(?:[A-Z][a-z]|\d)))",
    re.M,
)


def _inline_heads(text: str, taken: set[int]) -> list[tuple[int, str, str | None, int]]:
    """Run-in numbered headings ("... agree as follows: 1. Term. This Agreement ...").

    Only a strictly increasing numbering is kept, so stray numbers are not headings.
    """
    out: list[tuple[int, str, str | None, int]] = []
    last: list[int] = []
    for m in _INLINE_HEAD.finditer(text):
        if m.start("num") in taken:
            continue
        parts = [int(p) for p in m.group("num").split(".")]
        title = (m.group("title") or m.group("upper")).strip()
        if len(title.split()) > 8 or parts[0] == 0:
            continue
        ok = False
        if not last:
            ok = parts[0] == 1 or parts[0] == 2
        elif len(parts) == 1:
            ok = parts[0] == last[0] + 1
        elif parts[0] == last[0]:
            ok = (
                len(parts) > len(last)
                and parts[-1] == 1
                or (len(parts) <= len(last) and parts[-1] == last[len(parts) - 1] + 1)
            )
        elif parts[0] == last[0] + 1:
            ok = all(p <= 1 for p in parts[1:])
        if ok:
            out.append((m.start("num"), m.group("num"), title, len(parts)))
            last = parts
    return out


def _page_finder(pages: list[Page]) -> Callable[[int], int]:
    def page_of(offset: int) -> int:
        for p in pages:
            if p.char_start <= offset < p.char_end + len(PAGE_JOIN):
                return p.number
        return pages[-1].number if pages else 1

    return page_of


def structure_sections(text: str, pages: list[Page]) -> list[ParsedSection] | None:
    """Sections from ``ingest.structure`` (the parser's rules) when that module is present."""
    try:
        layout = importlib.import_module("ingest.layout")
        structure = importlib.import_module("ingest.structure")
    except ImportError:
        return None
    page_of = _page_finder(pages)
    blocks = []
    try:
        for p in pages:
            pt = text[p.char_start : p.char_end]
            for blk in layout.group_blocks(layout.text_lines(pt, p.number)):
                a = blk.lines[0].start
                z = blk.lines[-1].start + len(blk.lines[-1].text)
                blocks.append(
                    structure.Block(
                        text=pt[a:z],
                        page=p.number,
                        char_start=p.char_start + a,
                        char_end=p.char_start + z,
                        hint="footer" if blk.kind == "footer" else None,
                    )
                )
        return list(structure.recover(blocks, len(text), page_of))
    except (AttributeError, TypeError):  # an incompatible version of the parser's modules
        return None


def _elements(text: str, pages: list[Page], page_of: Callable[[int], int]) -> list[Element]:
    out: list[Element] = []
    for m in re.finditer(r"[^\n]+(?:\n(?!\s*\n)[^\n]+)*", text):
        chunk = m.group(0)
        if not chunk.strip():
            continue
        out.append(
            Element(
                kind="paragraph",
                text=chunk,
                page=page_of(m.start()),
                char_start=m.start(),
                char_end=m.end(),
            )
        )
    return out


def parsed_from_text(text: str, path: str = "", title: str = "") -> ParsedDocument:
    """A ParsedDocument for plain text: one page per form feed, else one page."""
    raw_pages = text.split("\f") if "\f" in text else [text]
    if len(raw_pages) > 1 and not raw_pages[-1].strip():
        raw_pages = raw_pages[:-1]
    pages: list[Page] = []
    parts: list[str] = []
    offset = 0
    for i, page_text in enumerate(raw_pages, start=1):
        if i > 1:
            offset += len(PAGE_JOIN)
        pages.append(Page(number=i, char_start=offset, char_end=offset + len(page_text)))
        parts.append(page_text)
        offset += len(page_text)
    full = PAGE_JOIN.join(parts)
    page_of = _page_finder(pages)
    alpha = sum(c.isalpha() for c in full)
    quality = ParseQuality(
        ok=bool(full.strip()),
        reason=None if full.strip() else "empty text",
        text_chars=len(full),
        alpha_ratio=alpha / max(1, len(full)),
    )
    doc = ParsedDocument(
        path=path,
        format="txt",
        title=title or _guess_title(full),
        text=full,
        pages=pages,
        elements=_elements(full, pages, page_of),
        quality=quality,
    )
    sections = structure_sections(full, pages)
    doc.sections = sections if sections is not None else find_sections(full, pages)
    return doc


def _guess_title(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if len(line) > 3 and sum(c.isalpha() for c in line) > 3:
            return line[:120]
    return ""

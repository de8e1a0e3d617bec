"""Recover a contract's structure from its blocks: title, headings, numbered clauses.

Input is a flat list of blocks (PDF paragraphs rebuilt from lines, Docling items,
plain-text paragraphs). Output: a kind per block (title, heading, list_item,
paragraph) and ``ParsedSection``s with numbers ("14.3", "IV", "5(b)", "(a)",
"Schedule 2"), titles, levels, page spans and parent links.

Levels come from a stack of numbering styles: a style already open closes back
to that sibling; a new style nests under anything of a more major rank.

Size: the numbering-style stack and the heading tests are one algorithm over one block list; the table of
numbering patterns is a third of it.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ingest.model import ParsedSection

# --- markers -----------------------------------------------------------------

_ROMAN = re.compile(r"^(?=[ivxlc]+$)c{0,3}(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$", re.IGNORECASE)
_OPEN_QUOTES = "\"'“‘«(["
_BULLETS = ("•", "●", "▪", "◦", "■", "·", "‣", "○", "– ", "- ", "* ", "— ")

_SCHEDULE_WORDS = (
    r"SCHEDULE|Schedule|EXHIBIT|Exhibit|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment"
)
_RE_SCHEDULE = re.compile(
    rf"^({_SCHEDULE_WORDS})\s+([A-Z]{{1,2}}|\d{{1,3}}(?:\.\d{{1,3}})?|[IVXLC]{{1,6}})(?:-\d+)?\b\.?"
)
_RE_ARTICLE = re.compile(
    r"^(ARTICLE|Article|PART|Part|CHAPTER|Chapter)\s+([IVXLC]{1,7}|\d{1,3})\b\.?"
)
_RE_SECTION = re.compile(
    r"^(?:SECTION|Section|CLAUSE|Clause|§)\s*(\d{1,3}(?:\.\d{1,3}){0,3})((?:\([a-zA-Z0-9]{1,4}\))*)\.?(?=\s|$|[:\-–—])"
)
_RE_DECIMAL = re.compile(r"^(\d{1,3}(?:\.\d{1,3}){0,3})((?:\([a-zA-Z0-9]{1,4}\))*)(\.|\))?(?=\s|$)")
_RE_PAREN = re.compile(r"^\(([a-z]{1,2}|[ivxlc]{1,6}|\d{1,2}|[A-Z]{1,2}|[IVX]{1,5})\)(?=\s|$)")
_RE_HALF_PAREN = re.compile(r"^([a-z]|[ivx]{1,5})\)(?=\s)")
_RE_LETTER_DOT = re.compile(r"^([A-Z]|[IVX]{1,5}|[a-z]|[ivx]{1,5})\.(?=\s)")

_SEP = re.compile(r"^[\s.:\-–—)]*")
_SMALL_WORDS = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "from",
    "in",
    "into",
    "of",
    "on",
    "or",
    "the",
    "to",
    "upon",
    "with",
    "without",
    "under",
    "per",
    "vs",
    "&",
    "its",
    "their",
    "not",
}
_COMPANY_SUFFIX = re.compile(
    r"\b(INC|LTD|LLC|L\.L\.C|LLP|LP|L\.P|GMBH|CORP|CORPORATION|LIMITED|PLC|B\.V|N\.V|S\.A|AG|CO|COMPANY|S\.A\.R\.L|PTE)\.?,?$",
    re.IGNORECASE,
)
_FORM_LABEL = re.compile(
    r"^(by|name|title|date|signature|address|attn|attention|email|e-mail|tel|fax|phone)\s*:",
    re.IGNORECASE,
)
_CONTRACT_NOUNS = re.compile(
    r"\b(AGREEMENT|CONTRACT|ADDENDUM|AMENDMENT|LICEN[CS]E|LEASE|TERMS|MEMORANDUM|DEED|NDA|ORDER|"
    r"STATEMENT OF WORK|UNDERTAKING|PLAN|CHARTER|PROTOCOL|POLICY|CONDITIONS)\b",
    re.IGNORECASE,
)


@dataclass
class Marker:
    number: str  # "14.3", "IV", "5(b)", "(a)" -> "a", "Schedule 2"
    style: str  # schedule | article | dec1..dec4 | paren_alpha | paren_roman | ... | bullet
    rest: str  # text after the marker and its separators
    raw: str  # the marker as written
    word: str | None = None  # "section" when written "Section 5" / "Clause 5" / "§ 5"


def _is_roman(s: str) -> bool:
    if len(s) == 1:
        return s in "ivxIVX"  # a lone "c", "d", "l" or "m" is a letter
    return bool(s) and bool(_ROMAN.match(s))


def _paren_style(tok: str, last: dict[str, str]) -> str:
    if tok.isdigit():
        return "paren_num"
    if tok.islower():
        if _is_roman(tok) and not (len(tok) == 1 and _alpha_follows(tok, last.get("paren_alpha"))):
            return "paren_roman"
        return "paren_alpha"
    if _is_roman(tok) and not (len(tok) == 1 and _alpha_follows(tok, last.get("paren_ALPHA"))):
        return "paren_ROMAN"
    return "paren_ALPHA"


def _alpha_follows(tok: str, prev: str | None) -> bool:
    """'(i)' right after '(h)' is a letter, not a roman numeral."""
    return prev is not None and len(prev) == 1 and ord(tok.lower()) == ord(prev.lower()) + 1


def parse_marker(text: str, last: dict[str, str] | None = None) -> Marker | None:
    """The numbering at the start of ``text``, if any (not yet judged plausible)."""
    last = last or {}
    t = text.lstrip()
    m = _RE_SCHEDULE.match(t)
    if m:
        word = m.group(1).capitalize()
        return Marker(f"{word} {m.group(2)}", "schedule", _rest(t, m.end()), m.group(0))
    m = _RE_ARTICLE.match(t)
    if m:
        if m.group(1).lower() == "article":
            return Marker(m.group(2), "article", _rest(t, m.end()), m.group(0))
        return Marker(
            f"{m.group(1).capitalize()} {m.group(2)}", "part", _rest(t, m.end()), m.group(0)
        )
    m = _RE_SECTION.match(t) or _RE_DECIMAL.match(t)
    if m:
        num, subs = m.group(1), m.group(2)
        word = "section" if m.re is _RE_SECTION else None
        if subs:
            tok = re.findall(r"\(([^)]+)\)", subs)[-1]
            style = _paren_style(tok, last)
            return Marker(num + subs, style, _rest(t, m.end()), m.group(0), word)
        depth = num.count(".") + 1
        trailing = m.group(3) if m.re is _RE_DECIMAL else None
        if m.re is _RE_DECIMAL and trailing == ")":
            return Marker(num, "paren_num", _rest(t, m.end()), m.group(0)) if depth == 1 else None
        if m.re is _RE_DECIMAL and depth == 1 and not trailing:
            style = "dec1_bare"  # "1 Definitions": only if heading-like (checked later)
        else:
            style = f"dec{depth}"
        return Marker(num, style, _rest(t, m.end()), m.group(0), word)
    m = _RE_PAREN.match(t)
    if m:
        tok = m.group(1)
        return Marker(tok, _paren_style(tok, last), _rest(t, m.end()), m.group(0))
    m = _RE_HALF_PAREN.match(t)
    if m:
        tok = m.group(1)
        return Marker(tok, _paren_style(tok, last), _rest(t, m.end()), m.group(0))
    m = _RE_LETTER_DOT.match(t)
    if m:
        tok = m.group(1)
        if tok.islower():
            roman = _is_roman(tok) and not (
                len(tok) == 1 and _alpha_follows(tok, last.get("dot_alpha"))
            )
            style = "dot_roman" if roman else "dot_alpha"
        elif _is_roman(tok) and not (len(tok) == 1 and _alpha_follows(tok, last.get("dot_ALPHA"))):
            style = "dot_ROMAN"
        else:
            style = "dot_ALPHA"
        return Marker(tok, style, _rest(t, m.end()), m.group(0))
    for b in _BULLETS:
        if t.startswith(b):
            return Marker(b.strip(), "bullet", t[len(b) :].lstrip(), b)
    return None


def _rest(t: str, end: int) -> str:
    tail = t[end:]
    sep = _SEP.match(tail)
    assert sep is not None  # the separator pattern also matches nothing
    return tail[sep.end() :]


def plausible(m: Marker, prev_text: str | None) -> bool:
    """Is this marker a real clause start, not a wrapped line that begins with a number?"""
    rest = m.rest
    if m.style in ("dec1", "dec1_bare", "dec2", "dec3", "dec4"):
        top = int(m.number.split(".")[0].split("(")[0])
        if top == 0 or top > 150:
            return False
        if m.style == "dec1_bare":
            return bool(rest) and is_caps(rest) and is_heading_text(rest)
    # "Section 5 Term" needs a heading after it; "SECTION 6 SHALL NOT APPLY ..." is prose
    bare_section = m.word == "section" and m.raw.rstrip()[-1:].isalnum()
    if bare_section and rest and not (is_heading_text(rest) or run_in_title(rest)):
        return False
    if m.style == "schedule" and rest:
        return bool(is_heading_text(rest.lstrip("-–—: ")) or run_in_title(rest))
    if not rest:
        return True
    c = rest[0]
    if c.isupper() or c in _OPEN_QUOTES or c.isdigit() and m.style not in ("dec1", "dec1_bare"):
        return True
    if c.islower() and (
        m.style.startswith("paren") or m.style in ("dot_alpha", "dot_roman", "bullet")
    ):
        p = (prev_text or "").rstrip()
        return (
            not p
            or p.endswith((":", ";", ".", ","))
            or p.endswith((" and", " or"))
            or p.lower().endswith("following")
        )
    return False


def starts_block(text: str, prev_text: str | None) -> bool:
    """Does a line open a new block (a plausible clause/list marker)?"""
    m = parse_marker(text)
    return m is not None and plausible(m, prev_text)


# --- heading-likeness --------------------------------------------------------


def _letters(t: str) -> str:
    return "".join(ch for ch in t if ch.isalpha())


def is_caps(t: str) -> bool:
    letters = _letters(t)
    return len(letters) >= 3 and sum(ch.isupper() for ch in letters) >= 0.9 * len(letters)


def is_title_case(t: str) -> bool:
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z'’\-]*", t)]
    sig = [w for w in words if w.lower() not in _SMALL_WORDS]
    return (
        bool(sig) and sum(w[0].isupper() for w in sig) >= 0.8 * len(sig) and words[0][0].isupper()
    )


def is_heading_text(t: str, *, allow_title_case: bool = True) -> bool:
    """Short, no sentence punctuation at the end, ALL CAPS or Title Case."""
    t = t.strip()
    if not t or len(t) > 100 or len(t.split()) > 12:
        return False
    if t.endswith((",", ";")) or (t.endswith(".") and not is_caps(t)):
        return False
    if _COMPANY_SUFFIX.search(t.rstrip(".:")) or _FORM_LABEL.match(t) or "_" * 3 in t:
        return False
    if re.search(r"\b(shall|must)\b", t, re.IGNORECASE):
        return False  # an operative sentence in capitals, not a heading
    if len(_letters(t)) < 3:
        return False
    last_word = re.sub(r"[^\w]", "", t.split()[-1]).lower()
    if last_word in _SMALL_WORDS or t.endswith(("-", "(")):
        return False  # a heading never stops on "of", "or", "the"
    return is_caps(t) or (allow_title_case and is_title_case(t))


_RUN_IN = re.compile(r"^([A-Z][^.:;!?\[\]()]{1,90}?)[.:]\s+(?=\S)")


def run_in_title(rest: str) -> str | None:
    """'Data Breach Penalty. In the event ...' -> 'Data Breach Penalty'."""
    m = _RUN_IN.match(rest)
    if not m:
        return None
    cand = m.group(1).strip()
    if len(cand.split()) > 10 or not (is_caps(cand) or is_title_case(cand)):
        return None
    if cand.startswith(("The ", "This ", "Each ", "Any ", "In ", "If ")) and not is_caps(cand):
        return None
    return cand


# --- blocks -> kinds and sections -------------------------------------------


@dataclass
class Block:
    text: str
    page: int
    char_start: int
    char_end: int
    hint: str | None = (
        None  # from the source: title | heading | list_item | table | footer | paragraph
    )
    level: int | None = None  # heading level given by the source (Docling)
    size_ratio: float = 1.0  # font height / body font height (PDF)
    kind: str = "paragraph"  # decided here


_RANK = {
    "schedule": -1.0,
    "part": -0.5,
    "article": 0.0,
    "dot_ROMAN": 1.0,
    "dec1": 2.0,
    "dec1_bare": 2.0,
    "heading": 2.0,
    "dec2": 3.0,
    "dec3": 4.0,
    "dec4": 5.0,
}
_LIST_RANK = 7.0


def _rank(style: str) -> float:
    if style.startswith("h") and style[1:].isdigit():  # heading level given by the source
        return 1.0 + int(style[1:]) / 10
    return _RANK.get(style, _LIST_RANK)


@dataclass
class _Open:
    style: str
    index: int  # into sections
    number: str


def recover(blocks: list[Block], text_len: int, page_of) -> list[ParsedSection]:
    """Classify blocks (sets ``Block.kind``) and return the section tree.

    ``page_of(offset)`` maps a character offset to its page.
    """
    toc = _toc_blocks(blocks)
    sections = _recover(blocks, toc)
    extra = _repeated_contents(sections, blocks)
    if extra:  # a contents list repeats the body's headings: drop it and redo
        sections = _recover(blocks, toc | extra)
    _close_spans(sections, blocks, text_len, page_of)
    return sections


def _repeated_contents(sections: list[ParsedSection], blocks: list[Block]) -> set[int]:
    """Blocks of a contents list detected by its headings coming back later in the body.

    The first top-level numbered section ("1", "I") reappears; the sections
    before the reappearance are short (entries, not clauses).
    """
    numbered = [k for k, s in enumerate(sections) if s.number and s.level == 1]
    if not numbered:
        return set()
    first = sections[numbered[0]]
    if first.title is None:
        return set()
    again = next(
        (
            k
            for k in range(numbered[0] + 1, len(sections))
            if sections[k].number == first.number and sections[k].title == first.title
        ),
        None,
    )
    if again is None:
        return set()
    run = sections[numbered[0] : again]
    starts = [s.char_start for s in run] + [sections[again].char_start]
    lengths = sorted(b - a for a, b in zip(starts, starts[1:], strict=False))
    if lengths[len(lengths) // 2] > 200:
        return set()
    lo, hi = first.char_start, sections[again].char_start
    return {i for i, b in enumerate(blocks) if lo <= b.char_start < hi}


def _recover(blocks: list[Block], toc: set[int]) -> list[ParsedSection]:
    title_i = _find_title_index(blocks)
    sections: list[ParsedSection] = []
    stack: list[_Open] = []
    last: dict[str, str] = {}
    prev_text: str | None = None
    seen_body = False
    top_seen: list[int] = []  # top-level clause numbers so far
    skip: set[int] = set()
    for i, b in enumerate(blocks):
        if b.hint in ("table", "footer"):
            b.kind = b.hint
            continue
        if i == title_i:
            b.kind = "title"
            prev_text = b.text
            continue
        if i in skip:
            b.kind = "heading"
            prev_text = b.text
            continue
        if is_toc_line(b.text) or i in toc:
            b.kind = "list_item" if parse_marker(b.text) else "paragraph"
            prev_text = b.text
            continue
        m = parse_marker(b.text, last)
        if m is not None and m.style != "bullet" and not plausible(m, prev_text):
            m = None
        style: str | None = None
        number: str | None = None
        title: str | None = None
        if m is not None and m.style == "bullet":
            b.kind = "list_item"
        elif m is not None:
            if (
                m.style == "schedule"
                and b.page == 1
                and (
                    (title_i is not None and i < title_i)
                    or (not seen_body and ("." in m.number or title_i is None))
                )
            ):
                b.kind = "paragraph"  # "Exhibit 10.1": a filing stamp above the title
                prev_text = b.text
                continue
            elif m.style == "schedule" and not _is_schedule_heading(m):
                m = None  # "Exhibit A attached hereto ..." at a line start
            elif (m.style in ("schedule", "article", "part") or m.word) and _mid_sentence(
                prev_text, blocks, i
            ):
                m = None  # "... as set out in\nAppendix 2." continues the sentence before it
            elif m.style in ("dec1", "dec1_bare", "dec2", "dec3", "dec4") and not _in_sequence(
                m, stack, top_seen
            ):
                m = None  # "79 Wellington Street", "2.5 Kilograms": not the next clause number
            elif m.style in _LETTER_STYLES and not _letter_follows(m, last):
                m = None  # "... described in APPENDIX\nC. The ...": a wrapped line, not item (c)
        if m is not None and m.style != "bullet":
            style, number = m.style, m.number
            last[style] = m.number.split("(")[-1].rstrip(")")
            if style == "dec1" and _restarts_list(number, stack):
                style = "numlist"
            if not m.rest:
                nxt = _next_content(blocks, i)
                if (
                    nxt is not None
                    and parse_marker(blocks[nxt].text) is None
                    and is_heading_text(blocks[nxt].text)
                ):
                    title = _clean_title(blocks[nxt].text)
                    skip.add(nxt)
                b.kind = "heading"
            elif _heading_block(b, m.rest):
                title = _clean_title(m.rest)
                b.kind = "heading"
            else:
                title = run_in_title(m.rest)
                b.kind = "list_item" if _rank(style) >= _LIST_RANK else "paragraph"
                if b.hint == "heading":
                    b.kind = "heading"
        elif b.hint in ("heading", "title") or (
            b.hint is None and _heading_block(b, b.text, caps_only=True)
        ):
            if b.hint == "title":
                b.kind = "title"
                prev_text = b.text
                continue
            b.kind = "heading"
            style = f"h{b.level}" if b.hint == "heading" and b.level else "heading"
            title = _clean_title(b.text)
        elif b.hint == "list_item":
            b.kind = "list_item"
        else:
            b.kind = "paragraph"
        prev_text = b.text
        if style is None:
            continue
        seen_body = True
        if style in ("dec1", "dec1_bare") and number and number.isdigit():
            top_seen.append(int(number))
        # close what this style cannot live inside
        pos = next((k for k in range(len(stack) - 1, -1, -1) if stack[k].style == style), None)
        if pos is not None:
            del stack[pos:]
        else:
            r = _rank(style)
            while (
                stack
                and _rank(stack[-1].style) >= r
                and not (r >= _LIST_RANK and _rank(stack[-1].style) >= _LIST_RANK)
            ):
                stack.pop()
        parent = stack[-1].index if stack else None
        if style.startswith("paren") and number and "(" not in number:
            number = f"({number})"
            pnum = sections[parent].number if parent is not None else None
            if pnum and _CITABLE.match(pnum):
                number = pnum + number  # "(a)" under 9.2 is cited as "9.2(a)"
        sections.append(
            ParsedSection(
                number=number,
                title=title,
                level=len(stack) + 1,
                page_start=b.page,
                page_end=b.page,
                char_start=b.char_start,
                char_end=b.char_end,
                parent_index=parent,
            )
        )
        stack.append(_Open(style, len(sections) - 1, number or ""))
    return sections


def _in_sequence(m: Marker, stack: list[_Open], top_seen: list[int]) -> bool:
    """Top-level numbers advance by small steps; the first one is small."""
    try:
        top = int(m.number.split(".")[0].split("(")[0])
    except ValueError:
        return True
    if m.style in ("dec1", "dec1_bare"):
        if not top_seen:
            return top <= 10
        last_top = top_seen[-1]
        return top <= last_top + 3 or top == 1
    if top_seen:
        return top <= top_seen[-1] + 5
    return True


def _mid_sentence(prev_text: str | None, blocks: list[Block], i: int) -> bool:
    """Does the block before end mid-sentence (lower-case word or comma), not as a heading?"""
    if not prev_text:
        return False
    prev = next((blocks[j] for j in range(i - 1, -1, -1) if blocks[j].hint != "footer"), None)
    if prev is None or prev.kind in ("heading", "title"):
        return False
    tail = prev_text.rstrip()
    if tail.endswith(","):
        return True
    last_word = tail.rsplit(None, 1)[-1].lower() if tail else ""
    return last_word in _SMALL_WORDS or last_word in (
        "see",
        "this",
        "that",
        "these",
        "such",
        "said",
        "in",
    )


_CITABLE = re.compile(r"^\d{1,3}(?:\.\d{1,3})*(?:\([^)]+\))*$")

_LETTER_STYLES = ("dot_ALPHA", "dot_alpha", "paren_alpha", "paren_ALPHA")


def _letter_follows(m: Marker, last: dict[str, str]) -> bool:
    """Lettered items start at (a) and advance by one (a few gaps tolerated)."""
    letter = m.number.split("(")[-1].rstrip(")")
    if len(letter) != 1:
        return True  # "(aa)"
    if letter in "aA":
        return True
    prev = last.get(m.style)
    return prev is not None and len(prev) == 1 and 1 <= ord(letter.lower()) - ord(prev.lower()) <= 3


def _restarts_list(number: str, stack: list[_Open]) -> bool:
    """'1.' inside an open clause '5.' is a numbered list, not a new top clause."""
    try:
        n = int(number)
    except ValueError:
        return False
    for o in reversed(stack):
        if o.style == "dec1":
            try:
                return n <= int(o.number) and n == 1
            except ValueError:
                return False
    return False


def _is_schedule_heading(m: Marker) -> bool:
    rest = m.rest
    return not rest or rest[0].isupper() or rest[0] in _OPEN_QUOTES or rest[0].isdigit()


_TOC_LINE = re.compile(
    r"(\.{4,}|(?:\. ){3,}|…{2,}|_{4,}|-{4,})\s*(\d+|[ivxlc]+)\s*$", re.IGNORECASE
)
_DATE_LINE = re.compile(
    r"^(?:dated?:?\s*)?(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}$"
    r"|^(?:\d{1,2}(?:st|nd|rd|th)?\s+)(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*,?\s+\d{4}$",
    re.IGNORECASE,
)


def is_toc_line(t: str) -> bool:
    """'1. Term ........ 3' - a table-of-contents entry, not a clause."""
    return bool(_TOC_LINE.search(t.strip()))


_TRAILING_PAGE = re.compile(r"^(.{3,120}?)\s+(\d{1,3}|[ivxlc]{1,5})$")


def _toc_blocks(blocks: list[Block]) -> set[int]:
    """Blocks of a contents page: 5+ heading-like entries ending in a page number."""
    by_page: dict[int, list[int]] = {}
    for i, b in enumerate(blocks):
        if b.hint in ("footer", "table"):
            continue
        m = _TRAILING_PAGE.match(b.text.strip())
        if m and is_heading_text(m.group(1).rstrip(".")):
            by_page.setdefault(b.page, []).append(i)
    return {i for ids in by_page.values() if len(ids) >= 5 for i in ids}


def _heading_block(b: Block, rest: str, caps_only: bool = False) -> bool:
    """Is this block a stand-alone heading line (not a clause paragraph)?"""
    if b.hint == "heading":
        return True
    if _DATE_LINE.match(rest.strip()):
        return False
    if caps_only:  # unnumbered: ALL CAPS, or a larger font
        return is_heading_text(rest, allow_title_case=b.size_ratio >= 1.15)
    # numbered: "3. Compensation." is a heading; a trailing period is fine
    return is_heading_text(rest.rstrip().rstrip("."), allow_title_case=True)


def _clean_title(t: str) -> str:
    return re.sub(r"\s+", " ", t).strip().rstrip(".:").strip()


def _next_content(blocks: list[Block], i: int) -> int | None:
    for j in range(i + 1, min(i + 3, len(blocks))):
        if blocks[j].hint not in ("footer",):
            return j if blocks[j].hint != "table" else None
    return None


def _find_title_index(blocks: list[Block]) -> int | None:
    """The document title: a source title, else an early heading-like line on page 1."""
    for i, b in enumerate(blocks):
        if b.hint == "title":
            return i
    cands = []
    for i, b in enumerate(blocks[:20]):
        if b.page != 1 or b.hint in ("footer", "table"):
            continue
        m = parse_marker(b.text)
        if m is not None and m.style == "schedule":
            continue  # "Exhibit 10.1" stamp above the title
        if m is not None:
            break  # numbered body text began
        if is_heading_text(b.text, allow_title_case=b.hint == "heading" or b.size_ratio >= 1.15):
            cands.append(i)
    for i in cands:
        if _CONTRACT_NOUNS.search(blocks[i].text):
            return i
    return cands[0] if cands and blocks[cands[0]].size_ratio >= 1.15 else None


def find_title(blocks: list[Block]) -> str | None:
    i = _find_title_index(blocks)
    return _clean_title(blocks[i].text) if i is not None else None


def _close_spans(
    sections: list[ParsedSection], blocks: list[Block], text_len: int, page_of
) -> None:
    """A section runs to the next section at its level or above (or the last body block)."""
    ends = sorted(b.char_end for b in blocks if b.hint != "footer")
    body_end = ends[-1] if ends else text_len
    # the next section at the same level or above, found right to left with a stack
    nxt: list[int | None] = [None] * len(sections)
    stack: list[int] = []
    for i in range(len(sections) - 1, -1, -1):
        while stack and sections[stack[-1]].level > sections[i].level:
            stack.pop()
        nxt[i] = sections[stack[-1]].char_start if stack else None
        stack.append(i)
    for i, s in enumerate(sections):
        after = nxt[i]
        end = body_end if after is None else after
        # trim to the end of the last body block that ends by ``end`` (no trailing page footer)
        k = bisect.bisect_right(ends, end) - 1
        s.char_end = ends[k] if k >= 0 and ends[k] > s.char_start else max(s.char_end, s.char_start)
        s.page_end = page_of(max(s.char_end - 1, s.char_start))

"""Dates as contracts write them, read into ``datetime.date``.

"July 31, 2017", "July 31,2017", "31 July 2019", "27th day of March, 2017", "first day of June, 1998",
"2019-07-31", "7/31/2019", "31.07.2019", "18-Mar-2021", "the thirty-first day of March, 2008", "the last day of
February, 2023" (the month's end). Numeric dates are read month/day/year unless the first number
cannot be a month or the separator is a dot (then day/month/year); a two-digit year below 50 is 20xx.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from veridict.domain.values.numbers import ORDINALS

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
# "1st", "27t h" (a PDF-to-text artefact), "3rd", "15 th"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:\s?(?:s\s?t|n\s?d|r\s?d|t\s?h))?"
# "thirty-first", "twenty first" before the plain ordinals, so that "first" alone does not take the match
_DAY_WORD = r"(?:twenty|thirty)[\s-]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|" + "|".join(
    sorted(ORDINALS, key=len, reverse=True)
)
_YEAR = r"(?:1[89]\d\d|20\d\d)"

# a date starts at a word boundary, or glued to "of", "on" or "dated" by a lost space ("as of1 August 2019")
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_GLUED = r"(?:\b|(?<=\bof)|(?<=\bon)|(?<=dated))"
_DATE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # the last day of February, 2023 / the last day in February, 2023: the month's end
    ("last_day", re.compile(rf"\blast\s+day\s+(?:of|in)\s+(?P<m>{MONTH})\s*,?\s*(?P<y>{_YEAR})\b", re.I)),
    # July 31, 2017 / July 31,2017 / JULY 15 2005 / November 19th, 2012 / March 18. 2021 / March thirty-first, 2008
    (
        "mdy",
        re.compile(
            rf"\b(?P<m>{MONTH})\s*(?P<d>{_DAY}\b|(?:{_DAY_WORD})\b)\s*[,.]?\s*(?P<y>{_YEAR})\b", re.I
        ),
    ),
    # 18-Mar-2021 / 18-March-21
    ("dmy_dash", re.compile(rf"\b(?P<d>[0-3]?\d)-(?P<m>{MONTH})-(?P<y>{_YEAR}|\d\d)\b", re.I)),
    # 27th day of March, 2017 / 31 day of July 2019 / first day of June, 1998
    (
        "day_of",
        re.compile(
            # "20th day of Friday, March 2020": a weekday written in
            rf"{_GLUED}(?P<d>{_DAY}|{_DAY_WORD})\s+day\s+of\s+(?:{_WEEKDAY},?\s+)?(?P<m>{MONTH})\s*,?\s*"
            rf"(?:(?:in\s+)?the\s+year\s+)?(?P<y>{_YEAR})\b",
            re.I,
        ),
    ),
    # 31 July 2019 / 26  September, 2019 / 1st of March, 2003
    ("dmy", re.compile(rf"{_GLUED}(?P<d>{_DAY})\s+(?:of\s+)?(?P<m>{MONTH})\s*,?\s*(?P<y>{_YEAR})\b", re.I)),
    # 2019-07-31
    ("iso", re.compile(r"\b(?P<y>(?:19|20)\d\d)-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)\b")),
    # 7/31/2019, 31.07.2019, 7-31-2019
    ("numeric", re.compile(r"\b(?P<a>[0-3]?\d)[/.-](?P<b>[0-3]?\d)[/.-](?P<y>(?:19|20)\d\d|\d\d)\b")),
]


_FILLER = re.compile(r"[-_\u2013\u2014]{3,}")
# "Section 3.1.10": a clause number with a two-digit last part, not a date
_CLAUSE_WORD_BEFORE = re.compile(r"\b(?:sections?|clauses?|articles?|paragraphs?|§)\s*$", re.I)


@dataclass(frozen=True)
class Match:
    """A value found in a text: ``text[start:end]`` is the surface form."""

    start: int
    end: int
    surface: str


@dataclass(frozen=True)
class DateMatch(Match):
    value: dt.date


def _day_number(text: str) -> int:
    t = re.sub(r"\s", "", text.lower())
    if t in ORDINALS:
        return ORDINALS[t]
    tens = re.match(r"(twenty|thirty)-?(\w+)", t)
    if tens and tens.group(2) in ORDINALS:  # "thirty-first"
        return (20 if tens.group(1) == "twenty" else 30) + ORDINALS[tens.group(2)]
    return int(re.match(r"\d+", t).group(0))  # type: ignore[union-attr]


def _make_date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def _date_from_match(kind: str, m: re.Match[str]) -> dt.date | None:
    if kind == "last_day":
        month, year = MONTHS[m.group("m").lower().rstrip(".")], int(m.group("y"))
        following = dt.date(year + month // 12, month % 12 + 1, 1)
        return following - dt.timedelta(days=1)
    if kind in ("mdy", "day_of", "dmy", "dmy_dash"):
        month = MONTHS[m.group("m").lower().rstrip(".")]
        year = int(m.group("y"))
        if year < 100:
            year += 2000 if year < 50 else 1900
        return _make_date(year, month, _day_number(m.group("d")))
    if kind == "iso":
        return _make_date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    a, b, y = int(m.group("a")), int(m.group("b")), int(m.group("y"))
    if y < 100:
        y += 2000 if y < 50 else 1900
    sep = m.group(0)[len(m.group("a"))]
    if sep == "." or a > 12:  # 31.07.2019 and 31/07/2019 are day first
        a, b = b, a
    return _make_date(y, a, b)


def _clause_number(text: str, m: re.Match[str]) -> bool:
    """A dotted number with a two-digit last part that opens a line or follows "Section": a clause's number."""
    if m.group(0)[len(m.group("a"))] != "." or len(m.group("y")) != 2:
        return False
    newline = text.rfind("\n", 0, m.start())
    line = text[newline + 1 : m.start()]
    # "10.2.11 Neither party ..." opens a line (the start of a fragment is no line start: a window cut after
    # "effective as of" may begin with a date)
    return (newline >= 0 and not line.strip()) or bool(_CLAUSE_WORD_BEFORE.search(line[-12:]))


def find_dates(text: str) -> list[DateMatch]:
    """Every date in ``text``, left to right, without overlaps."""
    found: list[DateMatch] = []
    taken: list[tuple[int, int]] = []
    # an underlined blank left in the text ("made this 1st day of ---- November, 2003") splits no date: runs of
    # dashes or underscores read as spaces, so offsets stay those of ``text``
    plain = _FILLER.sub(lambda f: " " * len(f.group(0)), text)
    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(plain):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            if kind == "numeric" and _clause_number(plain, m):
                continue
            value = _date_from_match(kind, m)
            if value is None:
                continue
            taken.append((m.start(), m.end()))
            found.append(DateMatch(m.start(), m.end(), text[m.start() : m.end()], value))
    return sorted(found, key=lambda d: d.start)


def parse_date(text: str) -> dt.date | None:
    """The first date in ``text`` ("July 31, 2017", "27th day of March, 2017", "7/31/2017")."""
    dates = find_dates(text)
    return dates[0].value if dates else None

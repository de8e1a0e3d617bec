"""Figures in a text (amounts, percentages, dates, numbers) normalised for comparing an answer with its quotes.

"EUR 150,000", "€150,000" and "150.000 EUR" are the same amount; "July 31, 2017", "31 July 2017" and
"2017-07-31" the same date. The same readers as ingestion (``dates``, ``money``, ``durations``) find them, so
a figure stored from a contract is recognised the same way in the answer that states it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from veridict.domain.values.dates import MONTH, find_dates
from veridict.domain.values.durations import Duration, DurationMatch, add_duration, find_anniversaries, find_durations
from veridict.domain.values.money import (
    CURRENCY_PREFIXES,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    find_money,
    find_percentages,
)
from veridict.domain.values.numbers import DIGITS, SCALES, WORD_VALUES, fmt_number, number_value, parse_number

# Numbers that locate rather than state: citation markers, clause and page numbers, versions.
_STRUCTURAL = re.compile(
    r"\[\d+(?:\s*,\s*\d+)*\]"
    r"|§+\s*(?:(?:chapters?|sections?|clauses?|art(?:icle)?s?\.?|parts?|schedules?|exhibits?|annex(?:es)?|"
    r"appendix|paragraphs?)\s+)?[\dA-Za-z.()\-]+"
    r"|\b(?:chapters?|sections?|clauses?|art(?:icle)?s?\.?|paragraphs?|para\.?|schedules?|exhibits?|annex(?:es)?|"
    r"appendix|items?)\s+[\dIVXLivxl]+(?:\.\d+)*(?:\s*\([0-9a-z]+\))*"
    r"|\bp(?:p|ages?|g)?\.?\s*\d+(?:\s*[-–]\s*\d+)?"
    r"|\bv(?:ersion)?\.?\s*\d+\b"
    r"|^\s*\d+[.)]\s",
    re.IGNORECASE | re.MULTILINE,
)
_MONTH_YEAR = re.compile(rf"\b(?P<mon>{MONTH})\s+(?P<y>\d{{4}})\b", re.I)
_WORD_NUMBER = re.compile(
    r"\b(?P<w>(?:" + "|".join(sorted(WORD_VALUES, key=len, reverse=True)) + r")(?:[- ](?:"
    + "|".join(k for k in WORD_VALUES if WORD_VALUES[k] < 10) + r"))?)\b(?:\s*\((?P<d>\d+)\))?",
    re.IGNORECASE,
)
_NUMBER = re.compile(rf"(?<![\w.])(?:{DIGITS})(?![\w])")
_UNIT_AFTER = re.compile(r"[\s-]*(?:\(\d+\)[\s-]*)?(?:business\s+|calendar\s+)?(days?|weeks?|months?|years?|hours?|"
                         r"percent|per\s*cent|%|times|installments?)\b", re.I)
_SCALE_AFTER = re.compile(r"\s*(thousand|million|billion|mio|bn)\b", re.I)
#: every way a text names a currency, for "the quote is in euros" when its amounts carry no symbol
_CURRENCY_NAMES = {**CURRENCY_PREFIXES, **CURRENCY_WORDS, **CURRENCY_SYMBOLS}


@dataclass(frozen=True)
class Figure:
    kind: str  # money | percent | date | number
    value: str  # normalised: "150000", "2017-07-31"
    raw: str
    start: int
    end: int
    currency: str | None = None

    @property
    def number(self) -> float | None:
        try:
            return float(self.value)
        except ValueError:
            return None


def strip_structural(text: str) -> str:
    """Blank out clause/page/version/citation numbers, keeping offsets."""
    return _STRUCTURAL.sub(lambda m: " " * len(m.group(0)), text)


def extract_figures(text: str, structural: bool = False) -> list[Figure]:
    """All figures in ``text``; ``structural=False`` ignores clause, page and citation numbers."""
    source = text if structural else strip_structural(text)
    figures: list[Figure] = []
    taken: list[tuple[int, int]] = []

    def add(fig: Figure) -> None:
        if all(fig.end <= a or fig.start >= b for a, b in taken):
            figures.append(fig)
            taken.append((fig.start, fig.end))

    for d in find_dates(source):
        add(Figure("date", d.value.isoformat(), d.surface, d.start, d.end))
    for mo in find_money(source):
        add(Figure("money", fmt_number(mo.value), mo.surface, mo.start, mo.end, mo.currency))
    for p in find_percentages(source):
        add(Figure("percent", fmt_number(p.value), p.surface, p.start, p.end))
    for m in _MONTH_YEAR.finditer(source):
        add(Figure("number", m.group("y"), m.group(0), m.start(), m.end()))
    for m in _WORD_NUMBER.finditer(source):
        value = float(m.group("d")) if m.group("d") else number_value(m.group("w"))
        if value is not None and (m.group("d") or _UNIT_AFTER.match(source, m.end())):
            add(Figure("number", fmt_number(value), m.group(0), m.start(), m.end()))
    for m in _NUMBER.finditer(source):
        n = parse_number(m.group(0))
        if n is None:
            continue
        scale = _SCALE_AFTER.match(source, m.end())
        if scale:
            n *= SCALES[scale.group(1).lower()]
        add(Figure("number", fmt_number(n), m.group(0), m.start(), m.end()))
    figures.sort(key=lambda f: f.start)
    return figures


def parse_amount(text: str) -> tuple[float, str | None] | None:
    """The first amount of money in ``text`` as (value, currency); failing that its first figure read as a
    number with no currency ('over 1,000,000' -> (1000000.0, None)); None when it has neither."""
    figures = extract_figures(text)
    for fig in figures:
        if fig.kind == "money":
            return float(fig.value), fig.currency
    for fig in figures:
        if fig.kind == "number":
            return float(fig.value), None
    return None


class FigurePool:
    """The figures of a set of source texts, for support checks."""

    def __init__(self, texts: Iterable[str] = (), extra_dates: Iterable[str] = (),
                 extra_numbers: Iterable[float] = ()):
        self.numbers: set[str] = set()
        self.dates: set[str] = set(extra_dates)
        self.money: set[tuple[str, str | None]] = set()
        self.currencies: set[str] = set()
        for n in extra_numbers:
            self.numbers.add(fmt_number(float(n)))
        for text in texts:
            self.add_text(text)

    def add_text(self, text: str) -> None:
        for fig in extract_figures(text, structural=True):
            if fig.kind == "date":
                self.dates.add(fig.value)
                y, m, d = fig.value.split("-")
                self.numbers.update({str(int(y)), str(int(m)), str(int(d))})
            else:
                self.numbers.add(fig.value)
                if fig.kind == "money":
                    self.money.add((fig.value, fig.currency))
                    if fig.currency:
                        self.currencies.add(fig.currency)
        low = text.lower()
        for word, code in _CURRENCY_NAMES.items():
            named = word in text if len(word) == 1 else re.search(rf"(?<!\w){re.escape(word)}(?!\w)", low)
            if named:
                self.currencies.add(code)

    def supports(self, fig: Figure) -> bool:
        if fig.kind == "date":
            return fig.value in self.dates
        if fig.value not in self.numbers:
            return False
        if fig.kind == "money" and fig.currency:
            exact = (fig.value, fig.currency) in self.money
            bare = any(v == fig.value and c is None for v, c in self.money) or fig.value in self.numbers
            return exact or (bare and fig.currency in self.currencies)
        return True


_CALENDAR_UNITS = ("day", "week", "month", "year")


def periods_in(text: str) -> list[DurationMatch]:
    """Each period of ``text`` counted in days, weeks, months or years, left to right; an anniversary is a count
    of years ('the agreement runs to the second anniversary of the Effective Date': two years)."""
    found = [d for d in find_durations(text) if d.value.unit in _CALENDAR_UNITS] + find_anniversaries(text)
    return sorted(found, key=lambda d: d.start)


# what follows a period that is counted from a start the contract does not date: "four years from the date on which
# the channel is uploaded", "one (1) year from the date of delivery of the Product", "five (5) years from the Reseller's
# first purchase order" (not "from the Effective Date")
OTHER_START = re.compile(
    (r"^[^.;]{0,30}?\b(?:from|after|following|commencing (?:on|with)|beginning (?:on|with)|"
     r"starting (?:on|with)) (?:the )?(?!effective date|date hereof|date of this|date first|"
     r"execution|commencement date|signing|date of (?:execution|signature))"
     r"(?:date (?:on which|of) )?(?:the )?(?:[\w-]+['’]s )?(?:first|initial|launch|completion|delivery|acceptance|"
     r"commercial|shipment|opening|receipt|date on which|date when|closing|approval|"
     r"issuance|(?:such|that|any|each) [a-z]+|[a-z]+ (?:is|are|has been|have been) )").replace(" ", r"\s+"),
    re.I,
)


# "... commence on January 10th, 2019 and shall expire ... twenty-four (24) months from that date": the start is
# the date the sentence has just stated, not another one
_BACK_TO_A_DATE = re.compile(r"\b(?:that|such|said|the same|this) date\b", re.I)


def counted_from_another_start(text: str) -> bool:
    """Whether a period of ``text`` runs from a start the contract does not date (``OTHER_START``): no end date can
    be worked out from the agreement's own dates. "From that date" after a stated date counts from that date."""
    for p in periods_in(text):
        m = OTHER_START.search(text[p.end:p.end + 120])
        if m is None:
            continue
        if _BACK_TO_A_DATE.search(m.group(0)) and any(
                f.kind == "date" and f.end <= p.start for f in extract_figures(text[:p.start], structural=True)):
            continue
        return True
    return False


def add_period(start: dt.date, period: Duration) -> dt.date | None:
    """start + a whole number of calendar units (months and years by the calendar); None for a fraction of a
    month or year, which has no calendar meaning."""
    if period.unit in ("month", "year") and not float(period.value).is_integer():
        return None
    if period.unit not in _CALENDAR_UNITS:
        return None
    return add_duration(start, period)


def derived_dates(texts: list[str]) -> set[str]:
    """Dates that follow from a date and a period both stated in ``texts``: start + period, or the day before."""
    joined = "\n".join(texts)
    starts = {f.value for f in extract_figures(joined, structural=True) if f.kind == "date"}
    out: set[str] = set()
    for s in starts:
        for period in periods_in(joined):
            end = add_period(dt.date.fromisoformat(s), period.value)
            if end is not None:
                out |= {end.isoformat(), (end - dt.timedelta(days=1)).isoformat()}
    return out


def quote_states(quote: str, value: str) -> bool:
    """Whether every figure of ``value`` (a fact's value) appears in ``quote``."""
    pool = FigurePool([quote])
    figs = extract_figures(value, structural=True)
    return all(pool.supports(f) for f in figs)

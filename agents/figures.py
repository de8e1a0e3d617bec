"""Figures in text — amounts, numbers, percentages, durations, dates — normalised for matching.

The provenance check compares the figures of an answer with those of its
citations: "EUR 150,000", "€150,000" and "150.000 EUR" are the same amount;
"July 31, 2017", "31 July 2017" and "2017-07-31" the same date.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ingest.normalize import find_anniversaries

MONTHS = {
    m: i
    for i, names in enumerate(
        [
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
            ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
            ("october", "oct"), ("november", "nov"), ("december", "dec"),
        ],
        start=1,
    )
    for m in names
}
_MONTH_RE = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
            r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}  # fmt: skip
SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mm": 1e6, "mio": 1e6, "billion": 1e9, "bn": 1e9}
CURRENCY_SYMBOLS = {"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "c$": "CAD"}
CURRENCY_WORDS = {
    "usd": "USD", "dollars": "USD", "dollar": "USD", "eur": "EUR", "euro": "EUR", "euros": "EUR",
    "gbp": "GBP", "pounds": "GBP", "chf": "CHF", "jpy": "JPY", "cad": "CAD", "aud": "AUD", "cny": "CNY",
    "rmb": "CNY", "yuan": "CNY", "inr": "INR", "sek": "SEK", "nok": "NOK", "dkk": "DKK", "ils": "ILS",
    "nis": "ILS", "hkd": "HKD", "sgd": "SGD",
}  # fmt: skip
DURATION_UNITS = {
    "day": "day", "days": "day", "business day": "day", "business days": "day", "week": "week", "weeks": "week",
    "month": "month", "months": "month", "year": "year", "years": "year", "hour": "hour", "hours": "hour",
}  # fmt: skip

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

_NUM = r"\d{1,3}(?:[,\s]\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+(?:\.\d+)?"
_CUR_PRE = r"(?:us\$|c\$|[$€£¥₹]|\b(?:usd|eur|gbp|chf|jpy|cad|aud|cny|rmb|inr|sek|nok|dkk|ils|nis|hkd|sgd)\b)"
_CUR_POST = r"(?:usd|eur|gbp|chf|jpy|cad|aud|cny|rmb|inr|sek|nok|dkk|ils|nis|hkd|sgd|dollars?|euros?|pounds)\b"
_SCALE = r"(?:\s*(?:thousand|million|billion|mio|bn|mm|k|m)\b)?"

MONEY_RE = re.compile(
    rf"(?P<pre>{_CUR_PRE})\s*(?P<n1>{_NUM})(?P<s1>{_SCALE})"
    rf"|(?P<n2>{_NUM})(?P<s2>{_SCALE})\s*(?P<post>{_CUR_POST})",
    re.IGNORECASE,
)
PERCENT_RE = re.compile(rf"(?P<n>{_NUM})\s*(?:%|per\s*cent|percent)", re.IGNORECASE)
WORD_NUM_RE = re.compile(
    r"\b(?P<w>(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:[- ](?:"
    + "|".join(k for k in NUMBER_WORDS if NUMBER_WORDS[k] < 10) + r"))?)\b(?:\s*\((?P<d>\d+)\))?",
    re.IGNORECASE,
)
DATE_RES = (
    re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"),
    re.compile(rf"\b(?P<mon>{_MONTH_RE})\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b", re.I),
    re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?P<mon>{_MONTH_RE}),?\s+(?P<y>\d{{4}})\b",
               re.I),
    re.compile(r"\b(?P<m>\d{1,2})/(?P<d>\d{1,2})/(?P<y>\d{4})\b"),
    re.compile(r"\b(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})\b"),
)
MONTH_YEAR_RE = re.compile(rf"\b(?P<mon>{_MONTH_RE})\s+(?P<y>\d{{4}})\b", re.I)
NUMBER_RE = re.compile(rf"(?<![\w.]){_NUM}(?![\w])")


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


def parse_number(text: str) -> float | None:
    """'1,250,000.50' -> 1250000.5; '1.250.000,50' -> 1250000.5; '30' -> 30.0."""
    t = text.strip().replace(" ", "")
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+,\d+", t):
        t = t.replace(".", "").replace(",", ".")
    else:
        t = t.replace(",", "")
    try:
        return float(t)
    except ValueError:
        return None


def fmt_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.6f}".rstrip("0").rstrip(".")


def _scale(word: str | None) -> float:
    return SCALES.get((word or "").strip().lower(), 1.0)


def _currency(token: str | None) -> str | None:
    if not token:
        return None
    t = token.strip().lower()
    return CURRENCY_SYMBOLS.get(t) or CURRENCY_WORDS.get(t)


def strip_structural(text: str) -> str:
    """Blank out clause/page/version/citation numbers, keeping offsets."""
    return _STRUCTURAL.sub(lambda m: " " * len(m.group(0)), text)


def extract_figures(text: str, structural: bool = False) -> list[Figure]:
    """All figures in ``text``; ``structural=False`` ignores clause, page and citation numbers."""
    source = text if structural else strip_structural(text)
    figures: list[Figure] = []
    taken: list[tuple[int, int]] = []

    def free(s: int, e: int) -> bool:
        return all(e <= a or s >= b for a, b in taken)

    def add(fig: Figure) -> None:
        figures.append(fig)
        taken.append((fig.start, fig.end))

    for rx in DATE_RES:
        for m in rx.finditer(source):
            if not free(m.start(), m.end()):
                continue
            iso = _iso(m)
            if iso:
                add(Figure("date", iso, m.group(0), m.start(), m.end()))
    for m in MONEY_RE.finditer(source):
        if not free(m.start(), m.end()):
            continue
        n = parse_number(m.group("n1") or m.group("n2"))
        if n is None:
            continue
        n *= _scale(m.group("s1") or m.group("s2"))
        add(Figure("money", fmt_number(n), m.group(0), m.start(), m.end(),
                   _currency(m.group("pre") or m.group("post"))))
    for m in PERCENT_RE.finditer(source):
        if free(m.start(), m.end()):
            n = parse_number(m.group("n"))
            if n is not None:
                add(Figure("percent", fmt_number(n), m.group(0), m.start(), m.end()))
    for m in MONTH_YEAR_RE.finditer(source):
        if free(m.start(), m.end()):
            add(Figure("number", m.group("y"), m.group(0), m.start(), m.end()))
    for m in WORD_NUM_RE.finditer(source):
        if not free(m.start(), m.end()):
            continue
        value = _word_value(m.group("w"))
        if m.group("d"):
            value = float(m.group("d"))
        if value is not None and (m.group("d") or _followed_by_unit(source, m.end())):
            add(Figure("number", fmt_number(value), m.group(0), m.start(), m.end()))
    for m in NUMBER_RE.finditer(source):
        if not free(m.start(), m.end()):
            continue
        n = parse_number(m.group(0))
        if n is None:
            continue
        tail = source[m.end() : m.end() + 12]
        sm = re.match(r"\s*(thousand|million|billion|mio|bn)\b", tail, re.I)
        if sm:
            n *= _scale(sm.group(1))
        add(Figure("number", fmt_number(n), m.group(0), m.start(), m.end()))
    figures.sort(key=lambda f: f.start)
    return figures


def _followed_by_unit(text: str, end: int) -> bool:
    return bool(re.match(r"[\s-]*(?:\(\d+\)[\s-]*)?(?:business\s+|calendar\s+)?(days?|weeks?|months?|years?|hours?|"
                         r"percent|per\s*cent|%|times|installments?)\b", text[end : end + 30], re.I))


def _word_value(words: str) -> float | None:
    total = 0
    for part in re.split(r"[- ]", words.lower()):
        if part not in NUMBER_WORDS:
            return None
        total += NUMBER_WORDS[part]
    return float(total)


def _iso(m: re.Match) -> str | None:
    g = m.groupdict()
    try:
        year = int(g["y"])
        month = MONTHS[g["mon"].lower().rstrip(".")] if g.get("mon") else int(g["m"])
        day = int(g["d"])
        return dt.date(year, month, day).isoformat()
    except (ValueError, KeyError, TypeError):
        return None


def parse_money(text: str) -> tuple[float, str | None] | None:
    """The first amount in ``text`` as (value, currency code or None)."""
    for fig in extract_figures(text):
        if fig.kind == "money":
            return float(fig.value), fig.currency
    for fig in extract_figures(text):
        if fig.kind == "number":
            return float(fig.value), None
    return None


def parse_date(text: str) -> dt.date | None:
    for fig in extract_figures(text, structural=True):
        if fig.kind == "date":
            return dt.date.fromisoformat(fig.value)
    return None


def duration_days(text: str) -> float | None:
    """'90 days' -> 90; 'six (6) months' -> 180; '1 year' -> 365 (for comparisons only)."""
    m = re.search(r"(\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")\s*(?:\(\d+\)\s*)?(?:business\s+|calendar\s+)?"
                  r"(day|week|month|year)s?", text.lower())
    if not m:
        return None
    n = parse_number(m.group(1)) if m.group(1)[0].isdigit() else float(NUMBER_WORDS[m.group(1)])
    return n * {"day": 1, "week": 7, "month": 30, "year": 365}[m.group(2)]


class FigurePool:
    """The figures of a set of source texts, for support checks."""

    def __init__(self, texts: list[str] = (), extra_dates: list[str] = (), extra_numbers: list[float] = ()):
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
        for word, code in {**CURRENCY_WORDS, **CURRENCY_SYMBOLS}.items():
            if len(word) > 1 and re.search(rf"\b{re.escape(word)}\b", low) or (len(word) == 1 and word in text):
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


_DURATION_RE = re.compile(
    r"\b(?P<n>\d+(?:\.\d+)?|(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:[- ](?:"
    + "|".join(k for k in NUMBER_WORDS if NUMBER_WORDS[k] < 10) + r"))?)"
    r"(?:\s*\((?P<d>\d+)\))?[\s-]+(?:(?:business|calendar|contract|consecutive|full|additional|initial)\s+)?"
    r"(?P<u>day|week|month|year)s?\b",
    re.IGNORECASE,
)


def durations_in(text: str) -> list[tuple[float, str, str]]:
    """(count, unit, surface) of each period in ``text``: 'ten (10) Contract Years' -> (10, 'year', ...); an
    anniversary is a count of years ('the second anniversary of the Effective Date' -> (2, 'year', ...))."""
    found: list[tuple[int, tuple[float, str, str]]] = []
    for m in _DURATION_RE.finditer(text):
        n = float(m.group("d")) if m.group("d") else (parse_number(m.group("n")) if m.group("n")[0].isdigit()
                                                         else _word_value(m.group("n")))
        if n is not None:
            found.append((m.start(), (n, m.group("u").lower(), m.group(0))))
    for a in find_anniversaries(text):  # "the agreement runs to the second anniversary"
        found.append((a.start, (a.value.value, "year", f"to the {a.surface}")))
    return [d for _, d in sorted(found, key=lambda x: x[0])]


def add_period(start: dt.date, n: float, unit: str) -> dt.date | None:
    """start + n units (calendar arithmetic for months and years)."""
    from dateutil.relativedelta import relativedelta

    if unit in ("month", "year") and float(n).is_integer():
        return start + relativedelta(**{unit + "s": int(n)})
    if unit in ("day", "week"):
        return start + dt.timedelta(days=round(n * (7 if unit == "week" else 1)))
    return None


def derived_dates(texts: list[str]) -> set[str]:
    """Dates that follow from a date and a period both stated in ``texts``: start + period, or the day before."""
    joined = "\n".join(texts)
    starts = {f.value for f in extract_figures(joined, structural=True) if f.kind == "date"}
    out: set[str] = set()
    for s in starts:
        for n, unit, _ in durations_in(joined):
            end = add_period(dt.date.fromisoformat(s), n, unit)
            if end is not None:
                out |= {end.isoformat(), (end - dt.timedelta(days=1)).isoformat()}
    return out


def quote_states(quote: str, value: str) -> bool:
    """Whether every figure of ``value`` (a fact's value) appears in ``quote``."""
    pool = FigurePool([quote])
    figs = extract_figures(value, structural=True)
    return all(pool.supports(f) for f in figs)

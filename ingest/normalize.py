"""Normalisation of the values contracts state: dates, durations, money, percentages, jurisdictions.

Each kind has a ``parse_*`` function for one expression and a ``find_*`` function that
returns every match in a longer text with its character span. Conventions:

- dates -> ``datetime.date``; numeric dates are read month/day/year unless the first
  number cannot be a month (then day/month/year).
- durations -> days: a year is 365 days, a month 30 days, a week 7 days, an hour 1/24 day.
  (Calendar arithmetic from a start date is done with ``add_duration``, not with days.)
- money -> (value, ISO currency code); "$" is read as USD.
- jurisdictions -> one canonical name ("New York", "England and Wales", "Germany").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from dateutil.relativedelta import relativedelta

# --------------------------------------------------------------------------- numbers

_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

_SIMPLE_WORD = "|".join(sorted(list(_UNITS) + list(_TENS), key=len, reverse=True))
# "one hundred and twenty", "forty-five", "twenty five", "a", "an"
NUMBER_WORDS = (
    rf"(?:(?:{_SIMPLE_WORD})(?:[\s-]+(?:and\s+)?(?:hundred|thousand|{_SIMPLE_WORD}))*|an?)"
)


def words_to_number(text: str) -> int | None:
    """'one hundred and twenty' -> 120, 'forty-five' -> 45, 'a' -> 1; None if not a number."""
    words = [w for w in re.split(r"[\s-]+", text.lower().strip()) if w and w != "and"]
    if not words:
        return None
    if words == ["a"] or words == ["an"]:
        return 1
    total, current = 0, 0
    for w in words:
        if w in _UNITS:
            current += _UNITS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in _SCALES:
            total += max(current, 1) * _SCALES[w]
            current = 0
        else:
            return None
    return total + current


def _num(text: str) -> float:
    return float(text.replace(",", "").replace(" ", ""))


# --------------------------------------------------------------------------- dates

_MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sept": 9,
    "sep": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
# "1st", "27t h" (a PDF-to-text artefact), "3rd", "15 th"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:\s?(?:s\s?t|n\s?d|r\s?d|t\s?h))?"
_DAY_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_YEAR = r"(?:1[89]\d\d|20\d\d)"

_DATE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # July 31, 2017 / July 31,2017 / JULY 15 2005 / November 19th, 2012
    ("mdy", re.compile(rf"\b(?P<m>{_MONTH})\s*(?P<d>{_DAY})\s*,?\s*(?P<y>{_YEAR})\b", re.I)),
    # 27th day of March, 2017 / 31 day of July 2019 / first day of June, 1998
    (
        "day_of",
        re.compile(
            rf"\b(?P<d>{_DAY}|{_DAY_WORD})\s+day\s+of\s+(?P<m>{_MONTH})\s*,?\s*"
            rf"(?:(?:in\s+)?the\s+year\s+)?(?P<y>{_YEAR})\b",
            re.I,
        ),
    ),
    # 31 July 2019 / 26  September, 2019 / 1st of March, 2003
    (
        "dmy",
        re.compile(rf"\b(?P<d>{_DAY})\s+(?:of\s+)?(?P<m>{_MONTH})\s*,?\s*(?P<y>{_YEAR})\b", re.I),
    ),
    # 2019-07-31
    ("iso", re.compile(r"\b(?P<y>(?:19|20)\d\d)-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)\b")),
    # 7/31/2019, 31.07.2019, 7-31-2019
    (
        "numeric",
        re.compile(r"\b(?P<a>[0-3]?\d)[/.-](?P<b>[0-3]?\d)[/.-](?P<y>(?:19|20)\d\d|\d\d)\b"),
    ),
]


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
    if t in _ORDINALS:
        return _ORDINALS[t]
    return int(re.match(r"\d+", t).group(0))  # type: ignore[union-attr]


def _make_date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def _date_from_match(kind: str, m: re.Match[str]) -> dt.date | None:
    if kind in ("mdy", "day_of", "dmy"):
        month = _MONTHS[m.group("m").lower().rstrip(".")]
        return _make_date(int(m.group("y")), month, _day_number(m.group("d")))
    if kind == "iso":
        return _make_date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    a, b, y = int(m.group("a")), int(m.group("b")), int(m.group("y"))
    if y < 100:
        y += 2000 if y < 50 else 1900
    sep = m.group(0)[len(m.group("a"))]
    if sep == "." or a > 12:  # 31.07.2019 and 31/07/2019 are day first
        a, b = b, a
    return _make_date(y, a, b)


def find_dates(text: str) -> list[DateMatch]:
    """Every date in ``text``, left to right, without overlaps."""
    found: list[DateMatch] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            value = _date_from_match(kind, m)
            if value is None:
                continue
            taken.append((m.start(), m.end()))
            found.append(DateMatch(m.start(), m.end(), m.group(0), value))
    return sorted(found, key=lambda d: d.start)


def parse_date(text: str) -> dt.date | None:
    """The first date in ``text`` ("July 31, 2017", "27th day of March, 2017", "7/31/2017")."""
    dates = find_dates(text)
    return dates[0].value if dates else None


# --------------------------------------------------------------------------- durations

DAYS_PER_UNIT = {"year": 365.0, "month": 30.0, "week": 7.0, "day": 1.0, "hour": 1 / 24}
_UNIT_RE = (
    r"(?P<unit>years?|yrs?|months?|weeks?|(?:business\s+|calendar\s+|working\s+)?days?|hours?)"
)
_DURATION_RE = re.compile(
    rf"\b(?:(?P<word>{NUMBER_WORDS})\s*)?"
    rf"(?:\(\s*(?P<paren>\d+(?:\.\d+)?)\s*\)\s*|(?P<digits>\d+(?:\.\d+)?)\s*)?"
    rf"-?\s*(?:(?:contract|calendar|full|consecutive|lease|fiscal|agreement|program)\s+){{0,2}}"
    rf"{_UNIT_RE}(?P<poss>'|’)?(?![a-z])",
    re.I,
)


@dataclass(frozen=True)
class Duration:
    value: float
    unit: str  # year | month | week | day | hour
    business: bool = False

    @property
    def days(self) -> float:
        """Length in days (year = 365, month = 30, week = 7, hour = 1/24)."""
        return self.value * DAYS_PER_UNIT[self.unit]

    @property
    def text(self) -> str:
        """Normalised text: '30 days', '1 year', '6 months', '5 business days'."""
        v = int(self.value) if float(self.value).is_integer() else self.value
        unit = self.unit if v == 1 else self.unit + "s"
        return f"{v} {'business ' if self.business else ''}{unit}"


@dataclass(frozen=True)
class DurationMatch(Match):
    value: Duration


def _duration_from_match(m: re.Match[str]) -> Duration | None:
    unit_text = m.group("unit").lower()
    business = bool(re.match(r"(business|working)", unit_text))
    unit = re.sub(r"^(business|calendar|working)\s+", "", unit_text).rstrip("s")
    unit = {"yr": "year"}.get(unit, unit)
    value: float | None = None
    if m.group("paren"):
        value = float(m.group("paren"))
    elif m.group("digits"):
        value = float(m.group("digits"))
    elif m.group("word"):
        value = words_to_number(m.group("word"))
    if value is None or value <= 0:
        return None
    return Duration(value=float(value), unit=unit, business=business)


def find_durations(text: str) -> list[DurationMatch]:
    """Every stated duration: 'thirty (30) days', "60 days'", 'one (1) year', '72 hours', 'two-year'."""
    out: list[DurationMatch] = []
    for m in _DURATION_RE.finditer(text):
        if not (m.group("word") or m.group("paren") or m.group("digits")):
            continue
        d = _duration_from_match(m)
        if d is None:
            continue
        start, end = m.start(), m.end()
        if m.group("word") and m.group("word").lower() in ("a", "an") and not m.group("paren"):
            # "a year" is a duration, but "a day" in "a day of March" is not worth the noise
            if d.unit not in ("year", "month", "week"):
                continue
        out.append(DurationMatch(start, end, text[start:end], d))
    return out


_ANNIVERSARY_RE = re.compile(
    r"\b(?:(?P<word>" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + r")|(?P<digits>\d{1,2})(?:st|nd|rd|th))"
    r"(?:\s*\(\d{1,2}(?:st|nd|rd|th)?\))?\s+anniversary\b",
    re.I,
)


def find_anniversaries(text: str) -> list[DurationMatch]:
    """Each 'Nth anniversary' as N years ('the second anniversary of the Effective Date' is two years from it)."""
    out: list[DurationMatch] = []
    for m in _ANNIVERSARY_RE.finditer(text):
        years = int(m.group("digits")) if m.group("digits") else _ORDINALS[m.group("word").lower()]
        if years > 0:
            out.append(DurationMatch(m.start(), m.end(), m.group(0), Duration(float(years), "year")))
    return out


def parse_duration(text: str) -> Duration | None:
    """The first duration in ``text``; None if there is none."""
    found = find_durations(text)
    return found[0].value if found else None


def duration_days(text: str) -> float | None:
    """Days in the first duration of ``text`` ('three months' -> 90.0)."""
    d = parse_duration(text)
    return d.days if d else None


def add_duration(start: dt.date, duration: Duration) -> dt.date:
    """Calendar arithmetic: 2018-02-01 + 3 years -> 2021-02-01."""
    v = duration.value
    if duration.unit == "year" and float(v).is_integer():
        return start + relativedelta(years=int(v))
    if duration.unit == "month" and float(v).is_integer():
        return start + relativedelta(months=int(v))
    return start + dt.timedelta(days=round(duration.days))


# --------------------------------------------------------------------------- money

_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
_CURRENCY_PREFIXES = {
    "us$": "USD",
    "u.s.$": "USD",
    "u.s. $": "USD",
    "usd": "USD",
    "usd$": "USD",
    "us dollars": "USD",
    "c$": "CAD",
    "cdn$": "CAD",
    "cad": "CAD",
    "a$": "AUD",
    "aud": "AUD",
    "hk$": "HKD",
    "hkd": "HKD",
    "s$": "SGD",
    "sgd": "SGD",
    "nt$": "TWD",
    "eur": "EUR",
    "gbp": "GBP",
    "chf": "CHF",
    "jpy": "JPY",
    "rmb": "CNY",
    "cny": "CNY",
    "inr": "INR",
    "rs.": "INR",
    "rs": "INR",
    "sek": "SEK",
    "nok": "NOK",
    "dkk": "DKK",
    "ils": "ILS",
    "nis": "ILS",
    "krw": "KRW",
    "mxn": "MXN",
    "brl": "BRL",
    "zar": "ZAR",
}
_CURRENCY_WORDS = {
    "dollars": "USD",
    "dollar": "USD",
    "us dollars": "USD",
    "u.s. dollars": "USD",
    "united states dollars": "USD",
    "euros": "EUR",
    "euro": "EUR",
    "pounds sterling": "GBP",
    "pounds": "GBP",
    "yen": "JPY",
    "renminbi": "CNY",
    "yuan": "CNY",
    "swiss francs": "CHF",
    "canadian dollars": "CAD",
    "hong kong dollars": "HKD",
}
_PREFIX_RE = "|".join(re.escape(p) for p in sorted(_CURRENCY_PREFIXES, key=len, reverse=True))
_AMOUNT = r"\d{1,3}(?:[,\s]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE_RE = r"(?:\s*(?P<scale>million|billion|thousand|mm|m|bn|k)\b)?"
_MONEY_RE = re.compile(
    # USD $10,000,000.00 / US$ 5 / EUR 1,500,000 / €150,000 / $1.5 million
    rf"(?:(?<![A-Za-z])(?P<prefix>{_PREFIX_RE})\s*(?P<sym1>[$€£¥₹])?|(?P<sym>[$€£¥₹]))\s?"
    rf"(?P<amount>{_AMOUNT}){_SCALE_RE}"
    # 5,000 euros / 1,000,000 dollars / 500 USD
    rf"|(?<![\w.])(?P<amount2>{_AMOUNT}){_SCALE_RE.replace('scale', 'scale2')}\s+"
    rf"(?P<word>united states dollars|u\.s\. dollars|us dollars|canadian dollars|hong kong dollars"
    rf"|swiss francs|pounds sterling|dollars|euros|euro|pounds|yen|renminbi|yuan|usd|eur|gbp)\b",
    re.I,
)
_SCALE_VALUES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mm": 1e6,
    "billion": 1e9,
    "bn": 1e9,
}


@dataclass(frozen=True)
class MoneyMatch(Match):
    value: float
    currency: str


def _money_from_match(m: re.Match[str]) -> tuple[float, str] | None:
    if m.group("amount"):
        amount, scale = m.group("amount"), m.group("scale")
        prefix = (m.group("prefix") or "").lower()
        currency = _CURRENCY_PREFIXES.get(prefix) or _CURRENCY_SYMBOLS.get(
            m.group("sym") or m.group("sym1") or "", "USD"
        )
    else:
        amount, scale = m.group("amount2"), m.group("scale2")
        word = re.sub(r"\s+", " ", m.group("word").lower())
        currency = _CURRENCY_WORDS.get(word) or _CURRENCY_PREFIXES.get(word, "USD")
    try:
        value = _num(amount)
    except ValueError:
        return None
    if scale:
        value *= _SCALE_VALUES[scale.lower()]
    return value, currency


def find_money(text: str) -> list[MoneyMatch]:
    """Every monetary amount: '$250,000', 'USD 1.5 million', 'EUR 1,500,000', '€150,000', '£5m'."""
    out: list[MoneyMatch] = []
    for m in _MONEY_RE.finditer(text):
        parsed = _money_from_match(m)
        if parsed is None:
            continue
        end = m.end()
        if m.group("amount") and not m.group("scale") and text[m.start() : end].endswith(" "):
            end -= 1
        out.append(MoneyMatch(m.start(), end, text[m.start() : end], parsed[0], parsed[1]))
    return out


def parse_money(text: str) -> tuple[float, str] | None:
    """(value, currency) of the first amount in ``text``: '$250,000' -> (250000.0, 'USD')."""
    found = find_money(text)
    return (found[0].value, found[0].currency) if found else None


# --------------------------------------------------------------------------- percentages

_PERCENT_RE = re.compile(
    rf"(?:(?P<word>{NUMBER_WORDS})\s+(?:percent|per\s+cent)\s*\(\s*)?"
    r"(?P<num>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)\s*\)?"
    rf"|(?P<word2>{NUMBER_WORDS})\s+(?:percent|per\s+cent)\b",
    re.I,
)


@dataclass(frozen=True)
class PercentMatch(Match):
    value: float


def find_percentages(text: str) -> list[PercentMatch]:
    """Every percentage: '15%', '12.5 percent', 'fifteen percent (15%)', 'ten per cent'."""
    out: list[PercentMatch] = []
    for m in _PERCENT_RE.finditer(text):
        if m.group("num"):
            value: float | None = float(m.group("num"))
        else:
            n = words_to_number(m.group("word2"))
            value = float(n) if n is not None else None
        if value is None:
            continue
        surface = m.group(0)
        end = m.start() + len(surface.rstrip())
        if surface.rstrip().endswith(")") and "(" not in surface:
            end -= 1
        out.append(PercentMatch(m.start(), end, text[m.start() : end], value))
    return out


def parse_percentage(text: str) -> float | None:
    found = find_percentages(text)
    return found[0].value if found else None


# --------------------------------------------------------------------------- jurisdictions

US_STATES = [
    "Alabama",
    "Alaska",
    "Arizona",
    "Arkansas",
    "California",
    "Colorado",
    "Connecticut",
    "Delaware",
    "Florida",
    "Georgia",
    "Hawaii",
    "Idaho",
    "Illinois",
    "Indiana",
    "Iowa",
    "Kansas",
    "Kentucky",
    "Louisiana",
    "Maine",
    "Maryland",
    "Massachusetts",
    "Michigan",
    "Minnesota",
    "Mississippi",
    "Missouri",
    "Montana",
    "Nebraska",
    "Nevada",
    "New Hampshire",
    "New Jersey",
    "New Mexico",
    "New York",
    "North Carolina",
    "North Dakota",
    "Ohio",
    "Oklahoma",
    "Oregon",
    "Pennsylvania",
    "Rhode Island",
    "South Carolina",
    "South Dakota",
    "Tennessee",
    "Texas",
    "Utah",
    "Vermont",
    "Virginia",
    "Washington",
    "West Virginia",
    "Wisconsin",
    "Wyoming",
    "District of Columbia",
    "Puerto Rico",
]
US_POSTAL = {
    "AL": "Alabama",
    "AK": "Alaska",
    "AZ": "Arizona",
    "AR": "Arkansas",
    "CA": "California",
    "CO": "Colorado",
    "CT": "Connecticut",
    "DE": "Delaware",
    "FL": "Florida",
    "GA": "Georgia",
    "HI": "Hawaii",
    "ID": "Idaho",
    "IL": "Illinois",
    "IN": "Indiana",
    "IA": "Iowa",
    "KS": "Kansas",
    "KY": "Kentucky",
    "LA": "Louisiana",
    "ME": "Maine",
    "MD": "Maryland",
    "MA": "Massachusetts",
    "MI": "Michigan",
    "MN": "Minnesota",
    "MS": "Mississippi",
    "MO": "Missouri",
    "MT": "Montana",
    "NE": "Nebraska",
    "NV": "Nevada",
    "NH": "New Hampshire",
    "NJ": "New Jersey",
    "NM": "New Mexico",
    "NY": "New York",
    "NC": "North Carolina",
    "ND": "North Dakota",
    "OH": "Ohio",
    "OK": "Oklahoma",
    "OR": "Oregon",
    "PA": "Pennsylvania",
    "RI": "Rhode Island",
    "SC": "South Carolina",
    "SD": "South Dakota",
    "TN": "Tennessee",
    "TX": "Texas",
    "UT": "Utah",
    "VT": "Vermont",
    "VA": "Virginia",
    "WA": "Washington",
    "WV": "West Virginia",
    "WI": "Wisconsin",
    "WY": "Wyoming",
    "DC": "District of Columbia",
}
# canonical -> aliases (matched case-insensitively on word boundaries)
COUNTRIES: dict[str, list[str]] = {
    "United States": [
        "United States of America",
        "United States",
        "U.S.A.",
        "USA",
        "U.S.",
        "federal law",
        "American law",
    ],
    "England and Wales": [
        "England and Wales",
        "England & Wales",
        "England",
        "Wales",
        "English law",
        "English",
    ],
    "United Kingdom": ["United Kingdom", "U.K.", "UK", "Great Britain"],
    "Scotland": ["Scotland", "Scottish"],
    "Northern Ireland": ["Northern Ireland"],
    "Ireland": ["Republic of Ireland", "Ireland", "Irish"],
    "Germany": ["Federal Republic of Germany", "Germany", "German"],
    "France": ["French Republic", "France", "French"],
    "Netherlands": ["the Netherlands", "Netherlands", "Holland", "Dutch"],
    "Belgium": ["Belgium", "Belgian"],
    "Luxembourg": ["Luxembourg"],
    "Switzerland": ["Switzerland", "Swiss"],
    "Austria": ["Austria", "Austrian"],
    "Italy": ["Italy", "Italian"],
    "Spain": ["Kingdom of Spain", "Spain", "Spanish"],
    "Portugal": ["Portugal", "Portuguese"],
    "Sweden": ["Sweden", "Swedish"],
    "Norway": ["Norway", "Norwegian"],
    "Denmark": ["Denmark", "Danish"],
    "Finland": ["Finland", "Finnish"],
    "Poland": ["Poland", "Polish"],
    "Israel": ["State of Israel", "Israel", "Israeli"],
    "China": [
        "People's Republic of China",
        "People’s Republic of China",
        "PRC",
        "P.R.C.",
        "China",
        "Chinese",
    ],
    "Hong Kong": ["Hong Kong Special Administrative Region", "Hong Kong", "HKSAR"],
    "Taiwan": ["Republic of China", "R.O.C.", "ROC", "Taiwan"],
    "Japan": ["Japan", "Japanese"],
    "South Korea": ["Republic of Korea", "South Korea", "Korea", "Korean"],
    "Singapore": ["Republic of Singapore", "Singapore"],
    "India": ["Republic of India", "India", "Indian"],
    "Canada": ["Canada", "Canadian"],
    "Mexico": ["Mexico", "Mexican"],
    "Brazil": ["Brazil", "Brazilian"],
    "Colombia": ["Colombia", "Colombian"],
    "Argentina": ["Argentina"],
    "Chile": ["Chile"],
    "Australia": ["Commonwealth of Australia", "Australia", "Australian"],
    "New Zealand": ["New Zealand"],
    "South Africa": ["Republic of South Africa", "South Africa"],
    "Kazakhstan": ["Republic of Kazakhstan", "Kazakhstan"],
    "Papua New Guinea": ["Papua New Guinea"],
    "Russia": ["Russian Federation", "Russia", "Russian"],
    "Cayman Islands": ["Cayman Islands"],
    "Bermuda": ["Bermuda"],
    "British Virgin Islands": ["British Virgin Islands", "BVI"],
    "United Arab Emirates": ["United Arab Emirates", "UAE"],
    "Thailand": ["Thailand"],
    "Malaysia": ["Malaysia"],
    "Philippines": ["Philippines"],
    "Vietnam": ["Vietnam", "Viet Nam"],
    "Indonesia": ["Indonesia"],
    "Cyprus": ["Cyprus"],
    "Malta": ["Malta"],
    "Greece": ["Greece", "Greek"],
    "Turkey": ["Turkey", "Türkiye"],
}
# sub-national units outside the US: canonical -> (aliases, country)
PROVINCES: dict[str, tuple[list[str], str]] = {
    "Ontario": (["Province of Ontario", "Ontario"], "Canada"),
    "British Columbia": (["Province of British Columbia", "British Columbia"], "Canada"),
    "Quebec": (["Province of Quebec", "Quebec", "Québec"], "Canada"),
    "Alberta": (["Province of Alberta", "Alberta"], "Canada"),
    "Nova Scotia": (["Province of Nova Scotia", "Nova Scotia"], "Canada"),
    "Manitoba": (["Manitoba"], "Canada"),
    "Saskatchewan": (["Saskatchewan"], "Canada"),
    "New Brunswick": (["New Brunswick"], "Canada"),
    "New South Wales": (["New South Wales"], "Australia"),
    "Victoria": (["State of Victoria", "Victoria"], "Australia"),
    "Queensland": (["Queensland"], "Australia"),
    "Western Australia": (["Western Australia"], "Australia"),
    "Beijing": (["Beijing"], "China"),
    "Shanghai": (["Shanghai"], "China"),
    "Bavaria": (["Bavaria"], "Germany"),
}


@dataclass(frozen=True)
class JurisdictionMatch(Match):
    value: str  # canonical name
    level: str  # "state" (US state or a province) | "country"


def _build_jurisdiction_patterns() -> list[tuple[re.Pattern[str], str, str]]:
    entries: list[tuple[str, str, str]] = []  # (alias, canonical, level)
    for state in US_STATES:
        entries += [
            (f"State of {state}", state, "state"),
            (f"Commonwealth of {state}", state, "state"),
            (state, state, "state"),
        ]
    entries += [
        ("Washington, D.C.", "District of Columbia", "state"),
        ("Washington D.C.", "District of Columbia", "state"),
    ]
    for canonical, aliases in COUNTRIES.items():
        entries += [(a, canonical, "country") for a in aliases]
    for canonical, (aliases, _country) in PROVINCES.items():
        entries += [(a, canonical, "state") for a in aliases]
    entries.sort(key=lambda e: len(e[0]), reverse=True)
    out = []
    for alias, canonical, level in entries:
        esc = re.sub(r"['’]", "['’]", re.escape(alias).replace(r"\ ", r"\s+"))
        left = r"(?<![\w.])" if alias[0].isalnum() else ""
        right = r"(?![\w])" if alias[-1].isalnum() or alias[-1] == "." else ""
        # short upper-case aliases (USA, PRC, UK, BVI) only match in upper case
        flags = 0 if (alias.isupper() and len(alias) <= 4) else re.I
        out.append((re.compile(left + esc + right, flags), canonical, level))
    return out


_JURISDICTION_PATTERNS = _build_jurisdiction_patterns()
_GENERIC_ADJECTIVES = {
    "English",
    "German",
    "French",
    "Dutch",
    "Swiss",
    "Chinese",
    "Japanese",
    "Indian",
    "Canadian",
    "Australian",
    "American",
    "Korean",
    "Irish",
    "Israeli",
    "Italian",
    "Spanish",
    "Russian",
    "Danish",
    "Swedish",
    "Norwegian",
    "Finnish",
    "Polish",
    "Portuguese",
    "Greek",
    "Belgian",
    "Austrian",
    "Scottish",
    "Mexican",
    "Brazilian",
    "Colombian",
}


def find_jurisdictions(text: str, adjectives: bool = True) -> list[JurisdictionMatch]:
    """Every jurisdiction named in ``text`` (longest alias wins), left to right.

    ``adjectives=False`` skips adjectival forms ("German", "English") that are only
    jurisdictions next to the word "law".
    """
    found: list[JurisdictionMatch] = []
    taken: list[tuple[int, int]] = []
    for pattern, canonical, level in _JURISDICTION_PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            surface = m.group(0)
            if surface.strip().title() in _GENERIC_ADJECTIVES or surface.lower() == "english law":
                if not adjectives:
                    continue
            taken.append((m.start(), m.end()))
            found.append(JurisdictionMatch(m.start(), m.end(), surface, canonical, level))
    return sorted(found, key=lambda j: j.start)


def canonical_jurisdiction(text: str) -> str | None:
    """Canonical name for a jurisdiction expression, the most specific one named.

    'the State of New York', 'New York law', 'NY' -> 'New York';
    'Federal Republic of Germany', 'German law' -> 'Germany';
    'laws of the United States and the Commonwealth of Pennsylvania' -> 'Pennsylvania';
    'Ontario, Canada' -> 'Ontario'.
    """
    stripped = text.strip().strip(".")
    if stripped.upper() in US_POSTAL and len(stripped) == 2:
        return US_POSTAL[stripped.upper()]
    found = find_jurisdictions(text)
    if not found:
        return None
    states = [j for j in found if j.level == "state"]
    return (states or found)[0].value


def jurisdiction_country(canonical: str) -> str | None:
    """The country a canonical jurisdiction belongs to ('Ontario' -> 'Canada')."""
    if canonical in US_STATES or canonical == "District of Columbia":
        return "United States"
    if canonical in PROVINCES:
        return PROVINCES[canonical][1]
    if canonical in COUNTRIES:
        return canonical
    return None

"""Periods as contracts write them: 'thirty (30) days', "60 days'", '60 (sixty) days', 'one (1) year', 'two-year',
'72 hours', 'the second anniversary of the Effective Date' (two years from it).

Lengths in days count a year as 365, a month as 30, a week as 7 and an hour as 1/24 day (for comparing
periods only); calendar arithmetic from a start date is ``add_duration``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from dateutil.relativedelta import relativedelta

from veridict.domain.values.dates import Match
from veridict.domain.values.numbers import NUMBER_WORDS, ORDINALS, words_to_number

DAYS_PER_UNIT = {"year": 365.0, "month": 30.0, "week": 7.0, "day": 1.0, "hour": 1 / 24}
_UNIT_RE = r"(?P<unit>years?|yrs?|months?|weeks?|(?:business\s+|calendar\s+|working\s+)?days?|hours?)"
_DURATION_RE = re.compile(
    rf"\b(?:(?P<word>{NUMBER_WORDS})\s*)?"
    # "thirty (30) days", "30 days", and the figure first: "60 (sixty) days", "24 (twenty-four) months"
    rf"(?:\(\s*(?P<paren>\d+(?:\.\d+)?|[Il])\s*\)\s*|(?P<digits>\d+(?:\.\d+)?)\s*(?:\(\s*{NUMBER_WORDS}\s*\)\s*)?)?"
    rf"-?\s*(?:(?:contract|calendar|full|consecutive|lease|fiscal|agreement|program)\s+){{0,2}}"
    rf"{_UNIT_RE}(?P<poss>'|’)?(?![a-z])",
    re.I,
)
_A_YEAR = re.compile(r"(?:19|20)\d\d")  # a bare four-digit figure read as a calendar year
_ANNIVERSARY_RE = re.compile(
    r"\b(?:(?P<word>" + "|".join(sorted(ORDINALS, key=len, reverse=True)) + r")|(?P<digits>\d{1,2})(?:st|nd|rd|th))"
    r"(?:\s*\(\d{1,2}(?:st|nd|rd|th)?\))?\s+anniversary\b",
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
    if m.group("paren") and m.group("paren").isalpha():
        # "one (I) year": a 1 misread as a letter in the figure; only the number word gives the value
        value = words_to_number(m.group("word")) if m.group("word") else None
    elif m.group("paren"):
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
        if _A_YEAR.fullmatch(m.group("digits") or "") and not (m.group("word") or m.group("paren")):
            continue  # "through the end of the 2017 calendar year" names a year, not 2,017 years
        start, end = m.start(), m.end()
        if m.group("word") and m.group("word").lower() in ("a", "an") and not m.group("paren"):
            # "a year" is a duration, but "a day" in "a day of March" is not worth the noise
            if d.unit not in ("year", "month", "week"):
                continue
        out.append(DurationMatch(start, end, text[start:end], d))
    return out


def find_anniversaries(text: str) -> list[DurationMatch]:
    """Each 'Nth anniversary' as N years ('the second anniversary of the Effective Date' is two years from it)."""
    out: list[DurationMatch] = []
    for m in _ANNIVERSARY_RE.finditer(text):
        years = int(m.group("digits")) if m.group("digits") else ORDINALS[m.group("word").lower()]
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


# how a term without a date says what it lasts until: "until completion of ...", "through the completion of ...",
# "ending on the expiration of ...", "so long as ..."
END_WORDS = re.compile(r"\b(?:until|through|ending on|ends? on|expires? (?:on|upon)|so long as|as long as)\s+", re.I)

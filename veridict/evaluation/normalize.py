"""Value normalisation for scoring: reuses veridict.domain.values (dates, durations, money,
percentages, jurisdictions) and veridict.domain.names.alias_key (party names); adds the comparisons."""

from __future__ import annotations

import datetime as dt
import re

from veridict.domain.names import LEGAL_SUFFIXES, alias_key
from veridict.domain.values import (
    DAYS_PER_UNIT,
    NUMBER_WORDS,
    add_duration,
    canonical_jurisdiction,
    find_anniversaries,
    find_dates,
    find_durations,
    find_jurisdictions,
    find_money,
    find_percentages,
    jurisdiction_country,
    words_to_number,
)

__all__ = [
    "NUMBER_WORDS",
    "add_duration",
    "canonical_jurisdiction",
    "dates_in",
    "durations_in",
    "find_anniversaries",
    "find_dates",
    "find_durations",
    "find_jurisdictions",
    "find_money",
    "find_percentages",
    "jurisdictions_in",
    "money_in",
    "party_core",
    "party_position",
    "same_days",
    "same_money",
    "words_to_number",
]

# legal forms that end the distinctive part of a name ("Western Copper Corporation and all ...")
_EXTRA_SUFFIXES = {"incorporated", "company", "pte", "pty", "lllp", "sarl", "spa", "kg", "gmbh"}
_SUFFIXES = set(LEGAL_SUFFIXES) | _EXTRA_SUFFIXES
PARTY_PREFIX_TOKENS = 3  # a name matches on its first three distinctive words


def _squash(text: str) -> str:
    return alias_key(text).replace(" ", "")


def party_core(name: str) -> list[str]:
    """Distinctive words of a party name: folded, cut at the first legal form, first three words.

    'Philips Medical Systems Nederland B.V.' -> ['philips', 'medical', 'systems'];
    'Western Copper Corporation and all of its subsidiaries' -> ['western', 'copper'].
    """
    tokens = alias_key(name.replace("&", " and ")).split()
    for i, tok in enumerate(tokens):
        if i > 0 and tok in _SUFFIXES:
            tokens = tokens[:i]
            break
    while len(tokens) > 1 and tokens[-1] in {"and", "of", "the"}:
        tokens.pop()
    if tokens and tokens[0] == "the" and len(tokens) > 1:
        tokens = tokens[1:]
    return tokens[:PARTY_PREFIX_TOKENS]


def party_position(text: str, name: str) -> int | None:
    """Position (in the folded text) where ``name`` is mentioned, or None.

    Names are folded (case, punctuation, '&'), compared without spaces so "G. B." equals
    "G.B.", and matched on their distinctive words (``party_core``).
    """
    core = party_core(name)
    if not core:
        return None
    folded = alias_key(text.replace("&", " and "))
    needle = "".join(core)
    if len(needle) < 5:  # short names only as whole words
        m = re.search(rf"(?<![a-z0-9]){re.escape(' '.join(core))}(?![a-z0-9])", folded)
        return len(folded[: m.start()].replace(" ", "")) if m else None
    pos = folded.replace(" ", "").find(needle)
    return pos if pos >= 0 else None


def mentions_party(text: str, name: str) -> bool:
    return party_position(text, name) is not None


def dates_in(text: str) -> list[dt.date]:
    return [d.value for d in find_dates(text)]


_DURATION_FILLER = re.compile(
    r"\b(?:calendar|consecutive|full)\s+(?=(?:months?|years?|weeks?)\b)", re.I
)


_RECURRING = re.compile(
    r"\b(?:(?P<u>year|month|week|quarter)[- ]to[- ](?P=u)|"
    r"(?P<u2>annual|yearly|monthly|weekly|quarterly) (?:basis|periods?|terms?))\b",
    re.I,
)
_RECURRING_UNIT = {"annual": "year", "yearly": "year", "monthly": "month", "weekly": "week", "quarterly": "quarter"}


def _recurring_days(word: str) -> float:
    unit = _RECURRING_UNIT.get(word.lower(), word.lower())
    return 3 * DAYS_PER_UNIT["month"] if unit == "quarter" else DAYS_PER_UNIT[unit]


def durations_in(text: str) -> list[float]:
    """Stated durations in days (year 365, month 30, week 7); 'three calendar months' included, and a
    recurring period in words ("month-to-month", "on an annual basis", "successive annual periods") as one such
    period."""
    days = [d.value.days for d in find_durations(_DURATION_FILLER.sub("", text))]
    return days + [_recurring_days(m.group("u") or m.group("u2")) for m in _RECURRING.finditer(text)]


def money_in(text: str) -> list[tuple[float, str]]:
    return [(m.value, m.currency) for m in find_money(text)]


def jurisdictions_in(text: str, adjectives: bool = True) -> list[str]:
    """Canonical jurisdictions named in ``text``, in order, without repeats."""
    out: list[str] = []
    for j in find_jurisdictions(text, adjectives=adjectives):
        if j.value not in out:
            out.append(j.value)
    return out


def same_days(a: float, b: float, rel: float = 0.025) -> bool:
    """Durations in days are equal within 2.5 % (1 year = 365 d ~ 12 months = 360 d)."""
    return abs(a - b) <= max(0.5, rel * max(a, b))


def same_money(a: tuple[float, str], b: tuple[float, str], rel: float = 0.005) -> bool:
    return a[1] == b[1] and abs(a[0] - b[0]) <= rel * max(abs(a[0]), abs(b[0]), 1.0)


def jurisdiction_parent(canonical: str) -> str | None:
    """The country containing a sub-national jurisdiction (None for a country itself)."""
    country = jurisdiction_country(canonical)
    return country if country and country != canonical else None


def number_in_words(text: str) -> int | None:
    """'twenty-four' -> 24; None for 'a'/'an' or non-numbers."""
    if text.strip().lower() in {"a", "an"}:
        return None
    return words_to_number(text)

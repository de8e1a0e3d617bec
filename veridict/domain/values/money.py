"""Amounts of money and percentages as contracts write them.

Money -> (value, ISO currency code): '$250,000', 'USD 1.5 million', 'EUR 1,500,000', '€150,000', '£5m',
'150.000 EUR', '5,000 euros'; "$" is read as USD.
Percentages -> float: '15%', '12.5 percent', 'fifteen percent (15%)', 'ten per cent'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from veridict.domain.values.dates import Match
from veridict.domain.values.numbers import DIGITS, NUMBER_WORDS, SCALES, parse_number, words_to_number

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
CURRENCY_PREFIXES = {
    "us$": "USD", "u.s.$": "USD", "u.s. $": "USD", "usd": "USD", "usd$": "USD", "us dollars": "USD",
    "c$": "CAD", "cdn$": "CAD", "cad": "CAD", "a$": "AUD", "aud": "AUD", "hk$": "HKD", "hkd": "HKD",
    "s$": "SGD", "sgd": "SGD", "nt$": "TWD", "eur": "EUR", "gbp": "GBP", "chf": "CHF", "jpy": "JPY",
    "rmb": "CNY", "cny": "CNY", "inr": "INR", "rs.": "INR", "rs": "INR", "sek": "SEK", "nok": "NOK",
    "dkk": "DKK", "ils": "ILS", "nis": "ILS", "krw": "KRW", "mxn": "MXN", "brl": "BRL", "zar": "ZAR",
}  # fmt: skip
CURRENCY_WORDS = {
    "dollars": "USD", "dollar": "USD", "us dollars": "USD", "u.s. dollars": "USD", "united states dollars": "USD",
    "euros": "EUR", "euro": "EUR", "pounds sterling": "GBP", "pounds": "GBP", "yen": "JPY", "renminbi": "CNY",
    "yuan": "CNY", "swiss francs": "CHF", "canadian dollars": "CAD", "hong kong dollars": "HKD",
}  # fmt: skip
# codes written after an amount ("150.000 EUR", "500 CHF")
_POST_CODES = ("usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "cny", "rmb", "inr", "sek", "nok", "dkk", "ils",
               "nis", "hkd", "sgd")

_PREFIX_RE = "|".join(re.escape(p) for p in sorted(CURRENCY_PREFIXES, key=len, reverse=True))
_POST_RE = "|".join(re.escape(w).replace(r"\ ", r"\s+")
                    for w in sorted(set(CURRENCY_WORDS) | set(_POST_CODES), key=len, reverse=True))
_SCALE_RE = r"(?:\s*(?P<scale>million|billion|thousand|mio|mm|m|bn|k)\b)?"
_MONEY_RE = re.compile(
    # USD $10,000,000.00 / US$ 5 / EUR 1,500,000 / €150,000 / $1.5 million / € 1.500.000,00
    rf"(?:(?<![A-Za-z])(?P<prefix>{_PREFIX_RE})\s*(?P<sym1>[$€£¥₹])?|(?P<sym>[$€£¥₹]))\s*"
    rf"(?P<amount>{DIGITS}){_SCALE_RE}"
    # 5,000 euros / 1,000,000 dollars / 500 USD / 150.000 EUR
    rf"|(?<![\w.])(?P<amount2>{DIGITS}){_SCALE_RE.replace('scale', 'scale2')}\s*(?P<word>{_POST_RE})\b",
    re.I,
)


@dataclass(frozen=True)
class MoneyMatch(Match):
    value: float
    currency: str


def _money_from_match(m: re.Match[str]) -> tuple[float, str] | None:
    if m.group("amount"):
        amount, scale = m.group("amount"), m.group("scale")
        prefix = (m.group("prefix") or "").lower()
        currency = CURRENCY_PREFIXES.get(prefix) or CURRENCY_SYMBOLS.get(m.group("sym") or m.group("sym1") or "",
                                                                         "USD")
    else:
        amount, scale = m.group("amount2"), m.group("scale2")
        word = re.sub(r"\s+", " ", m.group("word").lower())
        currency = CURRENCY_WORDS.get(word) or CURRENCY_PREFIXES.get(word, "USD")
    value = parse_number(amount)
    if value is None:
        return None
    if scale:
        value *= SCALES[scale.lower()]
    return value, currency


def find_money(text: str) -> list[MoneyMatch]:
    """Every monetary amount: '$250,000', 'USD 1.5 million', 'EUR 1,500,000', '€150,000', '£5m'."""
    out: list[MoneyMatch] = []
    for m in _MONEY_RE.finditer(text):
        parsed = _money_from_match(m)
        if parsed is None:
            continue
        end = m.end()
        while end > m.start() and text[end - 1].isspace():
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

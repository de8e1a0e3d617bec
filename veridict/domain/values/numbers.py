"""Numbers as contracts and answers write them: digits in either thousands convention, and number words.

- ``words_to_number``: 'one hundred and twenty' -> 120, 'forty-five' -> 45, 'a' -> 1;
- ``parse_number``: '1,250,000.50' -> 1250000.5, '1.250.000,50' -> 1250000.5, '30' -> 30.0;
- ``fmt_number``: 30.0 -> '30', 2.5 -> '2.5' (how a figure is compared and shown).
"""

from __future__ import annotations

import re

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
}  # fmt: skip
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
SCALE_WORDS = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
#: a word that multiplies the amount before it: "$1.5 million", "EUR 2 mio", "£5m"
SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mm": 1e6, "mio": 1e6, "billion": 1e9, "bn": 1e9}

#: a number word's value, for words that stand alone or join with a hyphen ("twenty-five")
WORD_VALUES: dict[str, int] = {**UNITS, **TENS, "hundred": 100}

_SIMPLE_WORD = "|".join(sorted(list(UNITS) + list(TENS), key=len, reverse=True))
#: "one hundred and twenty", "forty-five", "twenty five", "a", "an" (a regex fragment)
NUMBER_WORDS = rf"(?:(?:{_SIMPLE_WORD})(?:[\s-]+(?:and\s+)?(?:hundred|thousand|{_SIMPLE_WORD}))*|an?)"

#: digits: "1,250,000.50", "1 250 000", "1.250.000,50" (continental), "30", "2.5" (a regex fragment)
DIGITS = r"\d{1,3}(?:[,\s]\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+(?:\.\d+)?"


def words_to_number(text: str) -> int | None:
    """'one hundred and twenty' -> 120, 'forty-five' -> 45, 'a' -> 1; None if not a number."""
    words = [w for w in re.split(r"[\s-]+", text.lower().strip()) if w and w != "and"]
    if not words:
        return None
    if words == ["a"] or words == ["an"]:
        return 1
    total, current = 0, 0
    for w in words:
        if w in UNITS:
            current += UNITS[w]
        elif w in TENS:
            current += TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in SCALE_WORDS:
            total += max(current, 1) * SCALE_WORDS[w]
            current = 0
        else:
            return None
    return total + current


def parse_number(text: str) -> float | None:
    """'1,250,000.50' -> 1250000.5; '1.250.000,50' -> 1250000.5; '30' -> 30.0; None if not a number."""
    t = text.strip().replace(" ", "")
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+,\d+", t):
        t = t.replace(".", "").replace(",", ".")
    else:
        t = t.replace(",", "")
    try:
        return float(t)
    except ValueError:
        return None


def number_value(token: str) -> float | None:
    """A count written in digits or words: '30' -> 30.0, 'thirty' -> 30.0, 'twenty-five' -> 25.0."""
    token = token.strip()
    if token[:1].isdigit():
        return parse_number(token)
    value = words_to_number(token)
    return float(value) if value is not None else None


def fmt_number(value: float) -> str:
    """A figure as compared and shown: 30.0 -> '30', 2.50 -> '2.5'."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6f}".rstrip("0").rstrip(".")

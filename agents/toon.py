"""A small TOON encoder (Token-Oriented Object Notation) for what the chat model is shown.

Only the part of the format the observations use: a list of uniform flat rows as one table,

    facts[2]{ref,document,page,value}:
      1,CloudSecure Vendor Agreement,2,"EUR 200,000"
      2,Globex Supply Agreement,5,New York

(the header names the row count and the fields once; each row is its values, comma-separated), and
``key: value`` lines for a flat record. A string is quoted (JSON-style escapes) when it is empty, has
leading or trailing space, holds the delimiter, a colon, a quote, a backslash, a bracket or brace or a
control character, starts with '-', or reads as a number, true, false or null. None is ``null``.
JSON of the same rows repeats every field name per row; the header saves that.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

_NUMBER_LIKE = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|0\d+", re.I)
_NEEDS_QUOTES = re.compile(r'[,:"\\\[\]{}\x00-\x1f]')
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def scalar(value: object) -> str:
    """One value as TOON writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return "null"
        return str(int(value)) if value.is_integer() else repr(value)
    text = str(value)
    if (not text or text != text.strip() or _NEEDS_QUOTES.search(text) or text.startswith("-")
            or text in ("true", "false", "null") or _NUMBER_LIKE.fullmatch(text)):
        return json.dumps(text, ensure_ascii=False)
    return text


def key(name: str) -> str:
    return name if _KEY.fullmatch(name) else json.dumps(name, ensure_ascii=False)


def table(name: str, rows: Sequence[Mapping[str, object]], fields: Sequence[str] | None = None) -> str:
    """Rows as one TOON table; ``fields`` defaults to every key, in first-seen order (a missing one is null)."""
    if fields is None:
        fields = list(dict.fromkeys(k for row in rows for k in row))
    header = f"{key(name)}[{len(rows)}]{{{','.join(key(f) for f in fields)}}}:"
    lines = [header] + ["  " + ",".join(scalar(row.get(f)) for f in fields) for row in rows]
    return "\n".join(lines)


def record(values: Mapping[str, object]) -> str:
    """A flat record as ``key: value`` lines."""
    return "\n".join(f"{key(k)}: {scalar(v)}" for k, v in values.items())

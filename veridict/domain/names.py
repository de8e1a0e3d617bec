"""Entity name normalisation: the alias key that folds spelling variants together."""

from __future__ import annotations

import re
import unicodedata

# Legal-form suffixes dropped from the end of an organisation name (after punctuation is removed).
LEGAL_SUFFIXES = frozenset(
    {
        "gmbh",
        "inc",
        "llc",
        "ltd",
        "limited",
        "corp",
        "corporation",
        "co",
        "ag",
        "sa",
        "plc",
        "llp",
        "lp",
        "nv",
        "bv",
    }
)

_DROPPED = {".", "'", "\u2019"}  # removed without a gap: "S.A." -> "sa", "O'Neil" -> "oneil"
_SPACES = re.compile(r"\s+")


def alias_key(name: str) -> str:
    """Lowercase, strip punctuation and trailing legal suffixes, collapse spaces.

    "CloudSecure GmbH", "cloudsecure gmbh." and "CloudSecure, GmbH" all give "cloudsecure".
    A name that is only a suffix ("Inc.") keeps it, so the key is never empty for a non-empty name.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    out = []
    for ch in text:
        if ch in _DROPPED:
            continue
        cat = unicodedata.category(ch)
        out.append(" " if cat[0] in "PSZC" else ch)
    tokens = _SPACES.sub(" ", "".join(out)).strip().split(" ")
    while len(tokens) > 1 and tokens[-1] in LEGAL_SUFFIXES:
        tokens.pop()
    return " ".join(t for t in tokens if t)

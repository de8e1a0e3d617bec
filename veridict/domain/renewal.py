"""How a contract says it renews: by itself (automatic, tacit, "unless either party gives notice") or only if a
party chooses or both agree (an option to extend). Ingestion reads renewal facts with these words; the drafter
answers "Does it renew automatically?" with them."""

from __future__ import annotations

import re

#: a renewal that happens by itself: "shall automatically renew", "will be extended", "renewed tacitly every year"
AUTO_RENEW = re.compile(
    r"\b(?:automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)\w*|(?:renew|extend)\w*\s+automatically|"
    r"shall\s+(?:be\s+)?(?:renew|extend)\w*|will\s+(?:be\s+)?(?:renew|extend)\w*|"
    r"tacit\w*)",
    re.I,
)
#: a renewal that needs a party's choice or both parties' agreement: "may extend", "at its option", "mutually agreed"
OPTIONAL_RENEWAL = re.compile(
    r"\bmay\b|\boption\b|\bmutual\w*|\bagree\w* in writing|\bif both|\bupon (?:the )?(?:written )?agreement",
    re.I,
)
_AUTOMATIC_WORD = re.compile(r"\bautomatic\w*|\btacit\w*|\bunless\b", re.I)

#: a question that asks whether the contract renews by itself ("Does the DynTek deal renew automatically?")
ASKS_AUTOMATIC = re.compile(
    r"\bautomatic\w*|\bby itself\b|\bon its own\b|\broll(?:s|ed|ing)?[- ]?over\b|\bauto[- ]?(?:renew|extend)\w*|"
    r"\bevergreen\b|\btacit\w*", re.I)


def renewal_mode(sentence: str) -> str | None:
    """"automatic" for a sentence that renews the contract by itself, "option" for one that renews it only at a
    party's choice or by agreement, None where the sentence says neither plainly."""
    automatic = bool(AUTO_RENEW.search(sentence) or re.search(r"\bunless\b", sentence, re.I))
    optional = bool(OPTIONAL_RENEWAL.search(sentence))
    if automatic and (not optional or _AUTOMATIC_WORD.search(sentence)):
        return "automatic"
    if optional and not _AUTOMATIC_WORD.search(sentence):
        return "option"
    return None

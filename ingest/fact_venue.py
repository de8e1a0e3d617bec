"""Venue facts: where disputes are heard — the courts a claim must be brought in, or the seat of an
arbitration ("the state and federal courts located in King County, Washington"; "arbitration shall be held
in Paris"). One fact per sentence that names a forum, its value the place, its qualifier ``courts`` or
``arbitration``."""

from __future__ import annotations

import re

from ingest.fact_context import DocContext, rank_facts, ws
from veridict.domain.values import canonical_jurisdiction
from veridict.types import Fact

# A sentence that names a forum.
_FORUM = re.compile(
    ws(
        r"\b(?:exclusive jurisdiction|submit(?:s)? to the (?:non-exclusive |"
        r"exclusive )?jurisdiction|venue|courts? (?:of|in|located|sitting|"
        r"situated)|forum|arbitration (?:shall be |will be )?(?:held|"
        r"conducted|seated|take place))\b"
    ),
    re.I,
)
# A place after "in / of / at / within", past a "State of" / "County of" lead-in: "the State of New York",
# "King County, Washington", "the Northern District of California", "Tel-Aviv, Israel".
_PLACE = re.compile(
    ws(
        r"\b(?:in|of|at|within) (?:the )?"
        r"(?i:city (?:and county )?of |county of |borough of |state of |commonwealth of |province of )?"
        r"(?P<place>[A-Z][\w.\-]+(?: [A-Z][\w.\-]+){0,3}(?: County| City)?"
        r"(?: of (?!the\b)[A-Z][\w.\-]+(?: [A-Z][\w.\-]+)?)?"
        r"(?:, (?:[A-Z][\w.]+)(?: [A-Z][\w.]+)?)?)"
    )
)
# Capitalised words that open a phrase but name no place: "the Federal and State courts", "a Dispute".
_NOT_A_PLACE = frozenset({
    "agreement", "section", "article", "party", "parties", "company", "the", "state", "states", "court", "courts",
    "federal", "dispute", "disputes", "county", "district", "city", "province", "any", "such", "this", "each",
    "arbitration", "arbitrator", "rule", "rules", "commercial", "american", "international", "chamber", "association",
})
_NUMBER_WORD = re.compile(r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|"
                          r"sixty|seventy|eighty|ninety|hundred)\b", re.I)


def venues(doc: DocContext) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    seen: set[tuple[int, int]] = set()
    for m in _FORUM.finditer(text):
        lo, hi = doc.sentences.span_at(m.start())
        if (lo, hi) in seen:
            continue
        sentence = text[lo:hi]
        rel = m.start() - lo
        window = sentence[rel : rel + 220]
        place = next((p for p in _PLACE.finditer(window) if _names_a_place(p.group("place"))), None)
        if place is None:
            continue
        raw = place.group("place").rstrip(".,")
        name = " ".join(raw.split())  # "San   Francisco" across a line break
        canonical = canonical_jurisdiction(name)
        keep_name = canonical is None or "," in name or re.search(r"County|City|District", name)
        value = name if keep_name or canonical is None else canonical
        kind = "arbitration" if re.search(r"arbitra", sentence, re.I) else "courts"
        s = lo + rel + place.start("place")
        seen.add((lo, hi))
        out.append(doc.fact("venue", value, s, s + len(raw), "venue", 0.75, qualifier=kind))
    return rank_facts(out)


def _names_a_place(raw: str) -> bool:
    """Whether a capitalised phrase can be a place: it must not start with a word that names no place, a
    number word or a short acronym that is no jurisdiction (a time zone)."""
    first = raw.split()[0].strip(".,")
    if first.lower() in _NOT_A_PLACE or _NUMBER_WORD.match(first):
        return False
    return not (first.isupper() and len(first) <= 4 and canonical_jurisdiction(first) is None)

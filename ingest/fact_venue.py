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
        # not "a court of competent jurisdiction" / "court of law" (no place chosen), "a forum for discussion"
        r"\b(?:exclusive jurisdiction|submit(?:s)? to the (?:non-exclusive |"
        r"exclusive )?jurisdiction|venue|courts? (?:of (?!law\b|record)|in|located|sitting|"
        r"situated)|forum(?! for\b)|arbitration (?:shall be |will be )?(?:held|"
        r"conducted|seated|take place))\b"
    ),
    re.I,
)
_COURT_WORDS = frozenset(
    "a an the any all such each or and of in at for within on to by located sitting situated seated held having "
    "competent subject matter jurisdiction exclusive exclusively non nonexclusive personal venue venues forum forums "
    "court courts state federal provincial local appropriate proper tribunal tribunals arbitration arbitral "
    "shall will be is are brought heard conducted take place seat district county city borough division circuit "
    "superior supreme united states its their respective".split())
# what a sentence that chooses a forum speaks of: a dispute brought before it
_DISPUTE = re.compile(r"\b(?:disputes?|actions?|suits?|proceedings?|claims?|litigation|controvers\w*|arbitrat\w*|"
                      r"judgments?|awards?|jurisdiction|legal process|venue (?:for|shall|will|is|of any))\b", re.I)
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
        if not _DISPUTE.search(sentence):
            continue  # "banner placement in venue", "court records in each venue of the person's addresses"
        rel = m.start() - lo
        window = sentence[rel : rel + 220]
        by_court = m.group(0).lower().startswith("court")
        place = next((p for p in _PLACE.finditer(window) if _names_a_place(p.group("place"))
                      and not re.match(r"\s*language\b", window[p.end():], re.I)  # "in the English language"
                      and _near_the_forum(window[: p.start()], p.group("place"), by_court)), None)
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


def _near_the_forum(between: str, raw: str, by_court: bool) -> bool:
    """A place far from the forum words, past a clause boundary, is some other phrase ("a court of competent
    jurisdiction ... anyone to whom the Confidential Information has been supplied"), unless it is a known
    jurisdiction."""
    if canonical_jurisdiction(raw.split(",")[-1].strip()) is not None or re.search(r"County|City|District", raw):
        return True
    if len(between) > 90 or re.search(r"[;:]|\b(?:if|unless|whether|provided)\b", between, re.I):
        return False
    # between "court(s) of ..." and the place, only the words of a court's description ("courts of competent
    # jurisdiction located in"), not another phrase ("a court of competent jurisdiction or by a governmental body
    # all or any part of the Confidential Information")
    return not by_court or all(w.lower() in _COURT_WORDS or w[:1].isupper() or w.endswith("ly")  # "held informally in"
               for w in re.findall(r"[A-Za-z]+", between))


def _names_a_place(raw: str) -> bool:
    """Whether a capitalised phrase can be a place: it must not start with a word that names no place, a
    number word or a short acronym that is no jurisdiction (a time zone)."""
    first = raw.split()[0].strip(".,")
    if first.lower() in _NOT_A_PLACE or _NUMBER_WORD.match(first):
        return False
    return not (first.isupper() and len(first) <= 4 and canonical_jurisdiction(first) is None)

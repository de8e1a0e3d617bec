"""Parties a contract defines without naming them: a form's blank ("__________ ("you")"), a redaction ("[ * * * ]
(the "Provider")") or a description ("the sales agent identified on the signature page (the "Agent")").

Such a side is still a party: asked who is on the other side, the honest answer is that this copy does not name
it and what the contract calls it, not that the contract "does not specify". These are stored as their own fact
(``unnamed_party``), never as a name: a role word is no entity, no alias and no way to find a document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ingest.parties import DEF_PAREN, PartyDef, looks_like_name, name_to_suffix
from veridict.domain.roles import ROLE_WORDS

Missing = Literal["blank", "redacted", "described"]

_ROLE_ALT = "|".join(re.escape(r).replace(r"\ ", r"\s+") for r in sorted(ROLE_WORDS, key=len, reverse=True))
_YOU = {"you", "your"}
_TERM = re.compile(r"(?:[\"“]|'')([^\"“”();]{1,40}?)(?:[\"”]|'')")

# what stands where the name would be, right before the defining bracket; a blank may carry a blank description
# ("________________, a _______________corporation ("Licensee")")
_BLANK = re.compile(r"(?:^|[\s,:])_{3,}[\s_]*(?:,?\s*an?\s+_*[\w\s]{0,30}?_*\s*)?,?\s*$")
_REDACTED = re.compile(r"(?:^|[\s,:])\[\s*(?:\*\s*)*\]\s*,?\s*$|(?:^|\s)\*{3,}\s*,?\s*$")
_DESCRIBED = re.compile(
    r"\bthe\s+(?P<head>(?:[a-z][\w-]*\s+){0,3}?(?i:" + _ROLE_ALT + r"))"
    r"(?:\s+(?:identified|named|listed|specified|set\s+forth|designated|described)\s+(?:on|in|below)\b[^()\"“]{0,80}?)?"
    r"\s*,?\s*$"
)

# a label of the opening with nothing after it but the next field or a blank line: "The seller: ADD: Tel No.:"
_BLANK_LABEL = re.compile(
    r"(?:^|(?<=\s))(?P<label>(?:[Tt]he\s+)?(?P<role>(?i:" + _ROLE_ALT + r")))(?:/[\w-]+)?[ \t]*:[ \t]*"
    r"(?=(?i:add(?:ress)?|tel(?:ephone)?|fax|e-?mail|by|signature|date)\b\.?[ \t]*(?:no\.?)?[ \t]*:"
    r"|_{3,}|\n[ \t]*\n)"
)

# the role a form gives "you" elsewhere: 'The franchisee ("you") includes all persons who ...'
_YOU_ROLE = re.compile(r"\bthe\s+(?P<role>" + _ROLE_ALT + r")\s*\(\s*(?:[\"“]|'')you(?:[\"”]|'')", re.I)


@dataclass(frozen=True)
class UnnamedParty:
    """A side of the contract that its text does not name."""

    role: str  # what the contract calls it: "Franchisee", "Agent", "the seller"
    missing: Missing
    start: int  # the words that stand in for the name, up to the end of the definition: the quote
    end: int


def _role_of(terms: list[str]) -> str | None:
    roles = [t for t in terms if t.lower().strip(" ,") in ROLE_WORDS]
    if roles:
        return roles[0].strip(" ,")
    return "you" if any(t.lower().strip(" ,") in _YOU for t in terms) else None


def _named_under_label(text: str, role: str) -> bool:
    """Whether a label gives the role's name: 'the company set forth below ("Company") ... Company: Bravatek
    Solutions, Inc.'."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(role)}\s*:[ \t]*(?P<name>[^\n:]{{3,100}})", text, re.I):
        raw = m.group("name").strip()
        name = name_to_suffix(raw) or re.split(r"\s{3,}|\s\(", raw)[0]
        if looks_like_name(name.strip(" ,")):
            return True
    return False


def unnamed_parties(text: str, start: int, end: int, named: list[PartyDef]) -> list[UnnamedParty]:
    """The sides the opening [start, end) defines by a role (a bracketed defined term that is a role word or "you")
    where a name should stand but a blank, a redaction or a description stands instead; not a role one of the
    named parties already holds."""
    taken = {t.lower() for p in named for t in p.short_names} | {p.role.lower() for p in named}
    out: list[UnnamedParty] = []
    for m in DEF_PAREN.finditer(text, start, end):
        if not text.startswith("(", m.start()):
            continue  # only a bracketed definition stands right after the (missing) name
        close = text.find(")", m.start(), min(end, m.start() + 200))
        terms = [t.strip() for t in _TERM.findall(text[m.start() : close + 1 if close != -1 else m.end()])]
        role = _role_of(terms)
        if role is None or any(t.lower() in taken for t in terms):
            continue
        lo = max(start, m.start() - 200)
        before = text[lo : m.start()]
        missing: Missing | None = None
        if b := _BLANK.search(before):
            # a long blank is quoted by its last stretch: '________ ("you")'
            missing, at = "blank", max(lo + b.start(), m.start() - 24)
        elif r := _REDACTED.search(before):
            missing, at = "redacted", lo + r.start()
        elif d := _DESCRIBED.search(before):
            missing, at = "described", lo + d.start()
            if role.lower() in _YOU:  # 'the sales agent identified on ... ("you")': the described role
                role = re.sub(r"\s+", " ", d.group("head"))
        if missing is None:
            continue
        if role.lower() in _YOU:
            said = _YOU_ROLE.search(text)
            role = said.group("role").capitalize() if said else role
        if missing == "described" and _named_under_label(text, role):
            continue
        taken |= {t.lower() for t in terms}
        while at < m.start() and text[at] in " ,\n\t":
            at += 1
        out.append(UnnamedParty(role, missing, at, close + 1 if close != -1 else m.end()))
    for m in _BLANK_LABEL.finditer(text, start, end):
        role = m.group("role")
        if role.lower() in taken:
            continue
        taken.add(role.lower())
        label = re.sub(r"\s+", " ", m.group("label"))
        out.append(UnnamedParty(label[0].lower() + label[1:] if label.lower().startswith("the ") else role, "blank",
                                m.start(), m.end()))
    return out

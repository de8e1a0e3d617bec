"""Two questions in one breath: "Who is the Zanotti deal with, and when does it end?"

A plan has one intent, so a question that asks two things of a contract ("... and when does it end?", "... ? And
how much notice ...", "...; also, which law governs it?") is cut into its parts, each answered on its own, and the
answers are joined in the order asked, their citations numbered on. A part that names no contract asks about the
one the part before it named ("it").

``question_parts`` only cuts where the second part opens as a question of its own (a question word or a verb
that opens a yes/no question) and where, read alone, every part asks for something (``asks`` says what: an
attribute or clause type), each something else. So "Can the agreement be terminated for convenience, and under
what conditions?" stays one question (its second part asks for nothing by itself), and so do "between Acme and
Globex" and "a cap on liability and an audit right" (no question opens after "and": the planner reads both).

After a yes/no part, a part that asks nothing of its own ("Is there a non-compete in the Vivint agreement, and how
long does it last?", "Does the franchisee pay a royalty, and how much?") asks about what the first part named, not
about the contract: the question is answered whole, planned as its first part (``planned_part``).

``join_answers`` makes one answer of the parts' answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence

from veridict.domain.words import YES_NO_OPENER
from veridict.types import Answer, Citation, ClaimSupport, TraceStep

MAX_PARTS = 3  # more parts than this and the question is answered whole

_OPENER = (r"(?:who(?:m|se)?|which|what(?:['’]s)?|when|where|how|why|is|are|was|were|does|do|did|can|could|may|"
           r"must|will|would|should|has|have|had|(?:under|in|for|by|on|to|from|with|at) (?:which|what|whom))\b")
# where a second question starts: after ", and" / "; also," / "? And" / a plain " and ", before a question opener
_JOIN = re.compile(rf"(?:\s*,\s*(?:and|also|plus)\s+(?:also,?\s+)?|\s*;\s*(?:and\s+)?(?:also,?\s+)?|"
                   rf"\?\s+(?:and\s+|also,?\s+)?|\s+and\s+(?:also\s+)?)(?={_OPENER})", re.IGNORECASE)
_MARK = re.compile(r"\[(\d+)\]")
# the words of a part that asks nothing of its own: "and how much?", "and how long does it last?", "for how long?"
_BARE_WORDS = frozenset("how much many long often when until till for what is it its does do did will would last "
                        "lasts run runs go goes on apply applies be are was that this they them then so exactly "
                        "and also".split())


def split_text(question: str) -> list[str]:
    """The question cut where a second question opens; each part a question of its own, capitalised and ending
    in "?" (the last part keeps its own ending)."""
    pieces = [p.strip(" ,;") for p in _JOIN.split(question.strip())]
    pieces = [p for p in pieces if p]
    if len(pieces) < 2:
        return [question.strip()]
    out = []
    for i, p in enumerate(pieces):
        p = p[0].upper() + p[1:]
        if i < len(pieces) - 1 and p[-1] not in "?.!":
            p += "?"
        out.append(p)
    return out


def question_parts(question: str, asks: Callable[[str], Hashable | None]) -> list[str]:
    """The parts to answer one by one, or ``[question]`` when it is one question. ``asks(part)`` is what a part
    read alone asks for (None: nothing); every part must ask for something, and each for something else."""
    parts = split_text(question)
    if len(parts) < 2 or len(parts) > MAX_PARTS:
        return [question]
    if follows_up(parts):
        return [question]  # "Is there a non-compete ..., and how long does it last?": "it" is the non-compete
    wants = [asks(p) for p in parts]
    if any(w is None for w in wants) or len(set(wants)) < len(wants):
        return [question]
    return parts


def follows_up(parts: Sequence[str]) -> bool:
    """A yes/no first part followed by parts that ask nothing of their own."""
    return len(parts) > 1 and bool(YES_NO_OPENER.match(parts[0])) and any(elliptical(p) for p in parts[1:])


def planned_part(question: str) -> str:
    """What to plan for a question answered whole: its first part where the rest only asks how much, how long or
    when of it (the clause that answers the first part states that too: "Does the franchisee pay a royalty, and how
    much?" quotes the royalty clause, not some other fee), else the question."""
    parts = split_text(question)
    return parts[0] if len(parts) <= MAX_PARTS and follows_up(parts) else question


def elliptical(part: str) -> bool:
    """A part that asks nothing of its own but how much, how long or when of what the part before named ("and how
    much?", "and for how long does it last?")."""
    words = re.findall(r"[a-z]+", part.lower())
    return bool(words) and all(w in _BARE_WORDS for w in words)


def _numbered_on(text: str, offset: int, count: int) -> str:
    """The text's citation marks [1]..[count] moved on by ``offset``."""
    if not offset:
        return text
    return _MARK.sub(lambda m: f"[{int(m.group(1)) + offset}]" if 1 <= int(m.group(1)) <= count else m.group(0),
                     text)


def join_answers(question: str, parts: Sequence[str], answers: Sequence[Answer]) -> Answer:
    """One answer to ``question`` from its parts' answers: each part's question in bold, then its answer (or
    its refusal), citations numbered on. It is a refusal only when every part was refused."""
    texts: list[str] = []
    citations: list[Citation] = []
    claims: list[ClaimSupport] = []
    trace: list[TraceStep] = []
    for part, answer in zip(parts, answers, strict=True):
        offset = len(citations)
        texts.append(f"**{part}** " + _numbered_on(answer.text, offset, len(answer.citations)))
        citations += answer.citations
        claims += [c.model_copy(update={"citation_indexes": [i + offset for i in c.citation_indexes]})
                   for c in answer.claims]
        trace += answer.trace
    answered = [a for a in answers if not a.refused]
    first_refusal = next((a for a in answers if a.refused), None)
    refused = not answered
    return Answer(question=question, text="\n\n".join(texts), citations=citations, claims=claims,
                  confidence=min((a.confidence for a in answered), default=0.0), refused=refused,
                  refusal_code=first_refusal.refusal_code if refused and first_refusal else None,
                  refusal_reason=first_refusal.refusal_reason if refused and first_refusal else None,
                  trace=trace)

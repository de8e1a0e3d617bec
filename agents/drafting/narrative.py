"""Narrative: the best span of the two most relevant passages.

An open question's passages are quoted as its answer only when they speak of what it asks: a span that holds
none of the question's own words (its content words less the names of its documents and everyday filler,
``QUESTION_FILLER``) is what retrieval found nearest, not the answer. Of the most relevant passages, the two
that hold the most of those words are quoted; where none holds any, the two most relevant are shown as the
closest, saying which words they lack; not in a "who / which / when ..." question that the planner left open
("Which outfit is Alan Crane consulting for?"), whose answer may stand in words it does not use.
"""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from agents.meaning import asks_for_a_value
from agents.plan import Plan
from tools.base import ToolContext
from veridict.domain import QUESTION_FILLER, content_words, fold
from veridict.types import Evidence

SEARCHED = 6  # the retrieved passages, by relevance, searched for one that holds the asked words


def asked_words(plan: Plan, ctx: ToolContext | None = None) -> list[str]:
    """The question's content words that do not name its documents (how it named them, their titles, and the
    words the library's name index matches to the asked documents' names) and are not everyday filler, in
    question order."""
    named: set[str] = set()
    for ref in plan.documents:
        named.update(content_words(" ".join([ref.mention, ref.title or "", *ref.parties, *ref.party_names,
                                             *ref.titles])))
    index = ctx.name_index() if ctx is not None else None
    if index is not None:
        asked = set(plan.document_ids)
        for m in index.match(plan.question):
            if m.document_id in asked or not asked:
                named.update(m.matched)
    return list(dict.fromkeys(w for w in content_words(plan.question)
                              if w not in named and w.replace("-", "") not in named and w not in QUESTION_FILLER
                              and not w.isdigit()))


def held_words(span: str, words: list[str]) -> int:
    """How many of the words the span holds, in any of their forms."""
    held = {fold(w) for w in content_words(span)}
    return sum(fold(w) in held for w in words)


def speaks_of(span: str, words: list[str]) -> bool:
    """Whether the span holds one of the words, in any of its forms."""
    return held_words(span, words) > 0


def _listed(words: list[str]) -> str:
    quoted = [f'"{w}"' for w in words[:4]]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def say_if_off_the_question(d: ValueDrafter, chosen: list[tuple[Evidence, str]],
                            words: list[str] | None = None) -> None:
    """Before quoting ``chosen`` for an open question: when none of them mentions the question's own words
    (``asked_words``, worked out here unless given), say so and that they are only the closest passages."""
    if asks_for_a_value(d.plan.question):
        return
    words = asked_words(d.plan, d.ctx) if words is None else words
    if not words or not chosen or any(speaks_of(s, words) for _, s in chosen):
        return
    docs = list(dict.fromkeys(d.title(e) for e, _ in chosen))
    where = docs[0] if len(docs) == 1 else "the documents"
    d.say(f"The passages of {where} that come closest to the question do not mention {_listed(words)}; "
          f"they may not answer it:", [], kind="framing")


@drafts("narrative")
def draft_narrative(d: ValueDrafter) -> None:
    texts = d.texts_for(set(d.plan.document_ids) or None)
    if not texts:
        return
    words = asked_words(d.plan, d.ctx)
    spans = [(e, d.span_of(e)) for e in texts[:SEARCHED]]
    chosen: list[tuple[Evidence, str]] = spans[:2]
    if words:  # the passages that hold the most of the asked words, by relevance among equals
        held = [held_words(s, words) for _, s in spans]
        order = sorted(range(len(spans)), key=lambda i: -held[i])
        chosen = [spans[i] for i in order[:2]] if held[order[0]] else chosen
    say_if_off_the_question(d, chosen, words)
    for e, span in chosen:
        n = d.cite(e, span)
        d.say(f'{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])

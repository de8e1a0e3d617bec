"""Narrative: the best span of the two most relevant passages.

An open question's passages are quoted as its answer only when they speak of what it asks: a span that holds
none of the question's own words (its content words less the names of its documents and everyday filler,
``QUESTION_FILLER``) is what retrieval found nearest, not the answer. A later passage whose span does hold them
is quoted first; where none does, the nearest passages are shown as the closest, saying which words they lack.
"""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from agents.plan import Plan
from tools.base import ToolContext
from veridict.domain import QUESTION_FILLER, content_words
from veridict.types import Evidence

SEARCHED = 6  # the retrieved passages, by relevance, searched for one that holds the asked words
STEM = 5  # letters that say two forms are one word ("targets" / "targeted", "missed" / "misses")


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


def speaks_of(span: str, words: list[str]) -> bool:
    """Whether the span holds one of the words, in any of its forms."""
    held = {w[:STEM] for w in content_words(span)}
    return any(w[:STEM] in held for w in words)


def _listed(words: list[str]) -> str:
    quoted = [f'"{w}"' for w in words[:4]]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def say_if_off_the_question(d: ValueDrafter, chosen: list[tuple[Evidence, str]]) -> None:
    """Before quoting ``chosen`` for an open question: when none of them mentions the question's own words,
    say so and that they are only the closest passages."""
    words = asked_words(d.plan, d.ctx)
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
    if words and not any(speaks_of(s, words) for _, s in chosen):
        holding = [x for x in spans[2:] if speaks_of(x[1], words)]
        chosen = [holding[0], spans[0]] if holding else chosen
    say_if_off_the_question(d, chosen)
    for e, span in chosen:
        n = d.cite(e, span)
        d.say(f'{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])

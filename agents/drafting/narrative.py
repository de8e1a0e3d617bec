"""Narrative: the best span of the two most relevant passages."""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter


@drafts("narrative")
def draft_narrative(d: ValueDrafter) -> None:
    texts = d.texts_for(set(d.plan.document_ids) or None)
    for e in texts[:2]:
        span = d.span_of(e)
        n = d.cite(e, span)
        d.say(f'{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])

"""Relational: the active document of a party, the anchor value or a context passage, and the clauses it
refers to (from the graph)."""

from __future__ import annotations

import re

from agents.drafting.narrative import draft_narrative
from agents.drafting.quoting import short_quote
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter


@drafts("relational")
def draft_relational(d: ValueDrafter) -> None:
    groups = d.target_groups()
    for ref in d.plan.documents[:2]:
        if ref.document_ids and ref.parties and ref.resolved_by in ("entity", "parties"):
            docs = [e for e in d.evidence if d.document_of(e) in set(ref.document_ids)]
            if docs:
                d.say(f"The active document for {ref.parties[0]} is {d.title(docs[0], version=True)}",
                      [d.cite(docs[0])], kind="framing")
    anchor = None
    for _, ids in groups[:2]:
        if d.plan.attribute:
            anchor = d.state_value(d.plan.attribute, ids, many_docs=len(groups) > 1) or anchor
    context = [e for e in d.evidence if e.id.startswith("section:") and d.meta.get(e.id)
               and d.meta[e.id].channel == "context"]
    if context and anchor is None:
        e = context[0]
        span = d.span_of(e)
        n = d.cite(e, span)
        d.say(f'{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])
    refs = [e for e in d.evidence if e.store == "graph" and d.meta.get(e.id)
            and d.meta[e.id].reference_key]
    anchor_section = d.meta[anchor.id].section_id if anchor is not None and anchor.id in d.meta else None
    if anchor is not None and anchor.fact is not None:
        anchor_section = anchor.fact.section_id or anchor_section
    refs.sort(key=lambda e: (d.meta[e.id].section_id != anchor_section, -d.relevance(e)))
    keys_seen: set[str] = set()
    for e in refs[:3]:
        key = d.meta[e.id].reference_key
        assert key is not None  # refs keep only passages with a reference key
        if key in keys_seen:
            continue
        keys_seen.add(key)
        sec = e.citation.clause_number
        target = f"clause {key}" if re.fullmatch(r"[\d.()a-z]+", key) else key  # "refers to clause 6"
        d.say(f"{'Clause ' + sec if sec else 'The clause'} ({d.title(e)}, p. {e.citation.page}) refers "
              f'to {target}: "{short_quote(e.citation.quote, 240)}"', [d.cite(e)])
    if not d.draft.claims:
        draft_narrative(d)

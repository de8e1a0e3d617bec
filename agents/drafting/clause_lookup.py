"""Clause lookup: quote the clause itself (best two passages per document), or state its value."""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from veridict.domain import CLAUSE_BY_NAME, clause_label


@drafts("clause_lookup")
def draft_clause_lookup(d: ValueDrafter) -> None:
    for _, ids in d.target_groups():
        quoted = d.clause_quotes(ids)
        for e, span in quoted[:2]:
            n = d.cite(e, span)
            what = ", ".join(clause_label(c) for c in d.plan.clause_types[:1]
                             if c in CLAUSE_BY_NAME) or "The relevant clause"
            prefix = f"{what[0].upper()}{what[1:]} — " if what != "The relevant clause" else ""
            d.say(f'{prefix}{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])
        if not quoted and d.plan.attributes:
            for attr in d.plan.attributes:
                d.state_value(attr, ids, many_docs=False)

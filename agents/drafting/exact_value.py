"""Exact value: one sentence per asked attribute and document, from the fact whose quote states it."""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter


@drafts("exact_value")
def draft_exact_value(d: ValueDrafter) -> None:
    groups = d.target_groups()
    attrs = d.plan.attributes or ["amount"]
    for _, ids in groups:
        for attr in attrs:
            d.state_value(attr, ids, many_docs=len(groups) > 1)

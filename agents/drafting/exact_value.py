"""Exact value: one sentence per asked attribute and document, from the fact whose quote states it.

Where several things are asked ("Tell me the parties and the expiry of ...") and some are found, the ones not found
are said, not left out."""

from __future__ import annotations

from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from veridict.domain import attribute_label


@drafts("exact_value")
def draft_exact_value(d: ValueDrafter) -> None:
    groups = d.target_groups()
    attrs = d.plan.attributes or ["amount"]
    for mention, ids in groups:
        missing = [a for a in attrs if d.state_value(a, ids, many_docs=len(groups) > 1) is None]
        if missing and len(missing) < len(attrs):
            where = f" in {mention}" if d.plan.documents else ""
            what = " or ".join(attribute_label(a) for a in missing)
            d.say(f"No {what} {'were' if what.endswith('s') else 'was'} found{where}", [], kind="framing")

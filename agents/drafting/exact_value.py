"""Exact value: one sentence per asked attribute and document, from the fact whose quote states it.

Where several things are asked ("Tell me the parties and the expiry of ...") and some are found, the ones not found
are said, not left out."""

from __future__ import annotations

from agents.critic import in_asked_jurisdiction
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from agents.meaning import checks_a_stated_law
from veridict.domain import attribute_label
from veridict.domain.values import canonical_jurisdiction


@drafts("exact_value")
def draft_exact_value(d: ValueDrafter) -> None:
    groups = d.target_groups()
    attrs = d.plan.attributes or ["amount"]
    for mention, ids in groups:
        if checks_a_stated_law(d.plan) and len(attrs) == 1:
            state_law_verdict(d, ids, many_docs=len(groups) > 1)
            continue
        missing = [a for a in attrs if d.state_value(a, ids, many_docs=len(groups) > 1) is None]
        if missing and len(missing) < len(attrs):
            where = f" in {mention}" if d.plan.documents else ""
            what = " or ".join(attribute_label(a) for a in missing)
            d.say(f"No {what} {'were' if what.endswith('s') else 'was'} found{where}", [], kind="framing")


def state_law_verdict(d: ValueDrafter, ids: set[str] | None, many_docs: bool) -> None:
    """"Is the Tate & Lyle JV agreement governed by English law?": yes or no first, then the law the contract states,
    cited. A law the stored fact does not name canonically is stated without a verdict."""
    at = len(d.draft.claims)
    e = d.state_value("governing_law", ids, many_docs=many_docs)
    if e is None or e.fact is None:
        return
    got = canonical_jurisdiction(e.fact.value_text)
    if got is None:
        return
    if in_asked_jurisdiction(d.plan, got):
        d.say(f"Yes: {d.title(e)} is governed by the law of {got}", [d.cite(e)])
    else:
        d.say(f"No: {d.title(e)} is governed by the law of {got}, not that of {d.plan.constraints.jurisdiction}",
              [d.cite(e)])
    d.draft.claims.insert(at, d.draft.claims.pop())

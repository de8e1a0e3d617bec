"""Calculate: a date difference or a sum of amounts, computed by the calculator tool and cited."""

from __future__ import annotations

from agents.drafting.quoting import fact_of
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from tools.calculator import CalculatorArgs
from veridict.types import Evidence


@drafts("calculate")
def draft_calculation(d: ValueDrafter) -> None:
    attrs = d.plan.attributes
    if len([a for a in attrs if a.endswith("_date")]) >= 2:
        ids = set(d.plan.document_ids) or None
        a, b = [d.facts_for(x, ids) for x in attrs[:2]]
        if a and b:
            start, end = a[0], b[0]
            sf, ef = fact_of(start), fact_of(end)
            result = d.run_calculator(CalculatorArgs(operation="date_difference", start=sf.value_text,
                                                     end=ef.value_text, unit="days"))
            if result:
                d.say(f"From {sf.value_text} to {ef.value_text} is {result} days",
                      [d.cite(start), d.cite(end)])
            return
    amounts: list[Evidence] = []
    groups = d.target_groups()
    for _, ids in groups:
        facts = d.facts_for("amount", ids)
        if facts:
            # "How much is the Arc Group sponsorship worth in total?": one contract's fee schedule, added up
            schedule = d.schedule_with(facts[0], facts) if len(groups) == 1 else []
            amounts += schedule or facts[:1]
    if not amounts:
        return
    if len(amounts) < 2:
        e = amounts[0]
        d.say(f"Only one amount was found: {d.value_text(e)} in {d.title(e)} ({d.where(e.citation)})",
              [d.cite(e)])
        return
    parts = [d.value_text(e) for e in amounts]
    result = d.run_calculator(CalculatorArgs(operation="sum_amounts", amounts=parts))
    by_quote: dict[tuple[str, str], int] = {}  # a schedule's figures share one quote: cited once
    for e in amounts:
        key = (e.citation.document_id, e.citation.quote)
        if key not in by_quote:
            by_quote[key] = d.cite(e)
    cites = list(by_quote.values())
    if result is None:
        d.say("The amounts are in different currencies and cannot be added: " + "; ".join(parts), cites)
        return
    d.say(f"The total is {result} ({' + '.join(parts)})", cites)

"""List and count: one line per matching document; the count is the number of lines."""

from __future__ import annotations

from collections import OrderedDict

from agents.clause_check import QuoteCheck
from agents.critic import STRONG, in_asked_jurisdiction
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from veridict.domain import clause_label
from veridict.domain.values import find_jurisdictions
from veridict.types import Evidence


@drafts("list", "count")
def draft_list(d: ValueDrafter) -> None:
    by_doc: OrderedDict[str, Evidence] = OrderedDict()
    if d.plan.attribute:
        for e in d.facts_for(d.plan.attribute, None):
            if d.relevance(e) >= STRONG and d.within_asked_dates(e):
                by_doc.setdefault(d.document_of(e), e)
    quotes: dict[str, str] = {}
    if not by_doc and d.plan.clause_types and not d.plan.attribute:
        # a document is listed for the clause it has, not for a passage that mentions the words: where
        # some documents have a clause the rules recognise, only those are listed
        candidates = d.clause_candidates(None)
        # ranks 1-2 are clauses the rules recognise and rank 5 sections ingestion tagged as the clause; only
        # when there are none do the best-ranked mentions stand in
        clauses = {1, 2, 5}
        keep = clauses if any(rank in clauses for rank, _, _ in candidates) else \
            {rank for rank, _, _ in candidates[:1]}
        for rank, e, span in candidates:
            if rank in keep and d.document_of(e) not in by_doc:
                by_doc[d.document_of(e)], quotes[e.id] = e, span
        check = QuoteCheck.of(d.ctx)
        if check is not None and check.tags_list(d.plan.clause_types):
            # where the stored tags of the type are precise, every contract ingestion tagged with it is listed,
            # whether or not this question's search retrieved a sentence that the key words and the quote check
            # pass ("revenue or profit sharing" had listed 1 of the 11 sweep contracts that have it)
            for e in d.texts_for(None):
                if d.tagged_at_ingest(e) and d.document_of(e) not in by_doc:
                    by_doc[d.document_of(e)], quotes[e.id] = e, d.span_of(e)
    if not by_doc and (d.plan.attribute or d.plan.clause_types or d.plan.constraints.value_text):
        # a list of what no attribute, clause or value names would list any passage at all
        for e in d.texts_for(None):
            if _states_the_bound(d, e):
                by_doc.setdefault(d.document_of(e), e)
    if not by_doc:
        return
    n = len(by_doc)
    d.draft.derived_numbers.append(float(n))
    what = d.plan.constraints.value_text or ", ".join(clause_label(c) for c in d.plan.clause_types[:1])
    head = f"{n} document{'s' if n != 1 else ''} match" + (f" ({what})" if what else "")
    d.say(head + ":", [], kind="framing")
    for e in by_doc.values():
        quote = quotes.get(e.id) or d.span_of(e)
        # a fact whose quote does not state its value in figures ("one (I) year") is listed by its quote: a line
        # whose figure the check cannot find is dropped, and the count above would then name more than it lists
        stated = e.fact is not None and d.with_stated_quote(e) is not None
        detail = d.value_text(e) if stated else f'"{quote[:160]}"'
        i = d.cite(e) if e.fact else d.cite(e, quote[:160])
        d.say(f"- {d.title(e)}: {detail} ({d.cited_where(i)})", [i])


def _states_the_bound(d: ValueDrafter, e: Evidence) -> bool:
    """A passage that stands in for a missing fact in a bounded list states what the list is bounded by: "governed
    by Chinese law" lists no contract whose passage names Colorado. A date bound no passage can show (its date is
    not a stored fact), so a list bounded by dates takes facts only."""
    c = d.plan.constraints
    if c.date_from or c.date_to:
        return False
    if not c.value_text:
        return True
    text = e.text
    if c.jurisdiction and any(in_asked_jurisdiction(d.plan, j.value) for j in find_jurisdictions(text)):
        return True
    return c.value_text.lower() in text.lower()

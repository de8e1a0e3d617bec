"""Clause lookup: quote the clause itself (best two passages per document), or state its value."""

from __future__ import annotations

from agents.drafting.builder import LIKELY
from agents.drafting.exact_value import asks_if_it_renews_by_itself, state_renewal_verdict
from agents.drafting.narrative import say_if_off_the_question
from agents.drafting.quoting import with_article
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from veridict.domain import CLAUSE_BY_NAME, clause_label
from veridict.domain.clause_rules import tag_text
from veridict.types import Evidence

LIKELY_LEAD = "Likely"  # how an answer found by the clause model alone opens (``bench.clause_scan`` reads it)


def quote_label(asked: list[str], span: str) -> str:
    """What a quote is labelled as: the asked clause type it reads as by the clause rules; with one type asked,
    that type; with several and none recognised, all of them ("non-compete or non-solicitation"), never the
    first alone (a no-solicit quote is no non-compete). Empty when no clause type was asked."""
    asked = [c for c in asked if c in CLAUSE_BY_NAME]
    if len(asked) <= 1:
        return clause_label(asked[0]) if asked else ""
    tags = tag_text(span)
    named = next((c for c in asked if c in tags), None)
    return clause_label(named) if named else " or ".join(clause_label(c) for c in asked)


def _distinct_quotes(quoted: list[tuple[Evidence, str]]) -> list[tuple[Evidence, str]]:
    """The quotes less repeats of one sentence: a section's passage and its subsection's passage hold the same
    sentence ("§ 5" and "§ 5.3"), which is one clause, quoted once."""
    seen: set[tuple[str, str]] = set()
    out = []
    for e, span in quoted:
        key = (e.citation.document_id, " ".join(span.lower().split()))
        if key not in seen:
            seen.add(key)
            out.append((e, span))
    return out


@drafts("clause_lookup")
def draft_clause_lookup(d: ValueDrafter) -> None:
    groups = d.target_groups()
    for _, ids in groups:
        # "Does the DynTek deal renew automatically?": the renewal stated, yes or no first, as for its value
        if asks_if_it_renews_by_itself(d) and state_renewal_verdict(d, ids, many_docs=len(groups) > 1):
            continue
        seen = len(d.denials)
        candidates = d.clause_candidates(ids)
        quoted = _distinct_quotes([(e, span) for _, e, span in candidates])
        denied = d.denials[seen:]
        if not quoted and denied:  # the contract names the clause only to exclude it: say no, and show where
            e, span = denied[0]
            n = d.cite(e, span)
            what = quote_label(d.plan.clause_types, span) or "such"
            d.say(f'No: {d.title(e)} excludes a {what} clause ({d.cited_where(n)}): "{span}"', [n])
            continue
        if candidates and candidates[0][0] == LIKELY:  # found by the clause model alone: say how sure it is
            e, span = quoted[0]
            n = d.cite(e, span)
            what = with_article(quote_label(d.plan.clause_types, span) or "such")
            # "Likely yes" would answer "is Deerskin allowed to assign?" the wrong way round: the lead names the clause
            d.say(f"{LIKELY_LEAD} {what} clause, though no passage states one in its usual words: the clause model "
                  f'reads this one as such — {d.title(e)} ({d.cited_where(n)}): "{span}"', [n])
            continue
        if not d.plan.clause_types:  # an open yes/no question: its passages may only be the nearest ones
            say_if_off_the_question(d, quoted[:2])
        for e, span in quoted[:2]:
            n = d.cite(e, span)
            what = quote_label(d.plan.clause_types, span)
            prefix = f"{what[0].upper()}{what[1:]} — " if what else ""
            d.say(f'{prefix}{d.title(e)} ({d.cited_where(n)}): "{span}"', [n])
        if not quoted and d.plan.attributes:
            for attr in d.plan.attributes:
                d.state_value(attr, ids, many_docs=False)

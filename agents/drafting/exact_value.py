"""Exact value: one sentence per asked attribute and document, from the fact whose quote states it.

Where several things are asked ("Tell me the parties and the expiry of ...") and some are found, the ones not found
are said, not left out."""

from __future__ import annotations

import datetime as dt
import re

from agents.critic import in_asked_jurisdiction, names_asked_thing
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from agents.meaning import asks_yes_no, checks_a_stated_law
from agents.value_check import ValueCheck, relation_words, value_check, verdict
from veridict.domain import AMOUNT_KIND_NAMES, QUALIFIER_BY_NAME, Qualifier, attribute_label
from veridict.domain.renewal import ASKS_AUTOMATIC, renewal_mode
from veridict.domain.values import canonical_jurisdiction
from veridict.types import Fact


@drafts("exact_value")
def draft_exact_value(d: ValueDrafter) -> None:
    groups = d.target_groups()
    attrs = d.plan.attributes or ["amount"]
    check = value_check(d.plan)
    for mention, ids in groups:
        if checks_a_stated_law(d.plan) and len(attrs) == 1:
            state_law_verdict(d, ids, many_docs=len(groups) > 1)
            continue
        if check is not None:
            state_bound_verdict(d, check, ids, many_docs=len(groups) > 1)
            continue
        if asks_if_it_renews_by_itself(d) and state_renewal_verdict(d, ids, many_docs=len(groups) > 1):
            continue
        # "What royalty does Virtuoso pay?": the passage that sets the rate first, not a figure near the word; any
        # other kind of amount is quoted by its passage only where no figure is stated
        rate = attrs == ["amount"] and asks_a_rate(d)
        if rate and quote_amount_clause(d, ids):
            continue
        missing = [a for a in attrs if d.state_value(a, ids, many_docs=len(groups) > 1) is None]
        if missing == attrs == ["amount"] and not rate and quote_amount_clause(d, ids):
            continue
        if missing and len(missing) < len(attrs):
            where = f" in {mention}" if d.plan.documents else ""
            what = " or ".join(attribute_label(a) for a in missing)
            d.say(f"No {what} {'were' if what.endswith('s') else 'was'} found{where}", [], kind="framing")


def asked_amount_kind(d: ValueDrafter) -> Qualifier | None:
    """The first kind of amount the question asks for (a penalty, the liability cap, a royalty ...), if any."""
    name = next((q for q in d.plan.qualifiers if q in AMOUNT_KIND_NAMES), None)
    return QUALIFIER_BY_NAME[name] if name else None


def asks_a_rate(d: ValueDrafter) -> bool:
    """The asked kind of amount is one set as a share of something (a royalty), seldom as one figure."""
    kind = asked_amount_kind(d)
    return kind is not None and kind.rate


def quote_amount_clause(d: ValueDrafter, ids: set[str] | None) -> bool:
    """"What penalties apply if Loha delivers late?": no amount of the asked kind is stated as a figure, but a
    passage names it ("a penalty ... shall not exceed 5% of the total value of the goods"): it is quoted as the
    passage that names it, not as a figure, rather than answered "not specified" (the reader judges whether it sets
    the amount: a "Minimum Distribution" names a minimum but commits no one to buy). Only where the question names the
    clause with the kind of amount (a penalty, the liability cap, insurance, a minimum commitment: the planner gives
    the plan its clause type), and only a sentence that names the clause in its key words (``KEY_WORDED``) and the
    kind of amount in its own ("minimum", "penalt", "insur"), never a sentence picked from a tagged section or by the
    clause model alone, nor one that only says "payment"."""
    kind = asked_amount_kind(d)
    if kind is None or not d.plan.clause_types or ids is None:
        return False
    words = [list(kind.key_terms)]  # "minimum", "penalt", "insur": the kind's own words
    found = [(e, span) for rank, e, span in d.clause_candidates(ids)
             if rank <= KEY_WORDED and names_asked_thing(d.plan, span, words)][:2]
    if not found:
        return False
    for i, (e, span) in enumerate(found):
        n = d.cite(e, span)
        if i:
            lead = "Also"
        elif kind.rate:  # a royalty is a share of sales: its passage states it, rarely as one figure
            lead = f"The {kind.label} in {d.title(e)} is set in this passage"
        else:
            lead = f"No {kind.label} is stated as a single amount in {d.title(e)}; the passage that names it reads"
        d.say(f'{lead} ({d.cited_where(n)}): "{span}"', [n])
    return True


_QUOTED = re.compile(r'"(.+)"', re.S)
KEY_WORDED = 3  # the worst rank of ``DraftBuilder.clause_candidates`` whose sentence names the clause's key words


def asks_if_it_renews_by_itself(d: ValueDrafter) -> bool:
    """"Does the DynTek hosting deal renew automatically?", "... roll over by itself?": a yes/no question about the
    renewal (read as its value or as its clause) that asks whether it happens without anyone choosing it."""
    about_renewal = "renewal_term" in d.plan.attributes or "renewal_term" in d.plan.clause_types
    return about_renewal and asks_yes_no(d.plan.question) and bool(ASKS_AUTOMATIC.search(d.plan.question))


def state_renewal_verdict(d: ValueDrafter, ids: set[str] | None, many_docs: bool) -> bool:
    """"Does the DynTek hosting deal renew automatically?": the renewal is stated and cited as for "what is the
    renewal term?", with yes first where its quote renews the contract by itself, and no where it only lets a party
    extend it or the parties agree to ("may extend the term ... for an additional one year"); no verdict where the
    quote says neither plainly. False where no renewal is stated (the caller goes on as it would have)."""
    at = len(d.draft.claims)
    e = d.state_value("renewal_term", ids, many_docs=many_docs)
    if e is None or len(d.draft.claims) == at:
        return False
    # read from the quote the sentence just stated shows, so the verdict says no more than the cited words
    shown = _QUOTED.search(d.draft.claims[at].text)
    mode = renewal_mode(shown.group(1)) if shown else None
    if mode is None:
        return True
    title = d.title(e)
    text = f"Yes: {title} renews by itself" if mode == "automatic" else \
        f"No: {title} does not renew by itself; it is extended only if a party chooses to or the parties agree"
    d.say(text, list(d.draft.claims[at].citation_indexes))
    d.draft.claims.insert(at, d.draft.claims.pop())
    return True


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


# the date a value sentence states, as ISO: "is 2012-01-20", a calculated end "ends on" or "expires on"; a sentence
# that says the end depends on an undated start states none
_STATED_DATE = re.compile(r"\b(?:is|ends on|expires on) (\d{4}-\d{2}-\d{2})\b")
_DATE_VERBS = {"expiration_date": "ends on", "agreement_date": "is dated", "effective_date": "takes effect on"}


def state_bound_verdict(d: ValueDrafter, check: ValueCheck, ids: set[str] | None, many_docs: bool) -> None:
    """"Does the Cisco deal last past 2015?", "Is the renewal term longer than two years?": the value is stated and
    cited as for "when does it end?", with yes or no first. The verdict is read from the sentence just stated and
    cites what it cites, so it says no more than the cited page; a value the sentence does not give as a date or a
    period (an end stated as an event, a term without a start) gets no verdict."""
    at = len(d.draft.claims)
    e = d.state_value(check.attribute, ids, many_docs=many_docs)
    stated = d.draft.claims[at:]
    if e is None or e.fact is None or not stated:
        return
    value = _stated_value(check, e.fact, stated[0].text)
    yes = verdict(check, value) if value is not None else None
    if value is None or yes is None:
        return
    cites = list(dict.fromkeys(i for c in stated for i in c.citation_indexes))
    d.draft.verbatim.append(check.bound.words)  # the question's own figure, not one the page must show
    answer, title = "Yes" if yes else "No", d.title(e)
    if check.bound.kind == "period":
        text = f"{answer}: the {attribute_label(check.attribute)} of {title} is {d.value_text(e)}, " \
               f"{relation_words(check, value)}"
    elif isinstance(value, dt.date):
        text = f"{answer}: {title} {_DATE_VERBS[check.attribute]} {value.isoformat()}, {relation_words(check, value)}"
    else:  # "perpetual"
        text = f"{answer}: {title} has no fixed end date; it runs until it is terminated"
    d.say(text, cites)
    d.draft.claims.insert(at, d.draft.claims.pop())


def _stated_value(check: ValueCheck, fact: Fact, sentence: str) -> dt.date | str | float | None:
    if check.bound.kind == "period":
        return fact.value_num if fact.attribute == check.attribute else None
    if fact.value_text == "perpetual" and check.attribute == "expiration_date":
        return "perpetual"
    m = _STATED_DATE.search(sentence)
    if m is None or "depends on" in sentence:
        return None
    try:
        return dt.date.fromisoformat(m.group(1))
    except ValueError:
        return None

"""Compare: each document's value (or clause), then the verdict, which the answer states first."""

from __future__ import annotations

from agents.drafting.quoting import join_names, term_length_days, with_article
from agents.drafting.registry import drafts
from agents.drafting.values import ValueDrafter
from agents.meaning import asks_one_side
from agents.plan import DocumentRef
from veridict.domain import ATTRIBUTE_BY_NAME, clause_label
from veridict.domain.names import alias_key
from veridict.domain.values import duration_days, find_jurisdictions, parse_amount, parse_date
from veridict.types import Evidence

CONTAINS_QUOTES = 3  # quotes per document scored to pick its clearest
QUOTES_PER_DOC = 2  # quotes shown per document, as a question about one document shows them


@drafts("compare")
def draft_compare(d: ValueDrafter) -> None:
    """Each document's value (or clause), then the verdict, which the answer states first."""
    if d.plan.comparison == "contains" and not d.plan.attribute and d.plan.clause_types:
        draft_contains(d)
        return
    first = len(d.draft.claims)
    found: list[tuple[DocumentRef, Evidence | None]] = []
    for ref in d.plan.documents:
        ids = set(ref.document_ids)
        if d.plan.attribute:
            ev = d.state_value(d.plan.attribute, ids, many_docs=True)
        else:
            quoted = d.clause_quotes(ids)
            ev = quoted[0][0] if quoted else None
            if ev is not None:
                span = quoted[0][1]
                n = d.cite(ev, span)
                d.say(f'{d.title(ev)} has such a clause ({d.cited_where(n)}): "{span}"', [n])
        found.append((ref, ev))
    for ref, ev in found:
        if ev is None:
            d.say(f"Nothing was found for {ref.titles[0] if ref.titles else ref.mention}", [], kind="framing")
    have = [(ref, ev) for ref, ev in found if ev is not None]
    if len(have) < 2:
        return
    before = len(d.draft.claims)
    state_verdict(d, have)
    verdict = d.draft.claims[before:]
    d.draft.claims[first:] = verdict + d.draft.claims[first:before]  # the answer first, then its grounds


def _clearest_quotes(d: ValueDrafter,
                     ranked: list[tuple[int, Evidence, str]]) -> list[tuple[Evidence, str, float, int]]:
    """One document's quotes of the asked clause, clearest first, each with how strongly the quote check reads it
    as the clause (-1 without a model) and its rank: the candidates of the best rank (the order a question about
    that document alone quotes them in) ordered by that reading (in their own order without a model)."""
    if not ranked:
        return []
    best_rank = ranked[0][0]
    top = [(e, q) for rank, e, q in ranked if rank == best_rank][:CONTAINS_QUOTES]
    scores = [s if s is not None else -1.0 for s in d.clause_strength(top)]
    order = sorted(range(len(top)), key=lambda k: (-scores[k], k))
    return [(top[k][0], top[k][1], scores[k], best_rank) for k in order]


def draft_contains(d: ValueDrafter) -> None:
    """Which of the compared documents has the asked clause. The verdict comes first: the documents with a quote
    the clause check accepts (when several do, the one whose clause stands under its own heading or in its key
    words before one only the model reads as such, then the one it reads most clearly as the clause); when none
    does, the question still asks which one, so the passage that comes closest is quoted as the closest, not as
    the clause. Then each document's quotes of that best rank (two at most, as a question about that document
    alone would get), or that nothing was found in it."""
    label = clause_label(d.plan.clause_types[0])
    a_label = with_article(label)
    found: list[tuple[DocumentRef, list[tuple[Evidence, str, float, int]]]] = []
    missing: list[DocumentRef] = []
    for ref in d.plan.documents:
        candidates = d.clause_candidates(set(ref.document_ids))
        quotes = _clearest_quotes(d, candidates)
        if quotes:
            # after the clearest, the next candidates of any rank, as a question about that document alone
            # shows them: a clause spread over two sections is quoted from both
            shown = {(id(ev), span) for ev, span, _, _ in quotes[:1]}
            rest = [(ev, span, -1.0, rank) for rank, ev, span in candidates if (id(ev), span) not in shown]
            found.append((ref, quotes[:1] + rest))
        else:
            missing.append(ref)
    found.sort(key=lambda f: (f[1][0][3], -f[1][0][2]))  # stable: without scores, in the question's order
    if found:
        cites = [[(span, d.cite(ev, span)) for ev, span, _, _ in quotes[:QUOTES_PER_DOC]] for _, quotes in found]
        names = [compared_name(d, ref, quotes[0][0]) for ref, quotes in found]
        if len(found) == 1:
            verdict = f"{names[0]} contains {a_label} clause"
        else:
            verdict = (f"{'Both' if len(found) == 2 and not missing else join_names(names)} have a passage "
                       f"that reads as {a_label} clause; the clearest is in {names[0]}")
        d.say(verdict, [doc_cites[0][1] for doc_cites in cites])
        for doc_cites, name in zip(cites, names, strict=True):
            for span, n in doc_cites:
                d.say(f'{name} ({d.cited_where(n)}): "{span}"', [n])
        for ref in missing:
            d.say(f"No {label} clause was found in {ref.titles[0] if ref.titles else ref.mention}", [],
                  kind="framing")
        return
    # none passed the quote check, so its rank says little: the key-word sentences are taken as one rank
    closest = [(ref, best[0]) for ref in d.plan.documents
               if (best := _clearest_quotes(d, [(0, e, q) for _, _, e, q in
                                          d.without_denials(d.key_word_clauses(set(ref.document_ids)))]))]
    if not closest:
        # no sentence names the clause's key words either: the one the clause model reads as nearest to it
        closest = [(ref, (*near, 0)) for ref in d.plan.documents
                   if (near := d.nearest_clause(set(ref.document_ids)))]
    if not closest:
        return
    ref, (ev, span, _, _) = max(closest, key=lambda c: c[1][2])
    n = d.cite(ev, span)
    d.say(f"Neither contract states a clause that reads clearly as {a_label} clause; the closest passage is in "
          f'{compared_name(d, ref, ev)} ({d.cited_where(n)}): "{span}"', [n])


def compared_name(d: ValueDrafter, ref: DocumentRef, e: Evidence) -> str:
    """A compared document as the question named it: its title, and its parties where the question gave them
    (two documents may share a title), by the contract's own names for them ("Sun Seven Stars" -> "Beijing Sun
    Seven Stars Culture Development Limited"), unless the title already names them."""
    title = d.title(e)
    own = ref.party_names or ref.parties  # one own name per asked name, where it resolved to one contract
    parties = [full for asked, full in zip(ref.parties, own, strict=True) if asked.lower() not in title.lower()]
    return f"{title} ({join_names(parties)})" if parties else title


def state_verdict(d: ValueDrafter, have: list[tuple[DocumentRef, Evidence]]) -> None:
    comp = d.plan.comparison
    refs = {id(ev): ref for ref, ev in have}
    terms: list[tuple[Evidence, float]] = []  # each side's term length, where every end is worked out from one
    if comp in ("longer", "shorter") and d.plan.attribute in ATTRIBUTE_BY_NAME and \
            ATTRIBUTE_BY_NAME[d.plan.attribute].kind == "date":
        terms = [(ev, days) for _, ev in have if (days := term_length_days(ev)) is not None]
        if len(terms) < len(have):  # "which deal lasts longer", an end not worked out from a term: it ends later
            terms, comp = [], ("later" if comp == "longer" else "earlier")

    def name(ev: Evidence) -> str:
        return compared_name(d, refs[id(ev)], ev)

    # "Did A come before B?": the verdict answers yes or no about A, the first contract named
    first = have[0][1] if asks_one_side(d.plan.question) else None

    def lead(ev: Evidence) -> str:
        return "" if first is None else ("Yes: " if ev is first else "No: ")

    many = len(have) > 2
    most = {"earlier": "earliest", "later": "latest", "longer": "longest", "shorter": "shortest",
            "larger": "largest", "smaller": "smallest"}

    def order(word: str) -> str:  # of three or more, the longest; of two, the longer
        return most.get(word, word) if many else word

    if terms:  # "which has the longer initial term?": the terms' lengths, not their end dates
        if len({days for _, days in terms}) == 1:  # "Does A run longer than B?" - no, as long
            d.say(f"{'No: the' if first is not None else 'The'} terms are the same length",
                  [d.cite(ev) for ev, _ in terms])
        else:
            ev, _ = max(terms, key=lambda t: t[1]) if comp == "longer" else min(terms, key=lambda t: t[1])
            d.say(f"{lead(ev)}{name(ev)} has the {order(str(comp))} term", [d.cite(ev)])
        return
    vals = []
    for _, ev in have:
        # a stored fact's value; else the value the quoted sentence states (a law read from "pursuant to the laws
        # of the R.O.C." where no fact was stored)
        text = ev.fact.value_text if ev.fact else d.span_of(ev)
        vals.append((ev, text))
    if comp in ("earlier", "later"):
        maybe_dated = [(ev, parse_date(t) or (ev.fact.value_date if ev.fact else None)) for ev, t in vals]
        dated = [(ev, day) for ev, day in maybe_dated if day]
        if len(dated) >= 2:
            pick = min(dated, key=lambda x: x[1]) if comp == "earlier" else max(dated, key=lambda x: x[1])
            tied = [ev for ev, day in dated if day == pick[1]]
            if len(tied) > 1:  # "Does the Glu licence end before the Sorrent one?" - no, both on 2006-12-31
                who = "both" if len(dated) == 2 else "all" if len(tied) == len(dated) else \
                    " and ".join(name(ev) for ev in tied)
                said = f"{who} fall on the same date, {pick[1].isoformat()}"
                d.say(f"No: {said}" if first is not None else said[:1].upper() + said[1:], [d.cite(ev) for ev in tied])
            else:
                d.say(f"{lead(pick[0])}{name(pick[0])} is the {order(comp)} one", [d.cite(pick[0])])
    elif comp in ("longer", "shorter"):
        maybe_durs = [(ev, duration_days(t)) for ev, t in vals]
        durs = [(ev, days) for ev, days in maybe_durs if days is not None]
        if len(durs) >= 2 and len({days for _, days in durs}) > 1:
            by_days = max(durs, key=lambda x: x[1]) if comp == "longer" else min(durs, key=lambda x: x[1])
            d.say(f"{lead(by_days[0])}{name(by_days[0])} has the {order(comp)} period", [d.cite(by_days[0])])
        elif len(durs) >= 2:
            whole = len(durs) == len(d.plan.documents)  # "both" only where every compared contract has one
            said = ("Both periods are the same" if len(durs) == 2 else "All the periods are the same") if whole \
                else "The periods found are the same"
            d.say(said, [d.cite(ev) for ev, _ in durs])
    elif comp in ("larger", "smaller"):
        maybe_amounts = [(ev, parse_amount(t)) for ev, t in vals]
        amounts = [(ev, a) for ev, a in maybe_amounts if a]
        if len(amounts) >= 2 and len({a[1] for _, a in amounts if a[1]}) <= 1:
            by_amount = max(amounts, key=lambda x: x[1][0]) if comp == "larger" else min(amounts, key=lambda x: x[1][0])
            d.say(f"{lead(by_amount[0])}{name(by_amount[0])} has the {order(comp)} amount", [d.cite(by_amount[0])])
        elif len(amounts) >= 2:
            d.say("The amounts are in different currencies and are not compared", [], kind="framing")
    elif comp == "same" and d.plan.attribute:
        if ATTRIBUTE_BY_NAME[d.plan.attribute].kind == "jurisdiction":
            laws = [(ev, t if ev.fact else next((j.value for j in find_jurisdictions(t)), None)) for ev, t in vals]
            if any(law is None for _, law in laws):
                return  # a side whose law the quote does not name: no verdict
            vals = [(ev, str(law)) for ev, law in laws]
        norm = {alias_key(t) for _, t in vals}
        same = len(norm) == 1
        d.say("Yes, they are the same" if same else "No, they differ", [d.cite(ev) for ev, _ in vals])

"""Resolve the documents a question names to active document ids.

A reference "the Supply Agreement between A and B" is matched by its parties
(entity aliases in Postgres, PARTY_TO edges in the graph, the name in the
text) and by its title words. A named document that matches nothing is
reported missing, so the answer can say "no such document in the library".

Everyday references ("our deal with Northwind", "Hanover's contract", "the Deerskin agreement") go through the
document-name index (``tools.document_index``): it picks among several documents that fit a reference the one
whose party, file and title names the reference matches best, finds a document the rules could not, and marks
a reference that two documents fit equally as ambiguous, so the answer asks which was meant instead of guessing.
"""

from __future__ import annotations

import re
import time

from agents.plan import DocumentRef, Plan
from agents.planner import as_comparison, asks_an_order, offers_a_choice
from stores.errors import StoreError
from tools.base import ToolContext, ms_since, one_line, status_of
from tools.document_index import name_words, proper_words, question_vocabulary
from tools.text import squash
from veridict.domain import content_words
from veridict.domain.names import alias_key, trade_name_sides
from veridict.domain.roles import ROLE_WORDS
from veridict.domain.values import canonical_jurisdiction
from veridict.domain.words import subordinate_title, title_numbers, title_variants
from veridict.types import Outage, TraceStep

GENERIC_TITLE_WORDS = {"agreement", "contract", "license", "licence", "the", "and", "of", "between"}
MAX_DOCS_PER_REF = 5
# Intents about one contract: a reference that fits several is narrowed to the best named one, or asked about.
CLEAR_LEAD = 2.0  # a contract named only by the question's words must score twice the next one
ONE_DOCUMENT_INTENTS = ("exact_value", "clause_lookup", "calculate", "relational", "narrative")


def resolve_documents(plan: Plan, ctx: ToolContext) -> tuple[Plan, list[TraceStep], list[Outage]]:
    """Fill ``document_ids`` of each reference; add entity references for named parties. Returns the plan, the
    trace and the stores that failed a lookup (the names were resolved without them)."""
    plan = plan.model_copy(deep=True)
    trace: list[TraceStep] = []
    if ctx.pg is None:
        if plan.documents:
            trace.append(TraceStep(node="plan", tool="resolve_documents", note="postgres unavailable"))
            for ref in plan.documents:
                ref.explicit = False  # cannot tell "missing" from "unreachable"
        return plan, trace, []
    down: dict[str, str] = {}  # a store that failed a lookup -> its error
    for ref in plan.documents:
        started = time.perf_counter()
        note = None
        try:
            _resolve_ref(ref, ctx, down)
            _by_names(ref, ctx, one_document=plan.intent in ONE_DOCUMENT_INTENTS or len(plan.documents) > 1,
                      question=plan.question if len(plan.documents) == 1 else "")
            _own_party_names(ref, ctx)
        except StoreError as exc:
            note = f"document lookup failed: {exc}"
            ref.explicit = False  # unreachable is not "no such document"
        trace.append(TraceStep(node="plan", tool="resolve_documents",
                               arguments={"mention": ref.mention[:200], "parties": ref.parties, "title": ref.title},
                               results=len(ref.document_ids), ms=ms_since(started), note=note or ref.resolved_by))
    named = {p.lower() for ref in plan.documents for p in ref.parties}
    mentioned = " ".join(ref.mention.lower() for ref in plan.documents)
    # a comparison that names one contract by a document noun and the other by a name alone ("Which came first,
    # Slicon Smelters' outsourcing or the KazakhOil transport deal?"): the name is the other contract
    second = plan.intent == "compare" and len(plan.documents) == 1
    unmatched: list[str] = []
    if not plan.documents or second:
        for name in plan.entities:
            key = name.lower().rstrip("'’")
            if key in named or name.lower() in named or (second and key in mentioned):
                continue
            named.add(key)
            started = time.perf_counter()
            by_party = False
            try:  # a party's name: the contracts it is a party to; another name: those that mention it
                ids = _indexed_party_documents(ctx, name)
                by_party = bool(ids)
                # a filer's name, that the contract's file is named after ("the Healthcare Integrated reseller")
                ids = ids or _indexed_party_documents(ctx, name, filer=True) or _entity_document_ids(ctx, name, down)
                if not ids and plan.intent in ONE_DOCUMENT_INTENTS:
                    ids = _titled_document_ids(ctx, name)  # a brand in a title ("WALABOT-HOME RESELLER AGREEMENT")
                if not ids and second:  # the other compared contract, by a name no party fact or entity holds
                    ids = _name_document_ids(ctx, name, down)  # ("Slicon Smelters"): the text has it as a phrase
            except StoreError:
                ids = set()
                looked_up = False  # a lookup that failed says nothing about whether the name is in the library
            else:
                looked_up = True
            docs = _active(ctx, ids)
            if not docs and looked_up:
                unmatched.append(name)
            if docs:
                ref = DocumentRef(mention=name, parties=[name], explicit=False,
                                  document_ids=[d.id for d in docs][:MAX_DOCS_PER_REF],
                                  titles=[d.title for d in docs][:MAX_DOCS_PER_REF], resolved_by="entity",
                                  by_party=by_party)
                if plan.intent in ONE_DOCUMENT_INTENTS and len(docs) > 1:
                    try:  # "Walabot's reseller deal with Vayyar": the question's other words pick among them
                        _by_number(ref, ctx, plan.question)
                        _narrow(ref, ctx, plan.question, ids=set(ref.document_ids), mark_ambiguous=False)
                        # a party two contracts share, and nothing else in the question to tell them apart: ask which
                        if by_party and _tied_on_a_party(ref, ctx, plan.question):
                            ref.ambiguous = ref.explicit = True
                    except StoreError:
                        pass
                try:  # the answer names the contract by the party as the contract spells it ("EDIETS.COM, INC.")
                    _own_party_names(ref, ctx)
                except StoreError:
                    pass
                same = next((r for r in plan.documents if not r.ambiguous and not ref.ambiguous
                             and set(r.document_ids) == set(ref.document_ids)), None)
                if same is None:
                    plan.documents.append(ref)
                elif not same.party_names and _bare(name) not in {_bare(p) for p in same.parties}:
                    same.parties.append(name)  # "Women.com and eDiets": two parties of one contract name it once
            trace.append(TraceStep(node="plan", tool="resolve_entity", arguments={"name": name},
                                   results=len(docs), ms=ms_since(started)))
    if not plan.documents and plan.intent != "count":  # "Which of the two ... deals" reads as a list of the library
        started = time.perf_counter()
        kind_refs = _two_of_a_kind(plan.question, ctx) or _which_of_a_kind(plan.question, ctx)
        if kind_refs:
            plan.documents = kind_refs
            if plan.intent != "compare" and not kind_refs[0].ambiguous:
                plan = as_comparison(plan)
            trace.append(TraceStep(node="plan", tool="resolve_names", arguments={"question": plan.question[:200]},
                                   results=len(kind_refs), ms=ms_since(started), note="two of a kind"))
    if plan.intent != "compare" and len(plan.documents) == 1 and asks_an_order(plan.question) \
            and _WHICH_OF.search(plan.question):
        each = _each_of(plan.documents[0], ctx)  # "Which of the Bellring manufacturing agreements was signed first?"
        if each:
            plan.documents = each
            plan = as_comparison(plan)
            trace.append(TraceStep(node="plan", tool="resolve_names", arguments={"question": plan.question[:200]},
                                   results=len(each), note="each of the named contracts"))
    if not plan.documents and plan.intent != "compare":
        started = time.perf_counter()
        scope = _of_a_kind(plan.question, ctx)
        if scope:
            plan.documents = scope  # the question asked of each contract of that kind, not of the library
            trace.append(TraceStep(node="plan", tool="resolve_names", arguments={"question": plan.question[:200]},
                                   results=len(scope), ms=ms_since(started), note="of a kind"))
    if _may_name_two(plan) and len(_distinct(plan)) < 2:
        started = time.perf_counter()
        try:
            found = _named_side_by_side(plan, ctx)
        except StoreError:
            found = []
        if found:
            plan.documents += found
            if plan.intent != "compare" and len(_distinct(plan)) >= 2:
                plan = as_comparison(plan)
        trace.append(TraceStep(node="plan", tool="resolve_names", arguments={"question": plan.question[:200]},
                               results=len(found), ms=ms_since(started), note="side by side"))
    if not plan.documents and plan.intent in ONE_DOCUMENT_INTENTS:
        started = time.perf_counter()
        try:
            named_ref = _named_in_question(plan.question, ctx)
        except StoreError:
            named_ref = None
        if named_ref is not None:
            plan.documents.append(named_ref)
        trace.append(TraceStep(node="plan", tool="resolve_names", arguments={"question": plan.question[:200]},
                               results=len(named_ref.document_ids) if named_ref else 0, ms=ms_since(started)))
    if not plan.documents and plan.intent in ONE_DOCUMENT_INTENTS and "postgres" not in down:
        plan.unmatched_names = unmatched  # "the Healthcare Integrated reseller": no contract of that name
    if "graph" not in down and ctx.graph is not None:
        # the name index answers most names without the graph; a graph that is down is still said in the answer
        try:
            ctx.graph.ping()
        except StoreError as exc:
            down["graph"] = one_line(exc)
    outages = [Outage(channel=store, store=store, error=error) for store, error in down.items()]
    for outage in outages:  # said in the answer: the names were resolved without it
        trace.append(TraceStep(node="plan", tool=outage.store, note=f"{outage.store} unavailable: {outage.error}"))
    return plan, trace, outages


def _resolve_ref(ref: DocumentRef, ctx: ToolContext, down: dict[str, str] | None = None) -> None:
    # a party named by its role alone ("between Pretzel Time and Franchisee") tells no contract from another: its
    # word is in every franchise agreement, and a text search for it finds whichever uses it most (kept when the
    # reference has nothing else to go by)
    named = [p for p in ref.parties if alias_key(p).removeprefix("the ") not in ROLE_WORDS]
    parties = named if named or ref.title else ref.parties
    party_docs: list[set[str]] = []
    for party in parties:
        party_docs.append(_party_document_ids(ctx, party, down))
    candidates: set[str] = set().union(*party_docs) if party_docs else set()
    titles = title_variants(ref.title) if ref.title else []  # "the NDA" is also "the non-disclosure agreement"
    if titles:
        assert ctx.pg is not None  # resolve_documents returns early without Postgres
        index = ctx.name_index()
        for title in titles:
            titled = index.find_titles(title) if index is not None else \
                ctx.pg.find_documents(ctx.tenant, title, limit=20)
            for doc in titled:
                ctx.remember(doc)
                candidates.add(doc.id)
    docs = _active(ctx, candidates)
    if not docs:
        return
    # "the Amendment No. 1 to the Supply Agreement between ...": the reference's title is "Supply Agreement", the
    # number that tells the amendment from its siblings is in the words before the parties
    numbers = title_numbers(ref.title or "") | title_numbers(re.split(r"\bbetween\b", ref.mention or "")[0])
    scored = []
    for doc in docs:
        p_hits = sum(1 for ids, party in zip(party_docs, parties, strict=True)
                     if doc.id in ids or _name_in_title(party, doc))
        p_score = p_hits / len(parties) if parties else 0.0
        t_score = max((_title_score(t, doc, numbers) for t in titles), default=0.0)
        scored.append((doc, p_score, t_score))
    if parties:
        best_p = max(s[1] for s in scored)
        if best_p == 0:
            return
        kept = [s for s in scored if s[1] == best_p]
        if ref.title:
            best_t = max(s[2] for s in kept)
            if best_p < 1 and best_t == 0:
                return  # one party matched and the title does not: another document
            kept = [s for s in kept if s[2] == best_t]
            # a tie goes to the document whose title gives no other number ("Manufacturing Agreement" over
            # "AMENDMENT NO. 2 ..." for "the Amendment No. 3 Manufacturing Agreement")
            agree = [s for s in kept if not _other_number(s[0], numbers)]
            kept = agree or kept
        ref.resolved_by = "parties+title" if ref.title else "parties"
    else:
        best_t = max(s[2] for s in scored)
        if best_t < 0.99:
            return
        kept = [s for s in scored if s[2] >= best_t]
        ref.resolved_by = "title"
    kept = kept[:MAX_DOCS_PER_REF]
    ref.document_ids = [d.id for d, _, _ in kept]
    ref.titles = [d.title for d, _, _ in kept]


def _own_party_names(ref: DocumentRef, ctx: ToolContext) -> None:
    """For a reference resolved to one contract (by whichever step), the contract's own names for the parties
    the question named; none otherwise."""
    index = ctx.name_index() if len(ref.document_ids) == 1 else None
    names = index.names.get(ref.document_ids[0], []) if index is not None else None
    ref.party_names = [_full_name(p, names) for p in ref.parties] if names is not None else []


def _full_name(party: str, names: list[str]) -> str:
    """The document's own name for a party the question named by some of its words ("Sun Seven Stars"), or the
    question's name where none holds them all."""
    words = set(name_words(party))
    holding = sorted((n for n in names if words and words <= set(name_words(n))), key=lambda n: (-len(n), n))
    if holding:
        return holding[0]  # the fullest: "Harbor Fuels Inc.", not its short name "Harbor"
    # "the IMPCO Minda JV": both parties in one name, each word the fullest name that holds it
    own = []
    for word in name_words(party):
        fits = sorted((n for n in names if word in set(name_words(n))), key=lambda n: (-len(n), n))
        if not fits:
            return party
        own.append(fits[0])
    own = list(dict.fromkeys(own))
    return " and ".join(own) if len(own) > 1 else party


def _named_in_question(question: str, ctx: ToolContext) -> DocumentRef | None:
    """The one contract a question names by a party's name that the rules did not read as a name ("Which
    party is T-Mobile contracting with under the hosting deal?"): the name index's best match on the
    question's words, when a party name matched and it is clearly ahead of the next (twice the score).
    Where the question's party name is one that the close matches share, and nothing else tells them apart, an
    ambiguous reference to them all: the answer asks which was meant. None when nothing fits, or when several fit
    without a shared party name."""
    index = ctx.name_index()
    if index is None:
        return None
    found = index.match(question, names_only=True)
    if not found or "party" not in found[0].fields:
        # a name that only the title holds ("the Miaoli resort outsourcing"): a capitalised word of the question
        # among the best match's words, which must lead as clearly as a party's name
        found = index.match(question)
        names = proper_words(question)
        if not found or not names or not any(k in names for k in found[0].matched):
            return None
    best = found[0]
    # a capitalised word of the question that is one of its party names, and no other contract's, names it clearly
    # ("Who did Vertex partner with on fuel supply and marketing?": another contract's title also holds "supply"
    # and "marketing"); without such a word the lead must be clear over every other match
    capitalised = proper_words(question)
    names = {q for q, w in best.matched.items()
             if q in capitalised and index.postings.get(w, {}).get(best.document_id) == "party"}
    rivals = [m for m in found[1:] if not names or names & set(m.matched)]
    close = [m for m in rivals if m.score * CLEAR_LEAD > best.score]
    # a party two contracts share, and a word of the question beside it that only the best holds ("T-Mobile" in a
    # hosting agreement and in a content licence, "the hosting deal"): the question's other words pick it
    picked = bool(names) and all(set(best.matched) - names - set(m.matched) for m in close)
    if close and not picked:
        # the same party in every close match and nothing else to tell them apart ("Which party is T-Mobile
        # contracting with?"): the question names one of them, so it asks which rather than reading the library
        shared = bool(names) and all(_party_of(index, m, names) for m in close)
        if not shared:
            return None
        docs = [index.documents[m.document_id] for m in [best, *close][:MAX_DOCS_PER_REF]]
        ref = DocumentRef(mention=" ".join(sorted(names)), parties=_name_runs(question, names), explicit=True,
                          ambiguous=True, document_ids=[d.id for d in docs], titles=[d.title for d in docs],
                          resolved_by="names", by_party=True)
        return ref if _tied_on_a_party(ref, ctx, question, addenda=True) else None
    doc = index.documents[best.document_id]
    ctx.remember(doc)
    return DocumentRef(mention=" ".join(best.matched), explicit=False, document_ids=[doc.id], titles=[doc.title],
                       resolved_by="names", by_party="party" in best.fields)


_CAPITALISED_RUN = re.compile(r"[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*")
_QUESTION_OPENERS = {"who", "what", "which", "when", "where", "how", "why", "is", "are", "was", "were", "does", "do",
                     "did", "can", "could", "will", "would", "has", "have", "should", "may", "must"}


def _name_runs(question: str, names: set[str]) -> list[str]:
    """The runs of capitalised words of ``question`` that hold one of the index words ``names``, a question's
    opening word left out: "Global Energy" in "Which party is Global Energy contracting with?"."""
    runs = []
    for m in _CAPITALISED_RUN.finditer(question):
        words = m.group(0).split()
        if words and words[0].lower() in _QUESTION_OPENERS:
            words = words[1:]
        run = " ".join(words).strip(".'’-")
        if run and any(n in squash(w) for w in words for n in names) and run not in runs:
            runs.append(run)
    return runs


def _party_of(index, match, names: set[str]) -> bool:
    """Whether every one of the question's words ``names`` matched one of ``match``'s party names."""
    return all(q in match.matched and index.postings.get(match.matched[q], {}).get(match.document_id) == "party"
               for q in names)


# "the two endorsement deals", "both our reseller agreements": two contracts named by their kind of deal
_TWO_OF_A_KIND = re.compile(
    r"\b(?:(?:the|our|my) (?:two|2)|(?:both|either|neither) (?:of )?(?:the |our |my )?) ?"
    r"(?P<kind>(?:[a-z][\w-]* ){0,2}?)(?P<head>deal|contract|agreement|[a-z][\w-]*?s)\b",
    re.IGNORECASE)
_WHICH_OF_A_KIND = re.compile(
    r"\bwhich (?:one )?of (?:the|our|my|these|those) (?P<kind>(?:[a-z][\w-]* ){0,2}?)(?P<head>[a-z][\w-]*?s)\b",
    re.IGNORECASE)
# "Which of our hosting deals can be cancelled for convenience?", "Do any of our reseller deals ...?": a library
# question kept to the contracts of one kind
_OF_A_KIND = re.compile(
    r"\b(?:which|any|all|each|none|how many|every one)(?: one)? of (?:the|our|my|these|those) "
    r"(?P<kind>(?:[a-z][\w-]* ){0,2}?)(?P<head>[a-z][\w-]*?s)\b",
    re.IGNORECASE)
MAX_IN_SCOPE = 25  # more contracts of one kind than this: the kind barely narrows the library, ask it whole
_DEAL_NOUNS = {"deals", "contracts", "agreements", "deal", "contract", "agreement"}  # "either endorsement deal"
MAX_OF_A_KIND = 6  # more contracts of one kind than this are a library list, not a comparison
# "Which of the Bellring manufacturing agreements ...", "which one of our Glu licences ...": one name, several contracts
_WHICH_OF = re.compile(r"^\s*(?:which|what) (?:one )?of (?:the|our|my|their|these|those)\b", re.IGNORECASE)


def _kind_named(m: re.Match) -> str:
    """The kind of deal "the two ..." names: the words before "deals" ("endorsement"), or with a plural kind of
    its own the singular too ("the two content licenses" -> "content license")."""
    head = m.group("head").lower()
    words = m.group("kind").split()
    if head not in _DEAL_NOUNS:
        words.append(head[:-1])
    return " ".join(words)  # empty for "the two deals": no kind


def _two_of_a_kind(question: str, ctx: ToolContext) -> list[DocumentRef]:
    """The two contracts a question names by their kind of deal ("Do the two endorsement deals end at the same
    time?"): when the library holds exactly two whose titles name that kind, one reference each; otherwise none
    (three endorsement deals are not "the two")."""
    m = _TWO_OF_A_KIND.search(question)
    return _kind_refs(m, ctx, 2, 2, ask_beyond=MAX_OF_A_KIND) if m else []


def _which_of_a_kind(question: str, ctx: ToolContext) -> list[DocumentRef]:
    """The contracts of one kind a question sets in order ("Which of our reseller agreements has the longest
    notice period?"): every contract whose title names that kind, one reference each, when there are two to
    ``MAX_OF_A_KIND``; none for a question that orders nothing ("Which of our reseller agreements are
    exclusive?" lists)."""
    m = _WHICH_OF_A_KIND.search(question)
    return _kind_refs(m, ctx, 2, MAX_OF_A_KIND) if m and asks_an_order(question) else []


def _of_a_kind(question: str, ctx: ToolContext) -> list[DocumentRef]:
    """The contracts of the kind a library question keeps to ("which of our hosting deals ...", "any of our
    reseller deals"): one reference each, when the library holds one to ``MAX_IN_SCOPE`` of them; none when the
    words name no kind ("which of our deals")."""
    m = _OF_A_KIND.search(question)
    return _kind_refs(m, ctx, 1, MAX_IN_SCOPE) if m else []


def _each_of(ref: DocumentRef, ctx: ToolContext) -> list[DocumentRef]:
    """One reference per contract a name found, when it found two to ``MAX_OF_A_KIND`` active ones: a question that
    sets "the Bellring manufacturing agreements" in order compares them; none otherwise."""
    if ref.ambiguous or not 2 <= len(ref.document_ids) <= MAX_OF_A_KIND:
        return []
    docs = _active(ctx, set(ref.document_ids))
    if len(docs) < 2:
        return []
    return _one_ref_each(ctx, docs, ref.mention, ref.title, ref.resolved_by, fallback_parties=ref.parties)


def _one_ref_each(ctx: ToolContext, docs: list, mention: str, title: str | None, resolved_by: str | None,
                  fallback_parties: list[str] | None = None) -> list[DocumentRef]:
    """One reference per document, each told apart in the answer by its parties' full names (``fallback_parties``
    where the name index has none)."""
    index = ctx.name_index()
    refs = []
    for doc in docs:
        ctx.remember(doc)
        parties = _two_full_names(index.names.get(doc.id, [])) if index is not None else []
        refs.append(DocumentRef(mention=mention, title=title, explicit=False, document_ids=[doc.id],
                                titles=[doc.title], parties=parties or list(fallback_parties or []),
                                party_names=parties, resolved_by=resolved_by))
    return refs


def _kind_refs(m: re.Match, ctx: ToolContext, least: int, most: int, ask_beyond: int = 0) -> list[DocumentRef]:
    """One reference per contract of the kind ``m`` names, when the library holds ``least`` to ``most``. With
    more than ``most`` and no more than ``ask_beyond``, one ambiguous reference to all of them, so the answer asks
    which were meant ("the two outsourcing deals" where the library holds three) instead of guessing."""
    index = ctx.name_index()
    kind = _kind_named(m)
    if index is None or not kind:
        return []
    docs = index.of_kind(kind)
    if most < len(docs) <= ask_beyond:
        for doc in docs:
            ctx.remember(doc)
        return [DocumentRef(mention=m.group(0), title=kind, explicit=True, ambiguous=True,
                            document_ids=[d.id for d in docs], titles=[d.title for d in docs], resolved_by="title")]
    if not least <= len(docs) <= most:
        return []
    return _one_ref_each(ctx, docs, m.group(0), kind, "title")


def _bare(name: str) -> str:
    """A name without its possessive, as a key: "Bruce Jenner's" and "Bruce Jenner" are one name."""
    return alias_key(re.sub(r"['’]s?$", "", name.strip()))


def _may_name_two(plan: Plan) -> bool:
    """A comparison, or a question in which the rules named no contract (names alone, if any) and whose words
    set two things side by side ("..., drkoop or the diabetes association one?"): the names it holds may be two
    contracts the rules did not read. A question that names its contract by its title ("Does the Cooperation
    Agreement between A and B include any revenue or profit-sharing arrangement?") is about that one; one named by a
    party and a kind of deal may be one side of the choice ("... the Tri City outsourcing or the drkoop
    sponsorship?", the second name in lower case)."""
    if plan.intent == "compare":
        return True
    if plan.intent not in ONE_DOCUMENT_INTENTS or not offers_a_choice(plan.question):
        return False
    named = [r for r in plan.documents if r.explicit]
    return all(not r.title and _set_against(r.mention, plan.question) for r in named)


def _set_against(mention: str, question: str) -> bool:
    """Whether "or", "and" or "vs" sets the reference against something next to it ("the Tri City outsourcing or
    the drkoop sponsorship", "drkoop's sponsorship and the OntoChem collaboration"), not a choice elsewhere in the
    question ("Which country's or state's law does our contract with X follow?")."""
    m, joins = re.escape(mention), r"(?:or|and|vs\.?|versus)"
    return re.search(rf"{m}\W*\s+{joins}\s|\s{joins}\s+(?:\w+\s+){{0,2}}?{m}", question, re.IGNORECASE) is not None


def _distinct(plan: Plan) -> list[frozenset[str]]:
    """The different sets of documents the plan's references resolved to."""
    return list(dict.fromkeys(frozenset(r.document_ids) for r in plan.documents if r.document_ids))


def _named_side_by_side(plan: Plan, ctx: ToolContext) -> list[DocumentRef]:
    """Contracts the question names by a party's name that neither the rules nor the entity lookups read
    (lower case "drkoop", "the diabetes association one"), beside those already resolved: the name index's matches
    on the question, each by a party name and by question words no other pick used, each clearly ahead of any
    other contract those words match (``CLEAR_LEAD``), until two contracts are named. None when fewer than two
    would result: one more contract is no comparison."""
    index = ctx.name_index()
    if index is None:
        return []
    have = {i for r in plan.documents for i in r.document_ids}
    used: set[str] = set()  # question words already spent on a contract
    for ref in plan.documents:
        used |= {w for m in index.match(ref.mention, names_only=True) for w in m.matched}
    picks: list[DocumentRef] = []
    matches = [m for m in index.match(plan.question, names_only=True) if "party" in m.fields]

    vocabulary = question_vocabulary()

    def party_words(m) -> set[str]:  # the question words that matched one of the contract's party names
        return {q for q, w in m.matched.items() if index.postings.get(w, {}).get(m.document_id) == "party"
                and q not in vocabulary}  # "Quote ..." at the start of a sentence is no name

    for m in matches:
        if len(_distinct(plan)) + len(picks) >= 2:
            break
        words = party_words(m)
        if m.document_id in have or not words or words & used:
            continue
        rivals = [o for o in matches if o is not m and party_words(o) & words and o.document_id not in have]
        if any(o.score * CLEAR_LEAD > m.score for o in rivals):
            continue  # those words fit another contract about as well: not a name of this one
        doc = index.documents[m.document_id]
        ctx.remember(doc)
        picks.append(DocumentRef(mention=" ".join(m.matched), explicit=False, document_ids=[doc.id],
                                 titles=[doc.title], resolved_by="names", by_party=True))
        used |= words
        have.add(doc.id)
    return picks if len(_distinct(plan)) + len(picks) >= 2 else []


def _by_names(ref: DocumentRef, ctx: ToolContext, one_document: bool, question: str = "") -> None:
    """The document-name index on a reference: narrows several fitting documents to the best named one (when
    the question is about one contract), or finds one that the rules did not when the reference names it.
    ``question``: the whole question, when this is its only reference; where the reference's own words fit
    several documents equally, its other words pick among them ("When did Oxbow sign its alliance deal with
    Global Energy?": the reference is "deal with Global Energy", and "Oxbow" names one of the two)."""
    if len(ref.document_ids) > 1 and one_document:
        _by_number(ref, ctx, question or ref.mention)
        _narrow(ref, ctx, ref.mention, ids=set(ref.document_ids), mark_ambiguous=False)
        if len(ref.document_ids) > 1 and question:
            _narrow(ref, ctx, question, ids=set(ref.document_ids), mark_ambiguous=False)
        # a tie on a party that every one of them names as its own ("the Vertex deal", Vertex a party to two) asks
        # which was meant; other ties keep the rules' documents (a title word, a party's role, a near name)
        ref.ambiguous = _tied_on_a_party(ref, ctx, question)
        return
    if ref.document_ids or not ref.explicit:
        return
    index = ctx.name_index()
    if index is None:
        return
    required = {w for p in (ref.parties or [ref.title or ""]) for w in name_words(p)}
    if not required:
        return
    fits = [m for m in index.match(ref.mention, names_only=True) if required <= set(m.matched)]  # active only
    if not fits:
        return
    best = [m for m in fits if m.score >= fits[0].score * 0.999][:MAX_DOCS_PER_REF]
    ref.document_ids = [m.document_id for m in best]
    ref.titles = [index.documents[m.document_id].title for m in best]
    ref.resolved_by = "parties" if ref.parties else "names"
    ref.ambiguous = len(best) > 1 and one_document


# "Vertex's agreements", "the Vertex deals": a question about each of them, not one
_PLURAL_DEALS = re.compile(r"\b(deals|contracts|agreements|licen[cs]es|arrangements|partnerships|ones)\b",
                           re.IGNORECASE)


def _tied_on_a_party(ref: DocumentRef, ctx: ToolContext, question: str, addenda: bool = False) -> bool:
    """Whether the documents left on a one-document reference (two to ``MAX_DOCS_PER_REF``) all hold each party
    the reference names, by name and not by role, as one of their own parties: the question names one of them and
    nothing in it tells which, so the answer asks rather than guessing. Not where the reference or the question
    speaks of several ("Which of the Kestrel manufacturing agreements was signed first?"), nor where the reference
    also gives a title ("the Supply Agreement between A and B" that two near-identical filings fit: versions,
    forms, re-filed exhibits, answered from whichever states the value, as before), nor where one of them
    adds to another (CloudSecure's vendor agreement and its data processing addendum: "the CloudSecure agreement"
    is answered from whichever states the value, as before), unless ``addenda`` (the alternative to asking is
    the whole library)."""
    named = [p for p in ref.parties if alias_key(p).removeprefix("the ") not in ROLE_WORDS]
    if ref.title or not 2 <= len(ref.document_ids) <= MAX_DOCS_PER_REF or not named \
            or _PLURAL_DEALS.search(f"{ref.mention or ''} {question}"):
        return False
    index = ctx.name_index()
    if index is None:
        return False
    titles = [index.documents[i].title if i in index.documents else "" for i in ref.document_ids]
    if not addenda and any(subordinate_title(t or "") for t in titles):
        return False
    # two with the same title and parties ("CONTENT LICENSE AGREEMENT" and its "FORM OF" filing) could not be told
    # apart in the question back: near-identical filings, kept as a title reference keeps them
    labels = {(squash(t or ""), tuple(sorted(alias_key(n) for n in _two_full_names(index.names.get(i, [])))))
              for i, t in zip(ref.document_ids, titles, strict=True)}
    if len(labels) < len(ref.document_ids):
        return False
    # every word of the name, generic ones too, in one of each contract's own party names: "Global Energy" is not
    # "Vertex Energy Operating LLC", though the index goes by "energy" alone ("global" is a generic word)
    wanted = [set(alias_key(p).removeprefix("the ").split()) for p in named]
    if not all(wanted):
        return False
    return all(any(words <= set(alias_key(n).split()) for n in index.names.get(i, []))
               for words in wanted for i in ref.document_ids)


def _by_number(ref: DocumentRef, ctx: ToolContext, text: str) -> None:
    """Of several documents that fit a reference, those whose titles number them as ``text`` does ("Date of
    amendment no. 2 to the Fox content license?" names Fox's two amendments by the party, and the question's
    "no. 2" picks one); nothing changes when no title has a number the text gives."""
    numbers = title_numbers(text)
    if not numbers:
        return
    docs = {d.id: d for d in _active(ctx, set(ref.document_ids))}
    keep = [i for i in ref.document_ids if i in docs and title_numbers(docs[i].title or "") & numbers]
    if keep and len(keep) < len(ref.document_ids):
        ref.document_ids = keep
        ref.titles = [docs[i].title for i in keep]


def _narrow(ref: DocumentRef, ctx: ToolContext, text: str, ids: set[str], mark_ambiguous: bool) -> None:
    """Keep, of the documents ``ids`` that fit a reference, those whose names ``text`` matches best."""
    index = ctx.name_index()
    if index is None:
        return
    scores = {m.document_id: m.score for m in index.match(text) if m.document_id in ids}
    if not scores:
        return
    top = max(scores.values())
    if top <= 0:
        return
    best = [i for i in ref.document_ids if scores.get(i, 0.0) >= top * 0.999]
    if not best:
        return
    ref.document_ids = best
    ref.titles = [index.documents[i].title if i in index.documents else "" for i in best]
    ref.ambiguous = len(best) > 1 and mark_ambiguous


def candidates_in_words(ref: DocumentRef, ctx: ToolContext) -> str:
    """'"Reseller Agreement" (MediaNet Group, Inc. and Acme Ltd.) or "…" (…)': the documents an ambiguous
    reference fits, each by its title and parties, for the answer's question back."""
    index = ctx.name_index()  # read while resolving: the same context, no second query
    names = index.names if index is not None else {}
    out = []
    for doc_id, title in zip(ref.document_ids, ref.titles, strict=False):
        parties = _two_full_names(names.get(doc_id, []))
        doc = ctx.document(doc_id)
        label = f'"{title or (doc.title if doc else doc_id)}"'
        if parties:
            label += f" ({' and '.join(parties)})"
        out.append(label)
    return ", ".join(out[:-1]) + f" or {out[-1]}" if len(out) > 1 else "".join(out)


def _two_full_names(names: list[str]) -> list[str]:
    """Up to two of a document's party names, the fullest first, none the short form of another."""
    parties: list[str] = []
    for n in sorted(names, key=len, reverse=True):  # full names, not their short forms
        if name_words(n) and not any(alias_key(n) in alias_key(p) for p in parties) and len(parties) < 2:
            parties.append(n)
    return parties


def _party_document_ids(ctx: ToolContext, name: str, down: dict[str, str] | None = None) -> set[str]:
    """The documents a party's name points to. The name index answers when the name is a party's (a dictionary
    read, whatever the library's size); a name it does not know is looked up as an entity, in the graph and in
    the text."""
    ids = _indexed_party_documents(ctx, name)
    if ids:
        return ids
    ids = _name_document_ids(ctx, name, down)
    shorter = _without_trailing_form(name)
    if not ids and shorter:  # "Nice Systems Ltc." (a mistyped legal form): the name without it
        ids = _name_document_ids(ctx, shorter, down)
    ids = ids or _indexed_party_documents(ctx, name, filer=True)
    if not ids:  # "Pretzel Time, Inc. doing business as Pretzel Time": the contract may go by either name
        for side in trade_name_sides(name):
            ids |= _party_document_ids(ctx, side, down)
    return ids


def _indexed_party_documents(ctx: ToolContext, name: str, filer: bool = False) -> set[str]:
    """The active documents the name index knows ``name`` as a party of (their rows kept for this question); with
    ``filer``, those whose file name holds it (``DocumentIndex.filer_documents``)."""
    index = ctx.name_index()
    if index is None:
        return set()
    named = index.filer_documents(name) if filer else index.party_documents(name)
    for doc_id in named:
        ctx.remember(index.documents[doc_id])
    return set(named)


def _name_document_ids(ctx: ToolContext, name: str, down: dict[str, str] | None = None) -> set[str]:
    ids = _entity_document_ids(ctx, name, down)
    key = alias_key(name)
    # the name in the text, as a phrase; not when full-text search would drop most of it as stop words ("You On
    # Demand" would search for "demand" alone)
    if key and len(key) >= 3 and (len(key.split()) < 2 or len(content_words(key)) >= 2):
        assert ctx.pg is not None  # resolve_documents returns early without Postgres
        try:
            for _chunk, doc, _rank in ctx.pg.lexical_search(ctx.tenant, f'"{key}"', limit=10):
                ctx.remember(doc)
                ids.add(doc.id)
        except StoreError:
            pass
    return ids


# A last word that looks like an abbreviated legal form: two or three letters ("Ltc", "Ltc."), or four with a
# full stop or in capitals ("Corp.", "GMBH"); a capitalised longer word ("World Book") is part of the name.
_TRAILING_FORM = re.compile(r"^(?P<name>\S+(?:\s+\S+)*?),?\s+(?:[A-Za-z]{2,3}\.?|[A-Za-z]{4}\.|[A-Z]{4})$")


def _without_trailing_form(name: str) -> str | None:
    """The name less a last abbreviation-like word ("Ltc.", "LTC"), when five letters stay."""
    m = _TRAILING_FORM.match(name.strip())
    if m is None or len(squash(m.group("name"))) < 5:
        return None
    return m.group("name")


def _entity_document_ids(ctx: ToolContext, name: str, down: dict[str, str] | None = None) -> set[str]:
    ids: set[str] = set()
    assert ctx.pg is not None  # resolve_documents returns early without Postgres
    entity = ctx.pg.resolve_entity(ctx.tenant, name)
    if entity is not None:
        for doc in ctx.pg.entity_documents(ctx.tenant, entity.id):
            ctx.remember(doc)
            ids.add(doc.id)
    if ctx.graph is not None:
        try:
            for row in ctx.graph.documents_for_entity(ctx.tenant, name, active_only=True):
                if row.get("id"):
                    ids.add(str(row["id"]))
        except StoreError as exc:  # graph down: Postgres aliases and text still resolve names
            if down is not None:
                down.setdefault("graph", one_line(exc))
    return ids


def _active(ctx: ToolContext, ids: set[str]):
    docs = []
    for doc_id in sorted(ids):
        doc = ctx.document(doc_id)
        if doc is not None and status_of(doc) == "active":
            docs.append(doc)
    return docs


def _titled_document_ids(ctx: ToolContext, name: str) -> set[str]:
    """The active documents whose title holds a name no party or entity holds ("How much warning does Walabot need
    ...?" for the WALABOT-HOME RESELLER AGREEMENT, whose parties are Inde Living and Vayyar); not a place's name,
    which a question names for its law or courts."""
    index = ctx.name_index()
    if index is None or canonical_jurisdiction(name) is not None:
        return set()
    key = squash(alias_key(name))
    ids = set()
    for doc in index.find_titles(name):
        if len(key) >= 5 and key in squash(doc.title or ""):  # the title itself, not the file name
            ctx.remember(doc)
            ids.add(doc.id)
    return ids


def _name_in_title(party: str, doc) -> bool:
    key = squash(alias_key(party))
    return len(key) >= 5 and key in squash(f"{doc.title} {doc.doc_key} {doc.source_path}")


def _other_number(doc, numbers: set[str]) -> bool:
    """Whether the reference (``numbers``) and the document's title both number it among its siblings and no number
    agrees ("AMENDMENT NO. 1" is not "AMENDMENT NO. 2")."""
    have = title_numbers(doc.title or "")
    return bool(numbers and have and not numbers & have)


def _title_score(title: str, doc, numbers: set[str]) -> float:
    """How much of a title reference the document's title, key and file name hold (0..1); halved when the document's
    title gives it another number than the reference (``_other_number``)."""
    score = _title_words_score(title, doc)
    return score / 2 if _other_number(doc, numbers) else score


def _title_words_score(title: str, doc) -> float:
    wanted = [w for w in content_words(title) if w not in GENERIC_TITLE_WORDS and len(w) > 1]
    have_text = f"{doc.title} {doc.doc_key} {doc.source_path}".lower()
    have = set(content_words(have_text))
    squashed = squash(have_text)
    if not wanted:
        return 1.0 if any(n in have_text for n in ("agreement", "contract", "licen")) else 0.5
    hits = sum(1 for w in wanted if w in have or squash(w) in squashed)
    return hits / len(wanted)

"""Self-RAG / CRAG critic: grade evidence, classify retrieval, rewrite the query.

Relevance (deterministic): the item is in a target document, names the asked
thing (attribute/qualifier/clause key terms), overlaps the question's words
and is semantically close to it; facts of the asked attribute score highest.
An LLM grader, when configured, nudges the scores (it cannot make an item
that never names the asked thing relevant). The CRAG verdict is ``correct``
(strong evidence for every target), ``ambiguous`` (some) or ``incorrect`` (none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from agents.llm import json_in_reply
from agents.meaning import checks_a_stated_law
from agents.plan import Plan
from agents.planner import default_tools
from stores.errors import StoreError
from tools.base import HitMeta
from tools.chunks import CHUNK_PREFIX, SECTION_PREFIX
from tools.rerank import term_overlap
from tools.text import sentences
from veridict.domain import (
    ATTRIBUTE_BY_NAME,
    CLAUSE_BY_NAME,
    NOTICE_KIND_NAMES,
    QUALIFIER_BY_NAME,
    clause_label,
    content_words,
    fact_attributes,
    snake_name,
)
from veridict.domain.clause_rules import tags_in_text
from veridict.domain.values import canonical_jurisdiction, jurisdiction_country
from veridict.types import PASSAGE_VECTOR_CHARS, Evidence

Verdict = Literal["correct", "ambiguous", "incorrect"]

RELEVANT = 0.35
# questions about a clause itself (is it there, which contracts have it), where a stored tag is evidence
CLAUSE_INTENTS = ("clause_lookup", "list", "count", "compare")
STRONG = 0.6
MAX_EMBEDDED = 16  # passages embedded for grading per round (vector hits bring their own similarity)
# (query vector, evidence ids) -> evidence id -> cosine of the vector stored at ingest for it (a chunk's, a tagged
# section's: ``tools.chunks.stored_similarities``); an item with no stored vector is left out
StoredScores = Callable[[np.ndarray, list[str]], dict[str, float]]
STORED_PREFIXES = (CHUNK_PREFIX, SECTION_PREFIX)


class Grade(BaseModel):
    id: str
    relevance: float
    key_terms: bool
    reasons: list[str] = Field(default_factory=list)


def _clause_terms(plan: Plan) -> list[str]:
    """The asked clause types' key terms, lower case, once each."""
    return list(dict.fromkeys(t.lower() for c in plan.clause_types if c in CLAUSE_BY_NAME
                              for t in CLAUSE_BY_NAME[c].key_terms))


def _phrases(term: str) -> list[str]:
    """The words a key term looks for: its "&" parts less the exclusions ("!c") and masks ("~d")."""
    return [p for p in term.split("&") if not p.startswith(("!", "~"))]


def key_groups(plan: Plan) -> list[list[str]]:
    """Phrase groups a passage must each match (one phrase per group) to be about what is asked.

    One group for the kind of amount / notice (qualifiers), one for the asked attributes and one for
    the clause types: "notice to prevent renewal" needs a notice phrase AND a renewal phrase.
    """
    groups: list[list[str]] = []
    quals = [t for q in (plan.qualifiers or ([plan.qualifier] if plan.qualifier else []))
             for t in (QUALIFIER_BY_NAME[q].key_terms if q in QUALIFIER_BY_NAME else ())]
    attrs = [t for a in plan.attributes if a in ATTRIBUTE_BY_NAME and a != "amount"
             for t in ATTRIBUTE_BY_NAME[a].key_terms]
    clauses = _clause_terms(plan)
    for group in (quals, attrs, clauses):
        group = list(dict.fromkeys(g.lower() for g in group))
        if group:
            groups.append(group)
    if len(plan.attributes) > 1:
        # several asked things: a passage about any one of them counts
        return [list(dict.fromkeys(t for g in groups for t in g))] if groups else []
    return groups


def key_terms(plan: Plan) -> list[str]:
    """All key phrases (flattened groups, "a&b" split), e.g. for picking the best sentence of a passage."""
    return list(dict.fromkeys(p for g in key_groups(plan) for t in g for p in _phrases(t)))


def names_asked_thing(plan: Plan, text: str, groups: list[list[str]] | None = None) -> bool:
    """Each group has a phrase in ``text``; a phrase "a&b" needs both parts, "a&!c" needs a sentence with a and
    without c (a passage on termination for convenience may name a breach in another sentence), and "a&~d" a
    sentence with a once d is taken out of it ("exclusiv&~non-exclusiv": a sentence whose only "exclusive" is
    "non-exclusive" states no exclusivity; one with both still does)."""
    low = text.lower()
    groups = key_groups(plan) if groups is None else groups
    pieces: list[str] = []

    def sentences_of() -> list[str]:
        if not pieces:
            pieces.extend(low[s:e] for s, e in sentences(text))  # split on the cased text: "… . The"
        return pieces

    def holds(key: str) -> bool:
        parts = key.split("&")
        if not any(p.startswith(("!", "~")) for p in parts):
            return all(p in low for p in parts)
        masks = [p[1:] for p in parts if p.startswith("~")]
        parts = [p for p in parts if not p.startswith("~")]

        def unmasked(piece: str) -> str:
            for m in masks:
                piece = piece.replace(m, " ")
            return piece

        return any(all((p[1:] not in piece) if p.startswith("!") else (p in piece) for p in parts)
                   for piece in map(unmasked, sentences_of()))

    return all(any(holds(k) for k in g) for g in groups)


def ruled_out_by_key_terms(plan: Plan, text: str) -> bool:
    """The asked clause types' key terms name ``text``'s word for the clause only in a sense they exclude
    ("non-exclusive", "governed exclusively by the laws of", "terminate ... on notice of a breach"): some key
    term with an exclusion finds its words in the text yet does not hold, and no key term holds. Such a sentence
    is not quoted as the clause even where a model reads it as one."""
    terms = _clause_terms(plan)
    low = text.lower()
    worded = [t for t in terms if _phrases(t) != t.split("&") and all(p in low for p in _phrases(t))]
    return bool(worded) and not names_asked_thing(plan, text, [terms])


def expansion_terms(plan: Plan) -> list[str]:
    """Synonyms of the asked attribute, qualifier and clause types (query expansion)."""
    terms: list[str] = []
    for q in plan.qualifiers or ([plan.qualifier] if plan.qualifier else []):
        if q in QUALIFIER_BY_NAME:
            terms += QUALIFIER_BY_NAME[q].synonyms
    for attr in plan.attributes:
        if attr in ATTRIBUTE_BY_NAME and (attr != "amount" or not plan.qualifier):
            terms += ATTRIBUTE_BY_NAME[attr].synonyms
    for ct in plan.clause_types:
        if ct in CLAUSE_BY_NAME:
            terms += CLAUSE_BY_NAME[ct].synonyms
    return list(dict.fromkeys(terms))


_RENEWAL_NOTICES = {"non_renewal", "renewal_option"}


def _qualifier_ok(plan: Plan, item: Evidence) -> bool | None:
    """None when no qualifier was asked; else whether the fact is that kind of amount."""
    asked = plan.qualifiers or ([plan.qualifier] if plan.qualifier else [])
    fact = item.fact
    if fact is not None:  # notice qualifiers apply to notice periods, the others to amounts
        is_notice = fact.attribute == "notice_period"
        asked = [a for a in asked if (a in NOTICE_KIND_NAMES) == is_notice]
    if not asked:
        return None
    q = (fact.qualifier or "").lower() if fact else ""
    # the words are the passage's own: a stored kind's name is no word of it ("insurance_minimum" does not make an
    # insurance policy's limit a minimum commitment)
    context = " ".join(x or "" for x in (fact.section_title if fact else "", item.citation.quote)).lower()
    for name in asked:
        term = QUALIFIER_BY_NAME.get(name)
        names = {name, *(term.stored if term else ())}
        if q and any(n in q or q in n for n in names):
            return True
        if {q, name} == _RENEWAL_NOTICES:
            continue  # the extractor told a notice that renews from one that prevents renewal: it is the other
        if q in NOTICE_KIND_NAMES:
            continue  # the extractor read it as another kind: a cure period beside "may terminate" is no notice
        if term is not None and term.key_terms and names_asked_thing(plan, context, [list(term.key_terms)]):
            return True
    return False


JURISDICTION_FACTS = frozenset({"governing_law", "venue"})


def value_matches(plan: Plan, fact) -> bool:
    """Whether a fact passes the question's value filter. A governing-law or venue fact is compared by its
    canonical jurisdiction (a state also matches its country: "United States" lists New York law); any other
    fact by the filter's words in its value or quote."""
    c = plan.constraints
    if c.jurisdiction and fact.attribute in JURISDICTION_FACTS:
        got = canonical_jurisdiction(fact.value_text)
        if got is not None:
            return in_asked_jurisdiction(plan, got)
    return (c.value_text or "").lower() in (fact.value_text + " " + fact.quote).lower()


def in_asked_jurisdiction(plan: Plan, canonical: str) -> bool:
    """Whether a canonical jurisdiction is the one the question bounds the answer by, or lies in it (a state in
    its country: "United States" takes New York)."""
    return plan.constraints.jurisdiction in (canonical, jurisdiction_country(canonical))


def about_a_clause(plan: Plan) -> bool:
    """The question is about a clause itself (is it there, which contracts have it), not a value it states."""
    return not plan.attribute and plan.intent in CLAUSE_INTENTS and bool(plan.clause_types)


def tagged_as_asked(plan: Plan, meta: HitMeta | None) -> bool:
    """The passage's section carries an asked clause type among the tags ingestion stored for it (the rules and
    the model learned from the expert labels, policies chosen on the training half)."""
    asked = {snake_name(c) for c in plan.clause_types}
    return bool(asked and meta and asked & {snake_name(c) for c in meta.clause_types})


def canonical_clause_question(plan: Plan) -> str | None:
    """The asked clause in the plain words of a clause question ("Does the agreement contain a cap on liability
    clause?"), for questions about a clause itself; None otherwise."""
    if not about_a_clause(plan):
        return None
    return f"Does the agreement contain a {clause_label(plan.clause_types[0])} clause? Quote the clause."


def grade_item(plan: Plan, item: Evidence, meta: HitMeta | None, semantic: float | None,
               keys: list[list[str]], canonical_sim: float | None = None) -> Grade:
    """How relevant one passage or fact is to the plan. ``canonical_sim`` is the passage's similarity to
    ``canonical_clause_question``: a section tagged as the asked clause is graded as well as the plainly worded
    question would grade it, so the user's wording does not decide whether a tagged clause is found."""
    reasons: list[str] = []
    targets = set(plan.document_ids)
    doc_id = meta.document_id if meta else item.citation.document_id
    if targets and doc_id not in targets and not (meta and meta.status == "superseded"):
        return Grade(id=item.id, relevance=0.0, key_terms=False, reasons=["other document"])
    has_key = names_asked_thing(plan, item.text, keys)
    overlap = term_overlap(_question_words(plan, doc_id), item.text)
    asked_types = {snake_name(c) for c in plan.clause_types}
    # the section's ingestion tags, or the same clause rules run on this passage (a chunk of an untagged
    # section: "B. Both parties will not have liability for any damages other than direct damages.")
    # a section the stored tags put in the asked type is the asked clause even in words no key list holds
    stored_match = tagged_as_asked(plan, meta)
    clause_match = stored_match or bool(asked_types and item.fact is None and tags_in_text(item.text, asked_types))
    if item.fact is not None:
        attrs = set(fact_attributes(plan.attributes))
        if attrs and item.fact.attribute in attrs:
            rel = 0.8
            reasons.append(f"fact {item.fact.attribute}")
            q_ok = _qualifier_ok(plan, item)
            if q_ok is True:
                rel = 0.95
            elif q_ok is False:
                rel = 0.3
                reasons.append("other kind of amount or notice")
            rel *= 0.7 + 0.3 * min(1.0, max(0.0, item.fact.confidence))  # guesses (< 0.5) rank lower
            if plan.constraints.value_text and not value_matches(plan, item.fact) and not checks_a_stated_law(plan):
                rel = 0.1
                reasons.append("value does not match the filter")
        else:
            rel = 0.5 * overlap if has_key else 0.1
        return Grade(id=item.id, relevance=round(rel, 4), key_terms=has_key, reasons=reasons)
    if item.store == "graph" and meta and meta.reference_key:
        rel = 0.85 if plan.intent == "relational" else 0.4
        return Grade(id=item.id, relevance=rel, key_terms=True, reasons=["graph reference"])
    sem = semantic if semantic is not None else overlap
    rel = 0.45 * overlap + 0.35 * max(0.0, sem) + (0.3 if clause_match else 0.0)
    canonical = canonical_clause_question(plan) if stored_match and canonical_sim is not None else None
    if canonical is not None:
        plain = 0.45 * term_overlap(content_words(canonical), item.text) + 0.35 * max(0.0, canonical_sim or 0.0) + 0.3
        if plain > rel:
            rel = plain
            reasons.append("tagged clause, graded on the plain question")
    if has_key and keys:
        rel += 0.15
        reasons.append("names the asked thing")
    if clause_match:
        reasons.append("clause type")
    if keys and not has_key and not (stored_match and about_a_clause(plan)):
        rel = min(rel, 0.2)
        reasons.append("does not name the asked thing")
    if plan.attribute and plan.intent in ("exact_value", "compare", "calculate") and not clause_match:
        rel = min(rel, 0.55) if _has_value_shape(plan, item.text) else min(rel, 0.3)
    return Grade(id=item.id, relevance=round(min(rel, 1.0), 4), key_terms=has_key, reasons=reasons)


def _question_words(plan: Plan, doc_id: str | None) -> list[str]:
    """The question's content words a passage of ``doc_id`` is graded on: in a comparison, less the words that
    name the other compared contracts ("the Integra PcoMed supply deal" is no word a passage of the Miaoli
    contract can hold)."""
    words = content_words(plan.question)
    if plan.intent != "compare" or len(plan.documents) < 2 or doc_id is None:
        return words
    others = {w for ref in plan.documents if doc_id not in ref.document_ids for w in content_words(ref.mention)}
    own = {w for ref in plan.documents if doc_id in ref.document_ids for w in content_words(ref.mention)}
    kept = [w for w in words if w not in others - own]
    return kept or words


def _has_value_shape(plan: Plan, text: str) -> bool:
    entry = ATTRIBUTE_BY_NAME.get(plan.attribute or "")
    return bool(entry and entry.has_value_shape(text))


def stored_scores(stored: StoredScores | None, embedder, query: str, evidence: list[Evidence]) -> dict[str, float]:
    """Cosine of each stored passage's vector to the query: a chunk's (its heading and text, as ingest embedded
    them) or a tagged section's (its passage, embedded at ingest as ``semantic_scores`` would embed it), from the
    stores: such a passage is not embedded again to be graded (empty when there is no store or it fails; those
    passages are then embedded)."""
    ids = [e.id for e in evidence if e.id.startswith(STORED_PREFIXES)]
    if stored is None or embedder is None or not ids:
        return {}
    try:
        scores = stored(embedder.embed_query(query), ids)
    except (StoreError, ValueError):
        return {}
    wanted = set(ids)
    return {i: float(s) for i, s in scores.items() if i in wanted}


def semantic_scores(embedder, query: str, evidence: list[Evidence]) -> dict[str, float]:
    """Cosine similarity of each item to the query (empty when no embedder)."""
    if embedder is None or not evidence:
        return {}
    try:
        q = embedder.embed_query(query)
        m = embedder.embed_documents([e.text[:PASSAGE_VECTOR_CHARS] for e in evidence])
    except Exception:  # noqa: BLE001 - grading works on overlap alone
        return {}
    sims = np.asarray(m) @ np.asarray(q)
    return {e.id: float(s) for e, s in zip(evidence, sims, strict=False)}


def similarities(stored: StoredScores | None, embedder, query: str, evidence: list[Evidence]) -> dict[str, float]:
    """Each item's similarity to ``query``: a chunk's from its stored vector (``stored_scores``), any other item (or
    a chunk the store did not give) embedded (``semantic_scores``)."""
    sims = stored_scores(stored, embedder, query, evidence)
    sims.update(semantic_scores(embedder, query, [e for e in evidence if e.id not in sims]))
    return sims


def grade_evidence(
    plan: Plan, evidence: list[Evidence], meta: dict[str, HitMeta], embedder=None,
    llm_relevant: set[str] | None = None, query: str | None = None, stored: StoredScores | None = None,
) -> tuple[list[Evidence], list[Grade]]:
    """Grade every item; returns items with ``relevant`` set and the grades (same order). ``stored`` gives the
    vector store's similarity of chunks to a query vector (``stored_scores``)."""
    keys = key_groups(plan)
    sims = {i: m.similarity for i, m in meta.items() if m.similarity is not None}
    todo = [e for e in evidence if e.fact is None and e.id not in sims][:MAX_EMBEDDED]
    sims.update(similarities(stored, embedder, query or plan.question, todo))
    canonical = canonical_clause_question(plan)
    plain_sims: dict[str, float] = {}
    if canonical is not None:
        tagged = [e for e in evidence if e.fact is None and tagged_as_asked(plan, meta.get(e.id))][:MAX_EMBEDDED]
        plain_sims = similarities(stored, embedder, canonical, tagged)
    graded: list[Evidence] = []
    grades: list[Grade] = []
    for item in evidence:
        g = grade_item(plan, item, meta.get(item.id), sims.get(item.id), keys, plain_sims.get(item.id))
        if llm_relevant is not None and g.key_terms and g.relevance > 0.1:
            g.relevance = round(min(1.0, g.relevance + (0.15 if item.id in llm_relevant else -0.1)), 4)
            g.reasons.append("llm: relevant" if item.id in llm_relevant else "llm: not relevant")
        grades.append(g)
        graded.append(item.model_copy(update={"relevant": g.relevance >= RELEVANT}))
    return graded, grades


def verdict_for(plan: Plan, evidence: list[Evidence], grades: list[Grade], meta: dict[str, HitMeta]) -> Verdict:
    """CRAG: correct when every target document (and asked attribute) has strong evidence."""
    by_id = {g.id: g for g in grades}
    relevant = [e for e in evidence if by_id[e.id].relevance >= RELEVANT]
    if not relevant:
        return "incorrect"
    strong = [e for e in relevant if by_id[e.id].relevance >= STRONG]
    if plan.intent in ("compare", "calculate") and len(plan.documents) >= 2:
        for ref in plan.documents:
            ids = set(ref.document_ids)
            if not any((m.document_id if (m := meta.get(e.id)) else e.citation.document_id) in ids
                       for e in strong):
                return "ambiguous"
        return "correct"
    if plan.intent == "relational":
        has_ref = any(e.store == "graph" for e in relevant)
        return "correct" if strong and has_ref else "ambiguous"
    return "correct" if strong else "ambiguous"


class Rewrite(BaseModel):
    query: str
    plan: Plan
    strategy: str


def rewrite(plan: Plan, query: str, attempt: int, used_tools: set[str]) -> Rewrite:
    """The next strategy not yet tried: expand with synonyms, switch tools, widen documents, keywords."""
    new = plan.model_copy(deep=True)
    done = set(plan.rewrites_done)
    extra = [t for t in expansion_terms(plan) if t.lower() not in query.lower()][:6]
    if "expand" not in done and (extra or not {"lexical", "vectors"} <= set(plan.tools)):
        new.tools = _with(new.tools, ["lexical", "vectors"])
        new.keywords = list(dict.fromkeys(new.keywords + content_words(" ".join(extra))))
        new.rewrites_done.append("expand")
        return Rewrite(query=f"{query} {' '.join(extra)}".strip(), plan=new,
                       strategy="expand query with synonyms: " + ", ".join(extra) if extra else "add text channels")
    if "switch" not in done:
        switched = [t for t in ("clauses", "lexical", "vectors", "facts") if t not in used_tools]
        if not new.clause_types and plan.attribute and plan.attribute in ATTRIBUTE_BY_NAME:
            new.clause_types = list(ATTRIBUTE_BY_NAME[plan.attribute].clause_types)
        new.tools = _with(default_tools(new), switched or ["vectors"])
        new.filter_clause_types = False
        new.rewrites_done.append("switch")
        return Rewrite(query=query, plan=new,
                       strategy="switch tools: " + ", ".join(switched or ["vectors without clause-type filter"]))
    # only documents guessed from a bare name (or an LLM hint) are dropped; a named title stays, and so do the
    # contracts of a party the question names ("Can Pareteum pull our licence?" is not answered from another
    # contract when Pareteum's says nothing)
    inferred = [r for r in new.documents if not r.explicit and r.resolved_by != "title" and not r.by_party]
    if "widen" not in done and inferred:
        new.documents = [r for r in new.documents if r not in inferred]
        new.rewrites_done.append("widen")
        return Rewrite(query=query, plan=new, strategy="drop inferred document constraint")
    new.rewrites_done.append("keywords")
    words = content_words(plan.question)
    return Rewrite(query=" ".join(words[:12]) or query, plan=new, strategy="plain keyword query")


def _with(tools: list, extra: list) -> list:
    out = list(tools)
    for t in extra:
        if t not in out:
            out.append(t)
    return out


class RelevantPassages(BaseModel):
    """The LLM grader's reply: the numbers of the passages that answer the question (bounded)."""

    relevant: list[int] = Field(default_factory=list, max_length=8)


def parse_relevant(content: str) -> RelevantPassages | None:
    """Read the grader's JSON ({"relevant": [1, 3]}) from a model without tool calling, leniently."""
    raw = json_in_reply(content)
    nums = raw.get("relevant") if isinstance(raw, dict) else None
    if not isinstance(nums, list):
        return None
    out: list[int] = []
    for n in nums:
        try:
            out.append(int(n))
        except (TypeError, ValueError):
            continue
    return RelevantPassages(relevant=out[:8])


def relevant_ids(reply: RelevantPassages | None, ids: list[str]) -> set[str] | None:
    """The evidence ids the grader's passage numbers (1-based into ``ids``) name."""
    if reply is None:
        return None
    nums = reply.relevant
    out = set()
    for n in nums:
        try:
            i = int(n)
        except (TypeError, ValueError):
            continue
        if 1 <= i <= len(ids):
            out.add(ids[i - 1])
    return out

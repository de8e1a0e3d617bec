"""Run the plan's tools in order, within the tool-call and hop budgets.

Relational questions run a ReAct-style chain where each hop is chosen from
the last observation: entity -> documents -> fact or clause -> the clause's
full text -> the regulations it references. Every call is a trace step.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from agents.critic import expansion_terms, grade_item, key_groups
from agents.plan import Plan
from stores.errors import StoreError
from tools.base import ToolContext, ToolResult, ToolSpec
from tools.clauses import ClauseQuery, SectionQuery, clauses_by_type, section_context
from tools.facts import FactQuery, query_facts
from tools.graph import (
    DocumentClausesQuery,
    EntityDocumentsQuery,
    ReferencesQuery,
    clause_references,
    document_clauses,
    entity_documents,
)
from tools.lexical import LexicalQuery, lexical_search
from tools.vector_search import VectorQuery, vector_search
from veridict.domain import ATTRIBUTE_BY_NAME, content_words
from veridict.types import Outage, TraceStep


class Budget(BaseModel):
    max_tool_calls: int
    max_hops: int
    tool_calls: int = 0
    hops: int = 0

    @property
    def calls_left(self) -> int:
        return max(0, self.max_tool_calls - self.tool_calls)


class Research(BaseModel):
    results: list[ToolResult] = Field(default_factory=list)
    trace: list[TraceStep] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    outages: list[Outage] = Field(default_factory=list)  # stores that failed a call of this round
    tools_used: list[str] = Field(default_factory=list)
    calls: list[str] = Field(default_factory=list)  # call keys (tool + arguments) made in this round

    def record(self, key: str, result: ToolResult) -> None:
        """A call that ran: its key, its result, its tool, and the store it found down (if any)."""
        self.calls.append(key)
        self.results.append(result)
        self.tools_used.append(result.tool)
        if result.outage is not None:
            self.outages.append(result.outage)


def call_key(spec: ToolSpec, args: BaseModel) -> str:
    """What makes two calls the same: the tool and its validated arguments (a call is never repeated)."""
    return f"{spec.name}:{args.model_dump_json()}"


class Researcher:
    """One research round for a plan and a (possibly rewritten) query."""

    def __init__(self, ctx: ToolContext, budget: Budget, top_k: int = 8, seen: set[str] | None = None,
                 expansions: list[str] | None = None):
        self.ctx = ctx
        self.budget = budget
        self.top_k = top_k
        self.seen = set(seen or ())  # calls made in earlier rounds: never repeated
        self.expansions = list(expansions or ())  # extra queries for the text channels (HyDE, multi-query)
        self.out = Research()

    # -- plumbing ---------------------------------------------------------------------------

    def call(self, spec: ToolSpec, args: BaseModel, note: str | None = None) -> ToolResult | None:
        key = call_key(spec, args)
        if key in self.seen:
            return None  # the same call in an earlier round: its results are already in the state
        if self.budget.calls_left <= 0:
            if "tool budget exhausted" not in self.out.notes:
                self.out.notes.append("tool budget exhausted")
                self.out.trace.append(TraceStep(node="research", note="tool budget exhausted"))
            return None
        self.budget.tool_calls += 1
        self.seen.add(key)
        result = spec(self.ctx, args)
        self.out.record(key, result)
        shown = {k: (v[:5] + ["…"] if isinstance(v, list) and len(v) > 5 else v)
                 for k, v in args.model_dump(exclude_none=True).items()}
        self.out.trace.append(TraceStep(
            node="research", tool=spec.name, arguments=shown,
            results=result.size, ms=result.ms, note="; ".join(x for x in (note, result.note) if x) or None,
        ))
        return result

    # -- the round --------------------------------------------------------------------------

    def run(self, plan: Plan, query: str) -> Research:
        if plan.intent == "relational":
            self.relational_chain(plan, query)
            return self.out
        for tool in plan.tools:
            if tool == "facts":
                self.facts(plan)
            elif tool == "clauses":
                self.clauses(plan)
            elif tool == "lexical":
                self.per_document(plan, lambda ids: self.lexical(plan, query, ids))
            elif tool == "vectors":
                self.per_document(plan, lambda ids: self.vectors(plan, query, ids))
        if self.expansions:  # after the plan's own calls, so they never starve it of budget
            self.per_document(plan, lambda ids: self.expanded(plan, ids))
        return self.out

    def expanded(self, plan: Plan, ids: list[str] | None) -> None:
        """The extra queries (HyDE, multi-query) through the text channels the plan uses."""
        types = self.clause_types(plan) if plan.filter_clause_types and plan.intent == "clause_lookup" else None
        for extra in self.expansions:
            if "lexical" in plan.tools:
                self.call(lexical_search, LexicalQuery(query=lexical_query(plan, extra), document_ids=ids,
                                                       limit=self.top_k), note="expanded query")
            if "vectors" in plan.tools:
                self.call(vector_search, VectorQuery(query=extra, document_ids=ids, clause_types=types or None,
                                                     k=self.top_k), note="expanded query")

    def per_document(self, plan: Plan, fn) -> None:
        if plan.intent in ("compare", "calculate") and len(plan.documents) > 1:
            for ref in plan.documents:
                if ref.document_ids:
                    fn(ref.document_ids)
        else:
            fn(plan.document_ids or None)

    def fact_attributes(self, plan: Plan) -> list[str]:
        out: list[str] = []
        for attr in plan.attributes:
            term = ATTRIBUTE_BY_NAME.get(attr)
            for fa in (term.facts if term else (attr,))[:2]:
                if fa not in out:
                    out.append(fa)
        return out

    def facts(self, plan: Plan) -> None:
        attrs = self.fact_attributes(plan)
        if not attrs:
            return
        wide = plan.intent in ("list", "count") or not plan.document_ids
        for fa in attrs:
            args = FactQuery(
                attribute=fa,
                document_ids=plan.document_ids or None,
                text_contains=plan.constraints.value_text if plan.intent in ("list", "count") else None,
                min_num=plan.constraints.min_num,
                max_num=plan.constraints.max_num,
                include_superseded=not plan.constraints.active_only,
                limit=200 if wide else 50,
            )
            self.call(query_facts, args)
        if "expiration_date" in plan.attributes and plan.intent in ("exact_value", "compare") and plan.document_ids:
            # a term without an end date needs its start to compute the expiry
            self.call(query_facts, FactQuery(attribute="effective_date", document_ids=plan.document_ids, limit=10))
        if plan.document_ids and plan.intent in ("exact_value", "relational", "compare"):
            self.history(plan, attrs)

    def history(self, plan: Plan, attrs: list[str]) -> None:
        """Facts of superseded versions of the target documents (to mention what changed)."""
        pg = self.ctx.pg
        if not plan.constraints.active_only or self.budget.calls_left <= 1 or pg is None:
            return
        keys = {doc.doc_key for i in plan.document_ids if (doc := self.ctx.document(i))}
        try:
            older = [d for d in pg.list_documents(self.ctx.tenant, status="superseded") if d.doc_key in keys]
        except StoreError:
            return
        if not older:
            return
        for d in older:
            self.ctx.remember(d)
        self.call(query_facts, FactQuery(attribute=attrs[0], document_ids=[d.id for d in older][:20],
                                         include_superseded=True, limit=50),
                  note="earlier versions")

    def clause_types(self, plan: Plan) -> list[str]:
        types = list(plan.clause_types)
        if not types and plan.attribute in ATTRIBUTE_BY_NAME:
            types = list(ATTRIBUTE_BY_NAME[plan.attribute].clause_types)
        return types[:2]

    def clauses(self, plan: Plan) -> None:
        for ct in self.clause_types(plan):
            wide = plan.intent in ("list", "count")
            self.call(clauses_by_type, ClauseQuery(clause_type=ct, document_ids=plan.document_ids or None,
                                                   limit=200 if wide else 20))

    def lexical(self, plan: Plan, query: str, ids: list[str] | None) -> None:
        self.call(lexical_search, LexicalQuery(query=lexical_query(plan, query), document_ids=ids,
                                               limit=self.top_k))

    def vectors(self, plan: Plan, query: str, ids: list[str] | None) -> None:
        types = self.clause_types(plan) if plan.filter_clause_types and plan.intent == "clause_lookup" else None
        self.call(vector_search, VectorQuery(query=semantic_query(plan, query), document_ids=ids,
                                             clause_types=types or None, k=self.top_k))

    # -- multi-hop ----------------------------------------------------------------------------

    def hop(self, thought: str) -> bool:
        if self.budget.hops >= self.budget.max_hops:
            self.out.notes.append("hop budget exhausted")
            self.out.trace.append(TraceStep(node="research", note=f"hop budget exhausted before: {thought}"))
            return False
        self.budget.hops += 1
        self.out.trace.append(TraceStep(node="research", note=f"hop {self.budget.hops}: {thought}"))
        return True

    def relational_chain(self, plan: Plan, query: str) -> None:
        docs = list(plan.document_ids)
        # hop: entity -> documents (through the graph's PARTY_TO / MENTIONS edges)
        names = [n for r in plan.documents if r.resolved_by in ("parties", "entity") for n in r.parties]
        names = list(dict.fromkeys(names or plan.entities))[:2]
        if names:
            if not self.hop(f"find the active documents of {', '.join(names)}"):
                return
            found: list[str] = []
            for name in names:
                result = self.call(entity_documents, EntityDocumentsQuery(entity_name=name))
                if result:
                    found += [str(r["id"]) for r in result.rows if r.get("id") and str(r["id"]) not in found]
            found = [d for d in found if (doc := self.ctx.document(d)) is not None
                     and getattr(doc.status, "value", doc.status) == "active"]
            if not docs:
                docs = found
            elif found and set(found) & set(docs):
                docs = [d for d in docs if d in set(found)]
        if not docs and not plan.entities:
            docs = []  # library-wide
        ids = docs or None
        # hop: documents -> the asked fact or clause
        anchors: list[tuple[str, str]] = []  # (section_id, document_id)
        if plan.attribute or plan.clause_types:
            if not self.hop("find the asked fact or clause in those documents"):
                return
            results: list[ToolResult] = []
            if plan.attribute:
                for fa in self.fact_attributes(plan)[:1]:
                    r = self.call(query_facts, FactQuery(attribute=fa, document_ids=ids, limit=50))
                    if r:
                        results.append(r)
            for ct in self.clause_types(plan)[:1]:
                r = self.call(clauses_by_type, ClauseQuery(clause_type=ct, document_ids=ids, limit=10))
                if r:
                    results.append(r)
            if not any(r.evidence for r in results):
                r = self.call(vector_search, VectorQuery(query=semantic_query(plan, query), document_ids=ids,
                                                         k=self.top_k))
                if r:
                    results.append(r)
            anchors = self._anchors(plan, results)
            if docs and plan.document_ids and ids:
                self.history(plan, self.fact_attributes(plan)[:1] or ["amount"])
        # hop: fact -> the surrounding clause text
        if anchors:
            if not self.hop("read the full clause around the fact"):
                return
            self.call(section_context, SectionQuery(section_ids=[s for s, _ in anchors][:5]))
        # hop: clause -> referenced regulations / clauses
        if not self.hop("follow the clause's references to regulations"):
            return
        clause_ids = [s for s, _ in anchors]
        refs = self.call(clause_references, ReferencesQuery(clause_ids=clause_ids[:50])) if clause_ids else None
        if (refs is None or not refs.evidence) and docs:
            all_clauses: list[str] = []
            for d in docs[:3]:
                r = self.call(document_clauses, DocumentClausesQuery(document_id=d))
                if r:
                    all_clauses += [str(row["id"]) for row in r.rows if row.get("id")]
            if all_clauses:
                self.call(clause_references, ReferencesQuery(clause_ids=all_clauses[:50]),
                          note="references of all clauses of the documents")
        if not any(r.evidence for r in self.out.results):
            self.per_document(plan, lambda i: self.vectors(plan, query, i))

    def _anchors(self, plan: Plan, results: list[ToolResult]) -> list[tuple[str, str]]:
        keys = key_groups(plan)
        scored = []
        for r in results:
            for ev in r.evidence:
                meta = r.meta.get(ev.id)
                g = grade_item(plan, ev, meta, None, keys)
                section_id = (ev.fact.section_id if ev.fact else None) or (meta.section_id if meta else None)
                if section_id and g.relevance >= 0.35:
                    scored.append((g.relevance, section_id, meta.document_id if meta else ev.citation.document_id))
        scored.sort(key=lambda x: -x[0])
        out: list[tuple[str, str]] = []
        for _, sid, did in scored:
            if (sid, did) not in out:
                out.append((sid, did))
        return out[:3]


def _strip_mentions(plan: Plan, text: str) -> str:
    for ref in plan.documents:
        if ref.mention and len(ref.mention) > 3:
            text = text.replace(ref.mention, " the agreement ")
    text = re.sub(r"quote the clause and cite section and page\.?", " ", text, flags=re.I)
    return " ".join(text.split())


def semantic_query(plan: Plan, query: str) -> str:
    """The question without document names (they pull towards title pages), plus synonyms."""
    base = _strip_mentions(plan, query)
    extra = [t for t in expansion_terms(plan)[:4] if t.lower() not in base.lower()]
    return " ".join([base, *extra]).strip() or query


def lexical_query(plan: Plan, query: str) -> str:
    """websearch syntax: the asked thing's phrases OR'ed, else the question's content words OR'ed."""
    phrases = [f'"{p}"' if " " in p else p for p in expansion_terms(plan)[:8]]
    words = content_words(_strip_mentions(plan, query))
    if phrases and query == plan.question:
        return " or ".join(phrases)
    return " or ".join(dict.fromkeys(phrases + words[:10])) or query

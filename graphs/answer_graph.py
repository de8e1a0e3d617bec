"""The answer graph: plan -> research -> grade -> (rewrite -> research)* -> [react* -> grade] -> draft -> verify.

    START -> plan --(document missing)--> verify -> END
               \\-> research -> grade --(correct / budget spent)--> draft -> verify -> END
                               ^   \\--(incorrect or ambiguous, budget left)--> rewrite
                               \\________________________________________________/

A question asked in parts ("Who is it with, and when does it end?", ``agents/parts.py``) goes round once per part:
verify routes back to plan for the next part, and the last part's verify joins the parts' answers.

With a chat model, grade routes once to ``react`` instead of ``draft``: the model calls the tools itself,
one turn per visit (``agents/react.py``), then the evidence is graded again with its results and drafted.

Stores, settings and the chat model are injected by ``build_answer_graph``;
nothing here is a module-level client. Loops end by budget (max_rewrites,
max_tool_calls, max_hops) long before the recursion limit, in a refusal.
"""

from __future__ import annotations

import atexit
import threading
import time
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Literal

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from agents.critic import (
    RelevantPassages,
    StoredScores,
    grade_evidence,
    parse_relevant,
    relevant_ids,
    rewrite,
    verdict_for,
)
from agents.drafting import Drafter, carry_addenda, documents_block, llm_evidence, note_unmatched, parse_llm_draft
from agents.expand import expand_queries
from agents.llm import LLMUnavailable, call_llm, call_structured, make_chat_model, prompt_messages
from agents.meaning import clause_question, qualifier_hint, read_by_meaning, wants_meaning
from agents.parts import MAX_PARTS, join_answers, planned_part, question_parts
from agents.plan_hint import PlanHint, clean_hint, merge_hint, needs_hint, parse_hint
from agents.planner import as_comparison, load_spacy, parse_question
from agents.provenance import build_answer
from agents.react import answer_items, react_turn, start
from agents.researcher import Budget, Researcher
from agents.resolve import candidates_in_words, resolve_documents
from graphs.state import AnswerContext, AnswerState, InputState, NewTurn, OutputState
from tools.base import ToolContext, ms_since
from tools.chunks import stored_similarities
from tools.registry import TOOLS
from tools.rerank import fuse, mmr, rerank
from veridict.domain import RefusalReason, fact_attributes
from veridict.types import Answer, TraceStep

GRADE_WINDOW = 24  # items graded after reranking (list/count questions keep all)
LLM_EVIDENCE = 6


def recursion_limit(settings) -> int:
    """Generous: the budgets end every loop first (5 nodes + 3 per rewrite, + one per ReAct hop and 2 more), for
    each part of a question asked in parts."""
    return MAX_PARTS * (25 + 4 * max(0, int(settings.max_rewrites)) + max(0, int(settings.max_hops)) + 2)


def build_answer_graph(stores, settings, llm=None, checkpointer=None, *, auto_llm: bool = True):
    """Compile the answer graph over ``stores``; ``llm`` defaults to the configured chat model (if any)."""
    chat = llm if llm is not None else (make_chat_model(settings) if auto_llm else None)
    nodes = _Nodes(stores, settings, chat)
    graph = StateGraph(AnswerState, context_schema=AnswerContext, input_schema=InputState,
                       output_schema=OutputState)
    graph.add_node("plan", nodes.plan)
    graph.add_node("research", nodes.research)
    graph.add_node("grade", nodes.grade)
    graph.add_node("rewrite", nodes.rewrite)
    graph.add_node("react", nodes.react)
    graph.add_node("draft", nodes.draft)
    graph.add_node("verify", nodes.verify)
    graph.add_edge(START, "plan")
    graph.add_conditional_edges("plan", nodes.after_plan, ["research", "verify"])
    graph.add_edge("research", "grade")
    graph.add_conditional_edges("grade", nodes.after_grade, ["rewrite", "react", "draft"])
    graph.add_edge("rewrite", "research")
    graph.add_conditional_edges("react", nodes.after_react, ["react", "grade"])
    graph.add_edge("draft", "verify")
    graph.add_conditional_edges("verify", nodes.after_verify, ["plan", END])
    compiled = graph.compile(checkpointer=checkpointer, name="veridict-answer")
    return compiled.with_config({"recursion_limit": recursion_limit(settings)})


def clean_question(question: object) -> str:
    """The question as one line of text: control characters (NUL included) become spaces."""
    text = question if isinstance(question, str) else ""
    return " ".join("".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text).split())


def question_problem(question: object, max_chars: int) -> tuple[RefusalReason, str | None] | None:
    """(reason, detail) when a question cannot be answered at all; None when it can be tried.

    Checked before any model or store is touched: an empty question, one longer than
    ``max_chars`` (settings.max_question_chars) and one without a letter or digit are refused.
    """
    raw = question if isinstance(question, str) else ""
    if len(raw) > max_chars:
        return RefusalReason.question_too_long, f"{len(raw):,} characters; the limit is {max_chars:,}"
    text = clean_question(raw)
    if not text:
        return RefusalReason.empty_question, None
    if not any(ch.isalnum() for ch in text):
        return RefusalReason.no_words, "ask about the contracts in words"
    return None


def _read_by_meaning(plan, embedder, trace: list[TraceStep]):
    """``read_by_meaning``, with its step in the trace."""
    started = time.perf_counter()
    plan, reading, used = read_by_meaning(plan, embedder)
    trace.append(TraceStep(node="plan", tool="meaning", ms=ms_since(started),
                           arguments={"nearest": f"{reading.kind}:{reading.name}" if reading else None,
                                      "similarity": reading.similarity if reading else None},
                           note="hint used" if used else "not near enough"))
    return plan


def answer_question(stores, settings, question: str, tenant: str | None = None, llm=None,
                    context: AnswerContext | None = None) -> Answer:
    """Answer one question; returns a cited Answer or a reasoned refusal."""
    graph = answer_graph_for(stores, settings, llm)
    out = graph.invoke({"question": question, "tenant": tenant}, context=context or AnswerContext())
    return Answer.model_validate(out["answer"])


_GRAPHS_KEPT = 4  # compiled graphs kept for answer_question: one per (stores, settings, chat model) in use
_GRAPHS: OrderedDict[tuple[int, int, str], tuple[object, object, Any]] = OrderedDict()
_GRAPHS_LOCK = threading.Lock()


def answer_graph_for(stores, settings, llm=None):
    """The compiled answer graph over these stores, settings and chat model, compiled once and reused by later
    questions (compiling takes about 15 ms on 2 cores, a tenth of a typical answer; a run holds no state in the
    graph itself). Settings are keyed by their values, so a changed setting compiles a new graph; the stores and
    chat model by identity, kept alive beside the graph so that identity stays theirs."""
    key = (id(stores), id(llm), settings.model_dump_json())
    with _GRAPHS_LOCK:
        kept = _GRAPHS.get(key)
        if kept is not None:
            _GRAPHS.move_to_end(key)
            return kept[2]
    graph = build_answer_graph(stores, settings, llm=llm)
    with _GRAPHS_LOCK:
        _GRAPHS[key] = (stores, llm, graph)
        while len(_GRAPHS) > _GRAPHS_KEPT:
            _GRAPHS.popitem(last=False)
    return graph


_OPEN_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _open_process_stores():
    from veridict.factory import open_stores
    from veridict.settings import load_settings

    settings = load_settings()
    stores = open_stores(settings)
    atexit.register(stores.close)
    return stores, settings


def process_stores():
    """(Stores, Settings) of this server process, opened once (the LangGraph server builds graphs per run;
    Qdrant local mode allows one client per folder, so two threads must not both open them)."""
    with _OPEN_LOCK:
        return _open_process_stores()


def make_graph(config: dict | None = None):
    """Graph factory for langgraph.json (``graphs/answer_graph.py:make_graph``).

    Stores are opened from the environment's Settings once per process and
    cached in ``process_stores`` (a small holder, not a module-level client).
    """
    stores, settings = process_stores()
    return build_answer_graph(stores, settings)


class _Nodes:
    """The node functions, closed over the injected stores, settings and chat model."""

    def __init__(self, stores, settings, llm):
        self.stores = stores
        self.settings = settings
        self.llm = llm

    # -- helpers ------------------------------------------------------------------------------

    def ctx(self, state: AnswerState) -> ToolContext:
        return ToolContext.from_stores(self.stores, state.get("tenant") or self.settings.tenant)

    def limit(self, runtime: Runtime[AnswerContext] | None, name: str) -> int:
        ctx = runtime.context if runtime is not None else None
        value = getattr(ctx, name, None) if ctx is not None else None
        return int(value if value is not None else getattr(self.settings, name))

    def use_llm(self, runtime: Runtime[AnswerContext] | None) -> bool:
        ctx = runtime.context if runtime is not None else None
        return self.llm is not None and (ctx is None or getattr(ctx, "use_llm", True))

    def stored_scores(self, state: AnswerState) -> StoredScores | None:
        """The similarity of the tenant's stored passages (chunks, tagged sections) to a query vector, for grading."""
        ctx = self.ctx(state)
        if ctx.vectors is None and ctx.pg is None:
            return None
        return lambda vector, evidence_ids: stored_similarities(ctx, vector, evidence_ids)

    def nlp(self):
        return load_spacy(self.settings.spacy_model)

    # -- nodes --------------------------------------------------------------------------------

    def plan(self, state: AnswerState, runtime: Runtime[AnswerContext]) -> dict[str, Any]:
        started = time.perf_counter()
        tenant = state.get("tenant") or self.settings.tenant
        raw = state.get("question")
        problem = question_problem(raw, self.settings.max_question_chars)
        if problem is not None:  # refused before any model or store is asked
            reason, detail = problem
            return {"tenant": tenant, "question": raw if isinstance(raw, str) else "",
                    "refusal_reason": reason, "refusal_detail": detail, "draft": None, "evidence": [], "react": None,
                    "results": NewTurn(), "notes": NewTurn(), "outages": NewTurn(), "grades": {},
                    "parts": [], "answered": [], "asking": raw if isinstance(raw, str) else "",
                    "trace": NewTurn([TraceStep(node="plan", ms=ms_since(started), note=f"refused: {reason}")])}
        whole = clean_question(raw)
        parts, done = self.parts_of(state, whole)
        question = parts[len(done)] if parts else planned_part(whole)
        trace: list[TraceStep] = []
        if parts and not done:
            trace.append(TraceStep(node="plan", tool="parts", results=len(parts), ms=ms_since(started),
                                   note=" | ".join(parts)))
        plan = clause_question(parse_question(question, self.nlp()))
        ruled = plan  # the rules' reading, before any by meaning
        embedder = self.stores.embedder if self.stores else None
        if wants_meaning(plan) and embedder is not None:  # no cue word named it: read it by meaning
            plan = _read_by_meaning(plan, embedder, trace)
        if embedder is not None and plan.attribute == "amount" and not plan.qualifier:
            qualifier_started = time.perf_counter()
            kind, reading = qualifier_hint(plan, embedder)
            if kind is not None:
                plan = plan.model_copy(update={"qualifier": kind, "qualifiers": [kind]})
            trace.append(TraceStep(node="plan", tool="meaning", ms=ms_since(qualifier_started),
                                   arguments={"nearest": f"qualifier:{reading.name}" if reading else None,
                                              "similarity": reading.similarity if reading else None},
                                   note="qualifier used" if kind else "qualifier not near enough"))
        if self.use_llm(runtime) and needs_hint(plan):
            llm_started = time.perf_counter()
            try:
                reply = call_structured(self.llm, prompt_messages("planner", question=question), PlanHint,
                                        parse_hint, max_retries=self.settings.llm_max_retries, max_tokens=200)
                hint = clean_hint(reply)
                if hint is not None:
                    plan = merge_hint(plan, hint)
                trace.append(TraceStep(node="plan", tool="llm", ms=ms_since(llm_started),
                                       note="hint used" if hint else "hint unreadable"))
            except LLMUnavailable as exc:
                trace.append(TraceStep(node="plan", tool="llm", ms=ms_since(llm_started),
                                       note=f"LLM unavailable, rules only: {exc}"))
        ctx = ToolContext.from_stores(self.stores, tenant)
        intent = plan.intent
        plan, steps, outages = resolve_documents(plan, ctx)
        trace += steps
        carried = (state.get("carried") or []) if done else []
        if carried and not plan.documents and plan.intent not in ("list", "count"):
            # a later part that names no contract ("... and when does it end?") asks about the one before it named
            plan = plan.model_copy(update={"documents": [r.model_copy(deep=True) for r in carried]})
            trace.append(TraceStep(node="plan", tool="resolve_documents", results=len(plan.document_ids),
                                   note="the documents of the part before"))
        if plan.intent != intent and plan.intent == "compare":
            # the names made it a comparison ("Between drkoop and Freeze Tag, ..."): what it compares is read again,
            # from the rules' reading (a reading by meaning of the question with its names in it no longer holds)
            plan = as_comparison(ruled.model_copy(update={"documents": plan.documents}))
            if wants_meaning(plan) and embedder is not None:
                plan = _read_by_meaning(plan, embedder, trace)
        # a new turn: nothing of an earlier question on this thread carries over
        update: dict[str, Any] = {"tenant": tenant, "plan": plan, "query": question, "rewrites": 0,
                                  "tool_calls": 0, "hops": 0, "refusal_reason": None, "refusal_detail": None,
                                  "evidence": [], "meta": {}, "grades": {}, "verdict": None, "draft": None,
                                  "fallback": None, "react": None, "results": NewTurn(), "tools_used": NewTurn(),
                                  "calls_seen": NewTurn(), "notes": NewTurn(),
                                  # a store that failed while resolving names is said in the answer
                                  "outages": NewTurn(outages),
                                  "parts": parts, "asked": whole, "answered": done, "asking": question,
                                  "carried": plan.documents or carried}
        missing = plan.missing_documents
        unclear = [r for r in plan.documents if r.ambiguous and r.explicit]
        if missing:
            update["refusal_reason"] = RefusalReason.no_such_document
            update["refusal_detail"] = "; ".join(f'"{r.mention}"' for r in missing)
        elif unclear:
            update["refusal_reason"] = RefusalReason.ambiguous_document
            update["refusal_detail"] = candidates_in_words(unclear[0], ctx)
        trace.append(TraceStep(node="plan", arguments={"intent": plan.intent, "attributes": plan.attributes,
                                                       "qualifier": plan.qualifier,
                                                       "clause_types": plan.clause_types,
                                                       "documents": plan.document_ids[:5], "tools": plan.tools},
                               results=len(plan.document_ids), ms=ms_since(started), note=plan.source))
        update["trace"] = NewTurn(trace)
        return update

    def parts_of(self, state: AnswerState, whole: str) -> tuple[list[str], list[dict[str, Any]]]:
        """(the question's parts, the answers of those done): the parts of a question being answered in parts,
        else the new question's parts ([] when it is one question) and none done."""
        parts = state.get("parts") or []
        done = state.get("answered") or []
        if parts and state.get("asked") == whole and len(done) < len(parts):
            return parts, done
        cut = question_parts(whole, self.asks)
        return (cut if len(cut) > 1 else []), []

    def asks(self, part: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """What one part of a question asks, read alone: its attributes and clause types (by the rules, else by
        meaning); None when it asks for neither."""
        plan = clause_question(parse_question(part, self.nlp()))
        embedder = self.stores.embedder if self.stores else None
        if wants_meaning(plan) and embedder is not None:
            plan = read_by_meaning(plan, embedder)[0]
        what = (tuple(plan.attributes), tuple(plan.clause_types))
        return what if any(what) else None

    def after_plan(self, state: AnswerState) -> Literal["research", "verify"]:
        return "verify" if state.get("refusal_reason") else "research"

    def research(self, state: AnswerState, runtime: Runtime[AnswerContext]) -> dict[str, Any]:
        budget = Budget(max_tool_calls=self.limit(runtime, "max_tool_calls"), max_hops=self.limit(runtime, "max_hops"),
                        tool_calls=state.get("tool_calls", 0), hops=state.get("hops", 0))
        trace: list[TraceStep] = []
        expansions = self.expansions(state, runtime, trace) if not state.get("rewrites") else []
        researcher = Researcher(self.ctx(state), budget, top_k=self.limit(runtime, "top_k"),
                                seen=set(state.get("calls_seen", [])), expansions=expansions)
        out = researcher.run(state["plan"], state.get("query") or state["question"])
        out.trace = trace + out.trace
        if not out.calls and not out.notes and not out.outages:
            out.trace.append(TraceStep(node="research", note="no new tool call for this rewrite"))
        return {"results": out.results, "trace": out.trace, "notes": out.notes, "outages": out.outages,
                "tools_used": out.tools_used,
                "calls_seen": out.calls, "tool_calls": budget.tool_calls, "hops": budget.hops}

    def expansions(self, state: AnswerState, runtime: Runtime[AnswerContext], trace: list[TraceStep]) -> list[str]:
        """Extra queries for the text channels from the model (HyDE, multi-query), where the settings ask."""
        if not self.use_llm(runtime) or not {"lexical", "vectors"} & set(state["plan"].tools):
            return []
        queries, steps = expand_queries(self.llm, _asking(state), self.settings)
        trace += steps
        return queries

    def grade(self, state: AnswerState, runtime: Runtime[AnswerContext]) -> dict[str, Any]:
        started = time.perf_counter()
        plan = state["plan"]
        query = state.get("query") or state["question"]
        evidence, meta, fused = fuse(state.get("results", []))
        ranked = rerank(query, evidence, meta, fused, attributes=fact_attributes(plan.attributes),
                        qualifier=plan.qualifier, clause_types=plan.clause_types,
                        reranker_path=self.settings.reranker_path)
        if self.settings.retrieval_mmr:
            ranked = mmr(ranked, self.stores.embedder if self.stores else None,
                         lam=self.settings.retrieval_mmr_lambda, window=GRADE_WINDOW)
        if plan.intent not in ("list", "count"):
            ranked = ranked[:GRADE_WINDOW]
        stored = self.stored_scores(state)
        graded, grades = grade_evidence(plan, ranked, meta, self.stores.embedder if self.stores else None,
                                        query=query, stored=stored)
        verdict = verdict_for(plan, graded, grades, meta)
        trace: list[TraceStep] = []
        if verdict == "ambiguous" and self.use_llm(runtime) and graded:
            window = [e for e, g in zip(graded, grades, strict=False) if g.relevance > 0.1][:8]
            if window:
                llm_started = time.perf_counter()
                try:
                    reply = call_structured(self.llm, prompt_messages("grader", question=_asking(state),
                                                                      documents=documents_block(window)),
                                            RelevantPassages, parse_relevant,
                                            max_retries=self.settings.llm_max_retries, max_tokens=60)
                    chosen = relevant_ids(reply, [e.id for e in window])
                    if chosen is not None:
                        graded, grades = grade_evidence(plan, ranked, meta, self.stores.embedder, llm_relevant=chosen,
                                                        query=query, stored=stored)
                        verdict = verdict_for(plan, graded, grades, meta)
                    trace.append(TraceStep(node="grade", tool="llm", results=len(chosen or ()),
                                           ms=ms_since(llm_started),
                                           note="llm grader" if chosen is not None else "llm grader unreadable"))
                except LLMUnavailable as exc:
                    trace.append(TraceStep(node="grade", tool="llm", ms=ms_since(llm_started),
                                           note=f"LLM unavailable, rules only: {exc}"))
        relevant = sum(1 for g in grades if g.relevance >= 0.35)
        trace.append(TraceStep(node="grade", arguments={"items": len(graded)}, results=relevant, ms=ms_since(started),
                               note=f"CRAG verdict: {verdict}"))
        return {"evidence": graded, "meta": meta, "grades": {g.id: g for g in grades}, "verdict": verdict,
                "trace": trace}

    def after_grade(self, state: AnswerState,
                    runtime: Runtime[AnswerContext]) -> Literal["rewrite", "react", "draft"]:
        if state.get("react") is not None:  # graded again after the model's own searches
            return "draft"
        verdict = state.get("verdict")
        rewrites = state.get("rewrites", 0)
        calls_left = state.get("tool_calls", 0) < self.limit(runtime, "max_tool_calls")
        if (verdict != "correct" and rewrites < self.limit(runtime, "max_rewrites") and calls_left
                and (verdict == "incorrect" or rewrites == 0)):
            return "rewrite"
        return "react" if self.use_llm(runtime) and self.settings.llm_react else "draft"

    def react(self, state: AnswerState, runtime: Runtime[AnswerContext]) -> dict[str, Any]:
        """One turn of the model's tool-calling loop (the first turn starts it from the graded evidence)."""
        log = state.get("react") or start(state.get("evidence", []), state.get("grades", {}))
        budget = Budget(max_tool_calls=self.limit(runtime, "max_tool_calls"), max_hops=self.limit(runtime, "max_hops"),
                        tool_calls=state.get("tool_calls", 0), hops=state.get("hops", 0))
        ctx = self.ctx(state)
        specs = [t for t in TOOLS.values() if t.available(ctx)]
        turn = react_turn(self.llm, ctx, _asking(state), log, budget, specs, seen=set(state.get("calls_seen", [])),
                          max_retries=self.settings.llm_max_retries,
                          tool_choice=self.settings.llm_tool_choice)
        return {"react": turn.log, "results": turn.results, "trace": turn.trace, "outages": turn.outages,
                "tools_used": turn.tools_used, "calls_seen": turn.calls, "tool_calls": budget.tool_calls,
                "hops": budget.hops}

    def after_react(self, state: AnswerState) -> Literal["react", "grade"]:
        log = state.get("react")
        return "grade" if log is None or log.done else "react"

    def rewrite(self, state: AnswerState) -> dict[str, Any]:
        attempt = state.get("rewrites", 0)
        rw = rewrite(state["plan"], state.get("query") or state["question"], attempt, set(state.get("tools_used", [])))
        return {"plan": rw.plan, "query": rw.query, "rewrites": attempt + 1,
                "trace": [TraceStep(node="rewrite", arguments={"query": rw.query[:300]}, note=rw.strategy)]}

    def draft(self, state: AnswerState, runtime: Runtime[AnswerContext]) -> dict[str, Any]:
        started = time.perf_counter()
        plan = state["plan"]
        evidence = state.get("evidence", [])
        grades = state.get("grades", {})
        drafter = Drafter(plan, evidence, state.get("meta", {}), grades, self.ctx(state))
        extractive = drafter.build(evidence)
        trace = list(drafter.trace)
        update: dict[str, Any] = {"draft": extractive, "tool_calls": state.get("tool_calls", 0) + drafter.calls}
        if state.get("verdict") == "incorrect" and not extractive.claims:
            spent = state.get("rewrites", 0)
            note = f"nothing relevant after {spent} rewrite(s) and {state.get('tool_calls', 0)} tool call(s)"
            trace.append(TraceStep(node="draft", note=note))
        elif self.use_llm(runtime):
            react_answer, react_items = _react_answer(state)
            items = react_items or llm_evidence(evidence, grades, LLM_EVIDENCE)
            if items:
                llm_started = time.perf_counter()
                try:
                    content = react_answer or call_llm(
                        self.llm,
                        prompt_messages("answer", question=_asking(state), documents=documents_block(items)),
                        max_retries=self.settings.llm_max_retries, max_tokens=220)
                    llm_draft = parse_llm_draft(content, items)
                    llm_draft.verbatim = extractive.verbatim
                    llm_draft.derived_numbers = extractive.derived_numbers
                    if llm_draft.claims:
                        llm_draft = carry_addenda(llm_draft, extractive)
                        note_unmatched(llm_draft, plan)
                    update["draft"] = llm_draft
                    update["fallback"] = extractive
                    trace.append(TraceStep(node="draft", tool="llm", arguments={"evidence": len(items)},
                                           results=len(llm_draft.claims), ms=ms_since(llm_started),
                                           note=("LLM draft (the ReAct answer): " if react_answer else "LLM draft: ")
                                           + content[:300]))
                except LLMUnavailable as exc:
                    trace.append(TraceStep(node="draft", tool="llm", ms=ms_since(llm_started),
                                           note=f"LLM unavailable, extractive answer: {exc}"))
        trace.append(TraceStep(node="draft", results=len(update["draft"].claims), ms=ms_since(started),
                               note=update["draft"].mode + (f"; refusal: {update['draft'].refusal_reason.text}"
                                                            if update["draft"].refusal_reason else "")))
        update["trace"] = trace
        return update

    def verify(self, state: AnswerState) -> dict[str, Any]:
        started = time.perf_counter()
        evidence = {e.id: e for e in state.get("evidence", [])}
        for result in state.get("results", []):
            for e in result.evidence:
                evidence.setdefault(e.id, e)
        relevance = {k: g.relevance for k, g in state.get("grades", {}).items()}
        draft = state.get("draft")
        answer = build_answer(
            _asking(state), draft, evidence, relevance, state.get("trace", []), state.get("outages", []),
            refusal_reason=state.get("refusal_reason"), refusal_detail=state.get("refusal_detail"),
            nlp=self.nlp() if draft is not None and draft.mode == "llm" else None,
            fallback=state.get("fallback"),
            ocr_low=self.settings.ocr_low_confidence,
        )
        answer.trace.append(TraceStep(node="verify", ms=ms_since(started),
                                      note="refused: " + (answer.refusal_reason or "") if answer.refused
                                      else f"{len(answer.citations)} citation(s)"))
        parts = state.get("parts") or []
        if not parts:
            return {"answer": answer.model_dump(mode="json")}
        done = [*(state.get("answered") or []), answer.model_dump(mode="json")]
        if len(done) < len(parts):
            return {"answered": done}
        joined = join_answers(state.get("asked") or clean_question(state["question"]), parts,
                              [Answer.model_validate(a) for a in done])
        return {"answer": joined.model_dump(mode="json"), "parts": [], "answered": []}

    def after_verify(self, state: AnswerState) -> Literal["plan", "__end__"]:
        """The next part of a question asked in parts, or the end."""
        parts = state.get("parts") or []
        return "plan" if parts and len(state.get("answered") or []) < len(parts) else "__end__"


def _asking(state: AnswerState) -> str:
    """The question being answered now: the whole question, or the part of it being answered."""
    return state.get("asking") or state["question"]


def _react_answer(state: AnswerState) -> tuple[str | None, list | None]:
    """(the ReAct loop's answer, the evidence its [n] marks point into), or (None, None) when the loop did not
    end on an answer."""
    react = state.get("react")
    if react is None or not react.answer:
        return None, None
    evidence = {e.id: e for e in state.get("evidence", [])}
    for result in state.get("results", []):
        for e in result.evidence:
            evidence.setdefault(e.id, e)
    items = answer_items(react, evidence)
    return (react.answer, items) if items else (None, None)

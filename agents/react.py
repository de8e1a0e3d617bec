"""With a chat model: a ReAct loop in which the model calls the typed tools itself, within the budgets.

The deterministic plan and research come first; their graded evidence is the first observation. Each turn
the model is offered the tools (native tool calling: ``bind_tools`` on OpenAI schemas generated from each
``ToolSpec``'s pydantic argument model) and either calls some or answers. A call is checked before it runs:
an unknown tool, an argument the tool does not have, one that fails validation, or an attempt to set the
tenant is rejected, answered to the model as an error observation, and still counts against the tool-call
budget. The tenant is the session's (``ToolContext``), never an argument. A call that runs is a trace step
(node ``react``), and its result goes back to the model fenced as data (``agents.observations``). Each turn
with tool calls is a hop; when the tool calls or hops are spent the model gets one last turn without tools.

The loop's state is ``ReactLog`` (plain data, so a checkpointer keeps it); the messages are rebuilt from it
each turn. Its final answer is drafted like any model answer (citations [n] into the numbered evidence) and
checked by the provenance step, which stays the last word.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from pydantic import BaseModel, Field, ValidationError

from agents.critic import Grade
from agents.drafting import llm_evidence
from agents.llm import LLMUnavailable, chat, render
from agents.observations import Encoding, Refs, encode, evidence_tables, observation, wrap
from agents.researcher import Budget, Research, call_key
from tools.base import ToolContext, ToolSpec, ms_since
from veridict.types import Evidence, TraceStep

FIRST_OBSERVATION_ITEMS = 6
OBSERVATION_ITEMS = 6
MAX_REPLY_TOKENS = 300


class ReactCall(BaseModel):
    id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    observation: str = ""  # what the model was told back (a result or an error)
    rejected: bool = False


class ReactTurn(BaseModel):
    content: str = ""
    calls: list[ReactCall] = Field(default_factory=list)


class ReactLog(BaseModel):
    """The loop so far: the first observation, each turn, the numbered evidence and the answer."""

    first: str
    turns: list[ReactTurn] = Field(default_factory=list)
    evidence_ids: list[str] = Field(default_factory=list)  # ref n = evidence_ids[n-1]
    ids: list[str] = Field(default_factory=list)  # short names of long ids
    answer: str | None = None
    done: bool = False
    rejected: int = 0

    @property
    def refs(self) -> Refs:
        return Refs(evidence_ids=self.evidence_ids, ids=self.ids)  # shares the lists: numbering carries on


def tool_schemas(specs: Sequence[ToolSpec]) -> list[dict]:
    """OpenAI tool schemas generated from the tools' argument models (what ``bind_tools`` sends)."""
    return [{"type": "function", "function": {"name": s.name, "description": s.description,
                                              "parameters": _parameters(s.args.model_json_schema())}}
            for s in specs]


def _parameters(schema: dict) -> dict:
    """An argument model's JSON schema as function parameters, compact: titles dropped, an optional field's
    ``anyOf [X, null]`` read as X with no null default (it is simply not required)."""
    return _compact({k: v for k, v in schema.items() if k not in ("title", "description")})


def _compact(node: Any) -> Any:
    if isinstance(node, list):
        return [_compact(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: v for k, v in node.items() if k != "title" or not isinstance(v, str)}
    branches = out.get("anyOf")
    if isinstance(branches, list):
        kept = [b for b in branches if b != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(branches):
            out.pop("anyOf")
            out = {**kept[0], **out}
            if out.get("default", 0) is None:
                out.pop("default")
    if "properties" in out:
        out["properties"] = {k: _compact(v) for k, v in out["properties"].items()}
    return {k: (_compact(v) if k in ("items", "anyOf", "additionalProperties") else v) for k, v in out.items()}


def start(evidence: Sequence[Evidence], grades: dict[str, Grade], encoding: Encoding = "toon") -> ReactLog:
    """The log of a new loop: the research's best evidence (relevant first, then by rank) numbered and shown."""
    chosen = llm_evidence(list(evidence), grades, FIRST_OBSERVATION_ITEMS)
    for e in evidence:
        if len(chosen) >= FIRST_OBSERVATION_ITEMS:
            break
        if e not in chosen:
            chosen.append(e)
    log = ReactLog(first="")
    body = encode(evidence_tables(chosen, log.refs), encoding)
    log.first = wrap("research", body or "nothing found")
    return log


def messages(question: str, log: ReactLog) -> list[BaseMessage]:
    """The conversation so far, rebuilt from the log."""
    system, user = render("react", question=question, observation=log.first)
    out: list[BaseMessage] = [SystemMessage(content=system), HumanMessage(content=user)]
    for turn in log.turns:
        # llama-cpp-python's server refuses an assistant message whose content is null beside tool calls; a blank
        # is accepted, and a stand-in sentence would be copied by a small model as its answer
        out.append(AIMessage(content=turn.content or " ",
                             tool_calls=[{"name": c.name, "args": c.args, "id": c.id, "type": "tool_call"}
                                         for c in turn.calls]))
        out += [ToolMessage(content=c.observation, tool_call_id=c.id) for c in turn.calls]
    return out


class Turn(Research):
    """One turn's outcome: the research fields (results, trace, ...) and the log after it."""

    log: ReactLog


def react_turn(llm, ctx: ToolContext, question: str, log: ReactLog, budget: Budget, specs: Sequence[ToolSpec],
               *, seen: set[str] | None = None, encoding: Encoding = "toon", max_retries: int = 2,
               tool_choice: str | None = None) -> Turn:
    """One model turn: its tool calls checked and run (or rejected), or its final answer."""
    log = log.model_copy(deep=True)
    out = Turn(log=log)
    allowed = {s.name: s for s in specs}
    can_call = bool(allowed) and budget.calls_left > 0 and budget.hops < budget.max_hops
    started = time.perf_counter()
    try:
        reply = chat(llm, messages(question, log), tools=tool_schemas(specs) if can_call else None,
                     max_retries=max_retries, max_tokens=MAX_REPLY_TOKENS,
                     tool_choice=tool_choice if tool_choice in (None, "auto") or tool_choice in allowed else None)
    except LLMUnavailable as exc:
        log.done = True
        out.trace.append(TraceStep(node="react", tool="llm", ms=ms_since(started),
                                   note=f"LLM unavailable, the loop ends: {exc}"))
        return out
    content = reply.content if isinstance(reply.content, str) else ""
    calls: list[tuple[str | None, str, dict[str, Any], str | None]] = [
        (c.get("id"), c.get("name") or "", c.get("args") or {}, None) for c in reply.tool_calls]
    calls += [(c.get("id"), c.get("name") or "", {}, c.get("error") or "arguments are not valid JSON")
              for c in reply.invalid_tool_calls]
    if not calls or not can_call:
        log.answer = content.strip() or None
        log.done = True
        note = "answer: " + (content.strip()[:300] or "(empty)")
        if calls:
            note = "called a tool after the budget was spent; " + note
        out.trace.append(TraceStep(node="react", tool="llm", ms=ms_since(started), note=note))
        return out
    budget.hops += 1
    out.trace.append(TraceStep(node="react", tool="llm", results=len(calls), ms=ms_since(started),
                               note=f"hop {budget.hops}: {len(calls)} tool call(s)"
                                    + (f"; {content.strip()[:200]}" if content.strip() else "")))
    turn = ReactTurn(content=content)
    seen = seen if seen is not None else set()
    for i, (call_id, name, args, error) in enumerate(calls):
        call = ReactCall(id=call_id or f"call_{len(log.turns)}_{i}", name=name[:80],
                         args=args if isinstance(args, dict) else {})
        turn.calls.append(call)
        _run_call(call, error, allowed, ctx, log, budget, out, seen, encoding)
    log.turns.append(turn)
    return out


def _run_call(call: ReactCall, error: str | None, allowed: dict[str, ToolSpec], ctx: ToolContext, log: ReactLog,
              budget: Budget, out: Turn, seen: set[str], encoding: Encoding) -> None:
    shown = {k: _shown(v) for k, v in call.args.items()}
    if budget.calls_left <= 0:
        _reject(call, "the tool-call budget is spent; answer from the observations", shown, log, out)
        return
    budget.tool_calls += 1  # every call the model makes counts, a rejected one too
    spec = allowed.get(call.name)
    if error is not None:
        _reject(call, f"arguments are not valid JSON: {error}", shown, log, out)
        return
    if spec is None:
        _reject(call, f"unknown tool {call.name!r}; the tools are: {', '.join(allowed)}", shown, log, out)
        return
    if "tenant" in call.args:
        _reject(call, "the tenant is fixed by the session; no tool takes it", shown, log, out)
        return
    unknown = sorted(set(call.args) - set(spec.args.model_fields))
    if unknown:
        _reject(call, f"{call.name} has no argument {', '.join(unknown)}; its arguments are: "
                      f"{', '.join(spec.args.model_fields)}", shown, log, out)
        return
    try:
        parsed = spec.args.model_validate(log.refs.long(call.args))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:4])
        _reject(call, f"invalid arguments for {call.name}: {problems}", shown, log, out)
        return
    key = call_key(spec, parsed)
    if key in seen:
        call.observation = wrap(spec.name, "this call was already made; its results are in an earlier observation")
        out.trace.append(TraceStep(node="react", tool=spec.name, arguments=shown, note="repeated call, not run"))
        return
    seen.add(key)
    result = spec(ctx, parsed)
    out.record(key, result)
    call.observation = observation(result, log.refs, encoding, OBSERVATION_ITEMS)
    out.trace.append(TraceStep(node="react", tool=spec.name, arguments=shown, results=result.size,
                               ms=result.ms, note=result.note))


def _reject(call: ReactCall, why: str, shown: dict, log: ReactLog, out: Turn) -> None:
    call.rejected = True
    call.observation = wrap("error", f"rejected: {why}")
    log.rejected += 1
    out.trace.append(TraceStep(node="react", tool=call.name or "?", arguments=shown, note=f"rejected: {why}"))


def answer_items(log: ReactLog, evidence: dict[str, Evidence]) -> list[Evidence] | None:
    """The evidence the model's [n] marks point into, in ref order; None when one is no longer known (the
    numbers would shift)."""
    if any(i not in evidence for i in log.evidence_ids):
        return None
    return [evidence[i] for i in log.evidence_ids]


def _shown(value: Any) -> Any:
    """An argument as the trace shows it: long strings cut, lists after five items elided."""
    if isinstance(value, str):
        return value[:200]
    if isinstance(value, list):
        return [_shown(v) for v in value[:5]] + (["…"] if len(value) > 5 else [])
    if isinstance(value, dict):
        return {str(k)[:50]: _shown(v) for k, v in list(value.items())[:10]}
    return value

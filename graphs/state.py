"""Typed state of the answer graph, its input/output schemas and per-run context."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, NotRequired

from typing_extensions import TypedDict

from agents.critic import Grade, Verdict
from agents.drafting import Draft, DraftClaim
from agents.plan import Constraints, DocumentRef, Plan
from agents.react import ReactCall, ReactLog, ReactTurn
from tools.base import HitMeta, ToolResult
from veridict.domain import RefusalReason
from veridict.types import Answer, Citation, Evidence, Fact, Outage, TraceStep


class NewTurn(list):
    """An update that starts a channel afresh: a new question on the same thread
    must not inherit the previous turn's results, notes or trace."""


def accumulate(left: list | None, right: list | None) -> list:
    """Reducer for per-turn lists: extend within a turn, replace on ``NewTurn``."""
    if isinstance(right, NewTurn):
        return list(right)
    return (left or []) + (right or [])


def merge_outages(left: list[Outage] | None, right: list[Outage] | None) -> list[Outage]:
    """Reducer for store outages: one per channel (its first error), kept through the turn; a ``NewTurn``
    starts afresh."""
    merged = [] if isinstance(right, NewTurn) else list(left or [])
    seen = {o.channel for o in merged}
    for outage in right or []:
        if outage.channel not in seen:
            seen.add(outage.channel)
            merged.append(outage)
    return merged


class InputState(TypedDict):
    question: str
    tenant: NotRequired[str | None]


class OutputState(TypedDict):
    answer: Answer  # the typed answer (serialised as its JSON form)


class AnswerState(InputState, total=False):
    plan: Plan
    query: str  # the current (possibly rewritten) retrieval query
    results: Annotated[list[ToolResult], accumulate]  # every tool result so far
    evidence: list[Evidence]  # fused, reranked, graded
    meta: dict[str, HitMeta]
    grades: dict[str, Grade]
    verdict: Verdict
    draft: Draft
    fallback: Draft  # the extractive draft kept beside an LLM draft
    react: ReactLog | None  # with a chat model: the tool-calling loop so far (None: not started this turn)
    refusal_reason: RefusalReason
    refusal_detail: str
    rewrites: int
    tool_calls: int
    hops: int
    tools_used: Annotated[list[str], accumulate]
    calls_seen: Annotated[list[str], accumulate]  # tool + arguments of every call made (never repeated)
    notes: Annotated[list[str], accumulate]
    outages: Annotated[list[Outage], merge_outages]  # stores that failed this turn; said in the answer
    trace: Annotated[list[TraceStep], accumulate]
    answer: dict[str, Any]
    # a question asked in parts ("Who is it with, and when does it end?", ``agents/parts.py``): the parts, the
    # question they were cut from, the answers of the parts done, and the documents the part before named
    parts: list[str]
    asked: str
    answered: list[dict[str, Any]]
    carried: list[DocumentRef]
    asking: str  # the question (or part) being answered now


@dataclass
class AnswerContext:
    """Per-run overrides (LangGraph runtime context); None means: use Settings."""

    top_k: int | None = None
    max_rewrites: int | None = None
    max_tool_calls: int | None = None
    max_hops: int | None = None
    use_llm: bool = True


# Types the state holds, for a checkpointer that only deserialises allow-listed types:
#   InMemorySaver(serde=checkpoint_serializer())  /  PostgresSaver(conn, serde=checkpoint_serializer())
CHECKPOINT_TYPES: list[tuple[str, str]] = [
    (t.__module__, t.__name__)  # named from the classes themselves, so a moved class cannot fall off the list
    for t in (Plan, DocumentRef, Constraints, Grade, Draft, DraftClaim, ToolResult, HitMeta, Evidence, Citation,
              Fact, TraceStep, Outage, RefusalReason, ReactLog, ReactTurn, ReactCall)
]


def checkpoint_serializer():
    """A JsonPlusSerializer that accepts exactly the answer graph's state types."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)

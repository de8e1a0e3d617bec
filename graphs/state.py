"""Typed state of the answer graph, its input/output schemas and per-run context."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired

from typing_extensions import TypedDict

from agents.critic import Grade
from agents.drafter import Draft
from agents.planner import Plan
from tools.base import HitMeta, ToolResult
from veridict.types import Answer, Evidence, TraceStep

Verdict = Literal["correct", "ambiguous", "incorrect"]


class NewTurn(list):
    """An update that starts a channel afresh: a new question on the same thread
    must not inherit the previous turn's results, notes or trace."""


def accumulate(left: list | None, right: list | None) -> list:
    """Reducer for per-turn lists: extend within a turn, replace on ``NewTurn``."""
    if isinstance(right, NewTurn):
        return list(right)
    return (left or []) + (right or [])


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
    refusal_reason: str
    refusal_detail: str
    rewrites: int
    tool_calls: int
    hops: int
    tools_used: Annotated[list[str], accumulate]
    calls_seen: Annotated[list[str], accumulate]  # tool + arguments of every call made (never repeated)
    notes: Annotated[list[str], accumulate]
    trace: Annotated[list[TraceStep], accumulate]
    answer: dict[str, Any]


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
    ("agents.planner", "Plan"), ("agents.planner", "DocumentRef"), ("agents.planner", "Constraints"),
    ("agents.critic", "Grade"), ("agents.drafter", "Draft"), ("agents.drafter", "DraftClaim"),
    ("tools.base", "ToolResult"), ("tools.base", "HitMeta"),
    ("veridict.types", "Evidence"), ("veridict.types", "Citation"), ("veridict.types", "Fact"),
    ("veridict.types", "TraceStep"),
]


def checkpoint_serializer():
    """A JsonPlusSerializer that accepts exactly the answer graph's state types."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)

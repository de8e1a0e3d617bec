"""What a chat model may add to a rules plan (``PlanHint``), read either through structured output or, for a
model without tool calling, from JSON text; values the registry does not know are dropped, and the rules win
wherever they decided."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from agents.llm import json_in_reply
from agents.plan import DocumentRef, Plan
from agents.planner import default_tools
from veridict.domain import AMOUNT_KINDS, ATTRIBUTES, CLAUSE_TYPES, Intent


class PlanHint(BaseModel):
    """What an LLM may add to a plan. Lists are bounded so a small model cannot run on."""

    intent: Intent | None = None
    attribute: str | None = None
    qualifier: str | None = None
    clause_types: list[str] = Field(default_factory=list, max_length=3)
    documents: list[str] = Field(default_factory=list, max_length=3)
    sub_questions: list[str] = Field(default_factory=list, max_length=3)


def parse_hint(content: str) -> PlanHint | None:
    """Read a hint from a model without tool calling, leniently (first {...} block; unknown values dropped)."""
    return clean_hint(json_in_reply(content))


def clean_hint(raw: object) -> PlanHint | None:
    """A hint with only values the registry knows (an unknown attribute or clause type is dropped)."""
    if isinstance(raw, BaseModel):
        raw = raw.model_dump()
    if not isinstance(raw, dict):
        return None
    known_attrs = {t.name for t in ATTRIBUTES}
    known_clauses = {t.name for t in CLAUSE_TYPES}
    hint = PlanHint()
    if raw.get("intent") in Intent.__args__:  # type: ignore[attr-defined]
        hint.intent = raw["intent"]
    if raw.get("attribute") in known_attrs:
        hint.attribute = raw["attribute"]
    if raw.get("qualifier") in {t.name for t in AMOUNT_KINDS}:
        hint.qualifier = raw["qualifier"]
    hint.clause_types = [c for c in _as_list(raw.get("clause_types")) if c in known_clauses][:3]
    hint.documents = [str(d)[:200] for d in _as_list(raw.get("documents")) if str(d).strip()][:3]
    hint.sub_questions = [str(s)[:300] for s in _as_list(raw.get("sub_questions")) if str(s).strip()][:3]
    return hint


def _as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def needs_hint(plan: Plan) -> bool:
    """The rules named neither an attribute nor a clause type (or read a narrative question): a hint, by meaning or
    from the model, may fill the gap."""
    return plan.intent == "narrative" or (not plan.attributes and not plan.clause_types)


def merge_hint(plan: Plan, hint: PlanHint, source: Literal["llm", "meaning"] = "llm") -> Plan:
    """Rules win where they decided; the hint fills gaps. LLM documents are never 'explicit'."""
    merged = plan.model_copy(deep=True)
    used = False
    if merged.intent == "narrative" and hint.intent and hint.intent not in ("narrative",):
        merged.intent = hint.intent
        used = True
    if merged.attribute is None and hint.attribute:
        merged.attribute = hint.attribute
        merged.attributes = [hint.attribute]
        used = True
    if merged.qualifier is None and hint.qualifier and merged.attribute == "amount":
        merged.qualifier = hint.qualifier
        merged.qualifiers = [hint.qualifier]
        used = True
    if not merged.clause_types and hint.clause_types:
        merged.clause_types = hint.clause_types
        used = True
    if not merged.documents and hint.documents:
        merged.documents = [DocumentRef(mention=d, title=d, explicit=False) for d in hint.documents]
        used = True
    if not merged.sub_questions and hint.sub_questions:
        merged.sub_questions = hint.sub_questions
        used = True
    if used:
        merged.source = "rules+llm" if source == "llm" else "rules+meaning"
        merged.tools = default_tools(merged)
    return merged

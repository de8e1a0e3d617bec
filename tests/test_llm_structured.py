"""LLM replies are read through ``with_structured_output`` into the pydantic models (planner hint, grader);
a model without tool calling is asked in JSON mode and read leniently. Scripted chat models only: the real
model path runs in test_agent_llm.py."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from agents.critic import RelevantPassages, parse_relevant, relevant_ids
from agents.llm import call_structured
from agents.plan_hint import PlanHint, clean_hint, parse_hint


class ToolCallingFake(BaseChatModel):
    """Answers every call with one tool call carrying ``args``; records the tools it was bound to."""

    args: dict[str, Any] = {}
    bound: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "tool-calling-fake"

    def bind_tools(self, tools, *, tool_choice=None, **kwargs):
        self.bound.extend(getattr(t, "__name__", str(t)) for t in tools)
        return self.bind(tool_name=self.bound[-1], **{k: v for k, v in kwargs.items() if k == "max_tokens"})

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        call = {"name": kwargs["tool_name"], "args": self.args, "id": "call-1", "type": "tool_call"}
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content="", tool_calls=[call]))])


class TextOnlyFake(BaseChatModel):
    """No tool calling: replies with text."""

    text: str = ""

    @property
    def _llm_type(self) -> str:
        return "text-only-fake"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=self.text))])


ASK = [HumanMessage(content="Which law governs the CloudSecure agreement?")]


def test_a_tool_calling_model_is_read_into_the_hint_model():
    llm = ToolCallingFake(args={"intent": "exact_value", "attribute": "governing_law", "clause_types": [],
                                "documents": ["CloudSecure"]})
    reply = call_structured(llm, ASK, PlanHint, parse_hint, max_retries=0)
    assert isinstance(reply, PlanHint) and llm.bound == ["PlanHint"]
    hint = clean_hint(reply)
    assert hint.intent == "exact_value" and hint.attribute == "governing_law" and hint.documents == ["CloudSecure"]


def test_values_outside_the_registry_are_dropped_and_a_reply_outside_the_schema_is_none():
    llm = ToolCallingFake(args={"intent": "exact_value", "attribute": "banana", "clause_types": ["not_a_clause"]})
    hint = clean_hint(call_structured(llm, ASK, PlanHint, parse_hint, max_retries=0))
    assert hint.intent == "exact_value" and hint.attribute is None and hint.clause_types == []
    wrong = ToolCallingFake(args={"intent": "poem"})
    assert call_structured(wrong, ASK, PlanHint, parse_hint, max_retries=0) is None


def test_the_grader_reply_is_bounded():
    ids = ["a", "b", "c"]
    ok = call_structured(ToolCallingFake(args={"relevant": [1, 3, 9]}), ASK, RelevantPassages, parse_relevant,
                         max_retries=0)
    assert relevant_ids(ok, ids) == {"a", "c"}  # a number outside the window names nothing
    too_many = ToolCallingFake(args={"relevant": list(range(1, 40))})
    assert call_structured(too_many, ASK, RelevantPassages, parse_relevant, max_retries=0) is None


def test_a_model_without_tool_calling_is_read_from_json_text():
    llm = TextOnlyFake(text='Sure! {"relevant": [2]} hope that helps')
    reply = call_structured(llm, ASK, RelevantPassages, parse_relevant, max_retries=0)
    assert relevant_ids(reply, ["a", "b"]) == {"b"}
    assert call_structured(TextOnlyFake(text="no idea"), ASK, RelevantPassages, parse_relevant,
                           max_retries=0) is None

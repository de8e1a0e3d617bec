"""Graph wiring: nodes, schemas, routing, LLM fallbacks — with a fake chat model.

The fake model stands in for the LLM only (it answers by prompt kind); the
stores are real (Postgres, and for some tests Qdrant/FalkorDB).
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from graphs.answer_graph import answer_question, build_answer_graph, recursion_limit
from graphs.state import AnswerContext
from tests import agent_corpus
from veridict.domain.values import FigurePool, extract_figures
from veridict.settings import load_settings


class RoutingFakeChat(BaseChatModel):
    """Replies by prompt kind (planner / grader / answer); records calls; can fail."""

    replies: dict[str, str] = {}
    fail_with: Any = None
    calls: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "routing-fake"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        system = str(messages[0].content)
        kind = "planner" if "classify questions" in system else "grader" if "passages" in system else "answer"
        self.calls.append(kind)
        if self.fail_with is not None:
            raise self.fail_with
        text = self.replies.get(kind, '{"relevant": []}' if kind == "grader" else "{}")
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


@pytest.fixture
def settings(tmp_path):
    return load_settings(data_dir=tmp_path, llm_max_retries=1)


@pytest.fixture
def pg_only(pg_store, settings, tenant):
    """Postgres alone: vectors and graph are not configured (their channels are 'unavailable')."""
    with agent_corpus.on_postgres(pg_store, settings, tenant) as stores:
        yield stores


def figures_supported(answer) -> bool:
    pool = FigurePool([c.quote for c in answer.citations])
    body = answer.text
    for c in answer.citations:
        body = body.replace(c.document_title, " ")
    return all(pool.supports(f) for f in extract_figures(body))


def test_graph_shape_and_schemas(pg_only, settings):
    graph = build_answer_graph(pg_only, settings)
    assert {"plan", "research", "grade", "rewrite", "draft", "verify"} <= set(graph.get_graph().nodes)
    assert set(graph.get_input_jsonschema()["properties"]) == {"question", "tenant"}
    assert set(graph.get_output_jsonschema()["properties"]) == {"answer"}
    assert graph.config["recursion_limit"] == recursion_limit(settings)


def test_answers_from_facts_when_other_channels_are_missing(pg_only, settings, tenant):
    answer = answer_question(pg_only, settings, "What is the penalty per incident in the CloudSecure agreement?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert "200,000" in answer.text
    assert answer.citations[0].version == 2 and answer.citations[0].page == 2
    assert "vectors" in answer.text and "unavailable" in answer.text
    assert figures_supported(answer)


def test_llm_draft_with_invented_figure_is_caught(pg_only, settings, tenant):
    llm = RoutingFakeChat(replies={"answer": "The penalty is EUR 200,000 per incident [1]. After a second breach "
                                             "the penalty rises to EUR 900,000 [1]."})
    answer = answer_question(pg_only, settings, "What is the penalty per incident in the CloudSecure agreement?",
                             tenant=tenant, llm=llm)
    assert "answer" in llm.calls
    assert not answer.refused
    assert "200,000" in answer.text and "900,000" not in answer.text
    removed = [c for c in answer.claims if not c.supported]
    assert removed and "900,000" in removed[0].claim
    assert figures_supported(answer)
    assert any(s.tool == "provenance" and "removed 1" in (s.note or "") for s in answer.trace)


def test_llm_draft_entirely_unsupported_falls_back_to_extractive(pg_only, settings, tenant):
    llm = RoutingFakeChat(replies={"answer": "The penalty is USD 5 million [1]."})
    answer = answer_question(pg_only, settings, "What is the penalty per incident in the CloudSecure agreement?",
                             tenant=tenant, llm=llm)
    assert not answer.refused and "200,000" in answer.text and "5 million" not in answer.text
    assert any("extractive draft is used" in (s.note or "") for s in answer.trace)


def test_llm_failure_falls_back_with_a_note(pg_only, settings, tenant):
    llm = RoutingFakeChat(fail_with=TimeoutError("read timed out"))
    answer = answer_question(pg_only, settings, "Which law governs the Globex Supply Agreement?", tenant=tenant,
                             llm=llm)
    assert not answer.refused and "New York" in answer.text
    notes = [s.note or "" for s in answer.trace if s.tool == "llm"]
    assert any("LLM unavailable" in n for n in notes)
    # bounded retries: each LLM use is tried 1 + llm_max_retries times
    assert llm.calls.count("answer") == 1 + settings.llm_max_retries


def test_llm_planner_hint_is_used_for_vague_questions(pg_only, settings, tenant):
    llm = RoutingFakeChat(replies={"planner": '{"intent": "exact_value", "attribute": "governing_law"}',
                                   "answer": "NOT FOUND"})
    answer = answer_question(pg_only, settings, "Tell me about the Globex Supply Agreement.", tenant=tenant,
                             llm=llm)
    assert llm.calls[0] == "planner"
    plan_steps = [s for s in answer.trace if s.node == "plan" and s.tool is None]
    assert plan_steps[-1].arguments["attributes"] == ["governing_law"]
    # the model said NOT FOUND; the extractive draft found a supported value, so that is shown
    assert not answer.refused and "New York" in answer.text
    assert any("extractive draft is used" in (s.note or "") for s in answer.trace)


def test_use_llm_false_in_context_skips_the_model(pg_only, settings, tenant):
    llm = RoutingFakeChat(replies={"answer": "The governing law is Mars [1]."})
    graph = build_answer_graph(pg_only, settings, llm=llm)
    out = graph.invoke({"question": "Which law governs the Globex Supply Agreement?", "tenant": tenant},
                       context=AnswerContext(use_llm=False))
    assert llm.calls == []
    assert "New York" in out["answer"]["text"]


def test_missing_document_skips_research(pg_only, settings, tenant):
    answer = answer_question(pg_only, settings, "What is the governing law of the Supply Agreement between "
                             "Initech LLC and Hooli Inc.?", tenant=tenant)
    assert answer.refused and answer.refusal_reason == "no such document in the library"
    assert not [s for s in answer.trace if s.node == "research"]


def test_checkpointer_is_optional(pg_only, settings, tenant, caplog):
    from langgraph.checkpoint.memory import InMemorySaver

    from agents.plan import Plan
    from graphs.state import checkpoint_serializer

    graph = build_answer_graph(pg_only, settings, checkpointer=InMemorySaver(serde=checkpoint_serializer()))
    config = {"configurable": {"thread_id": "t1"}}
    out = graph.invoke({"question": "Which law governs the Globex Supply Agreement?", "tenant": tenant}, config)
    assert "New York" in out["answer"]["text"]
    values = graph.get_state(config).values
    assert values["answer"]["text"] == out["answer"]["text"]
    assert isinstance(values["plan"], Plan)  # state types round-trip through the allow-listed serializer
    assert "unregistered type" not in caplog.text

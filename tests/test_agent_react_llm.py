"""The ReAct loop against a real OpenAI-compatible server (SmolLM2-135M on llama-cpp-python, chat format
chatml-function-calling, via ChatOpenAI). The model is weak: nothing here depends on it being right. What is
checked: the calls it chooses are validated, run and traced (or rejected with a reason and counted), the loop
ends within the budgets, and no figure the answer shows lacks a citation."""

from __future__ import annotations

import pytest

from agents.llm import make_chat_model
from agents.react import ReactLog, react_turn, start
from agents.researcher import Budget
from graphs.answer_graph import build_answer_graph
from graphs.state import AnswerContext
from tools.base import ToolContext, ToolSpec
from tools.facts import FactQuery
from tools.registry import TOOLS
from veridict.domain.values import FigurePool, extract_figures
from veridict.types import Answer

pytestmark = pytest.mark.llm

QUESTION = "What is the penalty per incident in the CloudSecure agreement?"




def ask(stores, settings, tenant, context: AnswerContext):
    graph = build_answer_graph(stores, settings, llm=make_chat_model(settings))
    state: dict = {}
    for values in graph.stream({"question": QUESTION, "tenant": tenant}, context=context, stream_mode="values"):
        state = values
    for s in Answer.model_validate(state["answer"]).trace:  # shown when a test fails
        print(s.node, s.tool, s.arguments, s.results, (s.note or "")[:200])
    return Answer.model_validate(state["answer"]), state


def uncited_figures(answer: Answer) -> list[str]:
    pool = FigurePool([c.quote for c in answer.citations])
    body = answer.text
    for c in answer.citations:
        body = body.replace(c.document_title, " ")
    return [f.raw for f in extract_figures(body) if not pool.supports(f)]


def react_steps(answer: Answer):
    return [s for s in answer.trace if s.node == "react" and s.tool not in (None, "llm")]


def test_forced_tool_calls_run_with_validated_arguments_until_the_budget_ends(llm_stores, tenant):
    settings = llm_stores.settings.model_copy(update={"llm_tool_choice": "facts"})
    answer, state = ask(llm_stores, settings, tenant, AnswerContext(max_tool_calls=12, max_hops=2))
    log: ReactLog = state["react"]
    steps = react_steps(answer)
    # every call the model made is traced: run (a result count) or rejected (the reason)
    assert len(steps) == sum(len(t.calls) for t in log.turns) >= 2
    ran = [s for s in steps if s.results is not None]
    assert ran and all(s.tool == "facts" for s in ran)
    for key in [k for k in state["calls_seen"] if k.startswith("facts:")]:
        FactQuery.model_validate_json(key.split(":", 1)[1])  # what ran is what validated
    assert all((s.note or "").startswith("rejected: ") for s in steps if s.results is None)
    # the loop ended by budget: every hop spent on tool calls, then one last turn without tools
    assert state["hops"] == 2 and len(log.turns) == 2 and log.done
    turns = [s for s in answer.trace if s.node == "react" and s.tool == "llm"]
    assert len(turns) == 3 and (turns[-1].note or "").startswith(("answer:", "LLM unavailable"))
    assert state["tool_calls"] <= 12
    assert not uncited_figures(answer), answer.text
    assert answer.refused or answer.citations


def test_the_model_choosing_freely_stays_within_the_budgets(llm_stores, tenant):
    answer, state = ask(llm_stores, llm_stores.settings, tenant, AnswerContext(max_tool_calls=12, max_hops=2))
    log: ReactLog = state["react"]
    assert log.done and state["hops"] <= 2 and state["tool_calls"] <= 12
    for step in react_steps(answer):
        assert step.results is not None or (step.note or "").startswith("rejected: ")
    assert not uncited_figures(answer), answer.text
    for claim in answer.claims:  # what provenance removed is not shown
        if not claim.supported:
            assert claim.claim not in answer.text


def test_a_call_that_fails_validation_is_rejected_and_counted(llm_stores, tenant):
    """The server's grammar follows the schema's shape, not its bounds: a tool whose argument model is stricter
    than the model writes gets calls that fail validation; they are told to the model and counted."""
    from pydantic import BaseModel, Field

    class StrictQuery(BaseModel):
        attribute: str = Field(..., pattern=r"^zz_never_", description="a fact attribute")

    strict = ToolSpec("facts", TOOLS["facts"].description, StrictQuery, lambda ctx, a: TOOLS["facts"](ctx, {}),
                      "postgres")
    settings = llm_stores.settings
    llm = make_chat_model(settings)
    ctx = ToolContext.from_stores(llm_stores, tenant)
    evidence = TOOLS["facts"](ctx, {"attribute": "amount"}).evidence
    budget = Budget(max_tool_calls=12, max_hops=4)
    turn = react_turn(llm, ctx, QUESTION, start(evidence, {}), budget, [strict], tool_choice="facts",
                      max_retries=0)
    calls = turn.log.turns[0].calls if turn.log.turns else []
    assert calls, [s.note for s in turn.trace]
    assert all(c.rejected for c in calls) and turn.log.rejected == len(calls) and not turn.results
    assert budget.tool_calls == len(calls) and budget.hops == 1
    assert all("rejected:" in c.observation for c in calls)
    assert all((s.note or "").startswith("rejected: ") for s in turn.trace if s.tool != "llm")

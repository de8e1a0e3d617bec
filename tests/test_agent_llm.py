"""The answer graph with a real chat model (SmolLM2-135M on llama-cpp-python, via ChatOpenAI).

The model is weak and may invent figures; nothing here depends on it being right. What is
checked: the LLM drafted the answer, every figure in the final answer appears in a citation,
and every sentence the provenance check rejected is absent from the answer.
"""

from __future__ import annotations

import pytest

from agents.llm import make_chat_model
from graphs.answer_graph import answer_question
from veridict.domain.values import FigurePool, extract_figures

pytestmark = pytest.mark.llm

QUESTIONS = [
    "What is the penalty per incident in the CloudSecure agreement?",
    "How much notice is required to prevent renewal of the CloudSecure agreement, and what is the liability cap?",
]




@pytest.mark.parametrize("question", QUESTIONS)
def test_llm_answers_are_checked_against_the_facts(llm_stores, tenant, question):
    settings = llm_stores.settings
    llm = make_chat_model(settings)
    assert llm is not None and llm.openai_api_base == settings.llm_base_url
    answer = answer_question(llm_stores, settings, question, tenant=tenant, llm=llm)
    drafted = [s for s in answer.trace if s.node == "draft" and s.tool == "llm"]
    assert drafted, "the graph asked the LLM to draft"
    assert drafted[0].note.startswith("LLM draft") or "LLM unavailable" in drafted[0].note
    # every figure in the final answer appears in one of its citations
    pool = FigurePool([c.quote for c in answer.citations])
    body = answer.text
    for c in answer.citations:
        body = body.replace(c.document_title, " ")
    uncited = [f.raw for f in extract_figures(body) if not pool.supports(f)]
    assert not uncited, f"uncited figures {uncited}: {answer.text}"
    # what provenance removed is not shown; an answer with nothing supported is a refusal
    for claim in answer.claims:
        if not claim.supported:
            assert claim.claim not in answer.text
    if not [c for c in answer.claims if c.supported]:
        assert answer.refused and answer.refusal_reason
    verify = [s for s in answer.trace if s.tool == "provenance"]
    if verify:
        removed = [c for c in answer.claims if not c.supported]
        assert ("removed" in (verify[0].note or "")) == bool(removed) or answer.refused

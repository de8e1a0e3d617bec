"""Retrieval options behind settings (all off by default): HyDE and multi-query expansion of the text
channels (a scripted model writes the passage and the rephrasings; the stores are real) and MMR over the
ranked evidence (the real embedding model)."""

from __future__ import annotations

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from graphs.answer_graph import answer_question
from tests import agent_corpus
from tools.rerank import mmr
from veridict.factory import Stores
from veridict.settings import load_settings
from veridict.types import Citation, Evidence

QUESTION = "What happens if the supplier breaches its data protection duties?"


class ExpansionModel(BaseChatModel):
    """Writes a passage to the HyDE prompt and rephrasings to the multi-query prompt; nothing else."""

    calls: list[str] = []

    @property
    def _llm_type(self) -> str:
        return "expansion-fake"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        system = str(messages[0].content)
        if "search engine find the real one" in system:
            self.calls.append("hyde")
            text = "The Vendor shall pay the Customer a penalty for each personal data breach it causes."
        elif "Rewrite the question" in system:
            self.calls.append("multi_query")
            text = '{"queries": ["penalty for a personal data breach", "data breach liability of the vendor"]}'
        else:
            text = "NOT FOUND" if "ONLY the numbered documents" in system else "{}"
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


@pytest.fixture
def library(pg_store, tenant):
    stores = Stores(settings=load_settings(), pg=pg_store, vectors=None, graph=None, embedder=None)
    agent_corpus.library(stores, tenant)
    yield pg_store
    pg_store.delete_tenant(tenant)


def ask(pg_store, tenant, tmp_path, **options):
    settings = load_settings(data_dir=tmp_path, llm_max_retries=0, llm_react=False, **options)
    stores = Stores(settings=settings, pg=pg_store, vectors=None, graph=None, embedder=None)
    llm = ExpansionModel()
    return answer_question(stores, settings, QUESTION, tenant=tenant, llm=llm), llm


def expanded(answer) -> list:
    return [s for s in answer.trace if s.node == "research" and s.note and "expanded query" in s.note]


def test_expansion_is_off_by_default(library, tenant, tmp_path):
    answer, llm = ask(library, tenant, tmp_path)
    assert "hyde" not in llm.calls and "multi_query" not in llm.calls and not expanded(answer)


def test_hyde_and_multi_query_add_searches_of_the_text_channels(library, tenant, tmp_path):
    answer, llm = ask(library, tenant, tmp_path, retrieval_hyde=True, retrieval_multi_query=True)
    assert llm.calls.count("hyde") == 1 and llm.calls.count("multi_query") == 1  # once per question
    steps = {s.tool: s for s in answer.trace if s.tool in ("hyde", "multi_query")}
    assert steps["hyde"].results == 1 and steps["multi_query"].results == 2
    searches = expanded(answer)
    assert {s.tool for s in searches} <= {"lexical", "vectors"}
    lexical = [s.arguments["query"] for s in searches if s.tool == "lexical"]
    assert len(lexical) == 3 and any("breach" in q for q in lexical)
    tool_calls = [s for s in answer.trace if s.node == "research" and s.tool in ("facts", "clauses", "lexical",
                                                                                    "vectors")]
    assert len(tool_calls) <= load_settings().max_tool_calls


def _passage(i: int, text: str) -> Evidence:
    citation = Citation(document_id="d", document_title="T", version=1, page=i, quote=text, store="vectors")
    return Evidence(id=f"p{i}", store="vectors", text=text, citation=citation)


def test_mmr_moves_a_near_duplicate_below_a_different_passage(embedder):
    ranked = [
        _passage(1, "The Vendor shall pay a penalty of EUR 200,000 for each personal data breach."),
        _passage(2, "For each personal data breach the Vendor shall pay a penalty of EUR 200,000."),
        _passage(3, "This Agreement is governed by the laws of Germany and the courts of Berlin decide."),
        _passage(4, "Either party may terminate this Agreement with ninety days written notice."),
    ]
    assert [e.id for e in mmr(ranked, embedder, lam=0.5)][:3] == ["p1", "p3", "p4"]
    assert [e.id for e in mmr(ranked, embedder, lam=1.0)] == ["p1", "p2", "p3", "p4"]  # relevance alone
    assert mmr(ranked, None) == ranked

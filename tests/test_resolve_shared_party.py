"""A party two contracts share: a question that names it and nothing else that tells the two apart asks which
contract was meant, and one that also names the deal's kind is answered from that contract. Real ingestion,
stores, name index, planner and answer graph."""

from __future__ import annotations

import pytest

from agents.plan import DocumentRef
from agents.planner import load_spacy, parse_question
from agents.resolve import _tied_on_a_party, resolve_documents
from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant
from tools.base import ToolContext
from tools.document_index import DocumentIndex
from veridict.domain import RefusalReason
from veridict.types import Document

SUPPLY = """# Joint Supply Agreement

This Joint Supply Agreement (the "Agreement") is made as of May 1, 2020 by and between Vertex Energy, LLC, a Delaware
limited liability company ("Vertex"), and Harbor Fuels Inc., a Texas corporation ("Harbor").

## 1. Supply

1.1 Vertex shall supply marine fuel to Harbor at the prices in Schedule 1.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of Texas.
"""

STORAGE = """# Terminal Storage Agreement

This Terminal Storage Agreement (the "Agreement") is made as of March 3, 2019 by and between Vertex Energy, LLC, a
Delaware limited liability company ("Vertex"), and Gulf Terminals Corp., a Louisiana corporation ("Gulf").

## 1. Storage

1.1 Gulf shall store Vertex's used motor oil at its Port Arthur terminal.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of Louisiana.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("shared"),
                          {"vertex-supply.md": SUPPLY, "vertex-storage.md": STORAGE}) as t:
        yield t


@pytest.mark.parametrize("question", ["Which party is Vertex contracting with?", "Which law governs the Vertex deal?",
                                      "When was Vertex's contract signed?"])
def test_a_shared_party_alone_is_asked_back(stores, settings, tenant, question):
    answer = answer_question(stores, settings, question, tenant=tenant)
    assert answer.refusal_code is RefusalReason.ambiguous_document, answer.text
    assert "Joint Supply Agreement" in answer.text and "Terminal Storage Agreement" in answer.text


def test_the_kind_of_deal_picks_one_of_the_shared_party_s_contracts(stores, settings, tenant):
    answer = answer_question(stores, settings, "Which law governs the Vertex storage deal?", tenant=tenant)
    assert "Louisiana" in answer.text and "Texas" not in answer.text, answer.text


def test_a_party_one_contract_holds_names_that_contract(stores, tenant):
    # Harbor is a party to the supply contract only: no question back
    ctx = ToolContext.from_stores(stores, tenant)
    plan, _, _ = resolve_documents(parse_question("Which law governs the Harbor deal?", load_spacy()), ctx)
    assert [(r.titles, r.ambiguous) for r in plan.documents] == [(["Joint Supply Agreement"], False)], plan.documents



class _NameIndexOnly:
    """The bit of a tool context ``_tied_on_a_party`` reads: a name index over documents ``{id: title}`` and their
    parties' names."""

    def __init__(self, titles: dict[str, str], names: dict[str, list[str]]) -> None:
        docs = [Document(id=i, tenant="t", doc_key=i, title=t, source_path=f"{i}.pdf", sha256=i)
                for i, t in titles.items()]
        self.index = DocumentIndex(docs, names)

    def name_index(self) -> DocumentIndex:
        return self.index


def test_an_addendum_or_an_amendment_is_no_rival_to_ask_about():
    from veridict.domain.words import subordinate_title

    assert subordinate_title("Data Processing Addendum") and subordinate_title("AMENDMENT NO. 3")
    assert subordinate_title("Statement of Work No. 2") and subordinate_title("Schedule 1 - Fees")
    assert not subordinate_title("Vendor Agreement") and not subordinate_title("Terminal Storage Agreement")


def test_a_name_whose_words_are_spread_over_another_contract_s_names_is_not_shared():
    """"Global Energy" is a party of the alliance; the supply contract's party is "Vertex Energy" (the name index
    goes by "energy" alone, "global" being a generic word) and a "Global" stands in another of its names: the two do
    not share the party, so nothing is asked."""
    ctx = _NameIndexOnly({"a": "Strategic Alliance Agreement", "b": "Joint Supply and Marketing Agreement"},
                         {"a": ["Oxbow Carbon & Minerals LLC", "Global Energy, Inc."],
                          "b": ["Vertex Energy Operating LLC", "Bunker One (USA) Inc.", "Bunker One Global"]})
    ref = DocumentRef(mention="the Global Energy agreement", parties=["Global Energy"], document_ids=["a", "b"])
    assert not _tied_on_a_party(ref, ctx, "How long is each renewal of the Global Energy agreement?")
    ctx.index.names["b"].append("Global Energy Holdings")
    assert _tied_on_a_party(ref, ctx, "How long is each renewal of the Global Energy agreement?")


def test_two_filings_of_one_title_and_parties_are_not_asked_about():
    """A content licence and its "FORM OF" filing: the same title and parties, so a question back could not tell
    them apart; the tie keeps both, as a title reference does."""
    ctx = _NameIndexOnly({"a": "CONTENT LICENSE AGREEMENT", "b": "CONTENT LICENSE AGREEMENT"},
                         {"a": ["Beijing Sun Seven Stars Culture Development Limited", "You On Demand Holdings"],
                          "b": ["BEIJING SUN SEVEN STARS CULTURE DEVELOPMENT LIMITED", "YOU ON DEMAND HOLDINGS"]})
    ref = DocumentRef(mention="our license deal with You On Demand", parties=["You On Demand"], document_ids=["a", "b"])
    assert not _tied_on_a_party(ref, ctx, "Whose law governs our license deal with You On Demand?")
    ctx.index.names["b"] = ["You On Demand Holdings", "Sun Seven Stars Media"]
    assert _tied_on_a_party(ref, ctx, "Whose law governs our license deal with You On Demand?")

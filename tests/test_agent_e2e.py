"""End to end on real stores: Postgres, Qdrant (local), FalkorDB, the packaged embedder, spaCy.

The library (tests/agent_corpus.py) holds an active v2 and a superseded v1 of a
CloudSecure agreement with different penalties, a Globex agreement and a Contoso agreement
whose fees are a table.
"""

from __future__ import annotations

import re
import uuid

import pytest

from graphs.answer_graph import answer_question
from graphs.state import AnswerContext
from stores.falkordb_graph import FalkorDBGraph
from stores.qdrant import QdrantStore
from tests import agent_corpus
from veridict.domain.values import FigurePool, extract_figures
from veridict.evaluation.scoring import unsupported_claims
from veridict.factory import Stores
from veridict.settings import load_settings


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    return load_settings(data_dir=tmp_path_factory.mktemp("agent-e2e"))


@pytest.fixture(scope="module")
def tenant() -> str:
    """One tenant for the module: the library is written once and only read by the tests."""
    return f"t_{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="module")
def stores(pg_store, embedder, falkordb_server, graph_name, settings, tenant, tmp_path_factory):
    vectors = QdrantStore(None, tmp_path_factory.mktemp("agent-qdrant") / "qdrant", f"agent_{tenant}", embedder.dim)
    vectors.ensure_collection()
    graph = FalkorDBGraph(*falkordb_server, graph_name)
    graph.ensure_schema()
    s = Stores(settings=settings, pg=pg_store, vectors=vectors, graph=graph, embedder=embedder)
    s.library = agent_corpus.library(s, tenant)  # type: ignore[attr-defined]
    yield s
    for store in (pg_store, vectors, graph):
        store.delete_tenant(tenant)
    vectors.close()
    graph.close()


def ask(stores, settings, tenant, question, **context):
    return answer_question(stores, settings, question, tenant=tenant, context=AnswerContext(**context))


def assert_figures_cited(answer):
    """Every figure in the answer text appears in one of its citations' quotes."""
    pool = FigurePool([c.quote for c in answer.citations])
    body = answer.text
    for c in answer.citations:
        body = body.replace(c.document_title, " ")
    missing = [f.raw for f in extract_figures(body) if not pool.supports(f)]
    assert not missing, f"uncited figures {missing} in: {answer.text}"


def sentences_with(text: str, needle: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+(?=[A-Z])", text) if needle in s]


def test_exact_value_cites_active_figure_and_page(stores, settings, tenant, pg_store):
    answer = ask(stores, settings, tenant, "What is the penalty per incident in the CloudSecure agreement?")
    assert not answer.refused, answer.text
    first = answer.citations[0]
    v2 = stores.library["v2"].document
    assert (first.document_id, first.version, first.page, first.clause_number) == (v2.id, 2, 2, "9.2")
    assert "EUR 200,000" in first.quote
    # the quote is exactly the stored text at the cited span
    assert pg_store.document_text(tenant, first.document_id, first.char_start, first.char_end) == first.quote
    assert sentences_with(answer.text, "200,000")
    # the superseded figure appears only as the older version, cited to v1
    for s in sentences_with(answer.text, "150,000"):
        assert "earlier version (v1)" in s
        n = int(re.search(r"\[(\d+)\]", s).group(1))
        assert answer.citations[n - 1].version == 1
    assert sentences_with(answer.text, "150,000"), "the change from v1 is mentioned"
    assert answer.confidence > 0.5
    assert_figures_cited(answer)
    tools = [s.tool for s in answer.trace if s.node == "research"]
    assert "facts" in tools


@pytest.mark.parametrize("question, row, fee", [
    ("What is the monthly support fee in the Contoso MSA?", "Support", "USD 8,500"),
    ("What is the training fee per day in the Contoso Master Services Agreement?", "Training", "USD 2,400"),
    ("How much is implementation in the Contoso MSA?", "Implementation", "USD 120,000"),
])
def test_fee_is_read_from_the_fee_column_of_the_named_row(stores, settings, tenant, pg_store, question, row, fee):
    answer = ask(stores, settings, tenant, question)
    assert not answer.refused, answer.text
    assert fee in answer.text, answer.text
    first = answer.citations[0]
    assert (first.document_id, first.page, first.clause_number, first.store) == (
        stores.library["contoso"].document.id, 1, "2.1", "tables")
    assert first.quote == fee
    assert pg_store.document_text(tenant, first.document_id, first.char_start, first.char_end) == fee
    # the Unit column's text ("per month") is not an amount; the other rows' fees are not this row's
    assert not re.search(r"\bis per (month|day|project)\b", answer.text), answer.text
    others = [f for f in ("USD 8,500", "USD 2,400", "USD 120,000") if f != fee]
    assert not any(f in answer.text for f in others), answer.text
    assert row in answer.text
    assert_figures_cited(answer)


def test_question_about_absent_document_is_refused(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Which jurisdiction's law governs the Sponsorship Agreement between "
                                           "Initech LLC and Hooli Inc.?")
    assert answer.refused and answer.refusal_reason == "no such document in the library"
    assert answer.citations == []


def test_a_mistyped_legal_form_still_finds_the_party(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Who is the counterparty of Globex Ltc. under the Supply Agreement?")
    assert not answer.refused, answer.text
    assert "Acme Corp" in answer.text and {c.document_title for c in answer.citations} == {"Globex Supply Agreement"}
    # a name that is not in the library stays missing without its form too
    absent = ask(stores, settings, tenant, "Who is the counterparty of Initech Lcc. under the Supply Agreement?")
    assert absent.refused and absent.refusal_reason == "no such document in the library"


def test_a_party_name_the_rules_do_not_read_as_a_name_still_finds_its_contract(stores, settings, tenant):
    """A name typed in lower case is no entity to the rules; the document-name index still finds the one
    contract it is a party to (before, the question was answered from every contract's parties)."""
    answer = ask(stores, settings, tenant, "which party is tailspin contracting with?")
    assert not answer.refused, answer.text
    assert "Contoso" in answer.text and "Globex" not in answer.text, answer.text
    assert {c.document_title for c in answer.citations} == {"Contoso Master Services Agreement"}, answer.citations


def test_value_the_contract_does_not_state_is_refused(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "What is the amount of liquidated damages payable under the Globex "
                                           "Supply Agreement?")
    assert answer.refused and answer.refusal_reason == "the contract does not specify"
    assert not re.search(r"\d", answer.text.split(":")[-1])


def test_multi_hop_reaches_the_regulation_through_the_graph(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Which regulation does the penalty clause of the CloudSecure agreement "
                                           "refer to?")
    assert not answer.refused, answer.text
    assert "GDPR Art. 83(4)" in answer.text
    graph_cites = [c for c in answer.citations if c.store == "graph"]
    assert graph_cites and graph_cites[0].clause_number == "9.2" and graph_cites[0].version == 2
    assert "Article 83(4)" in graph_cites[0].quote
    tools = [s.tool for s in answer.trace if s.node == "research" and s.tool]
    chain = [t for t in tools if t in ("graph_entity", "facts", "context", "graph_refs")]
    assert chain[0] == "graph_entity" and chain.index("facts") < chain.index("context") < chain.index("graph_refs")
    hops = [s.note for s in answer.trace if (s.note or "").startswith("hop ")]
    assert len(hops) == 4
    assert_figures_cited(answer)


def test_hop_budget_ends_the_chain(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Which regulation does the penalty clause of the CloudSecure agreement "
                                           "refer to?", max_hops=2, max_rewrites=0)
    assert "GDPR" not in answer.text
    assert any("hop budget exhausted" in (s.note or "") for s in answer.trace)
    assert not [s for s in answer.trace if s.tool == "graph_refs"]


def test_budgets_end_loops_in_a_refusal(stores, settings, tenant):
    question = "Who is the source code escrow agent under the Globex Supply Agreement?"
    answer = ask(stores, settings, tenant, question, max_rewrites=2)
    assert answer.refused
    assert len([s for s in answer.trace if s.node == "rewrite"]) <= 2
    tight = ask(stores, settings, tenant, question, max_tool_calls=2, max_rewrites=5)
    assert tight.refused
    calls = [s for s in tight.trace if s.node == "research" and s.tool]
    assert len(calls) <= 2
    assert any("budget" in (s.note or "") for s in tight.trace)


def test_clause_lookup_quotes_the_clause(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Is there a cap on liability in the CloudSecure agreement? Quote the "
                                           "clause and cite section and page.")
    assert not answer.refused
    c = answer.citations[0]
    assert (c.clause_number, c.page, c.version) == ("10.1", 2, 2)
    assert "shall not exceed EUR 1,000,000" in answer.text
    assert_figures_cited(answer)


def test_clause_absent_is_not_found(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "Is there a non-compete clause in the Globex Supply Agreement? Quote the "
                                           "clause.")
    assert answer.refused and answer.refusal_reason == "not found in the documents"


def test_list_and_compare(stores, settings, tenant):
    listed = ask(stores, settings, tenant, "Which contracts are governed by the laws of Germany?")
    assert not listed.refused
    assert {c.document_title for c in listed.citations} == {"CloudSecure Vendor Agreement"}
    assert {c.version for c in listed.citations} == {2}
    compared = ask(stores, settings, tenant, "Which requires the longer notice period: the CloudSecure agreement or "
                                             "the Globex agreement?")
    assert not compared.refused
    assert "90 days" in compared.text and "30 days" in compared.text
    assert "CloudSecure Vendor Agreement has the longer period" in compared.text
    assert_figures_cited(compared)


@pytest.mark.parametrize("law", ["the Federal Republic of Germany", "German"])
def test_a_law_list_matches_the_jurisdiction_not_the_words(stores, settings, tenant, law):
    """The list filter is the canonical jurisdiction: "the Federal Republic of Germany" or "German law" finds the
    contract whose clause says "the laws of Germany" (a word-for-word filter found nothing)."""
    question = (f"Which contracts are governed by the laws of {law}?" if law.startswith("the ")
                else f"Which contracts are governed by {law} law?")
    listed = ask(stores, settings, tenant, question)
    assert not listed.refused
    assert {c.document_title for c in listed.citations} == {"CloudSecure Vendor Agreement"}


def test_which_contains_a_clause_names_the_one_that_has_it_first(stores, settings, tenant):
    """'Which of these contains a cap on liability clause' asks about the clause, not the cap's amount: the
    verdict names the contract with the clause first and quotes it; the other is said to have none."""
    answer = ask(stores, settings, tenant, "Which of these contracts contains a cap on liability clause: the Globex "
                                           "agreement or the CloudSecure agreement?")
    assert not answer.refused
    verdict = answer.text.split(". ")[0]
    assert "CloudSecure Vendor Agreement" in verdict and "Globex" not in verdict
    assert "shall not exceed EUR 1,000,000" in answer.text
    assert "No cap on liability clause was found in" in answer.text
    assert {(c.document_title, c.clause_number) for c in answer.citations} == {("CloudSecure Vendor Agreement",
                                                                                "10.1")}


def test_which_contains_a_clause_that_no_sentence_names_quotes_the_nearest_passage(stores, settings, tenant):
    """The question takes as given that one of the two has the clause; where no sentence of either names it in
    its key words, the passage the clause model reads as nearest is quoted as the closest, not as the clause,
    instead of a refusal."""
    answer = ask(stores, settings, tenant, "Which of these contracts contains a covenant not to sue clause: the "
                                           "Globex agreement or the CloudSecure agreement?")
    assert not answer.refused
    assert "Neither contract states a clause that reads clearly as a covenant not to sue clause" in answer.text
    assert "the closest passage is in" in answer.text
    assert len(answer.citations) == 1


def test_an_open_question_is_answered_by_the_passage_that_speaks_of_it(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "What does the CloudSecure agreement say about incident response services?")
    assert not answer.refused
    assert "incident response" in answer.text and "come closest" not in answer.text


def test_calculator_refuses_to_add_currencies(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "What is the total of the penalty in the CloudSecure agreement and the "
                                           "fee in the Globex agreement?")
    assert "different currencies" in answer.text
    assert "250,000" not in answer.text
    assert any(s.tool == "calculator" for s in answer.trace)


@pytest.mark.filterwarnings("ignore:Failed to obtain server version")
def test_unavailable_channel_is_named_and_others_answer(stores, settings, tenant, embedder):
    down = QdrantStore("http://127.0.0.1:9", None, "unreachable", embedder.dim)  # nothing listens on port 9
    degraded = Stores(settings=settings, pg=stores.pg, vectors=down, graph=stores.graph, embedder=embedder)
    answer = answer_question(degraded, settings, "Which law governs the Globex Supply Agreement?", tenant=tenant)
    assert not answer.refused and "New York" in answer.text
    assert "vectors channel was unavailable" in answer.text
    assert any(s.tool == "vectors" and "unavailable" in (s.note or "") for s in answer.trace)


def test_tenants_are_isolated(stores, settings):
    answer = answer_question(stores, settings, "What is the penalty per incident in the CloudSecure agreement?",
                             tenant="t_someone_else")
    assert answer.refused


# ----------------------------------------------------------------------------- the tools on real stores


def test_fact_tool_gives_full_citations(stores, tenant, pg_store):
    from tools.base import ToolContext
    from tools.facts import FactQuery, query_facts

    ctx = ToolContext.from_stores(stores, tenant)
    result = query_facts(ctx, FactQuery(attribute="amount", qualifier="penalty_per_incident"))
    assert [e.fact.value_num for e in result.evidence] == [200_000.0]  # active version only
    c = result.evidence[0].citation
    assert (c.document_title, c.version, c.page, c.clause_number, c.clause_title, c.store) == (
        "CloudSecure Vendor Agreement", 2, 2, "9.2", "Data Breach Penalty", "facts")
    assert pg_store.document_text(tenant, c.document_id, c.char_start, c.char_end) == c.quote
    both = query_facts(ctx, {"attribute": "amount", "qualifier": "penalty_per_incident", "include_superseded": True})
    assert sorted(e.fact.value_num for e in both.evidence) == [150_000.0, 200_000.0]


def test_a_passage_across_pages_carries_its_page_map(stores, tenant, pg_store):
    """The page map the drafter uses to cite a narrowed quote on its own page comes from the stored pages."""
    from tools.base import ToolContext

    ctx = ToolContext.from_stores(stores, tenant)
    doc_id = stores.library["v2"].document.id  # type: ignore[attr-defined]
    stored = pg_store.pages(tenant, doc_id)
    assert [p[0] for p in ctx.pages_between(doc_id, 2, 3)] == [2, 3]
    assert ctx.pages_between(doc_id, 2, 3) == [p for p in stored if p[0] in (2, 3)]
    assert ctx.pages_between(doc_id, 2, 2) == []  # one page: nothing to map
    assert ToolContext.from_stores(stores, "t_other").pages_between(doc_id, 1, 3) == []  # tenant-filtered


def test_vector_hits_of_superseded_documents_never_surface(stores, tenant, embedder):
    from tools.base import ToolContext
    from tools.vector_search import VectorQuery, vector_search

    v1 = stores.library["v1"]
    stale = embedder.embed_documents([c.text for c in v1.chunks])
    stores.vectors.upsert_chunks(tenant, v1.chunks, stale, v1.document)  # a leftover point of the old version
    try:
        result = vector_search(ToolContext.from_stores(stores, tenant),
                               VectorQuery(query="penalty per personal data breach incident", k=20))
        assert result.evidence
        assert v1.document.id not in {e.citation.document_id for e in result.evidence}
        assert "dropped" in (result.note or "")
    finally:
        stores.vectors.delete_document(tenant, v1.document.id)


def test_cypher_tool_is_read_only_and_capped(stores, tenant):
    from tools.base import ToolContext
    from tools.graph import CypherQuery, cypher_read

    ctx = ToolContext.from_stores(stores, tenant)
    rows = cypher_read(ctx, CypherQuery(cypher="MATCH (c:Clause {tenant: $tenant}) RETURN c.number AS n", limit=2))
    assert len(rows.rows) == 2 and rows.note is None
    write = cypher_read(ctx, CypherQuery(cypher="MATCH (c:Clause {tenant: $tenant}) DETACH DELETE c"))
    assert write.rows == [] and "rejected" in write.note
    assert len(cypher_read(ctx, CypherQuery(cypher="MATCH (c:Clause {tenant: $tenant}) RETURN c.id AS id",
                                            limit=100)).rows) > 2  # nothing was deleted


def test_tools_as_langchain_tools(stores, tenant):
    from tools.base import ToolContext
    from tools.registry import TOOLS, langchain_tools

    tools = {t.name: t for t in langchain_tools(ToolContext.from_stores(stores, tenant))}
    assert set(tools) == set(TOOLS)
    out = tools["lexical"].invoke({"query": "\"governing law\" or \"governed by\""})
    assert out["evidence"] and all(e["citation"]["quote"] for e in out["evidence"])


# ----------------------------------------------------------------- figures must be on the cited page

@pytest.fixture(scope="module")
def dated(stores):
    """A second tenant: derived expiration dates and agreement dates whose fact quotes lack the date."""
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    built = {}
    for name, b in (("sponsorship", agent_corpus.sponsorship(tenant)),
                    ("outreach", agent_corpus.sponsorship(tenant, with_start=False)),
                    ("hosting", agent_corpus.hosting(tenant)),
                    ("reseller", agent_corpus.hosting(tenant, date_nearby=False))):
        agent_corpus.write(stores, b)
        built[name] = b
    yield tenant, built
    for store in (stores.pg, stores.vectors, stores.graph):
        store.delete_tenant(tenant)


def assert_quotes_exact(answer, pg_store, tenant):
    for c in answer.citations:
        if c.char_start is not None and c.char_end is not None:
            assert pg_store.document_text(tenant, c.document_id, c.char_start, c.char_end) == c.quote


def test_derived_expiration_cites_start_date_and_term(stores, settings, dated, pg_store):
    tenant, _ = dated
    answer = ask(stores, settings, tenant, "When does the Sponsorship Agreement expire?")
    assert not answer.refused, answer.text
    assert "2022-06-13" in answer.text and "calculated" in answer.text
    quotes = [c.quote for c in answer.citations]
    assert any("June 13, 2012" in q for q in quotes), quotes
    assert any("ten (10) Contract Years" in q for q in quotes), quotes
    assert unsupported_claims(answer, "When does the Sponsorship Agreement expire?") == []
    assert_quotes_exact(answer, pg_store, tenant)


def test_derived_expiration_without_a_quoted_start_invents_no_date(stores, settings, dated, pg_store):
    tenant, _ = dated
    answer = ask(stores, settings, tenant, "When does the Outreach Agreement expire?")
    assert "2022" not in answer.text
    assert answer.refused or "ten (10)" in answer.text, answer.text
    assert unsupported_claims(answer, "When does the Outreach Agreement expire?") == []


def test_fact_quote_lacking_its_date_is_widened_to_the_stated_date(stores, settings, dated, pg_store):
    tenant, _ = dated
    question = "What is the agreement date of the Hosting Agreement?"
    answer = ask(stores, settings, tenant, question)
    assert not answer.refused, answer.text
    assert "2009-12-11" in answer.text or "December 11, 2009" in answer.text
    assert any("latest date set forth below" in c.quote and "December 11, 2009" in c.quote
               for c in answer.citations), [c.quote for c in answer.citations]
    assert unsupported_claims(answer, question) == []
    assert_quotes_exact(answer, pg_store, tenant)


def test_fact_quote_lacking_its_date_is_not_cited_for_it(stores, settings, dated, pg_store):
    tenant, _ = dated
    question = "What is the agreement date of the Reseller Agreement?"
    answer = ask(stores, settings, tenant, question)
    assert unsupported_claims(answer, question) == []
    if "2009" in answer.text:  # only with a citation whose quote states it
        assert any("December 11, 2009" in c.quote for c in answer.citations)
    assert_quotes_exact(answer, pg_store, tenant)


def test_a_contract_named_by_its_kinds_short_name_is_the_one_of_that_kind(stores, settings, tenant):
    """"the MSA" is the library's master services agreement: its title never holds the letters, and the reference
    was read as no document at all, so the answer came from whichever contract retrieval ranked first."""
    answer = ask(stores, settings, tenant, "What is the monthly support fee in the MSA?")
    assert not answer.refused, answer.text
    assert {c.document_title for c in answer.citations} == {"Contoso Master Services Agreement"}
    assert "USD 8,500" in answer.text


def test_a_kind_of_contract_the_library_lacks_is_not_answered_from_another(stores, settings, tenant):
    """No NDA is in the library: the CloudSecure agreement's German law is not the NDA's."""
    answer = ask(stores, settings, tenant, "Which law governs the NDA?")
    assert answer.refused, answer.text
    assert "German" not in answer.text and not answer.citations


def test_a_question_in_two_parts_answers_both_the_second_about_the_contract_the_first_named(stores, settings, tenant):
    answer = ask(stores, settings, tenant,
                 "Which law governs the Globex supply deal, and how much notice is needed to terminate it?")
    assert not answer.refused, answer.text
    first, second = answer.text.split("\n\n")
    assert first.startswith("**Which law governs the Globex supply deal?**") and "New York" in first
    assert second.startswith("**How much notice is needed to terminate it?**") and "30 days" in second
    marks = [int(n) for n in re.findall(r"\[(\d+)\]", second)]
    assert marks and all(answer.citations[n - 1].clause_number == "8.4" for n in marks), answer.text
    assert {c.document_title for c in answer.citations} == {"Globex Supply Agreement"}
    assert [s.note for s in answer.trace if s.tool == "parts"] == [
        "Which law governs the Globex supply deal? | How much notice is needed to terminate it?"]


def test_of_two_things_asked_the_one_not_found_is_said(stores, settings, tenant):
    answer = ask(stores, settings, tenant, "What are the governing law and the renewal term of the Globex Supply "
                                           "Agreement?")
    assert not answer.refused, answer.text
    assert "New York" in answer.text and "No renewal term was found" in answer.text, answer.text

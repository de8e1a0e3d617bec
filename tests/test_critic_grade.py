"""Grading a passage of one compared contract: the words that name the other contract do not count against it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from agents.critic import grade_item, key_groups
from agents.planner import parse_question
from veridict.types import Citation, Evidence


def _passage(doc_id: str, text: str) -> Evidence:
    citation = Citation(document_id=doc_id, document_title="Contract", version=1, page=7, quote=text, store="lexical")
    return Evidence(id=f"{doc_id}-p7", text=text, citation=citation, store="lexical")


def test_a_compared_contracts_passage_is_graded_on_the_words_about_it():
    plan = parse_question("Is the Miravel hotel contract under the same law as the Dunmore Halvec supply deal?")
    assert plan.intent == "compare" and len(plan.documents) == 2, plan
    plan.documents[0].document_ids, plan.documents[1].document_ids = ["hotel"], ["supply"]
    text = ("Both parties agree to take the Miravel District Court as the competent court of first instance "
            "pursuant to the laws of the R.O.C.")
    compared = grade_item(plan, _passage("hotel", text), None, 0.3, key_groups(plan))
    alone = parse_question("Is the Miravel hotel contract under the law of Taiwan?")
    alone.documents[0].document_ids = ["hotel"]
    single = grade_item(alone, _passage("hotel", text), None, 0.3, key_groups(alone))
    # as relevant as it is to a question about that contract alone, and relevant enough to be drafted from
    assert compared.relevance >= 0.35
    assert abs(compared.relevance - single.relevance) < 0.1, (compared, single)


def _notice(qualifier: str | None, quote: str) -> Evidence:
    from veridict.types import Fact

    fact = Fact(tenant="t", document_id="d", attribute="notice_period", value_text="30 days", value_num=30.0,
                unit="days", qualifier=qualifier, page=1, char_start=0, char_end=len(quote), quote=quote,
                method="regex:test")
    citation = Citation(document_id="d", document_title="Reseller Agreement", version=1, page=1, quote=quote,
                        store="facts")
    return Evidence(id=f"f-{qualifier}", text=quote, citation=citation, store="facts", fact=fact)


def test_a_notice_the_extractor_read_as_another_kind_is_not_the_asked_kind():
    """'may terminate ... if the other party commits a material breach not cured within thirty (30) days' holds
    the word 'terminate', but the extractor read its period as a cure period: it is no notice of termination.
    A notice of no stated kind is still judged by its words."""
    from agents.critic import _qualifier_ok

    plan = parse_question("How much notice must we give to get out of our Brightwater deal?")
    assert plan.qualifier == "termination"
    quote = ("Either party may terminate this Agreement immediately by notice if the other party commits a material "
             "breach not cured within thirty (30) days.")
    assert _qualifier_ok(plan, _notice("breach_cure", quote)) is False
    assert _qualifier_ok(plan, _notice("termination", quote)) is True
    assert _qualifier_ok(plan, _notice(None, "Either party may terminate this Agreement on thirty (30) days' "
                                             "notice.")) is True


def _amount(quote: str, value: str, num: float, qualifier: str | None = None) -> Evidence:
    from veridict.types import Fact

    fact = Fact(tenant="t", document_id="d", attribute="amount", value_text=value, value_num=num, unit="USD",
                qualifier=qualifier, page=1, char_start=0, char_end=len(quote), quote=quote, method="regex:test")
    citation = Citation(document_id="d", document_title="Supply Agreement", version=1, page=1, quote=quote,
                        store="facts")
    return Evidence(id=f"a-{num}", text=quote, citation=citation, store="facts", fact=fact)


def test_the_limit_of_a_liability_insurance_policy_is_no_liability_cap():
    """"product liability insurance of not less than $5,000,000" names liability, but the figure is a policy's
    limit: it is not what caps a party's liability. A sentence that caps liability is still read as the cap even
    where it also names the insurance."""
    from agents.critic import _qualifier_ok

    plan = parse_question("What's the cap on liability in the Northwind supply deal?")
    assert plan.qualifier == "liability_cap"
    insured = _amount("Supplier shall maintain product liability insurance of not less than $5,000,000 per "
                      "occurrence.", "$5,000,000", 5e6)
    capped = _amount("Supplier's aggregate liability shall not exceed $5,000,000, whether or not covered by its "
                     "liability insurance.", "$5,000,000", 5e6)
    assert _qualifier_ok(plan, insured) is False
    assert _qualifier_ok(plan, capped) is True


def test_an_insurance_limit_is_no_minimum_commitment_by_the_name_of_its_kind():
    """Round 50: "Aura / Zanotti deal, minimum purchase?" was answered with a policy's "not less than $2,000,000"
    limit, because the stored kind "insurance_minimum" holds the word "minimum". The passage's own words decide: a
    minimum purchase read as a fee by the extractor is still the asked minimum."""
    from agents.critic import _qualifier_ok

    plan = parse_question("Aura / Zanotti deal, minimum purchase?")
    assert plan.qualifier == "minimum_commitment"
    insured = _amount("Such policy or policies will have aggregate limits of liability of not less than $2,000,000 "
                      "in the aggregate.", "$2,000,000", 2e6, "insurance_minimum")
    bought = _amount("Distributor shall purchase a minimum of $500,000 of Products in each Contract Year, payable "
                     "as invoiced.", "$500,000", 5e5, "fee")
    assert _qualifier_ok(plan, insured) is False
    assert _qualifier_ok(plan, bought) is True


@contextmanager
def counted_embeddings(embedder) -> Iterator[list[str]]:
    """The texts the embedder is asked to embed while the block runs."""
    embedded: list[str] = []
    embed_documents = embedder.embed_documents

    def counting(texts):
        embedded.extend(texts)
        return embed_documents(texts)

    embedder.embed_documents = counting
    try:
        yield embedded
    finally:
        del embedder.embed_documents


def test_a_chunk_is_graded_by_the_similarity_its_stored_vector_gives(embedder):
    """A chunk found by keyword search is scored by the similarity of its stored vector (the query vector and the
    evidence ids go to the stores); a passage the stores hold no vector for is embedded as before."""
    from agents.critic import grade_evidence

    plan = parse_question("Which law governs the Acme agreement?")
    text = "This Agreement shall be governed by the laws of the State of New York."
    chunk = _passage("d", text).model_copy(update={"id": "chunk:c1"})
    section = _passage("d", text).model_copy(update={"id": "section:s1"})
    asked: list[list[str]] = []

    def stored(score: float):
        def scores(vector, evidence_ids):
            assert len(vector) == embedder.dim
            asked.append(list(evidence_ids))
            return {i: score for i in evidence_ids if i == "chunk:c1"}
        return scores

    _, near = grade_evidence(plan, [chunk, section], {}, embedder, stored=stored(1.0))
    _, far = grade_evidence(plan, [chunk, section], {}, embedder, stored=stored(0.0))
    assert asked == [["chunk:c1", "section:s1"]] * 2  # both kinds of stored passage are asked for
    assert near[0].relevance - far[0].relevance > 0.2  # the stored similarity is the one graded
    assert near[1].relevance == far[1].relevance  # the store held no vector for the section: it is embedded


def test_a_section_with_a_stored_vector_is_graded_by_it_and_not_embedded(embedder):
    """A tagged section whose vector ingest stored is graded by that vector's similarity, as its embedding
    would grade it, and its text is not embedded again."""
    from agents.critic import grade_evidence

    plan = parse_question("Which law governs the Acme agreement?")
    text = "This Agreement shall be governed by the laws of the State of New York."
    section = _passage("d", text).model_copy(update={"id": "section:s1"})
    stored_vector = embedder.embed_documents([text])[0]

    def stored(vector, evidence_ids):
        return {i: float(stored_vector @ vector) for i in evidence_ids if i == "section:s1"}

    _, embedded_grades = grade_evidence(plan, [section], {}, embedder)
    with counted_embeddings(embedder) as embedded:
        _, stored_grades = grade_evidence(plan, [section], {}, embedder, stored=stored)
    assert text not in embedded  # only the question was embedded
    assert stored_grades[0].relevance == pytest.approx(embedded_grades[0].relevance, abs=1e-4)


def test_a_tagged_chunk_is_compared_with_the_plain_clause_question_by_its_stored_vector(embedder):
    """A chunk whose section is tagged as the asked clause is also graded against the clause question in plain
    words; that similarity comes from the chunk's stored vector too (no passage is embedded again for it), while
    a tagged section, which the store does not hold, is still embedded."""
    from agents.critic import canonical_clause_question, grade_evidence
    from tools.base import HitMeta

    plan = parse_question("Is there a cap on liability in the Acme agreement?")
    canonical = canonical_clause_question(plan)
    assert canonical is not None
    text = "In no event shall either party's aggregate liability exceed the fees paid in the prior twelve months."
    chunk = _passage("d", text).model_copy(update={"id": "chunk:c1"})
    section = _passage("d", text).model_copy(update={"id": "section:s1"})
    meta = {e.id: HitMeta(document_id="d", clause_types=["cap_on_liability"]) for e in (chunk, section)}
    canonical_vector = embedder.embed_query(canonical)
    asked: list[tuple[bool, list[str]]] = []

    def stored(vector, evidence_ids):
        asked.append((bool(abs(float(vector @ canonical_vector) - 1.0) < 1e-4), list(evidence_ids)))
        return {i: 0.5 for i in evidence_ids if i == "chunk:c1"}

    with counted_embeddings(embedder) as embedded:
        grade_evidence(plan, [chunk, section], meta, embedder, stored=stored)
    assert (True, ["chunk:c1", "section:s1"]) in asked  # the plain clause question's vector went to the stores
    assert sum(t == text[:1500] for t in embedded) == 2  # the section alone, once per question: never the chunk

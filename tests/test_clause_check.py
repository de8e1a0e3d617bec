"""The clause model's check on a quote: the asked clause, or a sentence that only shares its key words
(real embedder, the shipped clause model)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from agents.clause_check import LIKELY_PRESENT, NEAR, QuoteCheck, load_presence, load_verifier
from agents.critic import Grade
from agents.drafting import Drafter
from agents.planner import parse_question
from agents.provenance import build_answer
from tools.base import HitMeta, ToolContext
from veridict.embeddings import Embedder
from veridict.types import Citation, Evidence

_EMBEDDER = lru_cache(maxsize=1)(Embedder)


@pytest.fixture(scope="module")
def check():
    c = QuoteCheck.of(ToolContext(tenant="t", embedder=_EMBEDDER()))
    assert c is not None, "the shipped clause model fits the default embedder"
    return c


@pytest.mark.parametrize(("tag", "head", "text", "expected"), [
    ("anti_assignment", "12. Assignment",
     "Neither party may assign this Agreement or any of its rights or obligations hereunder without the prior "
     "written consent of the other party.", True),
    # a preamble's "successors and permitted assigns" names the key words of anti-assignment, and binds nothing
    ("anti_assignment", "",
     "ACME Inc. (hereinafter referred to as 'ACME', which terms shall unless repugnant to the subject or context "
     "mean and include its successors and permitted assigns), through its Director,", False),
    ("audit_rights", "8.2 Records",
     "Supplier shall keep complete and accurate records and Customer may, upon ten days' notice, audit such "
     "records during normal business hours.", True),
    # a product feature that audits use is not a right to audit the other party
    ("audit_rights", "",
     "Provide the basic capabilities needed for a cloud-based platform, including the ability to manage users, "
     "authenticate users, or track and audit use of the platform.", False),
])
def test_a_quote_is_kept_only_when_the_model_reads_it_as_the_clause(check, tag, head, text, expected):
    assert check.confirmed([tag], [(head, text)]) == [expected]


def test_only_types_with_a_cross_validated_floor_are_checked(check):
    verifier = load_verifier()
    assert verifier is not None
    assert verifier.floors, "some clause types are checked"
    for tag in verifier.tags:
        floor = check.floor(tag)
        assert floor is None or 0.0 < floor < 1.0
    assert check.floor("no_such_clause") is None


def test_a_quote_check_fitted_on_another_vocabulary_is_refused(tmp_path):
    """The check's word coefficients are columns of the clause model's vocabulary: a check fitted beside another
    clause model of the same vocabulary size (the 20,000 most frequent terms of other training chunks) would put
    each coefficient on another word, so its sidecar's vocabulary key must be the shipped model's."""
    import json
    import shutil

    from agents.clause_check import VERIFIER_FILE
    from ingest.clause_model import load_model

    shipped = json.loads(VERIFIER_FILE.with_suffix(".json").read_text(encoding="utf-8"))
    assert shipped["vocabulary"] == load_model().text.vocabulary_key()
    other = tmp_path / "quote_check.npz"
    shutil.copy(VERIFIER_FILE, other)
    other.with_suffix(".json").write_text(json.dumps({**shipped, "vocabulary": "0123456789abcdef"}),
                                          encoding="utf-8")
    with pytest.raises(ValueError, match="vocabulary"):
        load_verifier(other)


def test_the_presence_fit_gives_each_type_its_own_likely_clause_score(check):
    """The shipped presence fit (``bench.train_clause_presence``): a higher best-chunk score means a likelier
    clause, a higher prior a higher chance, and each fitted type's scan floor is the score where that chance
    reaches ``LIKELY_PRESENT``."""
    presence = load_presence()
    assert presence is not None and check.presence is presence
    assert len(presence.fits) >= 20, "most clause types are fitted"
    floors = {}
    for tag, (a, _, rate) in presence.fits.items():
        assert a > 0 and 0.0 < rate < 1.0
        low, high = presence.likely(tag, 0.05), presence.likely(tag, 0.6)
        assert low is not None and high is not None and low < high
        assert presence.likely(tag, 0.6, asked=rate) == pytest.approx(high)
        asked = presence.likely(tag, 0.6, asked=min(0.99, rate + 0.2))
        assert asked is not None and asked > high
        floors[tag] = check.near(tag)
        assert 0.0 < floors[tag] < 1.0
        assert presence.likely(tag, floors[tag]) == pytest.approx(LIKELY_PRESENT, abs=1e-6)
    assert len({round(f, 3) for f in floors.values()}) > 1, "the types do not share one floor"
    assert presence.likely("no_such_clause", 0.9) is None
    assert check.near("no_such_clause") == NEAR


def test_the_clause_model_finds_a_clause_stated_without_its_key_words(check):
    quotes = [("4. Fees", "Customer shall pay the fees set out in Schedule A within thirty days of invoice."),
              ("9. Limitation of Liability",
               "In no event shall either party's aggregate liability arising out of this Agreement exceed the "
               "total fees paid by Customer in the twelve months preceding the claim.")]
    found = check.strongest(["cap_on_liability"], quotes)
    assert [i for i, _ in found] == [1]


def test_a_type_the_model_does_not_score_passes_every_quote(check):
    assert check.confirmed(["no_such_clause"], [("", "Anything at all."), ("", "Another sentence.")]) == [True, True]


def test_no_embedder_means_no_check():
    assert QuoteCheck.of(ToolContext(tenant="t")) is None
    assert QuoteCheck.of(None) is None


def _passage(i: str, text: str, page: int) -> Evidence:
    c = Citation(document_id="d1", document_title="Joint Venture Agreement", version=1, page=page, quote=text,
                 store="lexical")
    return Evidence(id=i, store="lexical", text=text, citation=c)


def _answer(question: str, *items: Evidence):
    plan = parse_question(question)
    for ref in plan.documents:
        ref.document_ids, ref.titles = ["d1"], ["Joint Venture Agreement"]
    meta = {e.id: HitMeta(document_id="d1", channel="lexical") for e in items}
    grades = {e.id: Grade(id=e.id, relevance=0.9, key_terms=True) for e in items}
    ctx = ToolContext(tenant="t", embedder=_EMBEDDER())
    drafter = Drafter(plan, list(items), meta, grades, ctx)
    draft = drafter.build(list(items))
    return drafter, build_answer(question, draft, {e.id: e for e in items})


PREAMBLE = ("ACME Inc. (hereinafter referred to as 'ACME', which terms shall unless repugnant to the subject or "
            "context mean and include its successors and permitted assigns), through its Director,")
CLAUSE = ("Neither party may assign this Agreement or any of its rights or obligations hereunder without the prior "
          "written consent of the other party.")
QUESTION = "Does the Joint Venture Agreement contain an anti-assignment clause? Quote the clause."


def test_the_drafter_quotes_the_clause_and_not_a_sentence_that_only_shares_its_words():
    drafter, answer = _answer(QUESTION, _passage("p1", PREAMBLE, 1), _passage("p2", CLAUSE, 9))
    assert not answer.refused, answer.text
    assert [c.page for c in answer.citations] == [9]
    assert any(t.tool == "clause_check" for t in drafter.trace)


def test_a_clause_found_only_in_its_key_words_is_not_found():
    _, answer = _answer(QUESTION, _passage("p1", PREAMBLE, 1))
    assert answer.refused, answer.text


def test_a_quote_the_check_rejects_whole_is_judged_by_its_clause_sentence():
    """Everyday words pull the quote over the next sentence ("... executed in counterparts ..."); the clause
    model rejects the pair, and the sentence that is the clause is quoted alone."""
    text = ("This Agreement shall not be assignable by Consultant. This Agreement may be executed in any number of "
            "counterparts, and each such counterpart shall be deemed to be an original instrument, but all such "
            "counterparts together shall constitute one agreement.")
    question = "Can the consultant hand the Joint Venture Agreement over to someone else without asking?"
    drafter, answer = _answer(question, _passage("p1", text, 3))
    assert drafter.plan.clause_types[:1] == ["anti_assignment"]
    assert not answer.refused, answer.text
    assert [c.quote for c in answer.citations] == ["This Agreement shall not be assignable by Consultant."]


DENIAL = "The parties agree that there shall be no third party beneficiaries to this Agreement."
BENEFICIARY = ("Each Indemnitee is an intended third-party beneficiary of Section 9 and may enforce it against "
               "either party.")
BENEFICIARY_QUESTION = "Does the Joint Venture Agreement contain a third party beneficiary clause? Quote the clause."


def test_a_clause_named_only_to_exclude_it_is_answered_no_with_its_wording():
    _, answer = _answer(BENEFICIARY_QUESTION, _passage("p1", DENIAL, 12))
    assert not answer.refused, answer.text
    assert answer.text.startswith("No"), answer.text
    assert [c.page for c in answer.citations] == [12]


def test_a_clause_that_grants_beside_a_denial_is_quoted_as_the_clause():
    denial, grant = _passage("p1", DENIAL, 12), _passage("p2", BENEFICIARY, 7)
    grant.citation.char_start = 5000  # two passages of one document, not one passage twice
    _, answer = _answer(BENEFICIARY_QUESTION, denial, grant)
    assert not answer.refused and not answer.text.startswith("No"), answer.text
    assert 7 in [c.page for c in answer.citations]


def test_a_denial_with_an_exception_is_no_denial():
    from veridict.domain import CLAUSE_BY_NAME

    beneficiary = CLAUSE_BY_NAME["third_party_beneficiary"]
    assert beneficiary.denies(DENIAL)
    assert not beneficiary.denies("Except as provided in Section 9, this Agreement does not create any third party "
                                  "beneficiary rights.")
    assert not beneficiary.denies(BENEFICIARY)


def test_a_denial_said_the_other_way_round_is_a_denial():
    from veridict.domain import CLAUSE_BY_NAME

    beneficiary = CLAUSE_BY_NAME["third_party_beneficiary"]
    assert beneficiary.denies("The licence is not for the benefit of any other person and is deemed not to give a "
                              "remedy to any third party beneficiary.")
    assert beneficiary.denies("The parties agree this Agreement shall be deemed not to confer any right on a third "
                              "party.")
    assert not beneficiary.denies("This Agreement is not for the benefit of any third party, except that the "
                                  "Indemnified Persons are intended third party beneficiaries of Article 9.")


def _tagged(i: str, doc: str, title: str, text: str, tags: list[str]) -> tuple[Evidence, HitMeta]:
    c = Citation(document_id=doc, document_title=title, version=1, page=4, quote=text, store="lexical",
                 char_start=0, char_end=len(text))
    return (Evidence(id=i, store="lexical", text=text, citation=c),
            HitMeta(document_id=doc, channel="clauses", clause_types=tags, section_id=f"s-{i}"))


def _library_list(question: str, *items: tuple[Evidence, HitMeta]):
    plan = parse_question(question)
    evidence = [e for e, _ in items]
    meta = {e.id: m for e, m in items}
    grades = {e.id: Grade(id=e.id, relevance=0.5, key_terms=False) for e in evidence}  # under STRONG
    drafter = Drafter(plan, evidence, meta, grades, ToolContext(tenant="t", embedder=_EMBEDDER()))
    return build_answer(question, drafter.build(evidence), {e.id: e for e in evidence})


def test_a_library_list_of_a_type_with_precise_tags_names_every_contract_tagged_with_it():
    """Revenue sharing is tagged precisely (cross-validated contract precision over TAGS_LIST): every contract
    whose section ingestion tagged with it is listed beside those whose sentence the key words and the quote check
    pass, though the search matched it under STRONG (before, the fee on net sales was left out). Change of control
    is tagged loosely: beside a contract with the clause, a tag alone lists nothing."""
    check = QuoteCheck.of(ToolContext(tenant="t", embedder=_EMBEDDER()))
    assert check is not None
    assert check.tags_list(["revenue_profit_sharing"]) and not check.tags_list(["change_of_control"])
    shared = _tagged("a", "da", "CO-BRANDING AGREEMENT", "3.1 The Company shall pay HDI thirty percent (30%) of the "
                     "Net Sales in excess of Eleven Thousand Dollars ($11,000) per calendar month.",
                     ["revenue_profit_sharing"])
    royalty = _tagged("b", "db", "SUPPLY AGREEMENT", "Integra shall pay PcoMed a fee equal to ten percent of the Net "
                      "Sales of Treated Integra Products.", ["revenue_profit_sharing"])
    untagged = _tagged("c", "dc", "SERVICE AGREEMENT", "Agent shall be paid the fees set out in Schedule B.", [])
    answer = _library_list("Which contracts in the collection contain a revenue/profit sharing clause?",
                           shared, royalty, untagged)
    assert answer.text.startswith("2 documents match"), answer.text
    assert {c.document_title for c in answer.citations} == {"CO-BRANDING AGREEMENT", "SUPPLY AGREEMENT"}
    merger = _tagged("m", "dm", "RESELLER AGREEMENT", "Either party may terminate this Agreement upon a change of "
                     "control of the other party.", ["change_of_control"])
    offices = _tagged("o", "do", "LICENSE AGREEMENT", "Licensor shall keep its offices in New York during the "
                      "Term.", ["change_of_control"])
    answer = _library_list("Which contracts in the collection contain a change of control clause?", merger, offices)
    assert {c.document_title for c in answer.citations} == {"RESELLER AGREEMENT"}, answer.text


def test_of_several_confirmed_quotes_the_one_the_check_reads_most_as_the_clause_comes_first():
    """Both sentences name a post-termination key phrase and both pass the check; the grader ranks the
    confidentiality sentence higher, but the sell-off right is what a post-termination clause is (the model's
    score, learned from the expert labels, orders them; the key-word rank and relevance only break ties)."""
    returned = _passage("p1", "After termination, each party shall return or destroy the other party's "
                              "Confidential Information.", 14)
    sell_off = _passage("p2", "Following termination of this Agreement, the Distributor may sell off its remaining "
                              "inventory of the Products for a period of ninety (90) days.", 6)
    for start, e in ((900, returned), (400, sell_off)):  # two passages, not one section
        e.citation = e.citation.model_copy(update={"char_start": start, "char_end": start + len(e.text)})
    question = ("What obligations survive or continue after termination of the Joint Venture Agreement? "
                "Quote the clause and cite section and page.")
    plan = parse_question(question)
    for ref in plan.documents:
        ref.document_ids, ref.titles = ["d1"], ["Joint Venture Agreement"]
    meta = {e.id: HitMeta(document_id="d1", channel="lexical") for e in (returned, sell_off)}
    grades = {"p1": Grade(id="p1", relevance=0.95, key_terms=True), "p2": Grade(id="p2", relevance=0.7, key_terms=True)}
    drafter = Drafter(plan, [returned, sell_off], meta, grades, ToolContext(tenant="t", embedder=_EMBEDDER()))
    assert plan.clause_types[:1] == ["post_termination_services"]
    answer = build_answer(question, drafter.build([returned, sell_off]), {e.id: e for e in (returned, sell_off)})
    assert not answer.refused, answer.text
    assert [c.page for c in answer.citations] == [6, 14]

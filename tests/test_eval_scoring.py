"""Scoring of evaluation answers on hand-made cases: right answers score right, wrong ones wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veridict.evaluation.documents import DocResolver
from veridict.evaluation.questions import (
    Contract,
    EvidenceSpan,
    Question,
    doc_key_for_path,
    load_contracts,
    load_questions,
    needed_doc_ids,
    select_questions,
)
from veridict.evaluation.report import build_report, percentile, write_report
from veridict.evaluation.runner import run_eval
from veridict.evaluation.scoring import (
    first_count,
    is_refusal,
    score_answer,
    set_prf,
    unsupported_claims,
)
from veridict.types import Answer, Citation

DEV = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cuad" / "dev"

A = Contract(
    doc_id="cuad-a",
    cuad_filename="PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.PDF",
    txt_path="full_contract_txt/PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.txt",
    pdf_path="full_contract_pdf/Part_II/Supply/PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.PDF",
    title="SUPPLY AGREEMENT",
    title_clean="Supply Agreement",
    parties_clean=["Profound Medical Inc.", "Philips Medical Systems Nederland B.V."],
)
B = Contract(
    doc_id="cuad-b",
    cuad_filename="WATCHGUARD_DISTRIBUTOR AGREEMENT.PDF",
    txt_path="full_contract_txt/WATCHGUARD_DISTRIBUTOR AGREEMENT.txt",
    pdf_path="full_contract_pdf/Part_I/Distributor/WATCHGUARD_DISTRIBUTOR AGREEMENT.PDF",
    title="DISTRIBUTOR AGREEMENT",
    title_clean="Distributor Agreement",
    parties_clean=["WatchGuard Technologies, Inc.", "European Micro"],
)
C = Contract(
    doc_id="cuad-c",
    cuad_filename="EMERALD_CONSULTING AGREEMENT.PDF",
    txt_path="full_contract_txt/EMERALD_CONSULTING AGREEMENT.txt",
    pdf_path="full_contract_pdf/Part_I/Consulting/EMERALD_CONSULTING AGREEMENT.PDF",
    title="SUPPLY AGREEMENT",  # a title shared with A: must not resolve by title
    parties_clean=["Emerald Health Sciences Inc.", "Emerald Health Nutraceuticals Inc."],
)
RESOLVER = DocResolver([A, B, C])


def ev(doc: Contract, page: int, text: str = "", start: int = 0, end: int = 10) -> EvidenceSpan:
    return EvidenceSpan(
        doc_id=doc.doc_id, start=start, end=end, page_start=page, page_end=page, text=text
    )


def q(
    qtype: str, gold, evidence=(), behavior="answer_with_citation", doc_ids=None, **kw
) -> Question:
    return Question(
        qid="q-" + qtype.replace("/", "-"),
        qtype=qtype,
        question=kw.pop("question", "What is asked?"),
        expected_behavior=behavior,
        gold_answer=gold,
        doc_ids=doc_ids if doc_ids is not None else sorted({e.doc_id for e in evidence}),
        evidence=list(evidence),
        **kw,
    )


def cite(doc: Contract, page: int, quote: str = "", **kw) -> Citation:
    return Citation(
        document_id=f"id-{doc.doc_id}",
        document_title=doc.title,
        version=1,
        page=page,
        quote=quote,
        store="vectors",
        source_path=f"/srv/uploads/{doc.pdf_path.rsplit('/', 1)[-1]}",
        **kw,
    )


def ans(text: str, *citations: Citation, refused: bool = False) -> Answer:
    return Answer(question="?", text=text, citations=list(citations), refused=refused)


# --------------------------------------------------------------------------- exact values

LAW_Q = q(
    "exact_value/governing_law",
    "New York",
    [ev(A, 12, "governed by the laws of the State of New York")],
    question="Which law governs the Supply Agreement between Profound Medical Inc. and Philips?",
)
LAW_QUOTE = "This Agreement shall be governed by the laws of the State of New York."


def test_right_jurisdiction_with_citation_on_evidence_page_is_correct():
    s = score_answer(
        LAW_Q, ans("It is governed by New York law.", cite(A, 12, LAW_QUOTE)), RESOLVER
    )
    assert s.answer_ok and s.citation_ok and s.correct
    assert s.unsupported == []


def test_wrong_jurisdiction_is_wrong():
    s = score_answer(
        LAW_Q, ans("Delaware law governs the agreement.", cite(A, 12, LAW_QUOTE)), RESOLVER
    )
    assert not s.answer_ok and not s.correct


def test_listing_every_jurisdiction_is_not_an_answer():
    text = "It could be New York, Delaware, California or Texas law."
    assert not score_answer(LAW_Q, ans(text, cite(A, 12, LAW_QUOTE)), RESOLVER).answer_ok


def test_jurisdiction_aliases_and_parent_country():
    eng = q("exact_value/governing_law", "England", [ev(A, 3)])
    assert score_answer(
        eng, ans("English law applies (England and Wales).", cite(A, 3)), RESOLVER
    ).answer_ok
    ont = q("exact_value/governing_law", "Ontario, Canada", [ev(A, 3)])
    assert score_answer(
        ont,
        ans("The laws of the Province of Ontario and the federal laws of Canada.", cite(A, 3)),
        RESOLVER,
    ).answer_ok
    prc = q("exact_value/governing_law", "People's Republic of China", [ev(A, 3)])
    assert score_answer(prc, ans("PRC law governs.", cite(A, 3)), RESOLVER).answer_ok
    assert not score_answer(prc, ans("Hong Kong law governs.", cite(A, 3)), RESOLVER).answer_ok


def test_wrong_page_citation_is_wrong():
    s = score_answer(LAW_Q, ans("New York law governs.", cite(A, 13, LAW_QUOTE)), RESOLVER)
    assert s.answer_ok and s.citation_ok is False and not s.correct
    assert s.citation_precision == 0.0


def test_citation_of_another_document_on_the_same_page_is_wrong():
    s = score_answer(LAW_Q, ans("New York law governs.", cite(B, 12, LAW_QUOTE)), RESOLVER)
    assert s.citation_ok is False and not s.correct


def test_span_overlap_counts_when_the_txt_was_ingested():
    resolver = DocResolver([A])
    resolver.add_id(
        "doc-txt",
        "uploads/PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.txt",
        from_txt=True,
    )
    question = q("exact_value/governing_law", "New York", [ev(A, 12, start=5000, end=5100)])
    inside = Citation(
        document_id="doc-txt",
        document_title="x",
        version=1,
        page=1,
        char_start=5050,
        char_end=5200,
        quote=LAW_QUOTE,
        store="lexical",
    )
    outside = inside.model_copy(update={"char_start": 6000, "char_end": 6100})
    assert score_answer(question, ans("New York.", inside), resolver).correct
    assert not score_answer(question, ans("New York.", outside), resolver).correct


DATE_Q = q("exact_value/agreement_date", "2017-07-31", [ev(A, 2, "July 31, 2017")])


def test_dates_compare_as_dates():
    right = ans(
        "It was entered into on the 31st day of July, 2017.", cite(A, 2, "dated July 31, 2017")
    )
    assert score_answer(DATE_Q, right, RESOLVER).correct
    iso = ans("2017-07-31", cite(A, 2, "dated as of July 31, 2017"))
    assert score_answer(DATE_Q, iso, RESOLVER).correct
    wrong = ans("It was entered into on July 13, 2017.", cite(A, 2, "dated July 31, 2017"))
    s = score_answer(DATE_Q, wrong, RESOLVER)
    assert not s.correct and not s.answer_ok
    assert s.unsupported == ["July 13, 2017"]  # a date no quote states


PARTY_Q = q(
    "exact_value/parties",
    ["Philips Medical Systems Nederland B.V."],
    [ev(A, 1, "PHILIPS MEDICAL SYSTEMS NEDERLAND B.V.")],
    question="Who is the counterparty of Profound Medical Inc. under the Supply Agreement?",
)


def test_party_names_fold_case_punctuation_and_legal_form():
    for text in (
        "The counterparty is Philips Medical Systems Nederland B.V.",
        "PHILIPS MEDICAL SYSTEMS NEDERLAND BV",
        "Philips Medical Systems (Nederland), a B.V.",
    ):
        assert score_answer(PARTY_Q, ans(text, cite(A, 1)), RESOLVER).answer_ok, text


def test_wrong_party_is_wrong():
    s = score_answer(
        PARTY_Q, ans("The counterparty is Profound Medical Inc.", cite(A, 1)), RESOLVER
    )
    assert not s.answer_ok and not s.correct


def test_durations_compare_in_days():
    notice = q(
        "exact_value/notice_period_to_terminate_renewal",
        "3 months",
        [ev(B, 3)],
        derivation="Notice Period to Terminate Renewal-Answer; days=90",
    )
    assert score_answer(notice, ans("Ninety (90) days' notice.", cite(B, 3)), RESOLVER).answer_ok
    assert score_answer(notice, ans("Three calendar months.", cite(B, 3)), RESOLVER).answer_ok
    assert not score_answer(notice, ans("Sixty (60) days' notice.", cite(B, 3)), RESOLVER).answer_ok
    renewal = q("exact_value/renewal_term", "successive 1 year", [ev(B, 3)])
    assert score_answer(
        renewal, ans("It renews for successive twelve (12) month periods.", cite(B, 3)), RESOLVER
    ).answer_ok
    assert not score_answer(
        renewal, ans("It renews for two-year periods.", cite(B, 3)), RESOLVER
    ).answer_ok
    # a recurring period in words is one such period
    assert score_answer(renewal, ans("It renews on a year-to-year basis.", cite(B, 3)), RESOLVER).answer_ok
    assert score_answer(renewal, ans("It renews on an annual basis.", cite(B, 3)), RESOLVER).answer_ok
    assert score_answer(renewal, ans("It continues for successive annual periods.", cite(B, 3)), RESOLVER).answer_ok
    assert not score_answer(renewal, ans("It continues for successive monthly periods.", cite(B, 3)),
                            RESOLVER).answer_ok
    monthly = q("exact_value/renewal_term", "successive 1 month", [ev(B, 3)])
    assert score_answer(monthly, ans("It continues month-to-month.", cite(B, 3)), RESOLVER).answer_ok
    assert not score_answer(monthly, ans("It continues year to year.", cite(B, 3)), RESOLVER).answer_ok


def test_money_compares_value_and_currency():
    amount = q("exact_value/amount", "$10,000,000.00", [ev(A, 10)])
    assert score_answer(
        amount, ans("USD 10 million per occurrence.", cite(A, 10)), RESOLVER
    ).answer_ok
    assert not score_answer(
        amount, ans("$1,000,000 per occurrence.", cite(A, 10)), RESOLVER
    ).answer_ok
    assert not score_answer(
        amount, ans("EUR 10,000,000 per occurrence.", cite(A, 10)), RESOLVER
    ).answer_ok


def test_refusing_an_answerable_question_is_wrong():
    s = score_answer(LAW_Q, ans("I could not find the governing law.", refused=True), RESOLVER)
    assert s.refused and not s.correct and s.citation_ok is False


# --------------------------------------------------------------------------- clauses and refusals

PRESENT = q(
    "clause_lookup/present",
    "Yes",
    [ev(A, 17, "Philips hereby assigns all right title and interest")],
    category="IP Ownership Assignment",
)
ABSENT = q(
    "clause_lookup/absent",
    "No",
    [],
    behavior="say_not_found",
    doc_ids=["cuad-a"],
    question="Is there a most favored nation clause in the Supply Agreement?",
)


def test_present_clause_answered_with_citation_on_evidence_page():
    good = ans(
        "Section 13.2: Philips assigns all rights in New Technology to Customer.",
        cite(A, 17, "Philips hereby assigns all right title and interest in New Technology"),
    )
    s = score_answer(PRESENT, good, RESOLVER)
    assert s.correct and s.citations[0].quote_match
    assert not score_answer(
        PRESENT, ans("No such clause was found.", refused=False), RESOLVER
    ).correct
    assert not score_answer(PRESENT, ans("Philips assigns rights.", cite(A, 4)), RESOLVER).correct


def test_absent_clause_must_be_reported_not_found():
    assert score_answer(
        ABSENT, ans("No. The agreement contains no most favored nation clause."), RESOLVER
    ).correct
    assert score_answer(
        ABSENT, ans("Not found in the Supply Agreement.", refused=True), RESOLVER
    ).correct
    invented = ans("Section 9 gives Customer most favored pricing.", cite(A, 9, "most favored"))
    assert not score_answer(ABSENT, invented, RESOLVER).correct


OUTSIDE = q(
    "unanswerable/document_not_in_corpus",
    None,
    behavior="refuse_document_not_found",
    doc_ids=[],
    derivation='contract exists in CUAD but is NOT in the slice; true answer would be "Delaware" (a leak signal)',
)


def test_refusal_for_a_document_outside_the_library():
    s = score_answer(OUTSIDE, ans("That agreement is not in the library.", refused=True), RESOLVER)
    assert s.correct and s.leak is False


def test_leak_in_a_refusal_is_wrong():
    leaky = ans(
        "That agreement is not in the library, but such agreements are usually governed by "
        "the laws of the State of Delaware.",
        refused=True,
    )
    s = score_answer(OUTSIDE, leaky, RESOLVER)
    assert s.refused and s.leak is True and not s.correct


def test_is_refusal_reads_the_lead_not_quoted_text():
    assert is_refusal(ans("The contract does not specify a liquidated damages amount."))
    assert is_refusal(ans("There is no such provision in the agreement."))
    assert not is_refusal(ans('Yes. Section 5 says "no party shall assign this Agreement".'))
    assert not is_refusal(
        ans("New York law governs. Neither party may assign; no waiver is implied.")
    )
    assert is_refusal(
        ans("Philips Medical Systems Nederland B.V. does not specify a renewal term.")
    )


def test_a_calculated_value_is_an_answer_not_a_refusal():
    calculated = ans(
        "The expiration date of the Supply Agreement is calculated, not stated: the agreement runs "
        "three (3) years from its effective date, 2012-11-19, so it ends on 2015-11-19 (calculated)."
    )
    assert not is_refusal(calculated)
    assert not is_refusal(ans("The end date is derived but not expressly stated: it is 2015-11-19."))
    # a plain "not stated" is still a refusal, and so is one that merely mentions a calculation
    assert is_refusal(ans("The expiration date is not stated in the agreement."))
    assert is_refusal(ans("No end date can be calculated; the term is not stated."))
    expiry = q("exact_value/expiration_date", "2015-11-19", [ev(A, 4)])
    cited = ans(calculated.text, cite(A, 4, "shall remain in force for three years"))
    s = score_answer(expiry, cited, RESOLVER)
    assert not s.refused and s.answer_ok and s.correct


# --------------------------------------------------------------------------- unsupported claims


def test_a_bracket_numbered_clause_reference_is_not_a_claim():
    a = ans(
        'COLLABORATION AGREEMENT: "a change of control shall mean a merger" (§ (2), p. 6) [1]; see also § (a)(ii).',
        cite(A, 6, "a change of control shall mean a merger"),
    )
    assert unsupported_claims(a) == []
    assert unsupported_claims(ans("The fee is 2 (§ (2), p. 6).", cite(A, 6, "no figure here"))) == ["2"]


def test_unsupported_figure_is_counted():
    a = ans(
        "Liability is capped at $5,000,000 (Section 12.1, page 10).",
        cite(A, 10, "in no event shall liability exceed $10,000,000"),
    )
    assert unsupported_claims(a) == ["$5,000,000"]


def test_the_ocr_confidence_note_is_not_a_claim_but_a_figure_beside_it_is():
    note = " Note: source [1] (page 1) was read by OCR, confidence 51 %; check the figures against the scan."
    a = ans("The agreement date is 2001-12-15 [1]." + note, cite(A, 1, "DATED 15TH DECEMBER 2001"))
    assert unsupported_claims(a) == []
    b = ans("The fee is 7 % [1]." + note, cite(A, 1, "DATED 15TH DECEMBER 2001"))
    assert unsupported_claims(b) == ["7 %"]


def test_the_questions_own_dates_and_periods_repeated_in_a_yes_no_answer_are_not_claims():
    a = ans("No: the renewal term is 1 year, not longer than two years; it ends on 2012-01-20, before June 30, 2015 [1].",
            cite(A, 2, "renews for successive terms of one (1) year; the Term is extended to January 20, 2012"))
    question = "Is the renewal term longer than two years, and does it last past June 30, 2015?"
    assert unsupported_claims(a, question) == []
    assert sorted(unsupported_claims(a)) == ["June 30, 2015", "two years"]  # without the question they are unsupported


def test_supported_figures_in_other_forms_are_not_counted():
    a = ans(
        "Liability is capped at $10 million; notice is 90 days [1] (Section 12.1, page 10).",
        cite(A, 10, "shall not exceed ten million dollars ($10,000,000) ... ninety (90) days"),
    )
    assert unsupported_claims(a) == []


def test_derived_end_date_is_supported_by_start_and_term():
    a = ans(
        "The agreement expires on July 31, 2022.",
        cite(A, 2, "dated July 31, 2017"),
        cite(A, 5, "for a term of five (5) years"),
    )
    assert unsupported_claims(a) == []
    b = ans("The agreement expires on July 31, 2023.", *a.citations)
    assert unsupported_claims(b) == ["July 31, 2023"]


def test_numbers_without_citation_are_unsupported_and_question_numbers_exempt():
    a = ans("The fee is 25% and payment is due within 45 days.")
    assert sorted(unsupported_claims(a)) == ["25%", "45 days"]
    b = ans("Solar Tax Partners 1, LLC pays the fee.")
    assert unsupported_claims(b, question_text="What does Solar Tax Partners 1, LLC pay?") == []


# ------------------------------------------------------------------ lists, counts, comparisons


def test_set_precision_recall_f1_arithmetic():
    p, r, f = set_prf({"a", "b", "d"}, {"a", "b", "c"})
    assert (p, r, f) == pytest.approx((2 / 3, 2 / 3, 2 / 3))
    p, r, f = set_prf({"a"}, {"a", "b", "c", "d"})
    assert (p, r, f) == pytest.approx((1.0, 0.25, 0.4))
    assert set_prf(set(), {"a"}) == (0.0, 0.0, 0.0)


def test_list_question_scored_by_cited_documents():
    lst = q(
        "cross_doc/list",
        ["cuad-a", "cuad-b"],
        [ev(A, 3), ev(B, 4)],
        behavior="answer_list_with_citations",
    )
    exact = score_answer(lst, ans("Two contracts.", cite(A, 3), cite(B, 4)), RESOLVER)
    assert exact.correct and exact.list_f1 == 1.0
    extra = score_answer(lst, ans("Three contracts.", cite(A, 3), cite(B, 4), cite(C, 1)), RESOLVER)
    assert not extra.correct
    assert (extra.list_precision, extra.list_recall) == pytest.approx((2 / 3, 1.0))
    named = score_answer(
        lst,
        ans(
            "The Supply Agreement between Profound Medical Inc. and Philips Medical "
            "Systems Nederland B.V.",
            cite(A, 3),
        ),
        RESOLVER,
    )
    assert named.predicted_docs == ["cuad-a"] and named.list_recall == 0.5


def test_count_question():
    cnt = q("cross_doc/count", 24, [], behavior="answer_list_with_citations", doc_ids=["cuad-a"])
    assert first_count("Twenty-four contracts contain one.") == 24
    assert score_answer(
        cnt, ans("24 contracts in the collection contain a renewal provision."), RESOLVER
    ).answer_ok
    assert not score_answer(
        cnt, ans("23 contracts contain a renewal provision."), RESOLVER
    ).answer_ok


def test_compare_picks_the_document_named_first():
    cmp_q = q("cross_doc/compare", "cuad-c", [ev(B, 3), ev(C, 2)], doc_ids=["cuad-b", "cuad-c"])
    right = ans(
        "The Consulting Agreement between Emerald Health Sciences Inc. and Emerald Health "
        "Nutraceuticals Inc. (90 days) requires longer notice than WatchGuard's (30 days).",
        cite(B, 3),
        cite(C, 2),
    )
    wrong = ans(
        "The Distributor Agreement between WatchGuard Technologies, Inc. and European Micro.",
        cite(B, 3),
        cite(C, 2),
    )
    assert score_answer(cmp_q, right, RESOLVER).correct
    assert not score_answer(cmp_q, wrong, RESOLVER).answer_ok
    same = q("cross_doc/compare", "No (New York vs Virginia)", [ev(A, 3), ev(B, 4)])
    assert score_answer(
        same, ans("No: New York law vs Virginia law.", cite(A, 3), cite(B, 4)), RESOLVER
    ).correct
    assert not score_answer(
        same, ans("Yes, both are governed by New York law.", cite(A, 3), cite(B, 4)), RESOLVER
    ).correct


# --------------------------------------------------------------------- documents and questions


def test_doc_key_mapping_and_resolver():
    assert A.doc_key == "profoundmedicalcorp-08-29-2019-ex-4-5-supply-agreement"
    assert doc_key_for_path("x/Some File_v2.PDF") == "some-file-v2"
    by_path = Citation(
        document_id="?",
        document_title="t",
        version=1,
        page=1,
        quote="",
        store="facts",
        source_path="/tmp/PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.pdf",
    )
    assert RESOLVER.resolve(by_path) == "cuad-a"
    by_title = by_path.model_copy(
        update={"source_path": None, "document_title": "Distributor Agreement"}
    )
    assert RESOLVER.resolve(by_title) == "cuad-b"
    shared_title = by_title.model_copy(update={"document_title": "SUPPLY AGREEMENT"})
    assert RESOLVER.resolve(shared_title) is None  # two contracts carry it
    r = DocResolver([A, B])
    r.add_id("doc-1", "profoundmedicalcorp_08_29_2019_ex_4_5_supply_agreement")
    assert r.resolve(by_title.model_copy(update={"document_id": "doc-1"})) == "cuad-a"


def test_doc_key_matches_the_ingest_pipeline():
    pipeline = pytest.importorskip("ingest.pipeline")
    for c in (A, B, C):
        assert pipeline.doc_key_for(Path(c.pdf_path)) == c.doc_key


def test_stratified_selection_and_needed_documents():
    qs = [
        q(f"exact_value/t{i % 3}", "x", [ev(A if i % 2 else B, 1)]).model_copy(
            update={"qid": f"q{i}"}
        )
        for i in range(12)
    ]
    picked = select_questions(qs, 3)
    assert sorted(x.qtype for x in picked) == ["exact_value/t0", "exact_value/t1", "exact_value/t2"]
    contracts = {c.doc_id: c for c in (A, B, C)}
    assert needed_doc_ids(picked, contracts) == ["cuad-a", "cuad-b"]
    lst = q("cross_doc/list", ["cuad-a"], [ev(A, 1)], behavior="answer_list_with_citations")
    assert needed_doc_ids([lst], contracts) == ["cuad-a", "cuad-b", "cuad-c"]


# --------------------------------------------------------------------------- runner and report


def test_run_eval_report_figures(tmp_path):
    questions = [LAW_Q, DATE_Q, ABSENT, OUTSIDE]
    answers = {
        LAW_Q.question: ans("New York law governs.", cite(A, 12, LAW_QUOTE)),
        DATE_Q.question + "!": None,
        ABSENT.question: ans("Not found.", refused=True),
    }
    DATE_Q_local = DATE_Q.model_copy(update={"question": "When was it signed?"})
    questions[1] = DATE_Q_local

    def answer_fn(text: str) -> Answer:
        if text == DATE_Q_local.question:
            raise RuntimeError("boom")
        if text in answers:
            return answers[text]
        return ans(
            "The State of Delaware, see page 3."
        )  # answers the outside-library question: wrong

    report = run_eval(questions, answer_fn, "test", resolver=RESOLVER)
    s = report.summary
    assert s.n == 4 and s.errors == 1
    assert s.accuracy == pytest.approx(2 / 4)  # law right, refusal right
    assert s.refusal_recall == pytest.approx(1 / 2) and s.refusal_precision == pytest.approx(1.0)
    assert s.leaks == 1 and s.leak_checks == 1
    assert s.unsupported_claims == 0  # "3" is a page reference
    assert {r.key for r in s.by_behavior} == {
        "answer_with_citation",
        "say_not_found",
        "refuse_document_not_found",
    }
    json_path, md_path = write_report(report, tmp_path)
    data = json.loads(json_path.read_text())
    assert data["summary"]["n"] == 4 and len(data["results"]) == 4
    md = md_path.read_text()
    assert "| qtype | n | accuracy |" in md and "boom" in md


def test_percentiles_interpolate():
    xs = [10.0 * i for i in range(1, 11)]
    assert percentile(xs, 50) == pytest.approx(55.0)
    assert percentile(xs, 95) == pytest.approx(95.5)
    assert percentile([], 50) is None
    assert build_report("x", []).summary.latency_p50_ms is None


# --------------------------------------------------------------------------- the real dev slice


def _oracle(question: Question, contracts: dict[str, Contract]) -> Answer:
    """An answer built from the gold itself, citing every evidence span (to test the scorer)."""
    cits = [cite(contracts[e.doc_id], e.page_start, e.text) for e in question.evidence]
    g = question.gold_answer
    if question.should_refuse:
        return ans("This is not specified in the library.", refused=True)
    if question.qtype == "cross_doc/compare":
        if not str(g).startswith("cuad-"):
            return ans(str(g), *cits)  # "No (New York vs Virginia)"
        c = contracts[str(g)]
        return ans(
            f"The {c.title_clean} between {c.parties_clean[0]} and {c.parties_clean[1]}.", *cits
        )
    if question.qtype == "cross_doc/list":
        return ans("These contracts.", *cits)
    if question.qtype == "clause_lookup/present":
        return ans("Yes, the clause is quoted below.", *cits)
    return ans(f"The answer is {', '.join(g) if isinstance(g, list) else g}.", *cits)


@pytest.mark.skipif(
    not (DEV / "questions.jsonl").is_file(), reason=f"CUAD dev slice not found at {DEV}"
)
def test_dev_slice_gold_scores_right_and_other_gold_scores_wrong():
    questions = load_questions(DEV / "questions.jsonl")
    contracts = load_contracts(DEV / "contracts.jsonl")
    resolver = DocResolver(contracts.values())
    assert len(questions) == 459
    wrong_right = [
        x.qid for x in questions if not score_answer(x, _oracle(x, contracts), resolver).correct
    ]
    assert wrong_right == []
    # the gold of another question of the same kind (a different value: it does not answer the
    # other's question either) is wrong
    checked = 0
    for x in questions:
        if x.family != "exact_value":
            continue
        mine = _oracle(x, contracts)
        for o in questions:
            if o.qtype != x.qtype or o.doc_ids == x.doc_ids:
                continue
            theirs = _oracle(o, contracts)
            if score_answer(
                o, mine.model_copy(update={"citations": theirs.citations}), resolver
            ).answer_ok:
                continue  # same value in another form ("Successive 1 year")
            swapped = theirs.model_copy(update={"citations": mine.citations})
            assert not score_answer(x, swapped, resolver).answer_ok, (x.qid, o.qid)
            checked += 1
            break
    assert checked == sum(1 for x in questions if x.family == "exact_value")


@pytest.mark.skipif(
    not (DEV / "questions.jsonl").is_file(), reason=f"CUAD dev slice not found at {DEV}"
)
def test_evaluate_ingests_needed_contracts_into_a_fresh_tenant(tmp_path):
    from veridict.evaluation.cli_entry import evaluate
    from veridict.settings import Settings
    from veridict.types import Document

    seen: dict = {}

    def ingest_fn(paths, tenant):
        seen["paths"], seen["tenant"] = list(paths), tenant
        return [
            Document(
                tenant=tenant,
                doc_key=doc_key_for_path(p),
                title="t",
                source_path=str(p),
                sha256="0",
            )
            for p in paths
        ]

    def answerer(tenant, mode):
        assert tenant == seen["tenant"] and mode == "baseline"
        return lambda question: Answer(
            question=question, text="Not found in the library.", refused=True
        )

    cleaned = []
    report = evaluate(
        Settings(),
        DEV / "questions.jsonl",
        "baseline",
        16,
        tmp_path,
        ingest_fn=ingest_fn,
        answerer=answerer,
        cleanup=cleaned.append,
    )
    assert report.summary.n == 16
    assert cleaned == [seen["tenant"]] and seen["tenant"].startswith("eval_baseline_")
    assert all(p.is_file() and p.suffix.lower() == ".pdf" for p in seen["paths"])
    assert len({r.qtype for r in report.results}) == 16  # stratified: one of each kind
    # a collection-wide question is among them, so the whole slice was ingested
    assert len(seen["paths"]) == 40
    s = report.summary
    n_refusal_kind = sum(r.should_refuse for r in report.results)
    assert s.refusal_recall == 1.0 and s.accuracy == pytest.approx(n_refusal_kind / 16)
    assert len(list(tmp_path.glob("eval-baseline-*.json"))) == 1
    assert len(list(tmp_path.glob("eval-baseline-*.md"))) == 1


@pytest.mark.skipif(not (DEV / "questions.jsonl").is_file(), reason=f"CUAD dev slice not found at {DEV}")
def test_evaluate_stops_when_nothing_was_ingested(tmp_path):
    from veridict.evaluation.cli_entry import EvaluationError, evaluate
    from veridict.settings import Settings

    cleaned = []
    with pytest.raises(EvaluationError, match="nothing was ingested"):
        evaluate(
            Settings(),
            DEV / "questions.jsonl",
            "agent",
            3,
            tmp_path,
            ingest_fn=lambda paths, tenant: None,
            answerer=lambda tenant, mode: (lambda question: Answer(question=question, text="")),
            list_documents=lambda tenant: [],
            cleanup=cleaned.append,
        )
    assert len(cleaned) == 1 and not list(tmp_path.iterdir())

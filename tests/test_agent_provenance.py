"""Provenance: figures, dates and quotes in an answer must trace to its citations."""

from __future__ import annotations

import pytest

from agents.drafting import Draft, DraftClaim, parse_llm_draft
from agents.provenance import build_answer, check_claim
from veridict.domain import RefusalReason
from veridict.domain.values import FigurePool, extract_figures
from veridict.evaluation.scoring import unsupported_claims
from veridict.types import Citation, Evidence, Fact, Outage


def fact_evidence(i: str, quote: str, value: str, num: float | None = None, unit: str | None = None,
                  version: int = 2, page: int = 4) -> Evidence:
    fact = Fact(tenant="t", document_id="d2", attribute="amount", value_text=value, value_num=num, unit=unit,
                qualifier="penalty_per_incident", page=page, char_start=100, char_end=100 + len(quote), quote=quote,
                method="test")
    c = Citation(document_id="d2", document_title="CloudSecure Vendor Agreement", version=version, page=page,
                 clause_number="9.2", quote=quote, store="facts", char_start=100, char_end=100 + len(quote))
    return Evidence(id=i, store="facts", text=quote, citation=c, fact=fact)


PENALTY = fact_evidence("fact:1", "the Vendor shall pay a penalty of EUR 200,000 per incident.", "200000.00 EUR",
                        200_000, "EUR")
EFFECTIVE = fact_evidence("fact:2", "This Agreement is effective as of 1 January 2024.", "2024-01-01")


def draft_of(*claims: tuple[str, list[int]], mode="extractive", evidence=(PENALTY, EFFECTIVE)) -> Draft:
    return Draft(claims=[DraftClaim(text=t, citation_indexes=i) for t, i in claims],
                 citations=[e.citation for e in evidence], evidence_ids=[e.id for e in evidence], mode=mode)


EVIDENCE = {PENALTY.id: PENALTY, EFFECTIVE.id: EFFECTIVE}


@pytest.mark.parametrize("text,kind,value", [
    ("EUR 150,000", "money", "150000"), ("€150.000,00", "money", "150000"), ("$4.5 million", "money", "4500000"),
    ("150,000 euros", "money", "150000"), ("July 31, 2017", "date", "2017-07-31"),
    ("the 1st day of October, 2001", "date", "2001-10-01"), ("31 July 2017", "date", "2017-07-31"),
    ("thirty (30) days", "number", "30"), ("12.5%", "percent", "12.5"),
])
def test_figures_normalise(text, kind, value):
    figs = extract_figures(text)
    assert (figs[0].kind, figs[0].value) == (kind, value)


def test_structural_numbers_are_not_figures():
    assert extract_figures("See § 9.2 and Section 14.3(b) on p. 4 of v2 [1][2].") == []


def test_chapter_and_article_locations_are_not_figures():
    # contracts numbered by chapter or article: the drafter writes "§ Chapter 24"; that locates, it states nothing
    assert extract_figures("It is China (§ Chapter 24, p. 17) [1]; see also § Article 118 and Chapter 7.") == []
    assert [f.value for f in extract_figures("within 24 days under § Chapter 3")] == ["24"]
    law = fact_evidence("fact:3", "shall be governed by the published laws of the People's Republic of China.",
                        "China")
    d = draft_of(('The governing law is China (§ Chapter 24, p. 17: "shall be governed by the published laws of '
                  'the People\'s Republic of China.") [1].', [1]), evidence=(law,))
    answer = build_answer("Which law governs?", d, {law.id: law})
    assert not answer.refused, answer.text
    assert unsupported_claims(answer, "Which law governs?") == []


def test_pool_matches_currency_and_value():
    pool = FigurePool(["a penalty of € 200,000 per incident"])
    eur, usd, other = (extract_figures(t)[0] for t in ("EUR 200,000", "USD 200,000", "EUR 20,000"))
    assert pool.supports(eur) and not pool.supports(usd) and not pool.supports(other)


def test_supported_claim_passes():
    d = draft_of(("The penalty is EUR 200,000 per incident [1].", [1]),
                 ("The agreement is effective from 2024-01-01 [2].", [2]))
    answer = build_answer("q", d, EVIDENCE)
    assert not answer.refused
    assert "EUR 200,000" in answer.text and "2024-01-01" in answer.text
    assert all(c.supported for c in answer.claims)
    assert len(answer.citations) == 2


def test_unsupported_figure_is_removed():
    d = draft_of(("The penalty is EUR 200,000 per incident [1].", [1]),
                 ("The liability cap is EUR 5,000,000 [1].", [1]))
    check = check_claim(d.claims[1], d, EVIDENCE)
    assert not check.supported and "5,000,000" in check.problems[0]
    answer = build_answer("q", d, EVIDENCE)
    assert not answer.refused
    assert "5,000,000" not in answer.text and "200,000" in answer.text
    removed = [c for c in answer.claims if not c.supported]
    assert len(removed) == 1 and "5,000,000" in removed[0].claim
    assert len(answer.citations) == 1  # renumbered to what the kept claims use


def test_figure_cited_from_the_wrong_source_is_unsupported():
    d = draft_of(("The penalty is EUR 200,000 [2].", [2]))  # [2] is the effective-date clause
    assert not check_claim(d.claims[0], d, EVIDENCE).supported


def test_misquote_is_removed():
    d = draft_of(('The clause says "the Vendor shall pay a penalty of EUR 300,000 per incident" [1].', [1]),
                 ('It reads "the Vendor shall pay a penalty of EUR 200,000 per incident" [1].', [1]))
    answer = build_answer("q", d, EVIDENCE)
    assert "300,000" not in answer.text and "200,000" in answer.text


def test_refusal_when_nothing_is_supported():
    d = draft_of(("The penalty is EUR 999,999 [1].", [1]), ("It was signed on 5 May 2011 [2].", [2]))
    answer = build_answer("q", d, EVIDENCE)
    assert answer.refused
    assert answer.refusal_reason == "not found in the documents"
    assert answer.citations == []
    assert "999,999" not in answer.text and "2011" not in answer.text
    assert [c.supported for c in answer.claims] == [False, False]


def test_llm_draft_unmarked_sentence_is_attached_or_dropped():
    d = parse_llm_draft("The penalty is EUR 200,000 per incident. The penalty doubles to EUR 400,000 after two "
                        "incidents.", [PENALTY, EFFECTIVE])
    assert d.mode == "llm" and len(d.claims) == 2
    answer = build_answer("q", d, EVIDENCE)
    assert "200,000" in answer.text and "400,000" not in answer.text
    assert answer.citations[0].quote == PENALTY.citation.quote


def test_llm_list_markers_are_layout_not_claims():
    d = parse_llm_draft("1. The penalty is EUR 200,000 per incident [1].\n2. The penalty doubles to EUR 400,000 "
                        "after two incidents [1].\n3.", [PENALTY])
    assert [c.text.split(" ")[0] for c in d.claims] == ["The", "The"]
    answer = build_answer("q", d, EVIDENCE)
    assert [c.supported for c in answer.claims] == [True, False]
    assert "200,000" in answer.text and "400,000" not in answer.text


def test_llm_not_found_is_a_refusal():
    d = parse_llm_draft("NOT FOUND", [PENALTY])
    answer = build_answer("q", d, EVIDENCE)
    assert answer.refused and answer.refusal_reason == "not found in the documents"


def test_unsupported_llm_draft_falls_back_to_extractive():
    llm = parse_llm_draft("The penalty is EUR 250,000 [1].", [PENALTY])
    extractive = draft_of(("The penalty is EUR 200,000 [1].", [1]), evidence=(PENALTY,))
    answer = build_answer("q", llm, EVIDENCE, fallback=extractive)
    assert not answer.refused and "200,000" in answer.text and "250,000" not in answer.text
    assert any(not c.supported and "250,000" in c.claim for c in answer.claims)
    assert any("extractive" in (s.note or "") for s in answer.trace)


def test_given_refusal_reason_wins():
    answer = build_answer("q", None, {}, refusal_reason=RefusalReason.no_such_document,
                          refusal_detail='"the Foo Agreement"',
                          outages=[Outage(channel="vectors", store="qdrant", error="down")])
    assert answer.refused and answer.refusal_reason == "no such document in the library"
    assert "Foo Agreement" in answer.text and "vectors channel was unavailable" in answer.text


def date_fact(i: str, attribute: str, quote: str, value: str, clause: str) -> Evidence:
    fact = Fact(tenant="t", document_id="d3", attribute=attribute, value_text=value, page=1, char_start=0,
                char_end=len(quote), quote=quote, method="test")
    c = Citation(document_id="d3", document_title="Sponsorship Agreement", version=1, page=1, clause_number=clause,
                 quote=quote, store="facts", char_start=0, char_end=len(quote))
    return Evidence(id=i, store="facts", text=quote, citation=c, fact=fact)


TERM = date_fact("fact:10", "expiration_date", "This Agreement shall commence on the Effective Date and shall "
                 "continue for ten (10) Contract Years.", "2022-06-13", "2(a)")
START = date_fact("fact:11", "effective_date", "The Effective Date of this Agreement is June 13, 2012.",
                  "2012-06-13", "1")
AS_OF = date_fact("fact:12", "agreement_date", "This Agreement is effective as of the latest date set forth below.",
                  "2009-12-11", "1")
DATED = {e.id: e for e in (TERM, START, AS_OF)}


def test_value_of_a_fact_row_is_not_support_unless_its_quote_states_it():
    d = draft_of(("The agreement date is 2009-12-11 [1].", [1]), evidence=(AS_OF,))
    check = check_claim(d.claims[0], d, DATED)
    assert not check.supported and "2009-12-11" in check.problems[0]
    answer = build_answer("q", d, DATED)
    assert answer.refused and "2009" not in answer.text


def test_derived_end_date_needs_the_quoted_start_and_term():
    text = "It runs ten (10) Contract Years from June 13, 2012, so it ends on 2022-06-13 (calculated) [1][2]."
    both = draft_of((text, [1, 2]), evidence=(TERM, START))
    answer = build_answer("q", both, DATED)
    assert not answer.refused and "2022-06-13" in answer.text
    assert unsupported_claims(answer, "When does it expire?") == []
    term_only = draft_of(("The agreement expires on 2022-06-13 [1].", [1]), evidence=(TERM,))
    term_only.derived_dates.append("2022-06-13")  # a date computed elsewhere is no support by itself
    assert not check_claim(term_only.claims[0], term_only, DATED).supported
    assert build_answer("q", term_only, DATED).refused
    wrong = draft_of(("It runs ten (10) Contract Years from June 13, 2012, so it ends on 2023-06-13 [1][2].",
                      [1, 2]), evidence=(TERM, START))
    assert not check_claim(wrong.claims[0], wrong, DATED).supported


def test_an_end_date_at_an_anniversary_is_derived_from_the_quoted_start():
    until = date_fact("fact:13", "expiration_date", "INITIAL TERM shall mean the Effective Date through the day prior "
                      "to the second anniversary of the Effective Date.", "2001-11-19", "1.9")
    start = date_fact("fact:14", "effective_date", "This Agreement is entered into as of November 19, 1999 (the "
                      "\"Effective Date\").", "1999-11-19", "1")
    evidence = {e.id: e for e in (until, start)}
    text = ("It runs to the second anniversary from its effective date, 1999-11-19, so it ends on 2001-11-19 "
            "(calculated) [1][2].")
    answer = build_answer("q", draft_of((text, [1, 2]), evidence=(until, start)), evidence)
    assert not answer.refused and "2001-11-19" in answer.text
    assert unsupported_claims(answer, "When does it expire?") == []
    third = draft_of((text.replace("2001-11-19", "2002-11-19"), [1, 2]), evidence=(until, start))
    assert not check_claim(third.claims[0], third, evidence).supported


def test_a_source_read_by_ocr_under_the_low_threshold_is_named_in_the_answer():
    poor = PENALTY.model_copy(update={"citation": PENALTY.citation.model_copy(update={"ocr_confidence": 71.4})})
    good = EFFECTIVE.model_copy(update={"citation": EFFECTIVE.citation.model_copy(update={"ocr_confidence": 93.0})})
    d = draft_of(("The penalty is EUR 200,000 per incident [1].", [1]),
                 ("The agreement is effective from 2024-01-01 [2].", [2]), evidence=(poor, good))
    answer = build_answer("q", d, {poor.id: poor, good.id: good}, ocr_low=80)
    assert not answer.refused
    assert "source [1] (page 4) was read by OCR, confidence 71 %" in answer.text, answer.text
    assert "93 %" not in answer.text  # above the threshold: no warning
    assert "read by OCR" not in build_answer("q", d, {poor.id: poor, good.id: good}, ocr_low=70).text

"""The second everyday-wording set (bench/questions/paraphrase2): an independent measure, so it
shares no contract with dev, val, the first paraphrase set or the held-out (odd) half, its
wordings are not the first set's, its evidence sits at its offsets in the CUAD text, every
question is scoreable, and it regenerates byte for byte."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest

from bench import paraphrase2_templates, paraphrase_templates
from bench.paraphrase2_set import FIRST_SET, config
from bench.paraphrase_names import fold
from bench.paraphrase_set import FILES, build, dumps
from tests.paraphrase_checks import (
    check_evidence_at_offsets,
    check_questions_fit_their_contracts,
    check_regenerates,
    check_scoreable,
    check_short_names_not_full_titles,
    check_wordings_varied,
    contracts_used,
    rows,
    template_wordings,
)
from veridict.evaluation.questions import Question, contracts_path_for, load_contracts, load_questions

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench" / "questions" / "paraphrase2"
QUESTIONS = SET / "questions.jsonl"
CUAD = ROOT.parent / "shared" / "data" / "cuad"
needs_cuad = pytest.mark.skipif(not (CUAD / "annotations.jsonl").is_file(), reason=f"CUAD data not found at {CUAD}")



@pytest.fixture(scope="module")
def questions() -> list[Question]:
    return load_questions(QUESTIONS)


@pytest.fixture(scope="module")
def contracts():
    return load_contracts(contracts_path_for(QUESTIONS))


@pytest.fixture(scope="module")
def raw_contracts() -> dict[str, dict]:
    return {r["doc_id"]: r for r in rows(SET / "contracts.jsonl")}




def test_files_load_with_the_eval_loader_and_have_the_first_sets_mix(questions, contracts):
    assert len(contracts) == 20
    assert 100 <= len(questions) <= 120
    assert len({q.qid for q in questions}) == len(questions)
    check_questions_fit_their_contracts(questions, contracts)
    first = Counter(q.qtype for q in load_questions(FIRST_SET / "questions.jsonl"))
    assert set(Counter(q.qtype for q in questions)) == set(first)
    assert len({q.outside_doc for q in questions if q.outside_doc}) == 4


@needs_cuad
def test_no_contract_from_dev_val_the_first_set_or_the_held_out_half():
    dev = {r["doc_id"] for r in rows(CUAD / "dev" / "contracts.jsonl")}
    val = {r["doc_id"] for r in rows(CUAD / "val" / "contracts.jsonl")}
    first = contracts_used(CUAD, FIRST_SET)
    used = contracts_used(CUAD, SET)
    assert len(used) == 24
    assert not used & dev
    assert not used & val
    assert not used & first
    assert all(int(hashlib.md5(d.encode()).hexdigest(), 16) % 2 == 0 for d in used)  # train half only
    assert config(CUAD).exclude == frozenset(first)


def test_no_party_short_name_is_shared_with_the_first_set(raw_contracts):
    first = {fold(s) for r in rows(FIRST_SET / "contracts.jsonl") for s in r["short_names"]}
    ours = {fold(s) for r in raw_contracts.values() for s in r["short_names"]}
    assert not ours & first


@needs_cuad
def test_evidence_sits_at_its_offsets_in_the_cuad_text(questions, raw_contracts):
    assert check_evidence_at_offsets(questions, raw_contracts, CUAD) >= 100



def test_wordings_are_new_and_varied(questions):
    assert not template_wordings(paraphrase2_templates) & template_wordings(paraphrase_templates)
    first = {r["question"].casefold() for r in rows(FIRST_SET / "questions.jsonl")}
    assert not {q.question.casefold() for q in questions} & first
    question_rows = rows(QUESTIONS)
    check_wordings_varied(question_rows)


def test_questions_use_short_names_not_full_titles(questions, raw_contracts):
    check_short_names_not_full_titles(questions, raw_contracts)


def test_every_question_is_scoreable_by_the_project_scorer(questions, contracts):
    check_scoreable(questions, contracts)


@needs_cuad
def test_the_set_regenerates_byte_for_byte():
    check_regenerates(build(CUAD, config(CUAD)), SET, FILES, dumps, "python -m bench.paraphrase2_set")

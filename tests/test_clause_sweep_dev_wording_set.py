"""The clause sweep in the dev set's own clause wording (bench/questions/clause_sweep_dev): each question is a sweep
question of a category dev asks, with its gold and evidence, worded as dev words that category; the forms are
dev's; it regenerates byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import clause_sweep_dev_wording_set as S
from bench.paraphrase_set import dumps

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench" / "questions" / "clause_sweep_dev"
SWEEP = ROOT / "bench" / "questions" / "clause_sweep" / "questions.jsonl"
CUAD = ROOT.parent / "shared" / "data" / "cuad"
needs_cuad = pytest.mark.skipif(not (CUAD / "annotations.jsonl").is_file(), reason=f"CUAD data not found at {CUAD}")


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_question_is_a_sweep_question_of_a_dev_category_in_dev_words():
    sweep = {q["qid"]: q for q in _rows(SWEEP)}
    rows = _rows(SET / "questions.jsonl")
    assert len(rows) > 700
    for q in rows:
        twin = sweep[q["sweep_qid"]]
        assert q["category"] in S.DEV_CLAUSE
        for key in ("qtype", "gold_answer", "doc_ids", "evidence", "category"):
            assert q[key] == twin[key], (q["qid"], key)
        before, after = S.DEV_CLAUSE[q["category"]].split("{full}")
        assert q["question"].startswith(before) and q["question"].endswith(after + S._TAIL), q["qid"]
        full = q["question"][len(before):-len(after + S._TAIL)]
        assert f"Does the {full} contain a" in twin["question"], q["qid"]  # the same contract, named the same way


@needs_cuad
def test_the_forms_are_the_dev_sets_own():
    forms: dict[str, set[str]] = {}
    dev = _rows(CUAD / "dev" / "questions.jsonl")
    names = {q["doc_ids"][0]: q["question"][len("Which jurisdiction's law governs the "):-1] for q in dev
             if q["question"].startswith("Which jurisdiction's law governs the ") and len(q["doc_ids"]) == 1}
    for q in dev:
        if q["qtype"].startswith("clause_lookup/") and q["doc_ids"][0] in names:
            forms.setdefault(q["category"], set()).add(q["question"].replace(names[q["doc_ids"][0]], "{full}"))
    for category, form in S.DEV_CLAUSE.items():
        assert forms.get(category) == {form + S._TAIL}, category


@needs_cuad
def test_it_regenerates_byte_for_byte():
    contracts, questions = S.build(CUAD)
    assert dumps(questions) == (SET / "questions.jsonl").read_text(encoding="utf-8")
    assert dumps(contracts) == (SET / "contracts.jsonl").read_text(encoding="utf-8")

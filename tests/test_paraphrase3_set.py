"""The third everyday-wording set (bench/questions/paraphrase3): an independent measure, so it
shares no contract with dev, val, any other question set under bench/questions or the held-out
(odd) half, its wordings and questions are not those of the first two paraphrase sets, its
evidence sits at its offsets in the CUAD text, every question is scoreable, and it regenerates
byte for byte."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from bench import paraphrase2_templates, paraphrase3_templates, paraphrase_templates
from bench.paraphrase3_set import EARLIER_SETS, config
from bench.paraphrase_names import fold
from bench.paraphrase_set import FILES, Cuad, build, dumps
from tests.paraphrase_checks import (
    check_questions_fit_their_contracts,
    check_scoreable,
    check_short_names_not_full_titles,
)
from veridict.evaluation.questions import Question, contracts_path_for, load_contracts, load_questions

ROOT = Path(__file__).resolve().parents[1]
SETS = ROOT / "bench" / "questions"
SET = SETS / "paraphrase3"
QUESTIONS = SET / "questions.jsonl"
FIRST_SETS = (SETS / "paraphrase", SETS / "paraphrase2")
CUAD = ROOT.parent / "shared" / "data" / "cuad"
needs_cuad = pytest.mark.skipif(not (CUAD / "annotations.jsonl").is_file(), reason=f"CUAD data not found at {CUAD}")


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _other_sets() -> list[Path]:
    """Every other question set under bench/questions (a folder with contracts.jsonl)."""
    return sorted(p.parent for p in SETS.glob("**/contracts.jsonl") if p.parent != SET)


@pytest.fixture(scope="module")
def questions() -> list[Question]:
    return load_questions(QUESTIONS)


@pytest.fixture(scope="module")
def contracts():
    return load_contracts(contracts_path_for(QUESTIONS))


@pytest.fixture(scope="module")
def raw_contracts() -> dict[str, dict]:
    return {r["doc_id"]: r for r in _rows(SET / "contracts.jsonl")}


def _doc_ids_by_file() -> dict[str, str]:
    return {r["cuad_filename"]: r["doc_id"] for r in _rows(CUAD / "contracts.jsonl")}


def _used(folder: Path) -> set[str]:
    """Every contract a set touches: its library, its questions' documents, those asked about as missing."""
    by_file = _doc_ids_by_file()
    qs = _rows(folder / "questions.jsonl")
    return (
        {r["doc_id"] for r in _rows(folder / "contracts.jsonl")}
        | {d for q in qs for d in q["doc_ids"]}
        | {by_file[q["outside_doc"]] for q in qs if q.get("outside_doc")}
    )


def test_files_load_with_the_eval_loader_and_have_the_earlier_sets_mix(questions, contracts):
    assert len(contracts) == 20
    assert 100 <= len(questions) <= 120
    assert len({q.qid for q in questions}) == len(questions)
    assert all(q.qid.startswith("pc") for q in questions)
    check_questions_fit_their_contracts(questions, contracts)
    second = Counter(q.qtype for q in load_questions(SETS / "paraphrase2" / "questions.jsonl"))
    assert set(Counter(q.qtype for q in questions)) == set(second)
    assert len({q.outside_doc for q in questions if q.outside_doc}) == 4


@needs_cuad
def test_no_contract_from_dev_val_another_set_or_the_held_out_half():
    dev = {r["doc_id"] for r in _rows(CUAD / "dev" / "contracts.jsonl")}
    val = {r["doc_id"] for r in _rows(CUAD / "val" / "contracts.jsonl")}
    used = _used(SET)
    assert len(used) == 24
    assert not used & dev
    assert not used & val
    for folder in _other_sets():
        assert not used & _used(folder), folder.relative_to(SETS)
    assert all(int(hashlib.md5(d.encode()).hexdigest(), 16) % 2 == 0 for d in used)  # train half only
    assert config(CUAD).exclude == frozenset().union(*(_used(SETS / name) for name in EARLIER_SETS))


@needs_cuad
def test_no_party_short_name_is_shared_with_an_earlier_set_dev_or_val(raw_contracts):
    cuad = Cuad.load(CUAD)
    earlier = cuad.names_of(cuad.dev + cuad.val + sorted(config(CUAD).exclude))
    ours = {fold(s) for r in raw_contracts.values() for s in r["short_names"]}
    assert not ours & earlier
    for folder in FIRST_SETS:
        theirs = {fold(s) for r in _rows(folder / "contracts.jsonl") for s in r["short_names"]}
        assert not ours & theirs, folder.name


@needs_cuad
def test_evidence_sits_at_its_offsets_in_the_cuad_text(questions, raw_contracts):
    texts = {d: (CUAD / r["txt_path"]).read_text(encoding="utf-8", errors="replace") for d, r in raw_contracts.items()}
    n = 0
    for q in questions:
        for e in q.evidence:
            assert texts[e.doc_id][e.start : e.end] == e.text, (q.qid, e.start)
            assert 1 <= e.page_start <= e.page_end <= raw_contracts[e.doc_id]["n_pages"], q.qid
            n += 1
    assert n >= 100


def _wordings(module) -> set[str]:
    found: set[str] = set()

    def walk(x) -> None:
        if isinstance(x, str):
            found.add(x.strip().casefold())
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    for name in (
        "REFERENCES",
        "EXACT",
        "AMOUNT",
        "SHOW",
        "CLAUSE",
        "CLAUSE_PHRASE",
        "CROSS_LIST_LAW",
        "CROSS_LIST_CLAUSE",
        "CROSS_COUNT_LAW",
        "CROSS_COUNT_CLAUSE",
        "CROSS_COUNT_RENEWAL",
        "COMPARE",
        "NOT_STATED",
        "NOT_IN_LIBRARY",
    ):
        walk(getattr(module, name))
    for wordings, _pattern in module.FALSE_PREMISE.values():
        walk(wordings)
    return found - {""}


def test_wordings_are_new_and_varied(questions):
    ours = _wordings(paraphrase3_templates)
    assert not ours & _wordings(paraphrase_templates)
    assert not ours & _wordings(paraphrase2_templates)
    asked = {q.question.casefold() for q in questions}
    for folder in FIRST_SETS:
        assert not asked & {r["question"].casefold() for r in _rows(folder / "questions.jsonl")}, folder.name
    by_qtype: dict[str, Counter] = {}
    for row in _rows(QUESTIONS):
        assert " between " not in row["wording"].casefold()
        by_qtype.setdefault(row["qtype"], Counter())[row["wording"]] += 1
    for qtype, counts in by_qtype.items():
        if sum(counts.values()) >= 6:
            assert len(counts) >= 3, qtype
            assert max(counts.values()) <= 0.5 * sum(counts.values()), qtype


def test_questions_use_short_names_not_full_titles(questions, raw_contracts):
    check_short_names_not_full_titles(questions, raw_contracts)


def test_every_question_is_scoreable_by_the_project_scorer(questions, contracts):
    check_scoreable(questions, contracts)


@needs_cuad
def test_the_set_regenerates_byte_for_byte():
    rows = build(CUAD, config(CUAD))[:3]
    for name, written in zip(FILES, rows, strict=True):
        assert dumps(written) == (SET / name).read_text(encoding="utf-8"), (
            f"{name} is stale: python -m bench.paraphrase3_set"
        )
    assert f"{len(rows[1])} questions over {len(rows[0])} CUAD contracts" in (SET / "spec.txt").read_text()

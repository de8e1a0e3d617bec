"""The paraphrase question set (bench/questions/paraphrase): loads with the eval loader, is
balanced, uses no dev or val contract, asks by short names, is scoreable, and regenerates
byte for byte from the CUAD labels."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from bench.paraphrase_names import clean_title, label_parties, short_name
from bench.paraphrase_set import FILES, build, dumps, span_found
from tests.paraphrase_checks import (
    check_questions_fit_their_contracts,
    check_scoreable,
    check_short_names_not_full_titles,
)
from veridict.evaluation.questions import (
    Question,
    contracts_path_for,
    cuad_root_for,
    load_contracts,
    load_questions,
)

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench" / "questions" / "paraphrase"
QUESTIONS = SET / "questions.jsonl"
TEMPLATED = SET / "template_questions.jsonl"
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
    rows = [json.loads(line) for line in (SET / "contracts.jsonl").read_text().splitlines()]
    return {r["doc_id"]: r for r in rows}


def test_files_load_with_the_eval_loader(questions, contracts):
    assert len(contracts) == 40
    assert len(questions) >= 200
    assert len({q.qid for q in questions}) == len(questions)
    check_questions_fit_their_contracts(questions, contracts)
    assert {q.expected_behavior for q in questions if q.qtype.endswith("document_not_in_corpus")} == {
        "refuse_document_not_found"
    }


def test_kinds_are_balanced(questions):
    families = Counter(q.family for q in questions)
    assert set(families) == {"exact_value", "clause_lookup", "cross_doc", "unanswerable"}
    for family, n in families.items():
        assert 0.1 <= n / len(questions) <= 0.5, (family, n)
    qtypes = Counter(q.qtype for q in questions)
    assert len(qtypes) == 16
    assert min(qtypes.values()) >= 4, qtypes
    assert qtypes["clause_lookup/present"] >= 30 and qtypes["clause_lookup/absent"] >= 20
    # several wordings per kind, and no single wording dominates one
    wordings: dict[str, Counter] = {}
    for row in map(json.loads, QUESTIONS.read_text().splitlines()):
        wordings.setdefault(row["qtype"], Counter())[row["wording"]] += 1
    for qtype, counts in wordings.items():
        if sum(counts.values()) >= 8:
            assert len(counts) >= 3, qtype
            assert max(counts.values()) <= 0.5 * sum(counts.values()), qtype


@needs_cuad
def test_no_contract_from_dev_or_val_and_all_from_the_train_half(questions, contracts):
    def ids(path: Path) -> set[str]:
        return {json.loads(line)["doc_id"] for line in path.read_text().splitlines() if line.strip()}

    measured = ids(CUAD / "dev" / "contracts.jsonl") | ids(CUAD / "val" / "contracts.jsonl")
    by_file = {
        json.loads(line)["cuad_filename"]: json.loads(line)["doc_id"]
        for line in (CUAD / "contracts.jsonl").read_text().splitlines()
    }
    outside = {by_file[q.outside_doc] for q in questions if q.outside_doc}
    assert len(outside) == 8
    used = set(contracts) | outside | {d for q in questions for d in q.doc_ids}
    assert not used & measured
    assert all(int(hashlib.md5(d.encode()).hexdigest(), 16) % 2 == 0 for d in used)
    assert not outside & set(contracts)


def test_questions_use_short_names_not_full_titles(questions, raw_contracts):
    check_short_names_not_full_titles(questions, raw_contracts)


def test_template_questions_are_the_same_questions_in_dev_wording(questions, raw_contracts):
    templated = load_questions(TEMPLATED)
    assert [t.qid for t in templated] == [q.qid for q in questions]
    for q, t in zip(questions, templated, strict=True):
        assert t.model_dump(exclude={"question"}) == q.model_dump(exclude={"question"})
        assert t.question != q.question
        for doc_id in t.doc_ids:
            if t.family != "cross_doc" or t.subtype == "compare":
                assert raw_contracts[doc_id]["title_clean"] in t.question or t.subtype == "parties", t.qid


def test_every_question_is_scoreable_by_the_project_scorer(questions, contracts):
    check_scoreable(questions, contracts)


def test_short_names_are_what_a_user_types():
    assert short_name("Anixa Biosciences, Inc.", ["Anixa"]) == "Anixa"
    assert short_name("TOM WATSON", ["CONSULTANT"]) == "Tom Watson"
    assert short_name("Andy North", ["North"]) == "Andy North"
    assert short_name("International Business Machines Corporation", ["IBM"]) == "IBM"
    assert short_name("Great Lakes Gas Transmission Limited Partnership", ["Transporter"]) == "Great Lakes"
    assert short_name("Vitamin Shoppe Industries, Inc.", ["Sponsor"]) == "Vitamin Shoppe"
    assert short_name("EDIETS.COM, INC.", ["eDiets"]) == "eDiets"
    # a defined term that only starts a word is not a name ('SCIEN' for Scientific Products)
    assert short_name("Scientific Products Pharmaceutical Co. LTD", ["SCIEN"]) == "Scientific"
    assert clean_title("INTELLECTUAL PROPERTY AGREEMENT, d") == "Intellectual Property Agreement"
    parties = label_parties(
        "TELCOSTAR PTE, LTD.; Ability Computer & Software Industries Ltd; TELCOSTAR PTE, LTD. and "
        'Ability Computer & Software Industries Ltd (each and both of them "Recipient"); Each of the '
        "foregoing parties is referred to herein as a Party"
    )
    assert [name for name, _ in parties] == ["TELCOSTAR PTE, LTD.", "Ability Computer & Software Industries Ltd"]


def test_a_quote_must_sit_on_its_pages():
    txt = "xx The Agreement shall be governed by the laws of Ohio. yy"
    start = txt.index("The")
    span = {"text": txt[start:-3], "start": start, "end": len(txt) - 3, "page_start": 2, "page_end": 2}
    pages = ["cover page", "14. The Agreement shall be governed by\nthe laws of Ohio.", "signatures"]
    assert span_found(span, txt, pages)
    assert not span_found({**span, "page_start": 1, "page_end": 1}, txt, pages)
    assert not span_found({**span, "start": start + 1}, txt, pages)  # offsets that miss the quote
    assert not span_found({**span, "page_start": 3, "page_end": 2}, txt, pages)


def test_cuad_files_are_found_from_a_set_kept_in_the_repository(tmp_path):
    repo_set = tmp_path / "project" / "bench" / "questions" / "x"
    repo_set.mkdir(parents=True)
    pdf = tmp_path / "shared" / "data" / "cuad" / "full_contract_pdf" / "a.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF-1.4")
    row = {"doc_id": "cuad-1", "cuad_filename": "a.pdf", "txt_path": "t/a.txt", "pdf_path": "full_contract_pdf/a.pdf"}
    (repo_set / "contracts.jsonl").write_text(json.dumps(row) + "\n")
    found = load_contracts(repo_set / "contracts.jsonl")
    assert cuad_root_for(repo_set / "contracts.jsonl", found.values()) == pdf.parents[1]


@needs_cuad
def test_the_set_finds_its_contracts_and_regenerates_byte_for_byte(contracts, tmp_path):
    root = cuad_root_for(contracts_path_for(QUESTIONS), contracts.values())
    assert all((root / c.pdf_path).is_file() for c in contracts.values())
    rows = build(CUAD)[:3]
    for name, written in zip(FILES, rows, strict=True):
        assert dumps(written) == (SET / name).read_text(encoding="utf-8"), f"{name} is stale: python -m bench.paraphrase_set"
    assert f"{len(rows[1])} questions over {len(rows[0])} CUAD contracts" in (SET / "spec.txt").read_text()

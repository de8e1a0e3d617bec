"""Checks the everyday-wording question sets must pass (``bench/questions/paraphrase``, ``paraphrase2`` and
``paraphrase3``), and the readers of their files."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from veridict.evaluation.documents import DocResolver
from veridict.evaluation.questions import Question
from veridict.evaluation.scoring import score_answer
from veridict.types import Answer, Citation


def rows(path: Path) -> list[dict]:
    """The JSON rows of a JSONL file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def contracts_used(cuad: Path, folder: Path) -> set[str]:
    """Every contract a set touches: its library, its questions' documents, those asked about as missing."""
    by_file = {r["cuad_filename"]: r["doc_id"] for r in rows(cuad / "contracts.jsonl")}
    qs = rows(folder / "questions.jsonl")
    return (
        {r["doc_id"] for r in rows(folder / "contracts.jsonl")}
        | {d for q in qs for d in q["doc_ids"]}
        | {by_file[q["outside_doc"]] for q in qs if q.get("outside_doc")}
    )


def check_questions_fit_their_contracts(questions: list[Question], contracts) -> None:
    """Every question names only library contracts; answerable ones carry evidence, refusals none."""
    for q in questions:
        assert set(q.doc_ids) <= set(contracts), q.qid
        assert {e.doc_id for e in q.evidence} <= set(q.doc_ids), q.qid
        if q.family in ("exact_value", "cross_doc") or q.qtype == "clause_lookup/present":
            assert q.evidence and not q.should_refuse, q.qid
        if q.family == "unanswerable" or q.qtype == "clause_lookup/absent":
            assert q.should_refuse and not q.evidence, q.qid


def check_short_names_not_full_titles(questions: list[Question], raw_contracts: dict[str, dict]) -> None:
    """A question names its contract the way a user does: a party's short name, never the title or legal name."""
    for q in questions:
        text = q.question.casefold()
        assert " between " not in text, q.qid
        for doc_id in q.doc_ids:
            c = raw_contracts[doc_id]
            assert c["title_clean"].casefold() not in text, q.qid
            for party, short in zip(c["parties_clean"], c["short_names"], strict=True):
                legal = re.sub(r"^the\s+", "", party.casefold())  # 'The Right Solution' is its short name
                if legal != short.casefold():
                    assert legal not in text, (q.qid, party)
            if q.family != "cross_doc" or q.subtype == "compare":
                assert any(s.casefold() in text for s in c["short_names"]), (q.qid, c["short_names"])


def perfect_answer(q: Question, contracts) -> Answer:
    """What a correct system says: the gold value, cited on the first evidence page of each document."""
    if q.should_refuse:
        return Answer(question=q.question, text="That is not stated in the contract.", refused=True)
    cites = []
    for doc_id in dict.fromkeys(e.doc_id for e in q.evidence):
        e = q.evidence_for(doc_id)[0]
        c = contracts[doc_id]
        cites.append(
            Citation(document_id=f"doc-{doc_id}", document_title=c.title_clean or c.title, version=1,
                     page=e.page_start, quote=e.text[:300], store="facts", source_path=c.pdf_path)
        )
    gold = q.gold_answer
    if q.family == "exact_value":
        text = f"{gold[0] if isinstance(gold, list) else gold}."
    elif q.family == "clause_lookup":
        text = "Yes, it does."
    elif q.subtype == "count":
        text = f"{gold} contracts."
    elif q.subtype == "compare" and str(gold).startswith("cuad-"):
        text = f"The one with {contracts[gold].parties_clean[0]}."
    elif q.subtype == "compare":
        text = "Yes, both are." if str(gold).startswith("Yes") else "No, they differ."
    else:
        text = "These contracts."
    return Answer(question=q.question, text=text, citations=cites)


def check_scoreable(questions: list[Question], contracts) -> None:
    """A correct answer scores correct on every question, and refusing answerable questions fails them all."""
    resolver = DocResolver(contracts.values())
    for q in questions:
        score = score_answer(q, perfect_answer(q, contracts), resolver)
        assert score.correct, (q.qid, score.detail)
    # and a wrong behaviour is scored wrong: refusing every answerable question fails them all
    refusal = Answer(question="", text="I could not find that.", refused=True)
    assert not any(score_answer(q, refusal, resolver).correct for q in questions if not q.should_refuse)


# the wording tables of a templates module (bench.paraphrase*_templates); a module may lack some of them
WORDING_TABLES = ("REFERENCES", "EXACT", "AMOUNT", "SHOW", "CLAUSE", "CLAUSE_PHRASE", "CROSS_LIST_LAW",
                  "CROSS_LIST_CLAUSE", "CROSS_COUNT_LAW", "CROSS_COUNT_CLAUSE", "CROSS_COUNT_RENEWAL", "COMPARE",
                  "NOT_STATED", "NOT_IN_LIBRARY")


def template_wordings(module) -> set[str]:
    """Every wording string of a templates module, case-folded (its false premises' wordings too)."""
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

    for name in WORDING_TABLES:
        walk(getattr(module, name, None))
    for wordings, _pattern in module.FALSE_PREMISE.values():
        walk(wordings)
    return found - {""}


def check_evidence_at_offsets(questions: list[Question], raw_contracts: dict[str, dict], cuad: Path) -> int:
    """Each evidence span is the CUAD text at its offsets, on pages the contract has; returns how many."""
    texts = {d: (cuad / r["txt_path"]).read_text(encoding="utf-8", errors="replace") for d, r in raw_contracts.items()}
    n = 0
    for q in questions:
        for e in q.evidence:
            assert texts[e.doc_id][e.start : e.end] == e.text, (q.qid, e.start)
            assert 1 <= e.page_start <= e.page_end <= raw_contracts[e.doc_id]["n_pages"], q.qid
            n += 1
    return n


def check_wordings_varied(question_rows: list[dict]) -> None:
    """A question kind asked six times or more uses at least three wordings, none for more than half of it."""
    by_qtype: dict[str, Counter] = {}
    for row in question_rows:
        by_qtype.setdefault(row["qtype"], Counter())[row["wording"]] += 1
    for qtype, counts in by_qtype.items():
        if sum(counts.values()) >= 6:
            assert len(counts) >= 3, qtype
            assert max(counts.values()) <= 0.5 * sum(counts.values()), qtype


def check_regenerates(built: tuple, folder: Path, files: tuple[str, ...], dumps, command: str) -> None:
    """The builder's output (contracts, questions, template questions) is the set's files byte for byte, and its
    spec names the set's size."""
    written = built[:3]
    for name, data in zip(files, written, strict=True):
        assert dumps(data) == (folder / name).read_text(encoding="utf-8"), f"{name} is stale: {command}"
    assert f"{len(written[1])} questions over {len(written[0])} CUAD contracts" in (folder / "spec.txt").read_text()

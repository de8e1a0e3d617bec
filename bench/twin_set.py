"""Question sets that reword sweep questions in everyday words: each line of a ``questions.tsv`` names the sweep
question it rewords (its twin) and gives the new wording; gold, documents and evidence are the twin's (the CUAD
labels). Used by ``bench.everyday_fact_set``, ``bench.everyday_compare_set`` and ``bench.everyday_mixed_set``."""

from __future__ import annotations

import json
from pathlib import Path

from bench.paraphrase_set import dumps

WORDING = "everyday, written 2026-11-29"


def reword(sweeps: dict[str, Path], prefix: dict[str, str], wordings: Path, wording: str = WORDING) -> list[dict]:
    """The twins of the qids in ``wordings``, reworded; a twin's qid takes ``prefix`` for its first letter
    (``sweeps`` maps that letter to the sweep's folder); ``wording`` says when they were written."""
    twins = {
        q["qid"]: q
        for sweep in sweeps.values()
        for q in map(json.loads, (sweep / "questions.jsonl").read_text(encoding="utf-8").splitlines())
    }
    out = []
    for line in wordings.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        qid, text = line.split("\t", 1)
        q = dict(twins[qid])
        q.update(qid=prefix[qid[0]] + qid[1:], question=text, wording=wording)
        out.append(q)
    return out


def write(out: Path, questions: list[dict], contracts_from: Path) -> None:
    """The set's questions, and the contracts of the sweep it rewords."""
    (out / "questions.jsonl").write_text(dumps(questions), encoding="utf-8")
    (out / "contracts.jsonl").write_text((contracts_from / "contracts.jsonl").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    print(f"{len(questions)} questions")

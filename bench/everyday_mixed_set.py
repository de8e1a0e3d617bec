"""Facts, lists and a count in everyday words over the studied train-half contracts (18), each the twin of a fact
sweep or cross-document sweep question.

Usage:
    python -m bench.everyday_mixed_set
    veridict eval --questions bench/questions/everyday_mixed/questions.jsonl --tenant T --keep

``bench/questions/everyday_mixed/questions.tsv`` holds one line per question: the sweep qid it rewords (``f...``: the
fact sweep, ``x...``: the cross-document sweep) and the question as a user would type it ("When did IMPCO and Minda
sign their joint venture?", "Which of our deals have a non-compete in them?"). They were written on 2026-11-29,
after the twelve facts were drawn at random from the fact sweep questions the everyday fact set does not reword, and
before looking at how the planner reads them. Gold, documents and evidence come from the twin (the CUAD labels); a
rerun writes the same bytes. A study set: misses may be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase_set import dumps  # noqa: E402

SWEEPS = {"f": ROOT / "bench" / "questions" / "fact_sweep", "x": ROOT / "bench" / "questions" / "cross_doc_sweep"}
OUT = ROOT / "bench" / "questions" / "everyday_mixed"
PREFIX = {"f": "m", "x": "n"}  # this set's qids: m... for a fact twin, n... for a cross-document one


def build(wordings: Path = OUT / "questions.tsv") -> list[dict]:
    twins = {
        q["qid"]: q
        for sweep in SWEEPS.values()
        for q in map(json.loads, (sweep / "questions.jsonl").read_text(encoding="utf-8").splitlines())
    }
    out = []
    for line in wordings.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        qid, text = line.split("\t", 1)
        q = dict(twins[qid])
        q.update(qid=PREFIX[qid[0]] + qid[1:], question=text, wording="everyday, written 2026-11-29")
        out.append(q)
    return out


def main() -> int:
    questions = build()
    (OUT / "questions.jsonl").write_text(dumps(questions), encoding="utf-8")
    # both sweeps are over the same 40 contracts
    (OUT / "contracts.jsonl").write_text((SWEEPS["x"] / "contracts.jsonl").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    print(f"{len(questions)} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

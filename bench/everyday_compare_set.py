"""Two-contract comparisons in everyday words over the studied train-half contracts (16), each the twin of a
cross-document sweep question.

Usage:
    python -m bench.everyday_compare_set
    veridict eval --questions bench/questions/everyday_compare/questions.jsonl --tenant T --keep

``bench/questions/everyday_compare/questions.tsv`` holds one line per question: the cross-document sweep qid it
rewords and the question as a user would type it, naming each contract by a party or two and a kind of deal ("Which
was signed earlier, the Motorola/Zebra IP agreement or the Medical Manager support deal?", "Did we sign the Anixa
collaboration before or after the Sun Seven Stars content licence?"). They were written on 2026-11-29 before
looking at how the planner reads them. Gold, documents and evidence come from the sweep twin
(``bench.cross_doc_sweep_set``, the CUAD labels); a rerun writes the same bytes. A study set: misses may be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase_set import dumps  # noqa: E402

SWEEP = ROOT / "bench" / "questions" / "cross_doc_sweep"
OUT = ROOT / "bench" / "questions" / "everyday_compare"


def build(sweep: Path = SWEEP, wordings: Path = OUT / "questions.tsv") -> list[dict]:
    twins = {q["qid"]: q for q in map(json.loads, (sweep / "questions.jsonl").read_text(encoding="utf-8").splitlines())}
    out = []
    for line in wordings.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        qid, text = line.split("\t", 1)
        q = dict(twins[qid])
        q.update(qid="c" + qid[1:], question=text, wording="everyday, written 2026-11-29")
        out.append(q)
    return out


def main() -> int:
    questions = build()
    (OUT / "questions.jsonl").write_text(dumps(questions), encoding="utf-8")
    (OUT / "contracts.jsonl").write_text((SWEEP / "contracts.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{len(questions)} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

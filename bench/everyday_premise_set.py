"""Questions in everyday words that take for granted a clause the contract does not have (9), over the studied
train-half sweep contracts: the right answer is a refusal or "not specified".

Usage:
    python -m bench.everyday_premise_set
    veridict eval --questions bench/questions/everyday_premise/questions.jsonl --tenant T --keep

``bench/questions/everyday_premise/questions.tsv`` holds one line per question: the contract, the CUAD category its
premise needs (one the experts marked absent from that contract: liquidated damages, source code escrow, most
favoured nation, the three the dev set's false-premise questions ask about) and the question as a user would type
it ("Who's the escrow agent holding the source code in the Visium distributor deal?"). The contracts were drawn
(seeded) among the sweep's contracts CUAD marks without the clause; the questions were written on 2026-12-01, before
looking at how the planner reads them. A rerun writes the same bytes; a line whose category CUAD marks present
stops the build. A study set: misses may be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase_set import DATA, lacks_clause, read_jsonl  # noqa: E402
from bench.twin_set import write  # noqa: E402

SWEEP = ROOT / "bench" / "questions" / "clause_sweep"
OUT = ROOT / "bench" / "questions" / "everyday_premise"


def build(wordings: Path = OUT / "questions.tsv") -> list[dict]:
    # the (contract, category) pairs CUAD's experts mark absent, as the paraphrase sets read them
    absent = {(a["doc_id"], a["category"]) for a in read_jsonl(DATA / "annotations.jsonl") if lacks_clause(a)}
    out = []
    for i, line in enumerate(wordings.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        doc_id, category, text = line.split("\t", 2)
        if (doc_id, category) not in absent:
            raise SystemExit(f"{doc_id}: CUAD does not mark {category!r} absent")
        out.append({
            "qid": f"p{i:04d}", "qtype": "unanswerable/false_premise", "question": text,
            "expected_behavior": "refuse_or_state_not_specified", "gold_answer": None, "gold_answer_titles": None,
            "doc_ids": [doc_id], "evidence": [], "derivation": f"{category}-Answer=No (false premise)",
            "wording": "everyday, written 2026-12-01",
        })
    return out


def main() -> int:
    write(OUT, build(), SWEEP)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

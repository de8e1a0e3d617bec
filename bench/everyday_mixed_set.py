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

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.twin_set import reword, write  # noqa: E402

SWEEPS = {"f": ROOT / "bench" / "questions" / "fact_sweep", "x": ROOT / "bench" / "questions" / "cross_doc_sweep"}
OUT = ROOT / "bench" / "questions" / "everyday_mixed"
PREFIX = {"f": "m", "x": "n"}  # this set's qids: m... for a fact twin, n... for a cross-document one


def build(wordings: Path = OUT / "questions.tsv") -> list[dict]:
    return reword(SWEEPS, PREFIX, wordings)


def main() -> int:
    write(OUT, build(), SWEEPS["x"])  # both sweeps are over the same 40 contracts
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

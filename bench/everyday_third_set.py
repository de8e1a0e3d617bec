"""Clause lookups and facts in everyday words over the studied train-half contracts (40), each the twin of a clause
sweep or fact sweep question.

Usage:
    python -m bench.everyday_third_set
    veridict eval --questions bench/questions/everyday_third/questions.jsonl --tenant T --keep

``bench/questions/everyday_third/questions.tsv`` holds one line per question: the sweep qid it rewords (``s...``:
the clause sweep, ``f...``: the fact sweep) and the question as a user would type it ("Can Integra check PcoMed's
books?", "Who's ZTO trucking with?"). They were written on 2026-12-01, after drawing (seeded) 20 present and 8
absent clause questions and 12 facts that no other everyday set rewords, and before looking at how the planner
reads them. Gold, documents and evidence come from the twin (the CUAD labels); a rerun writes the same bytes. A
study set: misses may be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.twin_set import reword, write  # noqa: E402

SWEEPS = {"s": ROOT / "bench" / "questions" / "clause_sweep", "f": ROOT / "bench" / "questions" / "fact_sweep"}
OUT = ROOT / "bench" / "questions" / "everyday_third"
PREFIX = {"s": "t", "f": "u"}  # this set's qids: t... for a clause twin, u... for a fact one


def build(wordings: Path = OUT / "questions.tsv") -> list[dict]:
    return reword(SWEEPS, PREFIX, wordings, "everyday, written 2026-12-01")


def main() -> int:
    write(OUT, build(), SWEEPS["s"])  # both sweeps are over the same 40 contracts
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

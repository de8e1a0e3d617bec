"""Exact-value questions in everyday words over the studied train-half contracts (34), each the twin of a fact sweep
question.

Usage:
    python -m bench.everyday_fact_set
    veridict eval --questions bench/questions/everyday_facts/questions.jsonl --tenant T --keep

``bench/questions/everyday_facts/questions.tsv`` holds one line per question: the fact sweep qid it rewords and the
question as a user would type it ("Who did Oxbow partner with in the strategic alliance?", "If we don't want the
iPass reseller contract to roll over, how far ahead do we have to tell them?"). They were written on 2026-11-29
before looking at how the planner reads them. Gold, documents and evidence come from the fact sweep twin
(``bench.fact_sweep_set``, the CUAD labels); a rerun writes the same bytes. A study set: misses may be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.twin_set import reword, write  # noqa: E402

SWEEP = ROOT / "bench" / "questions" / "fact_sweep"
OUT = ROOT / "bench" / "questions" / "everyday_facts"


def build(sweep: Path = SWEEP, wordings: Path = OUT / "questions.tsv") -> list[dict]:
    return reword({"f": sweep}, {"f": "e"}, wordings)


def main() -> int:
    write(OUT, build(), SWEEP)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.twin_set import reword, write  # noqa: E402

SWEEP = ROOT / "bench" / "questions" / "cross_doc_sweep"
OUT = ROOT / "bench" / "questions" / "everyday_compare"


def build(sweep: Path = SWEEP, wordings: Path = OUT / "questions.tsv") -> list[dict]:
    return reword({"x": sweep}, {"x": "c"}, wordings)


def main() -> int:
    write(OUT, build(), SWEEP)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

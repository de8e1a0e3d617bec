"""Two-contract comparisons in everyday words over the studied train-half contracts (16, and 12 more), each the
twin of a cross-document sweep question.

Usage:
    python -m bench.everyday_compare_set
    veridict eval --questions bench/questions/everyday_compare/questions.jsonl --tenant T --keep
    veridict eval --questions bench/questions/everyday_compare2/questions.jsonl --tenant T --keep

``bench/questions/everyday_compare/questions.tsv`` holds one line per question: the cross-document sweep qid it
rewords and the question as a user would type it, naming each contract by a party or two and a kind of deal ("Which
was signed earlier, the Motorola/Zebra IP agreement or the Medical Manager support deal?", "Did we sign the Anixa
collaboration before or after the Sun Seven Stars content licence?"). They were written on 2026-11-29 before
looking at how the planner reads them. Gold, documents and evidence come from the sweep twin
(``bench.cross_doc_sweep_set``, the CUAD labels); a rerun writes the same bytes. A study set: misses may be read.

``bench/questions/everyday_compare2/`` is a second such set (12), written on 2026-12-01 from sweep comparisons drawn
(seeded) among those the first does not reword, before looking at how the planner reads them ("Antares/AMAG and Sun
Seven Stars: same governing law?", "Which is older, the MTS maintenance contract or the JANA cooperation
agreement?"); its qids start with "d".
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
OUT2 = ROOT / "bench" / "questions" / "everyday_compare2"


def build(sweep: Path = SWEEP, wordings: Path = OUT / "questions.tsv") -> list[dict]:
    return reword({"x": sweep}, {"x": "c"}, wordings)


def build_second(sweep: Path = SWEEP, wordings: Path = OUT2 / "questions.tsv") -> list[dict]:
    return reword({"x": sweep}, {"x": "d"}, wordings, "everyday, written 2026-12-01")


def main() -> int:
    write(OUT, build(), SWEEP)
    write(OUT2, build_second(), SWEEP)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

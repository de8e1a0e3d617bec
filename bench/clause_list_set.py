"""Every library-wide clause list over the sweep's 40 train-half contracts: how well "which contracts contain a
... clause?" names the contracts, per clause type.

Usage:
    python -m bench.clause_list_set [--data ../shared/data/cuad] [--out bench/questions/clause_lists]
    veridict eval --questions bench/questions/clause_lists/questions.jsonl --tenant T --keep

The cross-document sweep (``bench.cross_doc_sweep_set``) lists only the clause types held by 2 to 10 of the
contracts; this set asks the dev template's list question for every clause type that 2 to 25 of them hold (18
types), with the same gold (CUAD spans) and evidence, and nothing else. A list is scored right only when its set
equals the labels, so the mean list F1 of the report says more than its accuracy. A study set: misses may be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_sweep_set import sweep_cli  # noqa: E402
from bench.cross_doc_sweep_set import build  # noqa: E402

OUT = ROOT / "bench" / "questions" / "clause_lists"


def clause_lists(data: Path) -> tuple[list[dict], list[dict]]:
    contracts, questions = build(data, group_sizes=(2, 25), compare_kinds=())
    lists = [q for q in questions if q["qtype"] == "cross_doc/list" and "governed by" not in q["question"]]
    for i, q in enumerate(lists, 1):
        q["qid"] = f"l{i:04d}"
    return contracts, lists


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, clause_lists, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""How the registry's denials (``ClauseType.denials``) read the key-word sentences of CUAD contracts.

Usage:
    .venv/bin/python -m bench.clause_denials [--split train|heldout|dev] [--show]

For every clause type with denials, every sentence of a contract of the split that names the type's key terms
(``bench.clause_quote_check.candidates``, what the drafter would quote) is read as a denial or not, and counted by
its CUAD label: a sentence the experts labelled as the clause must never read as a denial; a sentence of a
contract without the clause that reads as one is a false find the drafter no longer presents as the clause.
"""

from __future__ import annotations

import argparse
from collections import Counter

from bench.clause_quote_check import candidates
from bench.fact_agreement import load_annotations, load_contracts
from veridict.domain import CLAUSE_BY_NAME, CLAUSE_TYPES


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="train")
    ap.add_argument("--show", action="store_true", help="print each labelled sentence read as a denial")
    args = ap.parse_args()
    types = [t for t in CLAUSE_TYPES if t.denials]
    anns = load_annotations()
    counts: dict[str, Counter] = {t.name: Counter() for t in types}
    for con in load_contracts(args.split):
        for row in candidates(con, anns, [t.name for t in types]):
            t = CLAUSE_BY_NAME[row["tag"]]
            denied = t.denies(row["text"])
            kind = "labelled" if row["label"] else ("other, clause present" if row["present"] else "clause absent")
            counts[t.name][(kind, denied)] += 1
            if denied and row["label"] and args.show:
                print(f"{t.name}: {row['text'][:200]}")
    for name, c in counts.items():
        for kind in ("labelled", "other, clause present", "clause absent"):
            n = c[(kind, True)] + c[(kind, False)]
            print(f"{name:26s} {kind:22s} {c[(kind, True)]:4d} of {n:4d} sentences read as denials")


if __name__ == "__main__":
    main()

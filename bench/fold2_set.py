"""A second fresh study fold: the clause sweep and the fact questions over the last untouched train-half contracts.

Usage:
    python -m bench.fold2_set [--data ../shared/data/cuad] [--out bench/questions/fold2]
    python -m bench.train_clause_model --hold-out bench/questions/fold2/contracts.jsonl \\
        --out /tmp/fold2/clause_model.npz
    (a checkout with that model file in ingest/models, then)
    veridict eval --questions bench/questions/fold2/questions.jsonl --tenant T --keep

The first fold (``bench.fold_sweep_set``, ``bench.fold_fact_set``) has been read answer by answer for five rounds,
so its figures now flatter the answer side as the clause sweep's did before it; val still loses most on present
clauses and stated values. This set takes, in another seeded order, the 17 train-half contracts that no set under
bench/questions touches (the first fold's included; up to 90 pages) and asks them the dev template's questions:
every clause category (present where the experts quoted it, absent where they labelled it missing; qids "g…") and
every exact field the labels state (qids "gf…"). Train half: its misses may be read. A rerun writes the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_sweep_set import sweep_cli, sweep_questions  # noqa: E402
from bench.fact_sweep_set import fact_questions  # noqa: E402
from bench.fold_sweep_set import EARLIER_SETS, fold_deals  # noqa: E402
from bench.paraphrase_set import DATA  # noqa: E402

OUT = ROOT / "bench" / "questions" / "fold2"
SEED = 5501
MAX_PAGES = 90  # the pool is nearly spent: 17 untouched train-half contracts are left, 11 of them over 40 pages
# the first fold's sets and the own-question folders that name contracts, besides the sets the first fold excluded
EARLIER = (*EARLIER_SETS, "fold_sweep", "fold_facts", "clause_sweep_dev")


def build(data: Path = DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): each contract asked about every clause category and every exact field."""
    deals, spans_of = fold_deals(data, SEED, EARLIER, MAX_PAGES)
    questions = sweep_questions(deals, spans_of, "g") + fact_questions(deals, spans_of, "gf")
    return [d.contract_row() for d in deals], questions


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

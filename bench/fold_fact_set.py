"""Every exact-value question over the fresh study fold's 40 contracts: fact answers on contracts no set asked about.

Usage:
    python -m bench.fold_fact_set [--data ../shared/data/cuad] [--out bench/questions/fold_facts]
    veridict eval --questions bench/questions/fold_facts/questions.jsonl --tenant T --keep

``bench.fact_sweep_set`` asks every field the CUAD experts stated (governing law, agreement / effective /
expiration date, renewal term, notice to stop renewal, the counterparty of the first-named party) about the
studied paraphrase set's contracts, whose answers earlier rounds read one by one. This set asks the same template
questions about the fold of ``bench.fold_sweep_set``: 40 train-half contracts that no question set had touched
when it was drawn. The fact rules were checked against the whole train half's labels (``bench.fact_agreement``),
but no answer over these contracts had been read, so the set shows where an answer loses or misstates a value on
contracts the answer side was not tuned on. Train half: its misses may be read. A rerun writes the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_sweep_set import sweep_cli  # noqa: E402
from bench.fact_sweep_set import fact_questions  # noqa: E402
from bench.fold_sweep_set import fold_deals  # noqa: E402
from bench.paraphrase_set import DATA  # noqa: E402

OUT = ROOT / "bench" / "questions" / "fold_facts"


def build(data: Path = DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): each fold contract asked for every exact field its labels state."""
    deals, spans_of = fold_deals(data)
    return [d.contract_row() for d in deals], fact_questions(deals, spans_of, "ff")


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

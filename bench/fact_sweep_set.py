"""Every exact-value question over the studied contracts: where an answer loses a fact the store holds.

Usage:
    python -m bench.fact_sweep_set [--data ../shared/data/cuad] [--out bench/questions/fact_sweep]
    veridict eval --questions bench/questions/fact_sweep/questions.jsonl --tenant T --keep

The studied set (``bench/questions/paraphrase``) asks 110 exact-value questions, a few per field. This set asks,
in the dev set's template wording, every field the CUAD experts stated for each of the same 40 contracts (train
half): governing law, agreement / effective / expiration date, renewal term, notice to stop renewal, and the
counterparty of the first-named party. Gold comes from the CUAD labels only, through the studied set's own gold
rules; a rerun writes the same bytes. Beside ``bench.fact_agreement`` (is the right value stored?) it tells
which answers lose a value the store holds, or state it where the scorer cannot find it. A study set: misses
may be read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import paraphrase_templates as T  # noqa: E402
from bench.clause_sweep_set import studied_deals, sweep_cli  # noqa: E402
from bench.paraphrase_questions import QuestionWriter  # noqa: E402
from bench.paraphrase_set import DATA, Deal, SetConfig  # noqa: E402

OUT = ROOT / "bench" / "questions" / "fact_sweep"


def build(data: Path = DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): each studied contract asked for every exact field its labels state."""
    deals, spans_of = studied_deals(data)
    return [d.contract_row() for d in deals], fact_questions(deals, spans_of, "f")


def fact_questions(deals: list[Deal], spans_of: Callable[[Deal, str], list[dict]], prefix: str) -> list[dict]:
    """Each contract asked, in the dev template, for every exact field its labels state, gold from the labels."""
    writer = QuestionWriter(deals, [], spans_of, SetConfig().seed + 2, prefix=prefix)
    questions: list[dict] = []
    for d in deals:
        for sub in T.EXACT:
            got = writer._exact_gold(d, sub)
            if not got:
                continue
            gold, category, derivation = got
            evidence = spans_of(d, category)
            if sub == "parties":
                gold = [d.parties[1]]
                text = T.TEMPLATE_STYLE[sub].format(party=d.parties[0], title=d.title)
            else:
                text = T.TEMPLATE_STYLE[sub].format(full=d.full_title)
            extra = {"needs_review": False} if sub == "parties" else {}
            row = writer.row(f"exact_value/{sub}", text, "answer_with_citation", gold, [d], evidence, derivation,
                             "dev template", text, **extra)
            del row["_twin"]
            questions.append(row)
    for i, q in enumerate(questions, 1):
        q["qid"] = f"{prefix}{i:04d}"
    return questions


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

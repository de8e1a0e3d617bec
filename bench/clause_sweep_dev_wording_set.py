"""The clause sweep asked in the dev set's own clause wording, one question form per category.

Usage:
    python -m bench.clause_sweep_dev_wording_set [--data ../shared/data/cuad] [--out bench/questions/clause_sweep_dev]
    veridict eval --questions bench/questions/clause_sweep_dev/questions.jsonl --tenant T --keep

``bench.clause_sweep_set`` asks every clause question one way ("Does the X contain a cap on liability clause?").
The dev and val sets ask each category its own way ("Is there a minimum purchase or commitment required under
the X?", "What obligations survive or continue after termination of the X?", "Can the X be terminated for
convenience, and under what conditions?"), and those forms are read by other planner paths. This set keeps the
sweep's contracts (train half, outside the clause model's and the quote check's training), its gold and its
evidence, and words each question as dev words that category (``DEV_CLAUSE``, read off
``cuad/dev/questions.jsonl``: one form per category there). Categories dev never asks are left out. A study set:
misses may be read. A rerun writes the same bytes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import clause_sweep_set  # noqa: E402
from bench.paraphrase_questions import sentence  # noqa: E402

OUT = ROOT / "bench" / "questions" / "clause_sweep_dev"
_TAIL = " Quote the clause and cite section and page."
# the dev set's question for each clause category ({full} = "<title> between <party> and <party>")
DEV_CLAUSE = {
    "Anti-Assignment": "Is there an anti-assignment clause in the {full}?",
    "Audit Rights": "Does the {full} give a party the right to audit the books or records of the other?",
    "Cap on Liability": "Is there a cap on liability under the {full}?",
    "Change of Control": "What happens under the {full} in the event of a change of control of one of the parties?",
    "Exclusivity": "Does the {full} include an exclusivity provision?",
    "IP Ownership Assignment": "How is intellectual property ownership assigned under the {full}?",
    "Insurance": "Does the {full} require a party to maintain insurance?",
    "License Grant": "What licenses are granted under the {full}?",
    "Liquidated Damages": "Does the {full} provide for liquidated damages?",
    "Minimum Commitment": "Is there a minimum purchase or commitment required under the {full}?",
    "Most Favored Nation": "Is there a most favored nation clause in the {full}?",
    "No-Solicit of Employees": "Is there a clause preventing the solicitation of employees in the {full}?",
    "Non-Compete": "Is there a non-compete clause in the {full}?",
    "Non-Disparagement": "Is there a non-disparagement clause in the {full}?",
    "Post-Termination Services": "What obligations survive or continue after termination of the {full}?",
    "Revenue/Profit Sharing": "Does the {full} include any revenue or profit-sharing arrangement?",
    "Rofr/Rofo/Rofn": "Does the {full} include any right of first refusal, first offer or first negotiation?",
    "Termination for Convenience": "Can the {full} be terminated for convenience, and under what conditions?",
    "Third Party Beneficiary": "Are there any third-party beneficiaries designated in the {full}?",
    "Warranty Duration": "What is the duration of any warranty in the {full}?",
}


def build(data: Path = clause_sweep_set.DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): the clause sweep's questions of the categories dev asks, in dev's words."""
    contracts, sweep = clause_sweep_set.build(data)
    deals, _ = clause_sweep_set.studied_deals(data)
    full = {d.doc_id: d.full_title for d in deals}  # the reference the sweep's own form names the contract by
    questions = []
    for q in sweep:
        form = DEV_CLAUSE.get(q["category"])
        if form is None:
            continue
        row = dict(q)
        row["question"] = sentence(form.format(full=full[q["doc_ids"][0]]) + _TAIL)
        row["wording"] = "dev clause template"
        row["sweep_qid"] = q["qid"]
        questions.append(row)
    for i, q in enumerate(questions, 1):
        q["qid"] = f"w{i:04d}"
    return contracts, questions


def main(argv: list[str] | None = None) -> int:
    kind: Callable[[dict], str] = lambda q: q["qtype"]  # noqa: E731
    return clause_sweep_set.sweep_cli(__doc__ or "", OUT, build, kind, argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""Train the governing-law model (ingest/models/law_model.json): which "laws of X" in a contract is its choice of
law, learned from where CUAD's experts marked the "Governing Law".

Usage:
    .venv/bin/python -m bench.train_law_model [--folds 5] [--cache DIR] [--out PATH]

Data: the contracts the other fact models learn from (``bench.train_date_roles.training_contracts``: the train
half less both paraphrase sets' contracts), CUAD text. Rows: every law mention (``ingest.law_model.mentions``); a
row is positive when the mention lies inside a span CUAD labels "Governing Law". Features seen in fewer than
``MIN_ROWS`` mentions are dropped.

Model: a logistic regression (scikit-learn, l2), C from ``C_GRID`` on out-of-fold scores (folds by contract).
``add`` is chosen on the same out-of-fold scores: the threshold at which the model alone agrees with CUAD's
governing-law answer most often (``bench.fact_agreement``'s gold and definition: the stated jurisdiction is one
of the answer's, or neither states one), each contract taking its best-scoring mention where it scores at least
``add``; a tie goes to the higher ``add``. Chosen for the model alone, not for the two together: on these
contracts the rule was written from their misses and leaves empty almost only contracts CUAD gives no law, which
does not hold on contracts nobody tuned it for. At ingest the model speaks only where the rule states no
governing law; the report gives the rule's, the model's alone and the two together's agreement.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fact_agreement import gold_for  # noqa: E402
from bench.train_date_roles import (  # noqa: E402
    arguments,
    contract_matrix,
    out_of_fold,
    parsed_contracts,
    save_linear,
    training_contracts,
    tune_add,
)
from ingest.fact_context import DocContext  # noqa: E402
from ingest.facts import ASSERT_THRESHOLD, _governing_law  # noqa: E402
from ingest.law_model import MODEL_PATH, mention_features, mentions  # noqa: E402

C_GRID = (0.03, 0.1, 0.3, 1.0)
ADD_GRID = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
MIN_WEIGHT = 1e-3
MIN_ROWS = 3


def contract_rows(contracts: list[dict], cache: Path | None) -> list[dict[str, Any]]:
    """Per contract: each law mention's features, label and jurisdiction; the rule's law and CUAD's answer."""
    out = []
    for c, parsed, sections, anns in parsed_contracts(contracts, cache):
        doc = DocContext(parsed, sections, "train", c["doc_id"])
        ann = anns["Governing Law"]
        spans = [(s["start"], s["end"]) for s in ann.get("spans", [])]
        rows = [
            {
                "features": mention_features(doc, m),
                "label": int(any(s <= m.start < e for s, e in spans)),
                "value": m.value,
            }
            for m in mentions(doc)
        ]
        rule = next((f.value_text for f in _governing_law(doc) if f.confidence >= ASSERT_THRESHOLD), None)
        out.append({"doc_id": c["doc_id"], "mentions": rows, "rules": rule,
                    "gold": gold_for("governing_law", ann)})
    return out


def agrees(value: str | None, gold) -> bool:
    return value is None if gold.value is None else value in gold.value


def decide(row: dict, scores: np.ndarray, add: float) -> str | None:
    """The law stated for a contract: the rule's, else its best mention's at ``add``."""
    if row["rules"] is not None:
        return row["rules"]
    if not len(scores):
        return None
    best = int(np.argmax(scores))
    return row["mentions"][best]["value"] if scores[best] >= add else None


def tune(rows: list[dict], scores: list[np.ndarray]) -> tuple[float, dict[str, int]]:
    """``add`` at which the model alone agrees with CUAD most often (ties: the higher), with the agreement of the
    rule, of the model alone and of the two together."""
    add, agree = tune_add(rows, scores, ADD_GRID, decide, agrees)
    return add, {**agree, "contracts": sum(r["gold"].scorable for r in rows)}


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, MODEL_PATH, argv)
    t0 = time.perf_counter()
    contracts = training_contracts()
    rows = contract_rows(contracts, Path(args.cache) if args.cache else None)
    print(f"rows built in {time.perf_counter() - t0:.0f} s", flush=True)
    X, names, y, fold, bounds = contract_matrix(rows, "mentions", args.folds, MIN_ROWS)
    chosen = None
    for C in C_GRID:
        oof = out_of_fold(X, y, fold, args.folds, C)
        per = [oof[bounds[i] : bounds[i + 1]] for i in range(len(rows))]
        add, agree = tune(rows, per)
        print(f"C={C}: add={add} {agree}", flush=True)
        if chosen is None or agree["model_alone_agree"] > chosen[2]["model_alone_agree"]:
            chosen = (C, add, agree)
    assert chosen is not None
    C, add, agree = chosen
    report = {
        **{f"{k}_out_of_fold" if k not in ("rules_agree", "contracts") else k: v for k, v in agree.items()},
        "with_label": sum(any(m["label"] for m in r["mentions"]) for r in rows),
        "positives": int(y.sum()),
        "rows": len(y),
    }
    save_linear("bench.train_law_model", contracts, argv, args.out, (X, y, names, C, MIN_WEIGHT), report, add=add)
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

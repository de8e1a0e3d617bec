"""Train the term-sentence model (ingest/models/term_model.json): which sentence states how long the agreement
runs, learned from where CUAD's experts marked the "Expiration Date".

Usage:
    .venv/bin/python -m bench.train_term_model [--folds 5] [--cache DIR] [--out PATH]

Data: the contracts the date-role model learns from (``bench.train_date_roles.training_contracts``: the train
half less both paraphrase sets' contracts), CUAD text. Rows: every sentence of at least 20 characters
(``ingest.term_model.sentence_features``); a row is positive when it overlaps a span CUAD labels "Expiration
Date". Features seen in fewer than ``MIN_ROWS`` sentences are dropped.

Model: a logistic regression (scikit-learn, l2), C from ``C_GRID`` on out-of-fold scores (folds by contract).
``add`` is chosen on the same out-of-fold scores: the threshold at which the model alone agrees with CUAD's
expiration answer most often (``bench.fact_agreement``'s gold and definition: the same date or both perpetual, or
neither states one), each contract taking the reading (``fact_terms.read_term_sentence``) of its best-scoring
sentence that has one, where that sentence scores at least ``add``; a tie goes to the higher ``add``. At ingest
the model speaks only where the rules state no expiration date; the report gives the rules', the model's alone
and the two together's agreement.
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
    stated,
    training_contracts,
    tune_add,
)
from ingest.fact_context import DocContext  # noqa: E402
from ingest.fact_date_choice import dates  # noqa: E402
from ingest.fact_terms import read_term_sentence  # noqa: E402
from ingest.facts import _opening  # noqa: E402
from ingest.term_model import MODEL_PATH, scored_sentences, sentence_features  # noqa: E402

C_GRID = (0.03, 0.1, 0.3, 1.0)
ADD_GRID = (0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
MIN_WEIGHT = 1e-3
MIN_ROWS = 3


def contract_rows(contracts: list[dict], cache: Path | None) -> list[dict[str, Any]]:
    """Per contract: each sentence's features, label and reading; the rules' expiration and CUAD's answer."""
    out = []
    for c, parsed, sections, anns in parsed_contracts(contracts, cache):
        doc = DocContext(parsed, sections, "train", c["doc_id"])
        o_start, o_end = _opening(doc)
        agreement, effective, _, expirations = dates(doc, o_start, o_end, learned=True, term_model=False)
        ann = anns["Expiration Date"]
        spans = [(s["start"], s["end"]) for s in ann.get("spans", [])]
        rows = []
        for lo, hi in scored_sentences(doc):
            reading = read_term_sentence(doc, lo, hi, effective[0] if effective else None,
                                         agreement[0] if agreement else None, 1.0)
            rows.append({
                "features": sentence_features(doc, lo, hi),
                "label": int(any(s < hi and lo < e for s, e in spans)),
                "reading": stated(reading),
            })
        out.append({
            "doc_id": c["doc_id"],
            "sentences": rows,
            "rules": stated(expirations[0]) if expirations else None,
            "gold": gold_for("expiration_date", ann),
        })
    return out


def decide(row: dict, scores: np.ndarray, add: float) -> Any:
    """The expiration stated for a contract: the rules', else its best sentence's reading at ``add``."""
    if row["rules"] is not None:
        return row["rules"]
    for i in np.argsort(-scores):
        if scores[i] < add:
            break
        if row["sentences"][i]["reading"] is not None:
            return row["sentences"][i]["reading"]
    return None


def tune(rows: list[dict], scores: list[np.ndarray]) -> tuple[float, dict[str, int]]:
    """``add`` at which the model alone (every contract read as if the rules stated nothing) agrees with CUAD
    most often (ties: the higher), with the agreement of the rules, of the model alone and of the two together.

    Not the combination's own best: on these contracts the rules were written from their misses, and those
    they leave empty are nearly all ones CUAD gives no date (7 of 72), which no longer holds on contracts
    nobody tuned for (there, a third of those with a date)."""
    return tune_add(rows, scores, ADD_GRID, decide, lambda value, gold: value == gold.value)


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, MODEL_PATH, argv)
    t0 = time.perf_counter()
    contracts = training_contracts()
    rows = contract_rows(contracts, Path(args.cache) if args.cache else None)
    print(f"rows built in {time.perf_counter() - t0:.0f} s", flush=True)
    X, names, y, fold, bounds = contract_matrix(rows, "sentences", args.folds, MIN_ROWS)
    chosen = None
    for C in C_GRID:
        oof = out_of_fold(X, y, fold, args.folds, C)
        per = [oof[bounds[i] : bounds[i + 1]] for i in range(len(rows))]
        located = sum(int(r["sentences"][int(np.argmax(s))]["label"]) for r, s in zip(rows, per, strict=True)
                      if len(s) and any(x["label"] for x in r["sentences"]))
        add, agree = tune(rows, per)
        print(f"C={C}: best sentence labelled in {located} contracts; add={add} {agree}", flush=True)
        if chosen is None or agree["model_alone_agree"] > chosen[2]["model_alone_agree"]:
            chosen = (C, add, agree, located)
    assert chosen is not None
    C, add, agree, located = chosen
    report = {
        "contracts": sum(r["gold"].scorable for r in rows),
        "with_label": sum(any(s["label"] for s in r["sentences"]) for r in rows),
        "best_sentence_labelled_out_of_fold": located,
        **{f"{k}_out_of_fold" if k != "rules_agree" else k: v for k, v in agree.items()},
        "positives": int(y.sum()),
        "rows": len(y),
    }
    save_linear("bench.train_term_model", contracts, argv, args.out, (X, y, names, C, MIN_WEIGHT), report, add=add)
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

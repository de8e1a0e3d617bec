"""Train the party model (ingest/models/party_model.json): which organisation or person named in a contract's
opening is one of its parties, learned from the CUAD "Parties" answers.

Usage:
    .venv/bin/python -m bench.train_party_model [--folds 5] [--cache DIR] [--out PATH]

Data: the contracts ``bench.train_date_roles`` trains on (the train half less both paraphrase sets), from the
CUAD text files. Rows: every organisation or person spaCy names in the opening (``ingest.party_model.candidates``);
a row is positive when it is one of the contract's gold parties (``bench.fact_agreement``'s ``gold_parties`` and
``party_match``).

Model: one logistic regression (scikit-learn, l2), C from ``C_GRID``. The floor (``ingest.party_model``: a
candidate fills a missing party at or above it) is chosen on out-of-fold scores (folds by contract) over the
contracts where the rules read fewer than two parties: most contracts whose parties then agree with CUAD
(``bench.fact_agreement``: every gold party found and no other), then most whose gold parties are all found.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fact_agreement import gold_for, load_annotations, parse_contract, party_match  # noqa: E402
from bench.train_date_roles import _fit, arguments, out_of_fold, provenance, training_contracts  # noqa: E402
from ingest.clause_types import sections_from_parsed  # noqa: E402
from ingest.facts import rule_parties_and_candidates  # noqa: E402
from ingest.linear import fitted_weights  # noqa: E402
from ingest.party_model import MODEL_PATH, PARTIES_WANTED, missing_parties  # noqa: E402

C_GRID = (0.1, 0.3, 1.0)
FLOOR_GRID = (0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)


def contract_rows(contracts: list[dict], cache: Path | None) -> list[dict[str, Any]]:
    anns = load_annotations()
    rows = []
    for c in contracts:
        parsed = parse_contract(c, "txt", None, cache)
        sections = sections_from_parsed(parsed, "bench", c["doc_id"], tag=False)
        known, found = rule_parties_and_candidates(parsed, sections)
        gold = gold_for("parties", anns[c["doc_id"]]["Parties"]).value or []
        rows.append({"doc_id": c["doc_id"], "known": known, "candidates": found, "gold": gold})
    return rows


def outcome(gold: list[str], preds: list[str]) -> tuple[bool, bool]:
    """(agrees with CUAD, every gold party found), as ``bench.fact_agreement`` counts parties."""
    if not gold:
        return not preds, not preds
    recall = all(any(party_match(g, p) for p in preds) for g in gold)
    precision = all(any(party_match(g, p) for g in gold) for p in preds)
    return recall and precision, recall


def tune(rows: list[dict], probs: np.ndarray, offsets: list[int]) -> tuple[float, tuple[int, int], tuple[int, int]]:
    affected = [(r, lo) for r, lo in zip(rows, offsets, strict=True) if len(r["known"]) < PARTIES_WANTED]
    rules = tuple(sum(x) for x in zip(*(outcome(r["gold"], r["known"]) for r, _ in affected), strict=True))
    best: tuple[tuple[int, int], float] | None = None
    for floor in FLOOR_GRID:
        agree = found = 0
        for r, lo in affected:
            scored = [(float(probs[lo + k]), c) for k, c in enumerate(r["candidates"])]
            extra = [c.name for _, c in missing_parties(scored, floor, r["known"])]
            a, f = outcome(r["gold"], r["known"] + extra)
            agree, found = agree + a, found + f
        if best is None or (agree, found) > best[0]:
            best = ((agree, found), floor)
    assert best is not None
    return best[1], rules, best[0]


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, MODEL_PATH, argv)
    from sklearn.feature_extraction import DictVectorizer

    t0 = time.perf_counter()
    contracts = training_contracts()
    rows = contract_rows(contracts, Path(args.cache) if args.cache else None)
    feats: list[dict[str, float]] = []
    labels: list[int] = []
    folds: list[int] = []
    offsets: list[int] = []
    for i, r in enumerate(rows):
        offsets.append(len(feats))
        for c in r["candidates"]:
            feats.append(c.features)
            labels.append(int(any(party_match(g, c.name) for g in r["gold"])))
            folds.append(i % args.folds)
    vec = DictVectorizer()
    X, y, fold = vec.fit_transform(feats), np.array(labels), np.array(folds)
    chosen = None
    for C in C_GRID:
        oof = out_of_fold(X, y, fold, args.folds, C)
        floor, rules, model = tune(rows, oof, offsets)
        print(f"C={C}: floor {floor}; contracts with < 2 parties read: rules agree/found {rules} -> {model}",
              flush=True)
        if chosen is None or model > chosen[2]:
            chosen = (C, floor, model, rules)
    assert chosen is not None
    C, floor, model, rules = chosen
    final = _fit(X, y, C)
    out = {
        **provenance("bench.train_party_model", contracts, argv),
        "report": {
            "rows": len(y),
            "positives": int(y.sum()),
            "contracts_with_fewer_than_two_parties_read": sum(len(r["known"]) < PARTIES_WANTED for r in rows),
            "rules_agree_found": list(rules),
            "model_agree_found_out_of_fold": list(model),
        },
        "C": C,
        "floor": floor,
        "weights": fitted_weights(vec.get_feature_names_out(), final.coef_[0], final.intercept_[0]),
    }
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out["report"], indent=1))
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

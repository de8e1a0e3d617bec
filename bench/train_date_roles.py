"""Train the date-role model (ingest/models/date_roles.json): which stated date is the agreement, effective or
expiration date, learned from the CUAD expert answers.

Usage:
    .venv/bin/python -m bench.train_date_roles [--folds 5] [--cache DIR] [--out PATH]

Data: the train half (md5(doc_id) even, outside dev) less the contracts of both paraphrase sets
(``bench/questions/paraphrase*/contracts.jsonl``), read from the CUAD text files. Rows: every date the contract
states (``ingest.date_roles.mentions``, features as at ingest, the rules' own choice among them); a row is
positive for a role when its date equals the normalised CUAD answer of that role (``bench.fact_agreement``'s
gold: "Agreement Date", "Effective Date", "Expiration Date").

Model: one logistic regression per role (scikit-learn, l2); C is chosen from ``C_GRID`` on out-of-fold scores
(folds by contract). The decision numbers (``replace``, ``margin``, ``add``, see ``ingest.date_roles.choose``)
are chosen per role on the same out-of-fold scores, to maximise contract-level agreement with CUAD
(``bench.fact_agreement``'s definition: the stated value equals the gold one, or neither states one); a tie
goes to the choice that changes the rules' answers least. The report gives the rules' agreement and the
out-of-fold agreement with the model on these contracts, per role.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_units import data_hash  # noqa: E402
from bench.fact_agreement import CATEGORY, gold_for, load_annotations, load_contracts, parse_contract  # noqa: E402
from ingest.clause_types import sections_from_parsed  # noqa: E402
from ingest.date_roles import MODEL_PATH, ROLES, RoleModel, choose, value_scores  # noqa: E402
from ingest.facts import rule_date_mentions  # noqa: E402
from ingest.linear import fitted_weights  # noqa: E402

PARAPHRASE_SETS = [ROOT / "bench" / "questions" / name / "contracts.jsonl" for name in ("paraphrase", "paraphrase2")]
C_GRID = (0.1, 0.3, 1.0)
REPLACE_GRID = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01)
MARGIN_GRID = (0.0, 0.2, 0.4, 0.6)
ADD_GRID = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
MIN_WEIGHT = 1e-4


def training_contracts() -> list[dict]:
    keep_out: set[str] = set()
    for path in PARAPHRASE_SETS:
        with open(path, encoding="utf-8") as fh:
            keep_out |= {json.loads(line)["doc_id"] for line in fh if line.strip()}
    return [c for c in load_contracts("train") if c["doc_id"] not in keep_out]


def parsed_contracts(contracts: list[dict], cache: Path | None) -> Iterator[tuple[dict, Any, list, dict]]:
    """Each contract read from its CUAD text: the contract, its parsed text, its sections (untagged) and its
    CUAD labels by category: what every fact-model trainer reads."""
    anns = load_annotations()
    for c in contracts:
        parsed = parse_contract(c, "txt", None, cache)
        yield c, parsed, sections_from_parsed(parsed, "bench", c["doc_id"], tag=False), anns[c["doc_id"]]


def contract_rows(contracts: list[dict], cache: Path | None) -> list[dict[str, Any]]:
    """Per contract: its mentions, the rules' values and top facts, and the gold value per role."""
    out = []
    for c, parsed, sections, ann in parsed_contracts(contracts, cache):
        found, rule_values, tops = rule_date_mentions(parsed, sections)
        gold = {role: gold_for(role, ann[CATEGORY[role]]) for role in ROLES}
        out.append({"doc_id": c["doc_id"], "mentions": found, "rules": rule_values, "tops": tops, "gold": gold})
    return out


def _fit(X, y, C: float):
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=C, max_iter=2000)
    model.fit(X, y)
    return model


def out_of_fold(X, y: np.ndarray, fold: np.ndarray, folds: int, C: float) -> np.ndarray:
    """Each row's score from the model fitted on the other folds (``fold``: each row's fold)."""
    oof = np.zeros(len(y))
    for k in range(folds):
        train, test = fold != k, fold == k
        oof[test] = _fit(X[train], y[train], C).predict_proba(X[test])[:, 1]
    return oof


def contract_matrix(rows: list[dict], key: str, folds: int, min_rows: int):
    """The rows of every contract (``row[key]``, each with "features" and "label") as one sparse matrix of the
    features seen in at least ``min_rows`` rows (a rarer word or word pair carries no weight and would bloat the
    file), with the feature names, the labels, each row's fold (by contract) and where each contract's rows start."""
    from sklearn.feature_extraction import DictVectorizer

    feats = [x["features"] for r in rows for x in r[key]]
    y = np.array([x["label"] for r in rows for x in r[key]])
    fold = np.array([i % folds for i, r in enumerate(rows) for _ in r[key]])
    bounds = np.cumsum([0] + [len(r[key]) for r in rows])
    vec = DictVectorizer()
    X = vec.fit_transform(feats)
    keep = np.flatnonzero(np.asarray((X > 0).sum(axis=0)).ravel() >= min_rows)
    return X[:, keep], vec.get_feature_names_out()[keep], y, fold, bounds


def save_linear(module: str, contracts: list[dict], argv: list[str] | None, out: str, fitted, report: dict,
                **chosen: Any) -> None:
    """Fit the final model on every row (``fitted``: X, y, feature names, C, smallest weight kept) and write it
    with its provenance, its report and what was chosen (C, add ...) to ``out``."""
    X, y, names, C, min_weight = fitted
    final = _fit(X, y, C)
    weights = fitted_weights(names, final.coef_[0], final.intercept_[0], min_weight)
    data = {**provenance(module, contracts, argv), "report": report, "C": C, **chosen, "weights": weights}
    Path(out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


def tune_add(rows: list[dict], scores: list[np.ndarray], grid: tuple[float, ...], decide, agrees
             ) -> tuple[float, dict[str, int]]:
    """``add`` (from ``grid``) at which a fact model alone (every contract read as if the rules stated nothing)
    agrees with CUAD most often (ties: the higher), with the agreement of the rules, of the model alone and of the
    two together. ``decide(row, scores, add)`` is the value stated for a contract; ``agrees(value, gold)`` says
    whether it is CUAD's."""
    scorable = [(r, s) for r, s in zip(rows, scores, strict=True) if r["gold"].scorable]
    rules_ok = sum(agrees(r["rules"], r["gold"]) for r, _ in scorable)
    best: tuple[int, float] | None = None
    for add in grid:
        ok = sum(agrees(decide({**r, "rules": None}, s, add), r["gold"]) for r, s in scorable)
        if best is None or (ok, add) > best:
            best = (ok, add)
    assert best is not None
    add = best[1]
    combined = sum(agrees(decide(r, s, add), r["gold"]) for r, s in scorable)
    return add, {"rules_agree": rules_ok, "model_alone_agree": best[0], "combined_agree": combined}


def stated(top) -> dt.date | str | None:
    """What the rules' top fact states: a date, "perpetual", or nothing (a guess under 0.5)."""
    if top is None or top.confidence < 0.5:
        return None
    return top.value_date or top.value_text


def final_value(model: RoleModel, scores: dict, row: dict, role: str) -> dt.date | str | None:
    """The value stated for ``role`` after the model's decision (as ``ingest.facts._model_pick`` decides)."""
    rules = stated(row["tops"][role])
    if isinstance(rules, str):
        return rules  # the rules state "perpetual": the model does not speak
    picked = choose(model, scores, rules)
    return rules if picked is None else picked[1].value


def role_scores(rows: list[dict], probs: np.ndarray, offsets: list[int]) -> list[dict]:
    """Each contract's best out-of-fold score per date value, as ``ingest.date_roles.value_scores`` gives them."""
    return [value_scores([float(p) for p in probs[lo : lo + len(r["mentions"])]], r["mentions"])
            for r, lo in zip(rows, offsets, strict=True)]


def tune(rows: list[dict], scores: list[dict], role: str) -> tuple[dict[str, float], int, int]:
    """The decision numbers that agree with CUAD most often; ties keep the rules' answers most often."""
    scorable = [(r, sc) for r, sc in zip(rows, scores, strict=True) if r["gold"][role].scorable]
    rules_ok = sum(stated(r["tops"][role]) == r["gold"][role].value for r, _ in scorable)
    best: tuple[int, int, dict[str, float]] | None = None
    for replace in REPLACE_GRID:
        for margin in MARGIN_GRID:
            for add in ADD_GRID:
                m = RoleModel({}, replace, margin, add)
                ok = changed = 0
                for r, sc in scorable:
                    value = final_value(m, sc, r, role)
                    ok += value == r["gold"][role].value
                    changed += value != stated(r["tops"][role])
                key = (ok, -changed)
                if best is None or key > best[:2]:
                    best = (ok, -changed, {"replace": replace, "margin": margin, "add": add})
    assert best is not None
    return best[2], rules_ok, best[0]


def arguments(doc: str | None, out: Path, argv: list[str] | None) -> argparse.Namespace:
    """The options every fact-model trainer takes: folds, a cache of parsed texts, the model file."""
    ap = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--cache", default=None, help="keep parsed CUAD texts under this folder")
    ap.add_argument("--out", default=str(out))
    return ap.parse_args(argv)


def provenance(module: str, contracts: list[dict], argv: list[str] | None) -> dict[str, Any]:
    """How a fact model was made: the command, when, and a hash of the contracts and labels it learned from."""
    return {
        "command": f"python -m {module} " + " ".join(argv or sys.argv[1:]),
        "trained": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "data": {
            "split": "train half (md5(doc_id) even, outside dev) less both paraphrase sets' contracts, CUAD txt",
            "contracts": len(contracts),
            "sha256": data_hash(contracts),
            "hashed": "sorted training doc_ids joined by newlines, then annotations.jsonl bytes",
        },
    }


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, MODEL_PATH, argv)
    from sklearn.feature_extraction import DictVectorizer

    t0 = time.perf_counter()
    contracts = training_contracts()
    rows = contract_rows(contracts, Path(args.cache) if args.cache else None)
    feats = [m.features for r in rows for m in r["mentions"]]
    offsets, at = [], 0
    for r in rows:
        offsets.append(at)
        at += len(r["mentions"])
    fold_of_row = np.array([i % args.folds for i, r in enumerate(rows) for _ in r["mentions"]])
    vec = DictVectorizer()
    X = vec.fit_transform(feats)
    names = vec.get_feature_names_out()
    report: dict[str, Any] = {}
    roles: dict[str, Any] = {}
    for role in ROLES:
        y = np.array([
            int(r["gold"][role].value is not None and r["gold"][role].value != "perpetual"
                and m.value == r["gold"][role].value)
            for r in rows
            for m in r["mentions"]
        ])
        chosen = None
        for C in C_GRID:
            oof = out_of_fold(X, y, fold_of_row, args.folds, C)
            scores = role_scores(rows, oof, offsets)
            decision, rules_ok, model_ok = tune(rows, scores, role)
            print(f"{role}: C={C} rules {rules_ok} -> model {model_ok} {decision}", flush=True)
            if chosen is None or model_ok > chosen[2]:
                chosen = (C, decision, model_ok, rules_ok)
        assert chosen is not None
        C, decision, model_ok, rules_ok = chosen
        final = _fit(X, y, C)
        weights = fitted_weights(names, final.coef_[0], final.intercept_[0], MIN_WEIGHT)
        roles[role] = {"C": C, **decision, "weights": weights}
        n = sum(r["gold"][role].scorable for r in rows)
        report[role] = {"contracts": n, "rules_agree": rules_ok, "model_agree_out_of_fold": model_ok,
                        "positives": int(y.sum()), "rows": len(y)}
    out = {**provenance("bench.train_date_roles", contracts, argv), "report": report, "roles": roles}
    Path(args.out).write_text(json.dumps(out, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

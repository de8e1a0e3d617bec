"""Fit ``ingest/models/clause_presence.json``: from which best-chunk score a contract likely has a clause type.

Usage:
    .venv/bin/python -m bench.train_clause_presence [--folds 5] [--oof /tmp/veridict-presence-oof.npz]
        [--out ingest/models/clause_presence.json]

A yes/no clause question that no retrieved sentence answers can still be about a clause worded in none of its
type's key words: ``agents.clause_check.QuoteCheck.scan`` then scores the document's chunks with the clause model
and shows the best one as the likely clause when its score is high enough. One global score for every type
(0.3, round 21) treats a type whose chunks rarely score above 0.1 in contracts without it like one whose unrelated
chunks often reach 0.5. This fits, per type, how often a contract has the clause given its best chunk's score.

Data: the train half less the paraphrase set's contracts (``bench.clause_units.training_contracts``, the clause
model's own training data). Each contract's chunks are scored out of fold (``GroupKFold`` by contract, each fold
by a clause model fitted as ``bench.train_clause_model`` fits it, without that fold), and its best chunk score per
type is set beside whether CUAD locates a span of the type in it.

Model, per type with at least ``MIN_CONTRACTS`` contracts with the clause: a one-feature logistic regression
(scikit-learn) of "the contract has the clause" on the logit of the best score, and the type's rate among the
training contracts (``agents.clause_check.Presence``). The scan shows a chunk where that chance reaches
``LIKELY_PRESENT``, chosen on the clause sweep (``python -m bench.clause_scan --presence``), which also tried
moving the odds from the type's rate to the eval sets' prior for a clause asked about (115 present in 155, dev)
and found it worse. A type whose fit does not rise with the score is left out (it keeps the global score).

The output holds per type the fit and the rate, the data hash and this command; printed, the cross-validated
separation (ROC AUC of the best score per type on the out-of-fold scores).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_units import contract_units, data_hash, training_contracts  # noqa: E402
from bench.fact_agreement import load_annotations  # noqa: E402
from bench.train_clause_model import MODEL_TAGS, TEXT_SCALE, as_model, fit, stack, text_vectorizer  # noqa: E402
from ingest.clause_model import MODEL_DIR, TextPart  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

OUT = MODEL_DIR / "clause_presence.json"
OOF_CACHE = Path("/tmp/veridict-presence-oof.npz")
MIN_CONTRACTS = 5  # fewer training contracts with the clause: no fit
C_FIT = 0.05  # the clause model's own regularisation (bench.train_clause_model)
EPS = 1e-4


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, EPS, 1 - EPS)
    return np.log(p / (1 - p))


def out_of_fold(folds: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(contract ids, best out-of-fold chunk score per contract and type, whether CUAD locates the type)."""
    from sklearn.model_selection import GroupKFold
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)
    t0 = time.perf_counter()
    contracts = training_contracts()
    anns, embedder = load_annotations(), Embedder(DEFAULT_MODEL)
    units = [contract_units(c, anns, embedder) for c in contracts]
    print(f"{len(units)} contracts ({time.perf_counter() - t0:.0f}s)", flush=True)
    x, y, groups = stack(units, ())
    texts = [c.text for u in units for c in u.chunks]
    vec = text_vectorizer(texts)
    tx = vec.transform(texts) * TEXT_SCALE
    terms = vec.get_feature_names_out()
    dim = units[0].vectors.shape[1]
    col = {t: j for j, t in enumerate(MODEL_TAGS)}
    best = np.zeros((len(units), len(MODEL_TAGS)), dtype=np.float32)
    has = np.zeros((len(units), len(MODEL_TAGS)), dtype=bool)
    for ci, u in enumerate(units):
        for cat, spans in u.gold.items():
            if spans and CUAD_TO_TAG.get(cat) in col:
                has[ci, col[CUAD_TO_TAG[cat]]] = True
    for k, (tr, te) in enumerate(GroupKFold(n_splits=folds).split(x, y, groups)):
        coef, icpt, tcoef = fit(x[tr], y[tr], C_FIT, text=tx[tr])
        assert tcoef is not None  # fitted with the text part
        m = as_model(coef, icpt, {}, dim, (), TextPart.of(terms, vec.idf_, tcoef, TEXT_SCALE))
        for ci in sorted(set(groups[te])):
            u = units[ci]
            best[ci] = m.chunk_scores(u.vectors, [[] for _ in u.chunks], [c.text for c in u.chunks]).max(axis=0)
        print(f"fold {k + 1}/{folds} ({time.perf_counter() - t0:.0f}s)", flush=True)
    ids = [u.doc_id for u in units]
    return ids, best, has


def fit_types(best: np.ndarray, has: np.ndarray) -> tuple[dict[str, dict], dict[str, float]]:
    """Per type: {"a", "b", "rate", "contracts"} (P(has | s) = sigmoid(a * logit(s) + b)); and each type's AUC."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score

    fits: dict[str, dict] = {}
    auc: dict[str, float] = {}
    for j, tag in enumerate(MODEL_TAGS):
        pos = int(has[:, j].sum())
        if pos < MIN_CONTRACTS or pos == len(has):
            continue
        z = logit(best[:, j]).reshape(-1, 1)
        auc[tag] = float(roc_auc_score(has[:, j], z[:, 0]))
        lr = LogisticRegression(C=1.0).fit(z, has[:, j])
        a, b = float(lr.coef_[0][0]), float(lr.intercept_[0])
        if a <= 0:
            continue
        fits[tag] = {"a": round(a, 5), "b": round(b, 5), "rate": round(pos / len(has), 5), "contracts": pos}
    return fits, auc


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--oof", type=Path, default=OOF_CACHE, help="out-of-fold scores, computed once and reused")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if args.oof.is_file():
        with np.load(args.oof, allow_pickle=False) as z:
            ids, best, has = [str(i) for i in z["ids"]], z["best"], z["has"]
    else:
        ids, best, has = out_of_fold(args.folds)
        args.oof.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.oof, ids=np.array(ids), best=best, has=has)
    fits, auc = fit_types(best, has)
    for tag in MODEL_TAGS:
        if tag in auc:
            f = fits.get(tag)
            print(f"{tag:34s} contracts {int(has[:, MODEL_TAGS.index(tag)].sum()):4d}  AUC {auc[tag]:.3f}  "
                  + (f"a {f['a']:.3f} b {f['b']:.3f}" if f else "no fit"))
    contracts = [c for c in training_contracts() if c["doc_id"] in set(ids)]
    sidecar = {
        "command": "python -m bench.train_clause_presence " + " ".join(argv if argv is not None else sys.argv[1:]),
        "trained": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "data": {
            "split": "train half (md5(doc_id) even, outside dev) less bench/questions/paraphrase/contracts.jsonl",
            "contracts": len(ids),
            "sha256": data_hash(contracts),
            "hashed": "sorted training doc_ids joined by newlines, then annotations.jsonl bytes",
        },
        "what": "per clause type, P(the contract has a CUAD span of the type | its best chunk's clause-model "
                "score s) = sigmoid(a * logit(s) + b), fitted on out-of-fold scores; rate: the type's share of "
                "the training contracts",
        "folds": args.folds,
        "embedding_model": DEFAULT_MODEL,
        "auc": {t: round(v, 4) for t, v in auc.items()},
        "types": fits,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    args.out.write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(fits)} types)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

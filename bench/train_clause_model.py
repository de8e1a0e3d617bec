"""Train the clause-type model (ingest/models/clause_model.npz + .json) from the CUAD expert labels.

Usage:
    .venv/bin/python -m bench.train_clause_model [--folds 5] [--C 0.05] [--rule-features]
        [--out ingest/models/clause_model.npz] [--limit N]

Data: the train half only (md5(doc_id) even, outside dev; ``bench.fact_agreement.load_contracts``)
less the 48 contracts of the paraphrase set. Each contract is cut into the chunks ingest stores
(``bench.clause_units``); a chunk is labelled with the CUAD categories (mapped by ``CUAD_TO_TAG``)
whose spans it overlaps; its features are its embedding (the vector ingest stores), its words and
word pairs (TF-IDF over the training chunks' vocabulary, fitted without labels; ``--no-text`` leaves
them out), and with --rule-features also its section's rule tags (off by default: a model that sees
the rule tags learns to repeat them and misses what the rules miss).

Model: one logistic regression per clause type (scikit-learn, class_weight="balanced", the embedding
standardised, the TF-IDF row l2-normalised and multiplied by ``--text-scale``; the scaler is folded into
the saved coefficients; C=0.05 did better than 0.5 on the train folds, and a text scale of 32 better
than 8, 16 or 64: cross-validated contract / span F1 0.613 / 0.463, 0.630 / 0.489, 0.630 / 0.506,
0.627 / 0.503, against 0.603 / 0.415 for the embedding alone).

Decisions per type (``TagPolicy``), on out-of-fold scores (folds by contract, ``GroupKFold``) of the
train half: the score from which the model adds the type to a section (kept only if it does not lose
on more than a third of the folds), and a score under which a rule's tag is dropped, kept only where
it raises the type's figure by ``VETO_GAIN`` and loses on no fold. The figure is the mean of
contract-level F1 and span-level F1 (section precision x span recall), as
``bench.clause_type_agreement`` counts them.

Reported (sidecar and stdout): rules-only vs combined on the train half, cross-validated: each
fold's tags come from a model fitted without that fold and policies chosen without that fold.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_type_agreement import new_counts, summarize, tally  # noqa: E402
from bench.clause_units import Units, chunk_labels, contract_units, data_hash, training_contracts  # noqa: E402
from bench.fact_agreement import load_annotations  # noqa: E402
from ingest.clause_model import MODEL_FILE, ClauseModel, TagPolicy, TextPart, section_scores  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG, TAGS  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

MODEL_TAGS = sorted(set(CUAD_TO_TAG.values()))
ADD_GRID = (None, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995)
VETO_GRID = (None, 0.01, 0.02, 0.05, 0.1, 0.2)
VETO_GAIN = 0.01  # a veto must raise the type's train figure by this much to be kept
NO_VETO = {"notice_period"}  # the tag means any notice period; CUAD labels only notice to stop renewal
MIN_POSITIVE_CONTRACTS = 5  # fewer training contracts with the clause: rules only
TEXT_MIN_DF = 5  # a word or word pair in fewer training chunks is not a feature
TEXT_MAX_TERMS = 20000  # the most frequent ones only, to keep the model file small
TEXT_SCALE = 32.0  # the TF-IDF row's norm beside the standardised embedding's (about sqrt(384) = 20)


# ----------------------------------------------------------------------------- fitting


def fit(x: np.ndarray, y: np.ndarray, c: float, seed: int = 0, text: Any = None
        ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Per-tag logistic regressions on standardised features (and the scaled TF-IDF rows ``text``, a
    sparse matrix, when given); returns raw-feature (coef, intercept, text coef)."""
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd < 1e-6] = 1.0
    xs = (x - mu) / sd
    design = xs if text is None else sparse.hstack([sparse.csr_matrix(xs), text], format="csr")
    coef = np.zeros((y.shape[1], x.shape[1]), dtype=np.float64)
    text_coef = None if text is None else np.zeros((y.shape[1], text.shape[1]), dtype=np.float64)
    intercept = np.full(y.shape[1], -20.0)
    for j in range(y.shape[1]):
        if y[:, j].sum() == 0:
            continue
        lr = LogisticRegression(C=c, class_weight="balanced", max_iter=2000, random_state=seed)
        lr.fit(design, y[:, j])
        w = lr.coef_[0][: x.shape[1]] / sd
        coef[j] = w
        if text_coef is not None:
            text_coef[j] = lr.coef_[0][x.shape[1]:]
        intercept[j] = lr.intercept_[0] - float(w @ mu)
    return (coef.astype(np.float32), intercept.astype(np.float32),
            None if text_coef is None else text_coef.astype(np.float32))


def as_model(coef: np.ndarray, intercept: np.ndarray, policies: dict[str, TagPolicy], dim: int,
             rule_features: tuple[str, ...] = (), text: TextPart | None = None) -> ClauseModel:
    return ClauseModel(tags=tuple(MODEL_TAGS), rule_features=rule_features, coef=coef, intercept=intercept,
                       policies=policies, embedding_model=DEFAULT_MODEL, dim=dim, text=text)


def text_vectorizer(texts: list[str]):
    """TF-IDF over the training chunks' words and word pairs (fitted without labels)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(ngram_range=(1, 2), min_df=TEXT_MIN_DF, max_features=TEXT_MAX_TERMS, sublinear_tf=True,
                          dtype=np.float32)
    vec.fit(texts)
    return vec


# ----------------------------------------------------------------------------- policy search


@dataclass
class TagData:
    """One tag over every section of a set of contracts, for fast policy search."""

    rule: np.ndarray  # (n_sections,) bool
    score: np.ndarray  # (n_sections,) float, NaN where the section has no chunk
    hit: np.ndarray  # (n_sections,) bool: own text overlaps a gold span of the tag
    contract: np.ndarray  # (n_sections,) int
    has_gold: np.ndarray  # (n_contracts,) bool
    gold_sections: list[np.ndarray]  # per gold span: the sections holding its start
    gold_contract: np.ndarray  # (n_gold_spans,) int
    fold: np.ndarray  # (n_contracts,) int: the cross-validation fold of each contract


def tag_data(units: list[Units], scores: list[list[np.ndarray | None]], tag: str, j: int,
             folds: np.ndarray) -> TagData:
    cats = [c for c, t in CUAD_TO_TAG.items() if t == tag]
    rule, score, hit, contract, gold_secs, gold_con = [], [], [], [], [], []
    has_gold = np.zeros(len(units), dtype=bool)
    base = 0
    for ci, (u, rows) in enumerate(zip(units, scores, strict=True)):
        gold = [g for c in cats for g in u.gold[c]]
        has_gold[ci] = bool(gold)
        for s, (a, z), row in zip(u.sections, u.spans, rows, strict=True):
            rule.append(tag in s.clause_types)
            score.append(np.nan if row is None else float(row[j]))
            hit.append(any(gs < z and a < ge for gs, ge in gold))
            contract.append(ci)
        for gs, _ in gold:
            gold_secs.append(np.array([base + i for i, (a, z) in enumerate(u.spans) if a <= gs < z], dtype=int))
            gold_con.append(ci)
        base += len(u.sections)
    return TagData(np.array(rule, bool), np.array(score, float), np.array(hit, bool), np.array(contract, int),
                   has_gold, gold_secs, np.array(gold_con, int), np.asarray(folds, int))


def tagged(d: TagData, pol: TagPolicy) -> np.ndarray:
    out = d.rule.copy()
    known = ~np.isnan(d.score)
    if pol.veto is not None:
        out &= ~(known & (np.nan_to_num(d.score, nan=1.0) < pol.veto))
    if pol.add is not None:
        out |= known & (np.nan_to_num(d.score, nan=0.0) >= pol.add)
    return out


def figure(d: TagData, t: np.ndarray, fold: int | None = None) -> float:
    """Mean of contract-level F1 and span-level F1 for one tag (over one fold's contracts if given)."""
    keep_c = np.ones(len(d.has_gold), bool) if fold is None else d.fold == fold
    pred_c = np.zeros(len(d.has_gold), dtype=bool)
    np.logical_or.at(pred_c, d.contract[t], True)
    tp = int((pred_c & d.has_gold & keep_c).sum())
    fp = int((pred_c & ~d.has_gold & keep_c).sum())
    fn = int((~pred_c & d.has_gold & keep_c).sum())
    cf = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    ts = t & keep_c[d.contract]
    n_tagged = int(ts.sum())
    sp = float((ts & d.hit).sum()) / n_tagged if n_tagged else 0.0
    spans = [g for g, c in zip(d.gold_sections, d.gold_contract, strict=True) if keep_c[c]]
    sr = float(np.mean([t[g].any() if len(g) else False for g in spans])) if spans else 0.0
    sf = 2 * sp * sr / (sp + sr) if sp + sr else 0.0
    return 0.5 * (cf + sf)


def steady(d: TagData, new: np.ndarray, old: np.ndarray, min_gain: float, may_lose: int) -> float | None:
    """The overall gain of ``new`` over ``old`` if it is at least ``min_gain`` and ``new`` is worse on at
    most ``may_lose`` folds (a change that only helps some folds is noise); else None."""
    gain = figure(d, new) - figure(d, old)
    if gain <= 0 or gain < min_gain:
        return None
    folds = sorted(set(d.fold.tolist()))
    losses = sum(figure(d, new, k) < figure(d, old, k) - 1e-9 for k in folds)
    return gain if losses <= may_lose else None


def choose(d: TagData, tag: str) -> TagPolicy:
    """One tag's policy: the add threshold that helps the most folds steadily; then a veto, only where it
    raises the figure by VETO_GAIN and loses on no fold."""
    n_folds = len(set(d.fold.tolist()))
    best, best_t, best_gain = TagPolicy(None, None), d.rule, 0.0
    for add in ADD_GRID[1:]:
        t = tagged(d, TagPolicy(add, None))
        gain = steady(d, t, d.rule, 0.0, may_lose=n_folds // 3)
        if gain is not None and gain > best_gain:
            best, best_t, best_gain = TagPolicy(add, None), t, gain
    if tag in NO_VETO:
        return best
    base, veto_gain = best, 0.0
    for veto in VETO_GRID[1:]:
        cand = TagPolicy(base.add, veto)
        gain = steady(d, tagged(d, cand), best_t, VETO_GAIN, may_lose=0)
        if gain is not None and gain > veto_gain:
            best, veto_gain = cand, gain
    return best


def choose_all(units: list[Units], scores: list[list[np.ndarray | None]], folds: np.ndarray,
               trainable: set[str]) -> dict[str, TagPolicy]:
    out = {}
    for j, tag in enumerate(MODEL_TAGS):
        if tag in trainable:
            out[tag] = choose(tag_data(units, scores, tag, j, folds), tag)
    return out


# ----------------------------------------------------------------------------- main


def stack(units: list[Units], rule_features: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and contract index of every chunk."""
    xs, ys, gs = [], [], []
    tmp = as_model(np.zeros((len(MODEL_TAGS), 0)), np.zeros(len(MODEL_TAGS)), {}, 0, rule_features)
    for ci, u in enumerate(units):
        if not u.chunks:
            continue
        by_id = {s.id: s for s in u.sections}
        rule_tags = [by_id[c.section_id].clause_types if c.section_id in by_id else [] for c in u.chunks]
        xs.append(tmp.features(u.vectors, rule_tags))
        ys.append(chunk_labels(u, MODEL_TAGS))
        gs.append(np.full(len(u.chunks), ci))
    return np.vstack(xs), np.vstack(ys), np.concatenate(gs)


def fold_scores(units: list[Units], model: ClauseModel) -> list[list[np.ndarray | None]]:
    return [section_scores(model, u.sections, u.chunks, u.vectors) if u.chunks else [None] * len(u.sections)
            for u in units]


def measure(units: list[Units], tags_of) -> dict:
    c = new_counts()
    for i, u in enumerate(units):
        if u.sections:
            tally(c, u.spans, tags_of(i, u), u.gold)
    return summarize(c)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Train the clause-type model on the CUAD train half")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", type=float, default=0.05, help="inverse L2 strength of each logistic regression")
    ap.add_argument("--out", default=str(MODEL_FILE))
    ap.add_argument("--rule-features", action=argparse.BooleanOptionalAction, default=False,
                    help="also feed the section's rule tags to the model (default: the embedding alone, "
                         "so the model's score is evidence the rules do not already give)")
    ap.add_argument("--limit", type=int, default=0, help="first N training contracts only (quick checks)")
    ap.add_argument("--hold-out", type=Path, default=None,
                    help="a contracts.jsonl whose contracts are also left out (a study model for a fresh fold, "
                         "e.g. bench/questions/fold_sweep; the shipped model is trained without this)")
    ap.add_argument("--text", action=argparse.BooleanOptionalAction, default=True,
                    help="also read the chunk's words and word pairs (TF-IDF), not only its embedding")
    ap.add_argument("--text-scale", type=float, default=TEXT_SCALE,
                    help="weight of the TF-IDF row (l2 norm) against the standardised embedding")
    args = ap.parse_args(argv)
    import sklearn
    from sklearn.model_selection import GroupKFold
    from threadpoolctl import threadpool_limits

    threadpool_limits(1)  # one BLAS thread: the machine's cores are shared, threads only fight

    t0 = time.perf_counter()
    contracts = training_contracts(args.hold_out)
    if args.limit:
        contracts = contracts[: args.limit]
    anns = load_annotations()
    embedder = Embedder(DEFAULT_MODEL)
    units = [contract_units(c, anns, embedder) for c in contracts]
    print(f"{len(units)} contracts, {sum(len(u.chunks) for u in units)} chunks ({time.perf_counter() - t0:.0f}s)")
    rule_features = tuple(TAGS) if args.rule_features else ()
    x, y, groups = stack(units, rule_features)
    texts = [c.text for u in units for c in u.chunks]
    vec = text_vectorizer(texts) if args.text else None
    tx = vec.transform(texts) * args.text_scale if vec is not None else None
    terms = vec.get_feature_names_out() if vec is not None else None
    dim = units[0].vectors.shape[1]
    pos_contracts = {t: len(set(groups[y[:, j]])) for j, t in enumerate(MODEL_TAGS)}
    trainable = {t for t, n in pos_contracts.items() if n >= MIN_POSITIVE_CONTRACTS}

    # out-of-fold section scores
    folds = list(GroupKFold(n_splits=args.folds).split(x, y, groups))
    fold_of = np.zeros(len(units), dtype=int)
    oof: list[list[np.ndarray | None]] = [[] for _ in units]
    for k, (tr, te) in enumerate(folds):
        coef, icpt, tcoef = fit(x[tr], y[tr], args.C, text=None if tx is None else tx[tr])
        m = as_model(coef, icpt, {}, dim, rule_features,
                     None if vec is None or tcoef is None else TextPart.of(terms, vec.idf_, tcoef, args.text_scale))
        test_contracts = sorted(set(groups[te]))
        for ci in test_contracts:
            fold_of[ci] = k
            oof[ci] = section_scores(m, units[ci].sections, units[ci].chunks, units[ci].vectors)
        print(f"fold {k + 1}/{args.folds} fitted ({time.perf_counter() - t0:.0f}s)")
    for ci, u in enumerate(units):  # contracts without chunks
        if not oof[ci]:
            oof[ci] = [None] * len(u.sections)
            fold_of[ci] = -1

    # cross-validated figures: each fold tagged with policies chosen on the other folds
    combined_tags: dict[int, list[list[str]]] = {}
    for k in range(args.folds):
        rest = [i for i in range(len(units)) if fold_of[i] != k]
        pols = choose_all([units[i] for i in rest], [oof[i] for i in rest], fold_of[rest], trainable)
        m = as_model(np.zeros((len(MODEL_TAGS), 0)), np.zeros(len(MODEL_TAGS)), pols, dim)
        for i in range(len(units)):
            if fold_of[i] == k:
                combined_tags[i] = [m.combine(s.clause_types, row) for s, row in zip(units[i].sections, oof[i],
                                                                                     strict=True)]
    rules_cv = measure(units, lambda i, u: [s.clause_types for s in u.sections])
    combined_cv = measure(units, lambda i, u: combined_tags.get(i, [s.clause_types for s in u.sections]))

    # final policies on all out-of-fold scores, final model on all chunks
    policies = choose_all(units, oof, fold_of, trainable)
    coef, icpt, tcoef = fit(x, y, args.C, text=tx)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {"coef": coef, "intercept": icpt, "tags": np.array(MODEL_TAGS),
                              "rule_features": np.array(rule_features, dtype=str)}
    if vec is not None and tcoef is not None:
        arrays.update(text_terms=np.array(terms, dtype=str),
                      text_idf=np.asarray(vec.idf_, dtype=np.float32), text_coef=tcoef.astype(np.float16))
    np.savez_compressed(out, **arrays)
    sidecar = {
        "command": "python -m bench.train_clause_model " + " ".join(argv if argv is not None else sys.argv[1:]),
        "trained": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "sklearn_version": sklearn.__version__,
        "numpy_version": np.__version__,
        "data": {
            "split": "train half (md5(doc_id) even, outside dev) less bench/questions/paraphrase/contracts.jsonl",
            "contracts": len(units),
            "chunks": int(len(x)),
            "sha256": data_hash(contracts),
            "hashed": "sorted training doc_ids joined by newlines, then annotations.jsonl bytes",
        },
        "unit": "chunk (ingest.chunking.make_chunks, embedded as ingest.chunking.embedding_text); "
                "a section's score is its best chunk's",
        "features": "embedding vector" + (", the chunk's TF-IDF row" if vec is not None else "")
                    + (", then one 0/1 column per rule tag of the chunk's section" if rule_features else ""),
        "rule_features": list(rule_features),
        "text_features": None if vec is None else {
            "what": "the chunk's text: TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, "
                    f"min_df={TEXT_MIN_DF}, max_features={TEXT_MAX_TERMS}) fitted on the training chunks "
                    "without labels; its l2-normalised row times scale joins the standardised embedding",
            "terms": len(vec.idf_), "scale": args.text_scale},
        "classifier": f"LogisticRegression(C={args.C}, class_weight='balanced') per tag on standardised "
                      "features; scaler folded into coef/intercept",
        "embedding_model": DEFAULT_MODEL,
        "embedding_dim": int(dim),
        "tags": MODEL_TAGS,
        "positive_contracts": pos_contracts,
        "policies": {t: {"add": p.add, "veto": p.veto} for t, p in policies.items()},
        "policy_search": {"add_grid": [a for a in ADD_GRID if a is not None],
                          "veto_grid": [v for v in VETO_GRID if v is not None], "veto_gain": VETO_GAIN,
                          "no_veto": sorted(NO_VETO),
                          "figure": "mean of contract F1 and span F1 per tag, on out-of-fold scores"},
        "cross_validated": {
            "folds": args.folds,
            "how": "GroupKFold by contract; each fold scored by a model fitted without it and tagged with "
                   "policies chosen without it",
            "rules": rules_cv["macro"],
            "combined": combined_cv["macro"],
            "per_category": {cat: {"rules": _short(rules_cv["categories"][cat]),
                                   "combined": _short(combined_cv["categories"][cat])}
                             for cat in CUAD_TO_TAG},
        },
        "seconds": round(time.perf_counter() - t0, 1),
    }
    out.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    print(f"cross-validated macro, rules:    {rules_cv['macro']}")
    print(f"cross-validated macro, combined: {combined_cv['macro']}")
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) and {out.with_suffix('.json').name}")
    return 0


def _short(r: dict) -> dict:
    keys = ("contracts_with_clause", "contract_precision", "contract_recall", "contract_f1", "span_recall",
            "section_precision", "span_f1")
    return {k: r[k] for k in keys}


if __name__ == "__main__":
    raise SystemExit(main())

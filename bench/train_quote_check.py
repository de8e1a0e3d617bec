"""Train the quote check (ingest/models/quote_check.npz + .json): is a sentence that names a clause type's key
words the clause the experts labelled, or a sentence that only shares the words?

Usage:
    .venv/bin/python -m bench.train_quote_check [--folds 5] [--C 0.1] [--limit N]
        [--clause-model PATH --hold-out CONTRACTS.jsonl --out PATH]   (a study check beside a study clause model)

The check's word coefficients are columns of the clause model's vocabulary, so it is refitted whenever the clause
model is, and its sidecar keeps that vocabulary's key (``TextPart.vocabulary_key``), which loading checks.

Data: the train half less the paraphrase-set contracts (``bench.clause_units.training_contracts``, the clause
model's own training data). Every sentence that names a type's key terms (``bench.clause_quote_check.candidates``:
what the drafter would quote) is a row of that type, labelled by the CUAD spans of the type. Features: the
sentence's embedding with its section's number and title before it (as ingest embeds a chunk) and its words and
word pairs (the clause model's TF-IDF vocabulary and weights, ``ingest.clause_model.TextPart``).

Model: one logistic regression per type (scikit-learn, class_weight="balanced"); a type with fewer than
``MIN_POSITIVE_CONTRACTS`` labelled contracts gets none (its quotes are not checked).

Floor per type, on out-of-fold scores (folds by contract): the lowest score a candidate needs, chosen to maximise
0.75 x (contracts with the clause that keep a labelled candidate) + 0.25 x (contracts without it whose candidates
all fall under the floor), each as a share; a floor is kept only when it loses no more than ``MAX_PRESENT_LOSS``
of the contracts with the clause (a clause missed is worse for a reader than a quote the reader can check).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_quote_check import candidates  # noqa: E402
from bench.clause_units import data_hash, training_contracts  # noqa: E402
from bench.fact_agreement import load_annotations  # noqa: E402
from ingest.chunking import headed  # noqa: E402
from ingest.clause_model import TextPart, load_model  # noqa: E402
from veridict.domain import CLAUSE_BY_NAME  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

OUT = ROOT / "ingest" / "models" / "quote_check.npz"
CACHE = Path(os.environ.get("VERIDICT_QUOTE_CACHE", "/tmp/veridict-quote-units"))
MIN_POSITIVE_CONTRACTS = 8
FLOOR_GRID = (0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5)
PRESENT_WEIGHT = 0.75
MAX_PRESENT_LOSS = 0.05
TEXT_SCALE = 32.0  # the TF-IDF row's norm beside the standardised embedding's, as in the clause model


def embed_rows(doc_id: str, rows: list[dict], embedder: Embedder) -> np.ndarray:
    keyed = [headed(r["head"], r["text"]) for r in rows]
    texts = list(dict.fromkeys(keyed))
    key = hashlib.sha1("\x1e".join(texts).encode()).hexdigest()[:16]
    path = CACHE / f"{doc_id}-{key}.npy"
    if path.exists():
        vecs = np.load(path)
    else:
        vecs = embedder.embed_documents(texts) if texts else np.zeros((0, embedder.dim), dtype=np.float32)
        CACHE.mkdir(parents=True, exist_ok=True)
        np.save(path, vecs)
    at = {t: i for i, t in enumerate(texts)}
    return np.stack([vecs[at[t]] for t in keyed]) if rows else np.zeros((0, embedder.dim), dtype=np.float32)


def text_matrix(texts: list[str], part: TextPart) -> Any:
    """The clause model's TF-IDF rows (``TextPart.row``, l2-normalised) as a sparse matrix."""
    from scipy import sparse

    indptr, cols, vals = [0], [], []
    for text in texts:
        row = part.row(text)
        if row is not None:
            c, v = row
            cols.extend(c.tolist())
            vals.extend((v / max(1e-12, float(np.linalg.norm(v)))).tolist())
        indptr.append(len(cols))
    return sparse.csr_matrix((np.asarray(vals, dtype=np.float32), np.asarray(cols), np.asarray(indptr)),
                             shape=(len(texts), len(part.terms)))


def fit(x: np.ndarray, words, y: np.ndarray, c: float) -> tuple[np.ndarray, float, np.ndarray]:
    """(embedding coef, intercept, word coef) of one type, the scaler folded in."""
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    mu, sd = x.mean(axis=0), x.std(axis=0)
    sd[sd < 1e-6] = 1.0
    design = sparse.hstack([sparse.csr_matrix((x - mu) / sd), words * TEXT_SCALE], format="csr")
    lr = LogisticRegression(C=c, class_weight="balanced", max_iter=2000, random_state=0)
    lr.fit(design, y)
    w = lr.coef_[0][: x.shape[1]] / sd
    return w.astype(np.float32), float(lr.intercept_[0] - w @ mu), (lr.coef_[0][x.shape[1]:] * TEXT_SCALE
                                                                     ).astype(np.float32)



def floor_for(rows: list[dict], scores: np.ndarray) -> tuple[float | None, dict]:
    by: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(rows):
        by[r["doc"]].append(i)
    present = [ix for ix in by.values() if rows[ix[0]]["present"] and any(rows[i]["label"] for i in ix)]
    absent = [ix for ix in by.values() if not rows[ix[0]]["present"]]
    best: tuple[float, float, dict] | None = None
    for floor in FLOOR_GRID:
        kept = sum(any(rows[i]["label"] and scores[i] >= floor for i in ix) for ix in present)
        cleared = sum(all(scores[i] < floor for i in ix) for ix in absent)
        if present and kept < (1 - MAX_PRESENT_LOSS) * len(present):
            continue
        fig = PRESENT_WEIGHT * kept / max(1, len(present)) + (1 - PRESENT_WEIGHT) * cleared / max(1, len(absent))
        stats = dict(present=len(present), present_kept=kept, absent=len(absent), absent_cleared=cleared,
                     figure=round(fig, 4))
        if best is None or fig > best[1] + 1e-9:
            best = (floor, fig, stats)
    if best is None or best[0] == 0.0:
        return None, best[2] if best else {}
    return best[0], best[2]


def main() -> None:
    from sklearn.model_selection import GroupKFold

    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--C", type=float, default=0.1)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--clause-model", type=Path, default=None,
                    help="the clause model whose vocabulary the check reads (default: the shipped one)")
    ap.add_argument("--hold-out", type=Path, default=None,
                    help="a contracts.jsonl whose contracts are also left out (a study check beside a study clause "
                         "model trained with the same --hold-out; the shipped check is trained without this)")
    args = ap.parse_args()
    t0 = time.time()
    clause = load_model(args.clause_model)
    if clause is None or clause.text is None:
        raise SystemExit("the quote check reuses the clause model's vocabulary: python -m bench.train_clause_model")
    tags = [t for t in clause.tags if t in CLAUSE_BY_NAME]
    contracts = training_contracts(args.hold_out)[: args.limit]
    anns = load_annotations()
    embedder = Embedder()
    rows: list[dict] = []
    vecs: list[np.ndarray] = []
    for n, con in enumerate(contracts):
        got = candidates(con, anns, tags)
        rows += got
        vecs.append(embed_rows(con["doc_id"], got, embedder))
        if n % 20 == 0:
            print(f"{n}/{len(contracts)} contracts, {len(rows)} candidates, {time.time() - t0:.0f} s", flush=True)
    x_all = np.vstack(vecs).astype(np.float32)
    words_all = text_matrix([r["text"] for r in rows], clause.text)
    groups_all = np.array([r["doc"] for r in rows])
    coef = np.zeros((len(tags), x_all.shape[1]), dtype=np.float32)
    word_coef = np.zeros((len(tags), len(clause.text.terms)), dtype=np.float32)
    intercept = np.full(len(tags), 20.0, dtype=np.float32)  # no model: every quote passes
    floors: dict[str, float | None] = {}
    report: dict[str, dict] = {}
    for j, tag in enumerate(tags):
        ix = np.array([i for i, r in enumerate(rows) if r["tag"] == tag])
        if not len(ix):
            floors[tag] = None
            continue
        sub = [rows[i] for i in ix]
        y = np.array([r["label"] for r in sub])
        pos_docs = {r["doc"] for r in sub if r["label"]}
        if len(pos_docs) < MIN_POSITIVE_CONTRACTS:
            floors[tag], report[tag] = None, dict(positive_contracts=len(pos_docs), note="too few: not checked")
            continue
        x, words, groups = x_all[ix], words_all[ix], groups_all[ix]
        oof = np.zeros(len(ix))
        for tr, te in GroupKFold(n_splits=args.folds).split(x, y, groups):
            if y[tr].sum() == 0:
                continue
            w, b, wc = fit(x[tr], words[tr], y[tr], args.C)
            z = x[te] @ w + b + words[te] @ wc
            oof[te] = 1.0 / (1.0 + np.exp(-z))
        floor, stats = floor_for(sub, oof)
        floors[tag] = floor
        report[tag] = dict(positive_contracts=len(pos_docs), candidates=len(ix), positives=int(y.sum()),
                           floor=floor, cross_validated=stats)
        w, b, wc = fit(x, words, y, args.C)
        coef[j], intercept[j], word_coef[j] = w, b, wc
        print(f"{tag:34s} floor={floor} {stats}", flush=True)
    out = Path(args.out)
    np.savez_compressed(out, tags=np.array(tags), coef=coef, intercept=intercept,
                        word_coef=word_coef.astype(np.float16))
    meta = dict(
        command="python -m bench.train_quote_check" + (f" --limit {args.limit}" if args.limit else "")
        + (f" --clause-model {args.clause_model}" if args.clause_model else "")
        + (f" --hold-out {args.hold_out}" if args.hold_out else ""),
        trained=dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        data=dict(split="train half (md5(doc_id) even, outside dev) less bench/questions/paraphrase/contracts.jsonl",
                  contracts=len(contracts), candidates=len(rows), sha256=data_hash(contracts)),
        unit="a sentence naming a clause type's key terms (agents.critic.names_asked_thing), embedded after its "
             "section's number and title",
        features="embedding; TF-IDF row over the clause model's vocabulary (ingest/models/clause_model.npz)",
        classifier=f"LogisticRegression(C={args.C}, class_weight='balanced') per type; scaler folded in",
        embedding_model=DEFAULT_MODEL, vocabulary=clause.text.vocabulary_key(), tags=tags, floors=floors,
        cross_validated=report,
        floor_rule=f"max over {FLOOR_GRID} of {PRESENT_WEIGHT} x present kept + {1 - PRESENT_WEIGHT} x absent "
                   f"cleared, losing at most {MAX_PRESENT_LOSS:.0%} of present contracts; none when 0",
        seconds=round(time.time() - t0),
    )
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
    print(f"wrote {out} in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()

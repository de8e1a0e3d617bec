"""Train the question reader (agents/models/question_reader.npz + .json): which attribute or clause type a question
in everyday words asks about, read from its embedding by a classifier instead of by its single nearest example.

Usage:
    .venv/bin/python -m bench.train_question_reader [--folds 5]

Data: the registry's example questions and descriptions (``veridict.domain.examples``, the texts
``agents.meaning.MeaningModel`` embeds: attribute and clause labels, a kind of amount's examples as the amount) and
the studied everyday clause questions over train-half contracts (``bench/questions/everyday_clauses/study.tsv``
and ``study2.tsv``: CUAD category, question with "Northwind" standing for the contract), the placeholder read as
"the contract" as ``agents.meaning.bare_question`` names it. The held-out everyday list (``heldout.tsv``), dev,
val and paraphrase2 are not used.

Model: one multinomial logistic regression over the l2-normalised question embedding (scikit-learn), ``C`` and the
probability a reading needs (``min_probability``) chosen by cross-validation over the study questions (folds by
template line; the registry's texts are in every fold's training data): the pair that maximises right readings
less three times the wrong ones (a wrong clause type quotes the wrong passage; no reading falls back to the
search).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agents.meaning import QUESTION_READER_FILE, registry_texts, with_contract  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG  # noqa: E402
from veridict.domain.examples import QUALIFIER_EXAMPLES  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

STUDY = [ROOT / "bench" / "questions" / "everyday_clauses" / f"{name}.tsv" for name in ("study", "study2")]
C_GRID = (1.0, 4.0, 16.0, 64.0)
P_GRID = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6)
WRONG_COST = 3.0
_PLACEHOLDER = re.compile(r"\b(?:our deal with |the )?Northwind(?:['’]s)?\b")


def study_questions() -> list[tuple[str, str]]:
    """(question with the contract named "the contract", label "clause:<type>") of the studied everyday lists."""
    out = []
    for path in STUDY:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            category, question = line.split("\t", 1)
            out.append((_PLACEHOLDER.sub("the contract", question), f"clause:{CUAD_TO_TAG[category]}"))
    return out


def registry_rows() -> list[tuple[str, str]]:
    """The registry's texts; a question about one kind of amount ("the cap", "the fee") asks for an amount, as in
    ``agents.meaning``."""
    return ([(text, f"{kind}:{name}") for text, kind, name in registry_texts()]
            + [(t, "attribute:amount") for ex in QUALIFIER_EXAMPLES.values() for t in with_contract(ex)])


def data_hash(rows: list[tuple[str, str]]) -> str:
    h = hashlib.sha256()
    for text, label in rows:
        h.update(f"{label}\t{text}\n".encode())
    return h.hexdigest()


def embed(embedder: Embedder, texts: list[str]) -> np.ndarray:
    m = np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)


def fit(x: np.ndarray, y: list[str], c: float):
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=c, max_iter=5000, random_state=0).fit(x, y)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    args = ap.parse_args(argv)
    import sklearn

    t0 = time.perf_counter()
    embedder = Embedder(DEFAULT_MODEL)
    reg = registry_rows()
    study = study_questions()
    xr = embed(embedder, [t for t, _ in reg])
    xs = embed(embedder, [t for t, _ in study])
    yr, ys = [lab for _, lab in reg], [lab for _, lab in study]
    folds = np.arange(len(study)) % args.folds

    table = {}
    for c in C_GRID:
        probs, preds = np.zeros(len(study)), np.empty(len(study), dtype=object)
        for k in range(args.folds):
            te = folds == k
            model = fit(np.vstack([xr, xs[~te]]), yr + [y for y, t in zip(ys, te, strict=True) if not t], c)
            p = model.predict_proba(xs[te])
            probs[te], preds[te] = p.max(axis=1), model.classes_[p.argmax(axis=1)]
        for floor in P_GRID:
            taken = probs >= floor
            right = int(sum(1 for i in np.flatnonzero(taken) if preds[i] == ys[i]))
            wrong = int(taken.sum()) - right
            table[(c, floor)] = (right, wrong, right - WRONG_COST * wrong)
    (c_best, p_best), (right, wrong, _) = max(table.items(), key=lambda kv: (kv[1][2], -kv[0][0], kv[0][1]))
    model = fit(np.vstack([xr, xs]), yr + ys, c_best)

    out = ROOT / QUESTION_READER_FILE
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, coef=model.coef_.astype(np.float32), intercept=model.intercept_.astype(np.float32),
                        labels=np.array(model.classes_, dtype=str))
    sidecar = {
        "command": "python -m bench.train_question_reader " + " ".join(argv if argv is not None else sys.argv[1:]),
        "trained": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "sklearn_version": sklearn.__version__,
        "data": {"registry_texts": len(reg), "study_questions": len(study),
                 "study_files": [str(p.relative_to(ROOT)) for p in STUDY],
                 "sha256": data_hash(reg + study),
                 "hashed": "'label<TAB>text' lines, registry texts then study questions"},
        "embedding_model": DEFAULT_MODEL,
        "embedding_dim": int(xr.shape[1]),
        "classifier": f"LogisticRegression(C={c_best}) over the l2-normalised question embedding",
        "labels": len(model.classes_),
        "min_probability": p_best,
        "cross_validated": {"folds": args.folds, "questions": len(study), "right": right, "wrong": wrong,
                            "grid": {f"C={c} p>={p}": v[:2] for (c, p), v in table.items()},
                            "figure": f"right - {WRONG_COST} x wrong readings of the held-out fold"},
        "seconds": round(time.perf_counter() - t0, 1),
    }
    out.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    print(f"C={c_best} min_probability={p_best}: cross-validated {right} right, {wrong} wrong of {len(study)}")
    print(f"wrote {out} and {out.with_suffix('.json').name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

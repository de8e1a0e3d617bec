"""Choose ``agents.clause_check.NEAR``: from which clause-model score a yes/no clause question that nothing
retrieved answers is shown the document's best-scoring passage as the likely clause.

Usage:
    veridict eval --questions bench/questions/clause_sweep/questions.jsonl --tenant T --keep --out DIR
        (on the code before the scan, or with NEAR set above 1)
    python -m bench.clause_scan --report DIR/eval-agent-*.json

Data: the clause sweep (``bench/questions/clause_sweep``): its 40 contracts are train half and outside the clause
model's training, so their scores are the model's out-of-sample scores. For each question, the contract's chunks
(as ingest cuts and embeds them, ``bench.clause_units``) are scored for the asked type; the best score and whether
its chunk holds a labelled span of the type are set beside the report's verdict. A threshold ``t`` turns each
present question the report missed (said no) into a right answer when the best score is >= t and its chunk is
labelled, and each absent question it got right into a wrong one when the best score is >= t.

Printed per threshold: present and absent accuracy, and their mean weighted 115 : 40 as the dev set asks them
(the question mix the eval sets share); the chosen NEAR is the best of that figure.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_units import chunk_labels, contract_units  # noqa: E402
from bench.fact_agreement import load_annotations, load_contracts  # noqa: E402
from ingest.clause_model import load_model  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions" / "clause_sweep" / "questions.jsonl"
GRID = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8)
DEV_MIX = (115, 40)  # present, absent clause questions of the dev set


def best_chunks(questions: list[dict]) -> dict[str, tuple[float, bool]]:
    """qid -> (the contract's best chunk score for the asked type, whether that chunk is labelled with it)."""
    model = load_model()
    if model is None:
        raise SystemExit("no clause model (ingest/models/clause_model.npz)")
    embedder, anns = Embedder(DEFAULT_MODEL), load_annotations()
    contracts = {c["doc_id"]: c for c in load_contracts("all")}
    col = {t: j for j, t in enumerate(model.tags)}
    scored: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    out: dict[str, tuple[float, bool]] = {}
    for q in questions:
        doc, tag = q["doc_ids"][0], CUAD_TO_TAG.get(q.get("category", ""))
        if tag not in col:
            continue
        if doc not in scored:
            units = contract_units(contracts[doc], anns, embedder)
            by_id = {s.id: s for s in units.sections}
            rules = [by_id[c.section_id].clause_types if c.section_id in by_id else [] for c in units.chunks]
            scored[doc] = (model.chunk_scores(units.vectors, rules, [c.text for c in units.chunks]),
                           chunk_labels(units, list(model.tags)))
        scores, labels = scored[doc]
        i = int(np.argmax(scores[:, col[tag]]))
        out[q["qid"]] = (float(scores[i, col[tag]]), bool(labels[i, col[tag]]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--report", type=Path, required=True, help="the sweep's eval JSON, answered without the scan")
    ap.add_argument("--questions", type=Path, default=QUESTIONS)
    args = ap.parse_args()
    questions = [json.loads(line) for line in args.questions.read_text(encoding="utf-8").splitlines() if line]
    verdicts = {r["qid"]: r for r in json.loads(args.report.read_text(encoding="utf-8"))["results"]}
    best = best_chunks(questions)
    present = [q["qid"] for q in questions if q["qtype"].endswith("present") and q["qid"] in best]
    absent = [q["qid"] for q in questions if q["qtype"].endswith("absent") and q["qid"] in best]
    right_p = sum(verdicts[q]["correct"] for q in present)
    right_a = sum(verdicts[q]["correct"] for q in absent)
    print(f"{len(present)} present, {len(absent)} absent; without the scan {right_p / len(present):.3f} / "
          f"{right_a / len(absent):.3f}")
    print("   t  present  absent  dev-weighted")
    rows = []
    for t in GRID:
        gain = sum(1 for q in present if not verdicts[q]["answer_ok"] and best[q][0] >= t and best[q][1])
        loss = sum(1 for q in absent if verdicts[q]["correct"] and best[q][0] >= t)
        p, a = (right_p + gain) / len(present), (right_a - loss) / len(absent)
        figure = (DEV_MIX[0] * p + DEV_MIX[1] * a) / sum(DEV_MIX)
        rows.append((figure, t))
        print(f"{t:4.2f}  {p:7.3f}  {a:6.3f}  {figure:12.4f}")
    print(f"best: NEAR = {max(rows)[1]}")


if __name__ == "__main__":
    main()

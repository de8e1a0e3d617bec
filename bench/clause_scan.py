"""Choose ``agents.clause_check.NEAR`` and ``LIKELY_PRESENT``: from which clause-model score a yes/no clause
question that nothing retrieved answers is shown the document's best-scoring passage as the likely clause.

Usage:
    veridict eval --questions bench/questions/clause_sweep/questions.jsonl --tenant T --keep --out DIR
    python -m bench.clause_scan --report DIR/eval-agent-*.json [--presence ingest/models/clause_presence.json]

Data: the clause sweep (``bench/questions/clause_sweep``, or ``clause_sweep_dev`` in the dev wording with
``--questions``): its 40 contracts are train half and outside the clause model's training, so their scores are the
model's out-of-sample scores. For each question, the contract's chunks (as ingest cuts and embeds them,
``bench.clause_units``) are scored for the asked type; the best score and whether its chunk holds a labelled span
of the type are set beside the report's verdict without the scan (an answer that opens "Likely" is the scan's:
without it the question was answered no). A threshold ``t`` turns each yes/no present question missed that way
into a right answer when the best score is >= t and its chunk is labelled, and each yes/no absent question
answered right into a wrong one when the best score is >= t.

With ``--presence``, the threshold is each type's score at which the presence fit
(``bench.train_clause_presence``) gives the asked clause the chance searched (``LIKELY_PRESENT``), with the prior
that a clause asked about is there (``ASKED_PRESENT``) or the type's rate in the training contracts; types without
a fit keep ``NEAR``.

Printed per threshold (or chance): present and absent accuracy, and their mean weighted 115 : 40 as the dev set
asks them (the question mix the eval sets share); the chosen value is the best of that figure.
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

from agents.clause_check import NEAR, load_presence  # noqa: E402
from agents.drafting.clause_lookup import LIKELY_LEAD  # noqa: E402
from agents.meaning import asks_yes_no  # noqa: E402
from bench.clause_units import chunk_labels, contract_units  # noqa: E402
from bench.fact_agreement import load_annotations, load_contracts  # noqa: E402
from ingest.clause_model import load_model  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions" / "clause_sweep" / "questions.jsonl"
GRID = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8)
PRESENCE_GRID = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98)
DEV_MIX = (115, 40)  # present, absent clause questions of the dev set
ASKED_PRESENT = DEV_MIX[0] / sum(DEV_MIX)  # a prior for a clause asked about: present as often as in dev


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


def without_scan(r: dict) -> bool:
    """Whether a report row's answer was right had the scan not run: an answer that opens "Likely" (``LIKELY_LEAD``;
    "Likely yes" before round 50) came from the scan alone, so without it the question was answered no (right for an
    absent clause only)."""
    if str(r.get("answer_text", "")).startswith(f"{LIKELY_LEAD} "):
        return r["qtype"].endswith("absent")
    return bool(r["correct"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--report", type=Path, required=True,
                    help="the sweep's eval JSON (a \"Likely\" answer is counted as the scan's)")
    ap.add_argument("--questions", type=Path, default=QUESTIONS)
    ap.add_argument("--presence", type=Path, default=None,
                    help="a clause_presence.json: search the chance LIKELY_PRESENT over the per-type floors it "
                         "gives (types without a fit keep NEAR) instead of one score for every type")
    args = ap.parse_args()
    questions = [json.loads(line) for line in args.questions.read_text(encoding="utf-8").splitlines() if line]
    verdicts = {r["qid"]: r for r in json.loads(args.report.read_text(encoding="utf-8"))["results"]}
    best = best_chunks(questions)
    yes_no = {q["qid"] for q in questions if asks_yes_no(q["question"])}
    tag_of = {q["qid"]: CUAD_TO_TAG.get(q.get("category", "")) for q in questions}
    present = [q["qid"] for q in questions if q["qtype"].endswith("present") and q["qid"] in best]
    absent = [q["qid"] for q in questions if q["qtype"].endswith("absent") and q["qid"] in best]
    before = {q: without_scan(verdicts[q]) for q in present + absent}
    right_p = sum(before[q] for q in present)
    right_a = sum(before[q] for q in absent)
    print(f"{len(present)} present, {len(absent)} absent; without the scan {right_p / len(present):.3f} / "
          f"{right_a / len(absent):.3f}")
    presence = load_presence(args.presence) if args.presence else None
    grid = [(t, prior) for prior in (ASKED_PRESENT, None) for t in PRESENCE_GRID] if presence else \
        [(t, None) for t in GRID]
    print(("chance  prior" if presence else "     t") + "  present  absent  dev-weighted")
    rows: list[tuple[float, float, float | None]] = []
    for t, prior in grid:
        floors: dict[str, float] = {}
        for q in present + absent:
            tag = tag_of[q]
            at = presence.floor(tag, t, prior) if presence is not None and tag else t
            floors[q] = NEAR if at is None else at
        gain = sum(1 for q in present if q in yes_no and not before[q] and best[q][0] >= floors[q] and best[q][1])
        loss = sum(1 for q in absent if q in yes_no and before[q] and best[q][0] >= floors[q])
        p, a = (right_p + gain) / len(present), (right_a - loss) / len(absent)
        figure = (DEV_MIX[0] * p + DEV_MIX[1] * a) / sum(DEV_MIX)
        rows.append((figure, t, prior))
        shown = ("asked" if prior else " rate") if presence else ""
        print(f"{t:6.2f}  {shown}  {p:7.3f}  {a:6.3f}  {figure:12.4f}")
    chosen = max(rows, key=lambda r: r[0])
    print(f"best: {'LIKELY_PRESENT' if presence else 'NEAR'} = {chosen[1]}"
          + (f", prior {'ASKED_PRESENT' if chosen[2] else 'the type rate'}" if presence else ""))


if __name__ == "__main__":
    main()

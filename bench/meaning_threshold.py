"""Choose ``agents.meaning``'s thresholds on the dev questions the planner's rules read.

Usage:
    python -m bench.meaning_threshold [--questions ../shared/data/cuad/dev/questions.jsonl]

For every question whose rules plan names an attribute or clause type, the meaning reading of the same
question (names blanked) is compared with the rules' label: agreement at each similarity and margin is the
precision the reading would have where the rules are silent. Prints a table; nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agents.meaning import bare_question, meaning_model  # noqa: E402
from agents.planner import load_spacy, parse_question  # noqa: E402
from veridict.embeddings import Embedder  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "cuad" / "dev" / "questions.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=Path, default=DEV)
    args = ap.parse_args()
    embedder = Embedder()
    model = meaning_model(embedder)
    nlp = load_spacy()
    rows = []
    for line in args.questions.read_text().splitlines():
        q = json.loads(line)
        plan = parse_question(q["question"], nlp)
        truth = {("attribute", plan.attribute)} if plan.attribute else set()
        truth |= {("clause", c) for c in plan.clause_types}
        if not truth:
            continue
        readings = model.readings(bare_question(plan), embedder)
        best = readings[0]
        runner = next(r for r in readings[1:] if r.name != best.name)
        rows.append((best.similarity, best.similarity - runner.similarity, (best.kind, best.name) in truth))
    print(f"{len(rows)} dev questions with a rules label")
    print("min_sim min_margin  covered  precision")
    for sim in (0.40, 0.45, 0.50, 0.55, 0.60, 0.65):
        for margin in (0.0, 0.02, 0.03, 0.05, 0.08):
            kept = [ok for s, m, ok in rows if s >= sim and m >= margin]
            if kept:
                print(f"{sim:7.2f} {margin:10.2f} {len(kept):8d} {sum(kept) / len(kept):10.3f}")


if __name__ == "__main__":
    main()

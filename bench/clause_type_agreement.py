"""Clause-type tags (ingest/clause_types.py) against the CUAD expert labels.

Usage:
    .venv/bin/python -m bench.clause_type_agreement [--split dev|train|heldout|all]
        [--out bench/results/clause_type_agreement.json]

For each CUAD category mapped to a tag (``CUAD_TO_TAG``), over the contracts of the split:

- contract level: gold = the category has an annotated span; predicted = some section is
  tagged. Precision, recall, F1 over contracts.
- span level: recall = share of gold spans whose start lies in the own text (up to its first
  subsection) of a section carrying the tag; precision = share of tagged sections whose own
  text overlaps a gold span of the category.

Text comes from the CUAD .txt files (their offsets are the annotations' offsets); sections
from ``parsed_from_text`` (the parser's structure rules).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fact_agreement import DATA, load_annotations, load_contracts  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG, own_text_spans, tag_sections  # noqa: E402
from ingest.text_document import parsed_from_text  # noqa: E402


def _prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return round(p, 3), round(r, 3), round(f, 3)


def run(split: str) -> dict:
    contracts = load_contracts(split)
    anns = load_annotations()
    c: dict[str, defaultdict[str, int]] = {cat: defaultdict(int) for cat in CUAD_TO_TAG}
    t0 = time.perf_counter()
    for con in contracts:
        text = (DATA / con["txt_path"]).read_text(encoding="utf-8", errors="replace")
        parsed = parsed_from_text(text, con["txt_path"], con.get("title", ""))
        if not parsed.sections:
            continue
        tags = tag_sections(parsed)
        spans = own_text_spans(parsed)
        for cat, tag in CUAD_TO_TAG.items():
            gold = [
                (s["start"], s["end"])
                for s in anns[con["doc_id"]][cat]["spans"]
                if s.get("start") is not None
            ]
            tagged = [sp for sp, t in zip(spans, tags, strict=False) if tag in t]
            k = c[cat]
            has_gold, has_pred = bool(gold), bool(tagged)
            k["tp"] += has_gold and has_pred
            k["fp"] += has_pred and not has_gold
            k["fn"] += has_gold and not has_pred
            for gs, _ in gold:
                k["gold_spans"] += 1
                k["gold_spans_hit"] += any(a <= gs < z for a, z in tagged)
            for a, z in tagged:
                k["tagged"] += 1
                k["tagged_hit"] += any(gs < z and a < ge for gs, ge in gold)
    out = {}
    for cat, k in c.items():
        p, r, f = _prf(k["tp"], k["fp"], k["fn"])
        out[cat] = {
            "tag": CUAD_TO_TAG[cat],
            "contract_precision": p,
            "contract_recall": r,
            "contract_f1": f,
            "contracts_with_clause": k["tp"] + k["fn"],
            "span_recall": round(k["gold_spans_hit"] / k["gold_spans"], 3)
            if k["gold_spans"]
            else None,
            "section_precision": round(k["tagged_hit"] / k["tagged"], 3) if k["tagged"] else None,
            "gold_spans": k["gold_spans"],
            "tagged_sections": k["tagged"],
        }
    return {
        "split": split,
        "contracts": len(contracts),
        "seconds": round(time.perf_counter() - t0, 1),
        "categories": out,
    }


def print_table(res: dict) -> None:
    print(f"\nClause types vs CUAD — split={res['split']} contracts={res['contracts']}")
    head = f"{'category':<36}{'n':>4}{'c.P':>7}{'c.R':>7}{'c.F1':>7}{'span R':>8}{'sec P':>8}"
    print(head)
    print("-" * len(head))
    rows = sorted(res["categories"].items(), key=lambda kv: -kv[1]["contracts_with_clause"])
    for cat, r in rows:
        sr = "-" if r["span_recall"] is None else f"{r['span_recall']:.2f}"
        sp = "-" if r["section_precision"] is None else f"{r['section_precision']:.2f}"
        print(
            f"{cat:<36}{r['contracts_with_clause']:>4}{r['contract_precision']:>7.2f}"
            f"{r['contract_recall']:>7.2f}{r['contract_f1']:>7.2f}{sr:>8}{sp:>8}"
        )
    cats = [r for r in res["categories"].values() if r["contracts_with_clause"]]
    macro_f1 = sum(r["contract_f1"] for r in cats) / max(1, len(cats))
    spans = [r["span_recall"] for r in cats if r["span_recall"] is not None]
    print(
        f"macro contract F1 {macro_f1:.3f}; mean span recall "
        f"{sum(spans) / max(1, len(spans)):.3f} ({len(cats)} categories present)"
    )
    res["macro_contract_f1"] = round(macro_f1, 3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Clause-type tags vs CUAD labels")
    ap.add_argument("--split", choices=["dev", "train", "heldout", "all"], default="dev")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "clause_type_agreement.json"))
    args = ap.parse_args(argv)
    if not (DATA / "annotations.jsonl").exists():
        print(f"CUAD data not found under {DATA}", file=sys.stderr)
        return 2
    res = run(args.split)
    print_table(res)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    existing = json.loads(out.read_text()) if out.exists() else {}
    existing[res["split"]] = res
    out.write_text(json.dumps(existing, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

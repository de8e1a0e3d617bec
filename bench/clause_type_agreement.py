"""Clause-type tags (ingest/clause_types.py) against the CUAD expert labels.

Usage:
    .venv/bin/python -m bench.clause_type_agreement [--split dev|train|heldout|all]
        [--tagger rules|combined] [--out bench/results/clause_type_agreement.json]

--tagger combined: the rules plus the learned model (``ingest/clause_model.py``) on the chunks
ingest would store, embedded with the model's embedder (vectors cached under /tmp). On
``--split train`` most contracts were used to fit the model: its honest train figures are the
cross-validated ones that ``bench.train_clause_model`` writes beside the model. heldout (and all,
which holds it) shows the macro figures only.

For each CUAD category mapped to a tag (``CUAD_TO_TAG``), over the contracts of the split:

- contract level: gold = the category has an annotated span; predicted = some section is
  tagged. Precision, recall, F1 over contracts.
- span level: recall = share of gold spans whose start lies in the own text (up to its first
  subsection) of a section carrying the tag; precision = share of tagged sections whose own
  text overlaps a gold span of the category; span F1 joins the two.

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
from typing import Any

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


def tally(c: dict[str, defaultdict[str, int]], spans: list[tuple[int, int]], tags: list[list[str]],
          gold_by_cat: dict[str, list[tuple[int, int]]]) -> None:
    """Add one contract's counts: ``spans``/``tags`` are its sections' own text and tags."""
    for cat, tag in CUAD_TO_TAG.items():
        gold = gold_by_cat.get(cat, [])
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


def new_counts() -> dict[str, defaultdict[str, int]]:
    return {cat: defaultdict(int) for cat in CUAD_TO_TAG}


def summarize(c: dict[str, defaultdict[str, int]]) -> dict:
    """Per-category figures and their macro means (categories with a clause in the split)."""
    out: dict[str, dict[str, Any]] = {}
    for cat, k in c.items():
        p, r, f = _prf(k["tp"], k["fp"], k["fn"])
        sr = k["gold_spans_hit"] / k["gold_spans"] if k["gold_spans"] else None
        sp = k["tagged_hit"] / k["tagged"] if k["tagged"] else None
        sf = 2 * sr * sp / (sr + sp) if sr is not None and sp is not None and sr + sp else 0.0
        out[cat] = {
            "tag": CUAD_TO_TAG[cat],
            "contract_precision": p,
            "contract_recall": r,
            "contract_f1": f,
            "contracts_with_clause": k["tp"] + k["fn"],
            "span_recall": None if sr is None else round(sr, 3),
            "section_precision": None if sp is None else round(sp, 3),
            "span_f1": round(sf, 3),
            "gold_spans": k["gold_spans"],
            "tagged_sections": k["tagged"],
        }
    present = [r for r in out.values() if r["contracts_with_clause"]]
    n = max(1, len(present))
    macro = {
        "contract_precision": round(sum(r["contract_precision"] for r in present) / n, 3),
        "contract_recall": round(sum(r["contract_recall"] for r in present) / n, 3),
        "contract_f1": round(sum(r["contract_f1"] for r in present) / n, 3),
        "span_recall": round(sum(r["span_recall"] or 0.0 for r in present) / n, 3),
        "section_precision": round(sum(r["section_precision"] or 0.0 for r in present) / n, 3),
        "span_f1": round(sum(r["span_f1"] for r in present) / n, 3),
        "categories_present": len(present),
    }
    return {"categories": out, "macro": macro}


def run(split: str, tagger: str = "rules") -> dict:
    """Rules only (``tagger="rules"``) or rules + model (``"combined"``, needs chunk embeddings)."""
    contracts = load_contracts(split)
    anns = load_annotations()
    c = new_counts()
    extra: dict[str, float] = {}
    t0 = time.perf_counter()
    if tagger == "rules":
        for con in contracts:
            text = (DATA / con["txt_path"]).read_text(encoding="utf-8", errors="replace")
            parsed = parsed_from_text(text, con["txt_path"], con.get("title", ""))
            if not parsed.sections:
                continue
            gold = {
                cat: [(s["start"], s["end"]) for s in anns[con["doc_id"]][cat]["spans"]
                      if s.get("start") is not None]
                for cat in CUAD_TO_TAG
            }
            tally(c, own_text_spans(parsed), tag_sections(parsed), gold)
    else:
        from bench.clause_units import contract_units
        from ingest.clause_model import load_model, retag
        from veridict.embeddings import Embedder

        model = load_model()
        if model is None:
            raise SystemExit("no clause model file: run python -m bench.train_clause_model")
        embedder = Embedder(model.embedding_model)
        tag_seconds = 0.0
        for con in contracts:
            u = contract_units(con, anns, embedder)
            if not u.sections:
                continue
            t1 = time.perf_counter()  # what ingest adds: the model over vectors it already has
            retag(u.sections, u.chunks, u.vectors, model)
            tag_seconds += time.perf_counter() - t1
            tally(c, u.spans, [s.clause_types for s in u.sections], u.gold)
        extra["model_ms_per_contract"] = round(1000 * tag_seconds / max(1, len(contracts)), 2)
    res = summarize(c)
    return {
        "split": split,
        "tagger": tagger,
        "contracts": len(contracts),
        "seconds": round(time.perf_counter() - t0, 1),
        "categories": res["categories"],
        "macro": res["macro"],
        **extra,
    }


def print_table(res: dict, per_category: bool = True) -> None:
    m = res["macro"]
    print(f"\nClause types vs CUAD — split={res['split']} tagger={res['tagger']} contracts={res['contracts']}")
    if per_category:
        head = (f"{'category':<36}{'n':>4}{'c.P':>7}{'c.R':>7}{'c.F1':>7}{'span R':>8}{'sec P':>8}"
                f"{'span F1':>8}")
        print(head)
        print("-" * len(head))
        rows = sorted(res["categories"].items(), key=lambda kv: -kv[1]["contracts_with_clause"])
        for cat, r in rows:
            sr = "-" if r["span_recall"] is None else f"{r['span_recall']:.2f}"
            sp = "-" if r["section_precision"] is None else f"{r['section_precision']:.2f}"
            print(
                f"{cat:<36}{r['contracts_with_clause']:>4}{r['contract_precision']:>7.2f}"
                f"{r['contract_recall']:>7.2f}{r['contract_f1']:>7.2f}{sr:>8}{sp:>8}{r['span_f1']:>8.2f}"
            )
    print(
        f"macro: contract P/R/F1 {m['contract_precision']:.3f}/{m['contract_recall']:.3f}/"
        f"{m['contract_f1']:.3f}; span R {m['span_recall']:.3f}, section P {m['section_precision']:.3f}, "
        f"span F1 {m['span_f1']:.3f} ({m['categories_present']} categories present)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Clause-type tags vs CUAD labels")
    ap.add_argument("--split", choices=["dev", "train", "heldout", "all"], default="dev")
    ap.add_argument("--tagger", choices=["rules", "combined"], default="rules",
                    help="rules only, or rules + the learned model (ingest/clause_model.py)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "clause_type_agreement.json"))
    ap.add_argument("--record", action="store_true",
                    help="also write the macro figures into the clause model's sidecar (measured.<split>.<tagger>)")
    args = ap.parse_args(argv)
    if not (DATA / "annotations.jsonl").exists():
        print(f"CUAD data not found under {DATA}", file=sys.stderr)
        return 2
    res = run(args.split, args.tagger)
    # heldout is measure-only: its aggregate figures are shown and kept, never its categories
    aggregate_only = args.split in ("heldout", "all")
    if aggregate_only:
        res.pop("categories")
    print_table(res, per_category=not aggregate_only)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    existing = json.loads(out.read_text()) if out.exists() else {}
    existing[f"{res['split']}/{res['tagger']}"] = res
    out.write_text(json.dumps(existing, indent=2))
    print(f"wrote {out}")
    if args.record:
        from ingest.clause_model import SIDECAR_FILE

        meta = json.loads(SIDECAR_FILE.read_text(encoding="utf-8"))
        entry = {"contracts": res["contracts"], **res["macro"]}
        if "model_ms_per_contract" in res:
            entry["model_ms_per_contract"] = res["model_ms_per_contract"]
        meta.setdefault("measured", {}).setdefault(res["split"], {})[res["tagger"]] = entry
        SIDECAR_FILE.write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(f"recorded in {SIDECAR_FILE.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

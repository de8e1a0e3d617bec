"""Parsing throughput on real contracts: pages per second over CUAD PDFs.

    .venv/bin/python bench/parse_speed.py [--n 20] [--pipeline native] [--backend pypdfium]

Parses the first N PDFs of the CUAD dev slice with one Parser (converter built
once, not timed in the rate), prints a table and writes
bench/results/parse_speed.json. Stage times come from timing wrappers around
the pre-check (pdfium), Docling's conversion and the pdfplumber table finder;
the rest (lines, blocks, structure, quality) is "ours". Wall-clock rates depend
on what else runs on the machine; pages per CPU-second of this process does less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "cuad"
OUT = ROOT / "bench" / "results" / "parse_speed.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--pipeline", choices=["native", "standard"], default="native")
    ap.add_argument("--backend", choices=["docling-parse", "pypdfium"], default="docling-parse")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if not (DATA / "dev" / "contracts.jsonl").exists():
        raise SystemExit(f"CUAD data not found under {DATA}")
    rows = [json.loads(line) for line in (DATA / "dev" / "contracts.jsonl").open()][: args.n]

    t0 = time.perf_counter()
    from ingest import parse as parse_mod
    from ingest import tables

    parser = parse_mod.Parser(pdf_pipeline=args.pipeline, pdf_backend=args.backend)
    parser.converter()
    setup_s = time.perf_counter() - t0

    stages = {"precheck": 0.0, "docling": 0.0, "tables": 0.0}

    def timed(name, fn):
        def wrapper(*a, **kw):
            s = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                stages[name] += time.perf_counter() - s

        return wrapper

    parse_mod._pdf_precheck = timed("precheck", parse_mod._pdf_precheck)
    parser._convert = timed("docling", parser._convert)  # type: ignore[method-assign]  # timing the stage
    tables.pdf_tables = timed("tables", tables.pdf_tables)

    # warm-up on a small file outside the timed set (first conversion initialises the pipeline)
    parser.parse(ROOT / "samples" / "library" / "northwind-msa.pdf")
    for k in stages:
        stages[k] = 0.0

    per_doc = []
    load_before = os.getloadavg()
    cpu0 = time.process_time()
    for r in rows:
        path = DATA / r["pdf_path"]
        s = time.perf_counter()
        doc = parser.parse(path)
        dt = time.perf_counter() - s
        per_doc.append(
            {
                "doc_id": r["doc_id"],
                "pages": len(doc.pages),
                "seconds": round(dt, 3),
                "pages_per_s": round(len(doc.pages) / dt, 1),
                "sections": len(doc.sections),
                "tables": len(doc.tables),
                "chars": len(doc.text),
            }
        )
        print(
            f"{r['doc_id']}  {len(doc.pages):3d} p  {dt:6.2f} s  {len(doc.pages) / dt:6.1f} p/s  "
            f"{len(doc.sections):4d} sections  {len(doc.tables)} tables"
        )
    cpu_s = time.process_time() - cpu0  # all threads of this process; robust to other load
    load_after = os.getloadavg()
    pages = sum(d["pages"] for d in per_doc)
    total = sum(d["seconds"] for d in per_doc)
    ours = total - sum(stages.values())
    result = {
        "benchmark": "parse_speed",
        "pipeline": args.pipeline,
        "backend": args.backend,
        "documents": len(per_doc),
        "pages": pages,
        "seconds": round(total, 2),
        "pages_per_s": round(pages / total, 1),
        "cpu_seconds": round(cpu_s, 2),
        "pages_per_cpu_s": round(pages / cpu_s, 1),
        "median_doc_pages_per_s": statistics.median(d["pages_per_s"] for d in per_doc),
        "setup_s": round(setup_s, 2),
        "stage_seconds": {**{k: round(v, 2) for k, v in stages.items()}, "ours": round(ours, 2)},
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_before": [round(x, 2) for x in load_before],
            "loadavg_after": [round(x, 2) for x in load_after],
        },
        "per_document": per_doc,
    }
    print(
        f"\n{pages} pages in {total:.1f} s = {pages / total:.1f} pages/s wall, "
        f"{pages / cpu_s:.1f} pages per CPU-second "
        f"(docling {stages['docling']:.1f} s, tables {stages['tables']:.1f} s, "
        f"pre-check {stages['precheck']:.1f} s, ours {ours:.1f} s; setup {setup_s:.1f} s; "
        f"load {load_before[0]:.1f})"
    )
    out = (
        OUT
        if args.backend == "docling-parse"
        else OUT.with_name(f"parse_speed_{args.backend}.json")
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

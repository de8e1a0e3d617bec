"""OCR on scans: fact agreement on image-only copies of the dev contracts next to the native PDFs.

Usage:
    .venv/bin/python -m bench.ocr_scans [--limit 8] [--jobs 1] [--out bench/results/ocr_scans.json]
        [--keep DIR]
    .venv/bin/python -m bench.ocr_scans --limit 8 --eval-sets DIR   # then `veridict eval` on each set

Each dev contract (cuad/dev, in its listed order; the first ``--limit``) is turned into an
image-only PDF (bench/scan_maker.py: pdftoppm at 200 dpi, written back by Pillow; page 2 and
every 7th page after it fed sideways, a quarter turn; page 3 and every 5th page after it
tilted 2 degrees). The native PDF and the scan are parsed by the same Parser (the scan through
OCR) and their facts extracted as ``bench.fact_agreement`` does, the scan's facts passed through
the OCR gate as at ingest (facts from pages under VERIDICT_OCR_MIN_CONFIDENCE are dropped).

Reported: fact agreement with the CUAD labels per field for both (fact_agreement's
definition), OCR pages/s (OCR time alone and the whole scan parse), mean page confidence,
page accuracy: of the scan's facts that have the same attribute and value as a native
fact, the share on the same page (the page a citation of that fact would name), and
recall: the share of the native facts also read from the scan, with and without table
cells (ruled tables are found from the PDF's vector lines, which a scan does not have).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import fact_agreement as fa  # noqa: E402
from bench import scan_maker  # noqa: E402
from ingest import ocr_gate  # noqa: E402
from veridict.settings import load_settings  # noqa: E402
from veridict.types import Document, Fact  # noqa: E402


def scan_plan(n_pages: int) -> tuple[dict[int, int], dict[int, float]]:
    """Pages fed sideways and pages tilted: a few per contract, the same for every run."""
    rotate = {n: 90 for n in range(2, n_pages + 1, 7)}
    skew = {n: 2.0 for n in range(3, n_pages + 1, 5) if n not in rotate}
    return rotate, skew


def facts_of(parsed, doc_id: str, floor: float | None = None) -> list[Fact]:
    sections = fa.sections_from_parsed(parsed, "bench", doc_id, tag=False)
    facts = fa.extract_facts(parsed, sections, "bench", doc_id)
    if floor is None:
        return facts
    doc = Document(tenant="bench", doc_key=doc_id, title=parsed.title, source_path=parsed.path, sha256="")
    return ocr_gate.mark(parsed, doc, [], facts, low=100.0, floor=floor)


def _same_page(native: list[Fact], scan: list[Fact]) -> tuple[int, int]:
    """(scan facts matched to a native fact by attribute and value, of them on the same page)."""
    pages: dict[tuple[str, str], set[int]] = defaultdict(set)
    for f in native:
        pages[(f.attribute, f.value_text)].add(f.page)
    matched = same = 0
    for f in scan:
        key = (f.attribute, f.value_text)
        if key in pages:
            matched += 1
            same += f.page in pages[key]
    return matched, same


def _recall(native: list[Fact], scan: list[Fact], tables: bool) -> tuple[int, int]:
    """(native facts, of them also read from the scan: same attribute and value), with or
    without table cells (a scan has no ruled lines, so its tables are read as text)."""
    found = {(f.attribute, f.value_text) for f in scan}
    kept = [f for f in native if tables or f.attribute != "table_cell"]
    return len(kept), sum((f.attribute, f.value_text) in found for f in kept)


def run(limit: int, jobs: int, keep: Path | None) -> dict:
    from ingest.parse import Parser

    settings = load_settings()
    parser = Parser.from_settings(settings)
    parser.ocr_jobs = jobs
    contracts = fa.load_contracts("dev")[:limit]
    anns = fa.load_annotations()
    counts: dict[str, dict[str, defaultdict[str, int]]] = {
        src: {f: defaultdict(int) for f in fa.FIELDS} for src in ("native", "scan")
    }
    totals: defaultdict[str, float] = defaultdict(float)
    per_contract = []
    work = keep or Path(tempfile.mkdtemp(prefix="veridict-ocr-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    for c in contracts:
        src = fa.DATA / c["pdf_path"]
        t0 = time.perf_counter()
        native = parser.parse(src)
        native_s = time.perf_counter() - t0
        rotate, skew = scan_plan(len(native.pages))
        scan_path = scan_maker.scanned_copy(src, work / f"{c['doc_id']}.pdf", rotate=rotate, skew=skew)
        row = {"doc_id": c["doc_id"], "pages": len(native.pages), "rotated": sorted(rotate),
               "skewed": sorted(skew), "native_s": round(native_s, 1)}
        t0 = time.perf_counter()
        try:
            scan = parser.parse(scan_path)
        except Exception as exc:  # a refused scan counts against every field
            row["error"] = f"{type(exc).__name__}: {exc}"
            scan = None
        row["scan_s"] = round(time.perf_counter() - t0, 1)
        by_src = {"native": facts_of(native, c["doc_id"])}
        if scan is not None:
            by_src["scan"] = facts_of(scan, c["doc_id"], floor=settings.ocr_min_confidence)
            q = scan.quality
            row.update(ocr_pages=len(q.ocr_pages), ocr_s=q.ocr_seconds, confidence=q.ocr_confidence,
                       low_pages=sum(1 for p in scan.pages if (p.ocr_confidence or 100) < settings.ocr_low_confidence))
            totals["ocr_pages"] += len(q.ocr_pages)
            totals["ocr_s"] += q.ocr_seconds
            totals["scan_s"] += row["scan_s"]
            totals["conf_sum"] += (q.ocr_confidence or 0) * len(q.ocr_pages)
            matched, same = _same_page(by_src["native"], by_src["scan"])
            row.update(facts_native=len(by_src["native"]), facts_scan=len(by_src["scan"]),
                       facts_matched=matched, facts_same_page=same)
            totals["matched"] += matched
            totals["same_page"] += same
            for key, tables in (("all", True), ("no_tables", False)):
                n, hit = _recall(by_src["native"], by_src["scan"], tables)
                row[f"recall_{key}"] = [hit, n]
                totals[f"recall_{key}_n"] += n
                totals[f"recall_{key}_hit"] += hit
            totals["facts_native"] += len(by_src["native"])
            totals["facts_scan"] += len(by_src["scan"])
        for field in fa.FIELDS:
            gold = fa.gold_for(field, anns[c["doc_id"]][fa.CATEGORY[field]])
            if not gold.scorable:
                continue
            for src_name in ("native", "scan"):
                cnt = counts[src_name][field]
                cnt["n"] += 1
                facts = by_src.get(src_name)
                cnt["agree"] += bool(facts is not None and fa.agree(field, gold, fa.prediction(field, facts)))
        per_contract.append(row)
        print(json.dumps(row), flush=True)
    if keep is None:
        shutil.rmtree(work, ignore_errors=True)
    fields = {
        f: {
            "n": counts["native"][f]["n"],
            "native": round(counts["native"][f]["agree"] / max(1, counts["native"][f]["n"]), 4),
            "scan": round(counts["scan"][f]["agree"] / max(1, counts["scan"][f]["n"]), 4),
            "native_agree": counts["native"][f]["agree"],
            "scan_agree": counts["scan"][f]["agree"],
        }
        for f in fa.FIELDS
    }
    pages = totals["ocr_pages"]
    return {
        "contracts": len(contracts),
        "doc_ids": [c["doc_id"] for c in contracts],
        "ocr_dpi": settings.ocr_dpi,
        "ocr_jobs": jobs,
        "cpu_count": os.cpu_count(),
        "ocr_pages": int(pages),
        "ocr_seconds": round(totals["ocr_s"], 1),
        "ocr_pages_per_s": round(pages / totals["ocr_s"], 3) if totals["ocr_s"] else None,
        "scan_parse_pages_per_s": round(pages / totals["scan_s"], 3) if totals["scan_s"] else None,
        "mean_page_confidence": round(totals["conf_sum"] / pages, 1) if pages else None,
        "facts_native": int(totals["facts_native"]),
        "facts_scan": int(totals["facts_scan"]),
        "facts_matched": int(totals["matched"]),
        "same_page_share": round(totals["same_page"] / totals["matched"], 4) if totals["matched"] else None,
        "native_fact_recall": round(totals["recall_all_hit"] / max(1, totals["recall_all_n"]), 4),
        "native_fact_recall_without_table_cells": round(
            totals["recall_no_tables_hit"] / max(1, totals["recall_no_tables_n"]), 4
        ),
        "fields": fields,
        "per_contract": per_contract,
    }


def write_eval_sets(limit: int, folder: Path) -> dict[str, Path]:
    """Two question sets for `veridict eval` over the first ``limit`` dev contracts: ``native``
    (the PDFs as they are) and ``scan`` (their scans, made as above, under the same file names,
    so answers resolve to the same contracts). Returns each set's questions.jsonl."""
    contracts = fa.load_contracts("dev")[:limit]
    ids = {c["doc_id"] for c in contracts}
    questions = [
        line for line in (fa.DATA / "dev" / "questions.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip() and set(json.loads(line).get("doc_ids") or []) <= ids
    ]
    out: dict[str, Path] = {}
    for name in ("native", "scan"):
        root = folder / name / "cuad"
        (root / "dev").mkdir(parents=True, exist_ok=True)
        rows = []
        for c in contracts:
            src = fa.DATA / c["pdf_path"]
            if name == "native":
                rel = Path("pdf") / src.name
                link = root / rel
                link.parent.mkdir(parents=True, exist_ok=True)
                if not link.exists():
                    link.symlink_to(src)
            else:
                rel = Path("scans") / src.name
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                if not (root / rel).exists():
                    import pypdfium2 as pdfium

                    pdf = pdfium.PdfDocument(str(src))
                    n_pages = len(pdf)
                    pdf.close()
                    rotate, skew = scan_plan(n_pages)
                    scan_maker.scanned_copy(src, root / rel, rotate=rotate, skew=skew)
            rows.append(json.dumps({**c, "pdf_path": str(rel)}))
        (root / "dev" / "contracts.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
        out[name] = root / "dev" / "questions.jsonl"
        out[name].write_text("\n".join(questions) + "\n", encoding="utf-8")
    return out


def print_table(result: dict) -> None:
    print(f"\nOCR scans — {result['contracts']} dev contracts, {result['ocr_pages']} pages OCRed "
          f"at {result['ocr_dpi']} dpi, {result['ocr_jobs']} job(s)")
    print(f"OCR {result['ocr_pages_per_s']} pages/s (whole scan parse {result['scan_parse_pages_per_s']} pages/s); "
          f"mean page confidence {result['mean_page_confidence']}")
    print(f"facts: native {result['facts_native']}, scan {result['facts_scan']}; "
          f"{result['facts_matched']} scan facts match a native one, {result['same_page_share']:.1%} on the same page"
          if result["same_page_share"] is not None else "no matching facts")
    print(f"native facts also read from the scan: {result['native_fact_recall']:.1%} "
          f"({result['native_fact_recall_without_table_cells']:.1%} without table cells)")
    print(f"{'field':<16}{'n':>4}{'native':>9}{'scan':>9}{'diff':>8}")
    for f, r in result["fields"].items():
        print(f"{f:<16}{r['n']:>4}{r['native']:>9.1%}{r['scan']:>9.1%}{(r['scan'] - r['native']) * 100:>+7.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=8, help="the first N dev contracts")
    ap.add_argument("--jobs", type=int, default=1, help="pages recognised at once")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "ocr_scans.json"))
    ap.add_argument("--keep", default=None, help="keep the scanned PDFs in this folder")
    ap.add_argument("--eval-sets", default=None, metavar="DIR",
                    help="only write question sets for `veridict eval` (native and scan) under DIR")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if not (fa.DATA / "annotations.jsonl").exists():
        print(f"CUAD data not found under {fa.DATA}", file=sys.stderr)
        return 2
    if args.eval_sets:
        for name, path in write_eval_sets(args.limit, Path(args.eval_sets)).items():
            print(f"{name}: veridict eval --questions {path}")
        return 0
    result = run(args.limit, args.jobs, Path(args.keep) if args.keep else None)
    print_table(result)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

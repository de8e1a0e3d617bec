"""Whether an open question could get its closest passage, and from which similarity, on the CUAD train half.

Usage:
    .venv/bin/python -m bench.closest_passage_threshold [--contracts 40] [--out bench/results/closest_passage.json]

An open yes/no question that names no clause type or value the registry knows ("Does the NDA let us share
information with contractors?") is refused when no passage names its words. Issue 15 asks for the passage
the vector search ranks first, shown as the closest passage, when its similarity to the question passes a bar
chosen on train questions. This script measures that bar. Its finding (2026-11-26, 40 contracts): with the
shipped embedder the first passage is the expert clause in 80 of 1,280 pairs, and a shown passage is right
more often than not only from a cosine of 0.625, which few real questions reach (the NDA example scores
0.43-0.48 against its clause), so the fallback is not switched on; see the README.

Train questions: the Yes/No category descriptions (32) of CUAD's README, asked as written ("Is there a
restriction on the ability of a party to compete with the counterparty ...?"), against each of the first
``--contracts`` contracts of the train half less the paraphrase set (``bench.clause_units``), with the
chunks and vectors ingest would store. For each (contract, question): the top chunk by cosine similarity to
the embedded question. It is a right passage when the category has an expert span and the chunk holds part
of it, and a wrong one otherwise (the category is absent, or the chunk is elsewhere).

The bar: the lowest similarity from which at least ``--precision`` (default 0.5) of the passages shown are
right, i.e. a shown passage is more often the clause than not. The table gives precision and the share of
right passages kept at each similarity, for reading the trade-off.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_units import contract_units, data_hash, training_contracts  # noqa: E402
from bench.fact_agreement import DATA, load_annotations  # noqa: E402
from veridict.embeddings import DEFAULT_MODEL, Embedder  # noqa: E402

MIN_OVERLAP = 40  # characters of an expert span a chunk must hold to count as that span


def yes_no_categories(readme: Path) -> dict[str, str]:
    """CUAD category -> its description, for the categories whose answer format is Yes/No."""
    out: dict[str, str] = {}
    cat = desc = None
    for line in readme.read_text(encoding="utf-8", errors="replace").splitlines():
        m = re.match(r"\s*(Category|Description|Answer Format):\s*(.*)", line)
        if not m:
            continue
        key, value = m.group(1), m.group(2).strip()
        if key == "Category":
            cat, desc = value, None
        elif key == "Description":
            desc = value
        elif key == "Answer Format" and cat and desc and value.lower().startswith("yes/no"):
            out[cat] = desc if desc.endswith("?") else f"Is there a clause on this: {desc}?"
    return out


def holds(chunk, spans: list[tuple[int, int]]) -> bool:
    return any(min(ge, chunk.char_end) - max(gs, chunk.char_start) >= min(MIN_OVERLAP, max(1, ge - gs))
               for gs, ge in spans)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Closest-passage similarity bar, on the CUAD train half")
    ap.add_argument("--contracts", type=int, default=40)
    ap.add_argument("--precision", type=float, default=0.5)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "closest_passage.json"))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    questions = yes_no_categories(DATA / "CUAD_v1_README.txt")
    anns = load_annotations()
    contracts = training_contracts()[: args.contracts]
    embedder = Embedder(DEFAULT_MODEL)
    qvec = {cat: np.asarray(embedder.embed_query(q)) for cat, q in questions.items()}
    rows: list[tuple[float, bool]] = []
    for con in contracts:
        units = contract_units(con, anns, embedder)
        if not len(units.chunks):
            continue
        vecs = np.asarray(units.vectors)
        for cat in questions:
            spans = [(s["start"], s["end"]) for s in anns.get(con["doc_id"], {}).get(cat, {}).get("spans", [])
                     if s.get("start") is not None]
            sims = vecs @ qvec[cat]
            top = int(np.argmax(sims))
            rows.append((float(sims[top]), bool(spans) and holds(units.chunks[top], spans)))
    sims_arr = np.array([s for s, _ in rows])
    right = np.array([r for _, r in rows])
    table = []
    chosen = None
    for bar in np.round(np.arange(0.30, 0.76, 0.025), 3):
        shown = sims_arr >= bar
        n = int(shown.sum())
        precision = float(right[shown].mean()) if n else 0.0
        kept = float(right[shown].sum() / max(1, right.sum()))
        table.append({"bar": float(bar), "shown": n, "precision": round(precision, 3), "right_kept": round(kept, 3)})
        if chosen is None and n >= 10 and precision >= args.precision:
            chosen = float(bar)
    result = {
        "command": "python -m bench.closest_passage_threshold " + " ".join(argv or sys.argv[1:]),
        "questions": len(questions),
        "contracts": len(contracts),
        "pairs": len(rows),
        "right_passages": int(right.sum()),
        "data_sha256": data_hash(contracts),
        "precision_wanted": args.precision,
        "bar": chosen,
        "table": table,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"{len(questions)} questions x {len(contracts)} contracts = {len(rows)} pairs, "
          f"{int(right.sum())} with the clause on top ({result['seconds']} s)")
    print(f"{'bar':>6} {'shown':>6} {'precision':>9} {'right kept':>10}")
    for r in table:
        print(f"{r['bar']:>6.3f} {r['shown']:>6d} {r['precision']:>9.3f} {r['right_kept']:>10.3f}")
    print(f"bar for precision >= {args.precision}: {chosen}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

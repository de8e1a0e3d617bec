"""How well the quote check (``agents.clause_check``) tells the asked clause from a sentence that only shares
its key words, on contracts neither model was trained on.

Usage:
    .venv/bin/python -m bench.clause_quote_check [--model clause|verifier] [--floor 0.1] [--out rows.json]

Data: the 40 train-half contracts of the paraphrase set (``bench/questions/paraphrase/contracts.jsonl``), which
``bench.train_clause_model`` and ``bench.train_quote_check`` keep out of training. For every clause type, every
sentence of a contract that names the type's key terms (what the drafter would quote:
``agents.critic.names_asked_thing``) is a candidate, labelled by the CUAD spans of that type (an overlap of 20
characters, or the whole span). ``candidates`` is also the training data of ``bench.train_quote_check``.

Scored by the shipped quote check (``--model verifier``, its floors) or by the clause model that tags sections
(``--model clause``, one ``--floor`` for every type, or its veto where higher). Per type and in total:
- present: contracts with the clause that keep at least one labelled candidate (of those that had one);
- absent: contract-type pairs without the clause whose candidates all fall under the floor.
"""

from __future__ import annotations

import argparse
import bisect
import json
from collections import defaultdict
from pathlib import Path

from agents.clause_check import QuoteCheck, load_verifier
from agents.critic import names_asked_thing
from agents.plan import Plan
from bench.clause_units import paraphrase_ids
from bench.fact_agreement import DATA, load_annotations, load_contracts
from ingest.chunking import heading
from ingest.clause_model import load_model
from ingest.clause_types import CUAD_TO_TAG, sections_from_parsed
from ingest.text_document import parsed_from_text
from tools.text import sentences
from veridict.domain import CLAUSE_BY_NAME
from veridict.embeddings import Embedder

MIN_OVERLAP = 20


def candidates(con: dict, anns: dict, tags: list[str]) -> list[dict]:
    """Every sentence of the contract naming a type's key terms: (heading, text, label, present)."""
    text = (DATA / con["txt_path"]).read_text(encoding="utf-8", errors="replace")
    parsed = parsed_from_text(text, con["txt_path"], con.get("title", ""))
    secs = sections_from_parsed(parsed, "bench", con["doc_id"])
    starts = [s.char_start for s in secs]
    gold: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for cat, a in anns.get(con["doc_id"], {}).items():
        if cat in CUAD_TO_TAG:
            gold[CUAD_TO_TAG[cat]] += [(s["start"], s["end"]) for s in a.get("spans", []) if s.get("start") is not None]
    spans = sentences(text)
    out = []
    for tag in tags:
        plan = Plan(question=f"Does the agreement contain a {tag} clause?", intent="clause_lookup", clause_types=[tag])
        for s, e in spans:
            if e - s < 15 or not names_asked_thing(plan, text[s:e]):
                continue
            i = bisect.bisect_right(starts, s) - 1
            head = heading(secs[i].number, secs[i].title) if i >= 0 else ""
            label = any(min(ge, e) - max(gs, s) >= min(MIN_OVERLAP, ge - gs) for gs, ge in gold.get(tag, []))
            out.append(dict(doc=con["doc_id"], tag=tag, head=head, text=text[s:e], label=label,
                            present=bool(gold.get(tag))))
    return out


def tally(rows: list[dict], floors: dict[str, float]) -> dict[str, dict[str, int]]:
    by: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        by[(r["tag"], r["doc"])].append(r)
    out: dict[str, dict[str, int]] = defaultdict(lambda: dict(present=0, present_kept=0, absent=0, absent_cleared=0))
    for (tag, _), group in by.items():
        need = floors.get(tag, 0.0)
        for key in (tag, "all"):
            t = out[key]
            if group[0]["present"]:
                if any(r["label"] for r in group):
                    t["present"] += 1
                    t["present_kept"] += any(r["label"] and r["score"] >= need for r in group)
            else:
                t["absent"] += 1
                t["absent_cleared"] += all(r["score"] < need for r in group)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", choices=("clause", "verifier"), default="verifier")
    ap.add_argument("--floor", type=float, default=0.1, help="with --model clause")
    ap.add_argument("--out", default=None, help="write every candidate with its score here (JSON)")
    args = ap.parse_args()
    model = load_model()
    verifier = load_verifier()
    if model is None or (args.model == "verifier" and verifier is None):
        raise SystemExit("no model: python -m bench.train_clause_model / bench.train_quote_check")
    tags = [t for t in model.tags if t in CLAUSE_BY_NAME]
    ids = paraphrase_ids()
    anns = load_annotations()
    rows: list[dict] = []
    for con in (c for c in load_contracts("train") if c["doc_id"] in ids):
        rows += candidates(con, anns, tags)
    check = QuoteCheck(model, Embedder(), verifier)
    quotes = [(r["head"], r["text"]) for r in rows]
    if args.model == "verifier":
        assert verifier is not None
        scores = verifier.scores(check.vectors(quotes), [r["text"] for r in rows])
        col = {t: j for j, t in enumerate(verifier.tags)}
        floors = dict(verifier.floors)
    else:
        scores = check.scores(quotes)
        col = {t: j for j, t in enumerate(model.tags)}
        floors = {t: max(args.floor, p.veto or 0.0) for t, p in model.policies.items()}
    for r, row in zip(rows, scores, strict=True):
        r["score"] = float(row[col[r["tag"]]]) if r["tag"] in col else 1.0
    print(f"{len({r['doc'] for r in rows})} contracts, {len(rows)} candidate sentences, "
          f"{sum(r['label'] for r in rows)} labelled; {args.model}")
    print(f"{'type':34s} floor  present kept  absent cleared")
    for tag, t in sorted(tally(rows, floors).items(), key=lambda kv: (kv[0] == "all", kv[0])):
        floor = floors.get(tag)
        print(f"{tag:34s} {'-' if floor is None else f'{floor:.2f}':5s} {t['present_kept']:>4} / {t['present']:<5} "
              f"{t['absent_cleared']:>5} / {t['absent']}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")


if __name__ == "__main__":
    main()

"""Which contracts a clause type's key terms reach, and which words could reach the rest (issue 15).

Usage:
    python -m bench.key_term_reach [--category "Revenue/Profit Sharing"] [--candidates]

A clause type's key terms (``veridict.domain.clause_types``) decide whether a passage names the clause before it is
quoted as one. On the train half less the paraphrase-set contracts (their questions measure the clause lookups), per
CUAD category:

- ``labelled``: contracts the experts labelled with it, and how many of them hold a labelled sentence a key term
  reaches (``agents.critic.names_asked_thing`` on the sentence alone);
- ``without``: contracts labelled without it, and how many hold some sentence a key term reaches.

With ``--candidates``, the word n-grams (1 to 3 words) of the labelled sentences no key term reaches, each with the
labelled contracts it would add (``gain``) and the contracts without the label it would newly reach (``exposure``),
best precision first. Sentences are split as the answer's key-term check splits a passage (``tools.text.sentences``);
a sentence overlaps a labelled span by at least one character.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agents.critic import names_asked_thing  # noqa: E402
from agents.plan import Plan  # noqa: E402
from bench.fact_agreement import DATA, load_annotations, load_contracts  # noqa: E402
from ingest.clause_types import CUAD_TO_TAG  # noqa: E402
from tools.text import sentences  # noqa: E402

PARAPHRASE = ROOT / "bench" / "questions" / "paraphrase" / "contracts.jsonl"
_WORD = re.compile(r"[a-z0-9%$]+|[()]")


Contract = tuple[list[tuple[str, frozenset[str]]], frozenset[str]]  # (sentences with their spans' categories, labels)


def contracts() -> dict[str, Contract]:
    """Per contract of the train half less the paraphrase set: its sentences in lower case, each with the categories
    whose labelled span it overlaps, and the categories the contract is labelled with."""
    skip = {json.loads(line)["doc_id"] for line in PARAPHRASE.read_text(encoding="utf-8").splitlines() if line.strip()}
    annotations = load_annotations()
    out: dict[str, Contract] = {}
    for contract in load_contracts("train"):
        doc = contract["doc_id"]
        if doc in skip:
            continue
        text = (DATA / contract["txt_path"]).read_text(encoding="utf-8", errors="replace")
        spans = {cat: [(s["start"], s["end"]) for s in a["spans"]]
                 for cat, a in annotations[doc].items() if a.get("spans")}
        rows = []
        for start, end in sentences(text):
            if end - start < 15:
                continue
            inside = frozenset(c for c, sp in spans.items() if any(start < e and s < end for s, e in sp))
            rows.append((re.sub(r"\s+", " ", text[start:end].lower()), inside))
        out[doc] = (rows, frozenset(spans))
    return out


def _grams(text: str) -> set[str]:
    words = _WORD.findall(text)
    return {" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)}


def reach(category: str, docs: dict[str, Contract], candidates: bool = False) -> dict:
    plan = Plan(question=category, intent="clause_lookup", clause_types=[CUAD_TO_TAG[category]])
    labelled = [d for d, (_, labels) in docs.items() if category in labels]
    reached = {d for d in labelled if any(category in ins and names_asked_thing(plan, s) for s, ins in docs[d][0])}
    without = [d for d in docs if d not in labelled]
    touched = {d for d in without if any(names_asked_thing(plan, s) for s, _ in docs[d][0])}
    result = {"category": category, "labelled": len(labelled), "labelled_reached": len(reached),
              "without": len(without), "without_reached": len(touched)}
    if candidates:
        gain: dict[str, set[str]] = defaultdict(set)
        for d in set(labelled) - reached:
            for s, ins in docs[d][0]:
                if category in ins:
                    for g in _grams(s):
                        gain[g].add(d)
        exposure: dict[str, set[str]] = defaultdict(set)
        for d in set(without) - touched:
            for s, _ in docs[d][0]:
                for g in _grams(s) & gain.keys():
                    exposure[g].add(d)
        ranked = sorted(((len(gain[g]) / (len(gain[g]) + len(exposure[g])), len(gain[g]), len(exposure[g]), g)
                         for g in gain if len(gain[g]) >= 2), reverse=True)
        result["candidates"] = [{"gram": g, "gain": n, "exposure": x} for _, n, x, g in ranked[:25]]
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--category", action="append", help="a CUAD category (repeatable); default: all clause types")
    ap.add_argument("--candidates", action="store_true", help="list n-grams that would reach the labelled rest")
    args = ap.parse_args(argv)
    docs = contracts()
    labelled = {cat for _, labels in docs.values() for cat in labels}
    for category in args.category or sorted(c for c in CUAD_TO_TAG if c in labelled):
        r = reach(category, docs, args.candidates)
        print(f"{category:36s} labelled {r['labelled_reached']:3d} of {r['labelled']:3d} reached; "
              f"without the label {r['without_reached']:3d} of {r['without']:3d} reached")
        for c in r.get("candidates", []):
            print(f"    {c['gram']!r:34s} gain {c['gain']:2d}  exposure {c['exposure']:3d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

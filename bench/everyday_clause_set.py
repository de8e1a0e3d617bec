"""Clause questions in everyday words: does the planner read which clause is meant, and does the answer hold?

Usage:
    python -m bench.everyday_clause_set --reading [--set study|study2|study3|study4|heldout]
    python -m bench.everyday_clause_set --write [--set study|study2|heldout]
    veridict eval --questions bench/questions/everyday_clauses/<set>/questions.jsonl --tenant T --keep

Two lists of 115 questions, five for each of the 23 CUAD clause categories the question writers use, as a
manager asks them ("Can they poach our staff?", "Is our licence forever?"), one per line as ``category<TAB>question``
in ``bench/questions/everyday_clauses/``:

- ``study.tsv``: written for the fifteenth round before its author looked at how the planner reads them; its misses
  were read, and the registry's cue words and example questions were extended from them (a study set);
- ``study2.tsv``: 46 more (two per category), written for the eighteenth round before its author looked at how the
  planner reads them, in wordings the registry's examples do not hold (a fresh study set: its misses are read);
- ``study4.tsv``: 39 questions over named train-half contracts of the paraphrase set, written for the thirty-seventh
  round before its author looked at how the planner reads them (``--reading`` only: the names are real, not made up);
- ``heldout.tsv``: written by a separate helper that saw no code, question set or example of this repository; its
  misses are not read (a held-out measure of the same thing).

``--reading`` runs the planner as the answer graph does (rules, then the meaning reader where the rules leave the
question open) and counts the questions whose first clause type is the category's (an amount question whose
qualifier is the category, e.g. the liability cap, counts too). No store is needed.

``--write`` makes an eval set over the clause sweep's 40 train-half contracts (``bench/questions/clause_sweep``):
each question is asked once of a contract whose experts labelled the category and once of one they labelled
without it (round robin over the sweep's questions of that category), with the sweep question's gold and evidence.
The made-up counterparty name of the question (its first capitalised word after the start) becomes the contract's
short party name; a question without one says "our deal with <name>" for its first "the contract" / "this deal", or
starts "In our deal with <name>, ...". Short names are not unique in the library, so a few questions are ambiguous
for the system and the reader alike; the set is for before / after comparisons on one stored library.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HERE = ROOT / "bench" / "questions" / "everyday_clauses"
SWEEP = ROOT / "bench" / "questions" / "clause_sweep"
CONTRACTS = ROOT / "bench" / "questions" / "paraphrase" / "contracts.jsonl"  # the sweep's contracts, with short names
_NAME = re.compile(r"(?<!^)(?<![.?!] )\b[A-Z][a-z]+\b")
_GENERIC = re.compile(r"\b(the|this|our) (contract|agreement|deal|arrangement)\b")


def read_rows(which: str) -> list[tuple[str, str]]:
    rows = []
    for line in (HERE / f"{which}.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip():
            category, question = line.split("\t")
            rows.append((category, question))
    return rows


def with_contract(question: str, name: str) -> str:
    """The question about the contract whose counterparty is called ``name``."""
    m = _NAME.search(question)
    if m:
        return question[:m.start()] + name + question[m.end():]
    if _GENERIC.search(question):
        return _GENERIC.sub(f"our deal with {name}", question, count=1)
    return f"In our deal with {name}, {question[0].lower()}{question[1:]}"


def write_set(which: str) -> Path:
    sweep = [json.loads(line) for line in (SWEEP / "questions.jsonl").read_text().splitlines() if line.strip()]
    contracts = {c["doc_id"]: c for c in map(json.loads, CONTRACTS.read_text().splitlines())}
    pools: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for q in sweep:
        category = re.match(r'"([^"]+)"', q["derivation"]).group(1)  # type: ignore[union-attr]
        pools[(category, q["qtype"].split("/")[1])].append(q)
    used: Counter = Counter()
    out: list[dict] = []
    for category, text in read_rows(which):
        for kind in ("present", "absent"):
            pool = pools[(category, kind)]
            if not pool:
                continue
            base = pool[used[(category, kind)] % len(pool)]
            used[(category, kind)] += 1
            c = contracts[base["doc_ids"][0]]
            name = ([s for s in c["short_names"] if s] or c["parties_clean"])[-1]
            out.append({**base, "qid": f"{which[0]}{len(out) + 1:04d}", "question": with_contract(text, name)})
    folder = HERE / which
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "questions.jsonl").write_text("".join(json.dumps(q) + "\n" for q in out), encoding="utf-8")
    (folder / "contracts.jsonl").write_text((SWEEP / "contracts.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def reading(which: str, show: bool) -> tuple[int, int]:
    from agents.meaning import clause_question, read_by_meaning, wants_meaning
    from agents.planner import load_spacy, parse_question
    from veridict.domain.clause_rules import CUAD_TO_TAG
    from veridict.embeddings import DEFAULT_MODEL, Embedder
    from veridict.settings import Settings

    nlp, embedder = load_spacy(Settings().spacy_model), Embedder(DEFAULT_MODEL)
    right: Counter = Counter()
    asked: Counter = Counter()
    for category, question in read_rows(which):
        want = CUAD_TO_TAG[category]
        plan = clause_question(parse_question(question, nlp))
        if wants_meaning(plan):  # as the answer graph's plan step reads it
            plan, _, _ = read_by_meaning(plan, embedder)
        got = plan.clause_types[0] if plan.clause_types else None
        ok = got == want or (got is None and plan.qualifier == {"cap_on_liability": "liability_cap"}.get(want, want))
        asked[category] += 1
        right[category] += ok
        if show and not ok:
            print(f"  {want:32s} read as {got or plan.intent}: {question}")
    for category in asked:
        print(f"{right[category]}/{asked[category]}  {category}")
    total = sum(right.values()), sum(asked.values())
    print(f"{which}: {total[0]} of {total[1]} questions read as their category")
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--set", choices=("study", "study2", "study3", "study4", "heldout"), default="study")
    ap.add_argument("--reading", action="store_true", help="how the planner reads the questions (no store needed)")
    ap.add_argument("--write", action="store_true", help="write the eval set over the clause sweep's contracts")
    ap.add_argument("--show", action="store_true", help="print the misread questions (study set only)")
    args = ap.parse_args(argv)
    if args.show and args.set == "heldout":
        ap.error("the held-out set's misses are not read")
    if args.write and args.set in ("study3", "study4"):
        ap.error(f"{args.set} is a reading test only")
    if args.write:
        print(write_set(args.set))
    if args.reading or not args.write:
        reading(args.set, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

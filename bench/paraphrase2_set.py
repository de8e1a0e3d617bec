"""Build the second everyday-wording question set (bench/questions/paraphrase2), an independent
measure beside the first (bench/questions/paraphrase), which the planner has been tuned against.

Usage:
    python -m bench.paraphrase2_set [--data ../shared/data/cuad] [--out bench/questions/paraphrase2]

Same machinery, gold answers and format as ``bench.paraphrase_set`` (CUAD expert labels, spans
checked against the TXT and PDF), with its own seed, 20 train-half contracts (4 more asked about
as missing), wordings of its own (``bench.paraphrase2_templates``) and none of the first set's
contracts: the 40 of ``paraphrase/contracts.jsonl``, the 8 its questions ask about as missing,
and any contract sharing a party's short name with those. A rerun writes the same bytes; how the
set is made: ``bench/questions/paraphrase2/spec.txt``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase_set import DATA, SetConfig  # noqa: E402
from bench.paraphrase_set import main as build_set  # noqa: E402

OUT = ROOT / "bench" / "questions" / "paraphrase2"
FIRST_SET = ROOT / "bench" / "questions" / "paraphrase"
SEED = 1502
TARGETS = {
    "exact_value/governing_law": 9,
    "exact_value/agreement_date": 6,
    "exact_value/effective_date": 5,
    "exact_value/expiration_date": 6,
    "exact_value/renewal_term": 5,
    "exact_value/notice_period_to_terminate_renewal": 5,
    "exact_value/parties": 9,
    "exact_value/amount": 3,
    "clause_lookup/present": 20,
    "clause_lookup/absent": 14,
    "cross_doc/list": 6,
    "cross_doc/count": 3,
    "cross_doc/compare": 9,
    "unanswerable/false_premise": 6,
    "unanswerable/value_not_in_doc": 4,
    "unanswerable/document_not_in_corpus": 4,
}
COMPARE_MIX = {"signed_first": 2, "longer_notice": 2, "same_law": 2, "has_clause": 2, "ends_first": 1}


def first_set_ids(folder: Path, data: Path) -> frozenset[str]:
    """The first set's contracts and the contracts its questions ask about as missing."""
    rows = [json.loads(line) for line in (folder / "contracts.jsonl").read_text().splitlines() if line.strip()]
    by_file = {
        json.loads(line)["cuad_filename"]: json.loads(line)["doc_id"]
        for line in (data / "contracts.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    questions = [json.loads(line) for line in (folder / "questions.jsonl").read_text().splitlines() if line.strip()]
    outside = {by_file[q["outside_doc"]] for q in questions if q.get("outside_doc")}
    return frozenset({r["doc_id"] for r in rows} | outside | {d for q in questions for d in q["doc_ids"]})


def config(data: Path = DATA) -> SetConfig:
    return SetConfig(
        seed=SEED,
        n_contracts=20,
        n_outside=4,
        dated=False,
        notice_first=True,  # the pool left after the first set is small; dates are asked only where labelled
        exclude=first_set_ids(FIRST_SET, data),
        templates="bench.paraphrase2_templates",
        targets=TARGETS,
        compare_mix=COMPARE_MIX,
        prefix="pb",
    )


def main(argv: list[str] | None = None) -> int:
    return build_set(argv, out=OUT, make_config=config)


if __name__ == "__main__":
    raise SystemExit(main())

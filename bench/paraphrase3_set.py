"""Build the third everyday-wording question set (bench/questions/paraphrase3), an independent
measure beside the first two (bench/questions/paraphrase, bench/questions/paraphrase2).

Usage:
    python -m bench.paraphrase3_set [--data ../shared/data/cuad] [--out bench/questions/paraphrase3]

Same machinery, gold answers and format as ``bench.paraphrase_set`` (CUAD expert labels, spans
checked against the TXT and PDF) and the same mix as ``bench.paraphrase2_set``, with its own seed,
20 train-half contracts (4 more asked about as missing), wordings of its own
(``bench.paraphrase3_templates``) and none of the contracts of any earlier question set under
bench/questions (``EARLIER_SETS``: their contracts, their questions' documents, the contracts they
ask about as missing) nor any contract sharing a party's short name with those. A rerun writes the
same bytes; how the set is made: ``bench/questions/paraphrase3/spec.txt``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase2_set import COMPARE_MIX, TARGETS, first_set_ids  # noqa: E402
from bench.paraphrase_set import DATA, SetConfig  # noqa: E402
from bench.paraphrase_set import main as build_set  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions"
OUT = QUESTIONS / "paraphrase3"
# every question set under bench/questions made before this one (a fixed list, so that a set added
# later does not change this one); each folder holds contracts.jsonl and questions.jsonl
EARLIER_SETS = (
    "paraphrase",
    "paraphrase2",
    "clause_lists",
    "clause_sweep",
    "clause_sweep_dev",
    "cross_doc_sweep",
    "everyday_clauses/heldout",
    "everyday_clauses/study",
    "everyday_clauses/study2",
    "everyday_compare",
    "everyday_compare2",
    "everyday_facts",
    "everyday_mixed",
    "everyday_premise",
    "everyday_third",
    "fact_sweep",
    "venue",
)
SEED = 3307
MAX_PAGES = 100  # the pool left after the earlier sets is small; 50 leaves 19 usable contracts


def earlier_ids(data: Path) -> frozenset[str]:
    """Every contract an earlier set touches (``bench.paraphrase2_set.first_set_ids`` of each)."""
    out: set[str] = set()
    for name in EARLIER_SETS:
        out |= first_set_ids(QUESTIONS / name, data)
    return frozenset(out)


def config(data: Path = DATA) -> SetConfig:
    return SetConfig(
        seed=SEED,
        n_contracts=20,
        n_outside=4,
        max_pages=MAX_PAGES,
        dated=False,
        notice_first=True,  # as the second set: few contracts with a renewal notice are left
        exclude=earlier_ids(data),
        templates="bench.paraphrase3_templates",
        targets=TARGETS,
        compare_mix=COMPARE_MIX,
        prefix="pc",
    )


def main(argv: list[str] | None = None) -> int:
    return build_set(argv, out=OUT, make_config=config)


if __name__ == "__main__":
    raise SystemExit(main())

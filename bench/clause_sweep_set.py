"""Every clause question over the studied contracts: present-clause recall and absent-clause precision by type.

Usage:
    python -m bench.clause_sweep_set [--data ../shared/data/cuad] [--out bench/questions/clause_sweep]
    veridict eval --questions bench/questions/clause_sweep/questions.jsonl --tenant T --keep

The studied set (``bench/questions/paraphrase``) asks about 45 present and 30 absent clauses, too few to say
which clause types are refused or falsely found. This set asks, in the dev set's template wording, about every
pair of one of its 40 contracts (train half, kept out of the clause model's and the quote check's training) and
one of the 24 clause categories the question writers use: ``clause_lookup/present`` where the experts quoted
the clause (evidence pages checked against the PDF), ``clause_lookup/absent`` where they labelled it missing.
It is a study set, like its parent: misses may be read. Gold comes from the CUAD labels only; a rerun writes
the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import paraphrase_templates as T  # noqa: E402
from bench.paraphrase_questions import QuestionWriter  # noqa: E402
from bench.paraphrase_set import (  # noqa: E402
    DATA,
    Cuad,
    Deal,
    PdfPages,
    SetConfig,
    checked_spans,
    dumps,
    evidence_rows,
    select_deals,
)

OUT = ROOT / "bench" / "questions" / "clause_sweep"


def studied_deals(data: Path) -> tuple[list[Deal], Callable[[Deal, str], list[dict]]]:
    """The studied set's 40 contracts, and the checked evidence rows of a contract's labelled spans of a category."""
    config = SetConfig()
    cuad = Cuad.load(data)
    deals, _ = select_deals(cuad, config.seed, config.n_contracts, config.n_outside, config.exclude,
                            config.max_pages, config.dated, config.notice_first)
    pdf = PdfPages()

    def spans_of(deal: Deal, category: str) -> list[dict]:
        return evidence_rows(deal, checked_spans(deal, deal.spans(category), pdf, cuad.root))

    return deals, spans_of


def build(data: Path = DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): the studied set's contracts, each asked about every clause category."""
    deals, spans_of = studied_deals(data)
    return [d.contract_row() for d in deals], sweep_questions(deals, spans_of, "s")


def sweep_questions(deals: list[Deal], spans_of: Callable[[Deal, str], list[dict]], prefix: str) -> list[dict]:
    """Each contract asked, in the dev template, about every clause category it is labelled for: present where
    the experts quoted it (with the checked evidence rows), absent where they labelled it missing."""
    questions: list[dict] = []
    for d in deals:
        for c in T.CLAUSE:
            twin = T.TEMPLATE_STYLE["clause"].format(full=d.full_title, category=c.lower())
            if d.has(c):
                spans = spans_of(d, c)
                if not spans:
                    continue
                row = QuestionWriter.row("clause_lookup/present", twin, "answer_with_citation", "Yes", [d], spans,
                                         f'"{c}" quotes non-empty (CUAD expert label)', "dev template", twin,
                                         category=c)
            elif d.lacks(c):
                row = QuestionWriter.row("clause_lookup/absent", twin, "say_not_found", "No", [d], [],
                                         f'"{c}" quotes empty and {c}-Answer=No (CUAD labels all 41 categories)',
                                         "dev template", twin, category=c)
            else:
                continue
            del row["_twin"]
            questions.append(row)
    for i, q in enumerate(questions, 1):
        q["qid"] = f"{prefix}{i:04d}"
    return questions


def sweep_cli(doc: str, out: Path, make: Callable[[Path], tuple[list[dict], list[dict]]],
              kind: Callable[[dict], str], argv: list[str] | None) -> int:
    """The command line of a sweep set: read CUAD from ``--data``, write its contracts and questions to ``--out``."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=out)
    args = ap.parse_args(argv)
    if not (args.data / "annotations.jsonl").is_file():
        print(f"CUAD data not found at {args.data}", file=sys.stderr)
        return 2
    contracts, questions = make(args.data)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "contracts.jsonl").write_text(dumps(contracts), encoding="utf-8")
    (args.out / "questions.jsonl").write_text(dumps(questions), encoding="utf-8")
    counts = Counter(kind(q) for q in questions)
    print(f"{len(contracts)} contracts, {len(questions)} questions: {dict(sorted(counts.items()))}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

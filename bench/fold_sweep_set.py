"""A clause sweep over 40 train-half contracts that no question set has touched: a fresh study fold.

Usage:
    python -m bench.fold_sweep_set [--data ../shared/data/cuad] [--out bench/questions/fold_sweep]
    python -m bench.train_clause_model --hold-out bench/questions/fold_sweep/contracts.jsonl \
        --out /tmp/fold/clause_model.npz
    (a checkout with that model file in ingest/models, then)
    veridict eval --questions bench/questions/fold_sweep/questions.jsonl --tenant T --keep

Every rule in the clause lookup was read off the clause sweep's 40 contracts (``bench.clause_sweep_set``) and the
dev set, so their figures flatter it: on val, whose contracts nobody studied, present clauses are found far less
often. This set asks the same template questions (every clause category, present where the experts quoted it,
absent where they labelled it missing) about 40 other train-half contracts, chosen in a seeded order from those
that no set under bench/questions touches (their contracts, the documents their questions name, the contracts they
ask about as missing). It is train half, so its misses may be read; to keep it unseen by the clause model as well,
train a study model without it (``--hold-out``, above) and answer with that one. A rerun writes the same bytes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.clause_sweep_set import sweep_cli, sweep_questions  # noqa: E402
from bench.paraphrase2_set import first_set_ids  # noqa: E402
from bench.paraphrase_set import DATA, Cuad, Deal, PdfPages, checked_spans, evidence_rows, seeded_order  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions"
OUT = QUESTIONS / "fold_sweep"
SEED = 4409
N_CONTRACTS = 40
MAX_PAGES = 40  # ingest time; most contracts are shorter
# every set that names contracts, made before this one (a fixed list, so that a later set does not change this one)
EARLIER_SETS = (
    "paraphrase", "paraphrase2", "paraphrase3", "clause_lists", "clause_sweep", "clause_sweep_dev",
    "cross_doc_sweep", "everyday_clauses/heldout", "everyday_clauses/study", "everyday_clauses/study2",
    "everyday_compare", "everyday_compare2", "everyday_facts", "everyday_mixed", "everyday_premise",
    "everyday_third", "fact_sweep", "venue",
)


def fold_deals(data: Path, seed: int = SEED, earlier: tuple[str, ...] = EARLIER_SETS, max_pages: int = MAX_PAGES
               ) -> tuple[list[Deal], Callable[[Deal, str], list[dict]]]:
    """Up to 40 train-half contracts of at most ``max_pages`` that none of the ``earlier`` sets touches, in the order
    ``seed`` gives, and the checked evidence rows of a category's spans."""
    cuad = Cuad.load(data)
    taken: set[str] = set()
    for name in earlier:
        taken |= first_set_ids(QUESTIONS / name, data)
    pool = [d for d in (cuad.deal(i) for i in cuad.train_ids() if i not in taken) if d is not None]
    pool = [d for d in pool if 0 < int(d.row.get("n_pages") or 0) <= max_pages]
    pool.sort(key=lambda d: seeded_order(d.doc_id, seed))
    pdf = PdfPages()

    def spans_of(deal: Deal, category: str) -> list[dict]:
        return evidence_rows(deal, checked_spans(deal, deal.spans(category), pdf, cuad.root))

    return pool[:N_CONTRACTS], spans_of


def build(data: Path = DATA) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions): each fold contract asked about every clause category it is labelled for."""
    deals, spans_of = fold_deals(data)
    return [d.contract_row() for d in deals], sweep_questions(deals, spans_of, "f")


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

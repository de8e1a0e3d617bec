"""Cross-document questions over the studied contracts, many of each kind: where lists and comparisons fail.

Usage:
    python -m bench.cross_doc_sweep_set [--data ../shared/data/cuad] [--out bench/questions/cross_doc_sweep]
    veridict eval --questions bench/questions/cross_doc_sweep/questions.jsonl --tenant T --keep

The studied set (``bench/questions/paraphrase``) holds 34 cross-document questions, too few to say which
kind of list or comparison fails and why. This set asks, in the dev set's template wording, over the same 40
contracts (train half): every governing-law and clause list whose group holds 2 to 10 of the contracts, the
renewal count, and up to 40 comparisons of each kind (signed first, longer notice, same law, which has the
clause), each contract in at most three comparisons of a kind. Gold comes from the CUAD labels only, through
the studied set's own gold rules; a rerun writes the same bytes. It is a study set: misses may be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import paraphrase_templates as T  # noqa: E402
from bench.clause_sweep_set import studied_deals, sweep_cli  # noqa: E402
from bench.paraphrase_questions import QuestionWriter  # noqa: E402
from bench.paraphrase_set import DATA, SetConfig  # noqa: E402

OUT = ROOT / "bench" / "questions" / "cross_doc_sweep"
COMPARE_KINDS = ("signed_first", "longer_notice", "same_law", "has_clause")
PER_KIND = 40
PER_DOC = 3
GROUP_SIZES = (2, 10)


def build(data: Path = DATA, group_sizes: tuple[int, int] = GROUP_SIZES,
          compare_kinds: tuple[str, ...] = COMPARE_KINDS) -> tuple[list[dict], list[dict]]:
    """(contract rows, questions) over the studied set's contracts: lists whose group holds ``group_sizes``
    contracts, comparisons of ``compare_kinds``."""
    deals, spans_of = studied_deals(data)
    writer = QuestionWriter(deals, [], spans_of, SetConfig().seed + 1, prefix="x")
    questions: list[dict] = []
    groups = writer.groups()
    for key in sorted(groups):
        docs = groups[key]
        if key[0] == "renewal":
            text = T.TEMPLATE_STYLE["count_renewal"]
            questions.append(writer.row("cross_doc/count", text, "answer_list_with_citations", len(docs), docs,
                                        writer.group_evidence(key, docs), "count of contracts with Renewal Term quotes",
                                        "dev template", text))
            continue
        if not group_sizes[0] <= len(docs) <= group_sizes[1]:
            continue
        text = T.TEMPLATE_STYLE[f"list_{key[0]}"].format(law=key[1], category=key[1].lower())
        how = f"Governing Law-Answer == {key[1]}" if key[0] == "law" else f'"{key[1]}" quotes non-empty'
        questions.append(writer.row("cross_doc/list", text, "answer_list_with_citations", [d.doc_id for d in docs],
                                    docs, writer.group_evidence(key, docs), f"all contracts of the set with {how}",
                                    "dev template", text, titles=[d.full_title for d in docs]))
    pairs = [(a, b) for i, a in enumerate(deals) for b in deals[i + 1 :]]
    for how in compare_kinds:
        items = [it for it in (writer._compare_gold(how, a, b) for a, b in pairs) if it]
        group = (lambda it: it[2].startswith("Yes")) if how == "same_law" else (lambda it: it[3])
        for a, b, gold, category, derivation, evidence in writer.pick(
            items, PER_KIND, lambda it: [it[0].doc_id, it[1].doc_id], group, per_doc=PER_DOC
        ):
            if writer.rng.random() < 0.5:
                a, b = b, a
            text = T.TEMPLATE_STYLE[how].format(full1=a.full_title, full2=b.full_title, category=category.lower())
            titles = [d.full_title for d in (a, b) if d.doc_id == gold] or None
            questions.append(writer.row("cross_doc/compare", text, "answer_with_citation", gold, [a, b], evidence,
                                        derivation, "dev template", text, titles=titles, compare=how))
    for i, q in enumerate(questions, 1):
        del q["_twin"]
        q["qid"] = f"x{i:04d}"
    return [d.contract_row() for d in deals], questions


def main(argv: list[str] | None = None) -> int:
    return sweep_cli(__doc__ or "", OUT, build, lambda q: q.get("compare") or q["qtype"], argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""Build the everyday-wording ("paraphrase") question set from the CUAD expert labels.

Usage:
    python -m bench.paraphrase_set [--data ../shared/data/cuad] [--out bench/questions/paraphrase]

Writes ``contracts.jsonl`` and ``questions.jsonl`` (the format of ``cuad/dev``, read by
``veridict eval --questions bench/questions/paraphrase/questions.jsonl``). Everything is derived from
``contracts.jsonl`` and ``annotations.jsonl`` of CUAD and a fixed seed, so a rerun writes the same
bytes. How the set is made: ``bench/questions/paraphrase/spec.txt``.

Contracts come from the train half only: labelled CUAD contracts outside ``dev/`` whose
``md5(doc_id)`` is even (``bench.fact_agreement`` splits them the same way; ``val/`` lies in the
odd half). Gold answers and evidence are the expert labels, never Veridict's output; every evidence
span is checked against the contract's TXT (offsets) and PDF (pages) before it is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.paraphrase_names import (  # noqa: E402
    ROLE_WORDS,
    clean_title,
    deal_kind,
    fold,
    label_parties,
    short_name,
)

DATA = ROOT.parent / "shared" / "data" / "cuad"
OUT = ROOT / "bench" / "questions" / "paraphrase"
SEED = 15
N_CONTRACTS = 40
N_OUTSIDE = 8  # CUAD contracts asked about but left out of the library
MAX_PAGES = 50
# amendments, schedules, forms and filings are not the deals a user asks about by name
NOT_A_DEAL = re.compile(r"amendment|schedule|form of|statement of work|filing|addendum|order form", re.I)


@dataclass
class Deal:
    """One CUAD contract as the question writer sees it."""

    doc_id: str
    row: dict
    labels: dict[str, dict]
    title: str
    kind: str
    parties: list[str]
    shorts: list[str]
    text: str = field(repr=False, default="")

    def label(self, category: str) -> dict:
        return self.labels.get(category) or {}

    def answer(self, category: str) -> str:
        return (self.label(category).get("answer") or "").strip()

    def spans(self, category: str) -> list[dict]:
        return list(self.label(category).get("spans") or [])

    def has(self, category: str) -> bool:
        return bool(self.label(category).get("has_clause")) and bool(self.spans(category))

    def lacks(self, category: str) -> bool:
        return lacks_clause(self.label(category))

    @property
    def full_title(self) -> str:
        return f"{self.title} between {self.parties[0]} and {self.parties[1]}"

    def contract_row(self) -> dict:
        keys = ["doc_id", "cuad_filename", "txt_path", "pdf_path", "cuad_part", "contract_type", "title"]
        out = {k: self.row.get(k) for k in keys}
        out.update(
            n_chars=self.row.get("n_chars", 0),
            n_pages=self.row.get("n_pages", 0),
            title_clean=self.title,
            parties_clean=list(self.parties),
            short_names=list(self.shorts),
            deal_kind=self.kind,
        )
        return out


def lacks_clause(label: dict) -> bool:
    """A CUAD label (one category of one contract; CUAD labels every category for every contract) that marks the
    clause absent: no quote and the answer 'No'."""
    return bool(label) and not label.get("has_clause") and not label.get("spans") and \
        (label.get("answer") or "").strip() == "No"


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def md5_half(doc_id: str) -> int:
    """0 = train (may be studied), 1 = held out; as ``bench.fact_agreement._half``."""
    return int(hashlib.md5(doc_id.encode()).hexdigest(), 16) % 2


def seeded_order(key: str, seed: int = SEED) -> str:
    return hashlib.sha1(f"{seed}:{key}".encode()).hexdigest()


@dataclass
class Cuad:
    contracts: dict[str, dict]
    labels: dict[str, dict[str, dict]]
    dev: list[str]
    val: list[str]
    root: Path

    @classmethod
    def load(cls, root: Path) -> Cuad:
        labels: dict[str, dict[str, dict]] = defaultdict(dict)
        for a in read_jsonl(root / "annotations.jsonl"):
            labels[a["doc_id"]][a["category"]] = a
        return cls(
            contracts={c["doc_id"]: c for c in read_jsonl(root / "contracts.jsonl")},
            labels=dict(labels),
            dev=[c["doc_id"] for c in read_jsonl(root / "dev" / "contracts.jsonl")],
            val=[c["doc_id"] for c in read_jsonl(root / "val" / "contracts.jsonl")],
            root=root,
        )

    def train_ids(self) -> list[str]:
        rest = sorted(set(self.labels) - set(self.dev))
        return [d for d in rest if md5_half(d) == 0 and d in self.contracts and d not in self.val]

    def deal(self, doc_id: str) -> Deal | None:
        """The contract with two named parties and a short name for each, else None."""
        labels = self.labels.get(doc_id, {})
        parties = label_parties((labels.get("Parties") or {}).get("answer", ""))
        if len(parties) != 2:
            return None
        shorts = [short_name(name, terms) for name, terms in parties]
        if any(s is None for s in shorts):
            return None
        row = self.contracts[doc_id]
        title = clean_title((labels.get("Document Name") or {}).get("answer", "")) or clean_title(row["title"])
        text = (self.root / row["txt_path"]).read_text(encoding="utf-8", errors="replace")
        return Deal(
            doc_id=doc_id,
            row=row,
            labels=labels,
            title=title,
            kind=deal_kind(title, row.get("contract_type")),
            parties=[name for name, _ in parties],
            shorts=[s for s in shorts if s],
            text=text,
        )

    def names_of(self, doc_ids: list[str]) -> set[str]:
        """Folded short names of these contracts' parties (siblings of tuned contracts share one)."""
        out = set()
        for d in doc_ids:
            for name, terms in label_parties((self.labels.get(d, {}).get("Parties") or {}).get("answer", "")):
                s = short_name(name, terms)
                if s:
                    out.add(fold(s))
        return out


def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text, re.I) is not None


def usable(deal: Deal, tuned_names: set[str], max_pages: int = MAX_PAGES, dated: bool = True) -> bool:
    """A contract a user would ask about by name, with facts the questions need (``dated``: a full
    agreement date is labelled)."""
    a, b = (fold(s) for s in deal.shorts)
    return (
        a != b
        and a not in fold(deal.parties[1])
        and b not in fold(deal.parties[0])
        and not NOT_A_DEAL.search(deal.title)
        and bool(deal.answer("Governing Law"))
        and (not dated or re.fullmatch(r"\d{1,2}/\d{1,2}/\d{4}", deal.answer("Agreement Date")) is not None)
        and 0 < int(deal.row.get("n_pages") or 0) <= max_pages
        and all(mentions(deal.text, s) for s in deal.shorts)
        and not ({a, b} & tuned_names)
        and not any(blank_party(s) for s in deal.shorts)
    )


def blank_party(short: str) -> bool:
    """'Franchisee', 'sales agent': a form's party named by its role, left blank for a name."""
    return fold(short) in ROLE_WORDS or (short == short.lower() and short.split()[-1] in ROLE_WORDS)


def clashes(deal: Deal, chosen: list[Deal]) -> bool:
    """A short name of ``deal`` names a party of a chosen contract (or the other way round)."""
    for other in chosen:
        for s in deal.shorts:
            if any(fold(s) in fold(p) for p in other.parties):
                return True
        for s in other.shorts:
            if any(fold(s) in fold(p) for p in deal.parties):
                return True
    return False


def select_deals(
    cuad: Cuad,
    seed: int = SEED,
    n_contracts: int = N_CONTRACTS,
    n_outside: int = N_OUTSIDE,
    exclude: frozenset[str] = frozenset(),
    max_pages: int = MAX_PAGES,
    dated: bool = True,
    notice_first: bool = False,
) -> tuple[list[Deal], list[Deal]]:
    """40 train contracts, round-robin over kinds of deal in a seeded order (those with a labelled
    renewal notice first), no two sharing a party's short name; then 8 more, never named in the
    40's text, to ask about as missing. ``exclude``: contracts already used elsewhere (an earlier
    set); they are left out with the contracts that share a party's short name with them.
    ``max_pages`` / ``dated``: see ``usable``. ``notice_first``: every contract with a labelled
    renewal notice is taken before the round-robin (a small pool has too few otherwise)."""
    tuned = cuad.names_of(cuad.dev + cuad.val + sorted(exclude))
    ids = [i for i in cuad.train_ids() if i not in exclude]
    pool = [d for d in (cuad.deal(i) for i in ids) if d is not None and usable(d, tuned, max_pages, dated)]
    # in a seeded order; contracts with a labelled renewal notice first, so that renewal questions
    # have enough of them (a random 40 has about 8)
    pool.sort(key=lambda d: (not d.spans("Notice Period to Terminate Renewal"), seeded_order(d.doc_id, seed)))
    by_kind: dict[str, list[Deal]] = defaultdict(list)
    for d in pool:
        by_kind[d.kind].append(d)
    kinds = sorted(by_kind, key=lambda k: seeded_order(k, seed))
    chosen: list[Deal] = []
    if notice_first:
        for d in pool:
            if d.spans("Notice Period to Terminate Renewal") and not clashes(d, chosen):
                chosen.append(d)
        chosen = chosen[:n_contracts]
    first = {d.doc_id for d in chosen}
    depth = 0
    while len(chosen) < n_contracts and any(depth < len(v) for v in by_kind.values()):
        for k in kinds:
            if depth < len(by_kind[k]) and len(chosen) < n_contracts:
                d = by_kind[k][depth]
                if d.doc_id not in first and not clashes(d, chosen):
                    chosen.append(d)
        depth += 1
    chosen.sort(key=lambda d: d.doc_id)
    outside: list[Deal] = []
    taken = {d.doc_id for d in chosen}
    for d in sorted(pool, key=lambda d: seeded_order(d.doc_id, seed)):
        if d.doc_id in taken or clashes(d, chosen + outside):
            continue
        if any(mentions(c.text, s) for c in chosen for s in d.shorts):
            continue
        outside.append(d)
        if len(outside) == n_outside:
            break
    return chosen, outside


# ----------------------------------------------------------------------------- evidence checks


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]{2,}", text.lower())


class PdfPages:
    """Text of each PDF page (1-based), read once per contract with pypdfium2."""

    def __init__(self) -> None:
        self._cache: dict[Path, list[str]] = {}

    def pages(self, path: Path) -> list[str]:
        if path not in self._cache:
            import pypdfium2 as pdfium

            pdf = pdfium.PdfDocument(str(path))
            try:
                self._cache[path] = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
            finally:
                pdf.close()
        return self._cache[path]


def span_found(span: dict, txt: str, pages: list[str]) -> bool:
    """The quote sits at its offsets in the TXT and on its pages of the PDF: the whole quote when
    short, else 80 % of its words on those pages (line breaks and running heads interrupt it)."""
    text = span.get("text") or ""
    if not text or txt[span["start"] : span["end"]] != text:
        return False
    first, last = span.get("page_start"), span.get("page_end")
    if not first or not last or first < 1 or last > len(pages) or first > last:
        return False
    on_pages = "\n".join(pages[first - 1 : last])
    if _squash(text) in _squash(on_pages):
        return True
    words = _tokens(text)
    if len(words) < 6:
        return False
    page_words = set(_tokens(on_pages))
    return sum(w in page_words for w in words) / len(words) >= 0.8


def evidence_rows(deal: Deal, spans: list[dict]) -> list[dict]:
    return [
        {
            "doc_id": deal.doc_id,
            "start": s["start"],
            "end": s["end"],
            "page_start": s["page_start"],
            "page_end": s["page_end"],
            "section_hint": s.get("section_hint"),
            "text": s["text"],
        }
        for s in spans
    ]


def checked_spans(deal: Deal, spans: list[dict], pdf: PdfPages, root: Path) -> list[dict]:
    pages = pdf.pages(root / deal.row["pdf_path"])
    return [s for s in spans if span_found(s, deal.text, pages)]


# ----------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class SetConfig:
    """What makes one paraphrase set: the seed, sizes, contracts to leave out, wordings, mix."""

    seed: int = SEED
    n_contracts: int = N_CONTRACTS
    n_outside: int = N_OUTSIDE
    exclude: frozenset[str] = frozenset()
    max_pages: int = MAX_PAGES
    dated: bool = True
    notice_first: bool = False
    templates: str = "bench.paraphrase_templates"
    targets: dict[str, int] | None = None
    compare_mix: dict[str, int] | None = None
    prefix: str = "p"


def build(data: Path = DATA, config: SetConfig | None = None) -> tuple[list[dict], list[dict], list[dict], list[Deal]]:
    """(contract rows, question rows, the same questions in the dev set's wording, outside contracts)."""
    import importlib

    from bench.paraphrase_questions import QuestionWriter

    config = config or SetConfig()
    cuad = Cuad.load(data)
    deals, outside = select_deals(
        cuad,
        config.seed,
        config.n_contracts,
        config.n_outside,
        config.exclude,
        config.max_pages,
        config.dated,
        config.notice_first,
    )
    pdf = PdfPages()

    def spans_of(deal: Deal, category: str) -> list[dict]:
        return evidence_rows(deal, checked_spans(deal, deal.spans(category), pdf, cuad.root))

    questions = QuestionWriter(
        deals,
        outside,
        spans_of,
        config.seed,
        templates=importlib.import_module(config.templates),
        targets=config.targets,
        compare_mix=config.compare_mix,
        prefix=config.prefix,
    ).all_questions()
    templated = [{**q, "question": q["_twin"], "wording": "dev template"} for q in questions]
    for q in questions + templated:
        del q["_twin"]
    return [d.contract_row() for d in deals], questions, templated, outside


def dumps(rows: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


FILES = ("contracts.jsonl", "questions.jsonl", "template_questions.jsonl")


def write(out: Path, contracts: list[dict], questions: list[dict], templated: list[dict]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in zip(FILES, (contracts, questions, templated), strict=True):
        (out / name).write_text(dumps(rows), encoding="utf-8")


def main(argv: list[str] | None = None, out: Path = OUT,
         make_config: Callable[[Path], SetConfig] | None = None) -> int:
    """Build a set and write it under ``--out``; ``make_config`` gives another set's recipe from the data folder."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA, help="the CUAD folder (contracts.jsonl, annotations.jsonl)")
    ap.add_argument("--out", type=Path, default=out)
    args = ap.parse_args(argv)
    if not (args.data / "annotations.jsonl").is_file():
        print(f"CUAD data not found at {args.data}", file=sys.stderr)
        return 2
    config = make_config(args.data) if make_config is not None else None
    contracts, questions, templated, outside = build(args.data, config)
    write(args.out, contracts, questions, templated)
    counts: dict[str, int] = defaultdict(int)
    for q in questions:
        counts[q["qtype"]] += 1
    print(f"{len(contracts)} contracts, {len(questions)} questions -> {args.out}")
    for qtype in sorted(counts):
        print(f"  {qtype:45s} {counts[qtype]:4d}")
    if config is not None:
        print(f"  in the set: {', '.join(c['doc_id'] for c in contracts)}")
    print(f"  asked about but not in the library: {', '.join(d.doc_id for d in outside)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

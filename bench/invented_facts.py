"""Fact extraction on contract openings invented for the purpose, outside CUAD: how the rules do on wordings nobody
tuned them for.

Usage:
    python -m bench.invented_facts [--set NAME ...] [--show-misses]

Data: ``bench/questions/invented_facts/<name>.jsonl``, written for this project (2026-12-01) by helpers who were
told how contracts of many countries and kinds are drafted and asked for invented names only; they did not see the
extractor, its code or CUAD. Each line is an opening (title, preamble, a few clauses) and what it states:

- ``terms*``: ``{"id", "text", "expect": {field: value}}`` for agreement_date, effective_date, expiration_date (ISO
  date or "perpetual"), renewal_term and notice_period (a duration such as "12 months", or "perpetual"); ``null``
  says the field must not be found (a renewal only by mutual agreement, a notice to terminate for convenience);
- ``parties*``: ``{"id", "text", "parties": [full names as written]}``;
- ``law*``: ``{"id", "text", "governing_law": [accepted jurisdictions]}``, an empty list where the excerpt chooses
  no law (a venue, an arbitration seat or a place of incorporation only).

Which sets were studied (2026-12-01): ``terms1``, ``parties1`` (read and fixed from); ``terms2``, ``parties2``,
``terms4``, ``parties4`` (each measured once on the code of its day before it was read, then fixed from); ``terms3``,
``parties3``: held out, measured only (no miss of them has been read). ``law1`` (2026-12-02, contract excerpts
with a choice of law placed and worded in many ways) was measured once and then studied; ``law2`` (boilerplate
endings, some with PDF-conversion noise) is held out, measured only.

Scoring, per field: the prediction and the agreement are ``bench.fact_agreement``'s (the best fact at or above
``ASSERT_THRESHOLD``, for the notice period a non-renewal notice; dates equal, the expiration's second figure allowing
a day either way, as a term from the first of a month is read to end the day before; durations by their length in
days within 2 %); a ``null`` field agrees when nothing is found. Parties agree when the folded names of the extracted
parties are exactly the expected ones. A governing law agrees when the best fact's jurisdiction is one of the
accepted ones (each read with ``canonical_jurisdiction``, as the CUAD answers are), or none is expected and none found.

Size: reading the sets, extracting and the table, in one script run from the command line.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fact_agreement import Gold, agree, gold_days, prediction  # noqa: E402
from ingest.clause_types import sections_from_parsed  # noqa: E402
from ingest.facts import extract_facts  # noqa: E402
from ingest.text_document import parsed_from_text  # noqa: E402
from veridict.domain.names import fold_name  # noqa: E402
from veridict.domain.values.jurisdictions import canonical_jurisdiction  # noqa: E402
from veridict.types import Fact  # noqa: E402

SETS = ROOT / "bench" / "questions" / "invented_facts"
FIELDS = ("agreement_date", "effective_date", "expiration_date", "renewal_term", "notice_period")


def facts_of(text: str) -> list[Fact]:
    parsed = parsed_from_text(text, "invented.txt", "Invented")
    return extract_facts(parsed, sections_from_parsed(parsed, "bench", "invented"), "bench", "invented")


def expected(field: str, want: str | None) -> Gold:
    """An expectation as ``bench.fact_agreement`` normalises a CUAD answer: a date, days, "perpetual" or none."""
    if want is None:
        return Gold(None)
    if field in ("renewal_term", "notice_period"):
        return Gold(gold_days(want))
    return Gold("perpetual" if want == "perpetual" else dt.date.fromisoformat(want))


def agrees(field: str, want: str | None, got: Fact | None, tolerant: bool = False) -> bool:
    """Agreement as ``bench.fact_agreement.agree`` counts it (a day either way only for the expiration date)."""
    return agree(field, expected(field, want), got, tolerant=tolerant)


def score_terms(rows: list[dict], show: bool) -> dict[str, list[int]]:
    """field -> [exact, tolerant, n]"""
    table = {f: [0, 0, 0] for f in FIELDS}
    for row in rows:
        facts = facts_of(row["text"])
        for field, want in row["expect"].items():
            got = prediction(field, facts)
            assert not isinstance(got, list)  # a list only for the parties
            exact, loose = agrees(field, want, got), agrees(field, want, got, tolerant=True)
            cell = table[field]
            cell[0], cell[1], cell[2] = cell[0] + exact, cell[1] + loose, cell[2] + 1
            if show and not exact:
                print(f"  MISS {row['id']} {field:16s} want={want} got={got.value_text if got else None}"
                      f" ({got.method if got else '-'})")
    return table


def score_parties(rows: list[dict], show: bool) -> tuple[int, int]:
    right = 0
    for row in rows:
        found = prediction("parties", facts_of(row["text"]))
        assert isinstance(found, list)
        got = [f.value_text for f in found]
        ok = {fold_name(n) for n in got} == {fold_name(n) for n in row["parties"]}
        right += ok
        if show and not ok:
            print(f"  MISS {row['id']} want={row['parties']} got={got}")
    return right, len(rows)


def score_law(rows: list[dict], show: bool) -> tuple[int, int, int, int]:
    """(right where a law is chosen, such rows, right where none is, such rows)"""
    table = [0, 0, 0, 0]
    for row in rows:
        got = prediction("governing_law", facts_of(row["text"]))
        assert not isinstance(got, list)
        want = {canonical_jurisdiction(w) or w for w in row["governing_law"]}
        ok = got is None if not want else got is not None and got.value_text in want
        at = 0 if want else 2
        table[at] += ok
        table[at + 1] += 1
        if show and not ok:
            print(f"  MISS {row['id']} want={sorted(want)} got={got.value_text if got else None}"
                  f" ({got.method if got else '-'})")
    return table[0], table[1], table[2], table[3]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", action="append", help="set name(s) (default: all under bench/questions/invented_facts)")
    ap.add_argument("--show-misses", action="store_true")
    args = ap.parse_args(argv)
    names = args.set or sorted(p.stem for p in SETS.glob("*.jsonl"))
    for name in names:
        rows = [json.loads(line) for line in (SETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
                if line.strip()]
        print(f"{name} ({len(rows)} openings)")
        if name.startswith("law"):
            chosen, n_chosen, none, n_none = score_law(rows, args.show_misses)
            print(f"  governing law right: {chosen}/{n_chosen} chosen, {none}/{n_none} where none is chosen")
            continue
        if name.startswith("parties"):
            right, n = score_parties(rows, args.show_misses)
            print(f"  parties exactly right: {right}/{n}")
            continue
        for field, (exact, loose, n) in score_terms(rows, args.show_misses).items():
            if n:
                print(f"  {field:16s} {exact:3d}/{n:<3d} (a day either way: {loose})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

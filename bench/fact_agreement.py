"""Agreement of rule-extracted facts with the CUAD expert labels.

Usage:
    .venv/bin/python -m bench.fact_agreement [--split dev|train|heldout|all] [--source txt|pdf]
        [--limit N] [--out bench/results/fact_agreement.json] [--show-misses]
        [--cache DIR]

--cache DIR keeps each parsed document as JSON under DIR (keyed by source and doc id), so
reruns while working on the rules only re-extract: PDF parsing is the slow part.

Splits: dev = the 40 contracts of cuad/dev; the other 430 labelled contracts are split in two
by a hash of their id: train (rules were studied on its misses) and heldout (never studied;
only its aggregate table is read).

Fields: governing_law, agreement_date, effective_date, expiration_date, renewal_term,
notice_period (to terminate renewal), parties.

Definition of agreement, per contract and field. A prediction is the highest-confidence
Fact of the attribute with confidence >= 0.5 (``ASSERT_THRESHOLD``); for notice_period only
facts with qualifier "non_renewal" count.

- Gold has a value: agree iff a prediction exists and equals the normalised gold value.
  dates: the same ISO date ("m/d/yyyy" -> ISO). expiration_date: the same date or both
  "perpetual"; a second, tolerant figure also accepts +-1 day (CUAD labels differ on
  whether the last day is inclusive); gold years 1930-1949 are read as 2030-2049 (a
  two-digit-year pivot in the source spreadsheet; no contract expires before it was made).
  governing_law: the gold answer is split on ";" and
  each part mapped with ``canonical_jurisdiction`` (all US states / provinces in a part are
  kept, else its country); agree iff the prediction is one of them. renewal_term and
  notice_period: the first duration of the gold answer in days (year = 365, month = 30)
  equals the prediction's days within 2 % (so "12 months" = "1 year"), or both "perpetual".
  parties: gold parties are the ";"-separated pieces of the Parties answer, each cut before
  its first "(" or quote, dropping pieces that only combine defined short names or role
  words ("X and Y", "Subcontractor and Manufacturer", "each a Party"), sentences ("... shall
  be referred to as"), and pieces that only list other pieces' names; a leading "(" is ignored
  and a name may start in lower case when its first word is a brand ("iPayment", "theglobe.com");
  agree iff every gold party is matched by a predicted party (folded names
  equal ignoring spaces, a string similarity >= 0.9 for typos in the hand-typed answers, or
  one's tokens start the other's) and every predicted party matches a gold one.
  The table also shows party recall alone.
  expiration_date stated as an event ("until completion of the Research Program", value
  without a date) is no prediction: it agrees with a gold answer that gives no date and
  not with "perpetual" (CUAD labels such terms both ways, more often with no answer).
- Gold has no value (no clause, or a clause with no normalisable answer, or a redacted
  "[]" answer): agree iff there is no prediction.

Gold answers that are present but cannot be normalised (for example a renewal term given
as dates) are counted as "unscorable" and left out of that field's rate.

Size: loading the CUAD labels, matching each field to the extracted facts and the report, in one
script that is run from the command line.
"""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import hashlib
import json
import os
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ingest.clause_types import sections_from_parsed  # noqa: E402
from ingest.facts import ASSERT_THRESHOLD, extract_facts, top_fact  # noqa: E402
from ingest.model import ParsedDocument  # noqa: E402
from ingest.parties import ROLE_WORDS  # noqa: E402
from ingest.registry import fold_name  # noqa: E402
from ingest.text_document import parsed_from_text  # noqa: E402
from veridict.domain.names import NOT_A_NAME_START  # noqa: E402
from veridict.domain.values import find_jurisdictions, parse_duration  # noqa: E402
from veridict.types import Fact  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "cuad"
FIELDS = [
    "governing_law",
    "agreement_date",
    "effective_date",
    "expiration_date",
    "renewal_term",
    "notice_period",
    "parties",
]
CATEGORY = {
    "governing_law": "Governing Law",
    "agreement_date": "Agreement Date",
    "effective_date": "Effective Date",
    "expiration_date": "Expiration Date",
    "renewal_term": "Renewal Term",
    "notice_period": "Notice Period to Terminate Renewal",
    "parties": "Parties",
}


# ----------------------------------------------------------------------------- gold


def gold_date(answer: str) -> dt.date | None:
    m = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*", answer or "")
    if not m:
        return None
    try:
        return dt.date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    except ValueError:
        return None


def gold_jurisdictions(answer: str) -> set[str]:
    out: set[str] = set()
    for part in re.split(r";", answer or ""):
        js = find_jurisdictions(part)
        states = {j.value for j in js if j.level == "state"}
        out |= states or {j.value for j in js}
    return out


def gold_days(answer: str) -> float | str | None:
    a = (answer or "").strip().lower()
    if not a or "[" in a:
        return None
    if a.startswith("perpetual"):
        return "perpetual"
    d = parse_duration(a)
    return d.days if d else None


_PARTY_FILLER = {
    "and",
    "the",
    "each",
    "party",
    "parties",
    "a",
    "an",
    "as",
    "collectively",
    "individually",
    "together",
    "with",
    "their",
    "respective",
    "of",
    "them",
    "both",
    "all",
    "or",
    "referred",
    "to",
    "herein",
    "hereinafter",
    "its",
}


def _lower_case_name(piece: str) -> bool:
    """'deep systems': a whole name in lower case, not words about parties ('collectively as the Parties', 'the
    seller', 'sales agent')."""
    words = piece.split()
    return (1 <= len(words) <= 4 and all(re.fullmatch(r"[a-z][\w&.\-]*", w) for w in words)
            and words[0] not in NOT_A_NAME_START | {"individually", "collectively", "together", "jointly"}
            and not any(w in ROLE_WORDS or w in ("party", "parties") for w in words))


def gold_parties(answer: str) -> list[str]:
    """Party names from a CUAD Parties answer (see the module docstring)."""
    shorts = {s.strip().lower() for s in re.findall(r"[\"“]([^\"“”();]{1,60})[\"”]", answer or "")}
    shorts |= ROLE_WORDS
    out: list[str] = []
    for piece in re.split(r";", answer or ""):
        piece = piece.strip().lstrip("(")  # "(Greater Delaware Valley Holdings ("PA MHC")"
        name = re.split(
            r"[(\"“”]|\s(?:formerly|f/k/a|d/b/a|doing business as)\s", piece, maxsplit=1
        )[0].strip(" ,.;:")
        # names may start in lower case when their first word is a brand: "iPayment, Inc.",
        # "theglobe.com, inc.", "e.l.f. Beauty, Inc.", "i3 Integrative Creative Solutions, LLC", "i-on interactive Inc."
        if not name or not (
            re.match(r"[A-Z0-9\[]|[a-z]+[A-Z]|[a-z]+(?:\.[a-z]+)+|[a-z]+(?:\d|-[a-z0-9])", name)
            or _lower_case_name(name)
        ):
            continue
        if re.search(r"(?i)\breferred\s+to\b|\bshall\b", name):
            continue  # "Transporter and Shipper shall collectively be referred to herein as the"
        words = re.findall(r"[\w&.'-]+", name.lower())
        # the short names this piece defines for itself do not make it a list of other parties
        # ('The Boxlot Company ("Boxlot")')
        own = {t.strip().lower() for t in re.findall(r"[\"“]([^\"“”();]{1,60})[\"”]", piece)}
        others = (shorts - own) | ROLE_WORDS
        rest = [w for w in words if w not in _PARTY_FILLER and w.strip(".,") not in others]
        # pieces made only of defined short names and filler ("HPIL ET and GINARES")
        if not rest or all(any(w in s.split() for s in others) for w in rest):
            continue
        if re.fullmatch(r"(?i)(?:each|both|all) .*", name):
            continue
        # "WYZZ, Inc. and WYZZ Licensee, Inc." names two parties
        pieces = re.split(
            r"(?:(?<=\.)|(?<=\bInc)|(?<=\bLLC)|(?<=\bLtd)|(?<=\bCorp))\s+and\s+(?=[A-Z])", name
        )
        out.extend(p.strip(" ,") for p in pieces if p.strip(" ,"))
    # a piece that only lists other pieces' names ("A Limited, B Limited, C, Inc.") is not a party
    keys = [fold_name(n) for n in out]
    return [
        n
        for n, k in zip(out, keys, strict=False)
        if sum(1 for k2 in keys if k2 and k2 != k and k2 in k) < 2
    ]


def party_match(a: str, b: str) -> bool:
    """Same party: folded names equal (spaces ignored), nearly equal (hand-typed gold answers
    have typos: ratio >= 0.9), or one name's tokens start the other's."""
    ka, kb = fold_name(a), fold_name(b)
    if not ka or not kb:
        return False
    if ka.replace(" ", "") == kb.replace(" ", ""):
        return True
    if difflib.SequenceMatcher(None, ka, kb).ratio() >= 0.9:
        return True
    ta, tb = ka.split(), kb.split()
    short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    return len(short) >= 1 and long_[: len(short)] == short and len(" ".join(short)) >= 4


@dataclass
class Gold:
    value: Any  # normalised value (a date, days, names, a jurisdiction, "perpetual"), None = no value
    scorable: bool = True
    raw: str = ""


def gold_for(field: str, ann: dict) -> Gold:
    answer = (ann.get("answer") or "").strip()
    if field == "parties":
        names = gold_parties(answer)
        return Gold(names or None, True, answer)
    if not answer or re.fullmatch(r"[\[\]\s/*]*", answer):
        return Gold(None, True, answer)
    if field in ("agreement_date", "effective_date"):
        d = gold_date(answer)
        return Gold(d, d is not None, answer)
    if field == "expiration_date":
        if answer.lower().startswith("perpetual"):
            return Gold("perpetual", True, answer)
        if "[" in answer:
            return Gold(None, True, answer)  # redacted
        d = gold_date(answer)
        if d is not None and 1930 <= d.year < 1950:
            # a spreadsheet's two-digit-year pivot turned 2030-2049 into 1930-1949 in some
            # answers; no CUAD contract (filed 1993-2020) expires before it was signed
            d = d.replace(year=d.year + 100)
        return Gold(d, d is not None, answer)
    if field == "governing_law":
        js = gold_jurisdictions(answer)
        return Gold(js or None, bool(js), answer)
    if field in ("renewal_term", "notice_period"):
        v = gold_days(answer)
        return Gold(v, v is not None, answer)
    raise ValueError(field)


# ----------------------------------------------------------------------------- predictions


def prediction(field: str, facts: list[Fact]) -> Fact | list[Fact] | None:
    t = ASSERT_THRESHOLD
    if field == "parties":
        return [f for f in facts if f.attribute == "party" and f.confidence >= t]
    if field == "notice_period":
        return top_fact(facts, "notice_period", qualifier="non_renewal", min_confidence=t)
    top = top_fact(facts, field, min_confidence=t)
    if field == "expiration_date" and top is not None and top.value_date is None and top.value_text != "perpetual":
        return None  # "until completion of the Research Program": an end stated as an event gives no date
    return top


def days_equal(a: float, b: float) -> bool:
    return abs(a - b) <= max(1.0, 0.02 * max(a, b))


def agree(field: str, gold: Gold, pred, tolerant: bool = False) -> bool:
    if field == "parties":
        preds = [p.value_text for p in pred]
        if gold.value is None:
            return not preds
        recall = all(any(party_match(g, p) for p in preds) for g in gold.value)
        precision = all(any(party_match(g, p) for g in gold.value) for p in preds)
        return recall and (precision or tolerant)
    if gold.value is None:
        return pred is None
    if pred is None:
        return False
    if field in ("agreement_date", "effective_date"):
        return pred.value_date == gold.value
    if field == "expiration_date":
        if gold.value == "perpetual":
            return pred.value_text == "perpetual"
        if pred.value_date is None:
            return False
        diff = abs((pred.value_date - gold.value).days)
        return diff == 0 or (tolerant and diff <= 1)
    if field == "governing_law":
        return pred.value_text in gold.value
    if field in ("renewal_term", "notice_period"):
        if gold.value == "perpetual":
            return pred.value_text == "perpetual"
        return pred.value_num is not None and days_equal(pred.value_num, float(gold.value))
    raise ValueError(field)


def show(pred) -> str:
    if pred is None:
        return "-"
    if isinstance(pred, list):
        return "; ".join(p.value_text for p in pred) or "-"
    return f"{pred.value_text} ({pred.confidence:.2f}, {pred.method})"


# ----------------------------------------------------------------------------- documents


def load_contracts(split: str) -> list[dict]:
    allc = {}
    with open(DATA / "contracts.jsonl") as fh:
        for line in fh:
            d = json.loads(line)
            allc[d["doc_id"]] = d
    dev = []
    with open(DATA / "dev" / "contracts.jsonl") as fh:
        for line in fh:
            dev.append(json.loads(line)["doc_id"])
    labelled = set()
    with open(DATA / "annotations.jsonl") as fh:
        for line in fh:
            labelled.add(json.loads(line)["doc_id"])
    rest = sorted(labelled - set(dev))
    if split == "dev":
        ids = dev
    elif split == "train":
        ids = [i for i in rest if _half(i) == 0]
    elif split == "heldout":
        ids = [i for i in rest if _half(i) == 1]
    else:
        ids = sorted(labelled)
    return [allc[i] for i in ids if i in allc]


def _half(doc_id: str) -> int:
    """A fixed split of the non-dev contracts: 0 = train (rules may be studied on it),
    1 = heldout (only its aggregate numbers are looked at)."""
    return int(hashlib.md5(doc_id.encode()).hexdigest(), 16) % 2


def load_annotations() -> dict[str, dict[str, dict]]:
    by: dict[str, dict[str, dict]] = defaultdict(dict)
    with open(DATA / "annotations.jsonl") as fh:
        for line in fh:
            a = json.loads(line)
            by[a["doc_id"]][a["category"]] = a
    return by


class _PdfParser:
    def __init__(self) -> None:
        from ingest.parse import Parser

        self.parser = Parser()

    def __call__(self, path: Path):
        return self.parser.parse(path)


def parse_contract(c: dict, source: str, pdf_parser=None, cache: Path | None = None):
    cached = cache / source / f"{c['doc_id']}.json" if cache else None
    if cached is not None and cached.exists():
        return ParsedDocument.model_validate_json(cached.read_text(encoding="utf-8"))
    if source == "pdf":
        parsed = pdf_parser(DATA / c["pdf_path"])
    else:
        text = (DATA / c["txt_path"]).read_text(encoding="utf-8", errors="replace")
        parsed = parsed_from_text(text, c["txt_path"], c.get("title", ""))
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        tmp.write_text(parsed.model_dump_json(), encoding="utf-8")
        tmp.replace(cached)
    return parsed


# ----------------------------------------------------------------------------- run


def run(
    split: str, source: str, limit: int | None, show_misses: bool, cache: Path | None = None
) -> dict:
    contracts = load_contracts(split)[: limit or None]
    anns = load_annotations()
    pdf_parser = _PdfParser() if source == "pdf" else None
    counts: dict[str, defaultdict[str, int]] = {f: defaultdict(int) for f in FIELDS}
    misses: list[dict] = []
    failures: list[dict] = []
    t0 = time.perf_counter()
    extract_s = 0.0
    for c in contracts:
        try:
            parsed = parse_contract(c, source, pdf_parser, cache)
        except Exception as exc:  # a parse failure counts against every field
            failures.append({"doc_id": c["doc_id"], "error": f"{type(exc).__name__}: {exc}"})
            for f in FIELDS:
                counts[f]["n"] += 1
                counts[f]["parse_failed"] += 1
            continue
        t1 = time.perf_counter()
        sections = sections_from_parsed(parsed, "bench", c["doc_id"], tag=False)
        facts = extract_facts(parsed, sections, "bench", c["doc_id"])
        extract_s += time.perf_counter() - t1
        for f in FIELDS:
            gold = gold_for(f, anns[c["doc_id"]][CATEGORY[f]])
            cnt = counts[f]
            if not gold.scorable:
                cnt["unscorable"] += 1
                continue
            pred = prediction(f, facts)
            ok = agree(f, gold, pred)
            ok_tol = agree(f, gold, pred, tolerant=True)
            cnt["n"] += 1
            cnt["agree"] += ok
            cnt["agree_tolerant"] += ok_tol
            key = "gold" if gold.value is not None else "nogold"
            cnt[f"n_{key}"] += 1
            cnt[f"agree_{key}"] += ok
            if not ok:
                misses.append(
                    {
                        "doc_id": c["doc_id"],
                        "field": f,
                        "gold": gold.raw,
                        "gold_norm": str(gold.value),
                        "pred": show(pred),
                        "quote": (pred.quote[:200] if isinstance(pred, Fact) else None),
                    }
                )
    elapsed = time.perf_counter() - t0
    table = {}
    for f in FIELDS:
        cnt = counts[f]
        n = cnt["n"] or 1
        table[f] = {
            "n": cnt["n"],
            "agree": cnt["agree"],
            "rate": round(cnt["agree"] / n, 4),
            "rate_tolerant": round(cnt["agree_tolerant"] / n, 4),
            "n_gold": cnt["n_gold"],
            "agree_gold": cnt["agree_gold"],
            "n_nogold": cnt["n_nogold"],
            "agree_nogold": cnt["agree_nogold"],
            "unscorable": cnt["unscorable"],
            "parse_failed": cnt["parse_failed"],
        }
    result = {
        "split": split,
        "source": source,
        "contracts": len(contracts),
        "threshold": ASSERT_THRESHOLD,
        "seconds": round(elapsed, 1),
        "extract_seconds": round(extract_s, 1),
        "fields": table,
        "parse_failures": failures,
        "misses": misses,
        "definition": __doc__.split("Definition of agreement", 1)[1].strip() if __doc__ else "",
    }
    if show_misses:
        for m in misses:
            print(
                f"  MISS {m['doc_id']} {m['field']:<16} gold={m['gold'][:60]!r} "
                f"norm={m['gold_norm'][:40]} pred={m['pred'][:90]}"
            )
    return result


def print_table(result: dict) -> None:
    print(
        f"\nFact agreement — split={result['split']} source={result['source']} "
        f"contracts={result['contracts']} ({result['seconds']} s)"
    )
    head = f"{'field':<16}{'agree':>8}{'n':>5}{'rate':>8}{'tol.':>8}{'gold':>10}{'no gold':>10}{'unsc.':>7}"
    print(head)
    print("-" * len(head))
    for f, r in result["fields"].items():
        print(
            f"{f:<16}{r['agree']:>8}{r['n']:>5}{r['rate']:>8.1%}{r['rate_tolerant']:>8.1%}"
            f"{r['agree_gold']:>5}/{r['n_gold']:<4}{r['agree_nogold']:>5}/{r['n_nogold']:<4}"
            f"{r['unscorable']:>5}"
        )
    print("tol. = expiration +-1 day; parties = recall only")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=["dev", "train", "heldout", "all"], default="dev")
    ap.add_argument("--source", choices=["txt", "pdf"], default="txt")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "fact_agreement.json"))
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--cache", default=None, help="keep parsed documents under this folder")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if not (DATA / "annotations.jsonl").exists():
        print(f"CUAD data not found under {DATA}", file=sys.stderr)
        return 2
    cache = Path(args.cache) if args.cache else None
    result = run(args.split, args.source, args.limit, args.show_misses, cache)
    print_table(result)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    existing = {}
    if out.exists():
        try:
            existing = json.loads(out.read_text())
        except json.JSONDecodeError:
            existing = {}
    existing[f"{result['split']}/{result['source']}"] = result
    out.write_text(json.dumps(existing, indent=2, default=str))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

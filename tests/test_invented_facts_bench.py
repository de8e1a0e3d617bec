"""The invented-openings bench (bench/invented_facts.py): its sets are well formed, its scoring reads values as the
rules state them, and the rules keep what they read on the studied sets (a floor per field, the figures of
2026-12-01: a rule change that loses one of these wordings fails here, not only on the bench)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from bench.invented_facts import FIELDS, SETS, agrees, score_law, score_parties, score_terms
from veridict.domain.values.jurisdictions import canonical_jurisdiction
from veridict.types import Fact

STUDIED_FLOORS = {
    "terms1": {"effective_date": 38, "expiration_date": 33, "renewal_term": 34, "notice_period": 27},
    "terms2": {"effective_date": 42, "expiration_date": 33, "renewal_term": 45, "notice_period": 31},
    "terms4": {"effective_date": 31, "expiration_date": 21},
}
PARTY_FLOORS = {"parties1": 30, "parties2": 33, "parties4": 29}
LAW_FLOORS = {"law1": (76, 11)}  # 2026-12-02: (right where a law is chosen, right where none is)


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (SETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def test_sets_are_well_formed():
    names = sorted(p.stem for p in SETS.glob("*.jsonl"))
    assert names == ["law1", "law2", "parties1", "parties2", "parties3", "parties4", "terms1", "terms2", "terms3",
                     "terms4"]
    for name in names:
        seen = set()
        for row in rows(name):
            assert row["id"] not in seen and row["text"].strip()
            seen.add(row["id"])
            if name.startswith("parties"):
                assert row["parties"] and all(" ".join(p.split()) in " ".join(row["text"].split())
                                              for p in row["parties"])
            elif name.startswith("law"):
                assert all(canonical_jurisdiction(w) for w in row["governing_law"]), row["id"]
            else:
                assert set(row["expect"]) <= set(FIELDS)


def _fact(value: str, date: dt.date | None = None, days: float | None = None) -> Fact:
    return Fact(tenant="t", document_id="d", attribute="renewal_term" if days else "expiration_date",
                value_text=value, value_date=date, value_num=days, page=1, char_start=0, char_end=1,
                quote=value, confidence=0.9, method="test")


def test_scoring():
    end = _fact("2020-03-01", dt.date(2020, 3, 1))
    assert agrees("expiration_date", "2020-03-01", end)
    assert not agrees("expiration_date", "2020-03-02", end)
    assert agrees("expiration_date", "2020-03-02", end, tolerant=True)
    assert agrees("expiration_date", None, None) and not agrees("expiration_date", None, end)
    assert agrees("renewal_term", "12 months", _fact("1 year", days=365.0))  # 360 vs 365 days: within 2 %
    assert not agrees("renewal_term", "6 months", _fact("1 year", days=365.0))


@pytest.mark.parametrize("name", sorted(STUDIED_FLOORS))
def test_studied_term_wordings_stay_read(name):
    table = score_terms(rows(name), show=False)
    for field, floor in STUDIED_FLOORS[name].items():
        assert table[field][0] >= floor, (name, field, table[field])


@pytest.mark.parametrize("name", sorted(PARTY_FLOORS))
def test_studied_party_blocks_stay_read(name):
    right, _ = score_parties(rows(name), show=False)
    assert right >= PARTY_FLOORS[name]


@pytest.mark.parametrize("name", sorted(LAW_FLOORS))
def test_studied_choices_of_law_stay_read(name):
    chosen, _, none, _ = score_law(rows(name), show=False)
    assert chosen >= LAW_FLOORS[name][0] and none >= LAW_FLOORS[name][1]

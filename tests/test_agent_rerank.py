"""Weighted reciprocal-rank fusion arithmetic and the rescoring that follows it."""

from __future__ import annotations

import pytest

from tools.base import HitMeta, ToolResult
from tools.rerank import CHANNEL_WEIGHTS, RRF_K, fuse, rerank, rrf, term_overlap
from veridict.types import Citation, Evidence, Fact


def ev(i: str, text: str, store="vectors", fact=None) -> Evidence:
    c = Citation(document_id="d", document_title="Doc", version=1, page=1, quote=text, store=store)
    return Evidence(id=i, store=store, text=text, citation=c, fact=fact)


def result(tool: str, items: list[Evidence], types: dict[str, list[str]] | None = None) -> ToolResult:
    r = ToolResult(tool=tool)
    for e in items:
        r.add(e, HitMeta(document_id="d", channel=tool, clause_types=(types or {}).get(e.id, [])))
    return r


def test_rrf_formula():
    scores = rrf({"vectors": ["a", "b"], "lexical": ["b", "c"]}, weights={"vectors": 1.0, "lexical": 2.0}, k=60)
    assert scores["a"] == pytest.approx(1 / 61)
    assert scores["b"] == pytest.approx(1 / 62 + 2 / 61)
    assert scores["c"] == pytest.approx(2 / 62)
    assert max(scores, key=scores.get) == "b"


def test_fuse_merges_channels_and_keeps_ranks():
    a, b, c = ev("a", "alpha"), ev("b", "beta"), ev("c", "gamma", store="lexical")
    items, meta, scores = fuse([result("vectors", [a, b]), result("lexical", [ev("b", "beta", "lexical"), c])])
    assert [e.id for e in items][0] == "b"  # found by both channels
    assert meta["b"].ranks == {"vectors": 2, "lexical": 1}
    w_v, w_l = CHANNEL_WEIGHTS["vectors"], CHANNEL_WEIGHTS["lexical"]
    assert scores["b"] == pytest.approx(w_v / (RRF_K + 2) + w_l / (RRF_K + 1))
    assert len(items) == 3


def test_facts_outrank_text_at_equal_rank():
    f = Fact(tenant="t", document_id="d", attribute="amount", value_text="1", page=1, char_start=0, char_end=1,
             quote="1", method="test")
    items, _, scores = fuse([result("vectors", [ev("v", "text")]), result("facts", [ev("f", "fact", "facts", f)])])
    assert scores["f"] > scores["v"]
    assert items[0].id == "f"


def test_rescoring_prefers_term_overlap_and_clause_type():
    a = ev("a", "The weather is nice today.")
    b = ev("b", "Either party may terminate this agreement for convenience on 30 days notice.")
    items, meta, scores = fuse([result("vectors", [a, b], {"b": ["termination_for_convenience"]})])
    ranked = rerank("Can the agreement be terminated for convenience?", items, meta, scores,
                    clause_types=["termination_for_convenience"])
    assert [e.id for e in ranked] == ["b", "a"]
    assert ranked[0].score > ranked[1].score


def test_term_overlap():
    assert term_overlap(["governing", "law"], "governed by the law of Texas") == 1.0
    assert term_overlap(["penalty"], "no match here") == 0.0
    assert term_overlap([], "x") == 0.0

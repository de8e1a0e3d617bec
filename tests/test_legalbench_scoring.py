"""LegalBench-RAG character-span precision/recall on hand-made spans, and the benchmark files."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.legalbench import (
    BenchTest,
    CorpusOffsets,
    SpanMapper,
    corpus_file,
    load_benchmark,
    mini_sample,
    run_benchmark,
    span_precision,
    span_recall,
)

LB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "legalbench-rag"


def test_exact_hit_is_perfect():
    gold = [("a.txt", 100, 200)]
    assert span_precision([("a.txt", 100, 200)], gold) == 1.0
    assert span_recall([("a.txt", 100, 200)], gold) == 1.0


def test_partial_overlap():
    gold = [("a.txt", 100, 200)]
    got = [("a.txt", 150, 350)]  # 50 of 200 retrieved chars are gold; 50 of 100 gold chars found
    assert span_precision(got, gold) == pytest.approx(50 / 200)
    assert span_recall(got, gold) == pytest.approx(50 / 100)


def test_other_file_never_overlaps():
    gold = [("a.txt", 0, 100)]
    got = [("b.txt", 0, 100)]
    assert span_precision(got, gold) == 0.0
    assert span_recall(got, gold) == 0.0


def test_multiple_gold_spans_and_snippets():
    gold = [("a.txt", 0, 100), ("a.txt", 500, 600), ("b.txt", 0, 50)]
    got = [("a.txt", 50, 550), ("b.txt", 40, 140)]
    # overlaps: (50..100)=50 + (500..550)=50 + (40..50)=10 -> 110
    assert span_recall(got, gold) == pytest.approx(110 / 250)
    assert span_precision(got, gold) == pytest.approx(110 / 600)


def test_nothing_retrieved_scores_zero():
    assert span_precision([], [("a.txt", 0, 10)]) == 0.0
    assert span_recall([], [("a.txt", 0, 10)]) == 0.0


def test_overlapping_snippets_are_summed_per_pair_as_upstream():
    gold = [("a.txt", 0, 100)]
    got = [("a.txt", 0, 100), ("a.txt", 50, 100)]  # gold chars 50..100 counted twice
    assert span_recall(got, gold) == pytest.approx(150 / 100)
    assert span_precision(got, gold) == pytest.approx(150 / 150)


def test_k_cutoff_uses_first_k_snippets():
    tests = [BenchTest("q1", (("a.txt", 0, 100),)), BenchTest("q2", (("b.txt", 0, 100),))]
    ranked = {
        "q1": [("x.txt", 0, 100), ("a.txt", 0, 100), ("y.txt", 0, 100)],
        "q2": [("b.txt", 0, 50), ("b.txt", 50, 100), ("z.txt", 0, 100)],
    }
    calls = []

    def retrieve(query, k):
        calls.append(k)
        return ranked[query][:k]

    res = run_benchmark(tests, retrieve, ks=(1, 2, 4))
    assert calls == [4, 4]  # called once per query with the largest k
    # k=1: q1 P=0 R=0 ; q2 P=1 R=0.5
    assert res.precision[1] == pytest.approx(0.5)
    assert res.recall[1] == pytest.approx(0.25)
    # k=2: q1 P=100/200 R=1 ; q2 P=1 R=1
    assert res.precision[2] == pytest.approx(0.75)
    assert res.recall[2] == pytest.approx(1.0)
    # k=4 (3 returned): q1 P=100/300 ; q2 P=100/200
    assert res.precision[4] == pytest.approx((1 / 3 + 1 / 2) / 2)
    assert res.recall[4] == pytest.approx(1.0)


def test_mini_sample_is_deterministic_and_grouped_by_document():
    tests = [BenchTest(f"q{i}", ((f"doc{i % 7}.txt", 0, 10),)) for i in range(50)]
    a, b = mini_sample(tests, 20), mini_sample(list(reversed(tests)), 20)
    assert len(a) == 20
    assert {t.snippets[0][0] for t in a} == {t.snippets[0][0] for t in b}
    docs = [t.snippets[0][0] for t in a]
    # documents come in runs: once a document's run ends it does not come back
    runs = [d for i, d in enumerate(docs) if i == 0 or docs[i - 1] != d]
    assert len(runs) == len(set(runs))


def test_span_mapper_maps_through_whitespace_changes():
    raw = "Clause 1.\n\n   The  Receiving Party\tshall keep it.\n"
    extracted = "Clause 1.\nThe Receiving Party shall keep it."
    m = SpanMapper(extracted, raw)
    s = extracted.index("Receiving")
    e = s + len("Receiving Party")
    rs, re_ = m.to_raw(s, e)
    assert raw[rs:re_] == "Receiving Party"
    with pytest.raises(ValueError):
        SpanMapper("different text", raw)


@pytest.mark.skipif(
    not (LB / "benchmarks").is_dir(), reason=f"LegalBench-RAG data not found at {LB}"
)
def test_real_benchmark_files_load_and_gold_scores_perfect():
    for name, n in (("privacy_qa", 194), ("contractnli", 977)):
        tests = load_benchmark(LB / "benchmarks" / f"{name}.json")
        assert len(tests) == n
        for t in tests[:20]:
            text = corpus_file(LB / "corpus", t.snippets[0][0]).read_text(encoding="utf-8")
            assert all(0 <= s < e <= len(text) for f, s, e in t.snippets if f == t.snippets[0][0])
        for t in tests[:30]:
            res = run_benchmark([t], lambda q, k, gold=t.snippets: list(gold))
            assert res.precision[64] == pytest.approx(1.0)
            assert res.recall[64] == pytest.approx(1.0)


def test_corpus_offsets_map_channel_hits_to_benchmark_spans(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "privacy_qa").mkdir(parents=True)
    raw = "We collect data.\n\n\nWe   share it with partners.\n"
    (corpus / "privacy_qa" / "App_ Notes.txt").write_text(raw)  # stored name for "App: Notes.txt"
    extracted = "We collect data.\n\nWe share it with partners."
    offsets = CorpusOffsets(corpus, ["privacy_qa/App: Notes.txt"], lambda path: extracted)
    s = extracted.index("share")
    fp, a, b = offsets.span("/uploads/App_ Notes.txt", s, s + len("share it"))
    assert fp == "privacy_qa/App: Notes.txt" and raw[a:b] == "share it"

"""LegalBench-RAG retrieval benchmark: character-span precision and recall at k.

Definition (as the benchmark's own ``QAResult.precision`` / ``.recall`` in
zeroentropy-ai/legalbenchrag ``legalbenchrag/run_benchmark.py``; re-implemented here):

- for one query, with retrieved snippets R (file, [start, end)) and gold snippets G:
  overlap = sum over every pair (r, g) in the same file of
            max(0, min(r.end, g.end) - max(r.start, g.start))
  precision = overlap / sum(len(r))      (0 when nothing is retrieved)
  recall    = overlap / sum(len(g))      (0 when there is no gold text)
  Pairs are summed as they come: snippets are not merged, so overlapping retrieved snippets count
  their shared gold characters twice (the upstream code assumes snippets do not overlap).
- a benchmark's figure is the unweighted mean over its queries; "at k" uses the first k snippets
  the retriever returns (the retriever is called once with the largest k).
- LegalBench-RAG-mini: 194 queries per dataset chosen as upstream ``benchmark.py`` does
  (sort by ``random.seed(file_path of the first gold snippet); random.random()``, take 194).

The retriever is any ``retrieve(query, k) -> list[(file_path, start, end)]`` with ``file_path``
relative to the corpus folder (as in the benchmark files) and offsets into that file's text.
``SpanMapper`` maps offsets from a parser's extracted text back to the raw file.

Run: ``python -m bench.legalbench --retriever naive --datasets privacy_qa --mini``
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

KS: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
MINI_SIZE = 194
# Pipitone & Alami 2024 (arXiv 2408.10343), text-embedding-3-large, 500-char recursive chunks,
# no reranker, as quoted in the data README (not re-checked against the paper's tables).
PUBLISHED = {
    "contractnli": {"P@1": 0.066, "R@64": 0.617},
    "privacy_qa": {"P@1": 0.144, "R@64": 0.842},
}

Span = tuple[str, int, int]  # (file_path, start, end)
Retrieve = Callable[[str, int], Sequence[Span]]


@dataclass(frozen=True)
class BenchTest:
    query: str
    snippets: tuple[Span, ...]
    dataset: str = ""


def load_benchmark(path: str | Path) -> list[BenchTest]:
    path = Path(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for t in data["tests"]:
        spans = tuple((s["file_path"], int(s["span"][0]), int(s["span"][1])) for s in t["snippets"])
        out.append(BenchTest(query=t["query"], snippets=spans, dataset=path.stem))
    return out


def mini_sample(tests: Sequence[BenchTest], n: int = MINI_SIZE) -> list[BenchTest]:
    """The LegalBench-RAG-mini selection: grouped by document in a seeded random order."""
    if n >= len(tests):
        return list(tests)

    def key(t: BenchTest) -> float:
        random.seed(t.snippets[0][0])
        return random.random()

    state = random.getstate()
    try:
        return sorted(tests, key=key)[:n]
    finally:
        random.setstate(state)


def _overlap(a: Span, b: Span) -> int:
    if a[0] != b[0]:
        return 0
    return max(0, min(a[2], b[2]) - max(a[1], b[1]))


def span_precision(retrieved: Sequence[Span], gold: Sequence[Span]) -> float:
    total = sum(r[2] - r[1] for r in retrieved)
    if total <= 0:
        return 0.0
    return sum(_overlap(r, g) for r in retrieved for g in gold) / total


def span_recall(retrieved: Sequence[Span], gold: Sequence[Span]) -> float:
    total = sum(g[2] - g[1] for g in gold)
    if total <= 0:
        return 0.0
    return sum(_overlap(r, g) for g in gold for r in retrieved) / total


@dataclass
class DatasetResult:
    dataset: str
    n: int
    precision: dict[int, float] = field(default_factory=dict)  # k -> mean precision
    recall: dict[int, float] = field(default_factory=dict)
    seconds: float = 0.0
    per_query: list[dict] = field(default_factory=list)


def run_benchmark(
    tests: Sequence[BenchTest], retrieve: Retrieve, ks: Sequence[int] = KS, dataset: str = ""
) -> DatasetResult:
    """Call ``retrieve(query, max(ks))`` once per query; score its first k snippets for each k."""
    ks = sorted(set(ks))
    kmax = ks[-1]
    p_sum = {k: 0.0 for k in ks}
    r_sum = {k: 0.0 for k in ks}
    per_query = []
    t0 = time.perf_counter()
    for t in tests:
        got = [(str(f), int(s), int(e)) for f, s, e in retrieve(t.query, kmax)][:kmax]
        row: dict[str, str | float] = {"query": t.query}
        for k in ks:
            p, r = span_precision(got[:k], t.snippets), span_recall(got[:k], t.snippets)
            p_sum[k] += p
            r_sum[k] += r
            row[f"P@{k}"], row[f"R@{k}"] = p, r
        per_query.append(row)
    n = len(tests)
    return DatasetResult(
        dataset=dataset or (tests[0].dataset if tests else ""),
        n=n,
        precision={k: p_sum[k] / n if n else 0.0 for k in ks},
        recall={k: r_sum[k] / n if n else 0.0 for k in ks},
        seconds=time.perf_counter() - t0,
        per_query=per_query,
    )


def format_results(results: Sequence[DatasetResult], label: str = "") -> str:
    """A Markdown table per dataset, with the published baseline beside P@1 and R@64."""
    lines = []
    for res in results:
        pub = PUBLISHED.get(res.dataset, {})
        lines += [
            f"### {res.dataset} ({res.n} queries{', ' + label if label else ''}, {res.seconds:.1f} s)",
            "",
            "| k | precision | recall | published |",
            "|---:|---:|---:|---|",
        ]
        for k in sorted(res.precision):
            note = []
            if k == 1 and "P@1" in pub:
                note.append(f"P@1 {100 * pub['P@1']:.1f} %")
            if k == 64 and "R@64" in pub:
                note.append(f"R@64 {100 * pub['R@64']:.1f} %")
            lines.append(
                f"| {k} | {100 * res.precision[k]:.1f} % | {100 * res.recall[k]:.1f} % | {', '.join(note)} |"
            )
        lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------------- offsets


class SpanMapper:
    """Maps offsets in a parser's text to offsets in the raw file when the two differ only in
    whitespace (collapsed runs, stripped lines, changed line breaks)."""

    def __init__(self, extracted: str, raw: str) -> None:
        self._ext = [i for i, ch in enumerate(extracted) if not ch.isspace()]
        self._raw = [i for i, ch in enumerate(raw) if not ch.isspace()]
        ext_chars = "".join(extracted[i] for i in self._ext)
        raw_chars = "".join(raw[i] for i in self._raw)
        if ext_chars != raw_chars:
            raise ValueError("texts differ beyond whitespace; offsets cannot be mapped exactly")
        self._raw_len = len(raw)

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """Raw [start, end) covering the non-space characters of extracted [start, end)."""
        a = bisect.bisect_left(self._ext, start)
        b = bisect.bisect_left(self._ext, end)
        if a >= b:  # only whitespace inside
            pos = self._raw[a] if a < len(self._raw) else self._raw_len
            return pos, pos
        return self._raw[a], self._raw[b - 1] + 1


class CorpusOffsets:
    """Turns hits of our channels — (ingested source path, start, end) in the parser's text —
    into benchmark spans (corpus file_path, start, end) in the raw file.

    ``extracted_text(source_path)`` returns the text the offsets index (e.g. the stored document
    text); files whose extracted text equals the raw file map one to one.
    """

    def __init__(
        self, corpus_dir: Path, file_paths: Sequence[str], extracted_text: Callable[[str], str]
    ):
        self.corpus_dir = Path(corpus_dir).resolve()
        self._extracted_text = extracted_text
        self._by_name: dict[str, str] = {}
        for fp in file_paths:
            self._by_name[corpus_file(self.corpus_dir, fp).resolve().as_posix()] = fp
        self._mappers: dict[str, SpanMapper | None] = {}

    def file_path(self, source_path: str) -> str:
        resolved = Path(source_path).resolve().as_posix()
        if resolved in self._by_name:
            return self._by_name[resolved]
        tail = [
            fp for name, fp in self._by_name.items() if name.endswith("/" + Path(source_path).name)
        ]
        if len(tail) == 1:
            return tail[0]
        raise KeyError(f"{source_path} is not a file of this benchmark's corpus")

    def span(self, source_path: str, start: int, end: int) -> Span:
        fp = self.file_path(source_path)
        if fp not in self._mappers:
            raw = corpus_file(self.corpus_dir, fp).read_text(encoding="utf-8")
            text = self._extracted_text(source_path)
            self._mappers[fp] = None if text == raw else SpanMapper(text, raw)
        mapper = self._mappers[fp]
        return (fp, start, end) if mapper is None else (fp, *mapper.to_raw(start, end))


# --------------------------------------------------------------------------- a reference retriever


def corpus_file(corpus_dir: Path, file_path: str) -> Path:
    """The corpus file for a benchmark ``file_path``; names with characters some file systems
    refuse (':' in 'TickTick: To Do List...') are stored with '_' instead."""
    path = corpus_dir / file_path
    if path.exists():
        return path
    safe = corpus_dir / "".join("_" if ch in ':*?"<>|' else ch for ch in file_path)
    if safe.exists():
        return safe
    raise FileNotFoundError(f"corpus file for {file_path!r} not found under {corpus_dir}")


def naive_chunks(text: str, size: int = 500) -> list[tuple[int, int]]:
    """Fixed-size character chunks without overlap (the paper's naive strategy)."""
    return [(i, min(i + size, len(text))) for i in range(0, len(text), size)]


def naive_vector_retriever(
    corpus_dir: Path, files: Sequence[str], embedder, size: int = 500
) -> Retrieve:
    """Embed 500-character chunks of ``files`` with ``embedder`` (veridict.embeddings.Embedder);
    retrieve by cosine similarity. A sanity reference for the real channels, not our system."""
    import numpy as np

    spans: list[Span] = []
    texts: list[str] = []
    for f in files:
        text = corpus_file(corpus_dir, f).read_text(encoding="utf-8")
        for s, e in naive_chunks(text, size):
            if text[s:e].strip():
                spans.append((f, s, e))
                texts.append(text[s:e])
    matrix = embedder.embed_documents(texts)

    def retrieve(query: str, k: int) -> list[Span]:
        scores = matrix @ embedder.embed_query(query)
        top = np.argsort(-scores)[:k]
        return [spans[i] for i in top]

    return retrieve


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    default_root = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "legalbench-rag"
    ap.add_argument("--root", type=Path, default=default_root)
    ap.add_argument("--datasets", nargs="+", default=["contractnli", "privacy_qa"])
    ap.add_argument("--retriever", choices=["naive"], default="naive")
    ap.add_argument(
        "--mini", action="store_true", help="194 queries per dataset (LegalBench-RAG-mini)"
    )
    ap.add_argument("--limit", type=int, default=None, help="first N queries after sampling")
    ap.add_argument("--out", type=Path, default=None, help="write results JSON here")
    args = ap.parse_args(argv)
    if not (args.root / "benchmarks").is_dir():
        print(f"LegalBench-RAG data not found under {args.root}", file=sys.stderr)
        return 2
    from veridict.embeddings import Embedder

    embedder = Embedder()
    results = []
    for name in args.datasets:
        tests = load_benchmark(args.root / "benchmarks" / f"{name}.json")
        if args.mini:
            tests = mini_sample(tests)
        if args.limit:
            tests = tests[: args.limit]
        files = sorted({s[0] for t in tests for s in t.snippets})
        t0 = time.perf_counter()
        retrieve = naive_vector_retriever(args.root / "corpus", files, embedder)
        print(
            f"{name}: indexed {len(files)} files in {time.perf_counter() - t0:.1f} s",
            file=sys.stderr,
        )
        results.append(run_benchmark(tests, retrieve, dataset=name))
    print(format_results(results, label=f"naive 500-char chunks, {embedder.model_name}"))
    if args.out:
        args.out.write_text(
            json.dumps(
                [
                    {
                        "dataset": r.dataset,
                        "n": r.n,
                        "precision": r.precision,
                        "recall": r.recall,
                        "seconds": r.seconds,
                    }
                    for r in results
                ],
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

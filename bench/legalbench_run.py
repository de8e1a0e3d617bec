"""LegalBench-RAG through our real pipeline: ingest each dataset's corpus, retrieve by channel.

Each dataset's corpus is ingested with ``ingest.pipeline.Ingestor`` into a fresh tenant (one
tenant per dataset: the corpora are not pooled). Channels, each asked for 64 chunks:
  vector   - stores.embedder.embed_query + stores.vectors.search
  lexical  - stores.pg.lexical_search(match="any")
  fused    - weighted reciprocal-rank fusion of the two (tools.rerank.rrf, k=60)
By default only the files the (sampled) queries cite are ingested, as upstream does;
--all-corpus ingests the whole folder. A chunk's span in our parsed text is mapped back to the raw corpus file
with CorpusOffsets.

Run with a throwaway data dir, and stop its servers afterwards:
  export VERIDICT_DATA_DIR=$(mktemp -d)
  .venv/bin/python -m bench.legalbench_run --datasets privacy_qa,contractnli --mini
  .venv/bin/veridict stop
"""

from __future__ import annotations

import argparse
import bisect
import difflib
import json
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

from bench.legalbench import (
    KS,
    PUBLISHED,
    CorpusOffsets,
    DatasetResult,
    Span,
    SpanMapper,
    corpus_file,
    load_benchmark,
    mini_sample,
    run_benchmark,
)

CHANNELS = ("vector", "lexical", "fused")
KMAX = max(KS)


class _AlignedMapper:
    """Fallback when our parse changed more than whitespace: align the non-space characters of
    the two texts (difflib) and map through the matching blocks."""

    def __init__(self, extracted: str, raw: str) -> None:
        ext_idx = [i for i, ch in enumerate(extracted) if not ch.isspace()]
        raw_idx = [i for i, ch in enumerate(raw) if not ch.isspace()]
        a = "".join(extracted[i] for i in ext_idx)
        b = "".join(raw[i] for i in raw_idx)
        sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
        # piecewise map: ext non-space index -> raw non-space index
        self._a_starts: list[int] = []
        self._b_starts: list[int] = []
        for blk in sm.get_matching_blocks():
            if blk.size:
                self._a_starts.append(blk.a)
                self._b_starts.append(blk.b)
        self._ext = ext_idx
        self._raw = raw_idx
        self._raw_len = len(raw)

    def _map(self, j: int) -> int:
        """Non-space index j in extracted -> nearest non-space index in raw."""
        i = bisect.bisect_right(self._a_starts, j) - 1
        if i < 0:
            return 0
        return self._b_starts[i] + (j - self._a_starts[i])

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        a = bisect.bisect_left(self._ext, start)
        b = bisect.bisect_left(self._ext, end)
        if a >= b or not self._raw:
            return (0, 0)
        ra = min(self._map(a), len(self._raw) - 1)
        rb = min(self._map(b - 1), len(self._raw) - 1)
        if rb < ra:
            return (self._raw[ra], self._raw[ra])
        return self._raw[ra], self._raw[rb] + 1


class _Offsets(CorpusOffsets):
    """CorpusOffsets with an alignment fallback; counts how many files needed it."""

    fallback_files: set[str]

    def span(self, source_path: str, start: int, end: int) -> Span:
        fp = self.file_path(source_path)
        if fp not in self._mappers:
            raw = corpus_file(self.corpus_dir, fp).read_text(encoding="utf-8")
            text = self._extracted_text(source_path)
            if text == raw:
                self._mappers[fp] = None
            else:
                try:
                    self._mappers[fp] = SpanMapper(text, raw)
                except ValueError:
                    self.fallback_files.add(fp)
                    self._mappers[fp] = _AlignedMapper(text, raw)  # type: ignore[assignment]
        mapper = self._mappers[fp]
        return (fp, start, end) if mapper is None else (fp, *mapper.to_raw(start, end))


def _ingest(stores, corpus: Path, files: list[str], tenant: str) -> dict:
    from ingest.pipeline import Ingestor

    paths = [corpus_file(corpus, f) for f in files]
    t0 = time.perf_counter()
    report = Ingestor(stores).ingest_files(paths, tenant)
    secs = time.perf_counter() - t0
    print(report.summary(), file=sys.stderr)
    t = report.totals()
    return {
        "files": len(paths),
        "seconds": round(secs, 1),
        "embed_seconds": round(report.embed_seconds, 1),
        "chunks": int(t["chunks"]),
        "ingested": int(t["ingested"]),
        "failed": [f"{f.path}: {f.message}" for f in report.failed],
    }


def make_channels(stores, tenant: str, offsets: _Offsets):
    """retrieve(query, k) functions per channel, sharing one call to each store per query."""
    from tools.rerank import rrf

    pg, vectors, embedder = stores.pg, stores.vectors, stores.embedder
    source_of: dict[str, str] = {}
    cache: dict[str, dict[str, list[tuple[str, Span]]]] = {}

    def source(document_id: str) -> str:
        if document_id not in source_of:
            doc = pg.get_document(tenant, document_id)
            source_of[document_id] = doc.source_path
        return source_of[document_id]

    def lists(query: str) -> dict[str, list[tuple[str, Span]]]:
        if query in cache:
            return cache[query]
        vec = embedder.embed_query(query)
        vhits = vectors.search(tenant, vec, k=KMAX)
        v = []
        for h in vhits:
            p = h.payload
            did = str(p["document_id"])
            v.append((h.chunk_id, offsets.span(source(did), int(p["char_start"]), int(p["char_end"]))))
        lx = []
        for chunk, doc, _score in pg.lexical_search(tenant, query, limit=KMAX, match="any"):
            source_of.setdefault(str(doc.id), doc.source_path)
            lx.append((str(chunk.id), offsets.span(doc.source_path, chunk.char_start, chunk.char_end)))
        by_id = dict(v) | dict(lx)
        scores = rrf({"vectors": [i for i, _ in v], "lexical": [i for i, _ in lx]})
        fused = [(i, by_id[i]) for i in sorted(scores, key=lambda i: -scores[i])][:KMAX]
        cache.clear()  # one query at a time: the three channels read the same entry
        cache[query] = {"vector": v, "lexical": lx, "fused": fused}
        return cache[query]

    def channel(name: str):
        def retrieve(query: str, k: int) -> list[Span]:
            return [s for _, s in lists(query)[name][:k]]

        return retrieve

    return {name: channel(name) for name in CHANNELS}


def format_table(dataset: str, n: int, results: dict[str, DatasetResult]) -> str:
    pub = PUBLISHED.get(dataset, {})
    head = " | ".join(f"{c} P | {c} R" for c in results)
    lines = [
        f"### {dataset} ({n} queries)",
        "",
        f"| k | {head} | published |",
        "|---:|" + "---:|" * (2 * len(results)) + "---|",
    ]
    for k in KS:
        cells = " | ".join(
            f"{100 * r.precision[k]:.1f} % | {100 * r.recall[k]:.1f} %" for r in results.values()
        )
        note = []
        if k == 1 and "P@1" in pub:
            note.append(f"P@1 {100 * pub['P@1']:.1f} %")
        if k == 64 and "R@64" in pub:
            note.append(f"R@64 {100 * pub['R@64']:.1f} %")
        lines.append(f"| {k} | {cells} | {', '.join(note)} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    default_root = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "legalbench-rag"
    ap.add_argument("--root", type=Path, default=default_root)
    ap.add_argument("--datasets", default="privacy_qa,contractnli", help="comma-separated")
    ap.add_argument("--mini", action="store_true", help="194 queries per dataset")
    ap.add_argument("--limit", type=int, default=None, help="first N queries after sampling")
    ap.add_argument(
        "--all-corpus",
        action="store_true",
        help="ingest every file of the dataset's corpus folder, not only those the queries cite",
    )
    ap.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent / "results" / "legalbench.json"
    )
    args = ap.parse_args(argv)
    if not (args.root / "benchmarks").is_dir():
        print(f"LegalBench-RAG data not found under {args.root}", file=sys.stderr)
        return 2

    from veridict.factory import open_stores
    from veridict.settings import load_settings

    settings = load_settings()
    print(f"data dir: {settings.data_path}", file=sys.stderr)
    config = {"mini": args.mini, "limit": args.limit, "all_corpus": args.all_corpus, "ks": list(KS)}
    out: dict = {"config": config, "datasets": {}}
    with open_stores(settings) as stores:
        out["config"]["embedding_model"] = getattr(stores.embedder, "model_name", None)
        for name in [d.strip() for d in args.datasets.split(",") if d.strip()]:
            tests = load_benchmark(args.root / "benchmarks" / f"{name}.json")
            if args.mini:
                tests = mini_sample(tests)
            if args.limit:
                tests = tests[: args.limit]
            corpus = args.root / "corpus"
            files = sorted({s[0] for t in tests for s in t.snippets})
            if args.all_corpus:
                cited = set(files)
                on_disk = sorted(p.name for p in (corpus / name).glob("*.txt"))
                files = sorted(cited | {f"{name}/{n}" for n in on_disk if f"{name}/{n}" not in cited
                                         and not any(corpus_file(corpus, c).name == n for c in cited)})
            tenant = f"lbrag-{name}-{uuid.uuid4().hex[:8]}"
            print(f"{name}: ingesting {len(files)} files into {tenant}", file=sys.stderr)
            ingest = _ingest(stores, corpus, files, tenant)

            docs = stores.pg.list_documents(tenant)

            def extracted(source_path: str, _tenant: str = tenant, _docs=docs) -> str:
                doc = next(d for d in _docs if d.source_path == source_path)
                return stores.pg.document_text(_tenant, doc.id, 0, doc.n_chars)
            offsets = _Offsets(corpus, files, extracted)
            offsets.fallback_files = set()
            channels = make_channels(stores, tenant, offsets)
            results: dict[str, DatasetResult] = {}
            t0 = time.perf_counter()
            for ch in CHANNELS:
                results[ch] = run_benchmark(tests, channels[ch], KS, dataset=name)
            query_secs = time.perf_counter() - t0
            print(format_table(name, len(tests), results))
            print(
                f"{name}: ingest {ingest['seconds']} s for {ingest['files']} files "
                f"({ingest['chunks']} chunks, embed {ingest['embed_seconds']} s); "
                f"retrieval {query_secs:.1f} s for {len(tests)} queries x 3 channels; "
                f"offset mapping fell back to alignment for {len(offsets.fallback_files)} files\n",
                flush=True,
            )
            out["datasets"][name] = {
                "n": len(tests),
                "tenant": tenant,
                "ingest": ingest,
                "retrieval_seconds": round(query_secs, 1),
                "alignment_fallback_files": sorted(offsets.fallback_files),
                "published": PUBLISHED.get(name, {}),
                "channels": {
                    ch: {"precision": r.precision, "recall": r.recall} for ch, r in results.items()
                },
            }
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps(out, indent=2))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

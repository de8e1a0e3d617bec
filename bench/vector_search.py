"""Vector search latency: QdrantStore (qdrant-client local mode) vs qdrant-edge-py vs pgvector, and embedder speed.

Base vectors are real MiniLM embeddings of 500-character chunks of CUAD dev contracts;
larger collections replicate them with small perturbations under new document ids,
spread over four tenants. Queries are the CUAD dev questions of the embedded contracts.
Filter kinds: none (raw client, no filter), tenant (the store's minimum), tenant+docs
(tenant plus three document ids, one of them the question's contract). Agreement (top-1, overlap
of the top 10) is measured against the exact answer: cosine over every matching point (numpy).
pgvector (--pgvector) runs on an embedded Postgres started under the bench's temp dir, or on
--database-url; its "none" kind is not measured (the store has no query without a tenant).

    .venv/bin/python -m bench.vector_search            # 20k and 60k points (12.7 min at load 5-9 on 2 cores)
    .venv/bin/python -m bench.vector_search --sizes 5000 --base 500 --queries 10   # smoke run
    .venv/bin/python -m bench.vector_search --no-local --pgvector   # edge vs pgvector
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import shutil
import tempfile
import time
import uuid
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from stores.qdrant import QdrantStore, VectorHit
from veridict.embeddings import Embedder
from veridict.types import Chunk, Document

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "cuad"
RESULTS = ROOT / "bench" / "results" / "vector_search.json"
TENANTS = 4
CHUNK_CHARS = 500
NOISE = 0.03  # per-dimension noise for replicas: cosine to the original about 0.75
KINDS = ("none", "tenant", "tenant+docs")
ID_NS = uuid.UUID("0b3c6f1e-5d0a-4f7e-8e57-3f1f0f6f4b21")


# -- data ---------------------------------------------------------------------------------------


def chunk_text(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """Greedy word-boundary windows of at most `size` characters."""
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > size:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return [c for c in out if len(c) > 100]


def load_base(n: int) -> tuple[list[str], list[str]]:
    """Up to n chunks (doc ids, texts) of the CUAD dev contracts, contract by contract."""
    docs, texts = [], []
    for line in (DATA / "dev" / "contracts.jsonl").read_text().splitlines():
        row = json.loads(line)
        for chunk in chunk_text((DATA / row["txt_path"]).read_text(errors="replace")):
            docs.append(row["doc_id"])
            texts.append(chunk)
            if len(texts) >= n:
                return docs, texts
    return docs, texts


def load_questions(doc_ids: set[str], n: int) -> list[tuple[str, str]]:
    """(question, gold doc id) for dev questions about one embedded contract."""
    out = []
    for line in (DATA / "dev" / "questions.jsonl").read_text().splitlines():
        row = json.loads(line)
        ids = row.get("doc_ids") or []
        if len(ids) == 1 and ids[0] in doc_ids:
            out.append((row["question"], ids[0]))
    rng = np.random.default_rng(7)
    picks = rng.choice(len(out), size=min(n, len(out)), replace=False)
    return [out[i] for i in sorted(picks)]


@dataclass
class Dataset:
    ids: list[str]
    vectors: np.ndarray
    chunks: list[Chunk]
    documents: dict[str, Document]


def build_dataset(size: int, base_docs: list[str], base_texts: list[str], base_vecs: np.ndarray) -> Dataset:
    """Replicate the base chunks to `size` points; replica r goes to tenant bench{r % TENANTS}."""
    rng = np.random.default_rng(size)
    copies = math.ceil(size / len(base_texts))
    vecs: list[np.ndarray] = []
    chunks: list[Chunk] = []
    documents: dict[str, Document] = {}
    for r in range(copies):
        block = base_vecs
        if r:
            block = base_vecs + rng.normal(0, NOISE, base_vecs.shape).astype(np.float32)
            block /= np.linalg.norm(block, axis=1, keepdims=True)
        vecs.append(block)
        tenant = f"bench{r % TENANTS}"
        for i, (doc, text) in enumerate(zip(base_docs, base_texts, strict=False)):
            if len(chunks) >= size:
                break
            doc_id = f"{doc}~{r}"
            if doc_id not in documents:
                documents[doc_id] = Document(
                    id=doc_id, tenant=tenant, doc_key=doc, title=doc, source_path="", sha256="",
                    version=r + 1,
                )
            chunks.append(Chunk(
                id=str(uuid.uuid5(ID_NS, f"{doc_id}/{i}")), tenant=tenant, document_id=doc_id,
                ordinal=i, text=text, page_start=1, page_end=1, char_start=0, char_end=len(text),
            ))
    vectors = np.concatenate(vecs)[:size]
    return Dataset([c.id for c in chunks], np.ascontiguousarray(vectors), chunks, documents)


def query_filters(data: Dataset, gold_docs: list[str], seed: int) -> list[tuple[str, list[str]]]:
    """Per query: tenant bench0 and three of its documents, the gold contract's replica first."""
    rng = np.random.default_rng(seed)
    tenant_docs = sorted(d for d, doc in data.documents.items() if doc.tenant == "bench0")
    out = []
    for gold in gold_docs:
        others = [d for d in tenant_docs if not d.startswith(gold + "~")]
        pick = [others[i] for i in rng.choice(len(others), size=2, replace=False)]
        out.append(("bench0", [f"{gold}~0", *pick]))
    return out


# -- measuring ----------------------------------------------------------------------------------


@dataclass
class Run:
    backend: str
    size: int
    upsert_s: float = 0.0
    build_s: float | None = None
    reopen_s: float | None = None
    disk_mb: float | None = None
    latency_ms: dict[str, dict[str, float]] = field(default_factory=dict)
    agreement: dict[str, dict[str, float]] = field(default_factory=dict)
    results: dict[str, list[list[str]]] = field(default_factory=dict)

    def summary(self) -> dict:
        out = {k: v for k, v in self.__dict__.items() if k != "results"}
        return out


def timed(fn, queries: list) -> tuple[dict[str, float], list[list[str]]]:
    fn(queries[0])  # warm-up
    times, ids = [], []
    for q in queries:
        t = time.perf_counter()
        ids.append(fn(q))
        times.append((time.perf_counter() - t) * 1000)
    arr = np.array(times)
    stats = {"p50": float(np.percentile(arr, 50)), "p95": float(np.percentile(arr, 95)),
             "mean": float(arr.mean())}
    return {k: round(v, 3) for k, v in stats.items()}, ids


def agreement(ref: list[list[str]], got: list[list[str]]) -> dict[str, float]:
    top1 = np.mean([bool(a) and bool(b) and a[0] == b[0] for a, b in zip(ref, got, strict=False)])
    overlap = np.mean([len(set(a) & set(b)) / max(len(a), 1) for a, b in zip(ref, got, strict=False)])
    return {"top1": round(float(top1), 3), "overlap@10": round(float(overlap), 3)}


def exact_results(data: Dataset, qvecs: np.ndarray, filters, k: int) -> dict[str, list[list[str]]]:
    """The true top k of each query and filter kind: cosine over every matching point."""
    unit = data.vectors / np.linalg.norm(data.vectors, axis=1, keepdims=True)
    tenants = np.array([c.tenant for c in data.chunks])
    docs = np.array([c.document_id for c in data.chunks])
    out: dict[str, list[list[str]]] = {kind: [] for kind in KINDS}
    for i, query in enumerate(qvecs):
        scores = unit @ (query / np.linalg.norm(query))
        tenant, doc_ids = filters[i]
        masks = {"none": np.ones(len(docs), bool), "tenant": tenants == tenant,
                 "tenant+docs": (tenants == tenant) & np.isin(docs, doc_ids)}
        for kind, mask in masks.items():
            rows = np.flatnonzero(mask)
            top = rows[np.argsort(-scores[rows], kind="stable")[:k]]
            out[kind].append([data.ids[j] for j in top])
    return out


def du_mb(path: Path) -> float:
    return round(sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20, 1)


def bench_local(data: Dataset, qvecs: np.ndarray, filters, workdir: Path, k: int) -> Run:
    run = Run("qdrant-client local (QdrantStore)", len(data.ids))
    path = workdir / f"local-{run.size}"
    store = QdrantStore(url=None, path=path, collection="bench", dim=qvecs.shape[1])
    store.ensure_collection()
    t = time.perf_counter()
    for doc_id, rows in _rows_by_document(data).items():
        store.upsert_chunks(data.documents[doc_id].tenant, [data.chunks[i] for i in rows],
                            data.vectors[rows], data.documents[doc_id])
    run.upsert_s = round(time.perf_counter() - t, 2)
    store.close()
    run.disk_mb = du_mb(path)
    t = time.perf_counter()
    store = QdrantStore(url=None, path=path, collection="bench", dim=qvecs.shape[1])
    assert store.count("bench0") > 0
    run.reopen_s = round(time.perf_counter() - t, 2)

    def ids(hits: list[VectorHit]) -> list[str]:
        return [h.chunk_id for h in hits]

    idx = list(range(len(qvecs)))
    fns = {
        "none": lambda i: [str(p.id) for p in store.client.query_points(
            "bench", query=qvecs[i].tolist(), limit=k).points],
        "tenant": lambda i: ids(store.search(filters[i][0], qvecs[i], k=k)),
        "tenant+docs": lambda i: ids(store.search(filters[i][0], qvecs[i], k=k,
                                                  document_ids=filters[i][1])),
    }
    for kind, fn in fns.items():
        run.latency_ms[kind], run.results[kind] = timed(fn, idx)
    store.close()
    return run


def bench_edge(data: Dataset, qvecs: np.ndarray, filters, workdir: Path, k: int,
               optimize: bool) -> list[Run]:
    import qdrant_edge as qe

    from stores.qdrant_edge import QdrantEdgeStore

    path = workdir / f"edge-{len(data.ids)}"
    store = QdrantEdgeStore(path, "bench", qvecs.shape[1])
    store.ensure_collection()
    plain = Run("qdrant-edge-py (QdrantEdgeStore, plain)", len(data.ids))
    t = time.perf_counter()
    for doc_id, rows in _rows_by_document(data).items():
        store.upsert_chunks(data.documents[doc_id].tenant, [data.chunks[i] for i in rows],
                            data.vectors[rows], data.documents[doc_id])
    store.shard.flush()
    plain.upsert_s = round(time.perf_counter() - t, 2)

    def unfiltered(i: int) -> list[str]:
        req = qe.QueryRequest(limit=k, query=qe.Query.Nearest(qvecs[i].tolist()), with_payload=True)
        return [p.payload["chunk_id"] for p in store.shard.query(req)]

    def ids(hits: list[VectorHit]) -> list[str]:
        return [h.chunk_id for h in hits]

    fns = {
        "none": unfiltered,
        "tenant": lambda i: ids(store.search(filters[i][0], qvecs[i], k=k)),
        "tenant+docs": lambda i: ids(store.search(filters[i][0], qvecs[i], k=k,
                                                  document_ids=filters[i][1])),
    }
    idx = list(range(len(qvecs)))

    def measure(run: Run) -> None:
        for kind, fn in fns.items():
            run.latency_ms[kind], run.results[kind] = timed(fn, idx)

    measure(plain)
    runs = [plain]
    if optimize:
        hnsw = Run("qdrant-edge-py (QdrantEdgeStore, HNSW)", len(data.ids), upsert_s=plain.upsert_s)
        t = time.perf_counter()
        store.optimize()
        hnsw.build_s = round(time.perf_counter() - t, 2)
        measure(hnsw)
        runs.append(hnsw)
    store.close()
    t = time.perf_counter()
    store = QdrantEdgeStore(path, "bench", qvecs.shape[1])
    assert store.count("bench0") > 0
    for run in runs:
        run.reopen_s = round(time.perf_counter() - t, 2)
        run.disk_mb = du_mb(path)
    store.close()
    return runs


def bench_pgvector(data: Dataset, qvecs: np.ndarray, filters, url: str, k: int) -> list[Run]:
    """Two runs on one table: the store as configured (exact ranking up to EXACT_MAX_ROWS matching
    rows, else HNSW) and HNSW only (exact_max_rows=0)."""
    from stores.pgvector_store import EXACT_MAX_ROWS, PgVectorStore

    run = Run(f"pgvector (exact <= {EXACT_MAX_ROWS // 1000}k rows)", len(data.ids))
    collection = f"bench_{len(data.ids)}"
    store = PgVectorStore(url, collection, qvecs.shape[1])
    store.ensure_collection()
    for tenant in {doc.tenant for doc in data.documents.values()}:  # a rerun on the same server
        store.delete_tenant(tenant)
    t = time.perf_counter()
    for doc_id, rows in _rows_by_document(data).items():
        store.upsert_chunks(data.documents[doc_id].tenant, [data.chunks[i] for i in rows],
                            data.vectors[rows], data.documents[doc_id])
    run.upsert_s = round(time.perf_counter() - t, 2)
    t = time.perf_counter()
    store.optimize()  # VACUUM ANALYZE: the planner's statistics (the index is built as rows come)
    run.build_s = round(time.perf_counter() - t, 2)

    def ids(hits: list[VectorHit]) -> list[str]:
        return [h.chunk_id for h in hits]

    def measure(into: Run, searcher: PgVectorStore) -> None:
        fns = {
            "tenant": lambda i: ids(searcher.search(filters[i][0], qvecs[i], k=k)),
            "tenant+docs": lambda i: ids(searcher.search(filters[i][0], qvecs[i], k=k,
                                                         document_ids=filters[i][1])),
        }
        idx = list(range(len(qvecs)))
        for kind, fn in fns.items():
            into.latency_ms[kind], into.results[kind] = timed(fn, idx)

    measure(run, store)
    store.close()
    t = time.perf_counter()
    with PgVectorStore(url, collection, qvecs.shape[1]) as again:
        assert again.count("bench0") > 0
    run.reopen_s = round(time.perf_counter() - t, 2)
    hnsw = Run("pgvector (HNSW only)", len(data.ids), upsert_s=run.upsert_s, build_s=run.build_s,
               reopen_s=run.reopen_s)
    with PgVectorStore(url, collection, qvecs.shape[1], exact_max_rows=0) as only_index:
        measure(hnsw, only_index)
    return [run, hnsw]


def _pgvector_version(url: str) -> str | None:
    import psycopg

    from stores import pgvector_sql

    with psycopg.connect(url) as conn:
        row = conn.execute(pgvector_sql.EXTENSION_INSTALLED, {"name": pgvector_sql.EXTENSION}).fetchone()
    return row[0] if row else None


def _rows_by_document(data: Dataset) -> dict[str, list[int]]:
    by_doc: dict[str, list[int]] = {}
    for i, c in enumerate(data.chunks):
        by_doc.setdefault(c.document_id, []).append(i)
    return by_doc


def embed_speed(embedder: Embedder, texts: list[str]) -> tuple[dict, np.ndarray]:
    t = time.perf_counter()
    embedder.embed_documents(texts[:32])  # loads the model
    load_s = time.perf_counter() - t
    t = time.perf_counter()
    vecs = embedder.embed_documents(texts)
    secs = time.perf_counter() - t
    return {"texts": len(texts), "batch_size": embedder.batch_size,
            "mean_chars": round(float(np.mean([len(x) for x in texts])), 1),
            "load_and_first_batch_s": round(load_s, 2), "seconds": round(secs, 2),
            "texts_per_s": round(len(texts) / secs, 1)}, vecs


# -- main ---------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[20_000, 60_000])
    ap.add_argument("--base", type=int, default=1500, help="real chunks to embed")
    ap.add_argument("--queries", type=int, default=25)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--no-edge", action="store_true")
    ap.add_argument("--no-local", action="store_true", help="skip qdrant-client local mode (slow)")
    ap.add_argument("--pgvector", action="store_true", help="also measure PgVectorStore")
    ap.add_argument("--database-url", help="Postgres with pgvector (default: an embedded one)")
    ap.add_argument("--no-optimize", action="store_true", help="skip the edge HNSW build")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    if not (DATA / "dev" / "contracts.jsonl").exists():
        raise SystemExit(f"CUAD data not found under {DATA}")
    warnings.filterwarnings("ignore", message=".*Local mode is not recommended.*")
    started = time.perf_counter()
    load_start = _loadavg()

    base_docs, base_texts = load_base(args.base)
    embedder = Embedder(batch_size=32)
    speed, base_vecs = embed_speed(embedder, base_texts)
    print(f"embedder: {speed['texts_per_s']} texts/s ({speed['texts']} chunks, "
          f"{speed['mean_chars']} chars avg, batch {speed['batch_size']})", flush=True)
    questions = load_questions(set(base_docs), args.queries)
    qvecs = embedder.embed_documents([q for q, _ in questions])
    t = time.perf_counter()
    for q, _ in questions[:20]:
        embedder.embed_query(q)
    query_ms = (time.perf_counter() - t) / min(20, len(questions)) * 1000

    runs: list[Run] = []
    workdir = Path(tempfile.mkdtemp(prefix="vector-bench-"))
    pg_url, pg_version = args.database_url, None
    try:
        if args.pgvector and not pg_url:
            from stores.embedded_postgres import ensure_postgres

            pg_url = ensure_postgres(workdir / "pg")
        for size in args.sizes:
            data = build_dataset(size, base_docs, base_texts, base_vecs)
            filters = query_filters(data, [g for _, g in questions], seed=size)
            exact = exact_results(data, qvecs, filters, args.k)
            measured: list[Run] = []
            if not args.no_local:
                measured.append(bench_local(data, qvecs, filters, workdir, args.k))
            if not args.no_edge:
                measured += bench_edge(data, qvecs, filters, workdir, args.k, not args.no_optimize)
            if args.pgvector and pg_url:
                measured += bench_pgvector(data, qvecs, filters, pg_url, args.k)
                pg_version = _pgvector_version(pg_url)
            for run in measured:
                run.agreement = {kind: agreement(exact[kind], run.results[kind])
                                 for kind in KINDS if kind in run.results}
                runs.append(run)
                print(f"  {run.backend} {size}: upsert {run.upsert_s}s {run.latency_ms} {run.agreement}",
                      flush=True)
            shutil.rmtree(workdir / f"local-{size}", ignore_errors=True)
            shutil.rmtree(workdir / f"edge-{size}", ignore_errors=True)
    finally:
        if args.pgvector and not args.database_url:
            from stores.embedded_postgres import stop_postgres

            stop_postgres(workdir / "pg")
        shutil.rmtree(workdir, ignore_errors=True)

    print_table(runs)
    import qdrant_client

    try:
        from importlib.metadata import version

        import qdrant_edge  # noqa: F401

        edge_version = version("qdrant-edge-py")
    except ImportError:
        edge_version = None
    report = {
        "machine": {"python": platform.python_version(), "cpus": _cpus(), "platform": platform.platform(),
                    "loadavg_start": load_start, "loadavg_end": _loadavg()},
        "versions": {"qdrant-client": qdrant_client.__version__ if hasattr(qdrant_client, "__version__")
                     else _version("qdrant-client"), "qdrant-edge-py": edge_version, "pgvector": pg_version},
        "setup": {"base_chunks": len(base_texts), "chunk_chars": CHUNK_CHARS, "tenants": TENANTS,
                  "replica_noise": NOISE, "queries": len(questions), "k": args.k,
                  "filter_kinds": {"none": "no filter (raw client)", "tenant": "tenant bench0",
                                   "tenant+docs": "tenant bench0 + 3 document ids"}},
        "embedder": {**speed, "embed_query_ms": round(query_ms, 1)},
        "runs": [r.summary() for r in runs],
        "total_s": round(time.perf_counter() - started, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"embed_query: {query_ms:.1f} ms; total {report['total_s']} s; wrote {args.out}")


def print_table(runs: list[Run]) -> None:
    head = f"{'backend':40} {'points':>7} {'upsert s':>9} {'build s':>8} " + " ".join(
        f"{kind + ' p50/p95 ms':>24}" for kind in KINDS) + f" {'exact top1/ov@10 (t+d)':>24}"
    print(head)
    print("-" * len(head))
    for r in runs:
        cells = " ".join(
            f"{r.latency_ms[k]['p50']:>11.2f} / {r.latency_ms[k]['p95']:<10.2f}" if k in r.latency_ms
            else f"{'-':>24}" for k in KINDS)
        agree = r.agreement.get("tenant+docs")
        agree_s = f"{agree['top1']:.2f} / {agree['overlap@10']:.2f}" if agree else "-"
        build = f"{r.build_s:.1f}" if r.build_s is not None else "-"
        print(f"{r.backend:40} {r.size:>7} {r.upsert_s:>9.1f} {build:>8} {cells} {agree_s:>24}")


def _loadavg() -> list[float]:
    import os

    return [round(x, 2) for x in os.getloadavg()]


def _cpus() -> int | None:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def _version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


if __name__ == "__main__":
    main()

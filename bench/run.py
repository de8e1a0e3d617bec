"""`veridict bench`: ingestion throughput and query latency on CUAD.

Ingestion: for each size N, N CUAD PDFs go into a fresh tenant: the 40 dev
contracts first, then the rest in contracts.jsonl order, so that the dev
questions asked at the larger size name documents that are in the library; we report wall time, pages/s, chunks/s,
and the ratio
of the whole ingestion to embedding the very same chunk texts alone, measured
in the same run with the same embedder. Query: the dev questions are asked
against the ingested library; per-stage latency comes from the answer trace,
compared with a bare vector query (embed + search) on the same store.
Results are printed and written as JSON.
"""

from __future__ import annotations

import json
import platform
import resource
import statistics
import time
import uuid
from pathlib import Path

from veridict.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
CUAD = ROOT.parent / "shared" / "data" / "cuad"


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    idx = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return round(values[idx], 2)


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def machine() -> dict:
    import os

    mem_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return {"cpu_cores": os.cpu_count(), "memory_gib": round(mem_gb, 1), "python": platform.python_version(),
            "platform": platform.platform()}


def cuad_pdfs(n: int, dev_first: bool = False) -> list[Path]:
    rows = [json.loads(line) for line in (CUAD / "contracts.jsonl").read_text().splitlines() if line.strip()]
    if dev_first:
        lines = (CUAD / "dev" / "contracts.jsonl").read_text().splitlines()
        dev = {json.loads(line)["doc_id"] for line in lines if line.strip()}
        rows.sort(key=lambda r: r["doc_id"] not in dev)
    return [CUAD / r["pdf_path"] for r in rows[:n]]


def bench_ingest(stores, n: int) -> dict:
    from ingest.chunking import embedding_text
    from ingest.pipeline import Ingestor

    tenant = f"bench_{n}_{uuid.uuid4().hex[:6]}"
    files = cuad_pdfs(n, dev_first=True)
    ingestor = Ingestor(stores)
    report = ingestor.ingest_files(files, tenant, progress=True)
    totals = report.totals()

    # the same chunk texts, embedded alone (same embedder, same batch size)
    texts: list[str] = []
    for doc in stores.pg.list_documents(tenant):
        chunks = stores.pg.document_chunks(tenant, doc.id)
        sections = {s.id: s for s in stores.pg.document_sections(tenant, doc.id)}
        texts.extend(embedding_text(c, sections.get(c.section_id)) for c in chunks)
    stores.embedder.clear_cache()  # ingestion filled it with these very texts
    t0 = time.perf_counter()
    stores.embedder.embed_documents(texts)
    embed_alone = time.perf_counter() - t0
    counts = stores.pg.counts(tenant)
    graph_counts = stores.graph.counts(tenant)
    return {
        "contracts": n, "tenant": tenant, "wall_s": round(report.seconds, 1),
        "embed_alone_s": round(embed_alone, 1),
        "ratio_to_embedding_alone": round(report.seconds / max(embed_alone, 1e-9), 3),
        "pages": totals["pages"], "chunks": totals["chunks"], "pages_per_s": totals["pages_per_s"],
        "chunks_per_s": totals["chunks_per_s"], "ingested": totals["ingested"], "rejected": totals["rejected"],
        "failed": totals["failed"], "rejections": [f"{Path(f.path).name}: {f.message}" for f in report.failed],
        "postgres_counts": counts, "graph_counts": graph_counts,
        "vectors": stores.vectors.count(tenant), "peak_rss_mb": _peak_rss_mb(),
    }


def bench_query(stores, settings: Settings, tenant: str, questions: list[str]) -> dict:
    from graphs.answer_graph import answer_question

    stage_ms: dict[str, list[float]] = {}
    total_ms: list[float] = []
    bare_ms: list[float] = []
    refused: dict[str, int] = {}
    for q in questions:
        stores.embedder.clear_cache()  # both timings start cold: no vector left by the other
        t0 = time.perf_counter()
        answer = answer_question(stores, settings, q, tenant=tenant)
        total_ms.append((time.perf_counter() - t0) * 1000)
        if answer.refused:  # a fast "no such document" is not a measured answer: count them
            refused[answer.refusal_reason or "?"] = refused.get(answer.refusal_reason or "?", 0) + 1
        for step in answer.trace:
            key = f"{step.node}:{step.tool}" if step.tool else step.node
            stage_ms.setdefault(key, []).append(step.ms)
        stores.embedder.clear_cache()
        t1 = time.perf_counter()
        vec = stores.embedder.embed_query(q)
        stores.vectors.search(tenant, vec, k=settings.top_k)
        bare_ms.append((time.perf_counter() - t1) * 1000)
    p50, bare50 = _pct(total_ms, 0.5), _pct(bare_ms, 0.5)
    return {
        "questions": len(questions),
        "answered": len(questions) - sum(refused.values()),
        "refused": refused,
        "end_to_end_ms": {"p50": p50, "p95": _pct(total_ms, 0.95), "mean": round(statistics.fmean(total_ms), 1)},
        "bare_vector_query_ms": {"p50": bare50, "p95": _pct(bare_ms, 0.95)},
        "ratio_p50_to_bare_vector": round(p50 / max(bare50, 1e-9), 1),
        "stages_ms": {k: {"p50": _pct(v, 0.5), "p95": _pct(v, 0.95), "n": len(v)} for k, v in sorted(stage_ms.items())},
        "peak_rss_mb": _peak_rss_mb(),
    }


def dev_questions(limit: int | None = None) -> list[str]:
    rows = [json.loads(line) for line in (CUAD / "dev" / "questions.jsonl").read_text().splitlines() if line.strip()]
    qs = [r["question"] for r in rows]
    return qs[:limit] if limit else qs


def run_bench(settings: Settings, what: str, sizes: list[int], out: Path) -> dict:
    from veridict.factory import open_stores

    if not (CUAD / "contracts.jsonl").exists():
        raise SystemExit(f"CUAD data not found at {CUAD}")
    out.mkdir(parents=True, exist_ok=True)
    results: dict = {"machine": machine(), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with open_stores(settings) as stores:
        ingests = []
        if what in ("ingest", "all"):
            for n in sizes:
                res = bench_ingest(stores, n)
                ingests.append(res)
                print(json.dumps({k: v for k, v in res.items() if k != "rejections"}, indent=1))
        results["ingest"] = ingests
        if what in ("query", "all"):
            queries = []
            # at 40 (the dev contracts) and at the largest library ingested above
            dev_n = 40
            dev_tenant = f"benchq_{uuid.uuid4().hex[:6]}"
            from ingest.pipeline import Ingestor

            Ingestor(stores).ingest_files(cuad_pdfs(dev_n, dev_first=True), dev_tenant, progress=True)
            qs = dev_questions(100)
            queries.append({"contracts": dev_n, **bench_query(stores, settings, dev_tenant, qs)})
            if ingests:
                big = max(ingests, key=lambda r: r["contracts"])
                queries.append({"contracts": big["contracts"], **bench_query(stores, settings, big["tenant"], qs)})
            results["query"] = queries
            for q in queries:
                print(json.dumps({k: v for k, v in q.items() if k != "stages_ms"}, indent=1))
    path = out / f"bench_{what}.json"
    path.write_text(json.dumps(results, indent=2))
    print(f"written: {path}")
    return results

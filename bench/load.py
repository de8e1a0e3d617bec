"""Load: concurrent questions through the API while concurrent ingestions write.

    .venv/bin/python -m bench.load [--questions 50] [--ingestions 4] [--out bench/results/load.json]

Starts its own ``langgraph dev`` API on a fresh data directory (the API process owns the embedded
stores, as under ``veridict serve``), then:

1. ingests ``samples/library`` ALONE into a reference tenant (the row counts to compare with);
2. at the same time, from threads through ``langgraph_sdk``: N questions to the reference
   tenant (answer graph) and M ingestions of the same files through the API's ingest graph,
   two jobs per load tenant (the same files twice, in opposite orders, into one tenant);
3. stops the API, opens the stores itself and counts every load tenant's rows (documents,
   sections, chunks, facts, entities, mentions, vectors, graph nodes and edges) against the
   reference, and checks that each document is active exactly once.

Every call has a bounded timeout; the load phase as a whole has a deadline (a hang is reported
as a deadlock). Writes the figures (throughput, latency percentiles, errors, counts) as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "samples" / "library"
RESULTS = ROOT / "bench" / "results" / "load.json"
CALL_TIMEOUT_S = 300.0  # one question or one ingestion over HTTP
PHASE_TIMEOUT_S = 900.0  # the whole concurrent phase

# Questions over the sample library: exact values, lists, comparisons, clauses and refusals.
QUESTIONS = [
    "What is the data breach penalty in the CloudSecure agreement?",
    "Which law governs the CloudSecure vendor agreement?",
    "Which agreements is Northwind a party to?",
    "What is the fee for Training in the MSA?",
    "Who are the parties to the Acme NDA?",
    "When does the Contoso reseller agreement start?",
    "What notice period applies to termination for convenience of the CloudSecure agreement?",
    "What is the liability cap in the CloudSecure agreement?",
    "Which contracts are governed by German law?",
    "Compare the governing law of the NDA and the reseller agreement.",
    "List the sub-processors in the data processing addendum.",
    "What does clause 9.2 of the CloudSecure agreement say?",
    "What is the cyber insurance limit in the vendor agreement?",
    "What discount applies above USD 1,000,000 in the reseller agreement?",
    "How long is the confidentiality period in the NDA?",
    "What is the penalty in the NDA?",
    "What is the liability cap in the Initech supply contract?",
    "Why is the MSA governed by German law?",
    "Within how many hours must CloudSecure notify a personal data breach?",
    "What is the monthly support fee in the Fabrikam MSA?",
    "Which clauses reference Article 28 of the GDPR?",
    "What is the term of the CloudSecure vendor agreement?",
    "What is the rent in the Zephyr Aerospace hangar lease?",
    "How many days does Northwind have to pay Fabrikam's invoices?",
    "What insurance must Fabrikam maintain?",
]


def questions(n: int) -> list[str]:
    return [QUESTIONS[i % len(QUESTIONS)] for i in range(n)]


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def _client(url: str):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=url, timeout=CALL_TIMEOUT_S)


def ask(url: str, question: str, tenant: str) -> dict:
    """One question through the answer graph; returns latency, answer summary or the error."""
    started = time.perf_counter()
    try:
        out = _client(url).runs.wait(None, "answer", input={"question": question, "tenant": tenant})
        error = (out or {}).get("__error__") if isinstance(out, dict) else None
        answer = (out or {}).get("answer") if isinstance(out, dict) else None
        if error or not answer:
            return {"question": question, "seconds": time.perf_counter() - started,
                    "error": str(error or f"no answer in {str(out)[:300]}")}
        return {"question": question, "seconds": time.perf_counter() - started, "error": None,
                "refused": bool(answer.get("refused")), "refusal_reason": answer.get("refusal_reason"),
                "citations": len(answer.get("citations") or []), "text": (answer.get("text") or "")[:200]}
    except Exception as exc:  # noqa: BLE001 - every failure is a reported error
        return {"question": question, "seconds": time.perf_counter() - started, "error": f"{type(exc).__name__}: {exc}"}


def ingest(url: str, paths: list[Path], tenant: str) -> dict:
    started = time.perf_counter()
    try:
        out = _client(url).runs.wait(None, "ingest", input={"paths": [str(p) for p in paths], "tenant": tenant})
        report = (out or {}).get("report") if isinstance(out, dict) else None
        if not report:
            return {"tenant": tenant, "seconds": time.perf_counter() - started,
                    "error": f"no report: {str(out)[:300]}", "files": []}
        files = [{"name": Path(f["path"]).name, "status": f["status"], "message": f.get("message")}
                 for f in report.get("files", [])]
        bad = [f for f in files if f["status"] not in ("ingested", "unchanged")]
        return {"tenant": tenant, "seconds": time.perf_counter() - started, "files": files,
                "error": f"files not ingested: {bad}" if bad or len(files) != len(paths) else None}
    except Exception as exc:  # noqa: BLE001
        return {"tenant": tenant, "seconds": time.perf_counter() - started, "files": [],
                "error": f"{type(exc).__name__}: {exc}"}


def tenant_counts(stores, tenant: str) -> dict:
    """Every row the tenant has in the three stores, and its documents' statuses per key."""
    pg = stores.pg.counts(tenant)
    graph = stores.graph.counts(tenant)
    docs = stores.pg.list_documents(tenant, status=None)
    active: dict[str, int] = {}
    for d in docs:
        status = getattr(d.status, "value", d.status)
        active.setdefault(d.doc_key, 0)
        active[d.doc_key] += status == "active"
    return {
        **{f"pg_{k}": v for k, v in pg.items()},
        "vectors": stores.vectors.count(tenant),
        **{f"graph_{k}": v for k, v in sorted(graph.items())},
        "active_per_key": dict(sorted(active.items())),
        "statuses": sorted(str(getattr(d.status, "value", d.status)) for d in docs),
    }


def run_load(n_questions: int = 50, n_ingestions: int = 4, library: Path = LIBRARY,
             log=print) -> dict:
    """Start an API, run the load, stop it, count the rows; returns the result (see module doc)."""
    from ingest.pipeline import collect_files
    from veridict.factory import open_stores
    from veridict.serve import free_port, server_env, start_api, stop_process, wait_ready, warm_up
    from veridict.settings import load_settings

    files = collect_files([library])
    run = uuid.uuid4().hex[:6]
    reference = f"load_ref_{run}"
    load_tenants = [f"load_{i}_{run}" for i in range((n_ingestions + 1) // 2)]
    data_dir = Path(tempfile.mkdtemp(prefix="veridict-load-"))
    settings = load_settings(data_dir=data_dir, tenant=reference)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = server_env(settings, url, {"VERIDICT_LLM_BASE_URL": "", "VERIDICT_LLM_MODEL": "",
                                      "VERIDICT_INGEST_ROOTS": str(library.resolve())})
    for name in ("VERIDICT_DATABASE_URL", "DATABASE_URL", "VERIDICT_QDRANT_URL", "VERIDICT_QDRANT_PATH",
                 "VERIDICT_GRAPH_URI", "VERIDICT_GRAPH_BACKEND"):
        env.pop(name, None)
    result: dict = {"questions": n_questions, "ingestions": n_ingestions, "files": [f.name for f in files]}
    api = None
    try:
        started = time.perf_counter()
        api = start_api(port, env, data_dir / "logs" / "api.log")
        wait_ready(api, "/ok", timeout=180)
        warm_up(api)
        result["api_start_s"] = round(time.perf_counter() - started, 2)
        log(f"API up in {result['api_start_s']}s at {url}")

        alone = ingest(url, files, reference)  # the same files, ingested alone
        if alone["error"]:
            raise RuntimeError(f"reference ingestion failed: {alone['error']}\n{api.log_tail()}")
        result["reference_ingest_s"] = round(alone["seconds"], 2)
        log(f"reference ingestion: {len(files)} files in {alone['seconds']:.1f}s")

        jobs = []  # two jobs per load tenant: the same files, in opposite orders
        for i in range(n_ingestions):
            tenant = load_tenants[i // 2]
            jobs.append((tenant, files if i % 2 == 0 else list(reversed(files))))
        qs = questions(n_questions)
        barrier = threading.Barrier(len(qs) + len(jobs))

        def question_job(q: str) -> dict:
            barrier.wait(timeout=60)
            return ask(url, q, reference)

        def ingest_job(job) -> dict:
            barrier.wait(timeout=60)
            return ingest(url, job[1], job[0])

        phase_started = time.perf_counter()
        pool = ThreadPoolExecutor(max_workers=len(qs) + len(jobs), thread_name_prefix="load")
        q_futures = [pool.submit(question_job, q) for q in qs]
        i_futures = [pool.submit(ingest_job, j) for j in jobs]
        done, pending = wait(q_futures + i_futures, timeout=PHASE_TIMEOUT_S)
        phase_s = time.perf_counter() - phase_started
        pool.shutdown(wait=False, cancel_futures=True)
        answers = [f.result() for f in q_futures if f in done]
        ingests = [f.result() for f in i_futures if f in done]
        latencies = [a["seconds"] for a in answers if not a["error"]]
        last_answer = max((a["seconds"] for a in answers), default=0.0)
        result.update({
            "deadlock": bool(pending),
            "pending": len(pending),
            "phase_s": round(phase_s, 2),
            "questions_s": round(last_answer, 2),
            "throughput_qps": round(len(latencies) / last_answer, 3) if last_answer else 0.0,
            "latency_s": {
                "p50": round(percentile(latencies, 0.50), 3),
                "p95": round(percentile(latencies, 0.95), 3),
                "max": round(max(latencies, default=0.0), 3),
                "mean": round(statistics.fmean(latencies), 3) if latencies else 0.0,
            },
            "answered": sum(1 for a in answers if not a["error"] and not a["refused"]),
            "refused": sum(1 for a in answers if not a["error"] and a["refused"]),
            "refused_without_reason": [a["question"] for a in answers
                                       if not a["error"] and a["refused"] and not a["refusal_reason"]],
            "answered_without_citation": [a["question"] for a in answers
                                          if not a["error"] and not a["refused"] and not a["citations"]],
            "question_errors": [f"{a['question']}: {a['error']}" for a in answers if a["error"]],
            "ingest_errors": [f"{i['tenant']}: {i['error']}" for i in ingests if i["error"]],
            "ingest_jobs": [{"tenant": i["tenant"], "seconds": round(i["seconds"], 2),
                             "statuses": [f["status"] for f in i["files"]]} for i in ingests],
            "answers": [{k: a.get(k) for k in ("question", "seconds", "refused", "refusal_reason", "citations",
                                               "error")} for a in answers],
        })
        log(f"load phase: {len(answers)}/{len(qs)} answers in {last_answer:.1f}s "
            f"({result['throughput_qps']} questions/s, p95 {result['latency_s']['p95']}s), "
            f"{len(ingests)}/{len(jobs)} ingestions, phase {phase_s:.1f}s")
    finally:
        stop_process(api)
    try:
        with open_stores(settings) as stores:
            ref = tenant_counts(stores, reference)
            result["counts"] = {"reference": ref, **{t: tenant_counts(stores, t) for t in load_tenants}}
            result["count_mismatches"] = {t: {k: (c[k], ref[k]) for k in ref if c[k] != ref[k]}
                                          for t, c in result["counts"].items() if t != "reference"
                                          and any(c[k] != ref[k] for k in ref)}
    finally:
        from veridict.factory import stop_embedded

        stop_embedded(data_dir, remove=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=50)
    parser.add_argument("--ingestions", type=int, default=4)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    from bench.run import machine

    result = {"machine": machine(), **run_load(args.questions, args.ingestions)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
    ok = (not result.get("deadlock") and not result.get("question_errors") and not result.get("ingest_errors")
          and not result.get("count_mismatches") and not result.get("refused_without_reason"))
    print(json.dumps({k: result.get(k) for k in ("throughput_qps", "latency_s", "answered", "refused",
                                                 "question_errors", "ingest_errors", "deadlock",
                                                 "count_mismatches")}, indent=2))
    print(f"written to {args.out}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

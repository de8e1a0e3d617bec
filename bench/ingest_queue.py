"""Bench: ingesting the dev contracts through the job queue with 1 and 2 worker processes,
against `veridict ingest` in one process, measured in one run on the same stores.

Every mode writes a fresh tenant on one embedded Postgres (facts, pgvector vectors, the queue)
and one embedded FalkorDB, with the same files:
- direct: `veridict ingest FILES` (one process; its parse, embed and write stages overlap);
- queue-1, queue-2: `veridict ingest --queue FILES`, then N `veridict worker --until-empty`
  processes, started together.
Wall time runs from the command's start to the last file written, model loading included;
"busy" runs from the first job started to the last job finished (queue modes: from the queue's
events), i.e. without the workers' start. Throughput is files per minute of wall time.
On 2 cores, two workers share the cores the embedder already uses, so the gain is bounded.

Run: PYTHONPATH=. python -m bench.ingest_queue [--n 40] [--modes direct,queue-1,queue-2] [--out bench/results]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

from bench.run import machine

ROOT = Path(__file__).resolve().parents[1]
CUAD = ROOT.parent / "shared" / "data" / "cuad"


def dev_pdfs(n: int) -> list[Path]:
    rows = [json.loads(line) for line in (CUAD / "dev" / "contracts.jsonl").read_text().splitlines() if line]
    return [CUAD / r["pdf_path"] for r in rows[:n]]


def _env(data_dir: Path, pg_url: str, tenant: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VERIDICT_")}
    env.update({
        "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
        "TOKENIZERS_PARALLELISM": "false", "VERIDICT_DATA_DIR": str(data_dir),
        "VERIDICT_DATABASE_URL": pg_url, "VERIDICT_VECTOR_BACKEND": "pgvector", "VERIDICT_TENANT": tenant,
    })
    return env


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "veridict.cli", *args]


def run_direct(files: list[Path], data_dir: Path, pg_url: str) -> dict:
    tenant = f"direct_{uuid.uuid4().hex[:6]}"
    t0 = time.perf_counter()
    subprocess.run(_cli("ingest", "--json", *map(str, files)), env=_env(data_dir, pg_url, tenant),
                   check=True, capture_output=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    return {"mode": "direct", "tenant": tenant, "wall_s": round(wall, 1), **_docs(pg_url, tenant, len(files), wall)}


def run_queue(files: list[Path], data_dir: Path, pg_url: str, workers: int) -> dict:
    tenant = f"queue{workers}_{uuid.uuid4().hex[:6]}"
    env = _env(data_dir, pg_url, tenant)
    t0 = time.perf_counter()
    subprocess.run(_cli("ingest", "--queue", "--json", *map(str, files)), env=env, check=True,
                   capture_output=True, cwd=ROOT)
    procs = [subprocess.Popen(_cli("worker", "--until-empty", "--name", f"w{i}"), env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(workers)]
    for p in procs:
        p.wait()
    wall = time.perf_counter() - t0
    with psycopg.connect(pg_url) as conn:
        row = conn.execute(
            "SELECT extract(epoch FROM max(e.at) - min(e.at)) FROM procrastinate_events e "
            "JOIN procrastinate_jobs j ON j.id = e.job_id WHERE j.args->>'tenant' = %s "
            "AND e.type IN ('started', 'succeeded')", (tenant,),
        ).fetchone()
    busy = row[0] if row else None
    return {"mode": f"queue-{workers}", "tenant": tenant, "wall_s": round(wall, 1),
            "busy_s": round(float(busy or 0), 1), **_docs(pg_url, tenant, len(files), wall)}


def _docs(pg_url: str, tenant: str, n: int, wall: float) -> dict:
    with psycopg.connect(pg_url) as conn:
        row = conn.execute("SELECT count(*) FROM documents WHERE tenant = %s AND status = 'active'",
                           (tenant,)).fetchone()
    active = row[0] if row else 0
    return {"files": n, "active": active, "files_per_min": round(60 * n / wall, 2)}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--modes", default="direct,queue-1,queue-2")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = ap.parse_args(argv)

    from stores.embedded_postgres import ensure_postgres, stop_postgres
    from veridict.factory import stop_embedded

    files = dev_pdfs(args.n)
    data_dir = Path(tempfile.mkdtemp(prefix="veridict-bench-queue-"))
    pg_url = ensure_postgres(data_dir)
    rows = []
    try:
        for mode in args.modes.split(","):
            row = run_direct(files, data_dir, pg_url) if mode == "direct" else \
                run_queue(files, data_dir, pg_url, int(mode.split("-")[1]))
            print(json.dumps(row), flush=True)
            rows.append(row)
    finally:
        stop_embedded(data_dir)
        stop_postgres(data_dir)
    base = next((r for r in rows if r["mode"] == "direct"), None)
    if base:
        for r in rows:
            r["wall_vs_direct"] = round(r["wall_s"] / base["wall_s"], 2)
    result = {"bench": "ingest_queue", "machine": machine(), "rows": rows}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ingest_queue.json").write_text(json.dumps(result, indent=2))
    for r in rows:
        print(f"{r['mode']:>8}: {r['wall_s']:7.1f} s wall, {r['files_per_min']:5.2f} files/min, "
              f"{r['active']}/{r['files']} active" + (f", busy {r['busy_s']} s" if "busy_s" in r else "")
              + (f", x{r['wall_vs_direct']} of direct" if "wall_vs_direct" in r else ""))
    return result


if __name__ == "__main__":
    main()

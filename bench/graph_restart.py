"""Bench: restart time of the embedded FalkorDB (stop -> start -> first query), old vs new persistence.

The graphs are synthesised, not ingested: N contracts written through GraphStore.write_document
with the per-contract shape of the real library, from `veridict bench ingest --sizes 510` (README:
509 contracts -> 54,347 clauses, 25,037 entities, 698 regulations, 229,301 edges, i.e. about 107
clauses, 49 entities and 450 edges per contract). Sizes: 40 (the dev contracts) and 510 (CUAD).

Old: the append-only file as earlier versions left it (every write a GRAPH.QUERY command, never
rewritten below Redis's 64 MB default, a plain SHUTDOWN on stop), replayed command by command at
start. New: `stop_falkordb` rewrites it as a binary RDB base first; the start loads that. Both are
timed in one run on the same graph: the pure AOF is copied aside after writing, the new cycle is
measured, then the copy is put back and the old cycle is measured. The ratio is old / new.
The old replay slows down as the graph grows; one that has not loaded after --old-wait-s (600 s)
is stopped and reported as a lower bound, with how far it had read its file by then.

Run: PYTHONPATH=. python -m bench.graph_restart [--sizes 40,510] [--out bench/results]
(or `veridict bench graph-restart --sizes 40,510`).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from bench.run import machine
from stores import falkordb_process as fp
from stores.embedded_falkordb import ensure_falkordb, falkordb_status, stop_falkordb
from stores.errors import StoreUnavailable
from stores.falkordb_graph import FalkorDBGraph
from stores.graph import Reference
from veridict.types import DocStatus, Document, Entity, Mention, Section

GRAPH = "veridict"
OLD_WAIT_S = 600.0  # the old replay grows faster than the graph: past this, report a lower bound
NEW_WAIT_S = 120.0
TENANT = "bench"
CLAUSES, OWN_ENTITIES, SHARED_ENTITIES = 107, 49, 3
CLAUSE_MENTION_PAIRS, REGULATION_REFS, CLAUSE_REFS = 225, 10, 6
SHARED_POOL, REGULATION_POOL = 100, 698
TYPES = ("Audit Rights", "Cap On Liability", "Governing Law", "Non-Compete", "Termination For Convenience")


def synthetic_contract(i: int, rng: random.Random, shared: list[Entity]):
    """One contract's subgraph, shaped as the real ones (see the module docstring)."""
    doc = Document(
        tenant=TENANT, doc_key=f"contract_{i:04d}", title=f"Synthetic agreement {i}", source_path=f"/c/{i}.pdf",
        sha256=f"{i:064x}", status=DocStatus.active, n_pages=20,
    )  # fmt: skip
    sections = [
        Section(
            tenant=TENANT, document_id=doc.id, number=f"{k // 10 + 1}.{k % 10 + 1}", title=f"Clause {k}",
            page_start=k // 6 + 1, page_end=k // 6 + 1, char_start=k * 900, char_end=k * 900 + 899,
            clause_types=rng.sample(TYPES, k=rng.randint(0, 2)),
        )
        for k in range(CLAUSES)
    ]  # fmt: skip
    own = [Entity(tenant=TENANT, canonical_name=f"Party {i}-{j} Inc.", type="ORG") for j in range(OWN_ENTITIES)]
    entities = own + rng.sample(shared, SHARED_ENTITIES)
    pairs = rng.sample([(s, e) for s in range(CLAUSES) for e in range(len(entities))], CLAUSE_MENTION_PAIRS)
    pairs += [(rng.randrange(CLAUSES), e) for e in range(len(entities))]  # every entity mentioned
    mentions = [
        Mention(
            tenant=TENANT, entity_id=entities[e].id, document_id=doc.id, section_id=sections[s].id,
            surface=entities[e].canonical_name, page=sections[s].page_start, char_start=0, char_end=10,
            role=("licensor", "licensee")[e] if e < 2 else None,
        )
        for s, e in pairs
    ]  # fmt: skip
    refs = [
        Reference(rng.choice(sections).id, "regulation", f"Regulation {rng.randrange(REGULATION_POOL)}", None, 1)
        for _ in range(REGULATION_REFS)
    ] + [Reference(rng.choice(sections).id, "clause", rng.choice(sections).number or "1", None, 1)
       for _ in range(CLAUSE_REFS)]
    return doc, sections, entities, mentions, refs


def write_library(store: FalkorDBGraph, n: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    shared = [Entity(tenant=TENANT, canonical_name=f"Shared Company {k} Ltd.", type="ORG") for k in range(SHARED_POOL)]
    store.ensure_schema()
    for i in range(n):
        store.write_document(TENANT, *synthetic_contract(i, rng, shared))


def totals(host: str, port: int) -> dict[str, int]:
    store = FalkorDBGraph(host, port, GRAPH)
    try:
        counts = store.counts(TENANT)
    finally:
        store.close()
    return counts


def _aof_files(home: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in sorted((home / "appendonlydir").iterdir())}


def _plain_shutdown(root: Path) -> float:
    """Stop as earlier versions did: SHUTDOWN, no rewrite. Returns seconds until the port is free."""
    status = falkordb_status(root)
    if status is None:
        raise RuntimeError("the embedded FalkorDB is not running")
    host, port = status
    pid = int((root / "falkordb" / "redis.pid").read_text())
    started = time.perf_counter()
    client = redis.Redis(host=host, port=port, retry=Retry(NoBackoff(), 0))
    try:
        client.shutdown()
    except redis.exceptions.ConnectionError:
        pass
    finally:
        client.close()
    fp.wait_exit(pid, 60)
    return time.perf_counter() - started


def _replay_read_fraction(home: Path) -> float | None:
    """How far the loading server has read its incremental AOF (its file offset), 0..1."""
    pid = fp.pidfile_pid(home)
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            target = os.readlink(fd)
            if target.endswith(".incr.aof"):
                pos = int(Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text().split()[1])
                return round(pos / max(Path(target).stat().st_size, 1), 3)
    except (OSError, ValueError, IndexError):
        return None
    return None


def _start_and_query(root: Path, timeout_s: float) -> tuple[float | None, dict | None, float | None]:
    """(seconds to the first answered query, graph counts, AOF fraction read) or (None, None, fraction)."""
    seen: list[float | None] = [None]
    started = time.perf_counter()
    try:
        host, port = ensure_falkordb(
            root, start_timeout_s=timeout_s, progress=lambda _m: seen.append(_replay_read_fraction(root / "falkordb"))
        )
    except StoreUnavailable:
        return None, None, next((f for f in reversed(seen) if f is not None), None)
    counts = totals(host, port)
    return time.perf_counter() - started, counts, 1.0


def bench_size(n: int, old_wait_s: float) -> dict:
    root = Path(tempfile.mkdtemp(prefix=f"graph-restart-{n}-"))
    home = root / "falkordb"
    try:
        host, port = ensure_falkordb(root)
        redis.Redis(host=host, port=port).config_set("auto-aof-rewrite-percentage", 0)  # as before: no rewrite
        t = time.perf_counter()
        store = FalkorDBGraph(host, port, GRAPH)
        write_library(store, n)
        store.close()
        write_s = time.perf_counter() - t
        written = totals(host, port)
        time.sleep(1.5)  # appendfsync everysec: the whole AOF is on disk
        pure_aof = root / "pure-aof"
        shutil.copytree(home / "appendonlydir", pure_aof)
        aof_bytes = sum(_aof_files(home).values())

        t = time.perf_counter()
        stop_falkordb(root)  # new: rewrite as an RDB base, then SHUTDOWN
        new_stop = time.perf_counter() - t
        snapshot = _aof_files(home)
        new_start, new_counts, _ = _start_and_query(root, NEW_WAIT_S)
        assert new_start is not None and new_counts == written, (written, new_counts)
        new_total = new_stop + new_start
        print(json.dumps({"contracts": n, "new_restart_s": round(new_total, 2)}), flush=True)

        old_stop = _plain_shutdown(root)
        shutil.rmtree(home / "appendonlydir")
        shutil.copytree(pure_aof, home / "appendonlydir")
        old_start, old_counts, read = _start_and_query(root, old_wait_s)
        assert old_counts in (None, written), (written, old_counts)
        nodes = sum(written[k] for k in ("Document", "Clause", "Entity", "Regulation"))
        if old_start is None:  # not loaded within the wait: the ratio is a lower bound
            old = {"stop_s": round(old_stop, 2), "loaded": False, "start_to_first_query_s": None,
                   "waited_s": old_wait_s, "aof_read_fraction_at_wait": read}
            ratios = {"ratio_old_to_new_restart_at_least": round((old_stop + old_wait_s) / new_total, 1),
                      "ratio_old_to_new_start_at_least": round(old_wait_s / new_start, 1)}
        else:
            old = {"stop_s": round(old_stop, 2), "loaded": True, "start_to_first_query_s": round(old_start, 2),
                   "restart_s": round(old_stop + old_start, 2)}
            ratios = {"ratio_old_to_new_restart": round((old_stop + old_start) / new_total, 1),
                      "ratio_old_to_new_start": round(old_start / new_start, 1)}
        return {
            "contracts": n, "nodes": nodes, "edges": written["edges"],
            "per_contract": {"nodes": round(nodes / n, 1), "edges": round(written["edges"] / n, 1)},
            "write_s": round(write_s, 1), "pure_aof_mb": round(aof_bytes / 2**20, 2),
            "rdb_base_mb": round(sum(v for k, v in snapshot.items() if ".base." in k) / 2**20, 2),
            "old": old,
            "new": {"stop_s": round(new_stop, 2), "start_to_first_query_s": round(new_start, 2),
                    "restart_s": round(new_total, 2)},
            **ratios,
        }  # fmt: skip
    finally:
        stop_falkordb(root)
        shutil.rmtree(root, ignore_errors=True)


def run(sizes: list[int], out: Path | None, old_wait_s: float = OLD_WAIT_S) -> dict:
    measured: list[dict] = []
    results: dict = {
        "machine": machine(), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "graphs": "synthesised through GraphStore.write_document, shaped per contract as the 510-contract "
                  "ingestion (107 clauses, 49 entities, ~450 edges); not ingested from PDFs",
        "old_wait_s": old_wait_s,
        "sizes": measured,
    }  # fmt: skip
    for n in sizes:
        res = bench_size(n, old_wait_s)
        measured.append(res)
        print(json.dumps(res, indent=1), flush=True)
    if out:
        out.mkdir(parents=True, exist_ok=True)
        path = out / "bench_graph_restart.json"
        path.write_text(json.dumps(results, indent=2))
        print(f"written: {path}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40,510")
    parser.add_argument("--out", type=Path, default=Path("bench/results"))
    parser.add_argument("--old-wait-s", type=float, default=OLD_WAIT_S,
                        help="how long the old replay may run before it is reported as a lower bound")
    args = parser.parse_args()
    run([int(s) for s in args.sizes.split(",") if s], args.out, args.old_wait_s)


if __name__ == "__main__":
    main()

"""Bench: GraphStore.write_document for CUAD-sized contracts, then the typical reads.

Run: PYTHONPATH=. .venv/bin/python bench/graph_write.py [N_DOCS]
An embedded FalkorDB starts in a temp dir (stopped and removed after). Each document has
300 clauses, 60 entities, 500 mentions and 40 regulation references.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from stores.embedded_falkordb import ensure_falkordb, stop_falkordb
from stores.falkordb_graph import FalkorDBGraph
from stores.graph import Reference
from veridict.types import DocStatus, Document, Entity, Mention, Section

TYPES = [
    "Audit Rights",
    "Cap On Liability",
    "Governing Law",
    "Non-Compete",
    "Termination For Convenience",
]


def build(tenant: str, rng: random.Random, entities: list[Entity]):
    doc = Document(
        tenant=tenant, doc_key=f"bench_{uuid.uuid4().hex[:6]}", title="Bench contract",
        source_path="/bench.pdf", sha256=uuid.uuid4().hex * 2, status=DocStatus.active, n_pages=60,
    )  # fmt: skip
    sections = [
        Section(
            tenant=tenant, document_id=doc.id, number=f"{i // 10 + 1}.{i % 10 + 1}",
            title=f"Clause {i}", page_start=i // 5 + 1, page_end=i // 5 + 1,
            char_start=i * 500, char_end=i * 500 + 499,
            clause_types=rng.sample(TYPES, k=rng.randint(0, 2)),
        )
        for i in range(300)
    ]  # fmt: skip
    mentions = [
        Mention(
            tenant=tenant, entity_id=rng.choice(entities).id, document_id=doc.id,
            section_id=rng.choice(sections).id, surface="x", page=1, char_start=0, char_end=1,
            role=rng.choice([None, None, None, "licensor", "licensee"]),
        )
        for _ in range(500)
    ]  # fmt: skip
    refs = [
        Reference(rng.choice(sections).id, "regulation", f"Reg {rng.randint(1, 30)}", None, 1)
        for _ in range(40)
    ]
    return doc, sections, mentions, refs


def main(n_docs: int = 20) -> None:
    root = Path(tempfile.mkdtemp(prefix="graph-bench-"))
    rng = random.Random(7)
    tenant = "bench"
    try:
        host, port = ensure_falkordb(root)
        store = FalkorDBGraph(host, port, "bench")
        store.ensure_schema()
        entities = [
            Entity(tenant=tenant, canonical_name=f"Company {i} Inc.", type="ORG")
            for i in range(600)
        ]
        writes, docs = [], []
        for _ in range(n_docs):
            doc, sections, mentions, refs = build(tenant, rng, entities)
            used = {m.entity_id for m in mentions}
            ents = [e for e in entities if e.id in used]
            t = time.perf_counter()
            store.write_document(tenant, doc, sections, ents, mentions, refs)
            writes.append(time.perf_counter() - t)
            docs.append((doc, sections))
        med, worst = statistics.median(writes) * 1000, max(writes) * 1000
        print(
            f"write_document x{n_docs} (300 clauses, 500 mentions): "
            f"median {med:.0f} ms, max {worst:.0f} ms"
        )

        def timed(label, fn, reps=20):
            ts = []
            for _ in range(reps):
                t = time.perf_counter()
                fn()
                ts.append(time.perf_counter() - t)
            print(f"{label}: median {statistics.median(ts) * 1000:.1f} ms")

        doc, sections = docs[-1]
        timed("documents_for_entity", lambda: store.documents_for_entity(tenant, "Company 5"))
        timed("clauses(type)", lambda: store.clauses(tenant, doc.id, "Audit Rights"))
        timed(
            "references_from(300)", lambda: store.references_from(tenant, [s.id for s in sections])
        )
        timed("parties", lambda: store.parties(tenant, doc.id))
        timed("run_read_only", lambda: store.run_read_only(
            tenant, "MATCH (c:Clause {tenant: $tenant})-[:REFERENCES]->(r:Regulation) "
            "RETURN r.key AS k, count(c) AS n ORDER BY n DESC", limit=10))  # fmt: skip
        old, new = docs[0][0], docs[1][0]
        t = time.perf_counter()
        store.supersede(tenant, old.id, new.id)
        print(f"supersede: {(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        store.delete_document(tenant, docs[2][0].id)
        print(f"delete_document: {(time.perf_counter() - t) * 1000:.0f} ms")
        print("counts:", store.counts(tenant))
        store.close()
    finally:
        stop_falkordb(root)
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

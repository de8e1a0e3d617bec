"""Bench: PostgresStore.write_document with ~5,000 chunks and ~2,000 facts, then typical reads.

Run: PYTHONPATH=. .venv/bin/python bench/postgres_write.py [DATABASE_URL]
Without a URL an embedded pgserver starts in a temp dir (and is stopped and removed after).
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

from stores.postgres import PostgresStore
from veridict.types import Chunk, Document, Entity, Fact, Mention, Section

WORDS = (
    "indemnify warranty termination confidential audit liability notice renewal payment "
    "invoice license territory exclusivity assignment insurance breach remedy"
).split()


def build(tenant: str, n_chunks: int = 5000, n_facts: int = 2000, n_sections: int = 400):
    rng = random.Random(7)
    doc = Document(
        tenant=tenant,
        doc_key=f"bench_{uuid.uuid4().hex[:6]}",
        title="Bench contract",
        source_path="/bench.pdf",
        sha256=uuid.uuid4().hex * 2,
        n_pages=500,
    )
    chunk_texts = [" ".join(rng.choice(WORDS) for _ in range(120)) for _ in range(n_chunks)]
    text = "\n".join(chunk_texts)
    sections = [
        Section(
            tenant=tenant,
            document_id=doc.id,
            number=str(i),
            title=f"Section {i}",
            page_start=i + 1,
            page_end=i + 1,
            char_start=i,
            char_end=i + 1,
            clause_types=[rng.choice(WORDS)],
            text="x" * 2000,
        )
        for i in range(n_sections)
    ]
    chunks, pos = [], 0
    for i, t in enumerate(chunk_texts):
        chunks.append(
            Chunk(
                tenant=tenant,
                document_id=doc.id,
                section_id=sections[i % n_sections].id,
                ordinal=i,
                text=t,
                page_start=i // 10 + 1,
                page_end=i // 10 + 1,
                char_start=pos,
                char_end=pos + len(t),
            )
        )
        pos += len(t) + 1
    facts = [
        Fact(
            tenant=tenant,
            document_id=doc.id,
            attribute=rng.choice(["amount", "duration"]),
            value_text=f"EUR {i}",
            value_num=float(i),
            unit="EUR",
            page=i // 4 + 1,
            char_start=0,
            char_end=10,
            quote=text[:10],
            method="regex:amount",
        )
        for i in range(n_facts)
    ]
    entities = [
        Entity(
            tenant=tenant, canonical_name=f"Company {i} GmbH", type="ORG", aliases=[f"C{i} GmbH"]
        )
        for i in range(100)
    ]
    mentions = [
        Mention(
            tenant=tenant,
            entity_id=entities[i % 100].id,
            document_id=doc.id,
            surface="Company",
            page=1,
            char_start=0,
            char_end=7,
        )
        for i in range(1000)
    ]
    pages = [(p + 1, p * 1000, (p + 1) * 1000) for p in range(500)]
    return dict(
        doc=doc,
        pages=pages,
        sections=sections,
        chunks=chunks,
        facts=facts,
        entities=entities,
        mentions=mentions,
        text=text,
    )


def timed(label: str, fn, repeat: int = 1):
    start = time.perf_counter()
    for _ in range(repeat):
        out = fn()
    print(f"{label:<48} {(time.perf_counter() - start) / repeat * 1000:8.1f} ms")
    return out


def main(url: str) -> None:
    tenant = f"bench_{uuid.uuid4().hex[:8]}"
    with PostgresStore(url) as store:
        store.migrate()
        parts = build(tenant)
        doc = parts["doc"]
        timed(
            "write_document (5000 chunks, 2000 facts, ...)", lambda: store.write_document(**parts)
        )
        timed("activate", lambda: store.activate(tenant, doc.id))
        timed(
            "lexical_search 'audit liability' (x20)",
            lambda: store.lexical_search(tenant, "audit liability", limit=20),
            20,
        )
        timed(
            "lexical_search any-terms (x20)",
            lambda: store.lexical_search(tenant, "what is the audit notice", limit=20, match="any"),
            20,
        )
        timed(
            "query_facts amount 100..200 (x20)",
            lambda: store.query_facts(tenant, attribute="amount", min_num=100, max_num=200),
            20,
        )
        timed("resolve_entity (x20)", lambda: store.resolve_entity(tenant, "c7 gmbh"), 20)
        timed("purge_document", lambda: store.purge_document(tenant, doc.id))
        store.delete_tenant(tenant)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        from stores.embedded_postgres import ensure_postgres, stop_postgres

        data_dir = Path(tempfile.mkdtemp(prefix="veridict-bench-pg-"))
        try:
            main(ensure_postgres(data_dir))
        finally:
            stop_postgres(data_dir)
            shutil.rmtree(data_dir, ignore_errors=True)

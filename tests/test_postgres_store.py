"""PostgresStore against a real server (embedded pgserver, or VERIDICT_TEST_DATABASE_URL)."""

from __future__ import annotations

import datetime as dt
import hashlib
import threading
import uuid
from pathlib import Path

import psycopg
import pytest
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from stores.errors import StoreError, StoreUnavailable
from stores.postgres import PostgresStore
from veridict.domain.names import alias_key
from veridict.types import Chunk, DocStatus, Document, Entity, Fact, Mention, Section

PAGE_1 = (
    "MASTER SERVICES AGREEMENT\n"
    "1. Parties\n"
    "This Agreement is made between CloudSecure GmbH (the Vendor) and Acme Inc. (the Customer).\n"
)
PAGE_2 = (
    "14. Limitation of Liability\n"
    "14.3 The total liability of the Vendor shall not exceed EUR {cap} per contract year.\n"
    "15. Governing Law\n"
    "This Agreement is governed by the laws of Germany.\n"
)


def _span(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def make_document(
    tenant: str,
    doc_key: str = "cloudsecure_msa",
    version: int = 1,
    cap: str = "1,000,000",
    title: str = "CloudSecure Master Services Agreement",
    entity_names: tuple[str, list[str]] = ("CloudSecure GmbH", ["CS GmbH"]),
) -> dict:
    """A two-page contract with sections, chunks, facts, an entity and mentions (valid offsets)."""
    page_2 = PAGE_2.format(cap=cap)
    text = PAGE_1 + page_2
    doc = Document(
        tenant=tenant,
        doc_key=doc_key,
        title=title,
        source_path=f"/contracts/{doc_key}.pdf",
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        version=version,
        n_pages=2,
        n_chars=len(text),
    )
    pages = [(1, 0, len(PAGE_1)), (2, len(PAGE_1), len(text))]
    s1 = _span(text, "1. Parties")
    s14 = _span(text, "14. Limitation of Liability")
    s15 = _span(text, "15. Governing Law")
    parties = Section(
        tenant=tenant,
        document_id=doc.id,
        number="1",
        title="Parties",
        page_start=1,
        page_end=1,
        char_start=s1[0],
        char_end=len(PAGE_1),
        clause_types=["parties"],
        text=text[s1[0] : len(PAGE_1)],
    )
    liability = Section(
        tenant=tenant,
        document_id=doc.id,
        number="14",
        title="Limitation of Liability",
        page_start=2,
        page_end=2,
        char_start=s14[0],
        char_end=s15[0],
        clause_types=["cap_on_liability"],
        text=text[s14[0] : s15[0]],
    )
    law = Section(
        tenant=tenant,
        document_id=doc.id,
        number="15",
        title="Governing Law",
        page_start=2,
        page_end=2,
        char_start=s15[0],
        char_end=len(text),
        clause_types=["governing_law"],
        text=text[s15[0] :],
    )
    sections = [parties, liability, law]
    chunks = [
        Chunk(
            tenant=tenant,
            document_id=doc.id,
            section_id=s.id,
            ordinal=i,
            text=s.text,
            page_start=s.page_start,
            page_end=s.page_end,
            char_start=s.char_start,
            char_end=s.char_end,
            clause_types=s.clause_types,
        )
        for i, s in enumerate(sections)
    ]
    cap_quote = f"shall not exceed EUR {cap} per contract year"
    c0, c1 = _span(text, cap_quote)
    l0, l1 = _span(text, "governed by the laws of Germany")
    facts = [
        Fact(
            tenant=tenant,
            document_id=doc.id,
            attribute="amount",
            value_text=f"EUR {cap}",
            value_num=float(cap.replace(",", "")),
            unit="EUR",
            qualifier="liability_cap",
            section_id=liability.id,
            section_number="14",
            section_title=liability.title,
            page=2,
            char_start=c0,
            char_end=c1,
            quote=text[c0:c1],
            method="regex:amount",
        ),
        Fact(
            tenant=tenant,
            document_id=doc.id,
            attribute="governing_law",
            value_text="Germany",
            section_id=law.id,
            section_number="15",
            section_title=law.title,
            page=2,
            char_start=l0,
            char_end=l1,
            quote=text[l0:l1],
            method="regex:law",
        ),
        Fact(
            tenant=tenant,
            document_id=doc.id,
            attribute="agreement_date",
            value_text="2024-01-15",
            value_date=dt.date(2024, 1, 15),
            page=1,
            char_start=0,
            char_end=25,
            quote=text[0:25],
            method="regex:date",
        ),
    ]
    name, aliases = entity_names
    entity = Entity(tenant=tenant, canonical_name=name, type="ORG", aliases=aliases)
    m0, m1 = _span(text, "CloudSecure GmbH")
    mentions = [
        Mention(
            tenant=tenant,
            entity_id=entity.id,
            document_id=doc.id,
            section_id=parties.id,
            surface=text[m0:m1],
            page=1,
            char_start=m0,
            char_end=m1,
            role="vendor",
        )
    ]
    return {
        "doc": doc,
        "pages": pages,
        "sections": sections,
        "chunks": chunks,
        "facts": facts,
        "entities": [entity],
        "mentions": mentions,
        "text": text,
    }


def write(store: PostgresStore, parts: dict) -> Document:
    store.write_document(**parts)
    return parts["doc"]


def publish(store: PostgresStore, parts: dict) -> Document:
    """Write a document and make it the active version."""
    doc = write(store, parts)
    store.activate(doc.tenant, doc.id)
    return doc


def other_database_url(pg_url: str, name: str) -> str:
    return make_conninfo(**{**conninfo_to_dict(pg_url), "dbname": name})


# --- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("CloudSecure GmbH", "cloudsecure"),
        ("cloudsecure gmbh.", "cloudsecure"),
        ("CloudSecure,  GmbH", "cloudsecure"),
        ("CS GmbH", "cs"),
        ("Acme, Inc.", "acme"),
        ("Foo Co., Ltd.", "foo"),
        ("Banco Ejemplo S.A.", "banco ejemplo"),
        ("Smith & Jones LLP", "smith jones"),
        ("Deutsche Widget AG", "deutsche widget"),
        ("  Global   Holdings Limited ", "global holdings"),
        ("Inc.", "inc"),  # a bare suffix stays, so the key is never empty
        ("Limited Brands Corp", "limited brands"),  # only trailing suffixes are dropped
    ],
)
def test_alias_key(name, key):
    assert alias_key(name) == key


# --- migrations -------------------------------------------------------------------------------
MIGRATIONS = sorted(
    p.stem for p in (Path(__file__).resolve().parents[1] / "stores" / "migrations").glob("[0-9][0-9][0-9]_*.sql")
)


def test_migrate_is_idempotent(pg_store, pg_url):
    assert pg_store.migrate() == []
    with psycopg.connect(pg_url) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations")]
    assert sorted(versions) == [m[:3] for m in MIGRATIONS]


def test_concurrent_migrate_applies_once(pg_url):
    name = f"veridict_mig_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = other_database_url(pg_url, name)
    results: list = []
    barrier = threading.Barrier(3)

    def run():
        with PostgresStore(url) as store:
            store.ping()
            barrier.wait()
            results.append(store.migrate())

    try:
        threads = [threading.Thread(target=run) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(results) == [[], [], MIGRATIONS]
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def test_unreachable_server_raises_store_unavailable(tmp_path):
    store = PostgresStore(f"postgresql://postgres@/veridict?host={tmp_path}", timeout=2)
    with pytest.raises(StoreUnavailable, match="Postgres is unavailable"):
        store.ping()
    store.close()


# --- write and read back ----------------------------------------------------------------------
def test_write_document_and_read_back(pg_store, tenant):
    parts = make_document(tenant)
    doc = write(pg_store, parts)
    assert pg_store.activate(tenant, doc.id) == []

    stored = pg_store.get_document(tenant, doc.id)
    assert stored.status == DocStatus.active and stored.version == 1 and stored.n_pages == 2
    assert stored.created_at is not None
    assert pg_store.counts(tenant) == {
        "documents": 1,
        "sections": 3,
        "chunks": 3,
        "facts": 3,
        "entities": 1,
        "mentions": 1,
    }
    assert pg_store.pages(tenant, doc.id) == parts["pages"]

    facts = pg_store.query_facts(tenant, attribute="amount")
    assert len(facts) == 1
    fact, fact_doc = facts[0]
    assert fact == parts["facts"][0]
    assert fact_doc.id == doc.id and fact_doc.title == doc.title
    assert pg_store.document_text(tenant, doc.id, fact.char_start, fact.char_end) == fact.quote
    assert pg_store.query_facts(tenant, attribute="agreement_date")[0][0].value_date == dt.date(
        2024, 1, 15
    )
    assert [f.attribute for f, _ in pg_store.query_facts(tenant, min_num=5e5, max_num=2e6)] == [
        "amount"
    ]
    assert pg_store.query_facts(tenant, min_num=2e6) == []
    assert pg_store.query_facts(tenant, qualifier="liability_cap")[0][0].id == fact.id
    assert [f.value_text for f, _ in pg_store.query_facts(tenant, text_contains="germany")] == [
        "Germany"
    ]
    assert pg_store.query_facts(tenant, text_contains="100%_") == []  # LIKE wildcards are literal
    assert len(pg_store.query_facts(tenant, document_ids=[doc.id])) == 3
    assert pg_store.query_facts(tenant, document_ids=["not-a-uuid"]) == []
    assert pg_store.query_facts(tenant, document_ids=[]) == []
    assert pg_store.lexical_search(tenant, "liability", document_ids=[]) == []
    assert len(pg_store.query_facts(tenant, limit=2)) == 2

    hits = pg_store.lexical_search(tenant, "liability exceed")
    assert len(hits) == 1
    chunk, chunk_doc, score = hits[0]
    assert chunk.section_id == parts["sections"][1].id and chunk_doc.id == doc.id and score > 0
    assert chunk.clause_types == ["cap_on_liability"] and chunk.page_start == 2
    assert pg_store.lexical_search(tenant, "liability kangaroo") == []
    any_hits = pg_store.lexical_search(tenant, "what about liability or kangaroos", match="any")
    assert [c.id for c, _, _ in any_hits] == [chunk.id]
    assert pg_store.lexical_search(tenant, "the and of") == []  # only stop words

    ids = [c.id for c in reversed(parts["chunks"])]
    assert [c.id for c, _ in pg_store.get_chunks(tenant, ids)] == ids
    assert pg_store.get_section(tenant, parts["sections"][1].id) == parts["sections"][1]
    by_type = pg_store.sections_by_type(tenant, "governing_law")
    assert [s.number for s, _ in by_type] == ["15"]

    assert pg_store.current_version(tenant, doc.doc_key).id == doc.id
    assert pg_store.find_by_sha(tenant, doc.sha256).id == doc.id
    assert pg_store.find_by_sha(tenant, "0" * 64) is None
    assert [d.id for d in pg_store.find_documents(tenant, "cloudsecure master services")] == [
        doc.id
    ]
    assert [d.id for d in pg_store.find_documents(tenant, "the MSA with CloudSecure")] == [doc.id]
    assert pg_store.find_documents(tenant, "employment agreement") == []


def test_write_is_one_transaction(pg_store, tenant):
    parts = make_document(tenant)
    parts["chunks"][1].id = parts["chunks"][0].id  # duplicate primary key fails the COPY
    with pytest.raises(StoreError):
        pg_store.write_document(**parts)
    assert pg_store.get_document(tenant, parts["doc"].id) is None
    assert pg_store.counts(tenant) == dict.fromkeys(
        ["documents", "sections", "chunks", "facts", "entities", "mentions"], 0
    )


def test_write_rejects_rows_of_another_tenant(pg_store, tenant):
    parts = make_document(tenant)
    parts["facts"][0].tenant = "someone_else"
    with pytest.raises(StoreError, match="tenant"):
        pg_store.write_document(**parts)
    assert pg_store.get_document(tenant, parts["doc"].id) is None


def test_nul_characters_are_stored_without_shifting_offsets(pg_store, tenant):
    parts = make_document(tenant)
    parts["text"] = parts["text"].replace("MASTER", "MAS\x00TER")
    parts["chunks"][0].text = "Parties\x00 section"
    doc = write(pg_store, parts)
    pg_store.activate(tenant, doc.id)
    assert pg_store.document_text(tenant, doc.id, 0, 6) == "MAS TE"
    assert pg_store.get_chunks(tenant, [parts["chunks"][0].id])[0][0].text == "Parties  section"


def test_bulk_write(pg_store, tenant):
    parts = make_document(tenant)
    doc, sec = parts["doc"], parts["sections"][1]
    words = ["indemnify", "warranty", "termination", "confidential", "audit"]
    parts["chunks"] = [
        Chunk(
            tenant=tenant,
            document_id=doc.id,
            section_id=sec.id,
            ordinal=i,
            text=f"Chunk {i}: the parties agree to {words[i % 5]} obligations number {i}.",
            page_start=2,
            page_end=2,
            char_start=i,
            char_end=i + 10,
        )
        for i in range(5000)
    ]
    parts["facts"] = [
        Fact(
            tenant=tenant,
            document_id=doc.id,
            attribute="amount",
            value_text=f"EUR {i}",
            value_num=float(i),
            unit="EUR",
            page=2,
            char_start=0,
            char_end=5,
            quote="MASTE",
            method="regex:amount",
        )
        for i in range(2000)
    ]
    write(pg_store, parts)
    pg_store.activate(tenant, doc.id)
    counts = pg_store.counts(tenant)
    assert counts["chunks"] == 5000 and counts["facts"] == 2000
    assert len(pg_store.lexical_search(tenant, "audit", limit=5000)) == 1000
    assert len(pg_store.query_facts(tenant, min_num=1000, max_num=1009, limit=100)) == 10


# --- visibility and versions ------------------------------------------------------------------
def test_pending_document_is_invisible_until_activated(pg_store, tenant):
    parts = make_document(tenant)
    doc = write(pg_store, parts)
    assert pg_store.get_document(tenant, doc.id).status == DocStatus.pending
    assert pg_store.query_facts(tenant) == []
    assert pg_store.query_facts(tenant, include_superseded=True) == []
    assert pg_store.lexical_search(tenant, "liability") == []
    assert pg_store.get_chunks(tenant, [c.id for c in parts["chunks"]]) == []
    assert pg_store.sections_by_type(tenant, "governing_law") == []
    assert pg_store.get_section(tenant, parts["sections"][0].id) is None
    assert pg_store.current_version(tenant, doc.doc_key) is None
    assert pg_store.list_documents(tenant) == []
    assert pg_store.find_documents(tenant, "CloudSecure") == []
    assert [d.id for d in pg_store.list_documents(tenant, status="pending")] == [doc.id]
    assert [d.id for d in pg_store.incomplete_documents(tenant)] == [doc.id]
    assert pg_store.find_by_sha(tenant, doc.sha256).id == doc.id  # a rerun finds it

    pg_store.activate(tenant, doc.id)
    assert len(pg_store.query_facts(tenant)) == 3
    assert len(pg_store.lexical_search(tenant, "liability")) == 1
    assert pg_store.incomplete_documents(tenant) == []


def test_activate_supersedes_older_version(pg_store, tenant):
    v1 = write(pg_store, make_document(tenant, cap="1,000,000"))
    pg_store.activate(tenant, v1.id)
    assert pg_store.next_version(tenant, v1.doc_key) == 2
    v2 = write(pg_store, make_document(tenant, version=2, cap="2,500,000"))
    assert pg_store.query_facts(tenant, attribute="amount")[0][0].value_num == 1_000_000

    assert pg_store.activate(tenant, v2.id) == [v1.id]
    assert [f.value_num for f, _ in pg_store.query_facts(tenant, attribute="amount")] == [2_500_000]
    both = pg_store.query_facts(tenant, attribute="amount", include_superseded=True)
    assert sorted((d.version, f.value_num) for f, d in both) == [(1, 1_000_000), (2, 2_500_000)]
    assert pg_store.current_version(tenant, v1.doc_key).id == v2.id
    assert pg_store.get_document(tenant, v1.id).status == DocStatus.superseded
    assert [d.id for d in pg_store.list_documents(tenant, status="superseded")] == [v1.id]
    assert {d.id for d in pg_store.list_documents(tenant, status=None)} == {v1.id, v2.id}
    assert [d.version for _, d, _ in pg_store.lexical_search(tenant, "liability")] == [2]
    assert pg_store.next_version(tenant, v1.doc_key) == 3

    with psycopg.connect(pg_store.url) as conn:  # the partial unique index: one active version
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute("UPDATE documents SET status = 'active' WHERE id = %s", (v1.id,))


def test_mark_failed(pg_store, tenant):
    doc = write(pg_store, make_document(tenant))
    pg_store.mark_failed(tenant, doc.id, "parse error: page 3")
    assert pg_store.get_document(tenant, doc.id).status == DocStatus.failed
    assert pg_store.find_by_sha(tenant, doc.sha256) is None
    assert [d.id for d in pg_store.incomplete_documents(tenant)] == [doc.id]
    with pytest.raises(StoreError, match="no document"):
        pg_store.mark_failed(tenant, str(uuid.uuid4()), "x")


# --- deletion ---------------------------------------------------------------------------------
def _rows(pg_url: str, table: str, document_id: str) -> int:
    with psycopg.connect(pg_url) as conn:
        query = sql.SQL("SELECT count(*) FROM {} WHERE document_id = %s").format(
            sql.Identifier(table)
        )
        return conn.execute(query, (document_id,)).fetchone()[0]


def test_purge_document_cascades(pg_store, pg_url, tenant):
    doc = write(pg_store, make_document(tenant))
    pg_store.activate(tenant, doc.id)
    pg_store.ledger_set(tenant, doc.id, "postgres", "done")
    pg_store.purge_document(tenant, doc.id)
    assert pg_store.counts(tenant) == dict.fromkeys(
        ["documents", "sections", "chunks", "facts", "entities", "mentions"], 0
    )
    for table in (
        "document_text",
        "pages",
        "ingestion_ledger",
        "sections",
        "chunks",
        "facts",
        "mentions",
    ):
        assert _rows(pg_url, table, doc.id) == 0, table
    assert pg_store.resolve_entity(tenant, "CloudSecure GmbH") is None
    pg_store.purge_document(tenant, doc.id)  # purging again is a no-op


def test_section_vectors_are_kept_per_tenant_and_go_with_their_document(pg_store, pg_url, tenant):
    """Vectors written with a document's sections come back by section id, as float32, for the writing tenant
    only; a section given none is left out, an id of no written section is not stored, and purging the
    document removes them."""
    parts = make_document(tenant)
    first, second = parts["sections"][0], parts["sections"][1]
    vector = [0.6, 0.8, 0.0]
    write(pg_store, {**parts, "section_vectors": {first.id: vector, "no-such-section": [1.0, 0.0, 0.0]}})
    found = pg_store.section_vectors(tenant, [first.id, second.id, "not-a-uuid"])
    assert list(found) == [first.id]
    assert found[first.id].dtype.name == "float32"
    assert found[first.id].tolist() == pytest.approx(vector)
    assert pg_store.section_vectors(f"{tenant}-other", [first.id]) == {}
    assert pg_store.section_vectors(tenant, []) == {}
    # a backfill adds only what is missing, and only to the tenant's own sections
    assert [s.id for s in pg_store.sections_without_vectors(tenant)] == []  # the document is not active yet
    pg_store.activate(tenant, parts["doc"].id)
    missing = {s.id for s in pg_store.sections_without_vectors(tenant)}
    assert first.id not in missing and missing == {s.id for s in parts["sections"][1:] if s.clause_types}
    assert pg_store.add_section_vectors(f"{tenant}-other", {second.id: vector}) == 0
    assert pg_store.add_section_vectors(tenant, {first.id: [0.0, 1.0, 0.0], second.id: vector}) == 1
    assert pg_store.section_vectors(tenant, [first.id])[first.id].tolist() == pytest.approx(vector)
    pg_store.purge_document(tenant, parts["doc"].id)
    with psycopg.connect(pg_url) as conn:
        left = conn.execute("SELECT count(*) FROM section_vectors WHERE section_id = %s", (first.id,)).fetchone()
    assert left[0] == 0


def test_purge_keeps_entities_other_documents_mention(pg_store, tenant):
    a = write(pg_store, make_document(tenant, doc_key="a"))
    b = write(pg_store, make_document(tenant, doc_key="b"))
    pg_store.purge_document(tenant, a.id)
    assert pg_store.resolve_entity(tenant, "CloudSecure GmbH") is not None
    assert [d.id for d in pg_store.list_documents(tenant, status=None)] == [b.id]


def test_delete_by_key_removes_every_version(pg_store, tenant):
    v1 = write(pg_store, make_document(tenant))
    pg_store.activate(tenant, v1.id)
    v2 = write(pg_store, make_document(tenant, version=2, cap="3,000,000"))
    pg_store.activate(tenant, v2.id)
    other = write(pg_store, make_document(tenant, doc_key="other"))
    assert sorted(pg_store.delete_by_key(tenant, v1.doc_key)) == sorted([v1.id, v2.id])
    assert [d.id for d in pg_store.list_documents(tenant, status=None)] == [other.id]
    assert pg_store.delete_by_key(tenant, v1.doc_key) == []


def test_tenant_isolation(pg_store, tenant):
    parts = make_document(tenant)
    doc = write(pg_store, parts)
    pg_store.activate(tenant, doc.id)
    pg_store.ledger_set(tenant, doc.id, "postgres", "done")
    other = f"{tenant}_b"

    assert pg_store.counts(other) == dict.fromkeys(
        ["documents", "sections", "chunks", "facts", "entities", "mentions"], 0
    )
    assert pg_store.query_facts(other, include_superseded=True) == []
    assert pg_store.lexical_search(other, "liability") == []
    assert pg_store.get_document(other, doc.id) is None
    assert pg_store.get_chunks(other, [c.id for c in parts["chunks"]]) == []
    assert pg_store.get_section(other, parts["sections"][0].id) is None
    assert pg_store.sections_by_type(other, "governing_law") == []
    assert pg_store.document_text(other, doc.id, 0, 10) == ""
    assert pg_store.resolve_entity(other, "CloudSecure GmbH") is None
    assert pg_store.entity_documents(other, parts["entities"][0].id) == []
    assert pg_store.find_by_sha(other, doc.sha256) is None
    assert pg_store.find_documents(other, "CloudSecure") == []
    assert pg_store.list_documents(other, status=None) == []
    assert pg_store.ledger(other, doc.id) == {}
    assert pg_store.next_version(other, doc.doc_key) == 1
    with pytest.raises(StoreError):
        pg_store.activate(other, doc.id)
    with pytest.raises(StoreError):
        pg_store.ledger_set(other, doc.id, "graph", "done")
    pg_store.purge_document(other, doc.id)
    pg_store.delete_by_key(other, doc.doc_key)
    pg_store.delete_tenant(other)
    assert pg_store.counts(tenant)["chunks"] == 3

    # Tenant B's own copy of the contract: each tenant sees only its own, delete_tenant is scoped.
    parts_b = make_document(other)
    write(pg_store, parts_b)
    pg_store.activate(other, parts_b["doc"].id)
    assert len(pg_store.query_facts(other)) == 3 and len(pg_store.query_facts(tenant)) == 3
    pg_store.delete_tenant(tenant)
    assert pg_store.counts(tenant)["documents"] == 0 and pg_store.counts(tenant)["entities"] == 0
    assert pg_store.counts(other)["documents"] == 1
    pg_store.delete_tenant(other)


# --- entities ---------------------------------------------------------------------------------
def test_alias_folding_and_entity_merge(pg_store, pg_url, tenant):
    first = make_document(tenant, doc_key="msa")
    write(pg_store, first)
    pg_store.activate(tenant, first["doc"].id)
    entity_id = first["entities"][0].id

    for name in ("CloudSecure GmbH", "CS GmbH", "cloudsecure gmbh.", "CloudSecure", "cs gmbh"):
        found = pg_store.resolve_entity(tenant, name)
        assert found is not None and found.id == entity_id, name
    found = pg_store.resolve_entity(tenant, "CloudSecure GmbH")
    assert found.canonical_name == "CloudSecure GmbH" and found.type == "ORG"
    assert found.aliases == ["CS GmbH"]
    assert pg_store.resolve_entity(tenant, "Acme") is None

    # A second contract names the same company differently: merged, ids rewritten in place.
    second = make_document(tenant, doc_key="dpa", entity_names=("CS GmbH", ["CloudSecure Gmbh."]))
    given_id = second["entities"][0].id
    write(pg_store, second)
    pg_store.activate(tenant, second["doc"].id)
    assert given_id != entity_id
    assert second["entities"][0].id == entity_id and second["mentions"][0].entity_id == entity_id
    assert pg_store.counts(tenant)["entities"] == 1
    with psycopg.connect(pg_url) as conn:
        keys = conn.execute(
            "SELECT alias_key FROM entity_aliases WHERE tenant = %s ORDER BY alias_key", (tenant,)
        ).fetchall()
    assert [k[0] for k in keys] == ["cloudsecure", "cs"]  # never duplicated
    docs = pg_store.entity_documents(tenant, entity_id)
    assert sorted(d.doc_key for d in docs) == ["dpa", "msa"]

    # Same name, different type: a separate entity.
    third = make_document(tenant, doc_key="person", entity_names=("Cloud Secure", []))
    third["entities"][0].type = "PERSON"
    write(pg_store, third)
    assert third["entities"][0].id != entity_id
    assert pg_store.counts(tenant)["entities"] == 2
    # Superseded or pending documents are not listed for the entity.
    assert sorted(d.doc_key for d in pg_store.entity_documents(tenant, entity_id)) == ["dpa", "msa"]


def test_a_shared_short_name_does_not_merge_parties_of_different_contracts(pg_store, tenant):
    """ "the Company" is a different party in each contract: two contracts whose parties both go by it keep
    two entities, and each name still finds its own contract (before, the second party folded into the first,
    and every later "Company" party with it)."""
    first = make_document(tenant, doc_key="hosting", entity_names=("Deerskin Companies, Inc.", ["Company"]))
    publish(pg_store, first)
    second = make_document(tenant, doc_key="promotion", title="Promotion Agreement",
                           entity_names=("Cyberian Outpost, Inc.", ["Company"]))
    publish(pg_store, second)
    assert second["entities"][0].id != first["entities"][0].id
    assert pg_store.counts(tenant)["entities"] == 2
    outpost = pg_store.resolve_entity(tenant, "Cyberian Outpost")
    assert outpost is not None and outpost.canonical_name == "Cyberian Outpost, Inc."
    assert [d.doc_key for d in pg_store.entity_documents(tenant, outpost.id)] == ["promotion"]
    # a full name with its legal form still folds across contracts
    third = make_document(tenant, doc_key="amendment", title="Amendment",
                          entity_names=("Cyberian Outpost", ["Cyberian Outpost, Inc."]))
    write(pg_store, third)
    assert third["entities"][0].id == outpost.id


def test_a_document_goes_by_its_own_names_not_every_alias_its_parties_gathered(pg_store, tenant):
    """The document-name index reads each contract's own names for its parties: an alias another contract
    gave the same company ("Processor" there, or a misread heading) is not a name of this one (before, a party
    shared by every contract made any alias it had anywhere a name of all of them)."""
    first = make_document(tenant, doc_key="msa")
    publish(pg_store, first)
    second = make_document(tenant, doc_key="dpa", title="Data Processing Addendum",
                           entity_names=("CloudSecure GmbH", ["Processor and Fabrikam Inc. This Addendum"]))
    publish(pg_store, second)
    assert second["entities"][0].id == first["entities"][0].id  # one company, two contracts
    names = pg_store.document_names(tenant)
    for doc in (first["doc"], second["doc"]):
        assert "CloudSecure GmbH" in names[doc.id]
        assert not any("Fabrikam" in n for n in names[doc.id]), names[doc.id]


def test_concurrent_writes_merge_shared_entities(pg_store, tenant):
    names = ["Acme Inc.", "CloudSecure GmbH", "Globex Corp", "Initech LLC"]
    docs = []
    for i, order in enumerate([names, list(reversed(names))] * 2):
        parts = make_document(tenant, doc_key=f"doc{i}")
        parts["entities"] = [Entity(tenant=tenant, canonical_name=n, type="ORG") for n in order]
        parts["mentions"] = []
        docs.append(parts)
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(docs))

    def run(parts):
        barrier.wait()
        try:
            pg_store.write_document(**parts)
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(p,)) for p in docs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert pg_store.counts(tenant)["entities"] == 4
    for name in names:
        ids = {e.id for p in docs for e in p["entities"] if e.canonical_name == name}
        assert ids == {pg_store.resolve_entity(tenant, name).id}, name


def test_rewriting_with_the_same_entity_id_keeps_one_entity(pg_store, tenant):
    v1 = make_document(tenant)
    write(pg_store, v1)
    v2 = make_document(tenant, version=2)
    v2["entities"][0].id = v1["entities"][0].id
    v2["mentions"][0].entity_id = v1["entities"][0].id
    write(pg_store, v2)
    assert pg_store.counts(tenant)["entities"] == 1 and pg_store.counts(tenant)["mentions"] == 2


# --- ledger -----------------------------------------------------------------------------------
def test_ledger(pg_store, tenant):
    doc = write(pg_store, make_document(tenant))
    assert pg_store.ledger(tenant, doc.id) == {}
    pg_store.ledger_set(tenant, doc.id, "parse", "done")
    pg_store.ledger_set(tenant, doc.id, "vectors", "started")
    pg_store.ledger_set(tenant, doc.id, "vectors", "failed", "qdrant: locked")
    ledger = pg_store.ledger(tenant, doc.id)
    assert set(ledger) == {"parse", "vectors"}
    assert (
        ledger["vectors"]["status"] == "failed" and ledger["vectors"]["error"] == "qdrant: locked"
    )
    assert ledger["parse"] == {
        "status": "done",
        "error": None,
        "updated_at": ledger["parse"]["updated_at"],
    }
    assert isinstance(ledger["parse"]["updated_at"], dt.datetime)
    pg_store.ledger_set(tenant, doc.id, "vectors", "done")
    assert pg_store.ledger(tenant, doc.id)["vectors"] == {
        "status": "done",
        "error": None,
        "updated_at": pg_store.ledger(tenant, doc.id)["vectors"]["updated_at"],
    }
    with pytest.raises(ValueError, match="stage"):
        pg_store.ledger_set(tenant, doc.id, "embed", "done")
    with pytest.raises(ValueError, match="status"):
        pg_store.ledger_set(tenant, doc.id, "graph", "ok")
    with pytest.raises(StoreError, match="write_document"):
        pg_store.ledger_set(tenant, str(uuid.uuid4()), "parse", "started")


# --- conversation memory ----------------------------------------------------------------------
def test_chat_history_round_trip(pg_url):
    from langchain_core.messages import AIMessage, HumanMessage

    from stores.chat_memory import chat_history, close_chat_history

    session = str(uuid.uuid4())
    history = chat_history(pg_url, session)
    try:
        history.add_messages([HumanMessage("What is the cap?"), AIMessage("EUR 1,000,000 [1]")])
    finally:
        close_chat_history(history)
    again = chat_history(pg_url, session)  # a new connection reads what the first wrote
    try:
        assert [(m.type, m.content) for m in again.messages] == [
            ("human", "What is the cap?"),
            ("ai", "EUR 1,000,000 [1]"),
        ]
        other = chat_history(pg_url, str(uuid.uuid4()))
        assert other.messages == []
        close_chat_history(other)
    finally:
        close_chat_history(again)


def test_checkpointer_persists_graph_state(pg_url):
    from typing import TypedDict

    from langgraph.graph import END, START, StateGraph

    from stores.chat_memory import checkpointer

    class State(TypedDict):
        turns: int

    def step(state: State) -> State:
        return {"turns": state["turns"] + 1}

    builder = StateGraph(State)
    builder.add_node("step", step)
    builder.add_edge(START, "step")
    builder.add_edge("step", END)
    config = {"configurable": {"thread_id": str(uuid.uuid4())}}
    with checkpointer(pg_url) as saver:
        assert builder.compile(checkpointer=saver).invoke({"turns": 0}, config) == {"turns": 1}
    with checkpointer(pg_url) as saver:  # setup again is harmless; the state survived
        assert builder.compile(checkpointer=saver).get_state(config).values == {"turns": 1}


def test_entities_sharing_an_alias_in_one_write_fold_to_the_full_name(pg_store, tenant):
    """A short form emitted as its own entity folds into the full legal name."""
    from stores.postgres import _fold_batch
    from veridict.types import Entity

    full = Entity(tenant=tenant, canonical_name="CloudSecure GmbH", type="ORG", aliases=["CloudSecure", "CS GmbH"])
    short = Entity(tenant=tenant, canonical_name="CS GmbH", type="ORG")
    other = Entity(tenant=tenant, canonical_name="Northwind Analytics Ltd", type="ORG")
    rep_of = _fold_batch([short, full, other])
    assert rep_of[short.id] is full and rep_of[full.id] is full and rep_of[other.id] is other


def test_a_name_with_its_legal_form_ranks_above_the_bare_name_when_folding():
    from stores.postgres import _name_rank

    full = Entity(tenant="t", canonical_name="CloudSecure GmbH", type="ORG")
    bare = Entity(tenant="t", canonical_name="CloudSecure", type="ORG")
    assert _name_rank(full)[1] == 1 and _name_rank(bare)[1] == 0

"""Graph store on a real FalkorDB (and a Neo4j-driver smoke test over FalkorDB's Bolt port)."""

from __future__ import annotations

import socket
import uuid

import pytest

from stores.errors import QueryRejected, StoreError, StoreUnavailable
from stores.falkordb_graph import FalkorDBGraph
from stores.graph import Reference, check_read_only
from veridict.types import DocStatus, Document, Entity, Mention, Section


def make_document(
    tenant: str,
    doc_key: str = "acme-cloudsecure-msa",
    version: int = 1,
    *,
    document_id: str | None = None,
    status: DocStatus = DocStatus.active,
    regulation: str = "GDPR Art. 83(4)",
    entity_ids: dict[str, str] | None = None,
):
    """A small contract: 3 clauses, 3 entities (2 parties), 1 regulation, 1 clause reference."""
    doc = Document(
        id=document_id or str(uuid.uuid4()),
        tenant=tenant,
        doc_key=doc_key,
        title=f"Master Services Agreement v{version}",
        source_path=f"/contracts/{doc_key}.pdf",
        sha256=uuid.uuid4().hex * 2,
        version=version,
        status=status,
        n_pages=12,
    )
    s_parties = Section(
        tenant=tenant, document_id=doc.id, number="1", title="Parties",
        page_start=1, page_end=1, char_start=0, char_end=400, clause_types=["Parties"],
    )  # fmt: skip
    s_liability = Section(
        tenant=tenant, document_id=doc.id, number="14.3", title="Limitation of Liability",
        page_start=9, page_end=10, char_start=9000, char_end=9800,
        clause_types=["Cap On Liability", "Uncapped Liability"],
    )  # fmt: skip
    s_data = Section(
        tenant=tenant, document_id=doc.id, number="15", title="Data Protection",
        page_start=10, page_end=11, char_start=9800, char_end=11000,
        clause_types=["Data Protection"],
    )  # fmt: skip
    ids = entity_ids or {}
    acme = Entity(
        id=ids.get("acme", str(uuid.uuid4())), tenant=tenant, canonical_name="Acme Corp",
        type="ORG", aliases=["ACME Corporation", "Acme"],
    )  # fmt: skip
    cloud = Entity(
        id=ids.get("cloud", str(uuid.uuid4())), tenant=tenant, canonical_name="CloudSecure GmbH",
        type="ORG", aliases=["CloudSecure"],
    )  # fmt: skip
    berlin = Entity(
        id=ids.get("berlin", str(uuid.uuid4())), tenant=tenant, canonical_name="Berlin", type="GPE"
    )

    def mention(entity: Entity, section: Section, role: str | None = None) -> Mention:
        return Mention(
            tenant=tenant, entity_id=entity.id, document_id=doc.id, section_id=section.id,
            surface=entity.canonical_name, page=section.page_start,
            char_start=section.char_start, char_end=section.char_start + 10, role=role,
        )  # fmt: skip

    mentions = [
        mention(acme, s_parties, "customer"),
        mention(cloud, s_parties, "vendor"),
        mention(cloud, s_liability),
        mention(cloud, s_data),
        mention(berlin, s_data),
    ]
    references = [
        Reference(
            s_liability.id, "regulation", regulation, "General Data Protection Regulation", 10
        ),
        Reference(s_data.id, "clause", "14.3.", None, 11),
    ]
    sections = [s_parties, s_liability, s_data]
    return doc, sections, [acme, cloud, berlin], mentions, references


def write(store, tenant, **kw):
    doc, sections, entities, mentions, references = make_document(tenant, **kw)
    store.write_document(tenant, doc, sections, entities, mentions, references)
    return doc, sections, entities


# ----- write + read back -----------------------------------------------------------------------


def test_write_and_read_back(graph_store, tenant):
    doc, sections, _ = write(graph_store, tenant)
    s_parties, s_liability, s_data = sections

    found = graph_store.documents_for_entity(tenant, "CloudSecure GmbH")
    assert [(d["id"], d["role"], d["status"], d["version"]) for d in found] == [
        (doc.id, "vendor", "active", 1)
    ]
    assert found[0]["title"] == doc.title
    # alias and a spelling variant reach the same entity; a non-party mention has no role
    assert [d["role"] for d in graph_store.documents_for_entity(tenant, "acme corporation")] == [
        "customer"
    ]
    assert [d["role"] for d in graph_store.documents_for_entity(tenant, "berlin")] == [None]
    assert graph_store.documents_for_entity(tenant, "Globex") == []

    clauses = graph_store.clauses(tenant, doc.id)
    assert [c["number"] for c in clauses] == ["1", "14.3", "15"]
    assert clauses[1]["clause_types"] == ["Cap On Liability", "Uncapped Liability"]
    assert (clauses[1]["page_start"], clauses[1]["page_end"]) == (9, 10)
    capped = graph_store.clauses(tenant, doc.id, clause_type="Cap On Liability")
    assert [c["id"] for c in capped] == [s_liability.id]
    assert graph_store.clauses(tenant, doc.id, clause_type="Non-Compete") == []

    refs = graph_store.references_from(tenant, [s_liability.id, s_data.id])
    by_kind = {r["kind"]: r for r in refs}
    assert by_kind["regulation"] == {
        "clause_id": s_liability.id, "kind": "regulation", "key": "GDPR Art. 83(4)",
        "name": "General Data Protection Regulation", "target_id": None, "page": 10,
    }  # fmt: skip
    assert by_kind["clause"]["clause_id"] == s_data.id
    assert by_kind["clause"]["target_id"] == s_liability.id  # "14.3." resolved to clause 14.3
    assert (by_kind["clause"]["key"], by_kind["clause"]["name"]) == (
        "14.3",
        "Limitation of Liability",
    )
    assert graph_store.references_from(tenant, [s_parties.id]) == []

    parties = graph_store.parties(tenant, doc.id)
    assert [(p["name"], p["role"]) for p in parties] == [
        ("Acme Corp", "customer"),
        ("CloudSecure GmbH", "vendor"),
    ]

    counts = graph_store.counts(tenant)
    assert {k: counts[k] for k in ("Document", "Clause", "Entity", "Regulation")} == {
        "Document": 1, "Clause": 3, "Entity": 3, "Regulation": 1,
    }  # fmt: skip
    # 3 CONTAINS + 3 document MENTIONS + 5 clause MENTIONS + 2 PARTY_TO + 2 REFERENCES
    assert counts["CONTAINS"] == 3 and counts["PARTY_TO"] == 2 and counts["REFERENCES"] == 2
    assert counts["MENTIONS"] == 8 and counts["edges"] == 15


def test_pending_document_is_hidden_until_active(graph_store, tenant):
    doc, _, _ = write(graph_store, tenant, status=DocStatus.pending)
    assert graph_store.documents_for_entity(tenant, "Acme Corp") == []
    assert [
        d["status"]
        for d in graph_store.documents_for_entity(tenant, "Acme Corp", active_only=False)
    ] == ["pending"]
    graph_store.set_status(tenant, doc.id, DocStatus.active)
    assert [d["id"] for d in graph_store.documents_for_entity(tenant, "Acme Corp")] == [doc.id]
    with pytest.raises(StoreError):
        graph_store.set_status(tenant, "no-such-document", "active")
    with pytest.raises(StoreError):
        graph_store.set_status(tenant, doc.id, "archived")


def test_rewrite_same_document_is_idempotent(graph_store, tenant):
    doc, sections, entities, mentions, references = make_document(tenant)
    graph_store.write_document(tenant, doc, sections, entities, mentions, references)
    first = graph_store.counts(tenant)
    graph_store.write_document(tenant, doc, sections, entities, mentions, references)
    assert graph_store.counts(tenant) == first
    # a rewrite with fewer clauses leaves none of the dropped ones behind
    graph_store.write_document(tenant, doc, sections[:1], entities[:2], mentions[:2], [])
    counts = graph_store.counts(tenant)
    assert (counts["Clause"], counts["Regulation"], counts.get("REFERENCES", 0)) == (1, 0, 0)
    assert counts["Entity"] == 2  # "Berlin" is no longer mentioned anywhere
    assert [c["number"] for c in graph_store.clauses(tenant, doc.id)] == ["1"]


def test_large_document_is_chunked(graph_store, tenant):
    """300 clauses and 500 mentions through small UNWIND batches land completely."""
    graph_store.batch_size = 37
    doc = Document(
        tenant=tenant, doc_key="big", title="Big", source_path="/big.pdf", sha256="0" * 64
    )
    sections = [
        Section(
            tenant=tenant, document_id=doc.id, number=str(i + 1), title=f"Clause {i + 1}",
            page_start=i // 3 + 1, page_end=i // 3 + 1, char_start=i * 100, char_end=i * 100 + 99,
            clause_types=["Audit Rights"] if i % 10 == 0 else [],
        )
        for i in range(300)
    ]  # fmt: skip
    entities = [Entity(tenant=tenant, canonical_name=f"Party {i}", type="ORG") for i in range(53)]
    mentions = [
        Mention(
            tenant=tenant, entity_id=entities[i % 53].id, document_id=doc.id,
            section_id=sections[i % 300].id, surface="x", page=1, char_start=0, char_end=1,
        )
        for i in range(500)
    ]  # fmt: skip
    refs = [Reference(sections[i].id, "regulation", f"Reg {i % 40}", None, 1) for i in range(120)]
    graph_store.write_document(tenant, doc, sections, entities, mentions, refs)
    counts = graph_store.counts(tenant)
    assert (counts["Clause"], counts["Entity"], counts["Regulation"]) == (300, 53, 40)
    assert counts["CONTAINS"] == 300 and counts["REFERENCES"] == 120
    assert counts["MENTIONS"] == 53 + 500  # document level + 500 distinct (clause, entity) pairs
    assert len(graph_store.clauses(tenant, doc.id, "Audit Rights")) == 30
    assert len(graph_store.references_from(tenant, [s.id for s in sections])) == 120


# ----- versions and deletion ---------------------------------------------------------------------


def test_supersede_leaves_no_stale_clauses_or_edges(graph_store, tenant):
    ids = {"acme": str(uuid.uuid4()), "cloud": str(uuid.uuid4()), "berlin": str(uuid.uuid4())}
    old, old_sections, _ = write(
        graph_store, tenant, version=1, regulation="BDSG § 42", entity_ids=ids
    )
    new, new_sections, _ = write(graph_store, tenant, version=2, entity_ids=ids)

    graph_store.supersede(tenant, old.id, new.id)

    assert graph_store.clauses(tenant, old.id) == []
    assert graph_store.references_from(tenant, [s.id for s in old_sections]) == []
    assert len(graph_store.clauses(tenant, new.id)) == 3
    active = graph_store.documents_for_entity(tenant, "CloudSecure")
    assert [(d["id"], d["version"]) for d in active] == [(new.id, 2)]
    history = graph_store.documents_for_entity(tenant, "CloudSecure", active_only=False)
    assert [(d["id"], d["status"]) for d in history] == [(new.id, "active"), (old.id, "superseded")]

    counts = graph_store.counts(tenant)
    assert counts["Clause"] == 3 and counts["SUPERSEDES"] == 1
    assert counts["Regulation"] == 1  # "BDSG § 42" was only referenced by the old clauses
    rows = graph_store.run_read_only(
        tenant,
        "MATCH (c:Clause {tenant: $tenant})-[:MENTIONS]->(e:Entity) "
        "RETURN DISTINCT c.document_id AS d",
    )
    assert rows == [{"d": new.id}]
    # idempotent: a second call changes nothing
    graph_store.supersede(tenant, old.id, new.id)
    assert graph_store.counts(tenant) == counts
    with pytest.raises(StoreError):  # a failed supersede removes nothing
        graph_store.supersede(tenant, new.id, "missing")
    assert len(graph_store.clauses(tenant, new.id)) == 3


def test_delete_document_removes_orphans_only(graph_store, tenant):
    shared = {"acme": str(uuid.uuid4()), "cloud": str(uuid.uuid4()), "berlin": str(uuid.uuid4())}
    first, _, _ = write(graph_store, tenant, doc_key="a", entity_ids=shared)
    second, _, _ = write(graph_store, tenant, doc_key="b", regulation="CCPA 1798.100")
    before = graph_store.counts(tenant)
    assert before["Entity"] == 6 and before["Regulation"] == 2

    graph_store.delete_document(tenant, second.id)
    after = graph_store.counts(tenant)
    assert (after["Document"], after["Clause"], after["Entity"], after["Regulation"]) == (
        1,
        3,
        3,
        1,
    )
    assert graph_store.clauses(tenant, second.id) == []
    assert [d["id"] for d in graph_store.documents_for_entity(tenant, "Acme Corp")] == [first.id]

    graph_store.delete_document(tenant, first.id)
    assert graph_store.counts(tenant) == {
        "Document": 0,
        "Clause": 0,
        "Entity": 0,
        "Regulation": 0,
        "edges": 0,
    }
    graph_store.delete_document(tenant, first.id)  # deleting twice is harmless


def test_tenant_isolation(graph_store, tenant):
    other = f"{tenant}_other"
    doc_id = str(uuid.uuid4())  # the very same ids in both tenants
    ids = {"acme": str(uuid.uuid4()), "cloud": str(uuid.uuid4()), "berlin": str(uuid.uuid4())}
    mine, my_sections, _ = write(graph_store, tenant, document_id=doc_id, entity_ids=ids)
    write(graph_store, other, document_id=doc_id, version=7, entity_ids=ids, regulation="HIPAA")

    assert [d["version"] for d in graph_store.documents_for_entity(tenant, "Acme Corp")] == [1]
    assert [d["version"] for d in graph_store.documents_for_entity(other, "Acme Corp")] == [7]
    assert len(graph_store.clauses(tenant, doc_id)) == 3
    keys = {r["key"] for r in graph_store.references_from(tenant, [s.id for s in my_sections])}
    assert "HIPAA" not in keys
    rows = graph_store.run_read_only(
        tenant, "MATCH (d:Document {tenant: $tenant}) RETURN d.version AS v"
    )
    assert rows == [{"v": 1}]
    with pytest.raises(QueryRejected):
        graph_store.run_read_only(tenant, "MATCH (d:Document) RETURN d", {"tenant": other})

    graph_store.delete_tenant(other)
    assert graph_store.counts(other)["Document"] == 0
    assert graph_store.counts(tenant)["Clause"] == 3
    assert graph_store.documents_for_entity(tenant, "Acme Corp")[0]["id"] == mine.id


# ----- the free-form read-only tool ---------------------------------------------------------------


WRITES = [
    "MATCH (d:Document {tenant: $tenant}) SET d.status = 'hacked' RETURN d",
    "MATCH (d:Document {tenant: $tenant}) DETACH DELETE d",
    "MATCH (d:Document {tenant: $tenant}) delete d RETURN 1",
    "CREATE (x:Document {tenant: $tenant}) RETURN x",
    "MERGE (x:Entity {tenant: $tenant, id: 'x'}) RETURN x",
    "MATCH (d:Document {tenant: $tenant}) REMOVE d.title RETURN d",
    "MATCH (d:Document {tenant: $tenant}) FOREACH (x IN [1] | SET d.v = x) RETURN d",
    "LOAD CSV FROM 'file:///etc/passwd' AS line WITH line WHERE $tenant IS NOT NULL RETURN line",
    "CALL db.idx.fulltext.drop('Document') RETURN $tenant",
    "CALL dbms.killQueries(['1']) YIELD queryId WHERE $tenant IS NOT NULL RETURN queryId",
    "MATCH (d:Document {tenant: $tenant}) WITH d CALL { WITH d SET d.x = 1 } RETURN d",
    "GRAPH.DELETE veridict $tenant",
    "DROP INDEX ON :Document(id) // $tenant",
    # injection through a value pasted into the text
    "MATCH (d:Document {tenant: $tenant, id: ''}) DETACH DELETE d //'}) RETURN d",
    "MATCH (d:Document {tenant: $tenant}) RETURN d; MATCH (n) DETACH DELETE n",
    "MATCH (d:Document {tenant: $tenant}) RETURN d /* unterminated",
    "MATCH (d:Document {tenant: $tenant}) RETURN 'unterminated",
]


@pytest.mark.parametrize("query", WRITES)
def test_run_read_only_rejects_writes_and_injection(graph_store, tenant, query):
    doc, _, _ = write(graph_store, tenant)
    before = graph_store.counts(tenant)
    with pytest.raises(QueryRejected):
        graph_store.run_read_only(tenant, query)
    assert graph_store.counts(tenant) == before
    assert graph_store.clauses(tenant, doc.id)[0]["title"] == "Parties"


def test_run_read_only_requires_tenant_parameter(graph_store, tenant):
    with pytest.raises(QueryRejected, match="tenant"):
        graph_store.run_read_only(tenant, "MATCH (d:Document) RETURN d.id")
    with pytest.raises(QueryRejected, match="UNION"):  # each branch of a UNION needs it
        graph_store.run_read_only(
            tenant, "MATCH (d:Document {tenant: $tenant}) RETURN d UNION MATCH (d) RETURN d"
        )
    with pytest.raises(QueryRejected, match="tenant"):  # in a string or a comment it does not count
        graph_store.run_read_only(
            tenant, "MATCH (d:Document) WHERE d.x <> '$tenant' RETURN d // $tenant"
        )


def test_run_read_only_allows_keywords_inside_strings_and_comments(graph_store, tenant):
    write(graph_store, tenant)
    rows = graph_store.run_read_only(
        tenant,
        "MATCH (c:Clause {tenant: $tenant}) // we never DELETE here\n"
        "WHERE c.title <> 'delete; DETACH DELETE n' AND c.title <> \"SET x = 1\"\n"
        "RETURN c.number AS number, `c`.title AS `create` ORDER BY c.ordinal // trailing DROP",
    )
    assert [r["number"] for r in rows] == ["1", "14.3", "15"]
    assert rows[0]["create"] == "Parties"
    labels = graph_store.run_read_only(
        tenant, "CALL db.labels() YIELD label WHERE $tenant <> '' RETURN label"
    )
    assert {"Document", "Clause"} <= {r["label"] for r in labels}


def test_run_read_only_caps_rows(graph_store, tenant):
    doc = Document(
        tenant=tenant, doc_key="many", title="Many", source_path="/m.pdf", sha256="1" * 64
    )
    sections = [
        Section(tenant=tenant, document_id=doc.id, number=str(i), page_start=1, page_end=1,
                char_start=i, char_end=i + 1)
        for i in range(40)
    ]  # fmt: skip
    graph_store.write_document(tenant, doc, sections, [], [], [])
    query = "MATCH (c:Clause {tenant: $tenant}) RETURN c.number AS n ORDER BY c.ordinal"
    assert len(graph_store.run_read_only(tenant, query, limit=5)) == 5
    assert len(graph_store.run_read_only(tenant, query + " LIMIT 30", limit=7)) == 7
    assert len(graph_store.run_read_only(tenant, query + " LIMIT 3", limit=7)) == 3
    assert len(graph_store.run_read_only(tenant, query + " LIMIT $n;", {"n": 1000}, limit=4)) == 4
    assert len(graph_store.run_read_only(tenant, query + " // a comment at the end", limit=6)) == 6
    union = query + " UNION ALL " + query
    assert (
        len(graph_store.run_read_only(tenant, union, limit=50)) == 50
    )  # truncated after the fetch
    nodes = graph_store.run_read_only(
        tenant, "MATCH (d:Document {tenant: $tenant}) RETURN d", limit=1
    )
    assert nodes[0]["d"]["title"] == "Many" and nodes[0]["d"]["_labels"] == ["Document"]


def test_store_itself_refuses_writes_in_read_only_mode(graph_store, tenant):
    """Below the guard, FalkorDB's GRAPH.RO_QUERY refuses a write too."""
    doc, _, _ = write(graph_store, tenant)
    with pytest.raises(QueryRejected, match="read-only"):
        graph_store._read_only(
            "MATCH (d:Document {tenant: $tenant}) SET d.title = 'x' RETURN d",
            {"tenant": tenant},
            10,
        )
    assert graph_store.documents_for_entity(tenant, "Acme Corp")[0]["title"] == doc.title


def test_check_read_only_rewrites_limit_and_keeps_text():
    query, params = check_read_only(
        "MATCH (n:Clause {tenant: $tenant})-[:REFERENCES]->(r) // why\nRETURN r.key LIMIT 500;",
        "t1",
        None,
        20,
    )
    assert query == "MATCH (n:Clause {tenant: $tenant})-[:REFERENCES]->(r) RETURN r.key LIMIT 20"
    assert params == {"tenant": "t1"}
    query, _ = check_read_only("MATCH (n {tenant: $tenant}) RETURN n", "t1", {"tenant": "t1"}, 9)
    assert query.endswith("\nLIMIT 9")
    with pytest.raises(QueryRejected):  # a parameter without a value
        check_read_only("MATCH (n {tenant: $tenant, id: $id}) RETURN n", "t1", None, 9)
    with pytest.raises(QueryRejected):  # no RETURN
        check_read_only("MATCH (n {tenant: $tenant})", "t1", None, 9)


def test_unreachable_server_raises_store_unavailable():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    store = FalkorDBGraph("127.0.0.1", port, "nothing")
    with pytest.raises(StoreUnavailable, match="FalkorDB"):
        store.ping()
    with pytest.raises(StoreUnavailable):
        store.clauses("t", "d")


# ----- Neo4j driver: SMOKE TEST against FalkorDB's Bolt port ----------------------------------


def test_neo4j_backend_smoke_over_falkordb_bolt(tmp_path):
    """SMOKE TEST ONLY: Neo4jGraph (official driver, same Cypher constants) against FalkorDB's Bolt.

    This is not a Neo4j test. FalkorDB 4.16's Bolt port is a partial emulation, so the test stays
    to what works there: a tiny document (small parameters, no dates) written and read back.
    What does not work over that port (seen here, documented so nobody "fixes" the test):
    - a parameter over about 4 KB or a returned `date` crashes the server; errors carry no message;
    - explicit transactions always use the graph "falkordb": BEGIN's `db` is ignored, while an
      auto-commit RUN uses the first key of its metadata map as graph name ("db", "mode"). So the
      backend (which only uses execute_read/execute_write) must run on a server of its own;
    - READ access mode is not enforced (a SET in a read transaction is applied), so only the
      query guard protects run_read_only there; real Neo4j refuses it in the READ session;
    - Neo4j 5 `CREATE CONSTRAINT ... REQUIRE` is not understood, so ensure_schema() is skipped;
    - with the AOF on, a Bolt write aborts the server (embedded_falkordb uses RDB when bolt_port).
    """
    from stores.embedded_falkordb import ensure_falkordb, free_bolt_port, stop_falkordb
    from stores.neo4j_graph import Neo4jGraph

    bolt_port = free_bolt_port()  # FalkorDB skips Bolt on ports above 32767
    ensure_falkordb(tmp_path, bolt_port=bolt_port)
    store = Neo4jGraph(f"bolt://127.0.0.1:{bolt_port}", None, None, batch_size=2)
    try:
        store.ping()
        tenant = "smoke"
        ids = {"acme": "e-acme", "cloud": "e-cloud", "berlin": "e-berlin"}
        old, _, _ = write(store, tenant, entity_ids=ids, regulation="BDSG § 42")
        doc, sections, _ = write(store, tenant, version=2, entity_ids=ids)
        store.supersede(tenant, old.id, doc.id)
        assert store.clauses(tenant, old.id) == []
        counts = store.counts(tenant)
        assert (
            counts["Document"],
            counts["Clause"],
            counts["Regulation"],
            counts["SUPERSEDES"],
        ) == (2, 3, 1, 1)
        found = store.documents_for_entity(tenant, "CloudSecure")
        assert [(d["id"], d["role"]) for d in found] == [(doc.id, "vendor")]
        assert [c["number"] for c in store.clauses(tenant, doc.id)] == ["1", "14.3", "15"]
        assert [c["id"] for c in store.clauses(tenant, doc.id, "Data Protection")] == [
            sections[2].id
        ]
        refs = store.references_from(tenant, [sections[1].id])
        assert [(r["kind"], r["key"]) for r in refs] == [("regulation", "GDPR Art. 83(4)")]
        assert {p["role"] for p in store.parties(tenant, doc.id)} == {"customer", "vendor"}
        rows = store.run_read_only(
            tenant, "MATCH (c:Clause {tenant: $tenant}) RETURN c.number AS n", limit=2
        )
        assert len(rows) == 2
        with pytest.raises(QueryRejected):
            store.run_read_only(tenant, "MATCH (c:Clause {tenant: $tenant}) DETACH DELETE c")
        store.delete_document(tenant, doc.id)
        assert store.clauses(tenant, doc.id) == []
        store.delete_tenant(tenant)
        assert store.counts(tenant)["edges"] == 0
    finally:
        store.close()
        stop_falkordb(tmp_path)


def test_reads_on_a_graph_not_yet_created(falkordb_server, tenant):
    store = FalkorDBGraph(*falkordb_server, f"never_written_{tenant}")
    store.ping()
    assert store.clauses(tenant, "x") == []
    assert store.documents_for_entity(tenant, "Acme") == []
    assert store.run_read_only(tenant, "MATCH (d:Document {tenant: $tenant}) RETURN d") == []
    assert store.counts(tenant)["edges"] == 0

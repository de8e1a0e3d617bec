"""Ingestion end to end on real stores: formats, tables to facts, versions,
idempotency, delete, and a store failing mid-ingest leaving nothing visible."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from tests.conftest import SAMPLES
from veridict.types import PASSAGE_VECTOR_CHARS, DocStatus

HISTORY = SAMPLES / "history"
LIBRARY = SAMPLES / "library"
VENDOR = "cloudsecure-vendor-agreement"


def _tenant() -> str:
    return f"t_{uuid.uuid4().hex[:10]}"


def _everywhere(stores, tenant: str, document_id: str) -> dict[str, int]:
    """How much of one document each store holds."""
    pg_chunks = stores.pg.document_chunks(tenant, document_id)
    return {
        "vectors": stores.vectors.count(tenant, document_id),
        "graph_clauses": len(stores.graph.clauses(tenant, document_id)),
        "pg_chunks": len(pg_chunks),
    }


@pytest.fixture(scope="module")
def library(ingestor):
    """The whole sample library in one tenant: the old vendor agreement first."""
    tenant = _tenant()
    first = ingestor.ingest_files([HISTORY / f"{VENDOR}.pdf"], tenant)
    second = ingestor.ingest_files(sorted(LIBRARY.iterdir()), tenant)
    return tenant, first, second


def test_every_format_is_ingested(library, stores):
    tenant, first, second = library
    assert [f.status for f in first.files] == ["ingested"]
    by_name = {Path(f.path).name: f for f in second.files}
    assert set(by_name) == {p.name for p in LIBRARY.iterdir()}
    for name, res in by_name.items():
        assert res.status == "ingested", (name, res.message)
        assert res.chunks > 0 and res.sections > 0, name
        assert stores.vectors.count(tenant, res.document_id) == res.chunks
    formats = {d.format for d in stores.pg.list_documents(tenant)}
    assert formats == {"pdf", "docx", "md", "html"}


def test_tagged_sections_keep_the_vector_their_passage_is_graded_by(library, stores):
    """Every clause-tagged section of an ingested document has a stored vector, the embedding of its passage's
    first characters as the critic would embed it; an untagged section has none."""
    tenant, _, second = library
    document_id = next(f for f in second.files if f.doc_key == VENDOR).document_id
    sections = [s for s in stores.pg.document_sections(tenant, document_id) if s.text.strip()]
    tagged = [s for s in sections if s.clause_types]
    untagged = [s for s in sections if not s.clause_types]
    assert tagged and untagged
    stored = stores.pg.section_vectors(tenant, [s.id for s in sections])
    assert set(stored) == {s.id for s in tagged}
    expected = stores.embedder.embed_documents([s.passage()[:PASSAGE_VECTOR_CHARS] for s in tagged])
    for section, vector in zip(tagged, expected, strict=True):
        assert float(stored[section.id] @ vector) == pytest.approx(1.0, abs=1e-4), section.title


def test_stored_similarities_score_chunks_and_tagged_sections_as_embedding_them_would(library, stores):
    """The grading similarities read from the stores (a chunk's vector, a tagged section's) equal the cosine of
    the question to the passage embedded afresh; an untagged section is left for the caller to embed."""
    from tools.base import ToolContext
    from tools.chunks import stored_similarities

    tenant, _, second = library
    document_id = next(f for f in second.files if f.doc_key == VENDOR).document_id
    sections = [s for s in stores.pg.document_sections(tenant, document_id) if s.text.strip()]
    tagged = next(s for s in sections if s.clause_types)
    untagged = next(s for s in sections if not s.clause_types)
    chunk = stores.pg.document_chunks(tenant, document_id)[0]
    query = stores.embedder.embed_query("Which law governs the agreement?")
    ids = [f"section:{tagged.id}", f"section:{untagged.id}", f"chunk:{chunk.id}"]
    scores = stored_similarities(ToolContext.from_stores(stores, tenant), query, ids)
    assert set(scores) == {f"section:{tagged.id}", f"chunk:{chunk.id}"}
    passage = stores.embedder.embed_documents([tagged.passage()[:PASSAGE_VECTOR_CHARS]])[0]
    assert scores[f"section:{tagged.id}"] == pytest.approx(float(passage @ query), abs=1e-4)
    assert scores[f"chunk:{chunk.id}"] == pytest.approx(
        stores.vectors.similarities(tenant, query, [chunk.id])[chunk.id], abs=1e-6)
    assert stored_similarities(ToolContext.from_stores(stores, f"{tenant}-other"), query, ids) == {}


def test_new_version_supersedes_without_stale_facts_vectors_or_edges(library, stores):
    tenant, first, second = library
    old_id = first.files[0].document_id
    new = next(f for f in second.files if f.doc_key == VENDOR)
    assert new.version == 2 and new.superseded == [old_id]
    assert stores.pg.get_document(tenant, old_id).status == DocStatus.superseded
    # no stale vectors or clauses of v1; its facts are only visible as superseded
    assert stores.vectors.count(tenant, old_id) == 0
    assert stores.graph.clauses(tenant, old_id) == []
    current = stores.pg.query_facts(tenant, attribute="amount", document_ids=[old_id, new.document_id])
    assert current and {d.id for _, d in current} == {new.document_id}
    both = stores.pg.query_facts(
        tenant, attribute="amount", document_ids=[old_id, new.document_id], include_superseded=True
    )
    assert {d.id for _, d in both} == {old_id, new.document_id}
    docs = stores.graph.documents_for_entity(tenant, "CloudSecure GmbH", active_only=True)
    assert docs and old_id not in {d["id"] for d in docs}


def test_breach_penalty_is_a_fact_with_provenance(library, stores):
    tenant, _, second = library
    new = next(f for f in second.files if f.doc_key == VENDOR)
    amounts = stores.pg.query_facts(tenant, attribute="amount", document_ids=[new.document_id])
    values = {(f.value_num, f.unit) for f, _ in amounts}
    assert (1_500_000.0, "EUR") in values
    assert (150_000.0, "EUR") not in values, "the old version's figure must not be current"
    fact = next(f for f, _ in amounts if f.value_num == 1_500_000.0)
    assert fact.page >= 1 and fact.quote and "1,500,000" in fact.quote
    text = stores.pg.document_text(tenant, new.document_id, fact.char_start, fact.char_end)
    assert text == fact.quote


def test_table_cells_become_facts(library, stores):
    tenant, _, second = library
    msa = next(f for f in second.files if f.doc_key == "northwind-msa")
    cells = stores.pg.query_facts(tenant, attribute="table_cell", document_ids=[msa.document_id], limit=200)
    assert cells, "the fee table must be stored as facts"
    by_metric = {(f.metric or "").lower(): f for f, _ in cells if f.value_num}
    support = next(f for m, f in by_metric.items() if "support" in m)
    assert support.value_num == 8500.0 and support.unit == "USD"


def test_aliases_fold_to_one_entity(library, stores):
    tenant, _, _ = library
    a = stores.pg.resolve_entity(tenant, "CloudSecure GmbH")
    b = stores.pg.resolve_entity(tenant, "CS GmbH")
    c = stores.pg.resolve_entity(tenant, "CloudSecure")
    assert a is not None and a.id == getattr(b, "id", None) == getattr(c, "id", None)


def test_same_bytes_again_changes_nothing(library, stores, ingestor):
    tenant, _, _ = library
    before = stores.pg.counts(tenant)
    again = ingestor.ingest_files(sorted(LIBRARY.iterdir()), tenant)
    assert {f.status for f in again.files} == {"unchanged"}
    assert stores.pg.counts(tenant) == before


def test_delete_removes_a_document_from_all_stores(stores, ingestor, tmp_path):
    tenant = _tenant()
    path = tmp_path / "acme-nda.md"
    shutil.copy(LIBRARY / "acme-nda.md", path)
    res = ingestor.ingest_file(path, tenant)
    assert res.status == "ingested"
    removed = ingestor.delete(res.doc_key, tenant)
    assert res.document_id in removed
    assert stores.pg.list_documents(tenant, status=None) == []
    assert stores.vectors.count(tenant) == 0
    assert stores.graph.counts(tenant).get("Document", 0) == 0


def test_backfill_adds_the_section_vectors_an_older_library_lacks(stores, ingestor, tmp_path, pg_url):
    """A document ingested before section vectors were kept (its rows removed here) gets them from `backfill`,
    the same vectors ingest stores; a second run adds none, and another tenant's sections are not touched."""
    import psycopg

    from ingest.section_vectors import backfill

    tenant, other = _tenant(), _tenant()
    for t in (tenant, other):
        path = tmp_path / t / "acme-nda.md"
        path.parent.mkdir()
        shutil.copy(LIBRARY / "acme-nda.md", path)
        assert ingestor.ingest_file(path, t).status == "ingested"
    tagged = [s for d in stores.pg.list_documents(tenant) for s in stores.pg.document_sections(tenant, d.id)
              if s.clause_types and s.text.strip()]
    assert tagged
    ingested = stores.pg.section_vectors(tenant, [s.id for s in tagged])
    with psycopg.connect(pg_url) as conn:
        conn.execute("DELETE FROM section_vectors WHERE tenant = %s", (tenant,))
    assert stores.pg.section_vectors(tenant, [s.id for s in tagged]) == {}
    others_before = len(stores.pg.sections_without_vectors(other))
    assert backfill(stores.pg, stores.embedder, tenant, batch=2) == len(tagged)
    again = stores.pg.section_vectors(tenant, [s.id for s in tagged])
    assert set(again) == set(ingested)
    for section_id, vector in again.items():
        assert float(vector @ ingested[section_id]) == pytest.approx(1.0, abs=1e-4)
    assert backfill(stores.pg, stores.embedder, tenant) == 0
    assert len(stores.pg.sections_without_vectors(other)) == others_before == 0


def test_bad_file_is_rejected_and_leaves_nothing(stores, ingestor, tmp_path):
    tenant = _tenant()
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4\n this is not really a pdf")
    res = ingestor.ingest_file(bad, tenant)
    assert res.status == "rejected" and res.message
    assert stores.pg.list_documents(tenant, status=None) == []
    assert stores.vectors.count(tenant) == 0


class _FailingGraph:
    """The real graph store, with its write failing as if the server went down."""

    def __init__(self, real):
        self._real = real

    def write_document(self, *a, **kw):
        from stores.errors import StoreUnavailable

        raise StoreUnavailable("graph server went away (injected fault)")

    def __getattr__(self, name):
        return getattr(self._real, name)


def test_store_failing_mid_ingest_leaves_nothing_visible_and_rerun_completes(stores, tmp_path):
    from dataclasses import replace

    from ingest.pipeline import Ingestor

    tenant = _tenant()
    path = tmp_path / "northwind-msa.pdf"
    shutil.copy(LIBRARY / "northwind-msa.pdf", path)
    broken = Ingestor(replace(stores, graph=_FailingGraph(stores.graph)))
    res = broken.ingest_file(path, tenant)
    assert res.status == "failed" and "graph" in res.message
    # nothing visible: no active document, no facts, no vectors
    assert stores.pg.list_documents(tenant) == []
    assert stores.pg.query_facts(tenant) == []
    assert stores.vectors.count(tenant) == 0
    ledger = stores.pg.ledger(tenant, res.document_id)
    assert ledger["graph"]["status"] == "failed" and ledger["vectors"]["status"] == "done"
    # a rerun with healthy stores completes it, with nothing duplicated
    ok = Ingestor(stores).ingest_file(path, tenant)
    assert ok.status == "ingested" and ok.version == 1
    docs = stores.pg.list_documents(tenant, status=None)
    assert [d.id for d in docs] == [ok.document_id]
    assert stores.vectors.count(tenant) == ok.chunks

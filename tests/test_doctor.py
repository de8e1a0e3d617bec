"""`veridict doctor` on real stores: healthy when they are, plain about what is wrong when not."""

from __future__ import annotations

from veridict.doctor import check_graph, check_ocr, check_postgres, check_vectors, run_doctor
from veridict.settings import Settings


def test_doctor_reports_every_store_healthy(settings, tmp_path):
    # an embedded vector shard admits one opener: the session's stores, opened by an earlier test, hold the
    # session's, so the doctor checks a shard of its own
    checks = {c.name: c for c in run_doctor(settings.model_copy(update={"qdrant_path": tmp_path / "vectors"}))}
    assert set(checks) == {"postgres", "graph", "vectors", "embeddings", "spacy", "docling", "ocr", "llm"}
    bad = {n: c.detail for n, c in checks.items() if not c.ok}
    assert not bad, bad
    assert "deterministic" in checks["llm"].detail
    assert checks["ocr"].detail.startswith("tesseract") and "eng" in checks["ocr"].detail


def test_doctor_names_a_missing_ocr_language(settings):
    result = check_ocr(settings.model_copy(update={"ocr_language": "eng+zzz"}))
    assert not result.ok and "zzz" in result.detail and result.fix and "tesseract-ocr-zzz" in result.fix


def test_doctor_says_what_is_wrong_when_stores_are_down(tmp_path):
    down = Settings(
        data_dir=tmp_path,
        database_url="postgresql://nobody@127.0.0.1:1/none?connect_timeout=2",
        graph_uri="redis://127.0.0.1:1",
        qdrant_url="http://127.0.0.1:1",
    )
    for check in (check_postgres, check_graph, check_vectors):
        result = check(down)
        assert not result.ok, result
        assert result.fix and "VERIDICT_" in result.fix, result


def test_doctor_names_the_pgvector_engine(tmp_path, pg_url):
    from stores.pgvector_store import PgVectorStore
    from veridict.factory import open_vectors

    pg = Settings(data_dir=tmp_path, database_url=pg_url, vector_backend="pgvector",
                  qdrant_collection="doctor_check")
    store = open_vectors(pg, 384)
    assert isinstance(store, PgVectorStore) and store.url == pg_url
    store.close()
    result = check_vectors(pg)
    assert result.ok, result
    assert "pgvector" in result.detail and "vectors_doctor_check" in result.detail
    down = check_vectors(pg.model_copy(update={
        "database_url": "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"}))
    assert not down.ok and down.fix and "VERIDICT_VECTOR_BACKEND" in down.fix and "pgvector" in down.fix

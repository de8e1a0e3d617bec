"""Bad files, through ingestion, the chat's upload path and the CLI, on the real stores.

Every bad input is answered with a typed error (a stable ``code``) and a message that names the
file and says what to do; it leaves no trace for the tenant in any store (no document, section,
chunk, fact, entity or mention row in Postgres, no vector point, no graph node or edge) and the
rejection is recorded with its code and reason. Bad files are generated in tmp_path
(tests/bad_files.py); nothing binary is committed.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from tests import bad_files as bf
from veridict.chat_view import UnsafeUpload, UploadTooLarge, report_line, safe_upload_name, save_upload

PG_TABLES = ("documents", "sections", "chunks", "facts", "entities", "mentions")


def store_footprint(stores, tenant: str) -> dict:
    """Everything the tenant has in each store, read through the real adapters."""
    graph = stores.graph.counts(tenant)
    return {
        "postgres": stores.pg.counts(tenant),
        "vectors": stores.vectors.count(tenant),
        "graph_nodes": sum(graph[k] for k in ("Document", "Clause", "Entity", "Regulation")),
        "graph_edges": graph["edges"],
    }


def assert_no_trace(stores, tenant: str) -> None:
    assert store_footprint(stores, tenant) == {
        "postgres": dict.fromkeys(PG_TABLES, 0),
        "vectors": 0,
        "graph_nodes": 0,
        "graph_edges": 0,
    }


@dataclass(frozen=True)
class Bad:
    id: str
    make: Callable[[Path], Path]
    name: str
    code: str
    says: tuple[str, ...]  # what the message must tell the user (the fix, not just "error")


CP1252 = "“Fees” are €5,000 – payable within 30 days; Müller & Søn accept. " * 8

BAD_FILES = [
    Bad("zero-byte-pdf", bf.zero_bytes, "contract.pdf", "empty_file", ("empty",)),
    Bad("zero-byte-docx", bf.zero_bytes, "contract.docx", "empty_file", ("empty",)),
    Bad("zero-byte-txt", bf.zero_bytes, "contract.txt", "empty_file", ("empty",)),
    Bad("whitespace-pdf", bf.whitespace_only, "contract.pdf", "empty_file", ("empty",)),
    Bad("whitespace-md", bf.whitespace_only, "notes.md", "empty_file", ("empty",)),
    Bad("truncated-pdf", bf.truncated_pdf, "contract.pdf", "corrupt_file",
        ("truncated", "upload the complete file")),
    Bad("damaged-xref-pdf", bf.damaged_pdf, "contract.pdf", "corrupt_file", ("damaged", "cannot be opened")),
    Bad("encrypted-pdf", bf.encrypted_pdf, "locked.pdf", "encrypted_pdf",
        ("password-protected", "upload an unprotected copy")),
    Bad("blank-scan-pdf", bf.blank_scan, "scan.pdf", "needs_ocr", ("OCR found no text", "blank")),
    Bad("docx-named-pdf", bf.docx_named_pdf, "agreement.pdf", "extension_mismatch",
        ("content is DOCX", "rename it to .docx")),
    Bad("html-named-pdf", bf.html_named_pdf, "agreement.pdf", "extension_mismatch",
        ("content is HTML", "rename it to .html")),
    Bad("text-named-docx", bf.text_named_docx, "agreement.docx", "extension_mismatch",
        ("content is TXT", "rename it to .txt")),
    Bad("pdf-named-docx", bf.pdf_named_docx, "agreement.docx", "extension_mismatch",
        ("content is PDF", "rename it to .pdf")),
    Bad("garbage-pdf", bf.garbage, "noise.pdf", "corrupt_file", ("not a valid PDF",)),
    Bad("garbage-docx", bf.garbage, "noise.docx", "corrupt_file", ("not a valid DOCX",)),
    Bad("zip-named-docx", bf.zip_named_docx, "archive.docx", "corrupt_file", ("no Word document",)),
    Bad("garbage-txt", bf.garbage, "noise.txt", "corrupt_file", ("binary data",)),
    Bad("garbage-md", bf.garbage, "noise.md", "corrupt_file", ("binary data",)),
    Bad("garbage-html", bf.garbage, "noise.html", "corrupt_file", ("binary data",)),
    Bad("latin1-txt", bf.legacy_text, "vertrag.txt", "encoding_error", ("not valid UTF-8", "save it as UTF-8")),
    Bad("cp1252-txt", lambda p: bf.legacy_text(p, "cp1252", CP1252), "fees.txt", "encoding_error",
        ("not valid UTF-8", "save it as UTF-8")),
    Bad("latin1-md", bf.legacy_text, "vertrag.md", "encoding_error", ("not valid UTF-8", "save it as UTF-8")),
    Bad("invalid-utf8-txt", bf.invalid_utf8, "stray.txt", "encoding_error",
        ("byte 0xFF at offset 80", "save it as UTF-8")),
    Bad("3000-page-pdf", bf.many_pages_pdf, "huge.pdf", "too_many_pages", ("3000 pages", "the limit is 2000")),
]


def assert_refused(result, path: Path, bad: Bad) -> None:
    assert result.status == "rejected", (result.status, result.message)
    assert result.code == bad.code, result.message
    assert result.message.startswith(f"{path.name}: "), result.message  # names the file
    for phrase in bad.says:
        assert phrase in result.message, result.message
    assert result.document_id is None and result.chunks == 0


def assert_rejection_recorded(stores, tenant: str, path: Path, code: str, message: str) -> None:
    rows = stores.pg.rejections(tenant)
    assert [(r["path"], r["code"], r["error"]) for r in rows] == [(str(path), code, message)]


# -- ingestion ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", BAD_FILES, ids=lambda b: b.id)
def test_bad_file_is_refused_with_its_reason_and_leaves_no_trace(bad, ingestor, stores, tenant, tmp_path):
    path = bad.make(tmp_path / bad.name)
    result = ingestor.ingest_file(path, tenant)
    assert_refused(result, path, bad)
    assert_no_trace(stores, tenant)
    assert_rejection_recorded(stores, tenant, path, bad.code, result.message)
    assert stores.pg.list_documents(tenant, status=None) == []  # not even a failed row


def test_damaged_xref_is_not_mistaken_for_a_scan(ingestor, tenant, tmp_path):
    """A PDF whose objects are destroyed is corrupt; telling the user to OCR it would mislead."""
    res = ingestor.ingest_file(bf.damaged_pdf(tmp_path / "contract.pdf"), tenant)
    assert res.code == "corrupt_file" and "OCR" not in res.message


@pytest.mark.parametrize("byteorder", ["le", "be"])
def test_utf16_without_bom_is_decoded_not_stored_as_mojibake(byteorder, ingestor, stores, tenant, tmp_path):
    """UTF-16 without a BOM is unambiguous (a NUL in every other byte) and lossless to decode."""
    path = bf.utf16_without_bom(tmp_path / f"vertrag-{byteorder}.txt", byteorder)
    res = ingestor.ingest_file(path, tenant)
    assert res.status == "ingested", res.message
    chunks = stores.pg.document_chunks(tenant, res.document_id)
    text = " ".join(c.text for c in chunks)
    assert "Ausschließlicher Gerichtsstand ist München" in text
    assert "\x00" not in text and "Ã" not in text and "\ufffd" not in text


def test_legacy_encoding_is_readable_when_declared(tmp_path):
    """The refusal of Latin-1 is not a dead end: the parser reads it when the encoding is given."""
    from ingest.parse import Parser

    path = bf.legacy_text(tmp_path / "vertrag.txt")
    assert "München" in Parser(txt_encoding="latin-1").parse(path).text


def test_oversized_file_is_refused_before_it_is_read(stores, settings, tenant, tmp_path):
    from ingest.pipeline import Ingestor

    tiny = Ingestor(replace(stores, settings=settings.model_copy(update={"max_file_mb": 0.001})))
    path = bf.contract_pdf(tmp_path / "contract.pdf")
    assert path.stat().st_size > 0.001 * 1024 * 1024
    res = tiny.ingest_file(path, tenant)
    assert res.status == "rejected" and res.code == "file_too_large"
    assert "the limit is 0.001 MB" in res.message
    assert_no_trace(stores, tenant)
    [row] = stores.pg.rejections(tenant)
    assert row["code"] == "file_too_large" and row["sha256"] is None  # refused before hashing
    assert tiny._parser._converter is None and tiny._extractor is None


def test_thousands_of_pages_are_refused_from_the_page_count_alone(stores, tenant, tmp_path):
    """3,000 pages: refused from the page tree, before Docling converts or the extractor loads."""
    from ingest.pipeline import Ingestor

    path = bf.many_pages_pdf(tmp_path / "huge.pdf", pages=3000)
    fresh = Ingestor(stores)
    t0 = time.perf_counter()
    res = fresh.ingest_file(path, tenant)
    print(f"3000-page PDF ({path.stat().st_size // 1024} KiB) refused in {time.perf_counter() - t0:.3f}s")
    assert res.status == "rejected" and res.code == "too_many_pages"
    assert "3000 pages; the limit is 2000" in res.message
    assert fresh._parser._converter is None, "the page count must be checked before Docling converts"
    assert fresh._extractor is None, "nothing may be extracted from a refused file"
    assert_no_trace(stores, tenant)


def test_page_limit_is_a_setting(stores, settings, tenant, tmp_path):
    from ingest.pipeline import Ingestor

    roomy = Ingestor(replace(stores, settings=settings.model_copy(update={"max_pages": 1})))
    res = roomy.ingest_file(bf.contract_pdf(tmp_path / "two-pages.pdf", pages=2), tenant)
    assert res.code == "too_many_pages" and "2 pages; the limit is 1" in res.message
    assert_no_trace(stores, tenant)


def test_good_files_after_bad_ones_are_ingested_and_the_report_names_the_failures(
    ingestor, stores, tenant, tmp_path
):
    files = [
        bf.zero_bytes(tmp_path / "empty.pdf"),
        bf.contract_pdf(tmp_path / "supply-agreement.pdf", reference="GOOD-1"),
        bf.encrypted_pdf(tmp_path / "locked.pdf"),
        bf.garbage(tmp_path / "noise.docx"),
        bf.contract_docx(tmp_path / "addendum.docx", reference="GOOD-2"),
    ]
    report = ingestor.ingest_files(files, tenant)
    assert [(Path(f.path).name, f.status, f.code) for f in report.files] == [
        ("empty.pdf", "rejected", "empty_file"),
        ("supply-agreement.pdf", "ingested", None),
        ("locked.pdf", "rejected", "encrypted_pdf"),
        ("noise.docx", "rejected", "corrupt_file"),
        ("addendum.docx", "ingested", None),
    ]
    assert [Path(f.path).name for f in report.failed] == ["empty.pdf", "locked.pdf", "noise.docx"]
    summary = report.summary()
    assert "2 ingested, 0 unchanged, 3 rejected, 0 failed" in summary
    assert f"rejected [encrypted_pdf]: {files[2]}: locked.pdf: the PDF is password-protected" in summary
    good = [f for f in report.files if f.status == "ingested"]
    active = stores.pg.list_documents(tenant)
    assert sorted(d.id for d in active) == sorted(f.document_id for f in good)
    assert stores.vectors.count(tenant) == sum(f.chunks for f in good) > 0
    assert stores.graph.counts(tenant)["Document"] == 2
    fees = [fact for fact, _ in stores.pg.query_facts(tenant) if fact.value_num == 120000]
    assert {fact.document_id for fact in fees} == {f.document_id for f in good}
    assert [r["code"] for r in stores.pg.rejections(tenant)] == ["empty_file", "encrypted_pdf", "corrupt_file"]


# -- the same file twice at once ------------------------------------------------------------


def _race(calls: list[Callable[[], object]]) -> list:
    """Run the calls in threads released together; their results (or exceptions) in order."""
    barrier = threading.Barrier(len(calls))
    out: list = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not any(t.is_alive() for t in threads), "a concurrent ingest hung"
    return out


def test_pdf_checks_in_many_threads_at_once_do_not_corrupt_the_process(tmp_path):
    """pdfium is not thread-safe (unguarded, this loop ended in "double free or corruption");
    the parser's pre-check holds Docling's pdfium lock."""
    from ingest.parse import _pdf_precheck

    path = bf.contract_pdf(tmp_path / "supply-agreement.pdf", reference="THREADS")
    expected = _pdf_precheck(path, 100)

    def many() -> list:
        return [_pdf_precheck(path, 100) for _ in range(40)]

    results = _race([many] * 4)
    assert all(r == [expected] * 40 for r in results), results


@pytest.mark.parametrize("ingestors", ["one-ingestor", "two-ingestors"])
def test_same_file_ingested_twice_at_once_gives_one_document(ingestors, ingestor, stores, tenant, tmp_path):
    from ingest.pipeline import Ingestor

    path = bf.contract_pdf(tmp_path / "supply-agreement.pdf", reference="RACE")
    second = ingestor if ingestors == "one-ingestor" else Ingestor(stores)
    results = _race([lambda: ingestor.ingest_file(path, tenant), lambda: second.ingest_file(path, tenant)])
    assert not any(isinstance(r, BaseException) for r in results), results
    assert sorted(r.status for r in results) == ["ingested", "unchanged"], [r.message for r in results]
    done = next(r for r in results if r.status == "ingested")
    assert all(r.document_id == done.document_id and r.version == 1 for r in results)
    [doc] = stores.pg.list_documents(tenant, status=None)
    assert doc.id == done.document_id and doc.status.value == "active"
    # exactly what one ingest of the file writes: the same file alone in a fresh tenant
    reference = f"t_{uuid.uuid4().hex[:10]}"
    assert ingestor.ingest_file(path, reference).status == "ingested"
    assert store_footprint(stores, tenant) == store_footprint(stores, reference)
    assert stores.vectors.count(tenant) == done.chunks


def test_same_bytes_under_two_names_at_once_are_stored_once(ingestor, stores, tenant, tmp_path):
    a = bf.contract_pdf(tmp_path / "agreement-a.pdf", reference="TWINS")
    b = tmp_path / "agreement-b.pdf"
    b.write_bytes(a.read_bytes())
    results = _race([lambda: ingestor.ingest_file(a, tenant), lambda: ingestor.ingest_file(b, tenant)])
    assert not any(isinstance(r, BaseException) for r in results), results
    assert sorted(r.status for r in results) == ["ingested", "unchanged"], [r.message for r in results]
    assert len(stores.pg.list_documents(tenant, status=None)) == 1
    assert stores.graph.counts(tenant)["Document"] == 1


# -- the chat's upload path ------------------------------------------------------------------


@pytest.fixture
def chat_ingest(stores, settings, ingestor, monkeypatch):
    """The API's ``ingest`` graph, in this process, on the session's real stores.

    Returns ``run(paths, tenant) -> (report, lines)``: the report and the lines the chat shows
    for it (from the streamed ``file_done`` events, as app.py renders them).
    """
    import graphs.answer_graph
    import graphs.runtime
    from graphs.ingest_graph import build_ingest_graph

    monkeypatch.setattr(graphs.answer_graph, "process_stores", lambda: (stores, settings))
    monkeypatch.setattr(graphs.runtime, "_ingestor", ingestor)

    def run(paths: list[str], tenant: str) -> tuple[dict, list[str]]:
        report, lines = None, []
        for mode, data in build_ingest_graph().stream(
            {"paths": paths, "tenant": tenant}, stream_mode=["custom", "values"]
        ):
            if mode == "custom" and data.get("event") == "file_done":
                lines.append(report_line(data))
            elif mode == "values" and "report" in data:
                report = data["report"]
        return report, lines

    return run


def _upload(settings, tenant: str, source: Path, name: str | None = None) -> Path:
    return save_upload(settings.upload_dir, tenant, name or source.name, source, settings.max_file_mb)


@pytest.mark.parametrize("bad", BAD_FILES, ids=lambda b: b.id)
def test_bad_upload_in_the_chat_is_refused_with_its_reason_and_leaves_no_trace(
    bad, chat_ingest, stores, settings, tenant, tmp_path
):
    source = bad.make(tmp_path / bad.name)  # the chat's temporary copy of the upload
    saved = _upload(settings, tenant, source)
    assert saved.is_relative_to(settings.upload_dir.resolve() / tenant)
    report, lines = chat_ingest([str(saved)], tenant)
    [f] = report["files"]
    assert (f["status"], f["code"]) == ("rejected", bad.code), f["message"]
    for phrase in bad.says:
        assert phrase in f["message"]
    reason = f["message"][len(f"{saved.name}: "):]
    assert lines == [report_line(f)]
    assert lines[0].startswith(f"- **{saved.name}**: not added — ")
    assert all(w in lines[0] for w in reason.replace("\\", "").split()[:3])
    assert_no_trace(stores, tenant)
    assert_rejection_recorded(stores, tenant, saved, bad.code, f["message"])


def test_oversized_upload_is_not_saved(settings, tenant, tmp_path):
    source = bf.contract_pdf(tmp_path / "contract.pdf")
    with pytest.raises(UploadTooLarge, match=r"the limit is 0.001 MB") as err:
        save_upload(settings.upload_dir, tenant, "contract.pdf", source, max_file_mb=0.001)
    assert err.value.code == "file_too_large"
    assert not (settings.upload_dir / tenant).exists() or not any((settings.upload_dir / tenant).rglob("*"))


def test_oversized_file_reaching_the_api_is_refused_there(chat_ingest, stores, settings, ingestor, tenant,
                                                        tmp_path, monkeypatch):
    """The API enforces the limit too (a client other than the chat may put files there)."""
    import graphs.runtime
    from ingest.pipeline import Ingestor

    tiny = Ingestor(replace(stores, settings=settings.model_copy(update={"max_file_mb": 0.001})))
    monkeypatch.setattr(graphs.runtime, "_ingestor", tiny)
    saved = _upload(settings, tenant, bf.contract_pdf(tmp_path / "contract.pdf"))
    report, lines = chat_ingest([str(saved)], tenant)
    assert report["files"][0]["code"] == "file_too_large"
    assert "the limit is 0.001 MB" in lines[0]
    assert_no_trace(stores, tenant)


TRAVERSAL_NAMES = [
    "../../etc/passwd",
    "../../../../tmp/evil.pdf",
    "/etc/passwd",
    "/tmp/absolute.pdf",
    "..\\..\\windows\\win.ini",
    "C:\\Windows\\contract.pdf",
    "uploads/other-tenant/contract.pdf",
    "contract\x00.pdf",
    "contract.pdf\x00.txt",
    "..",
    ".",
    "",
    "   ",
    "／etc／passwd",  # fullwidth solidus: NFKC makes it "/"
    "..%2f..%2fetc%2fpasswd",
]


@pytest.mark.parametrize("name", TRAVERSAL_NAMES, ids=lambda n: repr(n))
def test_upload_names_that_try_to_leave_the_upload_folder_are_refused(name, settings, tenant, tmp_path):
    source = bf.contract_pdf(tmp_path / "payload.pdf")
    root = tmp_path / "uploads"
    before = sorted(p for p in tmp_path.rglob("*"))
    with pytest.raises(UnsafeUpload, match="refused upload name") as err:
        save_upload(root, tenant, name, source, settings.max_file_mb)
    assert err.value.code == "unsafe_name"
    assert sorted(p for p in tmp_path.rglob("*") if not p.is_relative_to(root)) == before
    assert not root.exists() or not [p for p in root.rglob("*") if p.is_file()]


@pytest.mark.parametrize("tenant_name", ["../other", "/etc", "a/b", "..", "x\x00y"])
def test_a_tenant_that_names_a_path_is_refused(tenant_name, settings, tmp_path):
    source = bf.contract_pdf(tmp_path / "payload.pdf")
    with pytest.raises(UnsafeUpload):
        save_upload(tmp_path / "uploads", tenant_name, "contract.pdf", source, settings.max_file_mb)
    assert not (tmp_path / "uploads").exists() or not any((tmp_path / "uploads").rglob("*"))


@pytest.mark.parametrize(
    "name,saved_as",
    [
        ("Vendor Agreement (v2).pdf", "Vendor Agreement _v2_.pdf"),
        (".hidden.pdf", "hidden.pdf"),
        ("contrat-été.pdf", "contrat-_t_.pdf"),
        ("a" * 300 + ".pdf", "a" * 150),
    ],
)
def test_odd_but_harmless_names_are_saved_inside_the_tenant_folder(name, saved_as, settings, tenant, tmp_path):
    source = bf.contract_pdf(tmp_path / "payload.pdf")
    saved = save_upload(tmp_path / "uploads", tenant, name, source, settings.max_file_mb)
    assert saved.name == saved_as == safe_upload_name(name)
    assert saved.parent.parent == (tmp_path / "uploads" / tenant).resolve()
    assert saved.read_bytes() == source.read_bytes()
    assert [p.name for p in saved.parent.iterdir()] == [saved_as]  # no temporary file left behind


def test_the_api_refuses_paths_outside_the_upload_folder(chat_ingest, stores, settings, tenant, tmp_path):
    outside = bf.contract_pdf(tmp_path / "outside.pdf")
    sneaky = settings.upload_dir / tenant / ".." / ".." / ".." / outside.relative_to("/")
    report, _ = chat_ingest([str(outside), str(sneaky), "/etc/passwd"], tenant)
    assert [(f["status"], f["code"]) for f in report["files"]] == [("rejected", "outside_upload_folder")] * 3
    assert all("outside the upload folder" in f["message"] for f in report["files"])
    assert_no_trace(stores, tenant)


def test_good_upload_after_a_bad_one_is_added(chat_ingest, stores, settings, tenant, tmp_path):
    bad = _upload(settings, tenant, bf.encrypted_pdf(tmp_path / "locked.pdf"))
    good = _upload(settings, tenant, bf.contract_pdf(tmp_path / "supply.pdf", reference="CHAT"))
    report, lines = chat_ingest([str(bad), str(good)], tenant)
    assert [f["status"] for f in report["files"]] == ["rejected", "ingested"]
    assert lines[0].startswith("- **locked.pdf**: not added — the PDF is password-protected")
    assert lines[1].startswith("- **supply.pdf**: ingested as version 1")
    assert len(stores.pg.list_documents(tenant)) == 1


# -- the command line ---------------------------------------------------------------------------


@pytest.fixture
def cli(settings, tenant, tmp_path, monkeypatch):
    """``veridict`` (typer's CliRunner) on the session's Postgres and graph, vectors in tmp_path."""
    from typer.testing import CliRunner

    from veridict.cli import app

    env = {
        "VERIDICT_DATA_DIR": str(settings.data_dir),
        "VERIDICT_DATABASE_URL": settings.database_url,
        "VERIDICT_GRAPH_URI": settings.graph_uri,
        "VERIDICT_GRAPH_NAME": settings.graph_name,
        "VERIDICT_QDRANT_PATH": str(tmp_path / "cli-vectors"),  # the session holds its own folder
        "VERIDICT_TENANT": tenant,
        "COLUMNS": "400",
    }
    for name in ("VERIDICT_QDRANT_URL", "VERIDICT_VECTOR_BACKEND", "VERIDICT_GRAPH_BACKEND",
                 "VERIDICT_MAX_FILE_MB", "VERIDICT_MAX_PAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the checkout

    def run(*args: str):
        return CliRunner().invoke(app, list(args), env=env)

    return run


def _cli_vectors(tmp_path: Path, stores, tenant: str) -> int:
    """Points for the tenant in the vector folder the CLI wrote to (opened after it exited)."""
    from veridict.factory import open_vectors

    cli_settings = stores.settings.model_copy(update={"qdrant_path": tmp_path / "cli-vectors"})
    store = open_vectors(cli_settings, stores.embedder.dim)
    try:
        store.ensure_collection()
        return store.count(tenant)
    finally:
        store.close()


def test_cli_ingest_of_a_bad_file_exits_non_zero_with_the_reason(cli, stores, settings, tenant, tmp_path):
    bad = bf.encrypted_pdf(tmp_path / "bad.pdf")
    result = cli("ingest", str(bad))
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "0 ingested, 0 unchanged, 1 rejected" in said
    assert "[encrypted_pdf]" in said and "bad.pdf: the PDF is password-protected; upload an unprotected copy" in said
    as_json = cli("ingest", "--json", str(bad))
    assert as_json.exit_code == 1
    [f] = json.loads(as_json.stdout)["files"]
    assert (f["status"], f["code"]) == ("rejected", "encrypted_pdf")
    assert stores.pg.counts(tenant) == dict.fromkeys(PG_TABLES, 0)
    assert sum(stores.graph.counts(tenant).values()) == 0
    assert _cli_vectors(tmp_path, stores, tenant) == 0
    assert [r["code"] for r in stores.pg.rejections(tenant)] == ["encrypted_pdf", "encrypted_pdf"]


def test_cli_batch_with_a_bad_file_still_ingests_the_good_one(cli, stores, settings, tenant, tmp_path):
    folder = tmp_path / "batch"
    folder.mkdir()
    bf.truncated_pdf(folder / "a-truncated.pdf")
    bf.contract_pdf(folder / "b-supply.pdf", reference="CLI")
    result = cli("ingest", str(folder))
    said = " ".join(result.output.split())
    assert result.exit_code == 1, said  # a file failed: non-zero, after the rest was done
    assert "1 ingested, 0 unchanged, 1 rejected" in said
    assert "a-truncated.pdf: the PDF is truncated" in said
    [doc] = stores.pg.list_documents(tenant)
    assert doc.doc_key == "b-supply"
    assert _cli_vectors(tmp_path, stores, tenant) > 0


def test_cli_refuses_a_missing_path(cli):
    result = cli("ingest", "/no/such/contract.pdf")
    assert result.exit_code == 2 and "no such file or folder" in result.output

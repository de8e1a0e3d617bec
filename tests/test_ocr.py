"""Scanned contracts on real files: OCR at ingest (tesseract), its quality gate, and the answer.

The scans are made here from a text PDF of the sample library (bench/scan_maker.py: pages
rasterised by pdftoppm at 200 dpi and written back as pictures by Pillow), one page turned a
quarter, one tilted 2 degrees, one blurred and speckled. Needs the tesseract CLI; skips without it.
"""

from __future__ import annotations

import re
import shutil
import uuid
from pathlib import Path

import pytest

from bench import scan_maker
from graphs.answer_graph import answer_question
from ingest.errors import NeedsOCR
from ingest.parse import Parser
from tests.conftest import SAMPLES

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract-ocr is not installed")

VENDOR = SAMPLES / "library" / "cloudsecure-vendor-agreement.pdf"
PENALTY_QUESTION = "What is the data breach penalty in the CloudSecure agreement?"


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser()


@pytest.fixture(scope="module")
def native(parser):
    return parser.parse(VENDOR)


def _page_text(doc, number: int) -> str:
    page = doc.pages[number - 1]
    return doc.text[page.char_start : page.char_end]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _recall(expected: str, got: str) -> float:
    """Share of the expected words found, in order (a word-level diff)."""
    import difflib

    a, b = _words(expected), _words(got)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sum(m.size for m in matcher.get_matching_blocks()) / max(1, len(a))


def _page_of(doc, needle: str) -> int:
    return doc.page_at(doc.text.index(needle))


@pytest.fixture(scope="module")
def scan_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("scans")


@pytest.fixture(scope="module")
def scanned(scan_dir) -> Path:
    """The vendor agreement as a scan: page 2 (the penalty clause) fed sideways, page 3 tilted."""
    return scan_maker.scanned_copy(VENDOR, scan_dir / "cloudsecure-vendor-agreement-scan.pdf",
                                   rotate={2: 90}, skew={3: 2.0})


def test_text_pdf_gets_no_ocr_pass(native):
    assert native.quality.ocr_pages == [] and native.quality.ocr_seconds == 0.0
    assert all(p.ocr_confidence is None for p in native.pages)


def test_scan_is_read_page_by_page_straightened(parser, native, scanned):
    doc = parser.parse(scanned)
    assert doc.quality.ocr_pages == [1, 2, 3, 4]
    assert len(doc.pages) == len(native.pages)
    for n in range(1, len(native.pages) + 1):  # the turned and the tilted page read as well as the others
        assert _recall(_page_text(native, n), _page_text(doc, n)) >= 0.95, n
        assert doc.pages[n - 1].ocr_confidence is not None and doc.pages[n - 1].ocr_confidence >= 85, n
    assert _page_of(doc, "EUR 1,500,000") == _page_of(native, "EUR 1,500,000") == 2


def test_mixed_pdf_keeps_its_text_pages_and_reads_the_image_page(parser, native, scan_dir):
    mixed = scan_maker.mixed_copy(VENDOR, scan_dir / "mixed.pdf", scan_pages=[2])
    shown: list[tuple[str, int, int]] = []  # what the ingest progress line is told
    parser.ocr_progress = lambda name, done, total: shown.append((name, done, total))
    try:
        doc = parser.parse(mixed)
    finally:
        parser.ocr_progress = None
    assert doc.quality.ocr_pages == [2] and shown == [("mixed.pdf", 1, 1)]
    for n in (1, 3, 4):  # text pages: the same text as the original's, character for character
        assert _page_text(doc, n) == _page_text(native, n), n
        assert doc.pages[n - 1].ocr_confidence is None
    assert _recall(_page_text(native, 2), _page_text(doc, 2)) >= 0.95
    assert doc.pages[1].ocr_confidence is not None


def test_blank_scan_is_refused_saying_why(ingestor, stores, scan_dir):
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    path = scan_maker.blank_scan(scan_dir / "blank-scan.pdf")
    result = ingestor.ingest_file(path, tenant)
    assert result.status == "rejected" and result.code == "needs_ocr", result.message
    assert "OCR found no text" in result.message and "blank" in result.message, result.message
    assert stores.pg.list_documents(tenant, status=None) == []
    stores.pg.delete_tenant(tenant)


def test_ocr_turned_off_refuses_a_scan_as_before(scanned):
    with pytest.raises(NeedsOCR, match="no text layer.*OCR is turned off"):
        Parser(ocr_enabled=False).parse(scanned)


@pytest.fixture(scope="module")
def ocr_tenant(ingestor, stores, scanned, scan_dir):
    """One tenant holding the scan; ``poor`` is a later copy of it whose page 2 is blurred and speckled."""
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    (scan_dir / "fax").mkdir()
    poor = scan_maker.scanned_copy(VENDOR, scan_dir / "fax" / scanned.name, degraded={2})
    report = ingestor.ingest_files([scanned], tenant)
    yield tenant, report, poor
    for store in (stores.pg, stores.vectors, stores.graph):
        store.delete_tenant(tenant)


def test_scanned_contract_answers_with_the_right_page(ocr_tenant, stores):
    tenant, report, _ = ocr_tenant
    result = report.files[0]
    assert result.status == "ingested", result.message
    assert result.ocr_pages == 4 and result.ocr_confidence is not None and result.ocr_confidence >= 85
    assert not result.low_quality
    doc = stores.pg.get_document(tenant, result.document_id)
    assert doc is not None and sorted(doc.ocr_pages) == [1, 2, 3, 4] and not doc.low_quality
    assert stores.pg.pages(tenant, doc.id)  # pages stored, with their confidence (below)
    facts = stores.pg.query_facts(tenant, document_ids=[doc.id])
    assert facts and all(f.ocr_confidence is not None for f, _ in facts)

    answer = answer_question(stores, stores.settings, PENALTY_QUESTION, tenant=tenant)
    assert not answer.refused, answer.text
    assert "1,500,000" in answer.text
    cited = [c for c in answer.citations if "1,500,000" in c.quote]
    assert cited and all(c.page == 2 for c in cited), [(c.page, c.quote[:60]) for c in answer.citations]
    assert all(c.ocr_confidence is not None and c.ocr_confidence >= 85 for c in cited)
    assert "read by OCR" not in answer.text  # a good scan needs no warning


def test_low_confidence_page_is_marked_in_the_answer(ocr_tenant, ingestor, stores):
    tenant, _, poor = ocr_tenant
    result = ingestor.ingest_file(poor, tenant)  # a new version of the same agreement
    assert result.status == "ingested" and result.version == 2, result.message
    doc = stores.pg.get_document(tenant, result.document_id)
    assert doc is not None
    low = stores.settings.ocr_low_confidence
    assert stores.settings.ocr_min_confidence <= doc.ocr_pages[2] < low < doc.ocr_pages[1], doc.ocr_pages

    answer = answer_question(stores, stores.settings, PENALTY_QUESTION, tenant=tenant)
    assert not answer.refused, answer.text
    cited = [c for c in answer.citations if c.document_id == doc.id and c.page == 2]
    assert cited, [(c.document_id, c.page) for c in answer.citations]
    assert f"read by OCR, confidence {doc.ocr_pages[2]:.0f} %" in answer.text, answer.text

"""Parsing: every format, exact offsets, tables, and a typed error for each bad input."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from ingest.errors import (
    CorruptFile,
    EmptyFile,
    EncodingError,
    EncryptedPdf,
    ExtensionMismatch,
    FileTooLarge,
    GarbledText,
    IngestError,
    NeedsOCR,
    TooManyPages,
    UnsupportedFormat,
)
from ingest.model import ParsedDocument
from ingest.parse import Parser, parse, sniff_format
from ingest.quality import assess

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
LIBRARY = SAMPLES / "library"
V2 = LIBRARY / "cloudsecure-vendor-agreement.pdf"
V1 = SAMPLES / "history" / "cloudsecure-vendor-agreement.pdf"
MSA = LIBRARY / "northwind-msa.pdf"
DPA = LIBRARY / "cloudsecure-dpa.docx"
NDA = LIBRARY / "acme-nda.md"
RESELLER = LIBRARY / "contoso-reseller.html"


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser()


def assert_consistent(doc: ParsedDocument) -> None:
    """Pages tile the text in order; every element, section and table span is exact."""
    assert doc.text.strip()
    assert [p.number for p in doc.pages] == list(range(1, len(doc.pages) + 1))
    assert doc.pages[0].char_start == 0 and doc.pages[-1].char_end == len(doc.text)
    for a, b in zip(doc.pages, doc.pages[1:], strict=False):
        assert doc.text[a.char_end : b.char_start] == "\n\n"
    for e in doc.elements:
        assert doc.text[e.char_start : e.char_end] == e.text
        page = doc.pages[e.page - 1]
        assert page.char_start <= e.char_start <= e.char_end <= page.char_end
        assert doc.page_at(e.char_start) == e.page
    starts = [e.char_start for e in doc.elements]
    assert starts == sorted(starts)
    for s in doc.sections:
        assert 0 <= s.char_start < s.char_end <= len(doc.text)
        assert doc.page_at(s.char_start) == s.page_start <= s.page_end
        if s.parent_index is not None:
            parent = doc.sections[s.parent_index]
            assert parent.level < s.level
            assert parent.char_start <= s.char_start and s.char_end <= parent.char_end
    for t in doc.tables:
        assert 0 <= t.char_start < t.char_end <= len(doc.text)
        assert t.header and all(len(r) == len(t.header) for r in t.rows)
    assert doc.quality.ok


@pytest.mark.parametrize(
    "path,fmt,pages",
    [
        (V2, "pdf", 4),
        (V1, "pdf", 3),
        (MSA, "pdf", 2),
        (DPA, "docx", 1),
        (NDA, "md", 1),
        (RESELLER, "html", 1),
    ],
    ids=lambda x: x.name if isinstance(x, Path) else str(x),
)
def test_every_sample_format_parses_with_consistent_offsets(parser, path, fmt, pages):
    doc = parser.parse(path)
    assert doc.format == fmt
    assert len(doc.pages) == pages
    assert_consistent(doc)
    assert doc.sections, "numbered clauses expected in every sample"


def test_titles_come_from_the_document(parser):
    assert parser.parse(V2).title == "VENDOR AGREEMENT"
    assert parser.parse(DPA).title == "Data Processing Addendum"
    assert parser.parse(NDA).title == "MUTUAL NON-DISCLOSURE AGREEMENT"
    assert parser.parse(RESELLER).title == "RESELLER AGREEMENT"


def test_a_title_from_the_file_name_leaves_out_an_edgar_exhibits_filer_and_numbers():
    """Without a title block the file name is the title: an EDGAR exhibit's filer, dates and exhibit numbers are
    left out (a reader takes figures in an answer for the contract's own), any other name is kept as it is."""
    from pathlib import Path

    from ingest.parse import _title_from_name

    assert _title_from_name(Path("ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.pdf")) == "ENDORSEMENT AGREEMENT"
    assert _title_from_name(Path("ZtoExpressCaymanInc_20160930_F-1_EX-10.10_9752871_EX-10.10_Transportation "
                                 "Agreement.pdf")) == "Transportation Agreement"
    assert _title_from_name(Path("ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1).pdf")) == (
        "CONSULTING AGREEMENT")
    # a copy's number run into the name is dropped; a figure that stands apart is kept
    assert _title_from_name(Path("BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing "
                                 "Agreement4.pdf")) == "Manufacturing Agreement"
    assert _title_from_name(Path("Acme_EX-10.1_Schedule A1.pdf")) == "Schedule A1"
    assert _title_from_name(Path("northwind_msa_2024-03.pdf")) == "Northwind msa 2024 03"
    assert _title_from_name(Path("EX-10.1.pdf")) == "EX 10.1"


def test_pdf_text_keeps_values_and_drops_nothing(parser):
    v2, v1 = parser.parse(V2), parser.parse(V1)
    assert "EUR 1,500,000" in v2.text and "EUR 150,000" not in v2.text
    assert "EUR 150,000" in v1.text
    assert "Regulation (EU) 2016/679" in v2.text and "Article 33 of the GDPR" in v2.text
    # running header and page number are kept in the text but marked as footers
    footers = [e.text for e in v2.elements if e.kind == "footer"]
    assert "Page 1" in footers and any("Confidential" in f for f in footers)


def test_pdf_fee_table_has_header_and_three_rows(parser):
    doc = parser.parse(MSA)
    assert len(doc.tables) == 1
    t = doc.tables[0]
    assert t.header == ["Service", "Unit", "Fee"]
    assert t.rows == [
        ["Implementation", "per project", "USD 120,000"],
        ["Support", "per month", "USD 8,500"],
        ["Training", "per day", "USD 2,400"],
    ]
    assert t.page == 1
    assert t.caption == "Table 1 - Fee Schedule"
    span = doc.text[t.char_start : t.char_end]
    assert (
        span.startswith("Service") and "USD 120,000" in span and span.rstrip().endswith("USD 2,400")
    )
    table_elements = [e for e in doc.elements if e.kind == "table"]
    assert [(e.char_start, e.char_end) for e in table_elements] == [(t.char_start, t.char_end)]


def test_docling_tables_from_docx_markdown_and_html(parser):
    dpa = parser.parse(DPA).tables
    assert len(dpa) == 1 and dpa[0].header == ["Sub-processor", "Location", "Purpose"]
    assert dpa[0].rows[0] == [
        "EuroColo Rechenzentren AG",
        "Frankfurt, Germany",
        "Data centre hosting",
    ]
    nda = parser.parse(NDA)
    assert nda.tables[0].header == ["Key term", "Value"]
    assert ["Governing law", "England and Wales"] in nda.tables[0].rows
    html = parser.parse(RESELLER)
    assert (
        html.tables[0].header == ["Annual sales tier", "Discount"] and len(html.tables[0].rows) == 3
    )
    for doc in (nda, html):
        t = doc.tables[0]
        assert doc.text[t.char_start : t.char_end].startswith(" | ".join(t.header))


def test_docx_runs_with_mixed_formatting_stay_one_paragraph(parser):
    doc = parser.parse(DPA)
    clause = next(e for e in doc.elements if e.text.startswith("5.1 Notification."))
    assert "seventy-two (72) hours" in clause.text
    assert not any(e.text == "Sub-processor" for e in doc.elements if e.kind != "table")


def test_plain_text_pages_and_offsets(tmp_path, parser):
    p = tmp_path / "contract.txt"
    p.write_text(
        "SERVICES AGREEMENT\n\n1. Term\nThis Agreement runs for two years.\n\f"
        "2. Fees\n2.1 The Client shall pay EUR 10,000\nper month.\n\f",
        encoding="utf-8",
    )
    doc = parser.parse(p)
    assert doc.format == "txt" and len(doc.pages) == 2
    assert_consistent(doc)
    assert doc.text.startswith("SERVICES AGREEMENT")
    fees = next(s for s in doc.sections if s.number == "2.1")
    assert fees.page_start == 2
    assert "EUR 10,000\nper month." in doc.text  # plain text is kept verbatim


def test_utf8_bom_and_utf16_text_decode(tmp_path, parser):
    body = (
        "1. Governing Law\nThis Agreement is governed by the laws of Germany "
        "and § 5 applies to the parties. " * 3
    )
    a = tmp_path / "bom.txt"
    a.write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    b = tmp_path / "u16.txt"
    b.write_bytes(body.encode("utf-16"))
    assert parser.parse(a).text.startswith("1. Governing Law")
    assert "§ 5" in parser.parse(b).text


def test_module_level_parse_wrapper(tmp_path):
    p = tmp_path / "short.md"
    p.write_text(
        "# NDA\n\n1. Term\n\nThe term is two years and the parties agree to it.\n", encoding="utf-8"
    )
    doc = parse(p)
    assert doc.format == "md" and doc.title == "NDA"


# --- bad inputs ---------------------------------------------------------------------


def _pdf_bytes(draw) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_zero_byte_and_whitespace_files_are_empty(tmp_path, parser):
    for name in ("empty.pdf", "empty.docx", "empty.txt"):
        (tmp_path / name).write_bytes(b"")
        with pytest.raises(EmptyFile):
            parser.parse(tmp_path / name)
    (tmp_path / "blank.txt").write_text(" \n\n\t\n\f\n")
    with pytest.raises(EmptyFile):
        parser.parse(tmp_path / "blank.txt")


def test_random_bytes_named_pdf_is_corrupt(tmp_path, parser):
    p = tmp_path / "noise.pdf"
    p.write_bytes(random.Random(7).randbytes(20_000))
    with pytest.raises(CorruptFile, match="not a valid PDF"):
        parser.parse(p)


def test_truncated_pdf_is_corrupt(tmp_path, parser):
    p = tmp_path / "truncated.pdf"
    data = V2.read_bytes()
    p.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptFile, match="truncated"):
        parser.parse(p)


def test_encrypted_pdf_is_refused(tmp_path, parser):
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.pdfgen import canvas

    p = tmp_path / "locked.pdf"
    c = canvas.Canvas(
        str(p), encrypt=StandardEncryption("user-secret", ownerPassword="owner-secret")
    )
    c.drawString(72, 720, "1. Confidentiality. The parties shall keep this agreement secret.")
    c.showPage()
    c.save()
    with pytest.raises(EncryptedPdf, match="password"):
        parser.parse(p)


def test_image_only_pdf_needs_ocr_when_ocr_is_off_or_missing(tmp_path, monkeypatch):
    """With OCR (the default) such a page is read; tests/test_ocr.py covers that."""
    from PIL import Image, ImageDraw
    from reportlab.lib.utils import ImageReader

    img = Image.new("L", (800, 1000), 255)
    d = ImageDraw.Draw(img)
    for i in range(30):  # a "scanned" page: text as pixels, no text layer
        d.text((40, 30 + i * 30), f"{i + 1}. The Supplier shall deliver the goods on time.", fill=0)
        d.line((40, 48 + i * 30, 700, 48 + i * 30), fill=128)
    p = tmp_path / "scan.pdf"
    p.write_bytes(
        _pdf_bytes(lambda c: c.drawImage(ImageReader(img), 40, 60, width=500, height=700))
    )
    with pytest.raises(NeedsOCR, match="no text layer.*OCR is turned off.*run OCR"):
        Parser(ocr_enabled=False).parse(p)
    monkeypatch.setenv("PATH", str(tmp_path))  # a machine without tesseract
    with pytest.raises(NeedsOCR, match="no text layer.*OCR cannot run here.*tesseract is not installed"):
        Parser().parse(p)


def test_pdf_with_broken_font_encoding_is_garbled(tmp_path, parser):
    prose = (
        "The Supplier shall deliver the goods to the Customer on the dates set out in the "
        "order and the "
        "Customer shall pay the price within thirty days of the invoice. "
    )
    shifted = "".join(chr((ord(ch) - 97 + 3) % 26 + 97) if ch.islower() else ch for ch in prose)

    def draw(c):
        for i in range(40):  # what a PDF with a wrong font mapping extracts as
            c.drawString(50, 800 - i * 18, shifted[(i * 7) % 60 : (i * 7) % 60 + 90])

    p = tmp_path / "garbled.pdf"
    p.write_bytes(_pdf_bytes(draw))
    with pytest.raises(GarbledText, match="garbled"):
        parser.parse(p)


def test_quality_judgement_signals():
    good = assess(
        "The Customer shall pay the fees within thirty days of the date of the invoice. " * 20
    )
    assert good.ok and good.alpha_ratio > 0.7
    assert not assess("(cid:12)(cid:44)(cid:7) " * 100).ok
    assert not assess("\ufffd\ufffd x \ufffd " * 100).ok
    assert not assess("xq zzkw pqrt vbnm " * 60).ok
    assert not assess("12 34 56 78 90 %% $$ 1.2.3 " * 40).ok
    assert not assess("", ["", ""]).ok
    partial = assess(
        "The parties agree to the following terms and conditions. " * 40, ["x" * 2000, ""]
    )
    assert partial.ok and "1 of 2 pages" in partial.reason


def test_binary_garbage_with_text_extension_is_corrupt(tmp_path, parser):
    p = tmp_path / "notes.txt"
    p.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(CorruptFile, match="binary"):
        parser.parse(p)


def test_latin1_text_is_an_encoding_error_unless_declared(tmp_path):
    body = (
        "1. Gerichtsstand\nAusschließlicher Gerichtsstand ist München "
        "für alle Streitigkeiten aus diesem Vertrag. " * 3
    )
    p = tmp_path / "vertrag.txt"
    p.write_bytes(body.encode("latin-1"))
    with pytest.raises(EncodingError, match="not valid UTF-8"):
        Parser().parse(p)
    doc = Parser(txt_encoding="latin-1").parse(p)
    assert "München" in doc.text


def test_extension_that_lies_is_refused(tmp_path, parser):
    fake_docx = tmp_path / "agreement.docx"
    fake_docx.write_bytes(MSA.read_bytes())
    with pytest.raises(ExtensionMismatch) as err:
        parser.parse(fake_docx)
    assert err.value.actual == "pdf" and ".pdf" in str(err.value)
    fake_pdf = tmp_path / "addendum.pdf"
    fake_pdf.write_bytes(DPA.read_bytes())
    with pytest.raises(ExtensionMismatch):
        parser.parse(fake_pdf)
    fake_txt = tmp_path / "contract.txt"
    fake_txt.write_bytes(MSA.read_bytes())
    with pytest.raises(ExtensionMismatch):
        parser.parse(fake_txt)
    assert (
        sniff_format(MSA) == "pdf"
        and sniff_format(DPA) == "docx"
        and sniff_format(RESELLER) == "html"
    )


def test_unsupported_formats(tmp_path, parser):
    p = tmp_path / "sheet.xlsx"
    p.write_bytes(b"PK\x03\x04junk")
    with pytest.raises(UnsupportedFormat, match="unsupported file type"):
        parser.parse(p)
    png = tmp_path / "photo.pdf"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 100)
    with pytest.raises(UnsupportedFormat, match="image"):
        parser.parse(png)


def test_size_and_page_limits(tmp_path):
    with pytest.raises(FileTooLarge, match="limit is 0.001 MB"):
        Parser(max_file_mb=0.001).parse(V2)
    limited = Parser(max_pages=3)
    with pytest.raises(TooManyPages) as err:
        limited.parse(V2)
    assert err.value.pages == 4
    assert limited._converter is None, "page count must be checked before Docling converts"
    txt = tmp_path / "long.txt"
    txt.write_text("\f".join(f"{i}. Clause text for page {i}." for i in range(1, 6)))
    with pytest.raises(TooManyPages):
        Parser(max_pages=3).parse(txt)


def test_every_error_is_an_ingest_error_with_the_file_name(tmp_path, parser):
    p = tmp_path / "empty.pdf"
    p.write_bytes(b"")
    with pytest.raises(IngestError) as err:
        parser.parse(p)
    assert str(err.value).startswith("empty.pdf:") and err.value.code == "empty_file"


def test_missing_file(tmp_path, parser):
    with pytest.raises(FileNotFoundError):
        parser.parse(tmp_path / "nope.pdf")


def test_pipeline_choice_is_validated():
    with pytest.raises(ValueError):
        Parser(pdf_pipeline="fancy")  # type: ignore[arg-type]
    assert Parser(pdf_pipeline="standard").pdf_pipeline == "standard"


def test_scan_with_a_typed_running_header_is_a_scan(tmp_path):
    """A typed header and page number over a page-sized image: the page is OCRed (or, with OCR
    off, refused as a scan); the header alone does not make it a text page."""
    from PIL import Image, ImageDraw
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    img = Image.new("L", (600, 800), 255)
    ImageDraw.Draw(img).text((40, 40), "1. The Supplier shall deliver the goods.", fill=0)
    p = tmp_path / "stamped-scan.pdf"
    c = canvas.Canvas(str(p), pagesize=A4, invariant=1)
    for n in range(1, 4):  # each page: a typed header and page number over a scanned image
        c.drawString(72, 810, "Acme Supply Agreement - Confidential")
        c.drawImage(ImageReader(img), 40, 60, width=500, height=700)
        c.drawString(290, 30, f"Page {n}")
        c.showPage()
    c.save()
    from ingest.parse import _pdf_precheck

    assert _pdf_precheck(p, 100)[3] == [1, 2, 3]  # the pages OCR will read
    with pytest.raises(NeedsOCR):
        Parser(ocr_enabled=False).parse(p)

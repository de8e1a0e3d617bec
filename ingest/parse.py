"""Parse a contract file (PDF, DOCX, HTML, Markdown, plain text) into a ParsedDocument.

    parser = Parser(pdf_pipeline="native")      # builds the Docling converter once, lazily
    doc = parser.parse(Path("contract.pdf"))    # -> ParsedDocument, or raises an IngestError

``parse(path)`` is a one-off wrapper around a fresh Parser.

Text: pages joined by "\\n\\n"; inside a page, blocks (paragraphs, headings,
table runs) are separated by "\\n\\n"; a PDF paragraph's visual lines are joined
by a space. Every element, section and table span indexes that text exactly.

Checks before converting: size (FileTooLarge), content vs extension (a file
whose content is another supported format than its name says raises
ExtensionMismatch rather than being parsed by its true type), PDF password
(EncryptedPdf), structure (CorruptFile) and page count (TooManyPages).
PDF pages without a usable text layer (scans) are read by OCR first (ingest/ocr.py) and
Docling converts the PDF with those pages' new text layer; a PDF with text on every page is
converted as it is. After converting: no text layer (NeedsOCR: OCR off or missing, or a scan
it could not read) and garbled text (GarbledText).

Plain text must be UTF-8 (a BOM is honoured) or UTF-16: with its BOM, or
without one when every other byte is NUL (ASCII-range text in UTF-16LE/BE,
unambiguous and lossless). Other bytes (Latin-1, Windows-125x, stray invalid
bytes) raise EncodingError naming the offset and a likely encoding; pass
``txt_encoding="cp1252"`` (say) to read such a file deliberately. We refuse
rather than guess a single-byte code page because a wrong guess silently
corrupts quoted amounts, names and section signs (mojibake in a citation).

A file holding nothing but whitespace is EmptyFile whatever its extension.

Size: one Parser for five formats plus the PDF layout recovery that Docling's native pipeline does not
do (lines to paragraphs, page furniture, ruled tables through pdfplumber); the PDF part is the piece to move
out next.
"""

from __future__ import annotations

import bisect
import codecs
import io
import re
import statistics
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from ingest import layout, ocr, quality, structure, tables
from ingest.errors import (
    CorruptFile,
    EmptyFile,
    EncodingError,
    EncryptedPdf,
    ExtensionMismatch,
    FileTooLarge,
    IngestError,
    NeedsOCR,
    ParserUnavailable,
    TooManyPages,
    UnsupportedFormat,
)
from ingest.model import Element, Page, ParsedDocument, Table

PdfPipeline = Literal["native", "standard"]

_EXTENSIONS = {
    "pdf": "pdf",
    "docx": "docx",
    "html": "html",
    "htm": "html",
    "xhtml": "html",
    "md": "md",
    "markdown": "md",
    "txt": "txt",
    "text": "txt",
}
_TEXT_FORMATS = {"html", "md", "txt"}
_BLANK_CHECK_BYTES = 64 * 1024  # files up to this size are read to tell "only whitespace"


# --- format sniffing -----------------------------------------------------------


def _content_type(path: Path, head: bytes) -> str:
    """What the bytes are: pdf, docx, doc, xlsx, pptx, odf, zip, rtf, image, html, text, binary."""
    if b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(path) as z:
                names = set(z.namelist())
        except zipfile.BadZipFile:
            return "zip"
        if "word/document.xml" in names:
            return "docx"
        if any(n.startswith("xl/") for n in names):
            return "xlsx"
        if any(n.startswith("ppt/") for n in names):
            return "pptx"
        if "mimetype" in names:
            return "odf"
        return "zip"
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "doc"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith((b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"II*\x00", b"MM\x00*")):
        return "image"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _utf16_without_bom(head):
        return "text"
    sample = head[:8192]
    if b"\x00" in sample:
        return "binary"
    controls = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    if sample and controls / len(sample) > 0.02:
        return "binary"
    lead = sample.lstrip(codecs.BOM_UTF8).lstrip().lower()
    if lead.startswith((b"<!doctype html", b"<html")):
        return "html"
    return "text"


_DESCRIBE = {
    "doc": "a legacy Word (.doc) file",
    "xlsx": "an Excel workbook",
    "pptx": "a PowerPoint deck",
    "odf": "an OpenDocument file",
    "zip": "a ZIP archive",
    "rtf": "an RTF document",
    "image": "an image",
    "binary": "binary data",
}


def sniff_format(path: Path) -> str:
    """The format to parse ``path`` as (pdf|docx|html|md|txt), checked against its magic bytes.

    Raises UnsupportedFormat (unknown extension or unsupported content),
    ExtensionMismatch (content is another supported format), CorruptFile
    (content fits no format, e.g. random bytes named .pdf or .txt).
    """
    path = Path(path)
    ext = path.suffix.lower().lstrip(".")
    fmt = _EXTENSIONS.get(ext)
    if fmt is None:
        raise UnsupportedFormat(
            path, f"unsupported file type '.{ext}'; upload PDF, DOCX, HTML, Markdown or plain text"
        )
    with path.open("rb") as fh:
        head = fh.read(8192)
    actual = _content_type(path, head)
    if fmt in _TEXT_FORMATS and actual in ("text", "html"):
        if actual == "html" and fmt != "html":
            raise ExtensionMismatch(path, ext, "html")
        return fmt
    if actual == fmt:
        return fmt
    if actual in ("pdf", "docx"):
        raise ExtensionMismatch(path, ext, actual)
    if actual == "html":  # a web page saved under a .pdf or .docx name
        raise ExtensionMismatch(path, ext, "html")
    if actual == "text" and not _pdf_syntax(head):  # plain text named .pdf / .docx
        raise ExtensionMismatch(path, ext, "txt")
    if actual in _DESCRIBE and actual != "binary" and actual != "zip":
        raise UnsupportedFormat(
            path,
            f"the name says .{ext} but the content is {_DESCRIBE[actual]}, which is not supported",
        )
    if fmt == "pdf":
        raise CorruptFile(
            path, "not a valid PDF (no %PDF header); the file is damaged or not a PDF"
        )
    if fmt == "docx":
        raise CorruptFile(
            path, "not a valid DOCX (no Word document inside); the file is damaged or not a DOCX"
        )
    raise CorruptFile(
        path, f"the file holds {_DESCRIBE.get(actual, 'binary data')}, not {fmt.upper()} text"
    )


# --- the parser --------------------------------------------------------------------


class Parser:
    """Holds one Docling converter (built on first use) and parses files with it."""

    def __init__(
        self,
        *,
        pdf_pipeline: PdfPipeline = "native",
        max_file_mb: float = 50.0,
        max_pages: int = 2000,
        txt_encoding: str | None = None,
        pdf_tables: bool = True,
        pdf_backend: Literal["docling-parse", "pypdfium"] = "docling-parse",
        ocr_enabled: bool = True,
        ocr_language: str = "eng",
        ocr_dpi: int = 300,
        ocr_jobs: int = 1,
        ocr_min_confidence: float = 50.0,
    ) -> None:
        if pdf_pipeline not in ("native", "standard"):
            raise ValueError(f"pdf_pipeline must be 'native' or 'standard', not {pdf_pipeline!r}")
        self.pdf_pipeline = pdf_pipeline
        self.max_file_mb = max_file_mb
        self.max_pages = max_pages
        self.txt_encoding = txt_encoding
        self.pdf_tables = pdf_tables
        if pdf_backend not in ("docling-parse", "pypdfium"):
            raise ValueError(
                f"pdf_backend must be 'docling-parse' or 'pypdfium', not {pdf_backend!r}"
            )
        self.pdf_backend = pdf_backend
        self.ocr_enabled = ocr_enabled
        self.ocr_language = ocr_language
        self.ocr_dpi = ocr_dpi
        self.ocr_jobs = ocr_jobs
        self.ocr_min_confidence = ocr_min_confidence
        self.ocr_progress: Callable[[str, int, int], None] | None = None  # (file name, done, total)
        self._converter = None

    @classmethod
    def from_settings(cls, settings) -> Parser:
        return cls(
            pdf_pipeline=settings.pdf_pipeline,
            max_file_mb=settings.max_file_mb,
            max_pages=settings.max_pages,
            ocr_enabled=settings.ocr,
            ocr_language=settings.ocr_language,
            ocr_dpi=settings.ocr_dpi,
            ocr_jobs=settings.ocr_jobs,
            ocr_min_confidence=settings.ocr_min_confidence,
        )

    # -- public

    def parse(self, path: Path | str) -> ParsedDocument:
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(path)
        self.check_size(path)
        fmt = sniff_format(path)
        if fmt == "pdf":
            return self._parse_pdf(path)
        if fmt == "txt":
            return self._parse_txt(path)
        return self._parse_docling(path, fmt)

    def check_size(self, path: Path) -> None:
        """EmptyFile / FileTooLarge from the file's size (and, when small, its bytes): cheap,
        so callers run it before hashing or reading a file of any size."""
        size = path.stat().st_size
        if size == 0:
            raise EmptyFile(path)
        if size > self.max_file_mb * 1024 * 1024:
            raise FileTooLarge(path, size / (1024 * 1024), self.max_file_mb)
        if size <= _BLANK_CHECK_BYTES:
            raw = path.read_bytes()
            if raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            if not raw.strip(b" \t\r\n\f\v\x00"):
                raise EmptyFile(path)

    # -- Docling

    def converter(self):
        """The Docling converter, imported and built on first use."""
        if self._converter is None:
            from docling.datamodel.base_models import InputFormat
            from docling.document_converter import DocumentConverter, PdfFormatOption

            if self.pdf_pipeline == "native":
                from docling.datamodel.pipeline_options import NativePdfPipelineOptions
                from docling.pipeline.native_pdf_pipeline import NativePdfPipeline

                extra = {}
                if self.pdf_backend == "pypdfium":  # about 2x faster; lines split less cleanly
                    from docling.backend.pypdfium2_backend import PyPdfiumDocumentBackend

                    extra["backend"] = PyPdfiumDocumentBackend
                pdf_option = PdfFormatOption(
                    pipeline_cls=NativePdfPipeline,
                    pipeline_options=NativePdfPipelineOptions(generate_page_images=False),
                    **extra,
                )
            else:
                pdf_option = PdfFormatOption()
            self._converter = DocumentConverter(
                allowed_formats=[
                    InputFormat.PDF,
                    InputFormat.DOCX,
                    InputFormat.HTML,
                    InputFormat.MD,
                ],
                format_options={InputFormat.PDF: pdf_option},
            )
        return self._converter

    def _convert(self, path: Path, source=None):
        """Docling's document for ``path`` (or for ``source``, a DocumentStream of its content)."""
        from docling.datamodel.base_models import ConversionStatus

        try:
            res = self.converter().convert(source or path, raises_on_error=False)
        except IngestError:
            raise
        except Exception as exc:  # docling raises plain exceptions for unreadable input
            if self.pdf_pipeline == "standard" and _looks_offline(exc):
                raise ParserUnavailable(
                    path,
                    "the standard PDF pipeline needs layout models that are not available "
                    f"here ({exc})",
                ) from exc
            raise CorruptFile(
                path, f"the file could not be read ({type(exc).__name__}: {exc})"
            ) from exc
        if (
            res.status not in (ConversionStatus.SUCCESS, ConversionStatus.PARTIAL_SUCCESS)
            or res.document is None
        ):
            msgs = "; ".join(e.error_message for e in res.errors)[:300]
            raise CorruptFile(path, f"the file could not be read ({msgs or res.status.value})")
        return res.document

    # -- PDF

    def _parse_pdf(self, path: Path) -> ParsedDocument:
        n_pages, table_pages, chars, scans = _pdf_precheck(path, self.max_pages)
        if chars == 0:  # no text layer anywhere: every page is worth reading, images or not
            scans = list(range(1, n_pages + 1))
        if not scans:  # a text PDF: read as it is, no OCR pass
            return self._parse_pdf_file(path, path, n_pages, table_pages)
        if not self.ocr_enabled:
            if chars == 0:
                raise NeedsOCR(path, _NO_TEXT_LAYER + "OCR is turned off here (VERIDICT_OCR); " + _RUN_OCR)
            return self._parse_pdf_file(path, path, n_pages, table_pages)
        with tempfile.TemporaryDirectory(prefix="veridict-ocr-") as tmp:
            from docling.utils.locks import pypdfium2_lock

            try:
                result = ocr.run(
                    path, scans, Path(tmp), language=self.ocr_language, dpi=self.ocr_dpi,
                    jobs=self.ocr_jobs, lock=pypdfium2_lock, progress=self._ocr_progress(path),
                )
            except ocr.OcrUnavailable as exc:
                if chars == 0:
                    raise NeedsOCR(path, f"{_NO_TEXT_LAYER}OCR cannot run here ({exc}); {_RUN_OCR}") from exc
                return self._parse_pdf_file(path, path, n_pages, table_pages)  # its text pages, as before
            _refuse_unreadable(path, result, n_pages - len(scans), self.ocr_min_confidence)
            return self._parse_pdf_file(path, result.path, n_pages, table_pages, result)

    def _ocr_progress(self, path: Path):
        report = self.ocr_progress
        if report is None:
            return None
        return lambda done, total: report(path.name, done, total)

    def _parse_pdf_file(
        self, path: Path, source: Path, n_pages: int, table_pages: list[int], ocr_result=None
    ) -> ParsedDocument:
        """Convert ``source`` (``path`` itself, or its copy with OCR pages) into the document."""
        doc = self._convert(source)
        if self.pdf_pipeline == "standard":
            blocks_by_page = _docling_blocks(doc, 1)
            found: list[tables.PdfTable] = []
        else:
            found = tables.pdf_tables(source, table_pages) if self.pdf_tables else []
            blocks_by_page = _pdf_line_blocks(doc, n_pages, found)
        built = _Builder()
        for page_no in range(1, n_pages + 1):
            built.start_page(page_no)
            for b in blocks_by_page.get(page_no, []):
                built.add(b)
        built.finish()
        if ocr_result is not None:
            for page in built.pages:
                info = ocr_result.pages.get(page.number)
                if info is not None:
                    page.ocr_confidence = info.confidence if info.confidence is not None else 0.0
        return self._finish(
            path, "pdf", built, pdf_tables_found=found, page_texts=True, ocr_result=ocr_result
        )

    # -- DOCX / HTML / Markdown

    def _parse_docling(self, path: Path, fmt: str) -> ParsedDocument:
        source = None
        if fmt == "md":
            raw = path.read_bytes()
            text = _decode_strict(raw, path, None)  # refuse mis-encoded Markdown clearly
            if text.encode("utf-8") != raw:  # a BOM or UTF-16: hand Docling plain UTF-8
                from docling.datamodel.base_models import DocumentStream

                source = DocumentStream(name=path.name, stream=io.BytesIO(text.encode("utf-8")))
        if fmt == "docx":
            pages = _docx_page_count(path)
            if pages and pages > self.max_pages:
                raise TooManyPages(path, pages, self.max_pages)
        doc = self._convert(path, source)
        blocks_by_page = _docling_blocks(doc, 1)
        built = _Builder()
        for page_no in range(1, max(blocks_by_page, default=1) + 1):
            built.start_page(page_no)
            for b in blocks_by_page.get(page_no, []):
                built.add(b)
        built.finish()
        return self._finish(path, fmt, built)

    # -- plain text

    def _parse_txt(self, path: Path) -> ParsedDocument:
        raw = path.read_bytes()
        text = _decode_strict(raw, path, self.txt_encoding)
        text = layout.clean_text(text.replace("\r\n", "\n").replace("\r", "\n"))
        page_texts = [p.strip("\n").rstrip() for p in text.split("\f")]
        while len(page_texts) > 1 and not page_texts[-1].strip():
            page_texts.pop()  # a trailing form feed is not a page
        if not "".join(page_texts).strip():
            raise EmptyFile(path)
        if len(page_texts) > self.max_pages:
            raise TooManyPages(path, len(page_texts), self.max_pages)
        built = _Builder()
        for n, pt in enumerate(page_texts, start=1):
            built.start_page(n)
            lines = layout.text_lines(pt, n)
            for blk in layout.group_blocks(lines):
                a = blk.lines[0].start
                z = blk.lines[-1].start + len(blk.lines[-1].text)
                built.add_raw(pt, a, z, blk.kind, n)
            built.set_page_text(pt)
        built.finish()
        return self._finish(path, "txt", built)

    # -- common tail

    def _finish(
        self,
        path: Path,
        fmt: str,
        built: _Builder,
        pdf_tables_found: list[tables.PdfTable] | None = None,
        page_texts: bool = False,
        ocr_result: ocr.OcrResult | None = None,
    ) -> ParsedDocument:
        text = built.text
        pages = built.pages

        def page_of(offset: int) -> int:
            return _page_at(pages, offset)

        body_by_page = None
        if page_texts:  # running headers and page numbers do not make a page readable
            body_by_page = ["" for _ in pages]
            for b in built.blocks:
                if b.hint != "footer":
                    body_by_page[b.page - 1] += b.text + "\n"
        q = quality.assess(text, body_by_page)
        if ocr_result is not None:
            q = q.model_copy(
                update={
                    "ocr_pages": sorted(ocr_result.pages),
                    "ocr_confidence": ocr_result.confidence,
                    "ocr_seconds": ocr_result.seconds,
                }
            )
            if not q.ok and (q.reason or "").startswith("no text layer"):
                raise NeedsOCR(
                    path,
                    f"OCR read too little text on {len(ocr_result.pages)} scanned page(s) "
                    f"(mean confidence {_pct(ocr_result.confidence)}) to use the document; "
                    f"{_CLEARER_SCAN}",
                )
        quality.check(q, str(path))

        blocks = built.blocks
        sections = structure.recover(blocks, len(text), page_of)
        title_i = next((i for i, b in enumerate(blocks) if b.kind == "title"), None)
        title = (
            re.sub(r"\s+", " ", blocks[title_i].text).strip()
            if title_i is not None
            else _title_from_name(path)
        )
        level_at = {s.char_start: s.level for s in sections}
        elements = [
            Element(
                kind=b.kind,  # type: ignore[arg-type]
                text=b.text,
                page=b.page,
                char_start=b.char_start,
                char_end=b.char_end,
                level=(level_at.get(b.char_start) or b.level or 1) if b.kind == "heading" else None,
            )
            for b in blocks
        ]
        out_tables: list[Table] = []
        for tb in built.tables:
            out_tables.append(
                tables.make_table(
                    tb["page"],
                    tb["header"],
                    tb["rows"],
                    (tb["start"], tb["end"]),
                    tb.get("caption"),
                )
            )
        if pdf_tables_found:
            out_tables.extend(_place_pdf_tables(pdf_tables_found, built, text, pages))
        out_tables.sort(key=lambda t: (t.char_start, t.page))
        return ParsedDocument(
            path=str(path),
            format=fmt,
            title=title,
            text=text,
            pages=pages,
            elements=elements,
            sections=sections,
            tables=out_tables,
            quality=q,
        )


def parse(
    path: Path | str,
    *,
    pdf_pipeline: PdfPipeline = "native",
    max_file_mb: float = 50.0,
    max_pages: int = 2000,
) -> ParsedDocument:
    """Parse one file with a fresh Parser (fine for one-off use; reuse a Parser for many)."""
    return Parser(pdf_pipeline=pdf_pipeline, max_file_mb=max_file_mb, max_pages=max_pages).parse(
        path
    )


# --- text assembly ---------------------------------------------------------------------


class _Builder:
    """Appends blocks page by page and records exact offsets."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._len = 0
        self.pages: list[Page] = []
        self.blocks: list[structure.Block] = []
        self.tables: list[dict] = []
        self._page_start = 0
        self._page_no = 0
        self._page_has_block = False
        self._raw_page: str | None = None
        self.table_blocks: dict[int, structure.Block] = {}  # id of a PdfTable -> its block

    def _append(self, s: str) -> None:
        self._parts.append(s)
        self._len += len(s)

    def start_page(self, n: int) -> None:
        if self.pages or self._page_no:
            self._close_page()
            self._append("\n\n")
        self._page_no = n
        self._page_start = self._len
        self._page_has_block = False
        self._raw_page = None

    def _close_page(self) -> None:
        if self._raw_page is not None:
            self._append(self._raw_page)
        self.pages.append(
            Page(number=self._page_no, char_start=self._page_start, char_end=self._len)
        )

    def add(self, b: _PendingBlock) -> structure.Block:
        if self._page_has_block:
            self._append("\n\n")
        start = self._len
        self._append(b.text)
        blk = structure.Block(
            text=b.text,
            page=self._page_no,
            char_start=start,
            char_end=self._len,
            hint=b.hint,
            level=b.level,
            size_ratio=b.size_ratio,
        )
        self.blocks.append(blk)
        self._page_has_block = True
        if b.table is not None:
            header, rows, caption = b.table
            self.tables.append(
                {
                    "page": self._page_no,
                    "header": header,
                    "rows": rows,
                    "start": start,
                    "end": self._len,
                    "caption": caption,
                }
            )
        if b.pdf_table is not None:
            self.table_blocks[b.pdf_table] = blk
        return blk

    def add_raw(self, page_text: str, a: int, z: int, kind: str, page: int) -> None:
        """A block that is a slice of the page's raw text (plain-text files)."""
        start = self._page_start + a
        self.blocks.append(
            structure.Block(
                text=page_text[a:z],
                page=page,
                char_start=start,
                char_end=self._page_start + z,
                hint="footer" if kind == "footer" else None,
            )
        )

    def set_page_text(self, page_text: str) -> None:
        self._raw_page = page_text

    def finish(self) -> None:
        if self._page_no:
            self._close_page()
        if not self.pages:
            self.pages.append(Page(number=1, char_start=0, char_end=0))

    @property
    def text(self) -> str:
        return "".join(self._parts)


class _PendingBlock:
    __slots__ = ("text", "hint", "level", "size_ratio", "table", "pdf_table")

    def __init__(self, text, hint=None, level=None, size_ratio=1.0, table=None, pdf_table=None):
        self.text = text
        self.hint = hint
        self.level = level
        self.size_ratio = size_ratio
        self.table = table
        self.pdf_table = pdf_table


def _page_at(pages: list[Page], offset: int) -> int:
    starts = [p.char_start for p in pages]
    i = bisect.bisect_right(starts, offset) - 1
    return pages[max(0, i)].number


# --- PDF helpers -------------------------------------------------------------------

_NO_TEXT_LAYER = "the PDF has no text layer (a scan or images of text) and "
_RUN_OCR = "run OCR on it and upload the result"
_CLEARER_SCAN = "upload a sharper scan (300 dpi, straight, dark text on white) or the original PDF"


def _pct(confidence: float | None) -> str:
    return "-" if confidence is None else f"{confidence:.0f} %"


def _refuse_unreadable(path: Path, result: ocr.OcrResult, text_pages: int, floor: float) -> None:
    """NeedsOCR when OCR could not fix a scan: no page has a text layer and none read usably."""
    if text_pages > 0:
        return
    pages = list(result.pages.values())
    if all(p.words == 0 for p in pages):
        raise NeedsOCR(
            path,
            f"OCR found no text on any of its {len(pages)} page(s): they are blank, or images "
            f"without words; {_CLEARER_SCAN}",
        )
    if all(p.confidence is None or p.confidence < floor for p in pages):
        raise NeedsOCR(
            path,
            f"OCR could read the scan only with a mean confidence of {_pct(result.confidence)}, "
            f"under the floor of {floor:.0f} % (VERIDICT_OCR_MIN_CONFIDENCE): it is unreadable; "
            f"{_CLEARER_SCAN}",
        )



def _pdf_precheck(path: Path, max_pages: int) -> tuple[int, list[int], int, list[int]]:
    """Open with pdfium: password, damage, page count; pages worth a table search; char count;
    the pages that are scans (see ``ocr.needs_ocr``).

    pdfium is not thread-safe: two threads inside it at once abort the process (seen when the
    same file was ingested twice at once). Every call holds Docling's process-wide pdfium lock,
    the one its own pdfium backend takes, so ours and Docling's never interleave.
    """
    from docling.utils.locks import pypdfium2_lock

    with path.open("rb") as fh:
        fh.seek(max(0, path.stat().st_size - 4096))
        if b"%%EOF" not in fh.read():
            raise CorruptFile(
                path, "the PDF is truncated (no end-of-file marker); upload the complete file"
            )
    with pypdfium2_lock:
        return _pdfium_scan(path, max_pages)


def _pdfium_scan(path: Path, max_pages: int) -> tuple[int, list[int], int, list[int]]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    try:
        pdf = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise EncryptedPdf(path) from exc
        raise CorruptFile(path, f"the PDF is damaged and cannot be opened ({exc})") from exc
    try:
        n = len(pdf)
        if n == 0:
            raise CorruptFile(path, "the PDF has no pages")
        if n > max_pages:
            raise TooManyPages(path, n, max_pages)
        table_pages, chars, scans = [], 0, []
        for i in range(n):
            page = pdf[i]
            try:
                if _ruled(page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=2)):
                    table_pages.append(i + 1)
                tp = page.get_textpage()
                page_chars = tp.count_chars()
                tp.close()
                chars += page_chars
                if page_chars < ocr.STAMPED_TEXT_CHARS:  # only then can it be a scan
                    cover = _image_cover(page)
                    if ocr.needs_ocr(page_chars, cover):
                        scans.append(i + 1)
            finally:
                page.close()
        return n, table_pages, chars, scans
    finally:
        pdf.close()


def _image_cover(page) -> float:
    """The share of the page's area that its images cover (0..1, overlaps counted twice)."""
    import pypdfium2.raw as pdfium_c

    width, height = page.get_size()
    area = max(width * height, 1.0)
    covered = 0.0
    for ob in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2):
        left, bottom, right, top = ob.get_bounds()
        w = max(0.0, min(right, width) - max(left, 0.0))
        h = max(0.0, min(top, height) - max(bottom, 0.0))
        covered += w * h
    return min(1.0, covered / area)


def _ruled(path_objects) -> bool:
    """Does a page draw a grid (2+ horizontal and 2+ vertical rules, or 4+ boxes)?

    Cheap with pdfium; pdfplumber's table finder then runs only on such pages.
    """
    h = v = boxes = 0
    for ob in path_objects:
        left, bottom, right, top = ob.get_bounds()
        w, ht = right - left, top - bottom
        if ht <= 2.5 and w >= 15:
            h += 1
        elif w <= 2.5 and ht >= 8:
            v += 1
        elif w > 2.5 and ht > 2.5:
            boxes += 1
    return (h >= 2 and v >= 2) or boxes >= 4


def _looks_offline(exc: Exception) -> bool:
    s = f"{type(exc).__name__} {exc}".lower()
    return any(k in s for k in ("huggingface", "offline", "hub", "connection", "model", "snapshot"))


def _pdf_line_blocks(
    doc, n_pages: int, found: list[tables.PdfTable]
) -> dict[int, list[_PendingBlock]]:
    """Native pipeline items (one per text line cell) -> blocks per page."""
    heights = {}
    for no, pg in doc.pages.items():
        heights[no] = float(pg.size.height) if pg.size else 792.0
    cells: dict[int, list[layout.Cell]] = {}
    for item, _lvl in doc.iterate_items():
        text = getattr(item, "text", None)
        if not text or not item.prov:
            continue
        prov = item.prov[0]
        h = heights.get(prov.page_no, 792.0)
        bb = prov.bbox
        if bb.coord_origin.value == "BOTTOMLEFT":
            top, bottom = h - bb.t, h - bb.b
        else:
            top, bottom = bb.t, bb.b
        cells.setdefault(prov.page_no, []).append(
            layout.Cell(
                layout.clean_text(text).strip(),
                prov.page_no,
                float(bb.l),
                float(bb.r),
                float(top),
                float(bottom),
            )
        )
    pages_lines = {no: layout.merge_cells(cells.get(no, [])) for no in range(1, n_pages + 1)}
    # lines inside a ruled table
    for ti, t in enumerate(found):
        x0, top, x1, bottom = t.bbox
        for ln in pages_lines.get(t.page, []):
            cy, cx = (ln.top + ln.bottom) / 2, (ln.x0 + ln.x1) / 2
            if top - 1 <= cy <= bottom + 1 and x0 - 1 <= cx <= x1 + 1:
                ln.in_table = ti
    order = list(range(1, n_pages + 1))
    layout.mark_running_lines(
        [pages_lines[n] for n in order], [heights.get(n, 792.0) for n in order]
    )
    body_heights = [
        ln.height for n in order for ln in pages_lines[n] if not ln.footer and ln.in_table is None
    ]
    body_h = statistics.median(body_heights) if body_heights else 1.0
    right = layout.right_margin(
        [ln for n in order for ln in pages_lines[n] if not ln.footer and ln.in_table is None]
    )
    out: dict[int, list[_PendingBlock]] = {}
    for n in order:
        for blk in layout.group_blocks(pages_lines[n], right_edge=right):
            if blk.kind == "table":
                text = "\n".join(ln.text for ln in blk.lines)
                pb = _PendingBlock(text, hint="table", pdf_table=blk.lines[0].in_table)
            elif blk.kind == "footer":
                pb = _PendingBlock(blk.lines[0].text, hint="footer")
            else:
                ratio = statistics.median(ln.height for ln in blk.lines) / body_h if body_h else 1.0
                pb = _PendingBlock(layout.join_lines(blk.lines), size_ratio=ratio)
            out.setdefault(n, []).append(pb)
    return out


def _place_pdf_tables(
    found: list[tables.PdfTable], built: _Builder, text: str, pages: list[Page]
) -> list[Table]:
    out = []
    for ti, t in enumerate(found):
        blk = built.table_blocks.get(ti)
        if blk is not None:
            span = (blk.char_start, blk.char_end)
        else:
            pg = next(p for p in pages if p.number == t.page)
            span = tables.locate(
                text[pg.char_start : pg.char_end], pg.char_start, t.header, t.rows
            ) or (
                pg.char_start,
                pg.char_end,
            )
        out.append(
            tables.make_table(t.page, t.header, t.rows, span, _pdf_caption(built.blocks, blk))
        )
    return out


_CAPTION = re.compile(r"^(table|schedule|figure|annex|exhibit)\b.{0,80}$", re.IGNORECASE)


def _pdf_caption(blocks: list[structure.Block], table_block: structure.Block | None) -> str | None:
    """A short 'Table 1 - Fees' line right above or below the table on its page."""
    if table_block is None:
        return None
    i = next(k for k, b in enumerate(blocks) if b is table_block)
    for j in (i + 1, i - 1):
        if 0 <= j < len(blocks) and blocks[j].page == table_block.page and blocks[j].hint is None:
            if _CAPTION.match(blocks[j].text):
                return blocks[j].text
    return None


# --- Docling item documents (DOCX, HTML, Markdown, standard PDF pipeline) ----------


_HINTS = {
    "title": "title",
    "section_header": "heading",
    "list_item": "list_item",
    "page_header": "footer",
    "page_footer": "footer",
}


def _docling_blocks(doc, default_page: int) -> dict[int, list[_PendingBlock]]:
    """Docling items -> blocks per page. Inline groups (runs with mixed formatting) become
    one block; the text items inside tables are not repeated after the table."""
    from docling_core.types.doc import TableItem

    out: dict[int, list[_PendingBlock]] = {}
    consumed: set[str] = set()  # refs of inline groups and tables already emitted whole
    pending_caption: str | None = None
    for item, _lvl in doc.iterate_items(with_groups=True):
        parent = item.parent.cref if getattr(item, "parent", None) else None
        if parent in consumed:
            consumed.add(item.self_ref)
            continue
        label = getattr(item.label, "value", str(item.label))
        page = item.prov[0].page_no if getattr(item, "prov", None) else default_page
        if isinstance(item, TableItem):
            consumed.add(item.self_ref)
            parsed = tables.docling_table(item, doc)
            if parsed is None:
                continue
            header, rows = parsed
            caption = item.caption_text(doc) if hasattr(item, "caption_text") else None
            out.setdefault(page, []).append(
                _PendingBlock(
                    tables.table_text(header, rows),
                    hint="table",
                    table=(header, rows, caption or pending_caption),
                )
            )
            pending_caption = None
            continue
        text: str | None
        if label == "inline":
            consumed.add(item.self_ref)
            parts = [
                getattr(t, "text", "") for t, _ in doc.iterate_items(root=item, with_groups=False)
            ]
            text = _join_runs(parts)
            first = next(
                (
                    t
                    for t, _ in doc.iterate_items(root=item, with_groups=False)
                    if getattr(t, "prov", None)
                ),
                None,
            )
            if first is not None:
                page = first.prov[0].page_no
            label = "text"
        else:
            text = getattr(item, "text", None)
        if not text or not text.strip():
            continue
        text = re.sub(r"\s+", " ", layout.clean_text(text)).strip()
        if label == "list_item" and getattr(item, "enumerated", False):
            marker = (getattr(item, "marker", "") or "").strip()
            if marker and not text.startswith(marker):
                text = f"{marker} {text}"
        if label == "caption":
            pending_caption = text
        hint = _HINTS.get(label)
        level = getattr(item, "level", None) if label == "section_header" else None
        out.setdefault(page, []).append(_PendingBlock(text, hint=hint, level=level))
    return out


def _join_runs(parts: list[str]) -> str:
    """Formatting runs -> one string: a space between runs, none before punctuation."""
    out = ""
    for p in (x.strip() for x in parts):
        if not p:
            continue
        out = p if not out else out + ("" if p[0] in ",.;:)!?'’" else " ") + p
    return out


def _docx_page_count(path: Path) -> int | None:
    """Pages recorded by Word in docProps/app.xml, if any (no rendering needed)."""
    try:
        with zipfile.ZipFile(path) as z:
            xml = z.read("docProps/app.xml").decode("utf-8", "replace")
    except (KeyError, zipfile.BadZipFile):
        return None
    m = re.search(r"<Pages>(\d+)</Pages>", xml)
    return int(m.group(1)) if m else None


# --- text decoding -------------------------------------------------------------------


def _decode_strict(raw: bytes, path: Path, encoding: str | None) -> str:
    if encoding:
        try:
            return raw.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise EncodingError(path, f"the file is not valid {encoding} ({exc})") from exc
    if raw.startswith(codecs.BOM_UTF8):
        raw, enc = raw[len(codecs.BOM_UTF8) :], "utf-8"
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        enc = "utf-16"
    else:
        enc = _utf16_without_bom(raw) or "utf-8"
    try:
        return raw.decode(enc)
    except UnicodeDecodeError as exc:
        guess = _guess_encoding(raw)
        hint = f"; it may be {guess}" if guess else ""
        raise EncodingError(
            path,
            f"the text is not valid UTF-8 (byte 0x{raw[exc.start]:02X} "
            f"at offset {exc.start}{hint}); "
            "save it as UTF-8 and upload it again (a guessed encoding could garble "
            "quoted names and amounts)",
        ) from exc


def _utf16_without_bom(raw: bytes) -> str | None:
    """'utf-16-le' / 'utf-16-be' when the bytes are clearly UTF-16 text without a BOM.

    Text in the Latin range written as UTF-16 has a NUL in every other byte (the odd ones
    for little-endian, the even ones for big-endian) and almost none in the others; no
    UTF-8 or single-byte text looks like that, and decoding it is lossless.
    """
    sample = raw[:8192]
    sample = sample[: len(sample) - len(sample) % 2]
    pairs = len(sample) // 2
    if pairs < 8:
        return None
    even_nul = sample[0::2].count(0) / pairs
    odd_nul = sample[1::2].count(0) / pairs
    if odd_nul >= 0.7 and even_nul <= 0.02:
        enc = "utf-16-le"
    elif even_nul >= 0.7 and odd_nul <= 0.02:
        enc = "utf-16-be"
    else:
        return None
    try:
        text = sample.decode(enc)
    except UnicodeDecodeError:
        return None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f")
    return enc if controls <= 0.02 * len(text) else None


def _pdf_syntax(head: bytes) -> bool:
    """Text that is PDF syntax (a PDF whose header was cut off), not prose."""
    return any(k in head for k in (b" obj", b"endobj", b"startxref", b"%%EOF"))


def _guess_encoding(raw: bytes) -> str | None:
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - optional
        return None
    best = from_bytes(raw[:65536]).best()
    return best.encoding if best is not None else None


# an SEC EDGAR exhibit's file name: the filer, the filing date (and form), the exhibit number, then the document's
# own name ("ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT", "FreezeTagInc_20180411_8-K_EX-10.1_11139603_
# EX-10.1_Sponsorship Agreement"); a copy's "(1)" after it
_EXHIBIT_NAME = re.compile(
    r"(?:^|[_\-\s])EX[_\-]\d+(?:\.[\dA-Za-z]+)*[_\-\s]+(?!.*[_\-\s]EX[_\-]\d)(?P<name>.*?)(?:\s*\(\d+\))?$"
)


def _title_from_name(path: Path) -> str:
    """The title a document without a recognised title block is shown by: its file name, less an EDGAR exhibit's
    filer, dates and exhibit numbers (figures in a title read as the contract's own to a reader)."""
    stem = path.stem
    exhibit = _EXHIBIT_NAME.search(stem)
    if exhibit and re.search(r"[A-Za-z]{3}", exhibit.group("name")):
        # a copy's number run into the last word is no part of the name ("Manufacturing Agreement4")
        stem = re.sub(r"(?<=[A-Za-z]{3})\d{1,2}$", "", exhibit.group("name").rstrip())
    stem = re.sub(r"[_\-]+", " ", stem).strip()
    return stem[:1].upper() + stem[1:] if stem else path.name

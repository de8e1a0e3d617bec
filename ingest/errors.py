"""Typed ingestion errors. Each carries a message a user can act on.

Every error names the file; ``str(err)`` is the user-facing message and
``err.code`` a short stable identifier for logs, APIs and the UI.
"""

from __future__ import annotations

from pathlib import Path


class IngestError(Exception):
    """Base class: the file could not be turned into a usable document."""

    code = "ingest_error"

    def __init__(self, path: Path | str, detail: str) -> None:
        self.path = str(path)
        self.detail = detail
        super().__init__(f"{Path(self.path).name}: {detail}")


class EmptyFile(IngestError):
    code = "empty_file"

    def __init__(
        self, path: Path | str, detail: str = "the file is empty (0 bytes or only whitespace)"
    ) -> None:
        super().__init__(path, detail)


class UnsupportedFormat(IngestError):
    code = "unsupported_format"


class ExtensionMismatch(IngestError):
    """The file's content is a different format than its extension says.

    We refuse rather than silently parse by the true type: a contract upload
    whose name lies is more often a mistake (wrong file picked) than intent.
    """

    code = "extension_mismatch"

    def __init__(self, path: Path | str, extension: str, actual: str) -> None:
        self.extension = extension
        self.actual = actual
        super().__init__(
            path,
            f"the name says .{extension} but the content is {actual.upper()}; "
            f"rename it to .{actual} (or upload the intended file)",
        )


class CorruptFile(IngestError):
    code = "corrupt_file"


class EncryptedPdf(IngestError):
    code = "encrypted_pdf"

    def __init__(
        self,
        path: Path | str,
        detail: str = "the PDF is password-protected; upload an unprotected copy",
    ) -> None:
        super().__init__(path, detail)


class NeedsOCR(IngestError):
    code = "needs_ocr"

    def __init__(
        self,
        path: Path | str,
        detail: str = (
            "the PDF has no text layer (a scan or images of text); "
            "run OCR on it and upload the result"
        ),
    ) -> None:
        super().__init__(path, detail)


class GarbledText(IngestError):
    code = "garbled_text"


class EncodingError(IngestError):
    code = "encoding_error"


class FileTooLarge(IngestError):
    code = "file_too_large"

    def __init__(self, path: Path | str, size_mb: float, max_mb: float) -> None:
        self.size_mb = size_mb
        self.max_mb = max_mb
        super().__init__(path, f"the file is {size_mb:.1f} MB; the limit is {max_mb:g} MB")


class TooManyPages(IngestError):
    code = "too_many_pages"

    def __init__(self, path: Path | str, pages: int, max_pages: int) -> None:
        self.pages = pages
        self.max_pages = max_pages
        super().__init__(path, f"the document has {pages} pages; the limit is {max_pages}")


class ParserUnavailable(IngestError):
    """The selected conversion pipeline cannot run here (e.g. it needs models offline)."""

    code = "parser_unavailable"

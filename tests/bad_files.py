"""Generators for good and bad input files, written into a test's tmp_path (nothing binary is committed).

Every function takes the path to write and returns it. The bad ones are the inputs a user
really uploads by mistake: empty files, truncated or damaged PDFs, password-protected PDFs,
scans without a text layer, files whose extension lies, random bytes, text in a legacy
encoding, and a PDF with thousands of pages (written by hand, in milliseconds).
"""

from __future__ import annotations

import io
import random
import zipfile
from collections.abc import Callable
from pathlib import Path

CONTRACT_LINES = [
    "SUPPLY AGREEMENT",
    "between Northwind Traders Ltd (the Customer) and Contoso Supplies GmbH (the Supplier).",
    "1. Term",
    "1.1 This Agreement starts on 1 March 2024 and runs for 24 months.",
    "2. Fees",
    "2.1 The Customer shall pay the Supplier EUR 120,000 per year within 30 days of the invoice.",
    "3. Governing Law",
    "3.1 This Agreement is governed by the laws of Germany.",
]


def contract_text(reference: str = "SA-1") -> str:
    """A short contract in plain text; ``reference`` makes files with different bytes."""
    lines = [CONTRACT_LINES[0], f"Reference {reference}", *CONTRACT_LINES[1:]]
    return "\n\n".join(lines) + "\n"


def contract_pdf(path: Path, reference: str = "SA-1", pages: int = 2) -> Path:
    """A real text-layer PDF (reportlab) with the contract spread over ``pages`` pages."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    lines = contract_text(reference).split("\n\n")
    per_page = max(1, -(-len(lines) // pages))
    for start in range(0, len(lines), per_page):
        y = 790
        c.setFont("Helvetica", 11)
        for line in lines[start : start + per_page]:
            c.drawString(60, y, line.strip())
            y -= 20
        c.showPage()
    c.save()
    return path


def contract_docx(path: Path, reference: str = "SA-1") -> Path:
    """A real DOCX (python-docx, installed with Docling)."""
    import docx

    d = docx.Document()
    for line in contract_text(reference).split("\n\n"):
        d.add_paragraph(line.strip())
    d.save(str(path))
    return path


# -- bad inputs -------------------------------------------------------------------------


def zero_bytes(path: Path) -> Path:
    path.write_bytes(b"")
    return path


def whitespace_only(path: Path) -> Path:
    path.write_bytes(b" \n\n\t \r\n\f\n  ")
    return path


def truncated_pdf(path: Path) -> Path:
    """The first half of a valid PDF: a download or copy that stopped early."""
    buf = path.with_suffix(".whole.pdf")
    data = contract_pdf(buf).read_bytes()
    buf.unlink()
    path.write_bytes(data[: len(data) // 2])
    return path


def damaged_pdf(path: Path) -> Path:
    """Header, xref table and trailer intact-looking, but the xref offsets point nowhere and the
    objects between are overwritten: nothing a repairing reader can rebuild pages from."""
    buf = path.with_suffix(".whole.pdf")
    data = bytearray(contract_pdf(buf).read_bytes())
    buf.unlink()
    xref = data.rindex(b"\nxref")
    rng = random.Random(11)
    body_start = data.index(b"\n", 10) + 1  # keep the "%PDF-1.x" line
    for i in range(body_start, xref):  # every object: noise without the keywords readers scan for
        data[i] = rng.choice(b"abcdefghijklmnopqrstuvwxyz0123456789 \n")
    tail = bytes(data[xref:])
    # offsets in the xref table: all pointing past the end of the file
    lines = tail.split(b"\n")
    lines = [b"9999999999 00000 n " if ln.endswith((b" n ", b" n")) else ln for ln in lines]
    path.write_bytes(bytes(data[:xref]) + b"\n".join(lines))
    return path


def encrypted_pdf(path: Path, user_password: str = "user-secret") -> Path:
    """A password-protected PDF: it cannot be opened without the user password."""
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(
        str(path), encrypt=StandardEncryption(user_password, ownerPassword="owner-secret")
    )
    y = 780
    for line in contract_text("LOCKED").split("\n\n"):
        c.drawString(60, y, line.strip())
        y -= 20
    c.showPage()
    c.save()
    return path


def blank_scan(path: Path, pages: int = 2) -> Path:
    """An image-only PDF of blank pages with scanner dust: OCR finds no text on them."""
    from bench.scan_maker import blank_scan as make

    return make(path, pages)


def _under_wrong_name(path: Path, make: Callable[[Path], Path], real_suffix: str) -> Path:
    """A real file made by ``make`` (with its true suffix), saved under ``path``'s name."""
    buf = path.with_suffix(real_suffix)
    data = make(buf).read_bytes()
    buf.unlink()
    path.write_bytes(data)
    return path


def docx_named_pdf(path: Path) -> Path:
    return _under_wrong_name(path, contract_docx, ".real.docx")


def html_named_pdf(path: Path) -> Path:
    body = "".join(f"<p>{line}</p>" for line in contract_text("HTML").split("\n\n"))
    path.write_text(f"<!DOCTYPE html>\n<html><body>{body}</body></html>\n", encoding="utf-8")
    return path


def text_named_docx(path: Path) -> Path:
    path.write_text(contract_text("TXT"), encoding="utf-8")
    return path


def pdf_named_docx(path: Path) -> Path:
    return _under_wrong_name(path, contract_pdf, ".real.pdf")


def garbage(path: Path, size: int = 20_000, seed: int = 7) -> Path:
    """Random bytes (with the extension the test gives the file)."""
    path.write_bytes(random.Random(seed).randbytes(size))
    return path


def zip_named_docx(path: Path) -> Path:
    """A ZIP archive that is no Word document (no word/document.xml)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("notes/readme.txt", "not a contract")
    path.write_bytes(buf.getvalue())
    return path


GERMAN = (
    "1. Gerichtsstand\n\nAusschließlicher Gerichtsstand ist München für alle Streitigkeiten "
    "aus diesem Vertrag. Die Gebühr beträgt 5.000 Euro und ist binnen 30 Tagen fällig.\n"
)


def legacy_text(path: Path, encoding: str = "latin-1", text: str = GERMAN * 4) -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def utf16_without_bom(path: Path, byteorder: str = "le", text: str = GERMAN * 4) -> Path:
    path.write_bytes(text.encode(f"utf-16-{byteorder}"))
    return path


def invalid_utf8(path: Path) -> Path:
    """Mostly UTF-8 prose with stray bytes that are no character in any reading of UTF-8."""
    prose = contract_text("BYTES").encode("utf-8")
    path.write_bytes(prose[:80] + b"\xff\xfe\xc3\x28" + prose[80:] + b"\x80\x81")
    return path


def many_pages_pdf(path: Path, pages: int = 3000) -> Path:
    """A valid PDF with ``pages`` pages that all share one content stream, written directly.

    A few hundred kilobytes and milliseconds for thousands of pages (reportlab would take seconds).
    """
    content = b"BT /F1 12 Tf 72 720 Td (Clause text on a very long contract page.) Tj ET"
    first_page = 5
    objs: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids ["
        + b" ".join(b"%d 0 R" % (first_page + i) for i in range(pages))
        + b"] /Count %d >>" % pages,
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    page = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
        b"/Resources << /Font << /F1 4 0 R >> >> >>"
    )
    objs += [page] * pages
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    path.write_bytes(bytes(out))
    return path

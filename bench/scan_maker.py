"""Scanned copies of text PDFs, for the OCR benchmark and tests.

    scanned_copy(src, dst, dpi=200, rotate={2: 90}, skew={3: 2.0})   # an image-only PDF
    mixed_copy(src, dst, scan_pages=[2])                              # only page 2 an image

Pages are rasterised with ``pdftoppm`` (poppler-utils) and written back as one picture per
page with Pillow (no text layer, the page size kept from the resolution). ``rotate`` turns a
page a quarter turn (counter-clockwise, as a scanner fed sideways does), ``skew`` by a few
degrees, ``degrade`` blurs and speckles it (a poor fax).
"""

from __future__ import annotations

import random
import subprocess
import tempfile
from pathlib import Path


def rasterise(src: Path, dpi: int = 200, pages: list[int] | None = None) -> dict[int, object]:
    """Page number -> a grey PIL image of the page at ``dpi``."""
    from PIL import Image

    out: dict[int, object] = {}
    with tempfile.TemporaryDirectory(prefix="veridict-scan-") as tmp:
        cmd = ["pdftoppm", "-r", str(dpi), "-gray", "-png", str(src), str(Path(tmp) / "p")]
        if pages:
            cmd[1:1] = ["-f", str(min(pages)), "-l", str(max(pages))]
        subprocess.run(cmd, check=True, capture_output=True)
        for f in sorted(Path(tmp).glob("p-*.png")):
            n = int(f.stem.rsplit("-", 1)[1])
            if pages is None or n in pages:
                with Image.open(f) as im:
                    out[n] = im.convert("L")
    return out


def degrade(image, blur: float = 1.0, noise: int = 32, seed: int = 7):
    """A poor copy: blurred, with speckle noise and faded ink."""
    import numpy as np
    from PIL import Image, ImageFilter

    rng = np.random.default_rng(seed)
    arr = np.asarray(image.filter(ImageFilter.GaussianBlur(blur)), dtype=np.float32)
    arr = 80 + arr * (175 / 255)  # faded: ink grey, paper white
    arr += rng.normal(0, noise, arr.shape)
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def transform(image, rotate: int = 0, skew: float = 0.0, degraded: bool = False):
    if degraded:
        image = degrade(image)
    if skew:
        image = image.rotate(skew, expand=True, fillcolor=255)
    if rotate:
        image = image.rotate(rotate, expand=True, fillcolor=255)
    return image


def write_pdf(images: list, dst: Path, dpi: int = 200) -> Path:
    first, rest = images[0], images[1:]
    first.save(dst, "PDF", resolution=float(dpi), save_all=True, append_images=rest)
    return dst


def scanned_copy(
    src: Path,
    dst: Path,
    dpi: int = 200,
    rotate: dict[int, int] | None = None,
    skew: dict[int, float] | None = None,
    degraded: set[int] | frozenset[int] = frozenset(),
) -> Path:
    """``src`` as an image-only PDF: every page a picture, some turned, tilted or degraded."""
    rotate, skew = rotate or {}, skew or {}
    pages = rasterise(src, dpi)
    images = [transform(img, rotate.get(n, 0), skew.get(n, 0.0), n in degraded) for n, img in sorted(pages.items())]
    return write_pdf(images, dst, dpi)


def mixed_copy(src: Path, dst: Path, scan_pages: list[int], dpi: int = 200) -> Path:
    """``src`` with ``scan_pages`` replaced by pictures of themselves; the other pages untouched."""
    import pypdfium2 as pdfium

    with tempfile.TemporaryDirectory(prefix="veridict-mixed-") as tmp:
        scans = write_pdf(list(rasterise(src, dpi, scan_pages).values()), Path(tmp) / "scans.pdf", dpi)
        doc = pdfium.PdfDocument(str(src))
        images = pdfium.PdfDocument(str(scans))
        try:
            for i, n in enumerate(sorted(scan_pages)):
                doc.del_page(n - 1)
                doc.import_pages(images, [i], index=n - 1)
            doc.save(str(dst))
        finally:
            images.close()
            doc.close()
    return dst


def blank_scan(dst: Path, pages: int = 2, dpi: int = 100, speckle: bool = True) -> Path:
    """An image-only PDF of blank pages (a little scanner dust on them)."""
    from PIL import Image, ImageDraw

    rnd = random.Random(3)
    images = []
    for _ in range(pages):
        img = Image.new("L", (int(8.27 * dpi), int(11.69 * dpi)), 255)
        if speckle:
            d = ImageDraw.Draw(img)
            for _ in range(40):
                x, y = rnd.randrange(img.width), rnd.randrange(img.height)
                d.point((x, y), fill=rnd.randrange(120, 200))
        images.append(img)
    return write_pdf(images, dst, dpi)

"""Structure recovery: clause markers, levels, parents, titles and pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest.layout import clean_text
from ingest.parse import Parser
from ingest.structure import Block, parse_marker, plausible, recover, run_in_title

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
V2 = SAMPLES / "library" / "cloudsecure-vendor-agreement.pdf"
V1 = SAMPLES / "history" / "cloudsecure-vendor-agreement.pdf"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser()


@pytest.mark.parametrize(
    "text,number,style",
    [
        ("14.3 The Supplier shall", "14.3", "dec2"),
        ("1. DEFINITIONS", "1", "dec1"),
        ("(a) the Customer", "a", "paren_alpha"),
        ("(iv) any claim", "iv", "paren_roman"),
        ("Article IV Term", "IV", "article"),
        ("ARTICLE 5 - PAYMENT", "5", "article"),
        ("Section 5(b) Exclusions", "5(b)", "paren_alpha"),
        ("Schedule 2 - Fees", "Schedule 2", "schedule"),
        ("EXHIBIT A", "Exhibit A", "schedule"),
        ("A. Recitals text", "A", "dot_ALPHA"),
        ("ii. unless agreed", "ii", "dot_roman"),
    ],
)
def test_markers(text, number, style):
    m = parse_marker(text)
    assert m is not None and m.number == number and m.style == style


def test_roman_or_letter_depends_on_the_previous_item():
    assert parse_marker("(i) next", {"paren_alpha": "h"}).style == "paren_alpha"
    assert parse_marker("(i) first").style == "paren_roman"
    assert parse_marker("(c) third").style == "paren_alpha"


@pytest.mark.parametrize(
    "text,prev,ok",
    [
        ("14.3 of this Agreement applies", "as set out in Section", False),  # wrapped reference
        ("2.5 million units", None, False),
        ("9.2 Data Breach Penalty. If a breach", "previous clause.", True),
        ("(b) the Supplier fails;", "(a) the Customer pays;", True),
        ("(b) hereof shall apply", "as defined in paragraph", False),
        ("Article 33 of the GDPR", None, False),
        ("Exhibit A attached hereto", None, False),
        (
            "SECTION 6 SHALL NOT APPLY TO ANY CLAIM OF GROSS NEGLIGENCE OR WILFUL MISCONDUCT",
            None,
            False,
        ),
        ("79 Wellington Street West", None, False),
    ],
)
def test_plausible_clause_starts(text, prev, ok):
    m = parse_marker(text)
    assert m is not None
    assert plausible(m, prev) is ok


def test_run_in_titles():
    assert run_in_title("Data Breach Penalty. In the event of a breach") == "Data Breach Penalty"
    assert run_in_title("CONFIDENTIALITY. Each party shall") == "CONFIDENTIALITY"
    assert run_in_title("The Supplier shall deliver. Then the Customer pays") is None


def _blocks(lines: list[tuple[int, str]]) -> tuple[list[Block], int]:
    out, pos = [], 0
    for page, t in lines:
        out.append(Block(text=t, page=page, char_start=pos, char_end=pos + len(t)))
        pos += len(t) + 2
    return out, pos


def test_recover_levels_parents_titles_and_pages():
    blocks, n = _blocks(
        [
            (1, "SUPPLY AGREEMENT"),
            (1, "WHEREAS:"),
            (1, "A. The Supplier makes widgets;"),
            (1, "B. The Customer buys widgets."),
            (1, "ARTICLE IV"),
            (1, "PAYMENT"),
            (1, "4.1 Fees. The Customer shall pay the fees."),
            (2, "(a) within thirty days; and"),
            (2, "(b) in euros."),
            (2, "4.2 The Supplier shall invoice monthly."),
            (3, "ARTICLE V"),
            (3, "TERM"),
            (3, "5.1 This Agreement lasts two years."),
            (3, "Schedule 2 - Fees"),
            (3, "Widgets cost EUR 10 each."),
        ]
    )
    pages = [0, blocks[7].char_start, blocks[10].char_start]

    def page_of(off: int) -> int:
        return sum(1 for p in pages if p <= off)

    secs = recover(blocks, n, page_of)
    by = {s.number: s for s in secs}
    assert blocks[0].kind == "title"
    assert by["IV"].title == "PAYMENT" and by["IV"].level == 1
    assert by["4.1"].title == "Fees" and by["4.1"].level == 2
    assert secs[by["4.1"].parent_index].number == "IV"
    assert by["4.1(a)"].level == 3 and by["4.1(a)"].page_start == 2
    assert by["4.2"].level == 2 and by["4.2"].parent_index == by["4.1"].parent_index
    assert by["IV"].page_end == 2 and by["V"].page_start == 3
    assert by["Schedule 2"].level == 1 and by["Schedule 2"].title == "Fees"
    assert [s.number for s in secs if s.parent_index == secs.index(by["IV"])] == ["4.1", "4.2"]
    assert blocks[5].kind == "heading" and blocks[7].kind == "list_item"
    whereas = next(s for s in secs if s.title == "WHEREAS")
    assert whereas.number is None and by["A"].parent_index == secs.index(whereas)


def test_contents_list_does_not_swallow_the_body():
    blocks, n = _blocks(
        [(1, "TABLE OF CONTENTS")]
        + [
            (1, f"{i}. {t} .......... {i + 1}")
            for i, t in enumerate(["Definitions", "Term", "Fees"], 1)
        ]
        + [
            (2, "1. Definitions"),
            (2, "1.1 Words have meanings."),
            (2, "2. Term"),
            (2, "2.1 Two years."),
            (2, "3. Fees"),
        ]
    )
    secs = recover(blocks, n, lambda off: 1 if off < blocks[4].char_start else 2)
    assert [s.number for s in secs if s.level == 1 and s.number] == ["1", "2", "3"]
    assert all(s.page_start == 2 for s in secs if s.number)


def _page_texts(pdf: Path) -> list[str]:
    import pdfplumber

    with pdfplumber.open(str(pdf)) as p:
        # same typography fixes as the parser (ligatures, U+037E for ";"), nothing else
        return [re.sub(r"\s+", " ", clean_text(pg.extract_text() or "")) for pg in p.pages]


def test_sample_clause_9_2_title_and_page(parser):
    doc = parser.parse(V2)
    s = next(s for s in doc.sections if s.number == "9.2")
    assert s.title == "Data Breach Penalty"
    assert doc.sections[s.parent_index].number == "9"
    assert doc.sections[s.parent_index].title == "Liability and Penalties"
    body = doc.text[s.char_start : s.char_end]
    assert (
        body.startswith("9.2 Data Breach Penalty.")
        and "EUR 1,500,000" in body
        and "9.3" not in body
    )
    # page oracle independent of Docling: pdfplumber's page text
    pages = _page_texts(V2)
    assert "9.2 Data Breach Penalty." in pages[s.page_start - 1]
    gdpr = next(x for x in doc.sections if x.number == "9.3")
    assert "Article 33 of the GDPR" in doc.text[gdpr.char_start : gdpr.char_end]
    # the same clause in the older version
    old = parser.parse(V1)
    s1 = next(x for x in old.sections if x.number == "9.2")
    assert (
        s1.title == "Data Breach Penalty" and "EUR 150,000" in old.text[s1.char_start : s1.char_end]
    )


def test_every_numbered_sample_section_is_on_its_page(parser):
    for pdf in (V1, V2, SAMPLES / "library" / "northwind-msa.pdf"):
        doc = parser.parse(pdf)
        pages = _page_texts(pdf)
        numbered = [s for s in doc.sections if s.number and re.match(r"^\d+(\.\d+)*$", s.number)]
        assert len(numbered) >= 20
        for s in numbered:
            head = re.sub(r"\s+", " ", doc.text[s.char_start : s.char_start + 25])
            assert head in pages[s.page_start - 1], (pdf.name, s.number)


def _norm_index(text: str) -> tuple[str, list[int]]:
    """Whitespace-collapsed text and, per character, its offset in ``text``."""
    out, idx, space = [], [], False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not space and out:
                out.append(" ")
                idx.append(i)
            space = True
        else:
            out.append(ch)
            idx.append(i)
            space = False
    return "".join(out), idx


@pytest.mark.skipif(not (SHARED / "cuad").exists(), reason=f"CUAD not found under {SHARED}")
def test_cuad_pdf_clauses_found_on_the_right_pages(parser):
    row = next(
        json.loads(line)
        for line in (SHARED / "cuad" / "dev" / "contracts.jsonl").open()
        if json.loads(line)["doc_id"] == "cuad-5a048e52"
    )
    pdf = SHARED / "cuad" / row["pdf_path"]
    doc = parser.parse(pdf)
    assert len(doc.pages) == row["n_pages"]
    top = [s for s in doc.sections if s.level == 1 and s.number and s.number.isdigit()]
    assert [int(s.number) for s in top] == list(range(1, len(top) + 1)) and len(top) >= 10
    pages = _page_texts(pdf)
    for s in top:
        head = re.sub(r"\s+", " ", doc.text[s.char_start : s.char_start + 20])
        assert head in pages[s.page_start - 1], s.number
    # expert annotations: each quote sits on the annotated page, inside a numbered clause
    norm, idx = _norm_index(doc.text)
    checked = 0
    for line in (SHARED / "cuad" / "annotations.jsonl").open():
        a = json.loads(line)
        if (
            a["doc_id"] != row["doc_id"]
            or not a["has_clause"]
            or a["category"] in ("Parties", "Document Name")
        ):
            continue
        for span in a["spans"]:
            quote = re.sub(r"\s+", " ", span["text"]).strip()
            at = norm.find(quote) if len(quote) >= 30 else -1
            if at < 0:
                continue
            off = idx[at]
            assert doc.page_at(off) == span["page_start"], a["category"]
            sec = doc.section_at(off)
            if span["page_start"] > 1:
                assert sec is not None and doc.sections[sec].number, a["category"]
            checked += 1
    assert checked >= 5

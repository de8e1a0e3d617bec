"""Two tenants' copies of the sample contracts, and questions in both tenants' vocabularies.

Both tenants hold the same contracts under the same file names (so the same doc_keys), each copy
with its own parties, amounts, dates and governing law; tenant ``beta`` also holds a supply
agreement that ``alpha`` does not have. Files are written from the sample model
(samples/build_samples.py) as Markdown, DOCX, HTML and text.

``markers(name)`` are strings that occur only in that tenant's files; ``questions()`` crosses
templates with attributes, document references, parties, amounts, laws and dates of BOTH tenants.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import importlib.util
import itertools
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _samples_module():
    name = "veridict_build_samples"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "samples" / "build_samples.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file runs
        spec.loader.exec_module(module)
    return sys.modules[name]


@dataclass
class TenantSpec:
    name: str
    # party: (full name, short name)
    customer: tuple[str, str]
    vendor: tuple[str, str, str]  # full, short, alias ("CS GmbH")
    consultant: tuple[str, str]
    discloser: tuple[str, str]
    supplier: tuple[str, str]
    amounts: dict[str, str]  # original -> this tenant's
    dates: dict[str, tuple[str, str]]  # original -> (as written, ISO)
    laws: dict[str, str]  # role -> jurisdiction word used in questions
    replacements: list[tuple[str, str]] = field(default_factory=list)  # law and address edits
    exclusive: bool = False  # holds the supply agreement

    def pairs(self) -> list[tuple[str, str]]:
        """Every (original, replacement), longest original first."""
        c, v, f, a, r = self.customer, self.vendor, self.consultant, self.discloser, self.supplier
        out = [
            ("Northwind Analytics Ltd", c[0]), ("northwind-analytics.example", _domain(c[1])), ("Northwind", c[1]),
            ("CloudSecure GmbH", v[0]), ("cloudsecure.example", _domain(v[1])), ("CloudSecure", v[1]),
            ("CS GmbH", v[2]),
            ("Fabrikam Consulting Inc.", f[0]), ("Fabrikam", f[1]),
            ("Acme Robotics Inc.", a[0]), ("Acme", a[1]),
            ("Contoso Ltd", r[0]), ("Contoso", r[1]),
            *self.replacements,
            *self.amounts.items(),
            *((k, v[0]) for k, v in self.dates.items()),
        ]
        return sorted(out, key=lambda kv: -len(kv[0]))

    def apply(self, text: str) -> str:
        # one pass per pair; placeholders keep a replacement from being replaced again
        holders: dict[str, str] = {}
        for i, (old, new) in enumerate(self.pairs()):
            if old in text:
                holder = f"\x00{i}\x00"
                holders[holder] = new
                text = text.replace(old, holder)
        for holder, new in holders.items():
            text = text.replace(holder, new)
        return text

    def parties(self) -> list[str]:
        return [p for group in (self.customer, self.vendor, self.consultant, self.discloser, self.supplier)
                for p in group[:2]] + ([*EXCLUSIVE_PARTY] if self.exclusive else [])

    def written_markers(self) -> list[str]:
        """The markers as the files write them (ISO dates are how answers may state them)."""
        return [m for m in self.markers() if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", m)]

    def markers(self) -> list[str]:
        """Strings found only in this tenant's files (checked by the test against both corpora)."""
        out = [p for p in self.parties()]
        out.append(self.vendor[2])
        out += [v.split(" (")[0].split(" ", 1)[1] for v in self.amounts.values()]  # "1,730,000"
        for written, iso in self.dates.values():
            out += [written, iso]
        out += [law for law in self.laws.values()]
        if self.exclusive:
            out += list(EXCLUSIVE_MARKERS)
        return list(dict.fromkeys(out))


def _domain(short: str) -> str:
    return f"{short.lower()}.example"


EXCLUSIVE_PARTY = ("Halcyon Freight Ltd", "Halcyon")
EXCLUSIVE_MARKERS = ("777,000", "27 November 2024", "2024-11-27", "Norway", "Oslo")
EXCLUSIVE_FILE = "supply-agreement.txt"
EXCLUSIVE_TEXT = """SUPPLY AGREEMENT

This Supply Agreement (the "Agreement") is made on 27 November 2024 (the "Effective Date") between Halcyon Freight Ltd, a company registered in Norway with offices at Strandveien 12, Oslo ("Halcyon" or the "Supplier"), and {customer_full} ("{customer_short}" or the "Buyer").

1. Supply

1.1 Halcyon shall supply refrigerated freight capacity to {customer_short} as set out in each purchase order.

2. Price

2.1 {customer_short} shall pay Halcyon a fixed annual price of EUR 777,000, invoiced quarterly in advance.

2.2 {customer_short} shall pay each undisputed invoice within twenty (20) days of receipt.

3. Term and Termination

3.1 This Agreement starts on the Effective Date and continues for three (3) years.

3.2 Either party may terminate this Agreement by giving ninety (90) days' written notice.

4. Liability

4.1 The total liability of Halcyon under this Agreement shall not exceed EUR 777,000 in any contract year.

5. Governing Law

5.1 This Agreement is governed by the laws of Norway, and the courts of Oslo have exclusive jurisdiction.

Signed for Halcyon Freight Ltd by Ingrid Solberg, Chief Executive, and for {customer_full} by its authorised signatory.
"""

ALPHA = TenantSpec(
    name="alpha",
    customer=("Ashgrove Analytics Ltd", "Ashgrove"),
    vendor=("Vaultline GmbH", "Vaultline", "VL GmbH"),
    consultant=("Quillon Consulting Inc.", "Quillon"),
    discloser=("Kestrel Robotics Inc.", "Kestrel"),
    supplier=("Pellucid Ltd", "Pellucid"),
    amounts={
        "EUR 1,500,000 (one million five hundred thousand euros)":
            "EUR 1,730,000 (one million seven hundred and thirty thousand euros)",
        "EUR 5,000,000 (five million euros)": "EUR 5,250,000 (five million two hundred and fifty thousand euros)",
        "EUR 10,000,000": "EUR 10,400,000", "EUR 42,000": "EUR 43,700",
        "USD 120,000": "USD 131,000", "USD 8,500": "USD 8,950", "USD 2,400": "USD 2,650",
        "USD 2,000,000": "USD 2,300,000",
    },
    dates={"15 January 2024": ("17 February 2024", "2024-02-17"), "3 June 2023": ("14 June 2023", "2023-06-14"),
           "10 September 2024": ("12 October 2024", "2024-10-12"), "1 April 2023": ("6 April 2023", "2023-04-06")},
    laws={"vendor": "Austria", "msa": "Oregon", "nda": "Scotland", "reseller": "Idaho"},
    replacements=[
        ("the laws of the Federal Republic of Germany", "the laws of the Republic of Austria"),
        ("The courts of Munich, Germany shall", "The courts of Vienna, Austria shall"),
        ("the laws of the State of New York", "the laws of the State of Oregon"),
        ("located in New York County, New York", "located in Multnomah County, Oregon"),
        ("the laws of England and Wales, and the courts of England and Wales",
         "the laws of Scotland, and the courts of Scotland"),
        ("| Governing law | England and Wales |", "| Governing law | Scotland |"),
        ("the State of Washington, USA", "the State of Idaho, USA"),
        ("in King County, Washington", "in Ada County, Idaho"),
        ("a Washington corporation", "an Idaho corporation"),
    ],
)

BETA = TenantSpec(
    name="beta",
    customer=("Birchmere Analytics Ltd", "Birchmere"),
    vendor=("Skyforge GmbH", "Skyforge", "SF GmbH"),
    consultant=("Dravenport Consulting Inc.", "Dravenport"),
    discloser=("Marlowe Robotics Inc.", "Marlowe"),
    supplier=("Tamberlane Ltd", "Tamberlane"),
    amounts={
        "EUR 1,500,000 (one million five hundred thousand euros)":
            "EUR 2,460,000 (two million four hundred and sixty thousand euros)",
        "EUR 5,000,000 (five million euros)": "EUR 6,750,000 (six million seven hundred and fifty thousand euros)",
        "EUR 10,000,000": "EUR 12,600,000", "EUR 42,000": "EUR 47,300",
        "USD 120,000": "USD 142,000", "USD 8,500": "USD 9,350", "USD 2,400": "USD 2,850",
        "USD 2,000,000": "USD 2,700,000",
    },
    dates={"15 January 2024": ("23 May 2024", "2024-05-23"), "3 June 2023": ("21 July 2023", "2023-07-21"),
           "10 September 2024": ("18 March 2024", "2024-03-18"), "1 April 2023": ("29 August 2023", "2023-08-29")},
    laws={"vendor": "Switzerland", "msa": "Texas", "nda": "Jersey", "reseller": "Colorado"},
    replacements=[
        ("the laws of the Federal Republic of Germany", "the laws of Switzerland"),
        ("The courts of Munich, Germany shall", "The courts of Zurich, Switzerland shall"),
        ("the laws of the State of New York", "the laws of the State of Texas"),
        ("located in New York County, New York", "located in Travis County, Texas"),
        ("the laws of England and Wales, and the courts of England and Wales",
         "the laws of Jersey, and the courts of Jersey"),
        ("| Governing law | England and Wales |", "| Governing law | Jersey |"),
        ("the State of Washington, USA", "the State of Colorado, USA"),
        ("in King County, Washington", "in Denver County, Colorado"),
        ("a Washington corporation", "a Colorado corporation"),
    ],
    exclusive=True,
)

TENANTS = {"alpha": ALPHA, "beta": BETA}


# --- files ------------------------------------------------------------------------------------


def _transform(obj, fn):
    """A copy of a sample-model object with ``fn`` applied to every string in it."""
    if isinstance(obj, str):
        return fn(obj)
    if isinstance(obj, list):
        return [_transform(x, fn) for x in obj]
    if isinstance(obj, tuple):
        return tuple(_transform(x, fn) for x in obj)
    if dataclasses.is_dataclass(obj):
        out = copy.copy(obj)
        for f in dataclasses.fields(obj):
            setattr(out, f.name, _transform(getattr(obj, f.name), fn))
        return out
    return obj


def _markdown(b, doc) -> str:
    lines = [f"# {doc.title}", "", doc.subtitle, ""]

    def block(item) -> None:
        if isinstance(item, b.H):
            lines.extend([f"## {item.text}", ""])
        elif isinstance(item, b.C):
            head = f"{item.number} **{item.title}.** " if item.title else f"{item.number} "
            lines.extend([head + item.text, ""])
        elif isinstance(item, b.L):
            lines.extend([f"({item.letter}) {item.text}", ""])
        elif isinstance(item, b.T):
            lines.append("| " + " | ".join(item.header) + " |")
            lines.append("|" + "---|" * len(item.header))
            lines.extend("| " + " | ".join(row) + " |" for row in item.rows)
            lines.append("")
            if item.caption:
                lines.extend([item.caption, ""])
        else:
            lines.extend([item.text, ""])

    for item in doc.body:
        block(item)
    for party, person, role in doc.signatures:
        lines.extend([f"Signed for {party} by {person}, {role}.", ""])
    for item in doc.schedules:
        block(item)
    return "\n".join(lines)


def write_tenant_files(spec: TenantSpec, folder: Path) -> list[Path]:
    """This tenant's copies of the contracts (and its exclusive document) under ``folder``."""
    b = _samples_module()
    folder.mkdir(parents=True, exist_ok=True)
    fn = spec.apply
    files = []
    vendor = folder / "vendor-agreement.md"
    vendor.write_text(_markdown(b, _transform(b.vendor_agreement(2), fn)), encoding="utf-8")
    msa = folder / "master-services-agreement.md"
    msa.write_text(_markdown(b, _transform(b.northwind_msa(), fn)), encoding="utf-8")
    dpa = folder / "data-processing-addendum.docx"
    b.write_docx(
        "Data Processing Addendum",
        fn("to the Vendor Agreement dated 15 January 2024 between Northwind Analytics Ltd and CloudSecure GmbH"),
        _transform(b.dpa_sections(), fn),
        _transform([("Northwind Analytics Ltd", "Helen Carter", "Chief Operating Officer"),
                    ("CloudSecure GmbH", "Markus Brandt", "Managing Director")], fn),
        dpa,
    )
    nda = folder / "mutual-nda.md"
    nda.write_text(fn(b.ACME_NDA_MD), encoding="utf-8")
    reseller = folder / "reseller-agreement.html"
    reseller.write_text(fn(b.CONTOSO_RESELLER_HTML), encoding="utf-8")
    files += [vendor, msa, dpa, nda, reseller]
    if spec.exclusive:
        supply = folder / EXCLUSIVE_FILE
        supply.write_text(EXCLUSIVE_TEXT.format(customer_full=spec.customer[0], customer_short=spec.customer[1]),
                          encoding="utf-8")
        files.append(supply)
    return files


def file_text(path: Path) -> str:
    """The words of a written file (DOCX unzipped), for the marker sanity check."""
    if path.suffix == ".docx":
        import docx

        d = docx.Document(str(path))
        parts = [p.text for p in d.paragraphs]
        parts += [c.text for t in d.tables for row in t.rows for c in row.cells]
        return "\n".join(parts)
    text = path.read_text(encoding="utf-8")
    return html.unescape(text) if path.suffix == ".html" else text


# --- questions --------------------------------------------------------------------------------

ATTRIBUTES = [
    "data breach penalty", "liability cap", "governing law", "termination notice period", "effective date",
    "term", "insurance limit", "payment terms", "monthly service fee", "fee for Training", "discount",
    "jurisdiction",
]
GENERIC_REFS = ["vendor agreement", "NDA", "MSA", "reseller agreement", "data processing addendum",
                "supply agreement"]


def _refs(spec: TenantSpec) -> list[str]:
    c, v, f, a, r = spec.customer[1], spec.vendor[1], spec.consultant[1], spec.discloser[1], spec.supplier[1]
    out = [f"{v} vendor agreement", f"{c} NDA with {a}", f"{f} MSA", f"{r} reseller agreement", f"{v} DPA",
           f"agreement between {c} and {v}"]
    if spec.exclusive:
        out.append(f"{EXCLUSIVE_PARTY[1]} supply agreement")
    return out


PARTY_TEMPLATES = [
    "Which agreements is {p} a party to?",
    "Who signed for {p}?",
    "What must {p} pay under its contracts?",
    "List every contract that mentions {p}.",
    "Which law governs the contracts with {p}?",
    "How many contracts does {p} have?",
]
ATTRIBUTE_PARTY_TEMPLATES = ["What is the {a} in the agreement with {p}?",
                             "Under the contract with {p}, what is the {a}?"]
ATTRIBUTE_REF_TEMPLATE = "What is the {a} in the {d}?"
AMOUNT_TEMPLATES = ["Which contracts mention {x}?", "Is the data breach penalty {x}?",
                    "Which agreement has a liability cap of {x}?"]
LAW_TEMPLATES = ["Which contracts are governed by the laws of {x}?", "Is the {d} governed by {x} law?"]
DATE_TEMPLATES = ["Which agreement was made on {x}?", "What starts on {x}?"]
COMPARE_TEMPLATE = "Compare the {a} of the {d1} and the {d2}."


def questions() -> list[str]:
    """Every question, deduplicated, in a stable order: BOTH tenants' vocabularies in each template."""
    specs = list(TENANTS.values())
    parties = [p for s in specs for p in s.parties()]
    refs = GENERIC_REFS + [r for s in specs for r in _refs(s)]
    amounts = [m.split(" (")[0] for s in specs for m in s.amounts.values()] + ["EUR 777,000"]
    laws = [law for s in specs for law in s.laws.values()] + ["Norway"]
    dates = [d[0] for s in specs for d in s.dates.values()] + ["27 November 2024"]
    out: list[str] = []
    out += [ATTRIBUTE_REF_TEMPLATE.format(a=a, d=d) for a, d in itertools.product(ATTRIBUTES, refs)]
    out += [t.format(a=a, p=p)
            for t, a, p in itertools.product(ATTRIBUTE_PARTY_TEMPLATES, ATTRIBUTES, parties)]
    out += [t.format(p=p) for t, p in itertools.product(PARTY_TEMPLATES, parties)]
    out += [t.format(x=x) for t, x in itertools.product(AMOUNT_TEMPLATES, amounts)]
    out += [LAW_TEMPLATES[0].format(x=x) for x in laws]
    out += [LAW_TEMPLATES[1].format(x=x, d=d) for x, d in itertools.product(laws, GENERIC_REFS)]
    out += [t.format(x=x) for t, x in itertools.product(DATE_TEMPLATES, dates)]
    pairs = [(_refs(ALPHA)[i], _refs(BETA)[i]) for i in range(len(_refs(ALPHA)))]
    out += [COMPARE_TEMPLATE.format(a=a, d1=d1, d2=d2) for a, (d1, d2) in itertools.product(ATTRIBUTES[:6], pairs)]
    return list(dict.fromkeys(out))

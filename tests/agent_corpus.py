"""A small contract library written straight through the store APIs, for the agent's tests.

Two versions of a CloudSecure vendor agreement (v1 superseded: penalty EUR 150,000;
v2 active: penalty EUR 200,000, its penalty clause referencing GDPR Art. 83(4)) and a
Globex supply agreement, and a Contoso master services agreement whose fees are a table
(cells stored as ``table_cell`` facts: row header = metric, column header = dimension). Offsets, pages, quotes and ids are computed, not typed in, so
every citation the agent makes can be checked against the stored text.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from veridict.types import Chunk, DocStatus, Document, Entity, Fact, Mention, Section

try:
    from stores.graph import Reference
except ImportError:  # graph store not written yet
    Reference = None


@dataclass
class FactSpec:
    attribute: str
    value_text: str
    needle: str  # the text in the section the value is read from
    value_num: float | None = None
    unit: str | None = None
    qualifier: str | None = None
    value_date: dt.date | None = None
    metric: str | None = None  # table cells: the row header
    dimension: str | None = None  # table cells: the column header
    confidence: float = 0.9


@dataclass
class SectionSpec:
    number: str
    title: str
    text: str
    clause_types: list[str] = field(default_factory=list)
    facts: list[FactSpec] = field(default_factory=list)
    references: list[tuple[str, str]] = field(default_factory=list)  # (key, name) of regulations


@dataclass
class PartySpec:
    name: str
    role: str
    aliases: list[str] = field(default_factory=list)


@dataclass
class Built:
    document: Document
    pages: list[tuple[int, int, int]]
    sections: list[Section]
    chunks: list[Chunk]
    facts: list[Fact]
    entities: list[Entity]
    mentions: list[Mention]
    references: list
    text: str


def build(tenant: str, doc_key: str, title: str, version: int, preamble: str,
          pages: list[list[SectionSpec]], parties: list[PartySpec]) -> Built:
    doc = Document(tenant=tenant, doc_key=doc_key, title=title, source_path=f"/library/{doc_key}-v{version}.pdf",
                   sha256=hashlib.sha256(f"{doc_key}{version}{tenant}".encode()).hexdigest(), version=version,
                   status=DocStatus.pending, format="pdf", n_pages=len(pages))
    text = ""
    page_rows: list[tuple[int, int, int]] = []
    sections: list[Section] = []
    chunks: list[Chunk] = []
    facts: list[Fact] = []
    references: list = []
    spans: list[tuple[int, SectionSpec, int, int]] = []
    for page_no, specs in enumerate(pages, start=1):
        if text:
            text += "\n\n"
        page_start = len(text)
        if page_no == 1:
            text += preamble + "\n\n"
        for spec in specs:
            start = len(text)
            text += f"{spec.number} {spec.title}\n{spec.text}\n"
            spans.append((page_no, spec, start, len(text)))
        page_rows.append((page_no, page_start, len(text)))
    doc.n_chars = len(text)
    # the preamble is a section too, so party facts have a home
    pre = Section(tenant=tenant, document_id=doc.id, number=None, title="Preamble", level=1, page_start=1,
                  page_end=1, char_start=0, char_end=len(preamble), clause_types=[], text=preamble)
    sections.append(pre)
    chunks.append(Chunk(tenant=tenant, document_id=doc.id, section_id=pre.id, ordinal=0, text=preamble,
                        page_start=1, page_end=1, char_start=0, char_end=len(preamble)))
    for page_no, spec, start, end in spans:
        body = text[start:end]
        sec = Section(tenant=tenant, document_id=doc.id, number=spec.number, title=spec.title, level=1,
                      page_start=page_no, page_end=page_no, char_start=start, char_end=end,
                      clause_types=list(spec.clause_types), text=body)
        sections.append(sec)
        chunks.append(Chunk(tenant=tenant, document_id=doc.id, section_id=sec.id, ordinal=len(chunks), text=body,
                            page_start=page_no, page_end=page_no, char_start=start, char_end=end,
                            clause_types=list(spec.clause_types)))
        for f in spec.facts:
            at = body.index(f.needle)
            if f.attribute == "table_cell":  # a cell's quote is the cell itself
                facts.append(Fact(tenant=tenant, document_id=doc.id, attribute=f.attribute, value_text=f.value_text,
                                  value_num=f.value_num, unit=f.unit, qualifier=f.qualifier, section_id=sec.id,
                                  section_number=spec.number, section_title=spec.title, page=page_no,
                                  char_start=start + at, char_end=start + at + len(f.needle), quote=f.needle,
                                  method="table", confidence=f.confidence, metric=f.metric,
                                  dimension=f.dimension))
                continue
            s_start = body.rfind(". ", 0, at)
            s_start = 0 if s_start < 0 else s_start + 2
            nl = body.find("\n")
            s_start = max(s_start, nl + 1) if nl < at else s_start
            s_end = body.find(". ", at)
            s_end = len(body.rstrip()) if s_end < 0 else s_end + 1
            facts.append(Fact(tenant=tenant, document_id=doc.id, attribute=f.attribute, value_text=f.value_text,
                              value_num=f.value_num, value_date=f.value_date, unit=f.unit, qualifier=f.qualifier,
                              section_id=sec.id, section_number=spec.number, section_title=spec.title,
                              page=page_no, char_start=start + s_start, char_end=start + s_end,
                              quote=body[s_start:s_end], method="regex:test", confidence=0.9))
        if Reference is not None:
            for key, name in spec.references:
                references.append(Reference(section_id=sec.id, target_kind="regulation", target_key=key,
                                            target_name=name, page=page_no))
    entities: list[Entity] = []
    mentions: list[Mention] = []
    for p in parties:
        ent = Entity(tenant=tenant, canonical_name=p.name, type="ORG", aliases=list(p.aliases))
        entities.append(ent)
        at = preamble.index(p.name)
        mentions.append(Mention(tenant=tenant, entity_id=ent.id, document_id=doc.id, section_id=pre.id,
                                surface=p.name, page=1, char_start=at, char_end=at + len(p.name), role=p.role))
        facts.append(Fact(tenant=tenant, document_id=doc.id, attribute="party", value_text=p.name, qualifier=p.role,
                          section_id=pre.id, page=1, char_start=0, char_end=len(preamble), quote=preamble,
                          method="regex:test", confidence=0.9))
    return Built(doc, page_rows, sections, chunks, facts, entities, mentions, references, text)


def cloudsecure(tenant: str, version: int) -> Built:
    penalty = "EUR 150,000" if version == 1 else "EUR 200,000"
    penalty_num = 150_000.0 if version == 1 else 200_000.0
    effective = dt.date(2022, 1, 1) if version == 1 else dt.date(2024, 1, 1)
    eff_text = "1 January 2022" if version == 1 else "1 January 2024"
    preamble = (f"VENDOR AGREEMENT (version {version}) dated {eff_text} between CloudSecure GmbH (the \"Vendor\") "
                f"and Acme Corp (the \"Customer\").")
    p1 = [
        SectionSpec("1.1", "Effective Date", f"This Agreement is effective as of {eff_text}.", [],
                    [FactSpec("effective_date", effective.isoformat(), eff_text, value_date=effective)]),
        SectionSpec("2.1", "Services", "The Vendor shall provide managed security monitoring and incident "
                    "response services to the Customer around the clock.", []),
    ]
    p2 = [
        SectionSpec("9.2", "Data Breach Penalty",
                    f"For each personal data breach caused by the Vendor, the Vendor shall pay the Customer a "
                    f"penalty of {penalty} per incident. This penalty is without prejudice to administrative "
                    f"fines under Article 83(4) of the GDPR.",
                    ["penalty", "data_protection", "liquidated_damages"],
                    [FactSpec("amount", f"{penalty_num:.2f} EUR", penalty, value_num=penalty_num, unit="EUR",
                              qualifier="penalty_per_incident")],
                    references=[("GDPR Art. 83(4)", "General Data Protection Regulation")] if version == 2 else []),
        SectionSpec("10.1", "Limitation of Liability",
                    "The aggregate liability of the Vendor under this Agreement shall not exceed EUR 1,000,000.",
                    ["cap_on_liability"],
                    [FactSpec("amount", "1000000.00 EUR", "EUR 1,000,000", value_num=1_000_000.0, unit="EUR",
                              qualifier="liability_cap")]),
    ]
    p3 = [
        SectionSpec("12.1", "Renewal",
                    "This Agreement renews automatically for successive one-year terms unless either party gives "
                    "ninety (90) days written notice of non-renewal before the end of the current term.",
                    ["renewal_term", "notice_period"],
                    [FactSpec("notice_period", "90 days", "ninety (90) days", value_num=90, unit="days",
                              qualifier="non_renewal"),
                     FactSpec("renewal_term", "1 year", "successive one-year terms", value_num=365, unit="days",
                              qualifier="successive")]),
        SectionSpec("14.1", "Governing Law",
                    "This Agreement is governed by the laws of Germany.", ["governing_law"],
                    [FactSpec("governing_law", "Germany", "laws of Germany")]),
    ]
    return build(tenant, "cloudsecure-vendor-agreement", "CloudSecure Vendor Agreement", version, preamble,
                 [p1, p2, p3], [PartySpec("CloudSecure GmbH", "vendor", ["CloudSecure"]),
                                PartySpec("Acme Corp", "customer")])


def globex(tenant: str) -> Built:
    preamble = ("SUPPLY AGREEMENT dated March 15, 2021 between Globex Ltd (the \"Supplier\") and Acme Corp "
                "(the \"Buyer\").")
    p1 = [
        SectionSpec("3.1", "Fees", "The Buyer shall pay the Supplier an annual fee of USD 50,000.", ["payment_terms"],
                    [FactSpec("amount", "50000.00 USD", "USD 50,000", value_num=50_000.0, unit="USD",
                              qualifier="fee")]),
        SectionSpec("8.4", "Termination", "Either party may terminate this Agreement upon thirty (30) days "
                    "written notice to the other party.", ["termination", "termination_for_convenience"],
                    [FactSpec("notice_period", "30 days", "thirty (30) days", value_num=30, unit="days",
                              qualifier="termination")]),
        SectionSpec("11.2", "Governing Law", "This Agreement shall be governed by the laws of the State of New York.",
                    ["governing_law"], [FactSpec("governing_law", "New York", "laws of the State of New York")]),
    ]
    built = build(tenant, "globex-supply-agreement", "Globex Supply Agreement", 1, preamble, [p1],
                  [PartySpec("Globex Ltd", "supplier"), PartySpec("Acme Corp", "buyer")])
    built.facts.append(Fact(tenant=tenant, document_id=built.document.id, attribute="agreement_date",
                            value_text="2021-03-15", value_date=dt.date(2021, 3, 15), section_id=built.sections[0].id,
                            page=1, char_start=0, char_end=len(preamble), quote=preamble, method="regex:test",
                            confidence=0.9))
    return built


def contoso(tenant: str) -> Built:
    """Fees in a ruled table: Service | Unit | Fee, one row per service."""
    preamble = ("MASTER SERVICES AGREEMENT dated 3 June 2023 between Contoso Ltd (the \"Provider\") and Tailspin "
                "Corp (the \"Client\").")
    rows = [("Implementation", "per project", "USD 120,000", 120_000.0), ("Support", "per month", "USD 8,500", 8_500.0),
            ("Training", "per day", "USD 2,400", 2_400.0)]
    table = "Service | Unit | Fee\n" + "\n".join(f"{s} | {u} | {f}" for s, u, f, _ in rows)
    cells: list[FactSpec] = []
    for service, unit, fee, num in rows:
        cells.append(FactSpec("table_cell", unit, unit, qualifier="Table 1 - Fee Schedule", metric=service,
                              dimension="Unit", confidence=0.95))
        cells.append(FactSpec("table_cell", fee, fee, value_num=num, unit="USD", qualifier="Table 1 - Fee Schedule",
                              metric=service, dimension="Fee", confidence=0.95))
    p1 = [
        SectionSpec("2.1", "Fee Schedule", "The Client shall pay the Provider the fees set out in the table below.\n"
                    + table, ["payment_terms"], cells),
        SectionSpec("2.3", "Payment Terms", "The Provider shall invoice monthly. The Client shall pay each undisputed "
                    "invoice within thirty (30) days of receipt.", ["payment_terms"]),
    ]
    return build(tenant, "contoso-msa", "Contoso Master Services Agreement", 1, preamble, [p1],
                 [PartySpec("Contoso Ltd", "provider"), PartySpec("Tailspin Corp", "client")])


def write(stores, built: Built) -> list[str]:
    """Write one document to every store that is there, activate it; returns superseded ids."""
    tenant = built.document.tenant
    stores.pg.write_document(built.document, built.pages, built.sections, built.chunks, built.facts,
                             built.entities, built.mentions, built.text)
    if stores.vectors is not None and stores.embedder is not None:
        vectors = stores.embedder.embed_documents([c.text for c in built.chunks])
        stores.vectors.upsert_chunks(tenant, built.chunks, vectors, built.document)
    if stores.graph is not None:
        stores.graph.write_document(tenant, built.document, built.sections, built.entities, built.mentions,
                                    built.references)
    superseded = stores.pg.activate(tenant, built.document.id)
    if stores.graph is not None:
        stores.graph.set_status(tenant, built.document.id, "active")
    for old in superseded:
        if stores.vectors is not None:
            stores.vectors.delete_document(tenant, old)
        if stores.graph is not None:
            stores.graph.supersede(tenant, old, built.document.id)
    built.document.status = DocStatus.active
    return superseded


def library(stores, tenant: str) -> dict[str, Built]:
    """v1 then v2 of the CloudSecure agreement (v1 becomes superseded), the Globex and the Contoso agreements."""
    v1 = cloudsecure(tenant, 1)
    write(stores, v1)
    v2 = cloudsecure(tenant, 2)
    write(stores, v2)
    g = globex(tenant)
    write(stores, g)
    c = contoso(tenant)
    write(stores, c)
    return {"v1": v1, "v2": v2, "globex": g, "contoso": c}


def _fact_at(built: Built, attribute: str, value: dt.date, quote: str) -> Fact:
    """A date fact whose quote is ``quote`` (found in the built text; it need not contain the date)."""
    start = built.text.index(quote)
    sec = next((s for s in built.sections if s.char_start <= start < s.char_end), built.sections[0])
    page = next(n for n, a, b in built.pages if a <= start <= b)
    return Fact(tenant=built.document.tenant, document_id=built.document.id, attribute=attribute,
                value_text=value.isoformat(), value_date=value, section_id=sec.id, section_number=sec.number,
                section_title=sec.title, page=page, char_start=start, char_end=start + len(quote), quote=quote,
                method="derived:test", confidence=0.8)


def sponsorship(tenant: str, with_start: bool = True) -> Built:
    """A term stated as a period from the Effective Date; the expiration date fact is derived (start + term),
    its quote states the term only. Without ``with_start`` no effective date is stored."""
    key = "sponsorship-agreement" if with_start else "outreach-agreement"
    title = "Sponsorship Agreement" if with_start else "Outreach Agreement"
    preamble = (f"{title.upper()} between Northwind Racing LLC (the \"Team\") and Fabrikam Inc "
                f"(the \"Sponsor\").")
    eff = [FactSpec("effective_date", "2012-06-13", "June 13, 2012", value_date=dt.date(2012, 6, 13))] \
        if with_start else []
    term = "This Agreement shall commence on the Effective Date and shall continue for ten (10) Contract Years."
    p1 = [
        SectionSpec("1", "Effective Date", "The Effective Date of this Agreement is June 13, 2012." if with_start
                    else "The Effective Date is the date on which the Sponsor first pays the Sponsorship Fee.",
                    [], eff),
        SectionSpec("2(a)", "Term", term, ["expiration_date"]),
        SectionSpec("3", "Sponsorship Fee", "The Sponsor shall display its marks on the Team's cars.", []),
    ]
    built = build(tenant, key, title, 1, preamble, [p1],
                  [PartySpec("Northwind Racing LLC", "team"), PartySpec("Fabrikam Inc", "sponsor")])
    built.facts.append(_fact_at(built, "expiration_date", dt.date(2022, 6, 13), term))
    return built


def hosting(tenant: str, date_nearby: bool = True) -> Built:
    """An agreement date whose fact quote ("effective as of the latest date set forth below") lacks the date;
    the date is stated just below it (``date_nearby``) or nowhere near it."""
    key = "hosting-agreement" if date_nearby else "reseller-agreement"
    title = "Hosting Agreement" if date_nearby else "Reseller Agreement"
    lead = "This Agreement is entered into effective as of the latest date set forth below."
    signed = "Signed by both parties. Date: December 11, 2009."
    filler = " ".join(["The Provider shall keep the hosted systems available and patched."] * 12)
    preamble = f"{title.upper()} between Litware Inc (the \"Provider\") and Adatum Corp (the \"Customer\")."
    sections = [SectionSpec("1", "Agreement", f"{lead} {signed}" if date_nearby else lead, [])]
    sections.append(SectionSpec("2", "Services", filler, []))
    if not date_nearby:
        sections.append(SectionSpec("9", "Signatures", signed, []))
    built = build(tenant, key, title, 1, preamble, [sections],
                  [PartySpec("Litware Inc", "provider"), PartySpec("Adatum Corp", "customer")])
    built.facts.append(_fact_at(built, "agreement_date", dt.date(2009, 12, 11), lead))
    return built


@contextmanager
def on_postgres(pg_store, settings, tenant: str) -> Iterator:
    """``Stores`` with Postgres alone (vectors and graph not configured: their channels are
    'unavailable'), holding ``library``; the tenant is removed afterwards."""
    from veridict.factory import Stores

    stores = Stores(settings=settings, pg=pg_store, vectors=None, graph=None, embedder=None)
    library(stores, tenant)
    try:
        yield stores
    finally:
        pg_store.delete_tenant(tenant)

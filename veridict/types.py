"""Domain types shared by ingestion, the stores, the agent and the interfaces.

Every stored thing carries its tenant. Character offsets are into the
document's extracted text (``ParsedDocument.text``); pages are 1-based.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field

from veridict.domain.attributes import FactAttribute
from veridict.domain.refusals import RefusalReason


def new_id() -> str:
    return str(uuid.uuid4())



# How an answer names the OCR confidence of a cited page (Citation.ocr_label): Veridict's own note,
# not a figure from the contract.
OCR_LABEL = re.compile(r"read by OCR, confidence \d+ %")

class DocStatus(str, Enum):  # noqa: UP042 - stored and compared as its str value; StrEnum would change str()
    pending = "pending"  # being written; invisible to queries
    active = "active"  # the current version; the only status queries see
    superseded = "superseded"  # an older version, kept for "the old version differed"
    failed = "failed"  # ingestion failed; invisible, rerun completes it


class Document(BaseModel):
    id: str = Field(default_factory=new_id)
    tenant: str
    doc_key: str  # stable identity across versions (default: normalised file stem)
    title: str
    source_path: str
    sha256: str
    version: int = 1
    status: DocStatus = DocStatus.pending
    format: str = "pdf"  # pdf | docx | html | md | txt
    n_pages: int = 0
    n_chars: int = 0
    # pages read by OCR -> their confidence (0-100, the mean of the engine's word confidences);
    # ocr_confidence is their mean and low_quality says it is under VERIDICT_OCR_LOW_CONFIDENCE
    ocr_pages: dict[int, float] = Field(default_factory=dict)
    ocr_confidence: float | None = None
    low_quality: bool = False
    created_at: dt.datetime | None = None


class Section(BaseModel):
    """A heading-delimited section or a numbered clause ("14.3", "Article IV")."""

    id: str = Field(default_factory=new_id)
    tenant: str
    document_id: str
    number: str | None = None
    title: str | None = None
    level: int = 1
    parent_id: str | None = None
    page_start: int
    page_end: int
    char_start: int
    char_end: int
    clause_types: list[str] = Field(default_factory=list)
    text: str = ""

    def passage(self) -> str:
        """The section as a passage is quoted and graded: its number and title on a line before its text, unless
        the text already opens with them."""
        heading = " ".join(x for x in (self.number, self.title) if x)
        return f"{heading}\n{self.text}" if heading and heading not in self.text[:200] else self.text


Clause = Section

PASSAGE_VECTOR_CHARS = 1500  # a passage is embedded for grading from its first this many characters


class Chunk(BaseModel):
    """A small retrievable span of narrative text; its section is the context."""

    id: str = Field(default_factory=new_id)
    tenant: str
    document_id: str
    section_id: str | None = None
    ordinal: int
    text: str
    page_start: int
    page_end: int
    char_start: int
    char_end: int
    clause_types: list[str] = Field(default_factory=list)
    ocr_confidence: float | None = None  # read by OCR: the lowest confidence of its pages


class Fact(BaseModel):
    """An exact value stated in a document, with full provenance."""

    id: str = Field(default_factory=new_id)
    tenant: str
    document_id: str
    attribute: FactAttribute
    value_text: str  # normalised text value (ISO date, jurisdiction, party name, "30 days")
    value_num: float | None = None  # amount, days, percent
    value_date: dt.date | None = None
    unit: str | None = None  # currency code, "days", "%"
    qualifier: str | None = None  # what it is: liability_cap, penalty_per_incident, fee, role...
    section_id: str | None = None
    section_number: str | None = None
    section_title: str | None = None
    page: int
    char_start: int
    char_end: int
    quote: str  # the exact source text the value was read from
    method: str  # regex:<rule> | spacy | table | llm
    confidence: float = 1.0
    # table cells: metric (row header), dimension (column header)
    metric: str | None = None
    dimension: str | None = None
    ocr_confidence: float | None = None  # its page was read by OCR with this confidence (0-100)


class Entity(BaseModel):
    id: str = Field(default_factory=new_id)
    tenant: str
    canonical_name: str
    type: str  # ORG | PERSON | GPE | LAW | REGULATION
    aliases: list[str] = Field(default_factory=list)


class Mention(BaseModel):
    tenant: str
    entity_id: str
    document_id: str
    section_id: str | None = None
    surface: str
    page: int
    char_start: int
    char_end: int
    role: str | None = None  # for parties: licensor, vendor, customer...


StoreName = Literal["facts", "vectors", "lexical", "graph", "tables"]


class Citation(BaseModel):
    document_id: str
    document_title: str
    version: int
    page: int
    clause_number: str | None = None
    clause_title: str | None = None
    char_start: int | None = None
    char_end: int | None = None
    quote: str
    store: StoreName
    source_path: str | None = None
    ocr_confidence: float | None = None  # the page was read by OCR with this confidence (0-100)

    @property
    def ocr_label(self) -> str | None:
        """'read by OCR, confidence 71 %' for a page read by OCR, else None (OCR_LABEL finds it in a text)."""
        if self.ocr_confidence is None:
            return None
        return f"read by OCR, confidence {self.ocr_confidence:.0f} %"


class Evidence(BaseModel):
    """One retrieved item, before the answer is built."""

    id: str
    store: StoreName
    text: str
    score: float = 0.0
    citation: Citation
    fact: Fact | None = None
    relevant: bool | None = None  # set by the critic


class ClaimSupport(BaseModel):
    claim: str
    supported: bool
    citation_indexes: list[int] = Field(default_factory=list)


class TraceStep(BaseModel):
    node: str
    tool: str | None = None
    arguments: dict = Field(default_factory=dict)
    results: int | None = None
    ms: float = 0.0
    note: str | None = None


class Outage(BaseModel):
    """A store that failed while a question was answered: the channel (tool or lookup) it cost and its error."""

    channel: str  # the tool or lookup that could not run: "vectors", "graph_entity", "graph"
    store: str  # the store that failed: "postgres", "qdrant", "graph"
    error: str  # its first error, on one line


class Answer(BaseModel):
    question: str
    text: str
    citations: list[Citation] = Field(default_factory=list)
    claims: list[ClaimSupport] = Field(default_factory=list)
    confidence: float = 0.0
    refused: bool = False
    refusal_code: RefusalReason | None = None  # why, as a code
    refusal_reason: str | None = None  # why, in words (made from the code)
    trace: list[TraceStep] = Field(default_factory=list)

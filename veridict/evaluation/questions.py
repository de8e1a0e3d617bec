"""Evaluation questions and contracts (CUAD dev slice) as typed models, and the doc-key mapping."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from typing import Literal

from pydantic import BaseModel, Field, model_validator

Behavior = Literal[
    "answer_with_citation",
    "answer_list_with_citations",
    "say_not_found",
    "refuse_or_state_not_specified",
    "refuse_document_not_found",
]
REFUSAL_BEHAVIORS: frozenset[str] = frozenset(
    {"say_not_found", "refuse_or_state_not_specified", "refuse_document_not_found"}
)


class QuestionsError(Exception):
    """A questions or contracts file is missing or malformed."""


class EvidenceSpan(BaseModel):
    """Where a gold answer is stated: TXT character offsets and PDF pages (1-based).

    A span whose PDF page could not be located has no pages; one with a first page only ends on it."""

    doc_id: str
    start: int
    end: int
    page_start: int | None = None
    page_end: int | None = None
    section_hint: str | None = None
    text: str = ""

    @model_validator(mode="after")
    def _end_page(self) -> EvidenceSpan:
        if self.page_end is None:
            self.page_end = self.page_start
        return self

    def on_page(self, page: int) -> bool:
        return self.page_start is not None and self.page_start <= page <= (self.page_end or self.page_start)


class Question(BaseModel):
    qid: str
    qtype: str  # family/subtype, e.g. "exact_value/governing_law"
    question: str
    expected_behavior: Behavior
    gold_answer: str | int | list[str] | None = None
    gold_answer_titles: list[str] | None = None
    doc_ids: list[str] = Field(default_factory=list)
    evidence: list[EvidenceSpan] = Field(default_factory=list)
    derivation: str = ""
    category: str | None = None
    needs_review: bool = False
    outside_doc: str | None = None

    @property
    def family(self) -> str:
        """exact_value | clause_lookup | cross_doc | unanswerable."""
        return self.qtype.split("/", 1)[0]

    @property
    def subtype(self) -> str:
        return self.qtype.split("/", 1)[1] if "/" in self.qtype else ""

    @property
    def should_refuse(self) -> bool:
        return self.expected_behavior in REFUSAL_BEHAVIORS

    def evidence_for(self, doc_id: str) -> list[EvidenceSpan]:
        return [e for e in self.evidence if e.doc_id == doc_id]

    @property
    def leak_value(self) -> str | None:
        """For a document outside the library: the true answer, which must not appear."""
        m = re.search(r'true answer would be\s+"([^"]+)"', self.derivation)
        return m.group(1) if m else None


class Contract(BaseModel):
    doc_id: str
    cuad_filename: str
    txt_path: str
    pdf_path: str
    cuad_part: str | None = None
    contract_type: str | None = None
    title: str = ""
    n_chars: int = 0
    n_pages: int = 0
    title_clean: str | None = None
    parties_clean: list[str] = Field(default_factory=list)

    @property
    def doc_key(self) -> str:
        return doc_key_for_path(self.pdf_path)

    def pdf_file(self, cuad_root: Path) -> Path:
        return cuad_root / self.pdf_path

    def txt_file(self, cuad_root: Path) -> Path:
        return cuad_root / self.txt_path


def doc_key_for_path(path: str | PurePath) -> str:
    """Normalised file stem: lower case, runs of other characters -> '-'.

    'full_contract_pdf/.../PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.PDF'
    -> 'profoundmedicalcorp-08-29-2019-ex-4-5-supply-agreement'.
    """
    stem = PurePath(str(path).replace("\\", "/")).stem
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")


def key_signature(text: str) -> str:
    """Letters and digits only: compares doc keys built by any normalisation."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _read_jsonl(path: Path) -> list[dict]:
    if not path.is_file():
        raise QuestionsError(f"file not found: {path}")
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise QuestionsError(f"{path}:{n}: not JSON ({exc})") from exc
    return rows


def load_questions(path: str | Path) -> list[Question]:
    path = Path(path)
    out = []
    for n, row in enumerate(_read_jsonl(path), 1):
        try:
            out.append(Question.model_validate(row))
        except ValueError as exc:
            raise QuestionsError(f"{path}: question {n} is malformed: {exc}") from exc
    return out


def load_contracts(path: str | Path) -> dict[str, Contract]:
    """doc_id -> Contract, in file order."""
    path = Path(path)
    out: dict[str, Contract] = {}
    for n, row in enumerate(_read_jsonl(path), 1):
        try:
            c = Contract.model_validate(row)
        except ValueError as exc:
            raise QuestionsError(f"{path}: contract {n} is malformed: {exc}") from exc
        out[c.doc_id] = c
    return out


def contracts_path_for(questions_path: str | Path) -> Path:
    """The contracts.jsonl beside a questions file."""
    return Path(questions_path).with_name("contracts.jsonl")


def cuad_root_for(contracts_path: str | Path, contracts: Iterable[Contract]) -> Path:
    """The folder that pdf_path values are relative to: cuad/ (the parent of dev/), the folder
    of the contracts file, or, for a question set kept in the repository (bench/questions/...),
    ``shared/data/cuad`` beside one of its parent folders (the project's ``../shared/data/``)."""
    contracts_path = Path(contracts_path).resolve()
    first = next(iter(contracts), None)
    roots = [contracts_path.parent.parent, contracts_path.parent]
    roots += [folder / "shared" / "data" / "cuad" for folder in contracts_path.parents]
    for root in roots:
        if first is None or (root / first.pdf_path).exists():
            return root
    raise QuestionsError(
        f"cannot find {first.pdf_path!r} under {contracts_path.parent.parent}, "  # type: ignore[union-attr]
        f"{contracts_path.parent} or a shared/data/cuad folder beside a parent folder"
    )


def select_questions(
    questions: Sequence[Question],
    limit: int | None,
    how: Literal["first", "stratified"] = "stratified",
) -> list[Question]:
    """Up to ``limit`` questions: the first ones, or round-robin over qtypes (file order in each)."""
    if limit is None or limit >= len(questions):
        return list(questions)
    if limit <= 0:
        return []
    if how == "first":
        return list(questions[:limit])
    by_type: dict[str, list[Question]] = {}
    for q in questions:
        by_type.setdefault(q.qtype, []).append(q)
    chosen: list[Question] = []
    depth = 0
    while len(chosen) < limit:
        added = False
        for qs in by_type.values():
            if depth < len(qs) and len(chosen) < limit:
                chosen.append(qs[depth])
                added = True
        if not added:
            break
        depth += 1
    order = {q.qid: i for i, q in enumerate(questions)}
    return sorted(chosen, key=lambda q: order[q.qid])


def needed_doc_ids(questions: Iterable[Question], contracts: dict[str, Contract]) -> list[str]:
    """Contracts the library must hold: every contract if a collection-wide question is asked,
    otherwise the ones the questions name (never a document outside the slice)."""
    questions = list(questions)
    if any(q.family == "cross_doc" for q in questions):
        return list(contracts)
    wanted: set[str] = set()
    for q in questions:
        wanted.update(q.doc_ids)
        wanted.update(e.doc_id for e in q.evidence)
    return [d for d in contracts if d in wanted]

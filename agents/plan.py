"""The typed plan of a question: its intent, asked attributes and clause types, the documents it names and
what they resolved to, its constraints and the tools to call."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, Field

from veridict.domain import Comparison, Intent, ToolName


class DocumentRef(BaseModel):
    """A document the question names, and what it resolved to."""

    mention: str
    title: str | None = None
    parties: list[str] = Field(default_factory=list)
    explicit: bool = True  # named in the question (an unresolved explicit reference -> refusal)
    document_ids: list[str] = Field(default_factory=list)
    titles: list[str] = Field(default_factory=list)
    # the contract's own names for the parties the question named ("Sun Seven Stars" -> "Beijing Sun Seven Stars
    # Culture Development Limited"), one per name in ``parties``, where it resolved to one document; else empty
    party_names: list[str] = Field(default_factory=list)
    resolved_by: str | None = None
    ambiguous: bool = False  # several documents fit it equally: ``document_ids`` are the candidates
    # resolved from a party's name in the question (the contracts that name it a party): the question is about
    # them, so a search that finds nothing there is never widened to the rest of the library
    by_party: bool = False


class Constraints(BaseModel):
    active_only: bool = True
    jurisdiction: str | None = None
    value_text: str | None = None  # list filter on a fact's value ("Arizona")
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    min_num: float | None = None
    max_num: float | None = None


class Plan(BaseModel):
    question: str
    intent: Intent = "narrative"
    attribute: str | None = None
    attributes: list[str] = Field(default_factory=list)  # attribute first, then further asked attributes
    qualifier: str | None = None
    qualifiers: list[str] = Field(default_factory=list)  # all asked kinds of amount ("penalty ... and the fee")
    clause_types: list[str] = Field(default_factory=list)
    documents: list[DocumentRef] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    constraints: Constraints = Field(default_factory=Constraints)
    tools: list[ToolName] = Field(default_factory=list)
    sub_questions: list[str] = Field(default_factory=list)
    comparison: Comparison | None = None
    keywords: list[str] = Field(default_factory=list)
    exclude_parties: list[str] = Field(default_factory=list)  # "counterparty of X": X is not the answer
    # names the question gives that no contract of the library has as a party, in its title or its text, where no
    # contract was resolved: the answer comes from the library as a whole and says so (``agents.resolve``)
    unmatched_names: list[str] = Field(default_factory=list)
    filter_clause_types: bool = True  # vector search restricted to the clause types (a rewrite may drop it)
    rewrites_done: list[str] = Field(default_factory=list)  # critic strategies already applied
    source: Literal["rules", "llm", "rules+llm", "rules+meaning"] = "rules"

    @property
    def document_ids(self) -> list[str]:
        out: list[str] = []
        for ref in self.documents:
            out.extend(i for i in ref.document_ids if i not in out)
        return out

    @property
    def missing_documents(self) -> list[DocumentRef]:
        return [r for r in self.documents if r.explicit and not r.document_ids]

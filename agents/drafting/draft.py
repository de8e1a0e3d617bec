"""What the drafter produces: sentences (claims) with the numbers of the citations they rest on."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from veridict.domain import RefusalReason
from veridict.types import Citation

ClaimKind = Literal["claim", "framing"]


class DraftClaim(BaseModel):
    text: str
    citation_indexes: list[int] = Field(default_factory=list)  # 1-based into Draft.citations
    kind: ClaimKind = "claim"
    addendum: bool = False  # version history / source conflict: carried over into an LLM draft


class Draft(BaseModel):
    claims: list[DraftClaim] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    evidence_ids: list[str] = Field(default_factory=list)  # parallel to citations
    derived_numbers: list[float] = Field(default_factory=list)  # computed by the calculator or counted
    derived_dates: list[str] = Field(default_factory=list)
    refusal_reason: RefusalReason | None = None
    mode: Literal["extractive", "llm"] = "extractive"
    notes: list[str] = Field(default_factory=list)
    verbatim: list[str] = Field(default_factory=list)  # names from the question; not figures to check

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.claims)

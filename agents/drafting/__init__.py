"""Draft an answer from graded evidence: extractive (no LLM) or by the chat model.

The extractive draft states values from fact rows (falling back to the best sentence of a retrieved clause),
quotes clauses, lists and compares, and computes sums and date differences with the calculator tool. Every
sentence carries the numbers of the citations it rests on; the provenance node checks them before anything is
shown. A fact is stated only when its quote states its value (or its quote, widened to nearby stored text,
does); a derived date (expiration = start + term) is stated as a calculation citing both the quoted start date
and the quoted term, or not at all.

One module per intent (``exact_value``, ``clause_lookup``, ``narrative``, ``listing``, ``compare``,
``calculate``, ``relational``) registers its function under the ``Intent`` literal; ``Drafter.build`` runs
the one the plan asks for.
"""

from __future__ import annotations

from agents.drafting import (  # noqa: F401  (each registers its intent)
    calculate,
    clause_lookup,
    compare,
    exact_value,
    listing,
    narrative,
    relational,
)
from agents.drafting.draft import Draft, DraftClaim
from agents.drafting.llm import carry_addenda, documents_block, llm_evidence, parse_llm_draft
from agents.drafting.registry import INTENT_DRAFTERS
from agents.drafting.values import ValueDrafter
from agents.plan import Plan
from veridict.domain import RefusalReason
from veridict.types import Evidence


def note_unmatched(draft: Draft, plan: Plan) -> None:
    """Open an answer drawn from the whole library to a question that names a contract the library does not hold
    ("Can the auditors of the Healthcare Integrated reseller check the books?") by saying that no contract matches
    the name, so the passages are other contracts'. Nothing where the question named no such thing or the draft
    says nothing."""
    if not plan.unmatched_names or plan.documents or not draft.claims:
        return
    names = " or ".join(plan.unmatched_names[:3])  # unquoted: a quote must stand in a cited source
    draft.claims.insert(0, DraftClaim(
        text=f"Nothing in the library matches {names}: no contract has that party, title or name in its text, so "
             "what follows comes from other contracts and may not be the one you mean:",
        citation_indexes=[], kind="framing"))


class Drafter(ValueDrafter):
    """The extractive drafter: ``build`` runs the registered drafter of the plan's intent."""

    def build(self, all_evidence: list[Evidence]) -> Draft:
        self._all = all_evidence
        INTENT_DRAFTERS[self.plan.intent](self)
        if not self.draft.claims and not self.draft.refusal_reason:
            self.draft.refusal_reason = self.default_refusal()
        note_unmatched(self.draft, self.plan)
        return self.draft

    def default_refusal(self) -> RefusalReason:
        if self.plan.documents and self.plan.intent in ("exact_value", "calculate") and self.plan.document_ids:
            return RefusalReason.not_specified
        return RefusalReason.not_found


__all__ = ["Draft", "DraftClaim", "Drafter", "carry_addenda", "documents_block", "llm_evidence", "note_unmatched",
           "parse_llm_draft"]

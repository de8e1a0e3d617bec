"""The CRAG rewrite: which document constraints a failed search may drop."""

from __future__ import annotations

from agents.critic import rewrite
from agents.plan import DocumentRef
from agents.planner import parse_question


def _rewritten_documents(ref: DocumentRef) -> list[str]:
    plan = parse_question("Can Pareteum ever pull our right to use the technology?")
    plan = plan.model_copy(update={"documents": [ref], "rewrites_done": ["expand", "switch"]})
    return [r.mention for r in rewrite(plan, plan.question, attempt=3, used_tools=set()).plan.documents]


def test_the_contracts_of_a_party_the_question_names_are_never_widened_away():
    ref = DocumentRef(mention="Pareteum", parties=["Pareteum"], explicit=False, document_ids=["d1"],
                      resolved_by="names", by_party=True)
    assert _rewritten_documents(ref) == ["Pareteum"]


def test_a_document_guessed_from_a_name_it_only_mentions_may_be_widened():
    ref = DocumentRef(mention="Delaware", parties=["Delaware"], explicit=False, document_ids=["d1"],
                      resolved_by="entity", by_party=False)
    assert _rewritten_documents(ref) == []

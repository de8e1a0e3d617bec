"""The model's draft: the evidence it is shown (fenced), its reply split into cited claims, and the extractive
draft's version-history and conflict sentences carried over onto it."""

from __future__ import annotations

import re

from agents.critic import RELEVANT, Grade
from agents.drafting.builder import STORE_RANK
from agents.drafting.draft import Draft, DraftClaim
from agents.drafting.quoting import short_quote
from tools.text import sentences
from veridict.domain import RefusalReason
from veridict.types import Evidence


def llm_evidence(evidence: list[Evidence], grades: dict[str, Grade], limit: int) -> list[Evidence]:
    """The items the model sees: relevant ones, best first, facts before text."""
    rel = [e for e in evidence if (g.relevance if (g := grades.get(e.id)) else 0) >= RELEVANT]
    rel.sort(key=lambda e: (STORE_RANK.get(e.store, 5) > 1, -(grades[e.id].relevance)))
    return rel[:limit]


def documents_block(items: list[Evidence]) -> str:
    from agents.llm import fence, fence_attr

    blocks = []
    for i, e in enumerate(items, start=1):
        c = e.citation
        body = c.quote if e.fact is not None else e.text
        body = fence(short_quote(body, 700))
        attrs = f'index="{i}" title="{fence_attr(c.document_title)}" version="{c.version}" page="{c.page}"'
        if c.clause_number:
            attrs += f' clause="{fence_attr(c.clause_number)}"'
        if e.fact is not None:
            cell = f" [{e.fact.metric or ''} / {e.fact.dimension or ''}]" if e.fact.metric or e.fact.dimension else ""
            attrs += f' fact="{fence_attr(e.fact.attribute)}{fence_attr(cell)}: {fence_attr(e.fact.value_text)}"'
        blocks.append(f"<document {attrs}>\n{body}\n</document>")
    return "\n".join(blocks)


_MARK = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
#: a fragment that is only a list marker ("2.", "(b)", "iv)", "-"): layout, not a claim
_ENUMERATOR = re.compile(r"\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]?\)?|[-*\u2022]", re.I)


def parse_llm_draft(content: str, items: list[Evidence]) -> Draft:
    """Split the model's reply into claims with citation numbers (1-based into ``items``)."""
    draft = Draft(mode="llm", citations=[e.citation for e in items], evidence_ids=[e.id for e in items])
    text = content.strip()
    if re.fullmatch(r"\W*not found\W*", text, re.I) or text.upper().startswith("NOT FOUND"):
        draft.refusal_reason = RefusalReason.not_found
        return draft
    for s, e in sentences(text):
        sentence = text[s:e].strip()
        if not sentence or _ENUMERATOR.fullmatch(sentence):
            continue
        idx: list[int] = []
        for m in _MARK.finditer(sentence):
            for n in m.group(1).split(","):
                k = int(n)
                if 1 <= k <= len(items) and k not in idx:
                    idx.append(k)
        draft.claims.append(DraftClaim(text=sentence, citation_indexes=idx))
    if not draft.claims:
        draft.refusal_reason = RefusalReason.not_found
    return draft


def carry_addenda(llm_draft: Draft, extractive: Draft) -> Draft:
    """Append the extractive draft's version-history and conflict sentences to an LLM draft."""
    out = llm_draft.model_copy(deep=True)
    for claim in extractive.claims:
        if not claim.addendum:
            continue
        new_idx: list[int] = []
        for i in claim.citation_indexes:
            key = extractive.evidence_ids[i - 1]
            if key not in out.evidence_ids:
                out.evidence_ids.append(key)
                out.citations.append(extractive.citations[i - 1])
            new_idx.append(out.evidence_ids.index(key) + 1)
        text = _MARK.sub("", claim.text).rstrip(" .")
        marks = "".join(f"[{i}]" for i in new_idx)
        out.claims.append(DraftClaim(text=f"{text} {marks}.", citation_indexes=new_idx, addendum=True))
    return out

"""Clause types of a parsed document's sections, by the rules of ``veridict.domain.clause_rules``.

- ``tag_sections(parsed) -> list[list[str]]``: categories of each ``parsed.sections[i]``,
  from the section's own text (up to its first subsection) and its title;
- ``sections_from_parsed(parsed, tenant, document_id) -> list[Section]``: the domain
  Sections (ids, parent ids, text, clause_types) for a parsed document.

These are the rules' tags. Ingest then combines them with the learned model's
(``ingest.clause_model.retag``, once the chunks are embedded) before anything is stored.
"""

from __future__ import annotations

from ingest.model import ParsedDocument
from veridict.domain.clause_rules import CUAD_TO_TAG, RULES, TAGS, matches, tag_text, title_tags
from veridict.types import Section

__all__ = ["CUAD_TO_TAG", "RULES", "TAGS", "matches", "own_text_spans", "sections_from_parsed", "tag_sections",
           "tag_text", "title_tags"]


def own_text_spans(parsed: ParsedDocument) -> list[tuple[int, int]]:
    """Each section's own span: from its start to its first subsection (or its end)."""
    spans = []
    secs = parsed.sections
    for i, s in enumerate(secs):
        end = s.char_end
        for j in range(i + 1, len(secs)):
            if secs[j].parent_index == i or (
                secs[j].char_start > s.char_start
                and secs[j].char_start < end
                and secs[j].level > s.level
            ):
                end = min(end, secs[j].char_start)
                break
        spans.append((s.char_start, max(s.char_start, end)))
    return spans


def tag_sections(parsed: ParsedDocument) -> list[list[str]]:
    """Categories of each section of ``parsed`` (own text up to the first subsection + title)."""
    out = []
    text = parsed.body_text()
    for s, (a, z) in zip(parsed.sections, own_text_spans(parsed), strict=False):
        out.append(tag_text(text[a:z], s.title))
    return out


def sections_from_parsed(
    parsed: ParsedDocument, tenant: str, document_id: str, tag: bool = True
) -> list[Section]:
    """Domain Sections for a parsed document (parent ids linked, text filled, optionally tagged)."""
    tags = tag_sections(parsed) if tag else [[] for _ in parsed.sections]
    text = parsed.body_text()  # a section's text reads on over a page break without the running footer
    out: list[Section] = []
    for s, t in zip(parsed.sections, tags, strict=False):
        out.append(
            Section(
                tenant=tenant,
                document_id=document_id,
                number=s.number,
                title=s.title,
                level=s.level,
                page_start=s.page_start,
                page_end=s.page_end,
                char_start=s.char_start,
                char_end=s.char_end,
                clause_types=t,
                text=text[s.char_start : s.char_end],
            )
        )
    for s, sec in zip(parsed.sections, out, strict=False):
        if s.parent_index is not None and 0 <= s.parent_index < len(out):
            sec.parent_id = out[s.parent_index].id
    return out

"""What the fact rules share: the document context, provenance, and ranking of candidates."""

from __future__ import annotations

from dataclasses import dataclass, field

from ingest.model import ParsedDocument
from ingest.sentences import SentenceIndex, clip_span
from veridict.domain.attributes import FactAttribute
from veridict.types import Fact, Section

ASSERT_THRESHOLD = 0.5  # facts below this are guesses, not stated values

# ----------------------------------------------------------------------------- context


@dataclass
class DocContext:
    parsed: ParsedDocument
    sections: list[Section]
    tenant: str
    document_id: str
    sentences: SentenceIndex = field(init=False)

    def __post_init__(self) -> None:
        self.text = self.parsed.text
        self.sentences = SentenceIndex(self.text)
        self._sections = sorted(self.sections, key=lambda s: (s.char_start, -s.char_end))

    def section_for(self, offset: int) -> Section | None:
        best: Section | None = None
        for s in self._sections:
            if s.char_start > offset:
                break
            if s.char_start <= offset < s.char_end:
                if best is None or (s.char_end - s.char_start) <= (best.char_end - best.char_start):
                    best = s
        return best

    def fact(
        self,
        attribute: FactAttribute,
        value_text: str,
        start: int,
        end: int,
        rule: str,
        confidence: float,
        max_quote: int = 400,
        quote_span: tuple[int, int] | None = None,
        **values,
    ) -> Fact:
        """A Fact whose quote is the sentence around [start, end), clipped to ``max_quote``."""
        if quote_span is None:
            lo, hi = self.sentences.span_at(start)
            lo, hi = clip_span(self.text, start, end, lo, hi, max_quote)
        else:
            lo, hi = quote_span
        section = self.section_for(start)
        return Fact(
            tenant=self.tenant,
            document_id=self.document_id,
            attribute=attribute,
            value_text=value_text,
            section_id=section.id if section else None,
            section_number=section.number if section else None,
            section_title=section.title if section else None,
            page=self.parsed.page_at(start),
            char_start=lo,
            char_end=hi,
            quote=self.text[lo:hi],
            method=f"regex:{rule}" if rule != "table" else "table",
            confidence=round(confidence, 3),
            **values,
        )


def ws(pattern: str) -> str:
    """Let single spaces in a pattern match any whitespace run."""
    return pattern.replace(" ", r"\s+")


# ----------------------------------------------------------------------------- ranking


def rank_facts(facts: list[Fact]) -> list[Fact]:
    """Merge facts with the same attribute and value (keep the best), sort by confidence."""
    best: dict[tuple[str, str, str | None], Fact] = {}
    for f in facts:
        key = (f.attribute, f.value_text, f.qualifier if f.attribute == "notice_period" else None)
        if key not in best or f.confidence > best[key].confidence:
            best[key] = f
    return sorted(best.values(), key=lambda f: (-f.confidence, f.char_start))


def demote_alternatives(facts: list[Fact], factor: float = 0.8) -> list[Fact]:
    """Keep one top value; alternatives of a one-valued attribute get lower confidence."""
    ranked = rank_facts(facts)
    for f in ranked[1:]:
        f.confidence = round(min(f.confidence, ranked[0].confidence) * factor, 3)
    return ranked[:4]


def top_fact(
    facts: list[Fact], attribute: str, qualifier: str | None = None, min_confidence: float = 0.0
) -> Fact | None:
    """The highest-confidence fact for ``attribute`` (and ``qualifier``), or None."""
    cands = [
        f
        for f in facts
        if f.attribute == attribute
        and f.confidence >= min_confidence
        and (qualifier is None or f.qualifier == qualifier)
    ]
    if not cands:
        return None
    return sorted(cands, key=lambda f: (-f.confidence, f.char_start))[0]

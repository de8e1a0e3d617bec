"""Small text helpers shared by the tools and the agents: sentences and best spans."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from veridict.domain import content_words

# a blank line ends a sentence, unless the text goes on in lower case after unfinished words: a page break inside a
# sentence ("... shall survive\n\nthe expiration or termination of this Agreement.")
_SENT_END = re.compile(r"(?<=[.;!?])\s+(?=[\"“(A-Z0-9])|(?<=[.;:!?])[ \t]*\n\s*\n|\n\s*\n(?!\s*[a-z])|"
                       r"\n(?=\s*(?:\(?[a-z0-9]{1,3}[.)]|[0-9]+\.[0-9]))")
_ABBREV = re.compile(r"\b(?:Art|Sec|No|Inc|Ltd|Co|Corp|Mr|Ms|Dr|St|U\.S|v|para|cf|e\.g|i\.e|approx)\.$", re.I)


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of ``text`` (a legal-text-tolerant split)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        candidate = text[start : m.start()]
        if _ABBREV.search(candidate):
            continue  # "Art. 83" is not a sentence end
        if candidate.strip():
            spans.append(_trim(text, start, m.start()))
        start = m.end()
    if text[start:].strip():
        spans.append(_trim(text, start, len(text)))
    return spans


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def best_span(text: str, terms: list[str], phrases: Sequence[str] = (), max_chars: int = 600,
              keep: Callable[[str], bool] | None = None) -> tuple[int, int, float]:
    """The sentence (plus neighbours while short) that best covers ``terms``/``phrases``.

    With ``keep``, only a sentence that is not a bare heading and whose span (with the neighbour a short
    sentence takes) passes ``keep`` is chosen; failing that, the first sentence of text under a heading that
    passes ``keep`` ("NON-COMPETITION. During the Term, Endorser shall not ..."); and (0, 0, 0.0) says none is.
    Returns (start, end, score) with score in [0, 1]; (0, 0, 0.0) for empty text.
    """
    spans = sentences(text)
    if not spans:
        return 0, 0, 0.0
    wanted = set(terms)
    best: tuple[int, int, float] | None = None
    for i, (s, e) in enumerate(spans):
        piece = text[s:e].lower()
        words = set(content_words(piece))
        score = len(wanted & words) / max(1, len(wanted)) if wanted else 0.0
        score += sum(0.5 for p in phrases if p and p.lower() in piece)
        if keep is not None:
            ws, we = _with_neighbour(spans, i, max_chars)
            if looks_like_heading(text[s:e]) or not keep(text[ws:we]):
                continue
        if best is None or score > best[2]:
            best = (s, e, score)
    if best is None and keep is not None:
        best = _under_heading(text, spans, keep)
    if best is None:
        return (spans[0][0], spans[0][1], 0.0) if keep is None else (0, 0, 0.0)
    s, e, score = best
    idx = next(i for i, sp in enumerate(spans) if sp[0] == s)
    e = _with_neighbour(spans, idx, max_chars)[1]
    if e - s > max_chars:
        cut = text.rfind(" ", s, s + max_chars)
        e = cut if cut > s + max_chars // 2 else s + max_chars  # end on a word boundary
    norm = min(1.0, score / (1.0 + 0.5 * len(phrases))) if (terms or phrases) else 0.0
    return s, e, norm


def _under_heading(text: str, spans: list[tuple[int, int]],
                   keep: Callable[[str], bool]) -> tuple[int, int, float] | None:
    """The first sentence (within two of it) after a heading that passes ``keep``."""
    for i, (s, e) in enumerate(spans):
        if looks_like_heading(text[s:e]) and keep(text[s:e]):
            for bs, be in spans[i + 1 : i + 3]:
                if not looks_like_heading(text[bs:be]):
                    return bs, be, 0.0
    return None


def _with_neighbour(spans: list[tuple[int, int]], i: int, max_chars: int) -> tuple[int, int]:
    """Sentence ``i``; a short one (a heading, a fragment) takes the next sentence as well."""
    s, e = spans[i]
    if e - s < 80 and i + 1 < len(spans) and spans[i + 1][1] - s <= max_chars:
        e = spans[i + 1][1]
    return s, e


_CLAUSE_VERB = re.compile(r"\b(?:shall|will|may|must|is|are|be|been|agrees?|hereby|has|have|does|do|can|cannot|"
                          r"means?|includes?)\b", re.I)


def looks_like_heading(text: str) -> bool:
    """A heading or a table-of-contents line ("XIII Limitation of Liability", "ASSIGNMENT Section 2.01."):
    no verb a clause is stated with, and almost no lower-case words. An all-capitals clause ("IN NO EVENT
    SHALL ...") has its verb, so it is not one."""
    return not _CLAUSE_VERB.search(text) and len(re.findall(r"\b[a-z]{4,}\b", text)) < 3


def find_loose(text: str, part: str) -> tuple[int, int] | None:
    """(start, end) of ``part`` in ``text`` where runs of whitespace may differ (a quote is shown with its
    line breaks folded into spaces); None when it is not there."""
    words = part.split()
    if not words:
        return None
    m = re.search(r"\s+".join(re.escape(w) for w in words), text)
    return (m.start(), m.end()) if m else None


def page_holding(pages: list[tuple[int, int, int]], start: int, end: int) -> int | None:
    """The page (of ``(number, char_start, char_end)`` rows) holding most of ``start``..``end``."""
    best, most = None, 0
    for number, s, e in pages:
        overlap = min(end, e) - max(start, s)
        if overlap > most:
            best, most = number, overlap
    return best


def squash(text: str) -> str:
    """Lower-case letters and digits only ("Art. 83(4)" -> "art834")."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def normalise_space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()

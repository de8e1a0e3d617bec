"""Small text helpers shared by the tools and the agents: sentences and best spans."""

from __future__ import annotations

import re

from agents.vocab import content_words

_SENT_END = re.compile(r"(?<=[.;!?])\s+(?=[\"“(A-Z0-9])|\n\s*\n|\n(?=\s*(?:\(?[a-z0-9]{1,3}[.)]|[0-9]+\.[0-9]))")
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


def best_span(text: str, terms: list[str], phrases: list[str] = (), max_chars: int = 600) -> tuple[int, int, float]:
    """The sentence (plus neighbours while short) that best covers ``terms``/``phrases``.

    Returns (start, end, score) with score in [0, 1]; (0, 0, 0.0) for empty text.
    """
    spans = sentences(text)
    if not spans:
        return 0, 0, 0.0
    wanted = set(terms)
    best = (spans[0][0], spans[0][1], 0.0)
    for i, (s, e) in enumerate(spans):
        piece = text[s:e].lower()
        words = set(content_words(piece))
        score = len(wanted & words) / max(1, len(wanted)) if wanted else 0.0
        score += sum(0.5 for p in phrases if p and p.lower() in piece)
        if score > best[2]:
            best = (s, e, score)
    s, e, score = best
    if e - s < 80:  # a heading or a fragment: take the next sentence as well
        idx = next((i for i, sp in enumerate(spans) if sp[0] == s), None)
        if idx is not None and idx + 1 < len(spans) and spans[idx + 1][1] - s <= max_chars:
            e = spans[idx + 1][1]
    if e - s > max_chars:
        cut = text.rfind(" ", s, s + max_chars)
        e = cut if cut > s + max_chars // 2 else s + max_chars  # end on a word boundary
    norm = min(1.0, score / (1.0 + 0.5 * len(phrases))) if (terms or phrases) else 0.0
    return s, e, norm


def squash(text: str) -> str:
    """Lower-case letters and digits only ("Art. 83(4)" -> "art834")."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def normalise_space(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()

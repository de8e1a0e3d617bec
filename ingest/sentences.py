"""Sentence boundaries in contract text, aware of legal abbreviations ("Inc.", "U.S.", "Sec.")."""

from __future__ import annotations

import bisect
import re

ABBREVIATIONS = {
    "inc",
    "ltd",
    "co",
    "corp",
    "llc",
    "l.l.c",
    "lp",
    "l.p",
    "llp",
    "plc",
    "n.v",
    "b.v",
    "s.a",
    "a.g",
    "ag",
    "gmbh",
    "no",
    "nos",
    "u.s",
    "u.s.a",
    "u.k",
    "e.g",
    "i.e",
    "etc",
    "mr",
    "mrs",
    "ms",
    "dr",
    "st",
    "sec",
    "art",
    "para",
    "vs",
    "v",
    "jr",
    "sr",
    "ave",
    "blvd",
    "ste",
    "dept",
    "approx",
    "min",
    "max",
    "fig",
    "cf",
    "p.c",
    "p.a",
    "s.p.a",
    "pte",
    "pty",
    "bhd",
    "k.k",
    "int'l",
    "intl",
    "assoc",
    "bros",
    "cal",
    "n.d",
    "s.a.r.l",
    "sarl",
    "ab",
    "oy",
    "as",
    "nv",
    "bv",
    "sa",
    "srl",
    "s.r.l",
    "d.c",
    "p.r.c",
    "a.m",
    "p.m",
    "viz",
    "incl",
    "ex",
    "exh",
    "id",
    "mfg",
    "dba",
    "d/b/a",
}
_CANDIDATE = re.compile(r"[.!?][\"”’)\]]*\s+(?=[\"“(\[]?[A-Z0-9])|\n[ \t]*\n\s*")
_ITEM_START = re.compile(
    r"\s*(?:\d{1,2}(?:\.\d{1,2})*\.?\s|\(?[a-z]{1,3}\)\s|\([A-Z0-9]{1,3}\)\s|"
    r"(?:ARTICLE|Article|SECTION|Section)\s|[•●▪·\-–]\s)"
)
_NO_END_WORD = r"\b(?:the|of|and|or|to|a|an|by|in|this|that|with|for|be|under|such)$"
_WORD_BEFORE = re.compile(r"([\w.'/&-]+)[.!?][\"”’)\]]*\s*$")


class SentenceIndex:
    """Sentence spans of one text, built once; ``span_at(i)`` is the sentence holding ``i``."""

    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        for m in _CANDIDATE.finditer(text):
            if m.group(0).startswith((".", "!", "?")):
                if not self._is_boundary(m.start()):
                    continue
            elif self._continues(m.start(), m.end()):
                continue
            starts.append(m.end())
        self.starts = sorted(set(starts))

    def _is_boundary(self, dot: int) -> bool:
        before = self.text[max(0, dot - 30) : dot + 1]
        m = _WORD_BEFORE.search(before)
        if not m:
            return True
        word = m.group(1).lower().rstrip(".")
        if word in ABBREVIATIONS:
            return False
        if len(word) == 1 and word.isalpha():  # an initial: "Michael T. Murray"
            return False
        if re.fullmatch(r"\d{1,2}(\.\d{1,2})*", word):  # heading number "2." / "14.3."
            return False
        return True

    def _continues(self, gap_start: int, gap_end: int) -> bool:
        """A blank line inside a sentence (PDF text wraps lines into paragraphs): the line
        before ends mid-sentence, and the next goes on in lower case, or the line before is a
        long wrapped line ending in a word that cannot end a sentence ("the", "of", "by")."""
        if self.text.count("\n", gap_start, gap_end) > 2:
            return False  # several blank lines: a page or block break
        line_start = self.text.rfind("\n", 0, gap_start) + 1
        line = self.text[line_start:gap_start].rstrip()
        if not line or line[-1] in ".:;!?":
            return False
        nxt = self.text[gap_end : gap_end + 12]
        if _ITEM_START.match(nxt):
            return False
        if nxt[:1].islower():
            return True
        if len(line) < 50 or line[-1] in '"”)]':
            return False
        return bool(re.search(_NO_END_WORD, line, re.I))

    def span_at(self, offset: int) -> tuple[int, int]:
        """(start, end) of the sentence containing ``offset``; trailing space trimmed."""
        i = bisect.bisect_right(self.starts, offset) - 1
        start = self.starts[max(0, i)]
        end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
        while end > start and self.text[end - 1].isspace():
            end -= 1
        return start, end

    def sentences(self) -> list[tuple[int, int]]:
        out = []
        for i, s in enumerate(self.starts):
            e = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
            while e > s and self.text[e - 1].isspace():
                e -= 1
            if e > s:
                out.append((s, e))
        return out


def clip_span(
    text: str, start: int, end: int, lo: int, hi: int, max_len: int = 500
) -> tuple[int, int]:
    """Clip the sentence [lo, hi) around the value [start, end) to at most ``max_len`` chars,
    cutting at word boundaries; the value itself is always inside."""
    lo, hi = min(lo, start), max(hi, end)
    if hi - lo <= max_len:
        return lo, hi
    room = max(0, max_len - (end - start))
    left = max(lo, start - room // 2)
    right = min(hi, end + (room - (start - left)))
    left = max(lo, min(left, start - (room - (right - end))))
    if left > lo:
        sp = text.find(" ", left, start)
        left = sp + 1 if sp != -1 else left
    if right < hi:
        sp = text.rfind(" ", end, right)
        right = sp if sp != -1 else right
    while right > left and text[right - 1].isspace():
        right -= 1
    while left < right and text[left].isspace():
        left += 1
    return left, right

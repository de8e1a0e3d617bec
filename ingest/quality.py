"""Parse-quality judgement: is the extracted text usable, or must the file be refused?

Signals: characters per page (no text layer -> needs OCR), share of letters,
unmapped-glyph markers ("(cid:12)", "GLYPH<...>", U+FFFD, private-use code
points), word-likeness, and the share of common function words (prose in any
of a few European languages has many; a mis-encoded font produces almost none).
"""

from __future__ import annotations

import re

from ingest.errors import EmptyFile, GarbledText, NeedsOCR
from ingest.model import ParseQuality

_JUNK = re.compile(r"\(cid:\d+\)|GLYPH<[^>]{0,40}>|\ufffd|[\ue000-\uf8ff]")
_WORD = re.compile(r"[^\W\d_]+")
_VOWELS = set("aeiouyàáâäãåæèéêëìíîïòóôöõøùúûüœ")
_FUNCTION_WORDS = frozenset(
    """
    the of and to in a an is are be been that for by shall will or as with any this such on which
    under not
    its from at it all if no may each other than into upon his her their our your we you they he she
    der die das und zu den von mit ist im für auf des dem nicht ein eine sich als auch bei oder
    le la les de des et à en du un une pour par que qui dans sur est au aux
    el los las y del por con para se una lo al
    il di che per della
    het een van voor op zijn niet
    """.split()
)

MIN_CHARS_PER_PAGE = 20  # below this a page counts as having no text


def _wordlike(tok: str) -> bool:
    t = tok.lower()
    if len(t) == 1:
        return t in ("a", "i", "y", "à", "e", "o")
    if not any(ch in _VOWELS for ch in t):
        return False
    return not re.search(r"[^aeiouyàáâäãåæèéêëìíîïòóôöõøùúûüœ]{6,}", t)


def assess(text: str, page_texts: list[str] | None = None) -> ParseQuality:
    """Judge extracted text. ``page_texts`` (PDF) lets missing text layers be told apart."""
    compact = re.sub(r"\s+", "", text)
    n = len(compact)
    letters = sum(ch.isalpha() for ch in compact)
    alpha = letters / n if n else 0.0
    q = ParseQuality(ok=True, text_chars=n, alpha_ratio=round(alpha, 4))

    if page_texts is not None:
        empty = [
            i + 1
            for i, t in enumerate(page_texts)
            if len(re.sub(r"\s+", "", t)) < MIN_CHARS_PER_PAGE
        ]
        if len(empty) == len(page_texts) or (
            len(empty) >= 0.5 * len(page_texts) and n < 100 * len(page_texts)
        ):
            return q.model_copy(update={"ok": False, "reason": "no text layer (needs OCR)"})
        if empty:
            q = q.model_copy(
                update={"reason": f"{len(empty)} of {len(page_texts)} pages have no text layer"}
            )
    if n == 0:
        return q.model_copy(update={"ok": False, "reason": "no text"})

    junk = len(_JUNK.findall(text))
    words = _WORD.findall(_JUNK.sub(" ", text))
    n_words = len(words)
    reason = None
    if junk and junk / (junk + n_words) > 0.1:
        reason = f"garbled text: {junk} unmapped glyphs (the PDF's fonts lack a text encoding)"
    elif n >= 50 and alpha < 0.4:
        reason = f"garbled text: only {alpha:.0%} of characters are letters"
    elif n_words >= 50:
        wordlike = sum(_wordlike(w) for w in words) / n_words
        function = sum(w.lower() in _FUNCTION_WORDS for w in words) / n_words
        if wordlike < 0.6:
            reason = f"garbled text: only {wordlike:.0%} of tokens look like words"
        elif n_words >= 150 and function < 0.03:
            reason = (
                f"garbled text: almost no common words ({function:.1%}); "
                "the font encoding is likely broken"
            )
    if reason:
        return q.model_copy(update={"ok": False, "reason": reason})
    return q


def check(quality: ParseQuality, path: str) -> None:
    """Raise the typed error for a failed judgement."""
    if quality.ok:
        return
    reason = quality.reason or "unusable text"
    if reason.startswith("no text layer"):
        raise NeedsOCR(path)
    if reason == "no text":
        raise EmptyFile(path, "no text could be extracted from the file")
    raise GarbledText(path, f"{reason}; the text cannot be trusted for citations")

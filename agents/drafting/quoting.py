"""Reading quotes for the drafter: the end date a term clause states, whether a term in words is said by its
quote, a quote cut at a space, a citation narrowed onto a quote, and the comparable form of a figure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tools.text import find_loose, normalise_space, page_holding
from veridict.domain import ATTRIBUTE_BY_NAME, PERIOD_NOUNS, content_words
from veridict.domain.values import END_WORDS, extract_figures, parse_amount, parse_date, periods_in
from veridict.types import Citation, Evidence, Fact

END_CUE = re.compile(r"\b(?:expir(?:e|es|ing|ation)|end(?:s|ing)?|until|through|terminat(?:e|es|ing))"
                     r"\s+(?:(?:on|at)\s+)?$", re.IGNORECASE)
TERM_WORDS = ("expiration_date", "term", "renewal_term")


def fact_of(e: Evidence) -> Fact:
    """The fact row of evidence the caller knows to be a fact (picked by ``facts_for`` or checked)."""
    assert e.fact is not None, f"{e.id} is not a fact"
    return e.fact


def stated_end_date(quote: str) -> str | None:
    """The end date a term clause states in so many words ("expiring May 31, 2001", "until 31 December
    2020"), as ISO; None when the clause only gives a period, or when the dates are those of a renewal or
    extension period (its end is not the agreement's expiry): a renewal named before the date. One named only after
    it ("ends at April 30, 2029 ..., with automatic renewals each for a period of five (5) years") follows the
    term, whose end the date still is."""
    renewal = re.compile(r"\brenew|\bexten(?:d|sion)|\badditional\b", re.I)
    for fig in extract_figures(quote, structural=True):
        if fig.kind == "date" and END_CUE.search(quote[max(0, fig.start - 30):fig.start]):
            return None if renewal.search(quote[:fig.start]) else fig.value
    return None


def end_event(e: Evidence) -> str | None:
    """The event an agreement lasts until ("until completion of the Research Program"), when its expiration fact
    is stated that way and its quote says so; None for a date or "perpetual"."""
    f = e.fact
    if f is None or f.attribute != "expiration_date" or f.value_date is not None or not END_WORDS.match(f.value_text):
        return None
    words = [w for w in content_words(f.value_text) if len(w) >= 5 and w != "until"]
    low = e.citation.quote.lower()
    if SURVIVAL.search(low):  # "shall continue, even if terminated, until ...": what outlives the term
        return None
    return f.value_text if words and all(w[:5] in low for w in words[:3]) else None


def term_length_days(e: Evidence) -> float | None:
    """How long the term runs, in days, where an end date was worked out from a quoted term ("shall continue
    for a period of one (1) year"): the first period of the quote (the initial term comes before any renewal),
    a month a twelfth of a year, so "12 months" is "one year"; None for an end date stated as a date or for a
    quote without a period."""
    if e.fact is None or e.fact.attribute not in ("expiration_date", "term") or stated_end_date(e.citation.quote):
        return None
    periods = periods_in(e.citation.quote)
    if not periods:
        return None
    period = periods[0].value
    return period.value * 365 / 12 if period.unit == "month" else period.days


def term_words_stated(e: Evidence) -> bool:
    """A term given in words ("perpetual", "indefinite") must be said by its quote; a quote about something
    else does not make an agreement perpetual. Values with figures are checked by ``quote_states``."""
    f = fact_of(e)
    if f.attribute not in TERM_WORDS or extract_figures(f.value_text, structural=True):
        return True
    if f.attribute == "expiration_date" and END_WORDS.match(f.value_text):
        return end_event(e) is not None  # "until completion of the Research Program", said by its quote
    low = e.citation.quote.lower()
    if _unhyphened(f.value_text) in _unhyphened(low):  # "year-to-year" is said as "on a year to year basis"
        return True
    if re.search(r"perpetu|indefinite", f.value_text, re.I):
        # what survives termination is not the term of the agreement
        return bool(OPEN_ENDED.search(low)) and not SURVIVAL.search(low)
    words = [w for w in content_words(f.value_text) if len(w) >= 5]
    return not words or any(w[:5] in low for w in words)


def _unhyphened(text: str) -> str:
    return " ".join(re.sub(r"[-\u2010-\u2013]", " ", text.lower()).split())


SURVIVAL = re.compile(r"surviv|notwithstanding (?:any|the) (?:expiration or )?terminat|even (?:if|after|though) "
                      r"(?:it is |this agreement is )?terminat|"
                      r"(?:after|following|upon) (?:the )?(?:expiration or )?(?:any )?terminat")
# how a contract says it has no end date: "in perpetuity", "until terminated", "unless and until either party
# gives notice", "shall not be terminated", "evergreen", "no fixed term"
OPEN_ENDED = re.compile(r"perpetu|indefinite|evergreen|unless and until|until\s+(?:\S+\s+){0,6}?terminat|"
                        r"shall not (?:be )?termin(?:at|ab)|no (?:fixed|set|definite) (?:term|expir|end date)|"
                        r"no (?:expiration|expiry|end date)")


# A definition: a quoted term (perhaps after its number) and "means" / "shall mean" / "refers to".
DEFINITION = re.compile(r'^[\s\d.()a-z]{0,8}["“][^"”]{1,80}["”]\s+'
                        r'(?:shall\s+)?(?:means?|refers?\s+to|has\s+the\s+meaning)\b')


def short_quote(text: str, limit: int = 200) -> str:
    """The text cut to ``limit`` characters at a space: a cut inside "1920" would show the figure "19"."""
    text = normalise_space(text)
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit - 1].rstrip() + "…"


def join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def with_article(label: str) -> str:
    """"an exclusivity", "a cap on liability": a clause label after its indefinite article."""
    return f"{'an' if label[:1].lower() in 'aeiou' else 'a'} {label}"


def row_words(text: str) -> set[str]:
    """Content words for matching a question to a table row ("monthly" -> "month"; "per" dropped)."""
    return {PERIOD_NOUNS.get(w, w) for w in content_words(text) if w != "per"}


def same_word(a: str, b: str) -> bool:
    return a == b or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


def comparable_figure(text: str, num: float | None):
    if num is not None:
        return round(float(num), 4)
    d = parse_date(text)
    if d:
        return d.isoformat()
    m = parse_amount(text)
    return round(m[0], 4) if m else normalise_space(text.lower())


def has_value_shape(attribute: str, text: str) -> bool:
    entry = ATTRIBUTE_BY_NAME.get(attribute)
    return entry is None or entry.has_value_shape(text)


def span_source(e: Evidence) -> str:
    """The text a quote is picked from: a fact's quote; a passage's full text (its citation's quote when that is
    the whole passage)."""
    text = e.citation.quote if e.fact else (e.text if e.store != "graph" else e.citation.quote)
    if e.fact is None and e.citation.quote and e.citation.quote in e.text:
        text = e.citation.quote
    return text


def narrow_citation(citation: Citation, quote: str, pages: Sequence[tuple[int, int, int]] = (), text: str = "",
                    ) -> Citation:
    """The citation with its quote narrowed to ``quote``: offsets moved onto the quote when it is found in the
    passage (its citation's quote, else ``text``, the passage with any heading line put before it), and, for a
    passage running across pages, the page that holds most of the quote."""
    full = citation.quote
    update: dict = {"quote": quote}
    if citation.char_start is None or citation.char_end is None:
        return citation.model_copy(update=update)
    length = citation.char_end - citation.char_start
    found = find_loose(full, quote)
    if found and not (length == len(full) or (full.endswith("…") and found[1] < len(full) - 1)):
        found = None  # the quote is not the passage's text from its start, or the quote ran into the cut
    lead = len(text) - length  # a heading line put before a section's text
    if found is None and text and lead >= 0:
        in_text = find_loose(text, quote)
        found = (in_text[0] - lead, in_text[1] - lead) if in_text and in_text[0] >= lead else None
    if found:
        start, end = citation.char_start + found[0], citation.char_start + found[1]
        update.update(char_start=start, char_end=end)
        page = page_holding(list(pages), start, end)
        if page is not None:
            update["page"] = page
    return citation.model_copy(update=update)

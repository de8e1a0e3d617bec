"""Which "laws of X" is the agreement's choice of law: a model learned from the CUAD "Governing Law" labels.

The governing-law rule (``ingest.facts._governing_law``) reads a jurisdiction only from a sentence that carries one
of its verbs ("governed", "construed", "interpreted", "shall apply" ...); a contract that words its choice another
way ("This Agreement is subject to the laws of the State of Texas", "shall be regulated by the laws of
Switzerland", "the laws of Minnesota will be applicable") states no governing law at all. This model scores every
place a sentence names a jurisdiction's law ("the laws of the State of Texas", "Delaware law") by the sentence's
words and word pairs, the words just before the mention, its section's title and where it sits; where the rule
states no governing law, the best mention scoring at least ``add`` is stated (``model:law_sentence``). It also
learns what is no choice of law: a party "organized under the laws of Delaware", a duty to "comply with the laws
of" a country, a conflicts rule. The weights and ``add`` are fitted on the train half by ``python -m
bench.train_law_model`` and kept as plain numbers in ``ingest/models/law_model.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ingest.fact_context import DocContext
from ingest.linear import LinearScorer, load_scorer, word_features
from veridict.domain.values import find_jurisdictions
from veridict.types import Fact

MODEL_PATH = Path(__file__).resolve().parent / "models" / "law_model.json"
SENTENCE_CHARS = 600  # a run-on "sentence" is read from its start
WINDOW = 140  # how far after "laws of" the jurisdiction may be named
BEFORE_WORDS = 6  # words before the mention that are features of their own

_WORD = re.compile(r"[a-z]+")
_LAWS = re.compile(r"\b(?:laws?|legislation|statutes?)\b(?:\s+in\s+force)?", re.I)
_ADJ_LAW = re.compile(r"\b(?P<adj>[A-Z][A-Za-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:(?i:substantive|internal)\s+)?(?i:laws?)\b")
# "laws of", "laws and regulations of", "law applicable in", "laws in effect in": the place follows
_NAMES_A_PLACE = re.compile(r"\s*(?:(?:and|&)\s+\w+\s+)?(?:of|in|applicable in|prevailing in|in effect in)\b", re.I)
# a sentence that speaks of the agreement, its disputes or the parties' rights: where a choice of law is made
_ABOUT_THE_AGREEMENT = re.compile(
    r"\b(?:this|the)\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract|letter|amendment|lease|licen[cs]e|plan|instrument)s?\b|"
    r"\bhere(?:under|of|in|to|by)\b|\bdisputes?\b|\bcontrovers\w*|\brights\s+and\s+obligations\b|\bgovern\w*|"
    r"\bconstrue\w*", re.I)
# what the words just before a law mention make of it other than a choice of law: a party's home ("organized under
# the laws of Delaware"), a duty to obey a law ("comply with the export laws of", "permits required under the laws
# of", "contrary to the laws of"; licences to hold, not "This License Agreement")
_NOT_A_CHOICE = re.compile(
    r"\b(?:organi[sz]ed|incorporated|existing|formed|registered|chartered|domiciled|residen\w*|citizens?|"
    r"compl(?:y|ies|ying|iance)|required|requires?|requirements?|permit\w*|licen[cs](?:es|ing)|approvals?|"
    r"exports?|imports?|contrary|violat\w*|breach\w*|prohibit\w*|obey)\b[^.;]{0,80}$", re.I)
# ... unless the agreement is then said to be governed by it ("any breach hereof are governed by ... the Laws of")
_CHOICE_VERB = re.compile(r"\bgovern\w*|\bconstrue\w*|\binterpret\w*|\bsubject to\b|\bin accordance with\b", re.I)
# "the conflicts of laws of X" / "conflict of law principles of X": X's rules for choosing a law ...
_CONFLICTS_OF = re.compile(r"\bconflicts?\s+of\s+laws?\b[^.]{0,30}$", re.I)
# ... unless its own laws were named first ("the internal laws, and not the laws regarding conflicts of laws, of X")
_OWN_LAWS = re.compile(r"\b(?:internal|substantive)\s+laws?\b", re.I)
# where a "laws of" phrase ends before it names a place: the next clause or sentence
_STOP = re.compile(r"\b(?:without|excluding|except|notwithstanding|regardless|other than|but not)\b|;|\.\s", re.I)


@dataclass(frozen=True)
class LawMention:
    """A jurisdiction named as a law in one sentence: the sentence's span, the jurisdiction's span and value."""

    lo: int
    hi: int
    start: int
    end: int
    value: str
    level: str


@dataclass
class LawModel(LinearScorer):
    add: float  # the best mention is stated where the rule states no governing law and it scores this much


def mentions(doc: DocContext) -> list[LawMention]:
    """Every jurisdiction a sentence of ``doc`` names as a law, once per sentence and jurisdiction: after "laws
    of / legislation of / statutes of" (within ``WINDOW``, before the clause ends) or as "Delaware law"."""
    out: list[LawMention] = []
    seen: set[tuple[int, str]] = set()
    text = doc.text
    for m in _LAWS.finditer(text):
        lo, hi = doc.sentences.span_at(m.start())
        if not _ABOUT_THE_AGREEMENT.search(text, lo, min(hi, lo + SENTENCE_CHARS)):
            continue
        found = []
        # "Delaware law", "the substantive laws of": the adjective before the word
        head = max(lo, m.start() - 40)
        a = _ADJ_LAW.search(text, head, m.end())
        if a is not None and a.end() == m.end():
            adjs = find_jurisdictions(a.group("adj"))
            if adjs:
                found.append((a.start("adj") + adjs[0].start, adjs[0]))
        window = text[m.end() : min(hi, m.end() + WINDOW)]
        stop = _STOP.search(window)
        if stop:
            window = window[: stop.start()]
        js = find_jurisdictions(window, adjectives=False)
        if js and _NAMES_A_PLACE.match(window):
            states = [j for j in js if j.level == "state"]
            j = (states or js)[0]
            found.append((m.end() + j.start, j))
        for start, j in found:
            if (lo, j.value) in seen:
                continue
            before = text[max(lo, start - 100) : start]
            frame = _NOT_A_CHOICE.search(before)
            if frame is not None and not _CHOICE_VERB.search(frame.group(0)):
                continue
            if _CONFLICTS_OF.search(before) and not _OWN_LAWS.search(before):
                continue  # "without regard to the conflicts of laws of X" chooses X's conflicts rules, not its law
            seen.add((lo, j.value))
            out.append(LawMention(lo, hi, start, start + (j.end - j.start), j.value, j.level))
    return out


def mention_features(doc: DocContext, m: LawMention) -> dict[str, float]:
    """What the model reads of a mention: its sentence's words and word pairs, the words before it, its section's
    title, its level (state or country) and where in the document it sits."""
    text = doc.text[m.lo : min(m.hi, m.lo + SENTENCE_CHARS)].lower()
    words = _WORD.findall(text)
    f: dict[str, float] = {"bias": 1.0, f"level:{m.level}": 1.0, **word_features(words, first=3)}
    before = _WORD.findall(doc.text[max(m.lo, m.start - 80) : m.start].lower())[-BEFORE_WORDS:]
    for w in before:
        f[f"pre:{w}"] = 1.0
    section = doc.section_for(m.lo)
    if section is not None and section.title:
        for w in set(_WORD.findall(section.title.lower())):
            f[f"t:{w}"] = 1.0
    n = max(1, len(doc.text))
    f[f"pos:{min(9, int(10 * m.lo / n))}"] = 1.0
    return f


def load_model(path: Path = MODEL_PATH) -> LawModel | None:
    """The law model in ``path``; None when the file is absent (the rule then decides alone)."""
    return load_scorer(LawModel, path, "add")


def ranked_mentions(doc: DocContext, model: LawModel) -> list[tuple[float, LawMention]]:
    """Every law mention of the document with the model's score, best first."""
    return sorted(((model.score(mention_features(doc, m)), m) for m in mentions(doc)), key=lambda t: -t[0])


def model_law(doc: DocContext, model: LawModel | None = None) -> Fact | None:
    """The governing law the model reads where the rule found none: the best mention at ``add`` or above, stated
    with a confidence from 0.55 (at ``add``) to 0.85 (a sure reading), or None."""
    model = model or load_model()
    if model is None:
        return None
    ranked = ranked_mentions(doc, model)
    if not ranked or ranked[0][0] < model.add:
        return None
    score, m = ranked[0]
    confidence = 0.55 + 0.3 * (score - model.add) / max(1e-6, 1.0 - model.add)
    fact = doc.fact("governing_law", m.value, m.start, m.end, "law_sentence", confidence, qualifier=m.level)
    fact.method = "model:law_sentence"
    return fact

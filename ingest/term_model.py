"""Which sentence states how long the agreement runs: a model learned from the CUAD "Expiration Date" labels.

The term rules (``ingest/fact_terms.py``) read an expiration date only from a sentence whose wording they know
("the term of this Agreement shall ...", "this Agreement shall continue until ..."), and on contracts nobody
tuned them for they state none for a third of those that have one. This model scores every sentence of a
contract by its words, word pairs, its section's title and what it holds (a period, a date, an open end); where
the rules state no expiration date, the best sentence scoring at least ``add`` is read by
``fact_terms.read_term_sentence``. The weights and ``add`` are fitted on the train half by
``python -m bench.train_term_model`` and kept as plain numbers in ``ingest/models/term_model.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ingest.fact_context import DocContext
from ingest.linear import LinearScorer, load_scorer, word_features
from veridict.domain.values import find_dates, find_durations

MODEL_PATH = Path(__file__).resolve().parent / "models" / "term_model.json"
SENTENCE_CHARS = 600  # a run-on "sentence" is read from its start
MIN_SENTENCE_CHARS = 20  # shorter ones (headings, numbers) are not scored

_WORD = re.compile(r"[a-z]+")
_OPEN_END = re.compile(r"\b(?:until|perpetu\w*|indefinite\w*|unless sooner|earlier terminat\w*)\b", re.I)


@dataclass
class TermModel(LinearScorer):
    add: float  # the best sentence is read where the rules state no expiration date and it scores this much


def sentence_features(doc: DocContext, lo: int, hi: int) -> dict[str, float]:
    text = doc.text[lo : min(hi, lo + SENTENCE_CHARS)]
    words = _WORD.findall(text.lower())
    f: dict[str, float] = {"bias": 1.0, **word_features(words, first=4)}
    section = doc.section_for(lo)
    if section is not None and section.title:
        for w in set(_WORD.findall(section.title.lower())):
            f[f"t:{w}"] = 1.0
    durations = [d.value for d in find_durations(text)]
    if any(d.unit in ("year", "month") and not d.business for d in durations):
        f["has:long_period"] = 1.0
    elif durations:
        f["has:short_period"] = 1.0
    if find_dates(text):
        f["has:date"] = 1.0
    if _OPEN_END.search(text):
        f["has:open_end"] = 1.0
    n = max(1, len(doc.text))
    f[f"pos:{min(9, int(10 * lo / n))}"] = 1.0
    return f


def load_model(path: Path = MODEL_PATH) -> TermModel | None:
    """The term model in ``path``; None when the file is absent (the rules then decide alone)."""
    return load_scorer(TermModel, path, "add")


def scored_sentences(doc: DocContext) -> list[tuple[int, int]]:
    """The sentences the model scores (and is trained on), as (start, end)."""
    return [(lo, hi) for lo, hi in doc.sentences.sentences() if hi - lo >= MIN_SENTENCE_CHARS]


def ranked_sentences(doc: DocContext, model: TermModel) -> list[tuple[float, int, int]]:
    """Every scored sentence of the document as (score, start, end), best first."""
    scored = [(model.score(sentence_features(doc, lo, hi)), lo, hi) for lo, hi in scored_sentences(doc)]
    return sorted(scored, key=lambda t: -t[0])

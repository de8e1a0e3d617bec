"""The dates a contract states in each role: the rules' agreement, effective and expiration dates (each from the
one before it), then the date-role model's corrections (``ingest/date_roles.py``); a corrected date re-runs the
rules that depend on it."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from ingest.date_roles import DateMention, RoleModel, choose, load_models, mentions, value_scores
from ingest.fact_context import ASSERT_THRESHOLD, DocContext, demote_alternatives
from ingest.fact_dates import agreement_dates, effective_dates, labelled_dates
from ingest.fact_terms import read_term_sentence, term_and_expiry
from ingest.term_model import load_model, ranked_sentences
from veridict.types import Fact

# the rules that read a date from the contract's own definition of the role ("Effective Date" means ..., a form's
# "Effective Date:" field): a sentence elsewhere the date-role model scores higher ("Phase I will commence on August
# 1, 2010") does not replace it. On the train half's PDFs the guard moves no field's agreement; on dev's it keeps
# one definition the model had replaced
DEFINED_BY_CONTRACT = frozenset({"regex:effective_date_defined", "regex:effective_date_means",
                                 "regex:effective_date_labelled"})


def rule_dates(
    doc: DocContext, o_start: int, o_end: int, agreement: list[Fact] | None = None,
    labelled: dict[str, list[Fact]] | None = None,
) -> tuple[list[Fact], list[Fact], list[Fact], list[Fact]]:
    """Agreement, effective date, term and expiration by the rules; each date from the one before it
    (``labelled``: the form's labelled dates, ``labelled_dates``, when the caller has read them already)."""
    if agreement is None:
        agreement = demote_alternatives(agreement_dates(doc, o_start, o_end))
    top_agreement = agreement[0] if agreement else None
    if labelled is None:
        labelled = labelled_dates(doc)
    effective = demote_alternatives(effective_dates(doc, top_agreement, o_start, o_end) + labelled["effective_date"])
    return (agreement, effective, *_term_dates(doc, effective, top_agreement, labelled["expiration_date"]))


def _term_dates(
    doc: DocContext, effective: list[Fact], top_agreement: Fact | None, labelled: list[Fact] | None = None
) -> tuple[list[Fact], list[Fact]]:
    term_facts = term_and_expiry(doc, effective[0] if effective else None, top_agreement)
    terms = demote_alternatives([f for f in term_facts if f.attribute == "term"])
    expirations = demote_alternatives([f for f in term_facts if f.attribute == "expiration_date"] + (labelled or []))
    return terms, expirations


def stated_value(facts: list[Fact]) -> dt.date | None:
    """The date a one-valued date attribute states: its top fact's, when it is asserted."""
    return facts[0].value_date if facts and facts[0].confidence >= ASSERT_THRESHOLD else None


def stated(agreement: list[Fact], effective: list[Fact], expirations: list[Fact]) -> dict[str, dt.date | None]:
    return {
        "agreement_date": stated_value(agreement),
        "effective_date": stated_value(effective),
        "expiration_date": stated_value(expirations),
    }


def date_mentions(
    doc: DocContext, o_start: int, o_end: int, rule_values: dict[str, dt.date | None]
) -> list[DateMention]:
    """Every date the document states, with the features the date-role model reads."""
    return mentions(doc.text, doc.sentences.span_at, (o_start, o_end), rule_values)


def _model_pick(
    doc: DocContext,
    role: Literal["agreement_date", "effective_date", "expiration_date"],
    facts: list[Fact],
    models: dict[str, RoleModel],
    found: list[DateMention],
) -> list[Fact] | None:
    """The rules' facts for ``role`` with the model's value put first, or None when the rules' choice stays."""
    model = models.get(role)
    if model is None or (facts and facts[0].confidence >= ASSERT_THRESHOLD and facts[0].value_date is None):
        return None  # no model, or the rules state a value that is no date ("perpetual")
    if facts and facts[0].confidence >= ASSERT_THRESHOLD and facts[0].method in DEFINED_BY_CONTRACT:
        return None  # the contract says what its effective date is: the model does not overrule a definition
    scores = value_scores([model.score(m.features) for m in found], found)
    picked = choose(model, scores, stated_value(facts))
    if picked is None:
        return None
    p, m = picked
    fact = doc.fact(role, m.value.isoformat(), m.start, m.end, "date_role_model", 0.5 + 0.45 * p,
                    value_date=m.value)
    fact.method = "model:date_roles"
    for f in facts:
        f.confidence = round(min(f.confidence, fact.confidence) * 0.8, 3)
    return [fact, *[f for f in facts if f.value_text != fact.value_text]][:4]


def _located_expiration(
    doc: DocContext, effective: list[Fact], agreement: list[Fact], expirations: list[Fact]
) -> list[Fact] | None:
    """Where the rules state no expiration date: the reading of the best sentence the term model
    (``ingest/term_model.py``) locates at its threshold, or None."""
    if expirations and expirations[0].confidence >= ASSERT_THRESHOLD:
        return None
    model = load_model()
    if model is None:
        return None
    for p, lo, hi in ranked_sentences(doc, model):
        if p < model.add:
            return None
        fact = read_term_sentence(doc, lo, hi, effective[0] if effective else None,
                                  agreement[0] if agreement else None, round(0.5 + 0.45 * p, 3))
        if fact is not None:
            fact.method = "model:term_sentence"
            return [fact, *expirations][:4]
    return None


def dates(
    doc: DocContext, o_start: int, o_end: int, learned: bool, term_model: bool = True
) -> tuple[list[Fact], list[Fact], list[Fact], list[Fact]]:
    """The rules' dates, then the date-role model's corrections (``ingest/date_roles.py``): a changed agreement
    date is what the effective date may refer to, and a changed effective date is where the term starts. An
    expiration date still missing is read from the sentence the term model locates (``term_model=False``: not,
    as that model is trained)."""
    labelled = labelled_dates(doc)
    agreement, effective, terms, expirations = rule_dates(doc, o_start, o_end, labelled=labelled)
    models = load_models() if learned else {}
    if not models:
        return agreement, effective, terms, expirations
    rule_values = stated(agreement, effective, expirations)
    found = date_mentions(doc, o_start, o_end, rule_values)
    picked = _model_pick(doc, "agreement_date", agreement, models, found)
    if picked is not None:
        agreement, effective, terms, expirations = rule_dates(doc, o_start, o_end, picked, labelled)
    picked = _model_pick(doc, "effective_date", effective, models, found)
    if picked is not None:
        effective = picked
        terms, expirations = _term_dates(doc, effective, agreement[0] if agreement else None,
                                         labelled["expiration_date"])
    picked = _model_pick(doc, "expiration_date", expirations, models, found)
    if picked is not None:
        expirations = picked
    located = _located_expiration(doc, effective, agreement, expirations) if term_model else None
    if located is not None:
        expirations = located
    return agreement, effective, terms, expirations

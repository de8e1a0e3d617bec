"""Which stated date is the agreement, effective or expiration date: a model learned from the CUAD labels.

The date rules (``ingest/fact_dates.py``, ``ingest/fact_terms.py``) read a date's role from the words just
before it. They are precise where a contract says it the usual way and miss where it does not ("made and
entered into on the 6th day of" after a long title block, an effective date in the signature part, a term that
"ends on" a date under another heading). This module scores every date a contract states, for each role, with
one logistic regression per role over the date's surroundings (words before and after it, the words of its
sentence, where it stands in the document, how often its value recurs) and what the rules chose. The weights
are fitted on the train half by ``python -m bench.train_date_roles`` and kept as plain numbers in
``ingest/models/date_roles.json`` (no scikit-learn at run time).

How a score is used (``choose``): the rules' value stays unless the model's best value for the role is
another, scores at least ``replace`` and beats the rules' value by ``margin``; a role the rules left empty gets
the model's best value when it scores at least ``add``. All three numbers are chosen per role on the train
half's out-of-fold scores and stored with the weights.
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ingest.linear import LinearScorer
from veridict.domain.values import find_dates

MODEL_PATH = Path(__file__).resolve().parent / "models" / "date_roles.json"
ROLES = ("agreement_date", "effective_date", "expiration_date")

LEFT_CHARS = 160
RIGHT_CHARS = 100
LEFT_WORDS = 8
RIGHT_WORDS = 6
SENTENCE_CHARS = 400

_WORD = re.compile(r"[a-z]+")
_SIGNATURE = re.compile(r"\bIN\s+WITNESS\s+WHEREOF\b|\bSIGNATURE\s+PAGE\b", re.I)


@dataclass
class DateMention:
    start: int
    end: int
    value: dt.date
    features: dict[str, float]


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _bucket(x: float, edges: tuple[float, ...]) -> int:
    return bisect.bisect_right(list(edges), x)


def mentions(
    text: str,
    sentence_span,
    opening: tuple[int, int],
    rule_values: dict[str, dt.date | None],
) -> list[DateMention]:
    """Every date stated in ``text`` with its features. ``sentence_span(offset)`` gives the sentence around an
    offset; ``opening`` is the title block and preamble; ``rule_values`` the rules' value per role."""
    found = find_dates(text)
    if not found:
        return []
    n = max(1, len(text))
    sig = list(_SIGNATURE.finditer(text))
    sig_at = sig[-1].start() if sig else None
    order: dict[dt.date, int] = {}
    counts: dict[dt.date, int] = {}
    for d in found:
        order.setdefault(d.value, len(order))
        counts[d.value] = counts.get(d.value, 0) + 1
    values = sorted(order)
    agreement = rule_values.get("agreement_date")
    out: list[DateMention] = []
    for d in found:
        f: dict[str, float] = {"bias": 1.0}
        left = _words(text[max(0, d.start - LEFT_CHARS) : d.start])[-LEFT_WORDS:]
        right = _words(text[d.end : d.end + RIGHT_CHARS])[:RIGHT_WORDS]
        for i, w in enumerate(reversed(left)):
            f[f"l:{w}"] = 1.0
            if i < 3:
                f[f"l{i + 1}:{w}"] = 1.0
        if len(left) >= 2:
            f[f"lb:{left[-2]}_{left[-1]}"] = 1.0
        for i, w in enumerate(right):
            f[f"r:{w}"] = 1.0
            if i < 2:
                f[f"r{i + 1}:{w}"] = 1.0
        lo, hi = sentence_span(d.start)
        lo, hi = max(lo, d.start - SENTENCE_CHARS), min(hi, d.end + SENTENCE_CHARS)
        for w in set(_words(text[lo:hi])):
            f[f"s:{w}"] = 1.0
        f[f"pos:{_bucket(d.start / n, (0.01, 0.03, 0.08, 0.2, 0.5, 0.8, 0.95))}"] = 1.0
        f[f"at:{_bucket(d.start, (500, 1500, 4000, 10000))}"] = 1.0
        if opening[0] <= d.start < opening[1]:
            f["in_opening"] = 1.0
        if sig_at is not None and d.start >= sig_at:
            f["in_signature"] = 1.0
        raw = d.surface.lower()
        f["form:numeric" if not re.search(r"[a-z]", raw) else "form:words"] = 1.0
        if re.search(r"\bday\b", raw):
            f["form:day_of"] = 1.0
        f[f"order:{min(order[d.value], 4)}"] = 1.0
        f[f"count:{min(counts[d.value], 4)}"] = 1.0
        if d.value == values[0]:
            f["earliest"] = 1.0
        if d.value == values[-1]:
            f["latest"] = 1.0
        for role, value in rule_values.items():
            if value is not None and value == d.value:
                f[f"rule:{role}"] = 1.0
        if agreement is not None:
            days = (d.value - agreement).days
            if days == 0:
                f["vs_agreement:same"] = 1.0
            else:
                side = "after" if days > 0 else "before"
                f[f"vs_agreement:{side}{_bucket(abs(days), (31, 366, 3 * 366, 10 * 366))}"] = 1.0
        out.append(DateMention(d.start, d.end, d.value, f))
    return out


@dataclass
class RoleModel(LinearScorer):
    replace: float  # the model's value replaces the rules' at or above this score ...
    margin: float  # ... when it beats the rules' value's score by this much
    add: float  # a role the rules left empty is filled at or above this score


@lru_cache(maxsize=2)
def _load(path: str) -> dict[str, RoleModel]:
    p = Path(path)
    if not p.exists():
        return {}
    data = json.loads(p.read_text(encoding="utf-8"))
    return {
        role: RoleModel(m["weights"], m["replace"], m["margin"], m["add"])
        for role, m in data["roles"].items()
    }


def load_models(path: Path = MODEL_PATH) -> dict[str, RoleModel]:
    """The role models in ``path``; empty when the file is absent (the rules then decide alone)."""
    return _load(str(path))


def value_scores(scores: list[float], found: list[DateMention]) -> dict[dt.date, tuple[float, DateMention]]:
    """Each date value's best mention score for one role (``scores[i]`` is ``found[i]``'s)."""
    best: dict[dt.date, tuple[float, DateMention]] = {}
    for p, m in zip(scores, found, strict=True):
        if m.value not in best or p > best[m.value][0]:
            best[m.value] = (p, m)
    return best


def choose(
    model: RoleModel, scores: dict[dt.date, tuple[float, DateMention]], rule_value: dt.date | None
) -> tuple[float, DateMention] | None:
    """The mention the model puts in place of the rules' value, or None to keep the rules' choice."""
    if not scores:
        return None
    top_value = max(scores, key=lambda v: scores[v][0])
    top = scores[top_value]
    if rule_value is None:
        return top if top[0] >= model.add else None
    if top_value == rule_value:
        return None
    rule_p = scores[rule_value][0] if rule_value in scores else 0.0
    if top[0] >= model.replace and top[0] - rule_p >= model.margin:
        return top
    return None

"""A logistic regression kept as plain numbers: a weight per named feature (``bias`` included), scored without
scikit-learn. The learned fact models (``ingest/date_roles.py``, ``ingest/party_model.py``, ``ingest/term_model.py``,
``ingest/law_model.py``) are of this kind; ``load_scorer`` reads one from its JSON file."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar


@dataclass
class LinearScorer:
    weights: dict[str, float]

    def score(self, features: dict[str, float]) -> float:
        """The probability the model gives a row with these features."""
        z = sum(self.weights.get(k, 0.0) * v for k, v in features.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fitted_weights(names, coef, intercept: float, min_weight: float = 1e-4) -> dict[str, float]:
    """Weights of a fitted scikit-learn logistic regression by feature name; the intercept joins ``bias``."""
    weights = {str(n): round(float(w), 5) for n, w in zip(names, coef, strict=True) if abs(w) >= min_weight}
    weights["bias"] = round(weights.get("bias", 0.0) + float(intercept), 5)
    return weights


def word_features(words: list[str], first: int) -> dict[str, float]:
    """A sentence's words as features: each word (``w:``), each pair of neighbouring words (``b:``) and its first
    ``first`` words (``first:``)."""
    f = {f"w:{w}": 1.0 for w in words}
    f.update({f"b:{a}_{b}": 1.0 for a, b in zip(words, words[1:], strict=False)})
    f.update({f"first:{w}": 1.0 for w in words[:first]})
    return f


S = TypeVar("S", bound=LinearScorer)


def load_scorer(kind: type[S], path: Path, cutoff: str) -> S | None:
    """The ``kind`` model in ``path``: its ``weights`` and its ``cutoff`` score (the file is read once per
    process); None when the file is absent (the rules then decide alone)."""
    data = _read(str(path))
    return None if data is None else kind(data["weights"], data[cutoff])  # type: ignore[call-arg]


@lru_cache(maxsize=8)
def _read(path: str) -> dict | None:
    p = Path(path)
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else None

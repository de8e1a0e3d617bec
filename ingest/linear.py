"""A logistic regression kept as plain numbers: a weight per named feature (``bias`` included), scored without
scikit-learn. The learned fact models (``ingest/date_roles.py``, ``ingest/party_model.py``) are of this kind."""

from __future__ import annotations

import math
from dataclasses import dataclass


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

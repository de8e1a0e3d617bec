"""What a question asks, by meaning: the attribute or clause type whose example questions (and registry
description) are nearest to it in the embedder's space.

The rules of the planner read cue words; a user who asks "how far ahead must we tell them if we don't want
another term?" uses none. When the rules leave a question without an attribute or clause type, this reading
fills the gap as a ``PlanHint`` (merged like a model's hint: the rules win wherever they decided), when the
nearest example is close enough (``MIN_SIMILARITY``) and clearly nearer than the best other label
(``MIN_MARGIN``). Both were chosen on the dev questions the rules do read (``bench/meaning_threshold.py``:
at 0.60 / 0.05 the reading agrees with the rules on 85.7 % of the 336 dev questions it would label).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Literal

import numpy as np

from agents.plan import Plan
from agents.plan_hint import PlanHint
from tools.reads import QueryEmbedder
from veridict.domain import ATTRIBUTE_BY_NAME, CLAUSE_BY_NAME
from veridict.domain.examples import ATTRIBUTE_EXAMPLES, CLAUSE_EXAMPLES

MIN_SIMILARITY = 0.60
MIN_MARGIN = 0.05
LabelKind = Literal["attribute", "clause"]


@dataclass(frozen=True)
class Reading:
    kind: LabelKind
    name: str
    similarity: float


class MeaningModel:
    """The example questions of the registry, embedded once per embedder."""

    def __init__(self, embedder: QueryEmbedder) -> None:
        texts: list[str] = []
        labels: list[tuple[LabelKind, str]] = []
        for name, examples in ATTRIBUTE_EXAMPLES.items():
            for text in (*examples, ATTRIBUTE_BY_NAME[name].description):
                texts.append(text)
                labels.append(("attribute", name))
        for name, examples in CLAUSE_EXAMPLES.items():
            for text in (*examples, CLAUSE_BY_NAME[name].description):
                texts.append(text)
                labels.append(("clause", name))
        embed_many = getattr(embedder, "embed_documents", None)
        if embed_many is not None:
            matrix = np.asarray(embed_many(texts), dtype=np.float32)
        else:
            matrix = np.stack([np.asarray(embedder.embed_query(t), dtype=np.float32) for t in texts])
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        self.matrix = matrix / np.where(norms == 0, 1, norms)
        self.labels = labels

    def readings(self, question: str, embedder: QueryEmbedder) -> list[Reading]:
        """Every label with its best example's similarity to ``question``, nearest first."""
        vec = np.asarray(embedder.embed_query(question), dtype=np.float32)
        vec = vec / (np.linalg.norm(vec) or 1.0)
        sims = self.matrix @ vec
        best: dict[tuple[LabelKind, str], float] = {}
        for label, sim in zip(self.labels, sims.tolist(), strict=True):
            if sim > best.get(label, -1.0):
                best[label] = sim
        out = [Reading(kind, name, round(sim, 4)) for (kind, name), sim in best.items()]
        return sorted(out, key=lambda r: -r.similarity)


_MODELS: dict[int, MeaningModel] = {}
_LOCK = threading.Lock()


def meaning_model(embedder: QueryEmbedder) -> MeaningModel:
    with _LOCK:
        model = _MODELS.get(id(embedder))
        if model is None:
            model = _MODELS[id(embedder)] = MeaningModel(embedder)
        return model


def bare_question(plan: Plan) -> str:
    """The question with the documents and names it mentions replaced by plain words, so that a party's name
    does not pull the reading towards a label."""
    text = plan.question
    for ref in plan.documents:
        text = text.replace(ref.mention, "the contract")
    for name in plan.entities:
        text = re.sub(rf"\b{re.escape(name)}(?:['’]s?)?", "them", text)
    return " ".join(text.split())


def meaning_hint(plan: Plan, embedder: QueryEmbedder) -> tuple[PlanHint | None, Reading | None]:
    """A hint naming the nearest attribute or clause type, when it is near and clear; and the best reading."""
    readings = meaning_model(embedder).readings(bare_question(plan), embedder)
    if not readings:
        return None, None
    best = readings[0]
    runner_up = next((r for r in readings[1:] if r.name != best.name), None)
    margin = best.similarity - (runner_up.similarity if runner_up else 0.0)
    if best.similarity < MIN_SIMILARITY or margin < MIN_MARGIN:
        return None, best
    if best.kind == "attribute":
        return PlanHint(intent="exact_value", attribute=best.name), best
    return PlanHint(intent="clause_lookup", clause_types=[best.name]), best

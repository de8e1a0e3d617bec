"""Clause types learned from the CUAD expert labels, combined with the phrase rules.

A section's tags come first from the rules (``ingest.clause_types``); this module adds what the
model finds and, for a few types, removes what the model firmly rejects:

- the model scores every chunk: one logistic regression per clause type over the chunk's
  embedding (the vector ingest already computed for the vector store) and, when the model has a
  ``TextPart``, the chunk's words and word pairs (TF-IDF over a vocabulary fixed at training);
  optionally with the rule tags of the chunk's section as extra columns (``rule_features``; the
  shipped model uses none); a section's score for a type is its best chunk's;
- ``TagPolicy`` per type, chosen on cross-validated folds of the training half: ``add`` is the score
  from which the model adds the type to a section; ``veto`` (only for types where that helped on
  the training half) is the score under which a rule's tag is dropped.

The model file (``models/clause_model.npz``, plain arrays) and its sidecar (``clause_model.json``:
training command, data hash, thresholds, cross-validated figures) are rebuilt by
``python -m bench.train_clause_model``.

- ``load_model(path=None) -> ClauseModel | None``: the shipped model, loaded once (None if absent);
- ``ClauseModel.chunk_scores(vectors, rule_tags, texts)``: (n_chunks, n_types) probabilities;
- ``ClauseModel.combine(rule_tags, scores)``: a section's tags from its rule tags and its score row;
- ``retag(sections, chunks, vectors, model)``: the sections' clause_types (and their chunks')
  rewritten in place with the combined tags.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from veridict.domain.clause_rules import CUAD_TO_TAG
from veridict.types import Chunk, Section

MODEL_DIR = Path(__file__).resolve().parent / "models"
MODEL_FILE = MODEL_DIR / "clause_model.npz"
SIDECAR_FILE = MODEL_DIR / "clause_model.json"


@dataclass(frozen=True)
class TagPolicy:
    add: float | None  # the model adds the type from this score (None: never)
    veto: float | None  # a rule tag is dropped under this score (None: rules always kept)


_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token pattern


def text_terms(text: str) -> list[str]:
    """The words and word pairs of a text, as scikit-learn's word analyzer with ngram_range=(1, 2)
    makes them (lower case, tokens of two or more word characters)."""
    words = _TOKEN.findall(text.lower())
    return words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]


@dataclass(frozen=True)
class TextPart:
    """The lexical half of the model: TF-IDF over a fixed vocabulary (sublinear tf, l2 norm), scaled."""

    terms: dict[str, int]  # term -> column
    idf: np.ndarray  # (n_terms,)
    coef: np.ndarray  # (n_tags, n_terms)
    scale: float

    @classmethod
    def of(cls, terms, idf: np.ndarray, coef: np.ndarray, scale: float) -> TextPart:
        """A text part from its vocabulary in column order (as the vectorizer lists it) and its arrays."""
        return cls(terms={str(t): i for i, t in enumerate(terms)}, idf=np.asarray(idf, dtype=np.float64),
                   coef=np.asarray(coef, dtype=np.float32), scale=float(scale))

    def vocabulary_key(self) -> str:
        """A fingerprint of the vocabulary in column order: a model whose word coefficients were fitted on another
        vocabulary of the same size (the clause model keeps the 20,000 most frequent terms) must not be read with
        this one, or each coefficient lands on another word."""
        return hashlib.sha256("\n".join(sorted(self.terms, key=self.terms.__getitem__)).encode()).hexdigest()[:16]

    def row(self, text: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The text's TF-IDF row before normalising: (columns, sublinear tf x idf); None without a known term."""
        counts: dict[int, int] = {}
        for t in text_terms(text):
            j = self.terms.get(t)
            if j is not None:
                counts[j] = counts.get(j, 0) + 1
        if not counts:
            return None
        cols = np.fromiter(counts, dtype=np.int64)
        return cols, (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64))) * self.idf[cols]

    def logits(self, texts: list[str]) -> np.ndarray:
        """Each text's contribution to each type's logit: (n_texts, n_tags)."""
        out = np.zeros((len(texts), self.coef.shape[0]), dtype=np.float32)
        for i, text in enumerate(texts):
            row = self.row(text)
            if row is None:
                continue
            cols, vals = row
            vals *= self.scale / max(1e-12, float(np.linalg.norm(vals)))
            out[i] = self.coef[:, cols] @ vals
        return out


@dataclass(frozen=True)
class ClauseModel:
    tags: tuple[str, ...]  # the types the model scores, one row of coef each
    rule_features: tuple[str, ...]  # the rule tags used as features, in column order after the vector
    coef: np.ndarray  # (n_tags, dim + n_rule_features)
    intercept: np.ndarray  # (n_tags,)
    policies: dict[str, TagPolicy]
    embedding_model: str
    dim: int
    text: TextPart | None = None  # the chunk's words as well as its vector (None: the vector alone)
    # per type, the share of contracts the rules and the model tag that the experts labelled with it, measured
    # on cross-validated folds of the training half (the sidecar's ``cross_validated.per_category``)
    contract_precision: dict[str, float] = field(default_factory=dict)

    def features(self, vectors: np.ndarray, rule_tags: list[list[str]]) -> np.ndarray:
        """The model's input: each unit's vector, then one 0/1 column per rule feature."""
        col = {t: i for i, t in enumerate(self.rule_features)}
        rules = np.zeros((len(rule_tags), len(self.rule_features)), dtype=np.float32)
        for i, tags in enumerate(rule_tags):
            for t in tags:
                if t in col:
                    rules[i, col[t]] = 1.0
        return np.hstack([np.asarray(vectors, dtype=np.float32).reshape(len(rule_tags), -1), rules])

    def chunk_scores(self, vectors: np.ndarray, rule_tags: list[list[str]],
                     texts: list[str] | None = None) -> np.ndarray:
        """Probability of each type for each unit (rows follow ``vectors``; ``texts`` are the units'
        words, needed when the model has a text part)."""
        if not len(rule_tags):
            return np.zeros((0, len(self.tags)), dtype=np.float32)
        z = self.features(vectors, rule_tags) @ self.coef.T + self.intercept
        if self.text is not None:
            if texts is None or len(texts) != len(rule_tags):
                raise ValueError("this clause model also reads the chunks' text: pass one text per vector")
            z = z + self.text.logits(texts)
        return (1.0 / (1.0 + np.exp(-z))).astype(np.float32)

    def combine(self, rule_tags: list[str], scores: np.ndarray | None) -> list[str]:
        """A section's tags: its rule tags (less the vetoed ones) and the types its score passes.

        ``scores`` is the section's best chunk score per type (None when it has no chunk: rules only)."""
        if scores is None:
            return sorted(rule_tags)
        out = set(rule_tags)
        for j, tag in enumerate(self.tags):
            pol = self.policies.get(tag)
            if pol is None:
                continue
            s = float(scores[j])
            if pol.veto is not None and tag in out and s < pol.veto:
                out.discard(tag)
            if pol.add is not None and s >= pol.add:
                out.add(tag)
        return sorted(out)


def section_scores(model: ClauseModel, sections: list[Section], chunks: list[Chunk],
                   vectors: np.ndarray) -> list[np.ndarray | None]:
    """Each section's best chunk score per type (None for a section without chunks)."""
    index = {s.id: i for i, s in enumerate(sections)}
    owner = [index.get(c.section_id) if c.section_id else None for c in chunks]
    rule_tags = [sections[o].clause_types if o is not None else [] for o in owner]
    scores = model.chunk_scores(vectors, rule_tags, [c.text for c in chunks])
    best: list[np.ndarray | None] = [None] * len(sections)
    for o, row in zip(owner, scores, strict=False):
        if o is None:
            continue
        cur = best[o]
        best[o] = row if cur is None else np.maximum(cur, row)
    return best


def retag(sections: list[Section], chunks: list[Chunk], vectors: np.ndarray | None,
          model: ClauseModel | None) -> None:
    """Rewrite the sections' rule tags as rules + model, in place; chunks take their section's tags."""
    if model is None or vectors is None or not chunks or len(vectors) != len(chunks):
        return
    if np.asarray(vectors).shape[1] != model.dim:
        return
    best = section_scores(model, sections, chunks, vectors)
    for sec, row in zip(sections, best, strict=False):
        sec.clause_types = model.combine(sec.clause_types, row)
    by_id = {s.id: s for s in sections}
    for c in chunks:
        if c.section_id in by_id:
            c.clause_types = list(by_id[c.section_id].clause_types)


def _policy(raw: dict) -> TagPolicy:
    def num(x: object) -> float | None:
        return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)  # type: ignore[arg-type]

    return TagPolicy(add=num(raw.get("add")), veto=num(raw.get("veto")))


def read_model(path: Path, sidecar: Path) -> ClauseModel:
    """A model from its arrays and its sidecar (no pickled objects)."""
    meta = json.loads(sidecar.read_text(encoding="utf-8"))
    with np.load(path, allow_pickle=False) as z:
        coef = np.asarray(z["coef"], dtype=np.float32)
        intercept = np.asarray(z["intercept"], dtype=np.float32)
        tags = tuple(str(t) for t in z["tags"])
        rule_features = tuple(str(t) for t in z["rule_features"])
        text = None
        if "text_terms" in z.files:
            terms = z["text_terms"]
            text = TextPart.of(terms, z["text_idf"], z["text_coef"], meta["text_features"]["scale"])
            if text.coef.shape != (len(tags), len(terms)) or text.idf.shape != (len(terms),):
                raise ValueError(f"{path.name}: text coefficient shape {text.coef.shape} does not fit")
    if tuple(meta["tags"]) != tags:
        raise ValueError(f"{sidecar.name} lists other types than {path.name}")
    dim = int(meta["embedding_dim"])
    if coef.shape != (len(tags), dim + len(rule_features)):
        raise ValueError(f"{path.name}: coefficient shape {coef.shape} does not fit {len(tags)} types")
    return ClauseModel(
        tags=tags, rule_features=rule_features, coef=coef, intercept=intercept,
        policies={t: _policy(p) for t, p in meta["policies"].items()},
        embedding_model=str(meta["embedding_model"]), dim=dim, text=text,
        contract_precision=_contract_precision(meta),
    )


def _contract_precision(meta: dict) -> dict[str, float]:
    """type -> cross-validated contract precision of the rules and model together, from the sidecar."""
    per_category = (meta.get("cross_validated") or {}).get("per_category") or {}
    out: dict[str, float] = {}
    for category, figures in per_category.items():
        tag = CUAD_TO_TAG.get(category)
        value = ((figures or {}).get("combined") or {}).get("contract_precision")
        if tag and isinstance(value, (int, float)):
            out[tag] = float(value)
    return out


@lru_cache(maxsize=4)
def load_model(path: Path | None = None) -> ClauseModel | None:
    """The shipped model (read once per process); None when no model file is present."""
    path = path or MODEL_FILE
    sidecar = path.with_suffix(".json")
    if not path.is_file() or not sidecar.is_file():
        return None
    return read_model(path, sidecar)


def same_embedding(model_name: str, model_dim: int, embedder_name: str, dim: int) -> bool:
    """Vectors of ``embedder_name`` are those a model fitted on ``model_name`` reads: same size, same model (by the
    name of its folder, so a local path and the package's name agree)."""
    return model_dim == dim and Path(str(model_name)).name == Path(str(embedder_name)).name


def fits_embedder(model_name: str, model_dim: int, embedder: object) -> bool:
    """``same_embedding`` for an embedder object (False for one that reports no name or dimension)."""
    name, dim = getattr(embedder, "model_name", None), getattr(embedder, "dim", None)
    return bool(name) and isinstance(dim, int) and same_embedding(model_name, model_dim, str(name), dim)


def model_for_embedder(embedder: object) -> ClauseModel | None:
    """``model_for`` the embedder's name and dimension (None for an embedder that says neither)."""
    model = load_model()
    return model if model is not None and fits_embedder(model.embedding_model, model.dim, embedder) else None


def model_for(embedder_name: str, dim: int) -> ClauseModel | None:
    """The shipped model when it was trained on vectors of this embedder, else None (rules only)."""
    model = load_model()
    return model if model is not None and same_embedding(model.embedding_model, model.dim, embedder_name, dim) else None

"""Is a quoted sentence the asked clause, or a sentence that only shares its key words?

The key terms of a clause type find every sentence that might be the clause: "assigns" in a preamble's
"successors and permitted assigns" names anti-assignment words, "audit" in "track and audit use of the
platform" names audit words. Before such a sentence is presented as the clause, a model learned from CUAD's
expert labels on exactly such sentences scores it (``ingest/models/quote_check.npz``, rebuilt by
``python -m bench.train_quote_check``: per clause type, a logistic regression over the sentence's embedding,
its section's number and title before it, and its words, trained on the sentences of the train half that name
the type's key terms). A sentence under its type's floor (chosen on cross-validated folds of the train half,
losing at most 5 % of the contracts that have the clause) is not quoted as that clause. A type with too few
labelled contracts, or whose best floor is none, is not checked.

Where no sentence is left, the clause model that tags sections at ingest (``ingest.clause_model``) looks for
the clause among the retrieved passages' other sentences.

- ``QuoteCheck.of(ctx)``: the check for a question's tool context (None when no model fits its embedder);
- ``QuoteCheck.confirmed(tags, quotes)``: for each (heading, sentence), whether some asked type's score
  reaches its floor (types without a floor always pass);
- ``QuoteCheck.strength(tags, quotes)``: for each (heading, sentence), its best score among the asked types the
  check has a model for (None where it has none), to say which of several passages reads most as the clause;
- ``QuoteCheck.strongest(tags, quotes)``: the sentences the clause model itself reads as the clause: the
  ``SHORTLIST`` best by its words alone, scored in full, kept from the score at which ingest adds the type to a
  section (its ``add``, chosen on cross-validated folds of the training half; a type without one is never found
  this way), best first;
- ``QuoteCheck.scan(ctx, tags, document_ids)``: the documents' stored chunks the clause model reads most as an
  asked type, searched for rather than retrieved: each type's weights on the embedding are a direction, a vector
  search along it returns the chunks whose embedding scores highest (the cosine times the direction's length is
  that part of the score), their words are added, and each chunk gets the model's own score, best first. For a
  clause worded in none of its type's key words and missed by retrieval (``NEAR``: the score from which a
  yes/no clause question shows such a chunk, see ``bench.clause_scan``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ingest.chunking import headed
from ingest.clause_model import MODEL_DIR, ClauseModel, TextPart, load_model, model_for_embedder
from stores.errors import StoreError
from tools.base import HitMeta, ToolContext
from tools.vector_search import vector_hits
from veridict.types import Evidence

VERIFIER_FILE = MODEL_DIR / "quote_check.npz"
SHORTLIST = 6  # sentences embedded per question when the model looks for the clause itself
SCAN_K = 20  # chunks fetched along each asked type's direction (``QuoteCheck.scan``)
# the clause model's score from which a yes/no question's scanned chunk is shown as the likely clause: chosen on the
# clause sweep's contracts (train half, outside the model's training), weighing present and absent questions as the
# dev set does (``python -m bench.clause_scan``); a type the presence fit covers uses its own score (``near``)
NEAR = 0.3
PRESENCE_FILE = MODEL_DIR / "clause_presence.json"
# the chance that the contract has the clause, given its best chunk's score, from which that chunk is shown as the
# likely clause: chosen on the clause sweep in dev wording as NEAR was (``python -m bench.clause_scan --presence``:
# dev-weighted 0.8684 at 0.4 with the type's rate as the prior, against 0.8661 for NEAR = 0.3 and at best 0.8575
# with the eval sets' 115 : 40 as the prior)
LIKELY_PRESENT = 0.4
# the contract precision (cross-validated on the training half, ``ClauseModel.contract_precision``) from which a
# type's stored tags list a contract in a library-wide list by themselves: on the 40 train-half sweep contracts
# (outside the model's training) the tags alone list 18 clause types at mean F1 0.725 against 0.667 for the
# retrieved and quote-checked passages; they are worse for change of control, exclusivity, non-disparagement (that
# precision 0.54, 0.56, 0.39) and IP ownership assignment (0.66). At 0.6 the lists measure 0.740; 0.5 and 0.7
# would give 0.728 and 0.726 (composed per type from the two runs' F1). ``agents/drafting/listing.py`` uses it
TAGS_LIST = 0.6


@dataclass(frozen=True)
class Verifier:
    """Per clause type: is a key-word sentence the clause? (``bench.train_quote_check``)"""

    tags: tuple[str, ...]
    coef: np.ndarray  # (n_tags, dim)
    intercept: np.ndarray  # (n_tags,)
    words: TextPart  # the clause model's vocabulary, this model's word coefficients
    floors: dict[str, float]  # the types that are checked, and the score a quote needs
    embedding_model: str

    def scores(self, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
        z = vectors @ self.coef.T + self.intercept + self.words.logits(texts)
        return (1.0 / (1.0 + np.exp(-z))).astype(np.float32)


@lru_cache(maxsize=2)
def load_verifier(path: Path = VERIFIER_FILE) -> Verifier | None:
    """The shipped quote check (read once per process), on the clause model's vocabulary; None if absent."""
    sidecar = path.with_suffix(".json")
    clause = load_model()
    if not path.is_file() or not sidecar.is_file() or clause is None or clause.text is None:
        return None
    meta = json.loads(sidecar.read_text(encoding="utf-8"))
    with np.load(path, allow_pickle=False) as z:
        tags = tuple(str(t) for t in z["tags"])
        coef = np.asarray(z["coef"], dtype=np.float32)
        intercept = np.asarray(z["intercept"], dtype=np.float32)
        word_coef = np.asarray(z["word_coef"], dtype=np.float32)
    vocabulary = meta.get("vocabulary")  # absent in a sidecar written before the key was kept
    if word_coef.shape != (len(tags), len(clause.text.terms)) or (vocabulary and vocabulary !=
                                                                   clause.text.vocabulary_key()):
        raise ValueError(f"{path.name} does not fit the clause model's vocabulary: refit it with "
                         "python -m bench.train_quote_check after the clause model")
    words = TextPart(terms=clause.text.terms, idf=clause.text.idf, coef=word_coef, scale=1.0)
    floors = {t: float(f) for t, f in meta["floors"].items() if f is not None}
    return Verifier(tags, coef, intercept, words, floors, str(meta["embedding_model"]))


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Presence:
    """Per clause type, how often a contract has the clause given its best chunk's clause-model score s:
    P = sigmoid(a * logit(s) + b) among the training contracts, where the type's rate is ``rate``
    (``bench.train_clause_presence``)."""

    fits: dict[str, tuple[float, float, float]]  # type -> (a, b, rate)
    embedding_model: str

    def likely(self, tag: str, score: float, asked: float | None = None) -> float | None:
        """The chance the contract has ``tag`` given its best chunk's ``score``, the type's rate among contracts as
        the prior (with ``asked``, that prior instead: how often a clause asked about is there); None for a type
        without a fit."""
        if tag not in self.fits:
            return None
        a, b, rate = self.fits[tag]
        z = a * _logit(score) + b + (0.0 if asked is None else _logit(asked) - _logit(rate))
        return 1.0 / (1.0 + math.exp(-z))

    def floor(self, tag: str, chance: float = LIKELY_PRESENT, asked: float | None = None) -> float | None:
        """The best-chunk score at which ``likely`` reaches ``chance`` (None for a type without a fit)."""
        if tag not in self.fits:
            return None
        a, b, rate = self.fits[tag]
        z = (_logit(chance) - b - (0.0 if asked is None else _logit(asked) - _logit(rate))) / a
        return 1.0 / (1.0 + math.exp(-z))


@lru_cache(maxsize=2)
def load_presence(path: Path = PRESENCE_FILE) -> Presence | None:
    """The shipped presence fit (read once per process); None if absent."""
    if not path.is_file():
        return None
    meta = json.loads(path.read_text(encoding="utf-8"))
    fits = {t: (float(f["a"]), float(f["b"]), float(f["rate"])) for t, f in meta["types"].items()}
    return Presence(fits, str(meta["embedding_model"]))


@dataclass(frozen=True)
class QuoteCheck:
    model: ClauseModel
    embedder: object  # embeds the quotes as ingest embeds chunks (embed_documents or embed_query)
    verifier: Verifier | None = None
    presence: Presence | None = None

    @classmethod
    def of(cls, ctx: ToolContext | None) -> QuoteCheck | None:
        embedder = ctx.embedder if ctx else None
        if embedder is None:
            return None
        model = model_for_embedder(embedder)
        if model is None:
            return None
        verifier = load_verifier()
        # the clause model fits the embedder's dimension and name (model_for_embedder): so must the verifier
        if verifier is not None and (verifier.coef.shape[1] != model.dim
                                     or Path(verifier.embedding_model).name != Path(str(model.embedding_model)).name):
            verifier = None
        presence = load_presence()
        if presence is not None and Path(presence.embedding_model).name != Path(str(model.embedding_model)).name:
            presence = None
        return cls(model, embedder, verifier, presence)

    def near(self, tag: str) -> float:
        """The scan score from which a document's chunk is shown as a likely ``tag`` clause: where the presence
        fit says the asked clause is there at ``LIKELY_PRESENT``, else ``NEAR``."""
        at = self.presence.floor(tag) if self.presence is not None else None
        return NEAR if at is None else at

    def tags_list(self, tags: Sequence[str]) -> bool:
        """Whether the stored tags of ``tags`` are precise enough to list a contract by themselves: each type's
        cross-validated contract precision reaches ``TAGS_LIST``."""
        return bool(tags) and all(self.model.contract_precision.get(t, 0.0) >= TAGS_LIST for t in tags)

    def floor(self, tag: str) -> float | None:
        """The score a sentence needs to be quoted as ``tag`` (None: its quotes are not checked)."""
        return self.verifier.floors.get(tag) if self.verifier else None

    def vectors(self, quotes: Sequence[tuple[str, str]]) -> np.ndarray:
        texts = [headed(head, text) for head, text in quotes]
        embed_many = getattr(self.embedder, "embed_documents", None)
        if embed_many is not None:
            vectors = np.asarray(embed_many(texts), dtype=np.float32)
        else:
            vectors = np.stack([np.asarray(self.embedder.embed_query(t), dtype=np.float32)  # type: ignore[attr-defined]
                                for t in texts])
        return vectors

    def scores(self, quotes: Sequence[tuple[str, str]]) -> np.ndarray:
        """The clause model's (n_quotes, n_model_tags) probabilities; a quote is (its section's number and title,
        its text)."""
        return self.model.chunk_scores(self.vectors(quotes), [[] for _ in quotes], [text for _, text in quotes])

    def confirmed(self, tags: Sequence[str], quotes: Sequence[tuple[str, str]]) -> list[bool]:
        floors = {t: f for t in tags if (f := self.floor(t)) is not None}
        if not quotes or not floors or len(floors) < len(set(tags)) or self.verifier is None:
            return [True] * len(quotes)
        col = {t: j for j, t in enumerate(self.verifier.tags)}
        rows = self.verifier.scores(self.vectors(quotes), [text for _, text in quotes])
        return [any(float(row[col[t]]) >= f for t, f in floors.items()) for row in rows]

    def strength(self, tags: Sequence[str], quotes: Sequence[tuple[str, str]]) -> list[float | None]:
        verifier = self.verifier
        if not quotes or verifier is None:
            return [None] * len(quotes)
        col = {t: j for j, t in enumerate(verifier.tags)}
        modelled = [t for t in dict.fromkeys(tags) if t in col and bool(np.any(verifier.coef[col[t]]))]
        if not modelled:
            return [None] * len(quotes)
        rows = verifier.scores(self.vectors(quotes), [text for _, text in quotes])
        return [max(float(row[col[t]]) for t in modelled) for row in rows]

    def strongest(self, tags: Sequence[str], quotes: Sequence[tuple[str, str]],
                  barred: bool = True) -> list[tuple[int, float]]:
        """(index, score) of the quotes the model reads as an asked type at its ``add`` score, best first. With
        ``barred=False``, every shortlisted quote, scored by how far it is above (or under) that score (its raw
        score for a type the model never adds): the nearest passages, for a question that takes one of them as
        given."""
        bars = {t: p.add for t in tags if t in self.model.tags
                and (p := self.model.policies.get(t)) is not None and p.add is not None}
        if not barred:
            bars = {t: bars.get(t, 0.0) for t in tags if t in self.model.tags}
        if not quotes or not bars:
            return []
        col = {t: j for j, t in enumerate(self.model.tags)}
        cols = [col[t] for t in bars]
        order = list(range(len(quotes)))
        if self.model.text is not None and len(quotes) > SHORTLIST:
            words = self.model.text.logits([text for _, text in quotes])[:, cols].max(axis=1)
            order = [int(i) for i in np.argsort(-words, kind="stable")[:SHORTLIST]]
        rows = self.scores([quotes[i] for i in order])
        found = []
        for i, row in zip(order, rows, strict=True):
            best = max(float(row[col[t]]) - bar for t, bar in bars.items())
            if best >= 0 or not barred:
                found.append((i, best))
        return sorted(found, key=lambda x: -x[1])

    def scan(self, ctx: ToolContext, tags: Sequence[str],
             document_ids: list[str]) -> list[tuple[Evidence, HitMeta, float]]:
        """(passage, its meta, score) of the documents' chunks the clause model scores highest for an asked type,
        best first (each chunk once, at its best type); empty without a vector store or when it fails."""
        return _best_first(self.scan_types(ctx, tags, document_ids), lambda tag: 0.0)

    def likely(self, ctx: ToolContext, tags: Sequence[str],
               document_ids: list[str]) -> list[tuple[Evidence, HitMeta, float]]:
        """The scanned chunks whose score reaches their type's ``near``, best first (each chunk once)."""
        return _best_first(self.scan_types(ctx, tags, document_ids), self.near)

    def scan_types(self, ctx: ToolContext, tags: Sequence[str],
                   document_ids: list[str]) -> dict[str, list[tuple[Evidence, HitMeta, float]]]:
        """Per asked type the model has: the ``SCAN_K`` chunks of the documents nearest its direction, each with
        the model's score; empty without a vector store or when it fails."""
        col = {t: j for j, t in enumerate(self.model.tags)}
        asked = [t for t in dict.fromkeys(tags) if t in col]
        if not asked or not document_ids or ctx.vectors is None or ctx.pg is None:
            return {}
        out: dict[str, list[tuple[Evidence, HitMeta, float]]] = {}
        for tag in asked:
            j = col[tag]
            direction = self.model.coef[j, : self.model.dim]
            length = float(np.linalg.norm(direction))
            if length == 0.0:
                continue
            try:
                found = vector_hits(ctx, direction, document_ids, k=SCAN_K)
            except StoreError:
                return {}
            if not found.evidence:
                continue
            cosines = np.array([found.meta[e.id].similarity or 0.0 for e in found.evidence])
            z = cosines * length + self.model.intercept[j]
            if self.model.text is not None:
                z = z + self.model.text.logits([e.text for e in found.evidence])[:, j]
            out[tag] = [(e, found.meta[e.id], float(score))
                        for e, score in zip(found.evidence, 1.0 / (1.0 + np.exp(-z)), strict=True)]
        return out


def _best_first(by_type: dict[str, list[tuple[Evidence, HitMeta, float]]],
                bar) -> list[tuple[Evidence, HitMeta, float]]:
    """Each chunk once, at its best score among the types where it reaches ``bar(type)``, best first."""
    best: dict[str, tuple[Evidence, HitMeta, float]] = {}
    for tag, found in by_type.items():
        floor = bar(tag)
        for e, meta, score in found:
            if score >= floor and (e.id not in best or best[e.id][2] < score):
                best[e.id] = (e, meta, score)
    return sorted(best.values(), key=lambda x: -x[2])

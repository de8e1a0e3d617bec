"""Fuse the channels' ranked lists (weighted reciprocal-rank fusion), then rescore.

RRF: score(d) = sum over channels c of w_c / (k + rank_c(d)). Rescoring mixes
the normalised fused score with query-term overlap and an attribute/clause-type
match. A cross-encoder is used only when ``settings.reranker_path`` is set.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from tools.base import HitMeta, ToolResult
from veridict.domain import content_words, snake_name
from veridict.types import Evidence

RRF_K = 60
# Exact facts outrank table cells, which outrank retrieved text.
CHANNEL_WEIGHTS = {
    "facts": 1.5,
    "tables": 1.25,
    "clauses": 1.1,
    "graph": 1.1,
    "graph_refs": 1.1,
    "context": 1.0,
    "lexical": 1.0,
    "vectors": 1.0,
}
STORE_PRIORITY = {"facts": 3, "tables": 2, "graph": 1, "lexical": 1, "vectors": 1}


def rrf(rankings: dict[str, list[str]], weights: dict[str, float] | None = None, k: int = RRF_K) -> dict[str, float]:
    """Weighted reciprocal-rank fusion of channel -> ordered ids."""
    weights = weights or CHANNEL_WEIGHTS
    fused: dict[str, float] = {}
    for channel, ids in rankings.items():
        w = weights.get(channel, 1.0)
        for rank, item in enumerate(ids, start=1):
            fused[item] = fused.get(item, 0.0) + w / (k + rank)
    return fused


def fuse(results: list[ToolResult], k: int = RRF_K) -> tuple[list[Evidence], dict[str, HitMeta], dict[str, float]]:
    """Merge tool results: one item per id, channel ranks kept, RRF score per id."""
    rankings: dict[str, list[str]] = {}
    evidence: dict[str, Evidence] = {}
    meta: dict[str, HitMeta] = {}
    for result in results:
        channel = result.tool
        ids = rankings.setdefault(channel, [])
        for item in result.evidence:
            if item.id not in ids:
                ids.append(item.id)
            m = result.meta.get(item.id)
            if item.id not in evidence:
                evidence[item.id] = item
                meta[item.id] = m.model_copy(deep=True) if m else HitMeta(document_id=item.citation.document_id)
            else:
                kept = evidence[item.id]
                if m is not None and m.similarity is not None:
                    meta[item.id].similarity = m.similarity
                if STORE_PRIORITY.get(item.store, 0) > STORE_PRIORITY.get(kept.store, 0):
                    evidence[item.id] = item
            meta[item.id].ranks[channel] = ids.index(item.id) + 1
    scores = rrf(rankings, k=k)
    ordered = sorted(evidence.values(), key=lambda e: -scores.get(e.id, 0.0))
    return ordered, meta, scores


def term_overlap(query_terms: list[str], text: str) -> float:
    """Share of distinct query terms that occur in ``text`` (prefix match for longer terms)."""
    terms = set(query_terms)
    if not terms:
        return 0.0
    words = set(content_words(text))
    hits = 0
    for t in terms:
        if t in words or (len(t) >= 5 and any(w.startswith(t[:5]) for w in words)):
            hits += 1
    return hits / len(terms)


def attribute_match(item: Evidence, meta: HitMeta | None, attributes: list[str], qualifier: str | None,
                    clause_types: list[str]) -> float:
    """1.0 when a fact has the asked attribute (and qualifier) or a clause has the asked type."""
    score = 0.0
    if item.fact is not None and attributes and item.fact.attribute in attributes:
        score = 0.7
        q = (item.fact.qualifier or "").lower()
        if qualifier is None or (q and (qualifier in q or q in qualifier)):
            score = 1.0
    if meta is not None and clause_types:
        have = {snake_name(c) for c in meta.clause_types}
        if have & {snake_name(c) for c in clause_types}:
            score = max(score, 0.8)
    return score


def rerank(
    query: str,
    evidence: list[Evidence],
    meta: dict[str, HitMeta],
    fused: dict[str, float],
    attributes: Sequence[str] = (),
    qualifier: str | None = None,
    clause_types: Sequence[str] = (),
    reranker_path: Path | None = None,
    alpha: float = 0.35,
    beta: float = 0.25,
) -> list[Evidence]:
    """Rescore fused items: (1-a-b)*rrf_norm + a*term overlap + b*attribute match (+ cross-encoder)."""
    if not evidence:
        return []
    top = max(fused.values(), default=1.0) or 1.0
    terms = content_words(query)
    cross = _cross_scores(reranker_path, query, evidence) if reranker_path else None
    rescored: list[Evidence] = []
    for i, item in enumerate(evidence):
        base = fused.get(item.id, 0.0) / top
        overlap = term_overlap(terms, item.text)
        match = attribute_match(item, meta.get(item.id), list(attributes), qualifier, list(clause_types))
        score = (1 - alpha - beta) * base + alpha * overlap + beta * match
        if cross is not None:
            score = 0.5 * score + 0.5 * cross[i]
        rescored.append(item.model_copy(update={"score": round(score, 6)}))
    rescored.sort(key=lambda e: -e.score)
    return rescored


def _cross_scores(path: Path, query: str, evidence: list[Evidence]) -> list[float]:
    import math

    model = _cross_encoder(str(path))
    raw = model.predict([(query, e.text[:2000]) for e in evidence])
    return [1 / (1 + math.exp(-float(x))) for x in raw]


@lru_cache(maxsize=2)
def _cross_encoder(path: str):
    """A local cross-encoder folder (none ships; only used when configured)."""
    from sentence_transformers import CrossEncoder

    return CrossEncoder(path, device="cpu", local_files_only=True)


def mmr(evidence: list[Evidence], embedder, lam: float = 0.7, window: int = 24) -> list[Evidence]:
    """Maximal marginal relevance over the first ``window`` items of a ranked list: each next item maximises
    ``lam * relevance - (1 - lam) * (its highest cosine to an item already chosen)``, where relevance is the
    item's place in the ranking (1 for the first, falling linearly). Facts keep their places (an exact value is
    not redundant with a passage); the rest of the list follows unchanged. No embedder: the list as it is."""
    head = [e for e in evidence[:window] if e.fact is None]
    if embedder is None or len(head) < 3:
        return evidence
    try:
        vectors = np.asarray(embedder.embed_documents([e.text[:1500] for e in head]), dtype=float)
    except Exception:  # noqa: BLE001 - diversity is an option; the ranking stands without it
        return evidence
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors = vectors / np.where(norms == 0, 1, norms)
    relevance = [1.0 - i / len(head) for i in range(len(head))]
    chosen: list[int] = []
    left = list(range(len(head)))
    while left:
        if chosen:
            redundancy = (vectors[left] @ vectors[chosen].T).max(axis=1)
        else:
            redundancy = np.zeros(len(left))
        scores = [lam * relevance[i] - (1 - lam) * float(r) for i, r in zip(left, redundancy, strict=True)]
        best = left[int(np.argmax(scores))]
        chosen.append(best)
        left.remove(best)
    order = iter(head[i] for i in chosen)
    top = [e if e.fact is not None else next(order) for e in evidence[:window]]
    return top + evidence[window:]

"""Chunk vectors in Qdrant Edge (qdrant-edge-py): Qdrant's engine in-process, on a local folder.

Same interface as QdrantStore. One shard per collection under `path/<collection>`.
Single-process like local mode: the shard's write-ahead log is locked by its owner.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from stores.errors import StoreError, StoreLocked, StoreUnavailable
from stores.qdrant import UPSERT_BATCH, VectorHit, checked_vectors, chunk_payload, point_id, query_vector
from veridict.types import Chunk, Document

try:
    import qdrant_edge as qe
except ImportError:  # optional backend
    qe = None  # type: ignore[assignment]  # QdrantEdgeStore checks for it and says what to install

SHARD_MARKER = "edge_config.json"  # written by EdgeShard.create


def _filter(
    tenant: str,
    document_id: str | None = None,
    document_ids: Sequence[str] | None = None,
    clause_types: Sequence[str] | None = None,
):
    if not tenant:
        raise ValueError("tenant is required")
    must: list[Any] = [qe.FieldCondition(key="tenant", match=qe.MatchValue(tenant))]
    if document_id is not None:
        must.append(qe.FieldCondition(key="document_id", match=qe.MatchValue(document_id)))
    if document_ids:
        must.append(qe.FieldCondition(key="document_id", match=qe.MatchAny(list(document_ids))))
    if clause_types:
        must.append(qe.FieldCondition(key="clause_types", match=qe.MatchAny(list(clause_types))))
    return qe.Filter(must=must)


class QdrantEdgeStore:
    """Chunk vectors for similarity search, filtered by tenant, in an in-process Qdrant shard."""

    def __init__(self, path: Path | str, collection: str, dim: int) -> None:
        if qe is None:
            raise StoreUnavailable(
                "the Qdrant Edge backend needs the qdrant-edge-py package: pip install qdrant-edge-py"
            )
        if dim < 1:
            raise ValueError("dim must be positive")
        self.path = Path(path)
        self.collection = collection
        self.dim = dim
        self._shard: Any = None
        self._lock = threading.RLock()

    @property
    def shard_path(self) -> Path:
        return self.path / self.collection

    @property
    def where(self) -> str:
        return f"Qdrant Edge shard {self.shard_path}"

    # -- lifecycle ----------------------------------------------------------------------------

    def _config(self):
        return qe.EdgeConfig(vectors=qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine))

    @property
    def shard(self):
        """The shard, opened (or created with its payload indexes) on first use."""
        with self._lock:
            if self._shard is None:
                self._shard = self._open()
            return self._shard

    def _open(self):
        folder = self.shard_path
        try:
            if (folder / SHARD_MARKER).is_file():
                return qe.EdgeShard.load(str(folder), self._config())
            folder.mkdir(parents=True, exist_ok=True)
            shard = qe.EdgeShard.create(str(folder), self._config())
            shard.update(qe.UpdateOperation.create_field_index(
                "tenant", qe.KeywordIndexParams(is_tenant=True)))
            for name in ("document_id", "clause_types"):
                shard.update(
                    qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Keyword))
            shard.flush()
            return shard
        except Exception as exc:  # the binding raises plain Exception
            raise self._typed(exc) from exc

    def _typed(self, exc: Exception) -> StoreError:
        text = str(exc)
        if "WouldBlock" in text:
            return StoreLocked(
                f"{self.where} is in use by another process, most likely another Veridict "
                "process (e.g. `veridict serve`, the chat app or an ingest run). It allows one "
                "process per folder: stop that process, or use it, or point "
                "VERIDICT_QDRANT_PATH at another folder, or run a Qdrant server and set "
                "VERIDICT_QDRANT_URL."
            )
        if "incompatible" in text.lower():
            return StoreError(
                f"{self.where} does not match {self.dim}-d cosine vectors ({text}); use another "
                "VERIDICT_QDRANT_COLLECTION or re-ingest into a new one"
            )
        return StoreError(f"{self.where}: {text}")

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except (ValueError, TypeError):
            raise
        except Exception as exc:
            raise self._typed(exc) from exc

    def ensure_collection(self) -> None:
        self.shard  # noqa: B018  (opens or creates)

    def ping(self) -> None:
        with self._errors():
            self.shard.info()

    def close(self) -> None:
        with self._lock:
            if self._shard is not None:
                try:
                    self._shard.flush()
                finally:
                    self._shard.close()
            self._shard = None

    def optimize(self) -> bool:
        """Merge segments and build the HNSW index (blocking; seconds per 10k points)."""
        with self._lock, self._errors():
            return bool(self.shard.optimize())

    def __enter__(self) -> QdrantEdgeStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writes -------------------------------------------------------------------------------

    def upsert_chunks(
        self, tenant: str, chunks: list[Chunk], vectors: np.ndarray, document: Document
    ) -> int:
        if not chunks:
            return 0
        vectors = checked_vectors(tenant, chunks, vectors, document, self.dim)
        with self._lock, self._errors():
            shard = self.shard
            for start in range(0, len(chunks), UPSERT_BATCH):
                part = chunks[start : start + UPSERT_BATCH]
                rows = vectors[start : start + len(part)].tolist()
                points = [
                    qe.Point(point_id(c.id), row, chunk_payload(c, document))
                    for c, row in zip(part, rows, strict=False)
                ]
                shard.update(qe.UpdateOperation.upsert_points(points))
        return len(chunks)

    def delete_document(self, tenant: str, document_id: str) -> int:
        flt = _filter(tenant, document_id=document_id)
        with self._lock, self._errors():
            n = self.shard.count(qe.CountRequest(exact=True, filter=flt))
            if n:
                self.shard.update(qe.UpdateOperation.delete_points_by_filter(flt))
        return n

    def delete_tenant(self, tenant: str) -> None:
        with self._lock, self._errors():
            self.shard.update(qe.UpdateOperation.delete_points_by_filter(_filter(tenant)))

    # -- reads --------------------------------------------------------------------------------

    def search(
        self,
        tenant: str,
        vector: np.ndarray | Sequence[float],
        k: int = 10,
        document_ids: list[str] | None = None,
        clause_types: list[str] | None = None,
    ) -> list[VectorHit]:
        if k <= 0 or (document_ids is not None and not document_ids):
            return []
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if query.shape[0] != self.dim:
            raise ValueError(f"expected a {self.dim}-d query vector, got {query.shape[0]}")
        request = qe.QueryRequest(
            limit=k,
            query=qe.Query.Nearest(query.tolist()),
            filter=_filter(tenant, document_ids=document_ids, clause_types=clause_types),
            with_payload=True,
        )
        with self._lock, self._errors():
            points = self.shard.query(request)
        hits = []
        for p in points:
            payload = dict(p.payload or {})
            hits.append(VectorHit(str(payload.get("chunk_id", p.id)), float(p.score), payload))
        return hits

    def similarities(self, tenant: str, vector: np.ndarray | Sequence[float], chunk_ids: Sequence[str]
                     ) -> dict[str, float]:
        """Cosine of the stored vectors of these chunks of the tenant to ``vector`` (chunk id -> score).

        The points are fetched by id with their vectors and scored here: a nearest-neighbour query filtered on the
        chunk ids reads every payload of the tenant (chunk_id has no index), about 13 ms a call on dev's library
        against 0.2 ms this way. A point of another tenant is left out, as the query's tenant filter left it out."""
        if not tenant:
            raise ValueError("tenant is required")
        ids = list(dict.fromkeys(chunk_ids))
        if not ids:
            return {}
        query = query_vector(vector, self.dim)
        norm = float(np.linalg.norm(query))
        if norm > 0:
            query = query / norm  # cosine, as the shard scores it
        with self._lock, self._errors():
            points = self.shard.retrieve([point_id(c) for c in ids], True, True)
        scores: dict[str, float] = {}
        for p in points:
            payload = dict(p.payload or {})
            if payload.get("tenant") != tenant or p.vector is None:
                continue
            stored = np.asarray(p.vector, dtype=np.float32)
            scores[str(payload.get("chunk_id", p.id))] = float(stored @ query)
        return scores

    def count(self, tenant: str, document_id: str | None = None) -> int:
        flt = _filter(tenant, document_id=document_id)
        with self._lock, self._errors():
            return int(self.shard.count(qe.CountRequest(exact=True, filter=flt)))

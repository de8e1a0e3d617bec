"""Chunk vectors in Qdrant: a server (URL + API key) or local mode (a folder).

Every point carries its tenant and every read or delete filters by it.
Local mode is single-process: the folder is locked by the first client.
"""

from __future__ import annotations

import sqlite3
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from qdrant_client import QdrantClient
from qdrant_client.http import models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from stores.errors import StoreError, StoreLocked, StoreUnavailable
from veridict.types import Chunk, Document

UPSERT_BATCH = 256
MEMORY = ":memory:"
# Payload fields with a keyword index on a server (local mode scans; indexes are no-ops there).
INDEXED_FIELDS = ("tenant", "document_id", "clause_types")
# Point ids must be UUIDs or integers; other chunk ids are mapped into this namespace.
ID_NAMESPACE = uuid.UUID("6f1d3a52-3c53-4c1e-9a55-7e0f5d1b6a10")


@dataclass
class VectorHit:
    chunk_id: str
    score: float
    payload: dict[str, Any] = field(default_factory=dict)


def point_id(chunk_id: str) -> str:
    """The Qdrant point id for a chunk id (the id itself when it is a UUID)."""
    try:
        return str(uuid.UUID(chunk_id))
    except ValueError:
        return str(uuid.uuid5(ID_NAMESPACE, chunk_id))


def query_vector(vector: np.ndarray | Sequence[float], dim: int) -> np.ndarray:
    """The query as a flat float32 vector of the store's dimension (a clear error otherwise)."""
    query = np.asarray(vector, dtype=np.float32).reshape(-1)
    if query.shape[0] != dim:
        raise ValueError(f"expected a {dim}-d query vector, got {query.shape[0]}")
    return query


def tenant_filter(
    tenant: str,
    document_id: str | None = None,
    document_ids: Sequence[str] | None = None,
    clause_types: Sequence[str] | None = None,
) -> models.Filter:
    """A filter that always requires the tenant, plus optional document and clause-type matches."""
    if not tenant:
        raise ValueError("tenant is required")
    must: list[models.Condition] = [
        models.FieldCondition(key="tenant", match=models.MatchValue(value=tenant))
    ]
    if document_id is not None:
        must.append(
            models.FieldCondition(key="document_id", match=models.MatchValue(value=document_id))
        )
    if document_ids:
        must.append(
            models.FieldCondition(key="document_id", match=models.MatchAny(any=list(document_ids)))
        )
    if clause_types:
        must.append(
            models.FieldCondition(key="clause_types", match=models.MatchAny(any=list(clause_types)))
        )
    return models.Filter(must=must)


def checked_vectors(tenant: str, chunks: list[Chunk], vectors: np.ndarray, document: Document,
                    dim: int) -> np.ndarray:
    """The chunks' vectors as float32, after checking that every vector and chunk belongs where it is
    written (the tenant's document); ValueError otherwise. Every vector store checks the same way."""
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.shape != (len(chunks), dim):
        raise ValueError(f"expected vectors of shape ({len(chunks)}, {dim}), got {vectors.shape}")
    if document.tenant != tenant:
        raise ValueError(f"document {document.id} belongs to tenant {document.tenant!r}")
    for chunk in chunks:
        if chunk.tenant != tenant or chunk.document_id != document.id:
            raise ValueError(
                f"chunk {chunk.id} belongs to {chunk.tenant!r}/{chunk.document_id}, "
                f"not {tenant!r}/{document.id}"
            )
    return vectors


def chunk_payload(chunk: Chunk, document: Document) -> dict[str, Any]:
    return {
        "tenant": chunk.tenant,
        "chunk_id": chunk.id,
        "document_id": chunk.document_id,
        "doc_key": document.doc_key,
        "version": document.version,
        "section_id": chunk.section_id,
        "ordinal": chunk.ordinal,
        "clause_types": list(chunk.clause_types),
        "page_start": chunk.page_start,
        "page_end": chunk.page_end,
        "char_start": chunk.char_start,
        "char_end": chunk.char_end,
        "text": chunk.text,
    }


class QdrantStore:
    """Chunk vectors for similarity search, filtered by tenant."""

    def __init__(
        self,
        url: str | None,
        path: Path | str | None,
        collection: str,
        dim: int,
        api_key: str | None = None,
    ) -> None:
        if not url and path is None:
            raise ValueError("QdrantStore needs a server url or a local path")
        if dim < 1:
            raise ValueError("dim must be positive")
        self.url = url or None
        self.path = None if self.url else (MEMORY if str(path) == MEMORY else Path(path or ""))
        self.collection = collection
        self.dim = dim
        self._api_key = api_key
        self._client: QdrantClient | None = None
        self._ready = False
        self._lock = threading.RLock()

    # -- connection ---------------------------------------------------------------------------

    @property
    def local(self) -> bool:
        return self.url is None

    @property
    def where(self) -> str:
        from veridict.redact import redact

        return redact(self.url) if self.url else f"local path {self.path}"

    @property
    def client(self) -> QdrantClient:
        """The client, opened on first use (local mode takes the folder's lock here)."""
        with self._lock:
            if self._client is None:
                self._client = self._open()
            return self._client

    def _open(self) -> QdrantClient:
        if self.url:
            return QdrantClient(url=self.url, api_key=self._api_key)
        if self.path == MEMORY:
            return QdrantClient(location=MEMORY)
        assert isinstance(self.path, Path)
        self.path.mkdir(parents=True, exist_ok=True)
        try:
            client = QdrantClient(path=str(self.path))
        except RuntimeError as exc:
            if "already accessed" not in str(exc):
                raise
            raise StoreLocked(
                f"Qdrant local storage {self.path} is in use by another process, most likely "
                "another Veridict process (e.g. `veridict serve`, the chat app or an ingest run). "
                "Local mode allows one process per folder: stop that process, or use it (send "
                "questions and uploads to the running server), or point VERIDICT_QDRANT_PATH at "
                "another folder, or run a Qdrant server and set VERIDICT_QDRANT_URL."
            ) from exc
        _tune_local_storage(client)
        return client

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
            self._client = None
            self._ready = False

    def __enter__(self) -> QdrantStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn client failures into typed store errors."""
        try:
            yield
        except StoreError:
            raise
        except ResponseHandlingException as exc:
            raise StoreUnavailable(
                f"Qdrant at {self.where} cannot be reached ({exc.source}); start the server "
                "or unset VERIDICT_QDRANT_URL to use local mode"
            ) from exc
        except UnexpectedResponse as exc:
            if exc.status_code in (401, 403):
                raise StoreUnavailable(
                    f"Qdrant at {self.where} refused the request ({exc.status_code}); "
                    "check VERIDICT_QDRANT_API_KEY"
                ) from exc
            raise StoreError(f"Qdrant at {self.where}: {exc}") from exc

    def ping(self) -> None:
        """Raise StoreUnavailable (or StoreLocked) when the store cannot be used."""
        with self._errors():
            self.client.get_collections()

    # -- collection ---------------------------------------------------------------------------

    def ensure_collection(self) -> None:
        """Create the collection (cosine, dim) and its payload indexes when missing."""
        with self._lock, self._errors():
            client = self.client
            if client.collection_exists(self.collection):
                info = client.get_collection(self.collection)
                size = _vector_size(info.config.params.vectors)
                if size is not None and size != self.dim:
                    raise StoreError(
                        f"Qdrant collection {self.collection!r} at {self.where} holds {size}-d "
                        f"vectors, but the embedder makes {self.dim}-d ones; use another "
                        "VERIDICT_QDRANT_COLLECTION or re-ingest into a new one"
                    )
            else:
                client.create_collection(
                    self.collection,
                    vectors_config=models.VectorParams(
                        size=self.dim, distance=models.Distance.COSINE
                    ),
                )
            if self.local:
                _tune_local_storage(client)
            else:
                self._ensure_indexes(client)
            self._ready = True

    def _ensure_indexes(self, client: QdrantClient) -> None:
        for name in INDEXED_FIELDS:
            schema = models.KeywordIndexParams(
                type=models.KeywordIndexType.KEYWORD, is_tenant=(name == "tenant") or None
            )
            client.create_payload_index(self.collection, name, field_schema=schema, wait=True)

    def _collection(self) -> str:
        if not self._ready:
            self.ensure_collection()
        return self.collection

    # -- writes -------------------------------------------------------------------------------

    def upsert_chunks(
        self, tenant: str, chunks: list[Chunk], vectors: np.ndarray, document: Document
    ) -> int:
        """Write one point per chunk (id = chunk id), in batches. Returns the number written."""
        if not chunks:
            return 0
        vectors = checked_vectors(tenant, chunks, vectors, document, self.dim)
        collection = self._collection()
        with self._errors():
            for start in range(0, len(chunks), UPSERT_BATCH):
                part = chunks[start : start + UPSERT_BATCH]
                batch = models.Batch(
                    ids=[point_id(c.id) for c in part],
                    vectors=vectors[start : start + len(part)].tolist(),
                    payloads=[chunk_payload(c, document) for c in part],
                )
                self.client.upsert(collection, points=batch, wait=True)
        return len(chunks)

    def delete_document(self, tenant: str, document_id: str) -> int:
        """Remove every point of one document; returns how many there were."""
        selector = tenant_filter(tenant, document_id=document_id)
        collection = self._collection()
        with self._errors():
            n = self.client.count(collection, count_filter=selector, exact=True).count
            if n:
                self.client.delete(
                    collection, points_selector=models.FilterSelector(filter=selector), wait=True
                )
        return n

    def delete_tenant(self, tenant: str) -> None:
        selector = tenant_filter(tenant)
        collection = self._collection()
        with self._errors():
            self.client.delete(
                collection, points_selector=models.FilterSelector(filter=selector), wait=True
            )

    # -- reads --------------------------------------------------------------------------------

    def search(
        self,
        tenant: str,
        vector: np.ndarray | Sequence[float],
        k: int = 10,
        document_ids: list[str] | None = None,
        clause_types: list[str] | None = None,
    ) -> list[VectorHit]:
        """Nearest chunks of this tenant (cosine), optionally within documents / clause types."""
        if k <= 0 or (document_ids is not None and not document_ids):
            return []
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if query.shape[0] != self.dim:
            raise ValueError(f"expected a {self.dim}-d query vector, got {query.shape[0]}")
        flt = tenant_filter(tenant, document_ids=document_ids, clause_types=clause_types)
        collection = self._collection()
        with self._errors():
            result = self.client.query_points(
                collection, query=query.tolist(), query_filter=flt, limit=k, with_payload=True
            )
        hits = []
        for point in result.points:
            payload = dict(point.payload or {})
            hits.append(
                VectorHit(
                    chunk_id=str(payload.get("chunk_id", point.id)),
                    score=float(point.score),
                    payload=payload,
                )
            )
        return hits

    def similarities(self, tenant: str, vector: np.ndarray | Sequence[float], chunk_ids: Sequence[str]
                     ) -> dict[str, float]:
        """Cosine of the stored vectors of these chunks of the tenant to ``vector`` (chunk id -> score); a chunk
        with no stored vector is left out. The answer graph grades retrieved passages with it rather than embed
        them again."""
        if not tenant:
            raise ValueError("tenant is required")
        ids = list(dict.fromkeys(chunk_ids))
        if not ids:
            return {}
        query = query_vector(vector, self.dim)
        flt = models.Filter(must=[models.FieldCondition(key="tenant", match=models.MatchValue(value=tenant)),
                                  models.HasIdCondition(has_id=[point_id(c) for c in ids])])
        with self._errors():
            result = self.client.query_points(
                self._collection(), query=query.tolist(), query_filter=flt, limit=len(ids), with_payload=["chunk_id"]
            )
        return {str((point.payload or {}).get("chunk_id", point.id)): float(point.score) for point in result.points}

    def count(self, tenant: str, document_id: str | None = None) -> int:
        """Exact number of points of the tenant (or of one of its documents)."""
        flt = tenant_filter(tenant, document_id=document_id)
        collection = self._collection()
        with self._errors():
            return self.client.count(collection, count_filter=flt, exact=True).count


def _tune_local_storage(client: QdrantClient) -> None:
    """Make local-mode writes about 40x faster (best effort).

    Local mode stores each point in SQLite with one commit per point; with the
    default rollback journal every commit waits for the disk (about 17 ms here).
    WAL with synchronous=NORMAL keeps every commit safe against a process crash
    (an OS crash may lose the last commits, never corrupt the file). This reaches
    into qdrant-client internals: if they change, writes are just slower.
    """
    local = getattr(client, "_client", None)
    for collection in list(getattr(local, "collections", {}).values()):
        conn = getattr(getattr(collection, "storage", None), "storage", None)
        if isinstance(conn, sqlite3.Connection):
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")


def _vector_size(vectors: Any) -> int | None:
    if isinstance(vectors, models.VectorParams):
        return vectors.size
    if isinstance(vectors, dict) and "" in vectors:
        return vectors[""].size
    return None

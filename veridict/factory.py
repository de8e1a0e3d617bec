"""Builds the stores from settings and hands them to ingestion and the agent.

Nothing here is a module-level client: callers own the ``Stores`` they open
and close it (it is a context manager). With nothing configured, the embedded
servers are started (or reused) under the data directory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from veridict.settings import Settings

if TYPE_CHECKING:  # the stores are imported when opened: importing this module starts nothing
    from stores.graph import GraphStore
    from stores.postgres import PostgresStore
    from stores.qdrant import QdrantStore
    from veridict.embeddings import Embedder

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@dataclass
class Stores:
    settings: Settings
    pg: PostgresStore
    vectors: QdrantStore
    graph: GraphStore
    embedder: Embedder
    # stores replaced by a stand-in (stores/unavailable.py) because they could not be opened:
    # name -> why. Only ``open_stores(..., query=True)`` fills it; empty means all three are up.
    unavailable: dict[str, str] = field(default_factory=dict)

    def close(self) -> None:
        for store in (self.vectors, self.graph, self.pg):
            try:
                store.close()
            except Exception:  # closing is best effort; never mask the caller's error
                pass

    def __enter__(self) -> Stores:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def postgres_url(settings: Settings) -> str:
    """The configured Postgres URL, or the embedded server's (started if needed)."""
    if settings.database_url:
        return settings.database_url
    from stores.embedded_postgres import ensure_postgres

    return ensure_postgres(settings.data_path)


def open_graph(settings: Settings):
    from stores.graph import GraphStore  # noqa: F401  (interface)

    password = settings.graph_password.get_secret_value() if settings.graph_password else None
    if settings.graph_backend == "neo4j":
        from stores.neo4j_graph import Neo4jGraph

        if not settings.graph_uri:
            raise ValueError("VERIDICT_GRAPH_BACKEND=neo4j needs VERIDICT_GRAPH_URI (bolt://host:7687)")
        return Neo4jGraph(settings.graph_uri, settings.graph_user or "neo4j", password or "")
    from stores.falkordb_graph import FalkorDBGraph

    if settings.graph_uri:
        host, port = _host_port(settings.graph_uri, default_port=6379)
        password = password or _uri_password(settings.graph_uri)  # redis://:secret@host:port
    else:
        from stores.embedded_falkordb import ensure_falkordb

        host, port = ensure_falkordb(settings.data_path, start_timeout_s=settings.graph_start_timeout_s)
    from stores.retry import RetryPolicy

    return FalkorDBGraph(host, port, settings.graph_name, password=password,
                         retry=RetryPolicy.from_settings(settings))


def open_vectors(settings: Settings, dim: int, pg_url: str | None = None):
    """The vector store the settings choose. pgvector uses the facts' Postgres: ``pg_url`` when
    the caller already has it, else the configured or embedded one (started if needed)."""
    if settings.vector_backend == "pgvector":
        from stores.pgvector_store import PgVectorStore
        from stores.retry import RetryPolicy

        return PgVectorStore(pg_url or postgres_url(settings), settings.qdrant_collection, dim,
                             retry=RetryPolicy.from_settings(settings))
    if not settings.qdrant_url and settings.vector_backend == "edge":
        from stores.qdrant_edge import QdrantEdgeStore

        return QdrantEdgeStore(settings.vector_path, settings.qdrant_collection, dim)
    from stores.qdrant import QdrantStore

    key = settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None
    path = None if settings.qdrant_url else settings.vector_path
    return QdrantStore(settings.qdrant_url, path, settings.qdrant_collection, dim, api_key=key)


def open_stores(settings: Settings, *, migrate: bool = True, query: bool = False) -> Stores:
    """Open (and if needed start) every store; on failure close what was opened.

    ``query=True`` is for answering only: a graph or vector store that cannot be opened is
    replaced by an ``UnavailableStore`` that raises StoreUnavailable on every call, so the agent
    answers from the other stores and says which channel was unavailable. Postgres (the facts
    and the documents) is always required, and so are all three for ingestion (the default): a
    document must never be half-written.
    """
    from stores.errors import StoreError
    from stores.postgres import PostgresStore
    from stores.unavailable import UnavailableStore
    from veridict.embeddings import Embedder

    opened: list = []
    unavailable: dict[str, str] = {}

    def optional(name: str, open_one, ready):
        """open_one() then ready(store); in query mode a store failure gives a stand-in."""
        store = None
        try:
            store = open_one()
            ready(store)
        except BaseException as exc:
            if store is not None:
                _close_quietly(store)
            if not (query and isinstance(exc, (StoreError, OSError))):
                raise
            stand_in = UnavailableStore(name, str(exc) or type(exc).__name__)
            unavailable[name] = stand_in.reason
            return stand_in
        opened.append(store)
        return store

    try:
        from stores.retry import RetryPolicy

        pg_url = postgres_url(settings)
        pg = PostgresStore(pg_url, retry=RetryPolicy.from_settings(settings))
        opened.append(pg)
        if migrate:
            pg.migrate()
        elif query:
            pg.ping()  # answering without Postgres is not possible: say so now
        graph = optional("graph", lambda: open_graph(settings), lambda g: g.ensure_schema())
        embedder = Embedder(settings.embedding_model, batch_size=settings.embedding_batch_size)
        vectors = optional("vectors", lambda: open_vectors(settings, embedder.dim, pg_url),
                           lambda v: v.ensure_collection())
    except BaseException:
        for store in reversed(opened):
            _close_quietly(store)
        raise
    return Stores(settings=settings, pg=pg, vectors=vectors, graph=graph, embedder=embedder,
                  unavailable=unavailable)


def stop_embedded(data_dir, *, remove: bool = False) -> dict[str, bool]:
    """Stop the embedded Postgres and FalkorDB under ``data_dir`` (both, even if one fails).

    Returns which of them was running; ``remove`` deletes the folder afterwards.
    """
    import shutil
    from pathlib import Path

    from stores.embedded_falkordb import stop_falkordb
    from stores.embedded_postgres import stop_postgres

    stopped: dict[str, bool] = {}
    try:
        stopped["postgres"] = bool(stop_postgres(Path(data_dir)))
    finally:
        try:
            stopped["falkordb"] = bool(stop_falkordb(Path(data_dir)))
        finally:
            if remove:
                shutil.rmtree(data_dir, ignore_errors=True)
    return stopped


def _close_quietly(store) -> None:
    try:
        store.close()
    except Exception:  # closing is best effort; never mask the caller's error
        pass


def _host_port(uri: str, default_port: int) -> tuple[str, int]:
    from urllib.parse import urlparse

    parsed = urlparse(uri if "://" in uri else f"redis://{uri}")
    return parsed.hostname or "127.0.0.1", parsed.port or default_port


def _uri_password(uri: str) -> str | None:
    from urllib.parse import unquote, urlparse

    parsed = urlparse(uri if "://" in uri else f"redis://{uri}")
    return unquote(parsed.password) if parsed.password else None

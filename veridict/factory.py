"""Builds the stores from settings and hands them to ingestion and the agent.

Nothing here is a module-level client: callers own the ``Stores`` they open
and close it (it is a context manager). With nothing configured, the embedded
servers are started (or reused) under the data directory.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from veridict.settings import Settings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@dataclass
class Stores:
    settings: Settings
    pg: "PostgresStore"  # noqa: F821
    vectors: "QdrantStore"  # noqa: F821
    graph: "GraphStore"  # noqa: F821
    embedder: "Embedder"  # noqa: F821

    def close(self) -> None:
        for store in (self.vectors, self.graph, self.pg):
            try:
                store.close()
            except Exception:  # closing is best effort; never mask the caller's error
                pass

    def __enter__(self) -> "Stores":
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
    else:
        from stores.embedded_falkordb import ensure_falkordb

        host, port = ensure_falkordb(settings.data_path)
    return FalkorDBGraph(host, port, settings.graph_name, password=password)


def open_vectors(settings: Settings, dim: int):
    if not settings.qdrant_url and settings.vector_backend == "edge":
        from stores.qdrant_edge import QdrantEdgeStore

        return QdrantEdgeStore(settings.vector_path, settings.qdrant_collection, dim)
    from stores.qdrant import QdrantStore

    key = settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None
    path = None if settings.qdrant_url else settings.vector_path
    return QdrantStore(settings.qdrant_url, path, settings.qdrant_collection, dim, api_key=key)


def open_stores(settings: Settings, *, migrate: bool = True) -> Stores:
    """Open (and if needed start) every store; on failure close what was opened."""
    from stores.postgres import PostgresStore
    from veridict.embeddings import Embedder

    opened: list = []
    try:
        pg = PostgresStore(postgres_url(settings))
        opened.append(pg)
        if migrate:
            pg.migrate()
        graph = open_graph(settings)
        opened.append(graph)
        graph.ensure_schema()
        embedder = Embedder(settings.embedding_model, batch_size=settings.embedding_batch_size)
        vectors = open_vectors(settings, embedder.dim)
        opened.append(vectors)
        vectors.ensure_collection()
    except BaseException:
        for store in reversed(opened):
            try:
                store.close()
            except Exception:
                pass
        raise
    return Stores(settings=settings, pg=pg, vectors=vectors, graph=graph, embedder=embedder)


def _host_port(uri: str, default_port: int) -> tuple[str, int]:
    from urllib.parse import urlparse

    parsed = urlparse(uri if "://" in uri else f"redis://{uri}")
    return parsed.hostname or "127.0.0.1", parsed.port or default_port

"""Neo4j backend of the graph store (official `neo4j` driver over Bolt).

Writes of one call run in one transaction (`execute_write`); reads run in READ access mode
(`execute_read`), so a Neo4j server itself refuses writes from the free-form query tool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import neo4j
import neo4j.exceptions as nx
from neo4j import GraphDatabase
from neo4j.graph import Node, Path, Relationship

from stores import graph_schema
from stores.errors import QueryRejected, StoreError, StoreUnavailable
from stores.graph import GraphStore, Statement

T = TypeVar("T")


class Neo4jGraph(GraphStore):
    """A Neo4j database shared by all tenants; nodes carry `tenant`."""

    backend = "neo4j"

    def __init__(
        self,
        uri: str,
        user: str | None,
        password: str | None,
        database: str | None = None,
        *,
        batch_size: int = 200,
        read_timeout_s: float = 10.0,
    ):
        self.uri, self.database = uri, database
        self.batch_size = batch_size
        self.read_timeout_s = read_timeout_s
        auth = (user, password or "") if user else None
        self._driver = GraphDatabase.driver(uri, auth=auth, max_transaction_retry_time=5.0)

    # ----- connection --------------------------------------------------------------------

    def _unavailable(self, exc: Exception) -> StoreUnavailable:
        from veridict.redact import redact

        return StoreUnavailable(
            f"Neo4j at {redact(self.uri)} is not reachable ({exc}). Start Neo4j or fix "
            f"VERIDICT_GRAPH_URI / VERIDICT_GRAPH_USER / VERIDICT_GRAPH_PASSWORD."
        )

    def _call(self, fn: Callable[[], T]) -> T:
        try:
            return fn()
        except (nx.ServiceUnavailable, nx.SessionExpired, nx.AuthError, OSError) as exc:
            raise self._unavailable(exc) from exc
        except nx.Neo4jError as exc:
            raise StoreError(f"Neo4j rejected the query: {exc}") from exc
        except nx.DriverError as exc:
            raise StoreError(f"Neo4j driver error: {exc}") from exc

    def _session(self, mode: str) -> neo4j.Session:
        return self._driver.session(database=self.database, default_access_mode=mode)

    def ping(self) -> None:
        self._call(self._driver.verify_connectivity)

    def close(self) -> None:
        self._driver.close()

    def ensure_schema(self) -> None:
        """Constraints and indexes (Neo4j 5 syntax; FalkorDB's Bolt port does not accept it)."""

        def run() -> None:
            with self._session(neo4j.WRITE_ACCESS) as session:
                for statement in graph_schema.NEO4J_SCHEMA:
                    session.run(statement).consume()

        self._call(run)

    # ----- statements --------------------------------------------------------------------

    def _read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [{k: _plain(v) for k, v in r.items()} for r in tx.run(query, params)]

        def run() -> list[dict[str, Any]]:
            with self._session(neo4j.READ_ACCESS) as session:
                return session.execute_read(work)

        return self._call(run)

    def _write(self, statements: Sequence[Statement]) -> list[list[dict[str, Any]]]:
        def work(tx: neo4j.ManagedTransaction) -> list[list[dict[str, Any]]]:
            return [
                [{k: _plain(v) for k, v in r.items()} for r in tx.run(q, p)] for q, p in statements
            ]

        def run() -> list[list[dict[str, Any]]]:
            with self._session(neo4j.WRITE_ACCESS) as session:
                return session.execute_write(work)

        return self._call(run)

    def _read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        @neo4j.unit_of_work(timeout=self.read_timeout_s)
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            result = tx.run(query, params)
            return [{k: _plain(v) for k, v in r.items()} for r in result.fetch(limit)]

        def run() -> list[dict[str, Any]]:
            with self._session(neo4j.READ_ACCESS) as session:
                return session.execute_read(work)

        try:
            return self._call(run)
        except StoreUnavailable:
            raise
        except StoreError as exc:  # a write in a READ session, a syntax error
            raise QueryRejected(str(exc)) from exc


def _plain(value: Any) -> Any:
    if isinstance(value, Node):
        return {**dict(value.items()), "_labels": sorted(value.labels)}
    if isinstance(value, Relationship):
        return {**dict(value.items()), "_type": value.type}
    if isinstance(value, Path):
        return {
            "nodes": [_plain(n) for n in value.nodes],
            "edges": [_plain(r) for r in value.relationships],
        }
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value

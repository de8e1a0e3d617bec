"""FalkorDB backend of the graph store (the `falkordb` client over the Redis protocol)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import redis.exceptions
from falkordb import Edge, FalkorDB, Node, Path
from falkordb.exceptions import SchemaVersionMismatchException
from redis.backoff import NoBackoff
from redis.retry import Retry

from stores import graph_schema
from stores.errors import QueryRejected, StoreError, StoreUnavailable
from stores.graph import GraphStore, Statement
from stores.retry import RetryPolicy, retried

EMPTY_GRAPH = "empty key"  # FalkorDB's answer to a read on a graph that does not exist yet


class FalkorDBGraph(GraphStore):
    """One FalkorDB graph (`graph_name`) shared by all tenants; nodes carry `tenant`.

    No multi-statement transactions in FalkorDB: a document is written statement by statement,
    each one atomic, and every write is idempotent so a rerun completes a broken one.
    """

    backend = "falkordb"

    def __init__(
        self,
        host: str,
        port: int,
        graph_name: str,
        password: str | None = None,
        *,
        batch_size: int = 200,
        read_timeout_ms: int = 10_000,
        socket_timeout_s: float = 60.0,
        retry: RetryPolicy | None = None,
    ):
        self.host, self.port, self.graph_name = host, int(port), graph_name
        self._password = password
        self.batch_size = batch_size
        self.read_timeout_ms = read_timeout_ms
        self._socket_timeout_s = socket_timeout_s
        self.retry = retry or RetryPolicy.from_settings()
        self._db: FalkorDB | None = None
        self._graph = None

    @classmethod
    def from_url(
        cls, url: str, graph_name: str, password: str | None = None, **kw: Any
    ) -> FalkorDBGraph:
        """redis://[:password@]host:port -> FalkorDBGraph."""
        from urllib.parse import urlparse

        parsed = urlparse(url)
        if parsed.scheme not in ("redis", "falkor", "falkordb", ""):
            from veridict.redact import redact

            raise StoreError(f"FalkorDB URL must be redis://host:port, got {redact(url)!r}")
        return cls(
            parsed.hostname or "127.0.0.1",
            parsed.port or 6379,
            graph_name,
            password=password or parsed.password,
            **kw,
        )

    # ----- connection --------------------------------------------------------------------

    def _unavailable(self, exc: Exception) -> StoreUnavailable:
        return StoreUnavailable(
            f"FalkorDB at {self.host}:{self.port} is not reachable ({exc}). Start the embedded "
            f"server (stores.embedded_falkordb.ensure_falkordb) or point VERIDICT_GRAPH_URI at a "
            f"running FalkorDB."
        )

    def _g(self):
        if self._graph is None:
            try:
                self._db = FalkorDB(
                    host=self.host,
                    port=self.port,
                    password=self._password,
                    socket_connect_timeout=5,
                    socket_timeout=self._socket_timeout_s,
                    # no retries inside redis-py: stores/retry.py is the one bounded policy
                    retry=Retry(NoBackoff(), 0),
                )
            except (
                redis.exceptions.ConnectionError,
                redis.exceptions.TimeoutError,
                OSError,
            ) as exc:
                raise self._unavailable(exc) from exc
            self._graph = self._db.select_graph(self.graph_name)
        return self._graph

    @retried
    def ping(self) -> None:
        self._g()
        assert self._db is not None  # _g() opened it
        try:
            self._db.connection.ping()
            self._db.connection.execute_command("GRAPH.LIST")
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
            raise self._unavailable(exc) from exc
        except redis.exceptions.ResponseError as exc:
            raise StoreError(f"server at {self.host}:{self.port} is not FalkorDB: {exc}") from exc

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except Exception:  # noqa: BLE001 - closing a dead connection is fine
                pass
        self._db = None
        self._graph = None

    def ensure_schema(self) -> None:
        for statement in graph_schema.FALKORDB_INDEXES:
            try:
                self._execute(statement, {}, read_only=False)
            except StoreError as exc:
                if graph_schema.FALKORDB_ALREADY_INDEXED not in str(exc):
                    raise

    # ----- statements --------------------------------------------------------------------

    @retried
    def _execute(
        self, query: str, params: dict[str, Any], read_only: bool, timeout_ms: int | None = None
    ) -> list[dict[str, Any]]:
        graph = self._g()
        clean = _clean_params(params)
        for attempt in (1, 2):
            try:
                if read_only:
                    result = graph.ro_query(query, clean, timeout=timeout_ms)
                else:
                    result = graph.query(query, clean, timeout=timeout_ms)
                break
            except SchemaVersionMismatchException:
                if attempt == 2:
                    raise
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
                raise self._unavailable(exc) from exc
            except redis.exceptions.ResponseError as exc:
                if read_only and EMPTY_GRAPH in str(exc):
                    return []  # the graph does not exist yet: nothing written, nothing to read
                raise StoreError(f"FalkorDB rejected the query: {exc}") from exc
        names = [h[1] for h in result.header]
        return [
            {n: _plain(v) for n, v in zip(names, row, strict=True)} for row in result.result_set
        ]

    def _read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        return self._execute(query, params, read_only=True)

    def _write(self, statements: Sequence[Statement]) -> list[list[dict[str, Any]]]:
        return [self._execute(q, p, read_only=False) for q, p in statements]

    def _read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        try:
            rows = self._execute(query, params, read_only=True, timeout_ms=self.read_timeout_ms)
        except StoreUnavailable:
            raise
        except StoreError as exc:  # GRAPH.RO_QUERY refuses writes; syntax errors land here too
            raise QueryRejected(str(exc)) from exc
        return rows[:limit]


def _clean_params(value: Any) -> Any:
    """FalkorDB's CYPHER header cannot carry NUL characters; dates go as ISO strings."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {k: _clean_params(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean_params(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return value


def _plain(value: Any) -> Any:
    """Nodes, edges and paths as plain dicts/lists (what the agent tool returns)."""
    if isinstance(value, Node):
        return {**value.properties, "_labels": list(value.labels or [])}
    if isinstance(value, Edge):
        return {**value.properties, "_type": value.relation}
    if isinstance(value, Path):
        return {
            "nodes": [_plain(n) for n in value.nodes()],
            "edges": [_plain(e) for e in value.edges()],
        }
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value

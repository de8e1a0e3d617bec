"""PostgresStore: documents, versions, exact facts, full-text chunks, entities, ingestion ledger.

A document is written in one transaction with status 'pending' and becomes visible to the agent's
reads only when ``activate`` makes it the active version of its ``doc_key``. SQL lives in
stores/postgres_sql.py; migrations in stores/migrations/NNN_*.sql.

Size: one thin tenant-filtered method per read and write of the store (SQL is in stores/postgres_sql.py).
"""

from __future__ import annotations

import re
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from typing import Any, TypeVar, cast

import numpy as np
import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout
from pydantic import BaseModel

from stores import postgres_sql as q
from stores.errors import StoreError, StoreUnavailable
from stores.retry import RetryPolicy, retried
from veridict.domain.names import alias_key, has_legal_form
from veridict.domain.words import TITLE_STOPWORDS
from veridict.types import Chunk, Document, Entity, Fact, Mention, Section

__all__ = ["PostgresStore", "alias_key", "LEDGER_STAGES", "LEDGER_STATUSES"]

LEDGER_STAGES = ("parse", "postgres", "vectors", "graph", "activate")
LEDGER_STATUSES = ("started", "done", "failed")
_MIGRATION_NAME = re.compile(r"^(\d{3})_[\w-]+\.sql$")
_WORD = re.compile(r"[^\W_]+")
M = TypeVar("M", bound=BaseModel)


def _describe(url: str) -> str:
    """Where the server is, without a password."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the configured server"
    host = info.get("host") or "localhost"
    port = info.get("port") or "5432"
    return f"{host}:{port}/{info.get('dbname', '')}"


def _is_connection_error(exc: psycopg.Error) -> bool:
    state = getattr(exc, "sqlstate", None)
    if isinstance(exc, psycopg.OperationalError) and (state is None or state.startswith("08")):
        return True
    return bool(state and state.startswith("57P"))  # admin shutdown, cannot connect now


def _uuids(ids: Sequence[str] | None) -> list[str] | None:
    """Keep the ids that are UUIDs; anything else cannot name a row."""
    if ids is None:
        return None
    out = []
    for i in ids:
        try:
            out.append(str(uuid.UUID(str(i))))
        except ValueError:
            continue
    return out


def _is_uuid(value: str) -> bool:
    return _uuids([value]) != []


def _clean(value: Any) -> Any:
    """Postgres text cannot hold NUL; a space keeps every character offset valid."""
    if isinstance(value, str) and "\x00" in value:
        return value.replace("\x00", " ")
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def _model(cls: type[M], row: dict, prefix: str = "") -> M:
    data = {}
    for key, value in row.items():
        if prefix and not key.startswith(prefix):
            continue
        if isinstance(value, uuid.UUID):
            value = str(value)
        data[key[len(prefix) :]] = value
    return cls.model_validate(data)


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"



def unavailable(url: str, exc: BaseException, what: str = "Postgres") -> StoreUnavailable:
    """The error for a Postgres server that cannot be reached: where, why, and what to do."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return StoreUnavailable(
        f"{what} is unavailable at {_describe(url)} ({reason}). Start the server "
        "(the embedded one starts with `veridict doctor`) or fix VERIDICT_DATABASE_URL."
    )


def open_pool(url: str, min_size: int, max_size: int, timeout: float, name: str,
              what: str = "Postgres") -> ConnectionPool:
    """An open connection pool on ``url``; ``unavailable`` (naming ``what``) when the server cannot be reached.

    One direct connection comes first, so an unreachable server fails fast with its own reason.
    No server-side prepared statements: each call is planned with its values, so optional filters
    passed as NULL cost nothing (and pgbouncer works).
    """
    try:
        psycopg.connect(url, connect_timeout=max(1, int(timeout))).close()
    except psycopg.Error as exc:
        raise unavailable(url, exc, what) from exc
    pool = ConnectionPool(
        url, min_size=min_size, max_size=max_size, timeout=timeout, open=False, name=name,
        check=ConnectionPool.check_connection,
        kwargs={"prepare_threshold": None, "connect_timeout": max(1, int(timeout))},
    )
    try:
        pool.open(wait=True, timeout=timeout)
    except (PoolTimeout, psycopg.Error) as exc:
        pool.close()
        raise unavailable(url, exc, what) from exc
    return pool

class PostgresStore:
    """Postgres adapter. The connection pool opens on first use; ``close()`` releases it."""

    #: how long to wait for a pooled connection before asking the server directly whether it is up
    probe_after_s = 0.5

    def __init__(
        self,
        url: str,
        min_size: int = 1,
        max_size: int = 8,
        timeout: float = 10.0,
        retry: RetryPolicy | None = None,
    ):
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self.timeout = timeout
        self.retry = retry or RetryPolicy.from_settings()
        self._pool: ConnectionPool | None = None
        self._lock = threading.Lock()

    # --- connections ------------------------------------------------------------------------
    def _unavailable(self, exc: BaseException) -> StoreUnavailable:
        return unavailable(self.url, exc)

    def _get_pool(self) -> ConnectionPool:
        with self._lock:
            if self._pool is None:
                self._pool = open_pool(self.url, self.min_size, self.max_size, self.timeout,
                                       "veridict-postgres")
            return self._pool

    def _drop_pool(self, pool: ConnectionPool) -> None:
        """Forget a pool whose server went away; the next call connects afresh (and fails fast)."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        try:
            pool.close(timeout=1.0)
        except Exception:  # noqa: BLE001 - closing a pool of dead connections is best effort
            pass

    def _probe(self) -> psycopg.Error | None:
        """None if the server takes a direct connection now, else its error."""
        try:
            psycopg.connect(self.url, connect_timeout=max(1, int(self.timeout))).close()
        except psycopg.Error as exc:
            return exc
        return None

    def _getconn(self, pool: ConnectionPool) -> psycopg.Connection:
        """A checked pooled connection. When none comes quickly, ask the server directly: a
        server that is down fails now (and the pool is dropped) instead of after ``timeout``."""
        try:
            return pool.getconn(timeout=min(self.probe_after_s, self.timeout))
        except PoolTimeout:
            down = self._probe()
            if down is not None:
                self._drop_pool(pool)
                raise self._unavailable(down) from down
        try:
            return pool.getconn(timeout=self.timeout)
        except PoolTimeout as exc:
            raise self._unavailable(exc) from exc

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection[DictRow]]:
        """A pooled connection in one transaction: committed on success, rolled back on error.

        A connection error drops the pool (its connections are dead) and raises StoreUnavailable,
        which the callers' bounded retries (stores/retry.py) try again.
        """
        pool = self._get_pool()
        raw = self._getconn(pool)
        conn = cast("psycopg.Connection[DictRow]", raw)  # its rows are dicts from the next line on
        try:
            with conn:
                conn.row_factory = dict_row
                yield conn
        except StoreError:
            raise
        except psycopg.Error as exc:
            if _is_connection_error(exc) or conn.closed:
                self._drop_pool(pool)
                raise self._unavailable(exc) from exc
            diag = getattr(exc, "diag", None)
            detail = f" ({diag.message_detail})" if diag is not None and diag.message_detail else ""
            raise StoreError(f"Postgres: {str(exc).strip()}{detail}") from exc
        finally:
            pool.putconn(raw)

    @retried
    def _all(self, sql: str, params: dict | Sequence | None = None) -> list[dict]:
        with self._tx() as conn:
            return conn.execute(sql, params).fetchall()

    @retried
    def _one(self, sql: str, params: dict | Sequence | None = None) -> dict | None:
        with self._tx() as conn:
            return conn.execute(sql, params).fetchone()

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def ping(self) -> None:
        """Raise StoreUnavailable unless the server answers."""
        self._one(q.PING)

    @retried
    def migrate(self) -> list[str]:
        """Apply stores/migrations/NNN_*.sql not yet recorded; return the names applied.

        Runs in one transaction under an advisory lock, so concurrent callers wait and then find
        nothing left to do.
        """
        files = sorted(
            (m.group(1), entry.name[: -len(".sql")], entry)
            for entry in resources.files("stores.migrations").iterdir()
            if (m := _MIGRATION_NAME.match(entry.name))
        )
        applied: list[str] = []
        with self._tx() as conn:
            conn.execute(q.MIGRATION_LOCK, (q.MIGRATION_LOCK_KEY,))
            conn.execute(q.CREATE_MIGRATIONS_TABLE)
            done = {row["version"] for row in conn.execute(q.APPLIED_MIGRATIONS)}
            for version, name, entry in files:
                if version in done:
                    continue
                conn.execute(entry.read_text(encoding="utf-8"))
                conn.execute(q.RECORD_MIGRATION, (version, name))
                applied.append(name)
        return applied

    # --- documents and versions -------------------------------------------------------------
    def find_by_sha(self, tenant: str, sha256: str) -> Document | None:
        """The document with this content hash (active first), any status except failed."""
        row = self._one(q.FIND_BY_SHA, {"tenant": tenant, "sha256": sha256})
        return _model(Document, row, "d_") if row else None

    def current_version(self, tenant: str, doc_key: str) -> Document | None:
        row = self._one(q.CURRENT_VERSION, {"tenant": tenant, "doc_key": doc_key})
        return _model(Document, row, "d_") if row else None

    def next_version(self, tenant: str, doc_key: str) -> int:
        row = self._one(q.NEXT_VERSION, {"tenant": tenant, "doc_key": doc_key})
        return int(row["next"]) if row else 1

    def get_document(self, tenant: str, document_id: str) -> Document | None:
        """Any status."""
        if not _is_uuid(document_id):
            return None
        row = self._one(q.GET_DOCUMENT, {"tenant": tenant, "id": document_id})
        return _model(Document, row, "d_") if row else None

    def list_documents(self, tenant: str, status: str | None = "active") -> list[Document]:
        """Documents with this status (None: all), by doc_key then version."""
        status = getattr(status, "value", status)
        rows = self._all(q.LIST_DOCUMENTS, {"tenant": tenant, "status": status})
        return [_model(Document, r, "d_") for r in rows]

    def find_documents(self, tenant: str, text: str, limit: int = 10) -> list[Document]:
        """Active documents whose title or doc_key matches ``text`` (phrase, then word overlap)."""
        tokens = _WORD.findall(text.lower())
        words = list(dict.fromkeys(t for t in tokens if len(t) >= 3 and t not in TITLE_STOPWORDS))
        phrase = " ".join(tokens)
        if not phrase:
            return []
        rows = self._all(
            q.FIND_DOCUMENTS, {"tenant": tenant, "phrase": phrase, "words": words, "limit": limit}
        )
        return [_model(Document, r, "d_") for r in rows]

    @retried
    def write_document(
        self,
        doc: Document,
        pages: list[tuple[int, int, int]],
        sections: list[Section],
        chunks: list[Chunk],
        facts: list[Fact],
        entities: list[Entity],
        mentions: list[Mention],
        text: str,
        section_vectors: dict[str, Sequence[float]] | None = None,
    ) -> None:
        """Write a document and everything read from it in ONE transaction, status 'pending'.

        ``section_vectors`` (section id -> vector, for the clause-tagged sections) are kept for grading.

        Entities are merged into existing ones of the tenant (same canonical key, or an alias
        already registered, and the same type). A merged Entity gets the existing id, and the
        Mentions naming it are updated, in place, so later stores use the same ids.
        """
        tenant = doc.tenant
        for kind, rows in (
            ("section", sections),
            ("chunk", chunks),
            ("fact", facts),
            ("entity", entities),
            ("mention", mentions),
        ):
            for row in rows:
                if row.tenant != tenant:
                    raise StoreError(
                        f"{kind} of document {doc.id} has tenant {row.tenant!r}, "
                        f"expected {tenant!r}"
                    )
        for kind, rows in (
            ("section", sections),
            ("chunk", chunks),
            ("fact", facts),
            ("mention", mentions),
        ):
            for row in rows:
                if row.document_id != doc.id:
                    raise StoreError(
                        f"{kind} names document {row.document_id}, "
                        f"expected {doc.id} ({doc.doc_key})"
                    )
        doc_row = doc.model_dump(include=set(q.DOCUMENT_FIELDS))
        doc_row["status"] = "pending"
        doc_row["ocr_pages"] = Jsonb({str(n): c for n, c in doc.ocr_pages.items()})
        with self._tx() as conn:
            conn.execute(q.INSERT_DOCUMENT, _clean_dict(doc_row))
            conn.execute(
                q.INSERT_DOCUMENT_TEXT,
                {"document_id": doc.id, "tenant": tenant, "text": _clean(text)},
            )
            with conn.cursor() as cur:
                _copy(
                    cur,
                    q.COPY_PAGES,
                    ((tenant, doc.id, n, s, e, doc.ocr_pages.get(n)) for n, s, e in pages),
                )
                _copy(cur, q.COPY_SECTIONS, (_fields(s, q.SECTION_FIELDS) for s in sections))
                known = {s.id for s in sections}
                _copy(cur, q.COPY_SECTION_VECTORS,
                      ((section_id, tenant, [float(x) for x in vector])
                       for section_id, vector in (section_vectors or {}).items() if section_id in known))
                _copy(cur, q.COPY_CHUNKS, (_fields(c, q.CHUNK_FIELDS) for c in chunks))
                _copy(cur, q.COPY_FACTS, (_fields(f, q.FACT_FIELDS) for f in facts))
                id_map = self._upsert_entities(cur, tenant, entities)
                for m in mentions:
                    m.entity_id = id_map.get(m.entity_id, m.entity_id)
                _copy(cur, q.COPY_MENTIONS, (_fields(m, q.MENTION_FIELDS) for m in mentions))

    def _upsert_entities(
        self, cur: psycopg.Cursor[DictRow], tenant: str, entities: list[Entity]
    ) -> dict[str, str]:
        """Merge entities into the tenant's; return {given id: stored id}."""
        if not entities:
            return {}
        rep_of = _fold_batch(entities)  # given id -> representative entity
        given_ids = [e.id for e in entities]
        keyed = []
        for e in {id(r): r for r in rep_of.values()}.values():
            names = [e.canonical_name, *e.aliases]
            keys = [(alias_key(n), n) for n in names if alias_key(n)]
            # the keys by which it may join an entity stored from another document: its canonical name's and
            # those of its full names (with a legal form); a bare short name ("Company") stays local
            merge = list(dict.fromkeys(k for k, n in keys if n == e.canonical_name or has_legal_form(n)))
            keyed.append((e, keys, merge))
        # One order for every writer, so concurrent writes of the same entities cannot deadlock.
        keyed.sort(key=lambda item: (item[0].type, alias_key(item[0].canonical_name)))
        all_keys = sorted({k for _, _, merge in keyed for k in merge})
        # A stored alias folds a new entity into its entity only when it is that entity's own name or a full
        # name ("Cyberian Outpost, Inc."): a short name ("the Company") means another party in each document.
        known: dict[str, tuple[str, str]] = {  # alias key -> (entity id, type)
            r["alias_key"]: (str(r["entity_id"]), r["type"])
            for r in cur.execute(q.ALIAS_LOOKUP, {"tenant": tenant, "keys": all_keys}).fetchall()
            if r["alias_key"] == r["canonical_key"] or has_legal_form(r["surface"])
        }
        stored_ids = _uuids([e.id for e in entities])
        existing = {  # entities given with an id already stored (a rewrite): same entity
            str(r["id"]): r["type"]
            for r in cur.execute(q.EXISTING_ENTITIES, {"tenant": tenant, "ids": stored_ids})
        }
        id_map: dict[str, str] = {}
        aliases: dict[str, dict] = {}
        for e, keys, merge in keyed:
            match = e.id if existing.get(e.id) == e.type else None
            if match is None:
                match = next(
                    (known[k][0] for k in merge if k in known and known[k][1] == e.type), None
                )
            if match is None:
                canonical = alias_key(e.canonical_name) or e.canonical_name.strip().lower()
                row = cur.execute(
                    q.UPSERT_ENTITY,
                    {
                        "id": e.id,
                        "tenant": tenant,
                        "canonical_name": _clean(e.canonical_name),
                        "canonical_key": _clean(canonical),
                        "type": e.type,
                    },
                ).fetchone()
                assert row is not None  # an upsert with RETURNING returns its row
                match = str(row["id"])
            id_map[e.id] = match
            e.id = match
            for k, surface in keys:
                if k in merge:
                    known.setdefault(k, (match, e.type))
                aliases.setdefault(
                    k,
                    {
                        "tenant": tenant,
                        "alias_key": _clean(k),
                        "entity_id": match,
                        "surface": _clean(surface),
                    },
                )
        cur.executemany(q.INSERT_ALIAS, [aliases[k] for k in sorted(aliases)])
        # entities folded into a representative follow it; every object gets the stored name
        for given in given_ids:
            id_map[given] = rep_of[given].id
        stored_names = {
            str(r["id"]): r["canonical_name"]
            for r in cur.execute(
                q.ENTITY_NAMES, {"tenant": tenant, "ids": sorted(set(id_map.values()))}
            ).fetchall()
        }
        for given, e in zip(given_ids, entities, strict=False):
            e.id = id_map[given]
            e.canonical_name = stored_names.get(e.id, e.canonical_name)
        return id_map

    @retried
    def activate(self, tenant: str, document_id: str) -> list[str]:
        """Make this version active; older active versions become 'superseded' (ids returned)."""
        if not _is_uuid(document_id):
            raise StoreError(f"no document {document_id!r} for tenant {tenant!r}")
        with self._tx() as conn:
            row = conn.execute(q.DOCUMENT_KEY, {"tenant": tenant, "id": document_id}).fetchone()
            if row is None:
                raise StoreError(f"no document {document_id} for tenant {tenant!r}")
            params = {"tenant": tenant, "doc_key": row["doc_key"], "id": document_id}
            conn.execute(q.DOC_KEY_LOCK, params)
            old = [str(r["id"]) for r in conn.execute(q.SUPERSEDE_ACTIVE, params).fetchall()]
            conn.execute(q.SET_ACTIVE, params)
        return old

    @retried
    def mark_failed(self, tenant: str, document_id: str, error: str) -> None:
        if not _is_uuid(document_id):
            raise StoreError(f"no document {document_id!r} for tenant {tenant!r}")
        with self._tx() as conn:
            cur = conn.execute(
                q.MARK_FAILED, {"tenant": tenant, "id": document_id, "error": _clean(error)}
            )
            if cur.rowcount == 0:
                raise StoreError(f"no document {document_id} for tenant {tenant!r}")

    @retried
    def purge_document(self, tenant: str, document_id: str) -> None:
        """Remove the document and all its rows; entities only it mentioned go too."""
        ids = _uuids([document_id])
        if ids:
            with self._tx() as conn:
                self._purge(conn, tenant, ids)

    @retried
    def delete_by_key(self, tenant: str, doc_key: str) -> list[str]:
        """Remove every version of ``doc_key``; return the removed document ids."""
        with self._tx() as conn:
            rows = conn.execute(
                q.DOCUMENT_IDS_BY_KEY, {"tenant": tenant, "doc_key": doc_key}
            ).fetchall()
            return self._purge(conn, tenant, [str(r["id"]) for r in rows])

    @staticmethod
    def _purge(conn: psycopg.Connection[DictRow], tenant: str, ids: list[str]) -> list[str]:
        if not ids:
            return []
        params = {"tenant": tenant, "ids": ids}
        entity_ids = [str(r["entity_id"]) for r in conn.execute(q.MENTIONED_ENTITIES, params)]
        removed = [str(r["id"]) for r in conn.execute(q.DELETE_DOCUMENTS, params).fetchall()]
        if entity_ids:
            conn.execute(q.DELETE_ORPHAN_ENTITIES, {"tenant": tenant, "ids": entity_ids})
        return removed

    @retried
    def delete_tenant(self, tenant: str) -> None:
        with self._tx() as conn:
            conn.execute(q.DELETE_TENANT_DOCUMENTS, {"tenant": tenant})
            conn.execute(q.DELETE_TENANT_ENTITIES, {"tenant": tenant})
            conn.execute(q.DELETE_TENANT_REJECTIONS, {"tenant": tenant})

    # --- ledger -----------------------------------------------------------------------------
    @retried
    def ledger_set(
        self, tenant: str, document_id: str, stage: str, status: str, error: str | None = None
    ) -> None:
        """Record a stage's status; the document row must exist (write_document first)."""
        if stage not in LEDGER_STAGES:
            raise ValueError(f"ledger stage must be one of {LEDGER_STAGES}, got {stage!r}")
        if status not in LEDGER_STATUSES:
            raise ValueError(f"ledger status must be one of {LEDGER_STATUSES}, got {status!r}")
        if not _is_uuid(document_id):
            raise StoreError(f"no document {document_id!r} for tenant {tenant!r}")
        params = {
            "tenant": tenant,
            "document_id": document_id,
            "stage": stage,
            "status": status,
            "error": _clean(error),
        }
        try:
            with self._tx() as conn:
                conn.execute(q.LEDGER_SET, params)
        except StoreError as exc:
            if isinstance(exc.__cause__, psycopg.errors.ForeignKeyViolation):
                raise StoreError(
                    f"ledger: no document {document_id} for tenant {tenant!r} "
                    "(write_document creates the row the ledger refers to)"
                ) from exc.__cause__
            raise

    def ledger(self, tenant: str, document_id: str) -> dict[str, dict]:
        """stage -> {status, error, updated_at}."""
        if not _is_uuid(document_id):
            return {}
        rows = self._all(q.LEDGER, {"tenant": tenant, "document_id": document_id})
        return {
            r["stage"]: {"status": r["status"], "error": r["error"], "updated_at": r["updated_at"]}
            for r in rows
        }

    def incomplete_documents(self, tenant: str) -> list[Document]:
        """Pending or failed documents, oldest first (for a rerun)."""
        return [
            _model(Document, r, "d_") for r in self._all(q.INCOMPLETE_DOCUMENTS, {"tenant": tenant})
        ]

    def record_rejection(
        self, tenant: str, path: str, sha256: str | None, code: str, error: str
    ) -> None:
        """A file refused before any document row was written: why (its code and message)."""
        params = {"tenant": tenant, "path": _clean(path), "sha256": sha256 or None,
                  "code": code, "error": _clean(error)}
        with self._tx() as conn:
            conn.execute(q.RECORD_REJECTION, params)

    def rejections(self, tenant: str) -> list[dict]:
        """The tenant's refused files, oldest first: path, sha256, code, error, created_at."""
        return self._all(q.REJECTIONS, {"tenant": tenant})

    @contextmanager
    def ingest_lock(self, tenant: str, *names: str) -> Iterator[None]:
        """Hold Postgres advisory locks on ``names`` (a doc_key, a content hash) for the block.

        Another writer of the same names, in this process or any other, waits until the block
        ends. The locks live in a transaction on a connection of their own (not a pooled one, so
        writers waiting here never starve the pool the holder writes with) and are released when
        it closes, also if this process dies.
        """
        keys = sorted({f"{tenant}\x1f{n}" for n in names if n})
        try:
            conn = psycopg.connect(
                self.url, connect_timeout=max(1, int(self.timeout)), prepare_threshold=None
            )
        except psycopg.Error as exc:
            raise self._unavailable(exc) from exc
        try:
            try:
                for key in keys:  # in one global order: two writers never wait on each other
                    conn.execute(q.INGEST_LOCK, {"key": key})
            except psycopg.Error as exc:
                raise StoreError(f"Postgres: could not take the ingest lock ({exc})") from exc
            yield
        finally:
            conn.close()  # ends the transaction, releasing the locks

    # --- reads for the agent ----------------------------------------------------------------
    def query_facts(
        self,
        tenant: str,
        attribute: str | None = None,
        document_ids: list[str] | None = None,
        qualifier: str | None = None,
        min_num: float | None = None,
        max_num: float | None = None,
        text_contains: str | None = None,
        include_superseded: bool = False,
        limit: int = 50,
    ) -> list[tuple[Fact, Document]]:
        """Facts of active (if asked, also superseded) documents, each with its document."""
        ids = _uuids(document_ids)
        if ids == []:  # a list naming no stored document matches nothing
            return []
        params = {
            "tenant": tenant,
            "statuses": ["active", "superseded"] if include_superseded else ["active"],
            "attribute": attribute,
            "document_ids": ids or None,
            "qualifier": qualifier,
            "min_num": min_num,
            "max_num": max_num,
            "pattern": _like(text_contains) if text_contains else None,
            "limit": limit,
        }
        rows = self._all(q.QUERY_FACTS, params)
        return [(_model(Fact, r, "f_"), _model(Document, r, "d_")) for r in rows]

    def lexical_search(
        self,
        tenant: str,
        query: str,
        document_ids: list[str] | None = None,
        limit: int = 20,
        match: str = "all",
    ) -> list[tuple[Chunk, Document, float]]:
        """Full-text search over active chunks, best first (ts_rank_cd, normalised to 0..1).

        match="all": websearch_to_tsquery (every term; "phrases", -exclusion, or).
        match="any": any term of the query (for natural-language questions).
        """
        if match not in ("all", "any"):
            raise ValueError(f"match must be 'all' or 'any', got {match!r}")
        ids = _uuids(document_ids)
        if ids == [] or not query.strip():
            return []
        sql = q.LEXICAL_SEARCH if match == "all" else q.LEXICAL_SEARCH_ANY
        params = {
            "tenant": tenant,
            "query": _clean(query),
            "document_ids": ids or None,
            "limit": limit,
        }
        rows = self._all(sql, params)
        return [
            (_model(Chunk, r, "c_"), _model(Document, r, "d_"), float(r["score"])) for r in rows
        ]

    def get_chunks(self, tenant: str, chunk_ids: list[str]) -> list[tuple[Chunk, Document]]:
        """Chunks of active documents, in the order asked."""
        ids = _uuids(chunk_ids)
        if not ids:
            return []
        rows = self._all(q.GET_CHUNKS, {"tenant": tenant, "ids": ids})
        found = {str(r["c_id"]): (_model(Chunk, r, "c_"), _model(Document, r, "d_")) for r in rows}
        return [found[i] for i in dict.fromkeys(ids) if i in found]

    def document_chunks(self, tenant: str, document_id: str) -> list[Chunk]:
        """All chunks of one document (any status), in reading order."""
        if not _is_uuid(document_id):
            return []
        rows = self._all(q.DOCUMENT_CHUNKS, {"tenant": tenant, "document_id": document_id})
        return [_model(Chunk, r, "c_") for r in rows]

    def document_sections(self, tenant: str, document_id: str) -> list[Section]:
        """All sections of one document (any status), in reading order."""
        if not _is_uuid(document_id):
            return []
        rows = self._all(q.DOCUMENT_SECTIONS, {"tenant": tenant, "document_id": document_id})
        return [_model(Section, r, "s_") for r in rows]

    def get_section(self, tenant: str, section_id: str) -> Section | None:
        """A section of an active or superseded document."""
        if not _is_uuid(section_id):
            return None
        row = self._one(q.GET_SECTION, {"tenant": tenant, "id": section_id})
        return _model(Section, row, "s_") if row else None

    def section_vectors(self, tenant: str, section_ids: list[str]) -> dict[str, np.ndarray]:
        """The vectors stored at ingest for these sections of the tenant (section id -> unit vector); a section
        without one is left out."""
        ids = [i for i in dict.fromkeys(section_ids) if _is_uuid(i)]
        if not ids:
            return {}
        rows = self._all(q.SECTION_VECTORS, {"tenant": tenant, "ids": ids})
        return {str(r["section_id"]): np.asarray(r["vector"], dtype=np.float32) for r in rows}

    def sections_without_vectors(self, tenant: str) -> list[Section]:
        """The clause-tagged sections of the tenant's documents that have no stored vector (ingested before
        section vectors were kept), in document order."""
        return [_model(Section, row, "s_") for row in self._all(q.SECTIONS_WITHOUT_VECTORS, {"tenant": tenant})]

    def add_section_vectors(self, tenant: str, vectors: dict[str, Sequence[float]]) -> int:
        """Keep vectors for sections of the tenant that have none; returns how many were added (an id of no
        section of the tenant, or one that has a vector already, adds nothing)."""
        rows = [{"tenant": tenant, "id": i, "vector": [float(x) for x in v]}
                for i, v in vectors.items() if _is_uuid(i)]
        if not rows:
            return 0
        added = 0
        with self._tx() as conn, conn.cursor() as cur:
            for row in rows:
                cur.execute(q.ADD_SECTION_VECTOR, row)
                added += cur.rowcount
        return added

    def sections_by_type(
        self, tenant: str, clause_type: str, document_ids: list[str] | None = None, limit: int = 50
    ) -> list[tuple[Section, Document]]:
        ids = _uuids(document_ids)
        if ids == []:  # a list naming no stored document matches nothing
            return []
        params = {
            "tenant": tenant,
            "clause_type": clause_type,
            "document_ids": ids or None,
            "limit": limit,
        }
        rows = self._all(q.SECTIONS_BY_TYPE, params)
        return [(_model(Section, r, "s_"), _model(Document, r, "d_")) for r in rows]

    def document_text(self, tenant: str, document_id: str, char_start: int, char_end: int) -> str:
        """text[char_start:char_end] of an active or superseded document ('' if not visible)."""
        if not _is_uuid(document_id):
            return ""
        start = max(0, int(char_start))
        length = max(0, int(char_end) - start)
        row = self._one(
            q.DOCUMENT_TEXT, {"tenant": tenant, "id": document_id, "start": start, "length": length}
        )
        return row["text"] if row else ""

    def pages(self, tenant: str, document_id: str) -> list[tuple[int, int, int]]:
        """(number, char_start, char_end) per page, any status."""
        if not _is_uuid(document_id):
            return []
        rows = self._all(q.PAGES, {"tenant": tenant, "id": document_id})
        return [(r["number"], r["char_start"], r["char_end"]) for r in rows]

    def resolve_entity(self, tenant: str, name: str) -> Entity | None:
        """The entity whose alias (or canonical name) has the same alias key as ``name``."""
        key = alias_key(name)
        if not key:
            return None
        row = self._one(q.RESOLVE_ENTITY, {"tenant": tenant, "key": key})
        if row is None:
            return None
        aliases = [a for a in row["aliases"] if a != row["canonical_name"]]
        return Entity(
            id=str(row["id"]),
            tenant=row["tenant"],
            canonical_name=row["canonical_name"],
            type=row["type"],
            aliases=aliases,
        )

    def entity_documents(self, tenant: str, entity_id: str) -> list[Document]:
        """Active documents that mention the entity."""
        if not _is_uuid(entity_id):
            return []
        rows = self._all(q.ENTITY_DOCUMENTS, {"tenant": tenant, "entity_id": entity_id})
        return [_model(Document, r, "d_") for r in rows]

    def document_names(self, tenant: str) -> dict[str, list[str]]:
        """Active document id -> the names of its parties (party facts and their entities' aliases)."""
        out: dict[str, list[str]] = {}
        for row in self._all(q.DOCUMENT_NAMES, {"tenant": tenant}):
            names = out.setdefault(row["document_id"], [])
            if row["name"] and row["name"] not in names:
                names.append(row["name"])
        return out

    def library_signature(self, tenant: str) -> str:
        """A value that changes whenever the tenant's set of active documents changes."""
        row = self._one(q.LIBRARY_SIGNATURE, {"tenant": tenant}) or {}
        return f"{row.get('n', 0)}:{row.get('sig', '')}"

    def counts(self, tenant: str) -> dict[str, int]:
        """The tenant's rows, any status: documents, sections, chunks, facts, entities, mentions."""
        row = self._one(q.COUNTS, {"tenant": tenant})
        return {k: int(v) for k, v in (row or {}).items()}


def _fields(model: BaseModel, fields: tuple[str, ...]) -> tuple:
    return tuple(_clean(getattr(model, f)) for f in fields)


def _clean_dict(row: dict) -> dict:
    return {k: _clean(v) for k, v in row.items()}


def _copy(cur: psycopg.Cursor[Any], sql: str, rows) -> None:
    with cur.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)


def _name_rank(e: Entity) -> tuple[int, int, int]:
    """Which of two folded names is canonical: a full legal name beats a short one."""
    has_form = int(alias_key(e.canonical_name) != e.canonical_name.strip().lower())
    return (len(e.aliases), has_form, len(e.canonical_name))


def _fold_batch(entities: list[Entity]) -> dict[str, Entity]:
    """Fold entities of one write that share an alias key and type into one.

    Returns {given entity id: its representative}; the representative (the
    fullest name) collects the others' names as aliases.
    """
    rep_of: dict[str, Entity] = {}
    by_key: dict[tuple[str, str], Entity] = {}
    for e in sorted(entities, key=_name_rank, reverse=True):
        keys = [(e.type, alias_key(n)) for n in (e.canonical_name, *e.aliases) if alias_key(n)]
        rep = next((by_key[k] for k in keys if k in by_key), e)
        rep_of[e.id] = rep
        if rep is not e:
            for name in (e.canonical_name, *e.aliases):
                if name != rep.canonical_name and name not in rep.aliases:
                    rep.aliases.append(name)
        for k in keys:
            by_key.setdefault(k, rep)
    return rep_of

"""Chat history in Postgres: Chainlit's SQLAlchemy data layer on Veridict's database.

The tables (``sql/chat_schema.sql``) live in their own schema ``chainlit``.
The chat finds Postgres the way the stores do: ``VERIDICT_DATABASE_URL`` or
the embedded server under the data directory (which ``veridict serve``
starts before the chat). Without either, the chat runs without history.
"""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import quote, urlencode

import psycopg
from psycopg.conninfo import conninfo_to_dict

from veridict.settings import Settings

SCHEMA = "chainlit"
DDL = Path(__file__).with_name("sql") / "chat_schema.sql"
log = logging.getLogger(__name__)


def chat_database_url(settings: Settings) -> str | None:
    """The Postgres URL for history, or None when no server is configured or running."""
    if settings.database_url:
        return settings.database_url
    from stores.embedded_postgres import postgres_status

    return postgres_status(settings.data_path)


def ensure_chat_schema(url: str) -> None:
    """Create the ``chainlit`` schema and its tables if missing (idempotent)."""
    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        conn.execute(DDL.read_text())


def asyncpg_url(url: str) -> str:
    """A libpq URL or conninfo as a SQLAlchemy ``postgresql+asyncpg://`` URL (Unix sockets kept)."""
    params = conninfo_to_dict(url)
    user = quote(str(params.get("user") or "postgres"), safe="")
    password = params.get("password")
    auth = f"{user}:{quote(str(password), safe='')}@" if password else f"{user}@"
    host = str(params.get("host") or "127.0.0.1")
    port = params.get("port") or "5432"
    dbname = quote(str(params.get("dbname") or "postgres"), safe="")
    if host.startswith("/"):  # a Unix socket directory goes in the query
        return f"postgresql+asyncpg://{auth}/{dbname}?" + urlencode({"host": host, "port": port})
    query = {"ssl": params["sslmode"]} if params.get("sslmode") not in (None, "disable", "prefer", "allow") else {}
    tail = "?" + urlencode(query) if query else ""
    return f"postgresql+asyncpg://{auth}{host}:{port}/{dbname}{tail}"


def make_data_layer(settings: Settings):
    """A Chainlit ``SQLAlchemyDataLayer`` on the ``chainlit`` schema, or None without Postgres."""
    url = chat_database_url(settings)
    if not url:
        log.warning("no Postgres configured or running: the chat keeps no history")
        return None
    try:
        ensure_chat_schema(url)
    except psycopg.Error as exc:
        log.warning("chat history disabled: Postgres at %s refused the schema: %s", _redact(url), exc)
        return None
    from chainlit.data.sql_alchemy import SQLAlchemyDataLayer

    return SQLAlchemyDataLayer(
        asyncpg_url(url), connect_args={"server_settings": {"search_path": SCHEMA}}
    )


def thread_messages(url: str, thread_id: str) -> list[dict]:
    """The persisted steps of a chat thread, oldest first (name, type, output)."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            'SELECT "name", "type", "output", "input" FROM chainlit.steps '
            'WHERE "threadId" = %s ORDER BY "createdAt"',
            (thread_id,),
        ).fetchall()
    return [{"name": r[0], "type": r[1], "output": r[2], "input": r[3]} for r in rows]


def _redact(url: str) -> str:
    from veridict.redact import redact

    return redact(url)

"""Conversation memory in Postgres: chat history (langchain-postgres) and LangGraph checkpoints."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from langchain_postgres import PostgresChatMessageHistory
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg.rows import dict_row

from stores.errors import StoreUnavailable

CHAT_TABLE = "chat_history"


def chat_history(url: str, session_id: str, table: str = CHAT_TABLE) -> PostgresChatMessageHistory:
    """A session's message history, its table created if missing.

    ``session_id`` must be a UUID string. The history owns a connection: close it with
    ``close_chat_history(history)``.
    """
    try:
        conn = psycopg.connect(url, autocommit=True)
    except psycopg.OperationalError as exc:
        raise StoreUnavailable(f"Postgres (chat history) is unavailable: {exc}") from exc
    try:
        PostgresChatMessageHistory.create_tables(conn, table)
        return PostgresChatMessageHistory(table, session_id, sync_connection=conn)
    except BaseException:
        conn.close()
        raise


def close_chat_history(history: PostgresChatMessageHistory) -> None:
    conn = getattr(history, "_connection", None)
    if conn is not None:
        conn.close()


@contextmanager
def checkpointer(url: str) -> Iterator[PostgresSaver]:
    """A LangGraph PostgresSaver with its tables set up; its connection closes on exit."""
    try:
        # The options PostgresSaver needs (as PostgresSaver.from_conn_string opens it).
        conn = psycopg.Connection.connect(
            url, autocommit=True, prepare_threshold=0, row_factory=dict_row
        )
    except psycopg.OperationalError as exc:
        raise StoreUnavailable(f"Postgres (checkpointer) is unavailable: {exc}") from exc
    with conn:
        saver = PostgresSaver(conn)
        saver.setup()
        yield saver

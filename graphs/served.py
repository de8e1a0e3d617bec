"""The graphs as the production API server (aegra, ``aegra.json``) loads them.

aegra imports this file by path and awaits each export once per process; the answer and
ingest graphs are built by the same factories as under ``langgraph dev`` (``langgraph.json``),
on the process's one ``Stores``. aegra gives each run its Postgres checkpointer.
"""

from __future__ import annotations


async def answer():
    from graphs.answer_graph import make_graph

    return make_graph()


async def ingest():
    from graphs.ingest_graph import make_graph

    return make_graph()

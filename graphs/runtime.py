"""The stores of the API server process, opened once and shared by every graph.

``langgraph dev`` calls each graph factory (``make_graph(config)``) for every
run and schema read, and Qdrant's local mode allows one client per path, so
the answer graph and the ingest graph must share ONE ``Stores``: the one the
answer graph caches for the process (``graphs.answer_graph.process_stores``,
closed when the process exits). This lives only in the server process.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_ingestor = None
# Ingestion runs take this lock, so two uploads never write at the same time.
write_lock = threading.Lock()


def shared_stores():
    """The process's ``Stores`` (opened on first call)."""
    from graphs.answer_graph import process_stores

    return process_stores()[0]


def shared_ingestor():
    """One ``Ingestor`` for the process, so parser and NLP models load once."""
    global _ingestor
    stores = shared_stores()
    with _lock:
        if _ingestor is None:
            from ingest.pipeline import Ingestor

            _ingestor = Ingestor(stores)
        return _ingestor


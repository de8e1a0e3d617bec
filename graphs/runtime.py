"""The stores of the API server process, opened once and shared by every graph.

``langgraph dev`` calls each graph factory (``make_graph(config)``) for every
run and schema read, and Qdrant's local mode allows one client per path, so
the answer graph and the ingest graph must share ONE ``Stores``: the one the
answer graph caches for the process (``graphs.answer_graph._process_stores``),
or, where that is absent, one opened here from the environment's settings.
It is closed when the process exits. This lives only in the server process.
"""

from __future__ import annotations

import atexit
import threading

from veridict.settings import load_settings

_lock = threading.Lock()
_own = None
_ingestor = None
# Ingestion runs take this lock, so two uploads never write at the same time.
write_lock = threading.Lock()


def shared_stores():
    """The process's ``Stores`` (opened on first call)."""
    global _own
    try:
        from graphs.answer_graph import _process_stores
    except ImportError:
        _process_stores = None
    if _process_stores is not None:
        return _process_stores()[0]
    with _lock:
        if _own is None:
            from veridict.factory import open_stores

            _own = open_stores(load_settings())
            atexit.register(_close_own)
        return _own


def shared_ingestor():
    """One ``Ingestor`` for the process, so parser and NLP models load once."""
    global _ingestor
    stores = shared_stores()
    with _lock:
        if _ingestor is None:
            from ingest.pipeline import Ingestor

            _ingestor = Ingestor(stores)
        return _ingestor


def _close_own() -> None:
    global _own
    with _lock:
        if _own is not None:
            _own.close()
        _own = None

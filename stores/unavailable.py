"""A stand-in for a store that could not be opened: every call raises StoreUnavailable.

Answering opens the stores with ``veridict.factory.open_stores(settings, query=True)``: when
the graph or the vector store is down at start, the agent gets one of these in its place, and
its usual handling of a store failing mid-query (tools/base.run_tool) names the channel as
unavailable and answers from the others. Ingestion never gets one (it needs all three stores).
"""

from __future__ import annotations

from typing import Any, NoReturn

from stores.errors import StoreUnavailable
from veridict.redact import redact


class UnavailableStore:
    """Looks like the store it replaces; any method call raises the reason it could not open."""

    def __init__(self, store: str, reason: str) -> None:
        self.store = store  # "graph" | "vectors"
        self.reason = redact(" ".join(str(reason).split()))

    @property
    def message(self) -> str:
        return f"the {self.store} store could not be opened: {self.reason}"

    def _raise(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise StoreUnavailable(self.message)

    def __getattr__(self, name: str):
        if name.startswith("__"):  # copy, pickle and friends probe dunders: not a store call
            raise AttributeError(name)
        return self._raise

    def close(self) -> None:  # nothing was opened
        return None

    def __repr__(self) -> str:
        return f"UnavailableStore({self.store!r}, {self.reason!r})"

"""Typed store errors: one small hierarchy every adapter raises."""

from __future__ import annotations


class StoreError(Exception):
    """Base class for every store failure."""


class StoreUnavailable(StoreError):
    """The store cannot be reached (connection refused, server down)."""


class StoreLocked(StoreError):
    """A Qdrant local-mode path is owned by another process."""


class QueryRejected(StoreError):
    """A free-form query would write, or lacks the required limits."""

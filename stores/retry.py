"""Bounded retries of transient store errors (tenacity): one policy for every adapter.

A store call that fails because the server could not be reached, dropped the
connection, or is restarting is tried again a few times with a short exponential
backoff; the last error is raised unchanged. Nothing else is retried: a bad
query, a constraint violation, a wrong argument (programming errors) fails at once.

The number of attempts comes from ``VERIDICT_STORE_RETRY_ATTEMPTS``
(``Settings.store_retry_attempts``; 1 turns retries off).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_exponential

from stores.errors import StoreLocked, StoreUnavailable

DEFAULT_ATTEMPTS = 3
ATTEMPTS_ENV = "VERIDICT_STORE_RETRY_ATTEMPTS"
MAX_ATTEMPTS = 10

log = logging.getLogger("veridict.stores.retry")
T = TypeVar("T")


def is_transient(exc: BaseException | None) -> bool:
    """Connection-level failures only: a server down, restarting, or a dropped socket.

    Timeouts are not retried: a server that hangs would hang each attempt again, and a write
    that timed out may have been applied.
    """
    if exc is None or _is_timeout(exc):
        return False
    if isinstance(exc, StoreLocked):  # another process owns a local folder: retrying won't help
        return False
    if isinstance(exc, StoreUnavailable):
        return not _is_timeout(exc.__cause__)
    try:
        import redis.exceptions as rex

        if isinstance(exc, rex.ConnectionError):  # includes BusyLoadingError (a restart loading)
            return True
    except ImportError:  # pragma: no cover - redis is a dependency
        pass
    try:
        import psycopg

        if isinstance(exc, psycopg.OperationalError):
            state = getattr(exc, "sqlstate", None)
            return state is None or state.startswith(("08", "57P"))
    except ImportError:  # pragma: no cover - psycopg is a dependency
        pass
    return isinstance(exc, ConnectionError)  # refused, reset, broken pipe


def _is_timeout(exc: BaseException | None) -> bool:
    if exc is None:
        return False
    if isinstance(exc, TimeoutError):
        return True
    names = {c.__name__ for c in type(exc).__mro__}
    return bool(names & {"TimeoutError", "PoolTimeout"})  # redis's and psycopg_pool's


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently a transient store error is retried."""

    attempts: int = DEFAULT_ATTEMPTS
    initial_wait_s: float = 0.1
    max_wait_s: float = 1.0

    def __post_init__(self) -> None:
        if not 1 <= int(self.attempts) <= MAX_ATTEMPTS:
            raise ValueError(f"store retry attempts must be 1..{MAX_ATTEMPTS}, got {self.attempts}")

    @classmethod
    def from_settings(cls, settings: Any = None) -> RetryPolicy:
        attempts = getattr(settings, "store_retry_attempts", None)
        if attempts is None:
            attempts = int(os.environ.get(ATTEMPTS_ENV, DEFAULT_ATTEMPTS))
        return cls(attempts=int(attempts))

    def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        retrying = Retrying(
            stop=stop_after_attempt(self.attempts),
            wait=wait_exponential(multiplier=self.initial_wait_s, min=self.initial_wait_s,
                                  max=self.max_wait_s),
            retry=retry_if_exception(is_transient),
            before_sleep=_log_retry,
            reraise=True,
        )
        return retrying(fn, *args, **kwargs)


def retried(method: Callable[..., T]) -> Callable[..., T]:
    """Decorate a store method: run it under ``self.retry`` (a RetryPolicy).

    Put it on the innermost methods that talk to the server, never on one that calls
    another decorated method (the attempts would multiply).
    """

    @functools.wraps(method)
    def wrapper(self, *args: Any, **kwargs: Any) -> T:
        policy = getattr(self, "retry", None) or RetryPolicy()
        return policy.call(method, self, *args, **kwargs)

    return wrapper


def _log_retry(state) -> None:
    exc = state.outcome.exception() if state.outcome else None
    log.warning("store call %s failed (attempt %d): %s; retrying",
                getattr(state.fn, "__qualname__", state.fn), state.attempt_number, exc)

"""Which function drafts which intent: each intent module registers itself under the ``Intent`` literal."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, get_args

from veridict.domain import Intent

if TYPE_CHECKING:
    from agents.drafting.values import ValueDrafter

IntentDrafter = Callable[["ValueDrafter"], None]
F = TypeVar("F", bound=IntentDrafter)

INTENT_DRAFTERS: dict[Intent, IntentDrafter] = {}


def drafts(*intents: Intent) -> Callable[[F], F]:
    """Register the decorated function as the drafter of ``intents``."""

    def register(func: F) -> F:
        for intent in intents:
            if intent not in get_args(Intent):
                raise ValueError(f"unknown intent {intent!r}")
            if intent in INTENT_DRAFTERS:
                raise ValueError(f"intent {intent!r} already has a drafter")
            INTENT_DRAFTERS[intent] = func
        return func

    return register

"""The optional chat model: any OpenAI-compatible endpoint through ChatOpenAI.

Transient failures (timeouts, connection errors, 429, 5xx) are retried a
bounded number of times with tenacity; after that ``LLMUnavailable`` is
raised and the caller falls back to the deterministic path, noting it in the
trace. Prompts are text files in prompts/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_exponential

from veridict.domain import AMOUNT_KINDS, ATTRIBUTES, INTENTS

M = TypeVar("M", bound=BaseModel)

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"


class LLMUnavailable(Exception):
    """The chat model failed (after retries) or returned nothing usable."""


def make_chat_model(settings) -> BaseChatModel | None:
    """ChatOpenAI for the configured endpoint, or None when no LLM is configured."""
    if not getattr(settings, "llm_enabled", False):
        return None
    from langchain_openai import ChatOpenAI

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else "not-needed"
    return ChatOpenAI(
        model=settings.llm_model,
        base_url=settings.llm_base_url,
        api_key=key,
        timeout=settings.llm_timeout_s,
        max_retries=0,  # retries are ours (bounded, transient errors only)
        temperature=0,
    )


@lru_cache(maxsize=16)
def load_prompt(name: str) -> str:
    """prompts/<name>.txt."""
    return (PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def registry_lists() -> dict[str, str]:
    """The lists a prompt may name, generated from the domain registry: {intents}, {attributes},
    {amount_kinds} (each a comma-separated list of quoted names)."""

    def quoted(names: Iterable[str]) -> str:
        return ", ".join(f'"{n}"' for n in names)

    return {"intents": quoted(INTENTS), "attributes": quoted(a.name for a in ATTRIBUTES),
            "amount_kinds": quoted(q.name for q in AMOUNT_KINDS)}


def render(name: str, **values: Any) -> tuple[str, str]:
    """Split a prompt file at '---USER---' into (system, user) and fill {placeholders}: the given values and
    the registry's lists (``registry_lists``)."""
    text = load_prompt(name)
    system, _, user = text.partition("---USER---")
    fill = {k: (v if isinstance(v, str) else json.dumps(v)) for k, v in values.items()}
    fill = {**registry_lists(), **fill}  # the registry is fixed at import: its lists are built once
    fill = {k: (fence(v) if k in FENCED_VALUES else v) for k, v in fill.items()}
    return system.strip().format(**fill), user.strip().format(**fill)


def is_transient(exc: BaseException) -> bool:
    """Timeouts, dropped connections, rate limits and server errors are worth a retry."""
    try:
        import openai

        if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError,
                            openai.InternalServerError)):
            return True
        if isinstance(exc, openai.APIStatusError):
            return exc.status_code >= 500
    except ImportError:  # pragma: no cover
        pass
    return isinstance(exc, (TimeoutError, ConnectionError))


def call_llm(
    llm: BaseChatModel,
    messages: list[BaseMessage],
    *,
    max_retries: int = 2,
    json_schema: dict | None = None,
    max_tokens: int | None = None,
) -> str:
    """The model's text reply; JSON mode when ``json_schema`` is given. Raises LLMUnavailable."""
    bound: Any = llm
    kwargs: dict[str, Any] = {}
    if max_tokens:
        kwargs["max_tokens"] = max_tokens
    if json_schema is not None:
        kwargs["response_format"] = {"type": "json_object", "schema": json_schema}
    if kwargs:
        bound = llm.bind(**kwargs)
    reply = _invoke(bound, messages, llm, max_retries)
    content = reply.content if isinstance(reply.content, str) else _join(reply.content)
    if not content or not content.strip():
        raise LLMUnavailable("empty reply")
    return content


def json_in_reply(content: str | None) -> object | None:
    """The first {...} block of a model's text reply, parsed; None when there is none or it is not JSON."""
    m = re.search(r"\{.*\}", content or "", re.S)
    if not m:
        return None
    try:
        return json.loads(m.group(0))
    except json.JSONDecodeError:
        return None


def call_structured(
    llm: BaseChatModel,
    messages: list[BaseMessage],
    schema: type[M],
    fallback: Callable[[str], M | None],
    *,
    max_retries: int = 2,
    max_tokens: int | None = None,
) -> M | None:
    """The model's reply as an instance of ``schema``: through ``with_structured_output`` (function calling;
    the schema's bounded lists keep a small model from running on); None when the reply does not fit the
    schema. A model without tool calling is asked in JSON mode and its reply read by ``fallback``.
    Raises LLMUnavailable."""
    model: Any = llm
    if max_tokens and "max_tokens" in type(llm).model_fields:
        model = llm.model_copy(update={"max_tokens": max_tokens})
    try:
        runnable = model.with_structured_output(schema, method="function_calling", include_raw=True)
    except NotImplementedError:  # no tool calling: JSON mode, read leniently
        content = call_llm(llm, messages, max_retries=max_retries, json_schema=schema.model_json_schema(),
                           max_tokens=max_tokens)
        return fallback(content)
    out = _invoke(runnable, messages, llm, max_retries)
    parsed = out.get("parsed") if isinstance(out, dict) else out
    return parsed if isinstance(parsed, schema) else None


def chat(llm: BaseChatModel, messages: list[BaseMessage], *, tools: list | None = None, max_retries: int = 2,
         max_tokens: int | None = None, tool_choice: str | None = None) -> AIMessage:
    """The model's reply message, with native tool calling when ``tools`` (OpenAI tool schemas) are given
    (``tool_choice``: None/"auto" lets the model choose, a tool's name forces that tool).
    Raises LLMUnavailable."""
    choice = None if tool_choice in (None, "", "auto") else tool_choice
    try:
        bound: Any = (llm.bind_tools(tools, tool_choice=choice) if choice else llm.bind_tools(tools)) if tools else llm
    except NotImplementedError:
        raise LLMUnavailable("the model has no tool calling") from None
    if max_tokens:
        bound = bound.bind(max_tokens=max_tokens)
    reply = _invoke(bound, messages, llm, max_retries)
    if not isinstance(reply, AIMessage):
        raise LLMUnavailable(f"unexpected reply {type(reply).__name__}")
    return reply


def _invoke(runnable: Any, messages: list[BaseMessage], llm: BaseChatModel, max_retries: int) -> Any:
    """``runnable.invoke(messages)``, retried on transient errors; any failure is LLMUnavailable (its message
    without the API key)."""
    try:
        for attempt in Retrying(
            stop=stop_after_attempt(max(1, max_retries + 1)),
            wait=wait_exponential(multiplier=0.5, max=4),
            retry=retry_if_exception(is_transient),
            reraise=True,
        ):
            with attempt:
                return runnable.invoke(messages)
    except Exception as exc:  # noqa: BLE001 - any failure means: fall back
        raise LLMUnavailable(redact(f"{type(exc).__name__}: {exc}", llm)[:300]) from None
    raise LLMUnavailable("no attempt was made")  # pragma: no cover - Retrying makes at least one


def redact(text: str, llm: Any) -> str:
    """``text`` without the model's API key (an endpoint may echo it back in an error)."""
    key: Any = getattr(llm, "openai_api_key", None)  # a SecretStr, a plain string or None
    value = key.get_secret_value() if hasattr(key, "get_secret_value") else key
    if isinstance(value, str) and len(value) >= 4 and value != "not-needed":
        text = text.replace(value, "***")
    return text


def _join(parts: list) -> str:
    out = []
    for p in parts:
        out.append(p.get("text", "") if isinstance(p, dict) else str(p))
    return "".join(out)


def prompt_messages(name: str, **values: Any) -> list[BaseMessage]:
    system, user = render(name, **values)
    return [SystemMessage(content=system), HumanMessage(content=user)]


#: prompt placeholders that carry user text, and the tag that fences each one as data
FENCED_VALUES = {"question": "question"}
_FENCE_TAGS = ("document", "question", "observation")
_FENCE = re.compile(r"<(\s*/?\s*(?:" + "|".join(_FENCE_TAGS) + r")\b)", re.IGNORECASE)


def fence(text: str) -> str:
    """Neutralise anything in data that would open or close a fence (<document>, <question>, <observation>),
    whatever its case or spacing: its '<' becomes '&lt;'."""
    return _FENCE.sub(r"&lt;\1", str(text))


def fence_attr(text: object) -> str:
    """A value for a fence attribute (title="..."): fenced, and its quotes escaped."""
    return fence(str(text)).replace('"', "&quot;")

"""With a chat model: more queries for the text channels (lexical and vectors), each behind a setting.

- HyDE (``retrieval_hyde``): the model writes the passage that would answer the question; a passage is
  nearer to the real clause, in words and in embedding, than the question is.
- Multi-query (``retrieval_multi_query``): up to three rephrasings of the question in contract words.

Each extra query is one more call of each text channel the plan uses, within the tool-call budget; the
channels' lists are fused as before. A model failure or an unusable reply adds nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from pydantic import BaseModel, Field

from agents.llm import LLMUnavailable, call_llm, call_structured, json_in_reply, prompt_messages
from tools.base import ms_since
from veridict.settings import Settings
from veridict.types import TraceStep

MAX_QUERY_CHARS = 400


class Rephrasings(BaseModel):
    queries: list[str] = Field(default_factory=list, max_length=3)


def parse_rephrasings(content: str) -> Rephrasings | None:
    raw = json_in_reply(content)
    queries = raw.get("queries") if isinstance(raw, dict) else None
    if not isinstance(queries, list):
        return None
    return Rephrasings(queries=[str(q) for q in queries if isinstance(q, str)][:3])


def hyde_passage(llm, question: str, max_retries: int = 2) -> str | None:
    """A hypothetical answering passage, or None (a failure, or a reply too short to search with)."""
    try:
        text = call_llm(llm, prompt_messages("hyde", question=question), max_retries=max_retries, max_tokens=120)
    except LLMUnavailable:
        return None
    text = " ".join(text.split())[:MAX_QUERY_CHARS]
    return text if len(re.findall(r"[A-Za-z]{3,}", text)) >= 5 else None


def rephrase(llm, question: str, max_retries: int = 2) -> list[str]:
    """Up to three distinct rephrasings of the question (none equal to it)."""
    try:
        reply = call_structured(llm, prompt_messages("multi_query", question=question), Rephrasings,
                                parse_rephrasings, max_retries=max_retries, max_tokens=150)
    except LLMUnavailable:
        return []
    out: list[str] = []
    seen = {question.strip().lower()}
    for q in reply.queries if reply else []:
        q = " ".join(q.split())[:MAX_QUERY_CHARS]
        if len(re.findall(r"[A-Za-z]{3,}", q)) >= 2 and q.lower() not in seen:
            seen.add(q.lower())
            out.append(q)
    return out


def expand_queries(llm, question: str, settings: Settings) -> tuple[list[str], list[TraceStep]]:
    """The extra queries the settings ask for (``retrieval_hyde``, ``retrieval_multi_query``), each step traced."""
    out: list[str] = []
    trace: list[TraceStep] = []

    def step(name: str, make: Callable[[], list[str]]) -> None:
        started = time.perf_counter()
        queries = make()
        out.extend(queries)
        trace.append(TraceStep(node="research", tool=name, results=len(queries), ms=ms_since(started),
                               note="; ".join(q[:120] for q in queries) or "nothing usable"))

    retries = settings.llm_max_retries
    if settings.retrieval_hyde:
        step("hyde", lambda: [p] if (p := hyde_passage(llm, question, max_retries=retries)) else [])
    if settings.retrieval_multi_query:
        step("multi_query", lambda: rephrase(llm, question, max_retries=retries))
    return out, trace

"""The Veridict chat (Chainlit): a client of the LangGraph API, which owns the stores.

Run it with `veridict serve` (API + chat), or against a running API with
``VERIDICT_API_URL=http://127.0.0.1:2024 chainlit run app.py``.

- A question runs the ``answer`` graph on the chat's LangGraph thread; each
  graph node appears as a step as it finishes, with its tool calls (arguments
  and result counts), critic verdicts and provenance checks as child steps.
- The answer streams in with numbered sources; each source opens the PDF at
  the cited page (or the quoted text for other formats).
- Attached files are saved into the upload folder and ingested by the API's
  ``ingest`` graph, with progress; failures show the ingest report's reason.
- History is kept in Postgres (Chainlit's SQLAlchemy data layer); a login is
  required when ``VERIDICT_CHAT_PASSWORD`` is set.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import os
import secrets
from pathlib import Path

import chainlit as cl
import httpx
from chainlit.utils import utc_now
from langgraph_sdk import get_client

from veridict.chat_history import make_data_layer
from veridict.chat_view import (
    StepCollector,
    StepView,
    UploadRefused,
    answer_markdown,
    citation_line,
    md_escape,
    node_title,
    report_line,
    save_upload,
    source_name,
)
from veridict.render import short_quote
from veridict.serve import API_URL_ENV
from veridict.settings import load_settings
from veridict.types import Answer

settings = load_settings()
API_URL = os.environ.get(API_URL_ENV, "http://127.0.0.1:2024")
log = logging.getLogger("veridict.chat")


# -- login (only when a password is configured) ---------------------------------------
if settings.chat_password:
    secret = settings.chat_auth_secret.get_secret_value() if settings.chat_auth_secret else None
    if not secret:
        log.warning("VERIDICT_CHAT_AUTH_SECRET is unset: sessions end when the chat restarts")
        secret = secrets.token_urlsafe(48)
    os.environ["CHAINLIT_AUTH_SECRET"] = secret

    @cl.password_auth_callback
    def login(username: str, password: str) -> cl.User | None:
        expected = settings.chat_password.get_secret_value()
        if username.strip() and hmac.compare_digest(password.encode(), expected.encode()):
            return cl.User(identifier=username.strip(), metadata={"tenant": settings.tenant})
        return None


@cl.data_layer
def history():
    return make_data_layer(settings)


# -- session --------------------------------------------------------------------------
def _client():
    return get_client(url=API_URL, timeout=httpx.Timeout(600.0, connect=10.0))


def _tenant() -> str:
    user = cl.user_session.get("user")
    meta = getattr(user, "metadata", None) or {}
    return meta.get("tenant") or settings.tenant


async def _ensure_thread() -> str | None:
    """The LangGraph thread that holds this conversation (same id as the chat thread)."""
    thread_id = cl.user_session.get("lg_thread")
    if thread_id:
        return thread_id
    thread_id = cl.context.session.thread_id
    try:
        await _client().threads.create(
            thread_id=thread_id, if_exists="do_nothing", metadata={"tenant": _tenant(), "source": "chat"}
        )
    except (httpx.HTTPError, OSError) as exc:
        await cl.Message(
            content=f"The Veridict API at {API_URL} is not reachable ({exc}). "
                    "Start it with `veridict serve`."
        ).send()
        return None
    cl.user_session.set("lg_thread", thread_id)
    return thread_id


@cl.on_chat_start
async def start() -> None:
    await _ensure_thread()


@cl.on_chat_resume
async def resume(thread) -> None:  # noqa: ARG001  (the chat thread id is the LangGraph thread id)
    await _ensure_thread()


@cl.on_message
async def on_message(message: cl.Message) -> None:
    files = [e for e in (message.elements or []) if getattr(e, "path", None)]
    if files:
        await ingest_uploads(files)
    question = (message.content or "").strip()
    # with attachments, the text is a question only when it asks one ("add these" is not)
    if question and (not files or question.endswith("?")):
        await answer(question)


# -- answering --------------------------------------------------------------------------
async def _send_step(view: StepView, parent_id: str | None = None) -> cl.Step:
    step = cl.Step(name=view.name, type=view.kind, parent_id=parent_id, show_input="json" if view.input else False)
    step.start = utc_now()
    step.input = view.input
    step.output = view.output
    step.end = utc_now()
    await step.send()
    return step


async def answer(question: str) -> None:
    thread_id = await _ensure_thread()
    if not thread_id:
        return
    collector = StepCollector()
    run = cl.context.current_step  # the on_message run: node steps sit in it, above the answer
    run_id = run.id if run else None
    running: dict[str, cl.Step] = {}
    final: dict | None = None
    error: str | None = None
    try:
        async for event in _client().runs.stream(
            thread_id, "answer", input={"question": question, "tenant": _tenant()},
            stream_mode=["tasks", "values"],
        ):
            kind = event.event.split("|")[0]
            data = event.data or {}
            if kind == "tasks" and "input" in data:  # a node started
                step = cl.Step(name=node_title(data.get("name", "step")), type="run", parent_id=run_id,
                               show_input=False)
                step.start = utc_now()
                await step.send()
                running[data.get("id", "")] = step
            elif kind == "tasks":  # a node finished
                step = running.pop(data.get("id", ""), None)
                if data.get("error"):
                    if step:
                        step.is_error = True
                        step.output = str(data["error"])
                        step.end = utc_now()
                        await step.update()
                    continue
                view = collector.node_result(data.get("name", "step"), data.get("result") or {})
                if step is None:
                    step = await _send_step(view, parent_id=run_id)
                else:
                    step.output = view.output
                    step.end = utc_now()
                    await step.update()
                for child in view.children:
                    await _send_step(child, parent_id=step.id)
            elif kind == "values" and isinstance(data.get("answer"), dict):
                final = data["answer"]
            elif kind == "error":
                error = data.get("message") if isinstance(data, dict) else str(data)
    except (httpx.HTTPError, OSError) as exc:
        error = f"the API at {API_URL} failed: {exc}"
    for step in running.values():  # nodes that never reported back
        step.end = utc_now()
        await step.update()
    if final is None and error is None:
        state = await _client().threads.get_state(thread_id)
        final = (state.get("values") or {}).get("answer")
    if error or not final:
        await cl.Message(content=f"Something went wrong while answering: {error or 'no answer returned'}").send()
        return
    await send_answer(Answer.model_validate(final))


def citation_elements(result: Answer) -> list:
    """One side element per citation: the PDF at the cited page, or the quoted text."""
    elements = []
    for i, c in enumerate(result.citations, start=1):
        path = Path(c.source_path) if c.source_path else None
        if path and path.suffix.lower() == ".pdf" and path.is_file():
            elements.append(cl.Pdf(name=source_name(i), path=str(path), page=c.page, display="side"))
        else:
            text = f"{citation_line(i, c)}\n\n> “{short_quote(c.quote, 2000)}”"
            elements.append(cl.Text(name=source_name(i), content=text, display="side"))
    return elements


async def send_answer(result: Answer) -> None:
    text = answer_markdown(result)
    msg = cl.Message(content="", elements=citation_elements(result))
    for token in _tokens(text):
        await msg.stream_token(token)
    await msg.send()


def _tokens(text: str, size: int = 24):
    """The answer in small pieces, so it streams into the message."""
    for i in range(0, len(text), size):
        yield text[i : i + size]


# -- uploads ----------------------------------------------------------------------------
async def ingest_uploads(files: list) -> None:
    tenant = _tenant()
    paths: list[str] = []
    for f in files:
        try:  # name and size are checked before anything is copied
            target = save_upload(settings.upload_dir, tenant, f.name, Path(f.path), settings.max_file_mb)
        except UploadRefused as exc:
            await cl.Message(content=f"Upload not added: {md_escape(str(exc))}").send()
            continue
        paths.append(str(target))
    if not paths:
        return
    names = ", ".join(Path(p).name for p in paths)
    progress = cl.Message(content=f"Ingesting {names} …")
    await progress.send()
    lines: list[str] = []
    report: dict | None = None
    error: str | None = None
    upload_thread: str | None = None
    try:
        # a short-lived thread of its own: the production server (aegra) has no thread-less runs
        upload_thread = (await _client().threads.create(metadata={"tenant": tenant, "source": "upload"}))["thread_id"]
        async for event in _client().runs.stream(
            upload_thread, "ingest", input={"paths": paths, "tenant": tenant}, stream_mode=["custom", "values"]
        ):
            kind = event.event.split("|")[0]
            data = event.data or {}
            if kind == "custom" and data.get("event") == "file_started":
                name, index, total = md_escape(data["name"]), data["index"], data["total"]
                working = f"- **{name}** ({index}/{total}): parsing, extracting and indexing …"
                progress.content = "\n".join(lines + [working])
                await progress.update()
            elif kind == "custom" and data.get("event") == "file_done":
                lines.append(report_line(data))
                progress.content = "\n".join(lines)
                await progress.update()
            elif kind == "values" and isinstance(data.get("report"), dict):
                report = data["report"]
            elif kind == "error":
                error = data.get("message") if isinstance(data, dict) else str(data)
    except (httpx.HTTPError, OSError) as exc:
        error = f"the API at {API_URL} failed: {exc}"
    finally:
        if upload_thread:
            with contextlib.suppress(httpx.HTTPError, OSError):
                await _client().threads.delete(upload_thread)
    if error or report is None:
        progress.content = "\n".join(lines + [f"Ingestion failed: {error or 'no report returned'}"])
        await progress.update()
        return
    files_done = report.get("files") or []
    lines = [report_line(f) for f in files_done]
    ok = [f for f in files_done if f.get("status") in ("ingested", "unchanged")]
    tail = "You can ask about it now." if ok else "Nothing new was added to the library."
    progress.content = "\n".join(["**Ingestion report**", *lines, "", tail])
    await progress.update()


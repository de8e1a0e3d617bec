"""What the chat shows, computed without Chainlit (so it is unit-tested).

- ``StepCollector`` turns streamed graph events (``tasks`` / ``updates``
  stream modes) into step views: one per graph node, with one child per
  ``TraceStep`` (tool name, arguments, result count, note).
- ``answer_markdown`` / ``refusal_markdown`` write the answer message: text,
  numbered sources with title, version, page, clause and the quote, or the
  refusal with its reason and what was searched.
- ``safe_upload_name`` / ``upload_path`` decide where an upload is saved;
  ``save_upload`` saves it (name and size checked first), ``report_line``
  says what ingestion made of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from veridict.render import clause_label, short_quote
from veridict.types import Answer, Citation, TraceStep

NODE_TITLES = {
    "plan": "Plan",
    "research": "Research",
    "retrieve": "Retrieve",
    "critique": "Critique",
    "critic": "Critique",
    "rewrite": "Rewrite query",
    "react": "Agent (tools)",
    "draft": "Draft",
    "verify": "Provenance check",
    "provenance": "Provenance check",
    "answer": "Answer",
    "refuse": "Refuse",
}


@dataclass
class StepView:
    name: str
    kind: str  # "tool" or "run"
    input: str = ""
    output: str = ""
    children: list[StepView] = field(default_factory=list)


def node_title(node: str) -> str:
    return NODE_TITLES.get(node, node.replace("_", " ").capitalize())


def trace_step_view(step: TraceStep) -> StepView:
    """One trace entry: a tool call (arguments in, result count out) or a note of its node."""
    out = []
    if step.results is not None:
        out.append(f"{step.results} result{'s' if step.results != 1 else ''}")
    if step.ms:
        out.append(f"{step.ms:.0f} ms")
    summary = ", ".join(out)
    output = "\n".join(x for x in (summary, step.note or "") if x)
    if step.tool:
        args = json.dumps(step.arguments, ensure_ascii=False, default=str) if step.arguments else ""
        return StepView(name=step.tool, kind="tool", input=args, output=output or "done")
    return StepView(name=node_title(step.node), kind="run", output=output or "done")


def _key(step: dict) -> str:
    return json.dumps(step, sort_keys=True, default=str)


class StepCollector:
    """Streamed graph events -> step views, each trace entry reported once."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.nodes: list[str] = []

    def new_trace(self, update: dict | None) -> list[TraceStep]:
        steps: list[TraceStep] = []
        for raw in (update or {}).get("trace") or []:
            key = _key(raw)
            if key in self.seen:
                continue
            self.seen.add(key)
            try:
                steps.append(TraceStep.model_validate(raw))
            except ValueError:
                continue
        return steps

    def node_result(self, node: str, update: dict | None) -> StepView:
        """A finished node: its step view, with one child per new trace entry."""
        self.nodes.append(node)
        children = [trace_step_view(s) for s in self.new_trace(update)]
        tools = [c for c in children if c.kind == "tool"]
        notes = [c.output for c in children if c.kind == "run" and c.output != "done"]
        summary = []
        if tools:
            summary.append(f"{len(tools)} tool call{'s' if len(tools) != 1 else ''}: "
                           + ", ".join(f"{t.name} ({t.output.splitlines()[0]})" for t in tools))
        summary += notes
        verdict = _verdict(update)
        if verdict:
            summary.append(verdict)
        return StepView(name=node_title(node), kind="run", output="\n".join(summary) or "done", children=children)


def _verdict(update: dict | None) -> str | None:
    """A critic verdict or a rewritten query, when the node's update carries one."""
    if not update:
        return None
    for key in ("verdict", "crag_verdict", "retrieval_verdict"):
        if isinstance(update.get(key), str):
            return f"verdict: {update[key]}"
    if isinstance(update.get("query"), str) and update.get("rewrites"):
        return f"rewritten query: {update['query']}"
    return None


# -- the answer message ---------------------------------------------------------------
def source_name(i: int) -> str:
    """The element name a citation's link uses in the message ("Source 1")."""
    return f"Source {i}"


def citation_line(i: int, c: Citation) -> str:
    parts = [f"**{md_escape(c.document_title)}**", f"version {c.version}", f"page {c.page}"]
    label = clause_label(c)
    if label:
        parts.append(md_escape(label))
    if c.ocr_label:
        parts.append(f"_{c.ocr_label}_")
    return f"{source_name(i)} · " + " · ".join(parts) + f" · _{c.store}_"


def answer_markdown(answer: Answer) -> str:
    """The answer text, then each citation: where it is, and the quote."""
    if answer.refused:
        return refusal_markdown(answer)
    lines = [answer.text.strip()]
    if answer.citations:
        lines += ["", "**Sources**"]
        for i, c in enumerate(answer.citations, start=1):
            lines.append(f"{i}. {citation_line(i, c)}")
            lines.append(f"   > “{md_escape(short_quote(c.quote))}”")
    lines += ["", f"_Confidence {round(answer.confidence * 100)}%_"]
    return "\n".join(lines)


def searched(answer: Answer) -> list[str]:
    """What the agent looked at: each tool call with its arguments and result count."""
    out = []
    for step in answer.trace:
        if not step.tool:
            continue
        args = ", ".join(f"{k}={_short(v)}" for k, v in step.arguments.items())
        count = f" → {step.results} result{'s' if step.results != 1 else ''}" if step.results is not None else ""
        out.append(f"`{step.tool}`({md_escape(args)}){count}")
    return out


def refusal_markdown(answer: Answer) -> str:
    reason = answer.refusal_reason or answer.text or "the library does not support an answer"
    lines = ["**I can't answer that from the library.**", "", f"Why: {md_escape(reason)}"]
    if answer.text and answer.text.strip() and answer.text.strip() != reason.strip():
        lines += ["", answer.text.strip()]
    done = searched(answer)
    if done:
        lines += ["", "What I searched:"] + [f"- {s}" for s in done]
    if answer.citations:
        lines += ["", "Closest passages found (not enough to answer):"]
        for i, c in enumerate(answer.citations, start=1):
            lines.append(f"{i}. {citation_line(i, c)}")
    lines += ["", "Try naming the contract or party, or upload the document that covers it."]
    return "\n".join(lines)


def _short(value, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def md_escape(text: str) -> str:
    """Escape the characters that would turn plain text into markdown markup."""
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)


# -- uploads --------------------------------------------------------------------------
_SAFE = re.compile(r"[^A-Za-z0-9._ -]+")


class UploadRefused(ValueError):
    """An upload the chat does not save; ``str()`` says why and what to do, ``code`` is stable."""

    code = "upload_refused"


class UnsafeUpload(UploadRefused):
    """An upload name that is empty or tries to leave the upload folder."""

    code = "unsafe_name"


class UploadTooLarge(UploadRefused):
    code = "file_too_large"


def safe_upload_name(name: str) -> str:
    """A plain file name from a user-supplied one; path traversal is refused, not repaired."""
    raw = unicodedata.normalize("NFKC", name or "").strip()
    if not raw or "/" in raw or "\\" in raw or "\x00" in raw or raw in (".", ".."):
        raise UnsafeUpload(f"refused upload name {name!r}: a file name must not contain a path")
    cleaned = _SAFE.sub("_", raw).strip(" .")
    if not cleaned or cleaned.startswith(".") or ".." in cleaned:
        raise UnsafeUpload(f"refused upload name {name!r}: not a plain file name")
    return cleaned[:150]


def upload_path(upload_dir: Path, tenant: str, name: str, data: bytes) -> Path:
    """``upload_dir/<tenant>/<sha12>/<name>``: one folder per content, so versions never overwrite."""
    return _upload_target(upload_dir, tenant, name, hashlib.sha256(data).hexdigest())


def _upload_target(upload_dir: Path, tenant: str, name: str, digest: str) -> Path:
    safe = safe_upload_name(name)
    tenant_dir = safe_upload_name(tenant)
    root = Path(upload_dir).resolve()
    target = (root / tenant_dir / digest[:12] / safe).resolve()
    if not target.is_relative_to(root):
        raise UnsafeUpload(f"refused upload name {name!r}: it resolves outside the upload folder")
    return target


def save_upload(upload_dir: Path, tenant: str, name: str, source: Path, max_file_mb: float) -> Path:
    """Copy an uploaded file (``source``, the chat's temporary copy) to its ``upload_path``.

    The user's name is checked first (UnsafeUpload), then the size against ``max_file_mb``
    (UploadTooLarge, without reading the file); the copy is streamed, hashed on the way and
    moved into place whole, so a file is never half-written under its final name.
    """
    safe_upload_name(name)
    safe_upload_name(tenant)
    size = Path(source).stat().st_size
    if size > max_file_mb * 1024 * 1024:
        raise UploadTooLarge(
            f"{safe_upload_name(name)}: the file is {size / (1024 * 1024):.1f} MB; "
            f"the limit is {max_file_mb:g} MB (split it or upload a smaller copy)"
        )
    staging = Path(upload_dir).resolve() / safe_upload_name(tenant)
    staging.mkdir(parents=True, exist_ok=True)
    h = hashlib.sha256()
    fd, tmp = tempfile.mkstemp(dir=staging, prefix=".upload-")
    try:
        with open(source, "rb") as src, os.fdopen(fd, "wb") as dst:
            for block in iter(lambda: src.read(1 << 20), b""):
                h.update(block)
                dst.write(block)
        target = _upload_target(upload_dir, tenant, name, h.hexdigest())
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def _ocr_note(f: dict) -> str:
    """'; 3 pages read by OCR (confidence 71 %, low quality)' for a scanned file, else ''."""
    if not f.get("ocr_pages"):
        return ""
    low = ", low quality: check answers against the scan" if f.get("low_quality") else ""
    return f"; {f['ocr_pages']} pages read by OCR (confidence {f.get('ocr_confidence') or 0:.0f} %{low})"


def report_line(f: dict) -> str:
    """One file of an ingest report, for the chat: what was added, or why not and what to do."""
    name = Path(f.get("path") or f.get("name") or "file").name
    status = f.get("status")
    message = f.get("message") or status or ""
    if message.startswith(f"{name}: "):  # ingest errors already name the file
        message = message[len(name) + 2 :]
    if status == "ingested":
        return (f"- **{md_escape(name)}**: ingested as version {f.get('version')} — {f.get('pages', 0)} pages, "
                f"{f.get('sections', 0)} clauses, {f.get('chunks', 0)} passages, {f.get('facts', 0)} facts"
                + _ocr_note(f))
    if status == "unchanged":
        return f"- **{md_escape(name)}**: already in the library ({f.get('message') or 'unchanged'})"
    return f"- **{md_escape(name)}**: not added — {md_escape(message)}"

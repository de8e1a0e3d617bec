"""What the tool-calling model is shown of a tool result: numbered evidence rows and plain rows, as data.

Every evidence item shown gets a number (``ref``) the model cites as [n]; the numbers run on across the
whole conversation, so a citation names one item. Long identifiers (document and section ids) are shown as
short names (``id3``) and read back in the model's arguments: fewer tokens, and an id the model invents
matches nothing. Facts and table rows are tables (TOON by default, JSON for comparison: ``bench/toon_tokens``);
passages keep their text, shortened. The result is fenced: ``fence`` neutralises any tag in the data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from agents import toon
from agents.drafting.quoting import short_quote
from agents.llm import fence
from tools.base import ToolResult
from veridict.types import Evidence

Encoding = Literal["toon", "json"]

QUOTE_CHARS = 240
PASSAGE_CHARS = 420
ROW_LIMIT = 12
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


@dataclass
class Refs:
    """The evidence numbered so far (ref n = ``evidence_ids[n-1]``) and the short names of long ids."""

    evidence_ids: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)  # "id{n}" = ids[n-1]

    def ref(self, evidence_id: str) -> tuple[int, bool]:
        """(its number, whether it is new)."""
        if evidence_id in self.evidence_ids:
            return self.evidence_ids.index(evidence_id) + 1, False
        self.evidence_ids.append(evidence_id)
        return len(self.evidence_ids), True

    def short(self, long_id: str) -> str:
        if long_id not in self.ids:
            self.ids.append(long_id)
        return f"id{self.ids.index(long_id) + 1}"

    def long(self, value: Any) -> Any:
        """Arguments with short names read back into the ids they stand for (recursively)."""
        if isinstance(value, str):
            m = re.fullmatch(r"\s*id(\d+)\s*", value)
            if m and 1 <= int(m.group(1)) <= len(self.ids):
                return self.ids[int(m.group(1)) - 1]
            return value
        if isinstance(value, list):
            return [self.long(v) for v in value]
        if isinstance(value, dict):
            return {k: self.long(v) for k, v in value.items()}
        return value


def evidence_tables(items: Sequence[Evidence], refs: Refs,
                    again: list[int] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Items as rows of three tables: the documents they come from, facts, passages (new items only; the refs
    of items shown before are added to ``again``)."""
    documents: dict[str, dict[str, Any]] = {}
    facts: list[dict[str, Any]] = []
    passages: list[dict[str, Any]] = []
    for e in items:
        n, new = refs.ref(e.id)
        if not new:
            if again is not None:
                again.append(n)
            continue
        c = e.citation
        doc = refs.short(c.document_id)
        documents.setdefault(doc, {"id": doc, "title": c.document_title, "version": c.version})
        where = {"ref": n, "doc": doc, "page": c.page, "clause": c.clause_number}
        if e.fact is not None:
            f = e.fact
            cell = " / ".join(x for x in (f.metric, f.dimension) if x) or None
            facts.append({**where, "attribute": f.attribute, "qualifier": f.qualifier or cell,
                          "value": f.value_text, "quote": short_quote(f.quote, QUOTE_CHARS)})
        else:
            passages.append({**where, "source": e.store, "text": short_quote(e.text, PASSAGE_CHARS)})
    return {"documents": list(documents.values()), "facts": facts, "passages": passages}


def plain_rows(rows: Sequence[dict[str, Any]], refs: Refs) -> list[dict[str, Any]]:
    """Non-evidence rows (graph rows, calculator results), flat, long ids shortened."""
    out = []
    for row in rows[:ROW_LIMIT]:
        flat: dict[str, Any] = {}
        for k, v in row.items():
            if isinstance(v, str) and _UUID.fullmatch(v):
                v = refs.short(v)
            elif isinstance(v, (list, dict)):
                v = json.dumps(v, ensure_ascii=False, default=str)[:200]
            flat[k] = v
        out.append(flat)
    return out


def encode(tables: dict[str, list[dict[str, Any]]], encoding: Encoding = "toon") -> str:
    """The non-empty tables, in TOON or in (compact) JSON."""
    kept = {name: rows for name, rows in tables.items() if rows}
    if encoding == "json":
        return json.dumps(kept, ensure_ascii=False, default=str) if kept else ""
    return "\n".join(toon.table(name, rows) for name, rows in kept.items())


def observation(result: ToolResult, refs: Refs, encoding: Encoding = "toon", limit: int = 6) -> str:
    """The fenced observation of one tool result: its first ``limit`` evidence items and rows, and its note."""
    again: list[int] = []
    tables = evidence_tables(result.evidence[:limit], refs, again)
    tables["rows"] = plain_rows(result.rows, refs)
    body = encode(tables, encoding)
    head = f"{len(result.evidence)} evidence item(s), {len(result.rows)} row(s)"
    if again:
        head += f"; already shown as ref {', '.join(map(str, again))}"
    if result.note:
        head += f"; note: {result.note}"
    return wrap(result.tool, head + ("\n" + body if body else ""))


def wrap(source: str, body: str) -> str:
    """Data between <observation> tags, fenced so nothing in it can close them."""
    return f'<observation source="{fence(source)}">\n{fence(body)}\n</observation>'

"""Terminal rendering of an ``Answer`` for `veridict ask` (rich renderables).

The answer text comes first, then each citation numbered as the text refers
to it ([1], [2] ...): title, version, page, clause, the quoted source text and
the store it came from. A refusal shows its reason instead. Confidence and the
number of agent steps close the panel.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from veridict.types import Answer, Citation

QUOTE_CHARS = 400


def clause_label(citation: Citation) -> str | None:
    """"§ 14.3 Liability" / "§ 14.3" / "Liability", or None when the citation has no clause."""
    number, title = citation.clause_number, citation.clause_title
    if number and title:
        return f"§ {number} {title}"
    if number:
        return f"§ {number}"
    return title or None


def citation_heading(citation: Citation) -> str:
    """One line that locates a citation: title, version, page and clause."""
    parts = [citation.document_title, f"v{citation.version}", f"p. {citation.page}"]
    label = clause_label(citation)
    if label:
        parts.append(label)
    if citation.ocr_label:
        parts.append(citation.ocr_label)
    return " · ".join(parts)


def short_quote(quote: str, limit: int = QUOTE_CHARS) -> str:
    text = " ".join(quote.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _citations_table(citations: list[Citation]) -> Table:
    table = Table(show_header=True, header_style="bold", expand=True, show_lines=True)
    table.add_column("#", justify="right", width=3)
    table.add_column("source", ratio=2, overflow="fold")
    table.add_column("quote", ratio=5, overflow="fold")
    table.add_column("store", width=8)
    for i, c in enumerate(citations, start=1):
        source = Text(c.document_title, style="bold")
        source.append(f"\nversion {c.version}, page {c.page}")
        label = clause_label(c)
        if label:
            source.append(f"\n{label}")
        if c.ocr_label:
            source.append(f"\n{c.ocr_label}", style="yellow")
        table.add_row(str(i), source, Text(f"“{short_quote(c.quote)}”", style="italic"), c.store)
    return table


def _confidence_line(answer: Answer) -> Text:
    pct = round(answer.confidence * 100)
    style = "green" if pct >= 70 else "yellow" if pct >= 40 else "red"
    line = Text("confidence ")
    line.append(f"{pct}%", style=f"bold {style}")
    if answer.trace:
        line.append(f"  ·  {len(answer.trace)} agent steps", style="dim")
    return line


def render_answer(answer: Answer) -> RenderableType:
    """A panel with the answer (or the refusal and its reason), citations and confidence."""
    parts: list[RenderableType] = []
    if answer.refused:
        parts.append(Text("Refused: no verifiable answer in the library.", style="bold red"))
        if answer.refusal_reason:
            parts.append(Text(answer.refusal_reason))
        if answer.text and answer.text != answer.refusal_reason:
            parts.append(Text(answer.text, style="dim"))
    else:
        parts.append(Text(answer.text))
    if answer.citations:
        parts.append(Text(""))
        parts.append(Text(f"Citations ({len(answer.citations)})", style="bold"))
        parts.append(_citations_table(answer.citations))
    parts.append(Text(""))
    parts.append(_confidence_line(answer))
    title = f"[bold]{escape(answer.question)}[/]"
    return Panel(Group(*parts), title=title, title_align="left", border_style="red" if answer.refused else "cyan")

"""Every agent tool by name, and the LangChain view of them for a tool-calling model."""

from __future__ import annotations

from tools.base import ToolContext, ToolSpec
from tools.calculator import calculator
from tools.clauses import clauses_by_type, section_context
from tools.facts import query_facts
from tools.graph import clause_references, cypher_read, document_clauses, document_parties, entity_documents
from tools.lexical import lexical_search
from tools.vector_search import vector_search

TOOLS: dict[str, ToolSpec] = {
    t.name: t
    for t in (query_facts, vector_search, lexical_search, clauses_by_type, section_context, entity_documents,
              document_clauses, document_parties, clause_references, cypher_read, calculator)
}


def langchain_tools(ctx: ToolContext, names: list[str] | None = None) -> list:
    """StructuredTools bound to ``ctx`` (all, or the named ones)."""
    return [TOOLS[n].as_structured_tool(ctx) for n in (names or list(TOOLS))]

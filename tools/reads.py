"""What tools read from the stores, as small protocols: a tool depends on these reads, not on a store class.

``stores.postgres.PostgresStore``, ``stores.qdrant`` and ``stores.graph`` implement them; a test may pass any
object that has the same methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from veridict.types import Chunk, Document, Entity, Fact, Section


class DocumentReads(Protocol):
    """Postgres: documents, their text, sections, facts, entities and full-text search (tenant first)."""

    def get_document(self, tenant: str, document_id: str) -> Document | None: ...
    def list_documents(self, tenant: str, status: str | None = "active") -> list[Document]: ...
    def find_documents(self, tenant: str, text: str, limit: int = 10) -> list[Document]: ...
    def document_text(self, tenant: str, document_id: str, char_start: int, char_end: int) -> str: ...
    def pages(self, tenant: str, document_id: str) -> list[tuple[int, int, int]]: ...
    def document_sections(self, tenant: str, document_id: str) -> list[Section]: ...
    def get_section(self, tenant: str, section_id: str) -> Section | None: ...
    def get_chunks(self, tenant: str, chunk_ids: list[str]) -> list[tuple[Chunk, Document]]: ...

    def sections_by_type(self, tenant: str, clause_type: str, document_ids: list[str] | None = None,
                         limit: int = 50) -> list[tuple[Section, Document]]: ...

    def query_facts(self, tenant: str, attribute: str | None = None, document_ids: list[str] | None = None,
                    qualifier: str | None = None, min_num: float | None = None, max_num: float | None = None,
                    text_contains: str | None = None, include_superseded: bool = False,
                    limit: int = 50) -> list[tuple[Fact, Document]]: ...

    def lexical_search(self, tenant: str, query: str, document_ids: list[str] | None = None, limit: int = 20,
                       match: str = "all") -> list[tuple[Chunk, Document, float]]: ...

    def resolve_entity(self, tenant: str, name: str) -> Entity | None: ...
    def entity_documents(self, tenant: str, entity_id: str) -> list[Document]: ...


class VectorReads(Protocol):
    """Qdrant: the nearest chunks of a tenant."""

    def search(self, tenant: str, vector: np.ndarray | Sequence[float], k: int = 10,
               document_ids: list[str] | None = None, clause_types: list[str] | None = None) -> list[Any]: ...


class GraphReads(Protocol):
    """The Cypher graph: entities' documents, clauses, references, parties and read-only Cypher."""

    def documents_for_entity(self, tenant: str, entity_name: str, active_only: bool = True
                             ) -> list[dict[str, Any]]: ...
    def clauses(self, tenant: str, document_id: str, clause_type: str | None = None) -> list[dict[str, Any]]: ...
    def references_from(self, tenant: str, clause_ids: list[str]) -> list[dict[str, Any]]: ...
    def parties(self, tenant: str, document_id: str) -> list[dict[str, Any]]: ...

    def run_read_only(self, tenant: str, cypher: str, params: dict | None = None,
                      limit: int = 100) -> list[dict[str, Any]]: ...


class QueryEmbedder(Protocol):
    """Embeds a question for the vector search."""

    def embed_query(self, text: str) -> np.ndarray: ...

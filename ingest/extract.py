"""Classify and extract: ParsedDocument -> sections, facts, entities, references.

Glue over the single-concern modules: clause_types (legal categories, no LLM),
facts (exact values with provenance), entities (spaCy + legal rules) folded by
the alias registry. Models load once per Extractor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingest.clause_types import sections_from_parsed
from ingest.entities import EntityExtractor
from ingest.facts import extract_facts
from ingest.model import ParsedDocument
from ingest.registry import EntityRegistry
from stores.graph import Reference
from veridict.types import Entity, Fact, Mention, Section


@dataclass
class Extraction:
    sections: list[Section]
    facts: list[Fact]
    entities: list[Entity]
    mentions: list[Mention]
    references: list[Reference] = field(default_factory=list)


class Extractor:
    def __init__(self, settings):
        self.settings = settings
        self.entities = EntityExtractor(settings.spacy_model)

    def _registry(self, tenant: str) -> EntityRegistry:
        alias_file = getattr(self.settings, "alias_file", None)
        if alias_file:
            return EntityRegistry.from_alias_file(tenant, alias_file)
        return EntityRegistry(tenant)

    def extract(self, parsed: ParsedDocument, tenant: str, document_id: str) -> Extraction:
        sections = sections_from_parsed(parsed, tenant, document_id)
        facts = extract_facts(parsed, sections, tenant, document_id)
        parties = [f for f in facts if f.attribute == "party"]
        found = self.entities.extract(
            parsed, sections, tenant, document_id, registry=self._registry(tenant), parties=parties
        )
        refs = [graph_reference(r) for r in found.references if r.source_section_id]
        return Extraction(
            sections=sections,
            facts=facts,
            entities=found.entities,
            mentions=found.mentions,
            references=[r for r in refs if r is not None],
        )


def graph_reference(ref) -> Reference | None:
    """An extracted reference as the graph store's edge description."""
    if ref.kind == "regulation":
        key = f"{ref.target} {ref.detail}".strip() if ref.detail else ref.target
        return Reference(
            section_id=ref.source_section_id,
            target_kind="regulation",
            target_key=key,
            target_name=ref.target,
            page=ref.page,
        )
    return Reference(
        section_id=ref.source_section_id,
        target_kind="clause",
        target_key=ref.target,
        target_name=None,
        page=ref.page,
    )

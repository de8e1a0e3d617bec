"""The vectors kept for clause-tagged sections: each section's passage embedded as the answer graph grades it, so
a question that finds a section by its tags does not embed it again. Ingest computes them with the chunks';
``backfill`` adds them to documents ingested before they were kept, without reading the files again."""

from __future__ import annotations

from veridict.types import PASSAGE_VECTOR_CHARS, Section

BACKFILL_BATCH = 256  # sections embedded and written at a time


def section_vectors(embedder, sections: list[Section]) -> dict[str, list[float]]:
    """Section id -> vector of each clause-tagged section with text (the first ``PASSAGE_VECTOR_CHARS`` of its
    passage, as the critic embeds a section it grades)."""
    tagged = [s for s in sections if s.clause_types and s.text.strip()]
    if not tagged:
        return {}
    # as Postgres will hold the text (a NUL becomes a space) and the critic will read it back
    rows = embedder.embed_documents([s.passage().replace("\x00", " ")[:PASSAGE_VECTOR_CHARS] for s in tagged])
    return {s.id: [float(x) for x in row] for s, row in zip(tagged, rows, strict=True)}


def backfill(pg, embedder, tenant: str, batch: int = BACKFILL_BATCH) -> int:
    """Store the vectors that the tenant's tagged sections lack; returns how many were added. Safe to run again
    (a section that has one is skipped) and beside ingestion (a section written meanwhile keeps its own)."""
    missing = pg.sections_without_vectors(tenant)
    added = 0
    for start in range(0, len(missing), batch):
        added += pg.add_section_vectors(tenant, section_vectors(embedder, missing[start:start + batch]))
    return added

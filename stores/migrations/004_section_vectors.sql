-- 004: the vectors of clause-tagged sections, embedded at ingest as the answer graph grades a section
-- (its passage's first characters, veridict.types.PASSAGE_VECTOR_CHARS), so a question does not embed them
-- again. A section without a row (untagged, or ingested before this migration) is embedded when graded.

CREATE TABLE section_vectors (
    section_id  uuid PRIMARY KEY REFERENCES sections (id) ON DELETE CASCADE,
    tenant      text NOT NULL,
    vector      real[] NOT NULL
);
CREATE INDEX section_vectors_tenant ON section_vectors (tenant);

-- 001: documents and everything read from them. Every table carries tenant; every row that
-- belongs to a document references (tenant, document_id) with ON DELETE CASCADE, so a child row
-- can never name another tenant's document and purging a document removes all of its rows.

CREATE TABLE documents (
    id          uuid PRIMARY KEY,
    tenant      text NOT NULL,
    doc_key     text NOT NULL,
    title       text NOT NULL,
    source_path text NOT NULL,
    sha256      text NOT NULL,
    version     integer NOT NULL CHECK (version >= 1),
    status      text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'active', 'superseded', 'failed')),
    format      text NOT NULL,
    n_pages     integer NOT NULL DEFAULT 0,
    n_chars     integer NOT NULL DEFAULT 0,
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant, doc_key, version),
    UNIQUE (tenant, id)
);
CREATE INDEX documents_tenant_sha256 ON documents (tenant, sha256);
CREATE INDEX documents_tenant_status ON documents (tenant, status);
-- At most one active version per document key.
CREATE UNIQUE INDEX documents_one_active ON documents (tenant, doc_key) WHERE status = 'active';

CREATE TABLE document_text (
    document_id uuid PRIMARY KEY,
    tenant      text NOT NULL,
    text        text NOT NULL,
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);

CREATE TABLE pages (
    document_id uuid NOT NULL,
    tenant      text NOT NULL,
    number      integer NOT NULL,
    char_start  integer NOT NULL,
    char_end    integer NOT NULL,
    PRIMARY KEY (document_id, number),
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);

CREATE TABLE sections (
    id           uuid PRIMARY KEY,
    tenant       text NOT NULL,
    document_id  uuid NOT NULL,
    number       text,
    title        text,
    level        integer NOT NULL DEFAULT 1,
    parent_id    uuid,
    page_start   integer NOT NULL,
    page_end     integer NOT NULL,
    char_start   integer NOT NULL,
    char_end     integer NOT NULL,
    clause_types text[] NOT NULL DEFAULT '{}',
    text         text NOT NULL DEFAULT '',
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);
CREATE INDEX sections_document ON sections (document_id, char_start);
CREATE INDEX sections_tenant ON sections (tenant);
CREATE INDEX sections_clause_types ON sections USING gin (clause_types);

CREATE TABLE chunks (
    id           uuid PRIMARY KEY,
    tenant       text NOT NULL,
    document_id  uuid NOT NULL,
    section_id   uuid,
    ordinal      integer NOT NULL,
    text         text NOT NULL,
    page_start   integer NOT NULL,
    page_end     integer NOT NULL,
    char_start   integer NOT NULL,
    char_end     integer NOT NULL,
    clause_types text[] NOT NULL DEFAULT '{}',
    tsv          tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);
CREATE INDEX chunks_document ON chunks (document_id, ordinal);
CREATE INDEX chunks_tenant ON chunks (tenant);
CREATE INDEX chunks_tsv ON chunks USING gin (tsv);

CREATE TABLE facts (
    id             uuid PRIMARY KEY,
    tenant         text NOT NULL,
    document_id    uuid NOT NULL,
    attribute      text NOT NULL,
    value_text     text NOT NULL,
    value_num      double precision,
    value_date     date,
    unit           text,
    qualifier      text,
    section_id     uuid,
    section_number text,
    section_title  text,
    page           integer NOT NULL,
    char_start     integer NOT NULL,
    char_end       integer NOT NULL,
    quote          text NOT NULL,
    method         text NOT NULL,
    confidence     double precision NOT NULL DEFAULT 1.0,
    metric         text,
    dimension      text,
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);
CREATE INDEX facts_tenant_attribute ON facts (tenant, attribute);
CREATE INDEX facts_tenant_document ON facts (tenant, document_id);

-- Entities belong to the tenant, not to one document; mentions tie them to documents.
CREATE TABLE entities (
    id             uuid NOT NULL,
    tenant         text NOT NULL,
    canonical_name text NOT NULL,
    canonical_key  text NOT NULL,  -- stores.names.alias_key(canonical_name)
    type           text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant, id),
    UNIQUE (tenant, canonical_key, type)
);

CREATE TABLE entity_aliases (
    tenant    text NOT NULL,
    alias_key text NOT NULL,
    entity_id uuid NOT NULL,
    surface   text NOT NULL,
    PRIMARY KEY (tenant, alias_key),
    FOREIGN KEY (tenant, entity_id) REFERENCES entities (tenant, id) ON DELETE CASCADE
);
CREATE INDEX entity_aliases_entity ON entity_aliases (entity_id);

CREATE TABLE mentions (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      text NOT NULL,
    entity_id   uuid NOT NULL,
    document_id uuid NOT NULL,
    section_id  uuid,
    surface     text NOT NULL,
    page        integer NOT NULL,
    char_start  integer NOT NULL,
    char_end    integer NOT NULL,
    role        text,
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant, entity_id) REFERENCES entities (tenant, id) ON DELETE CASCADE
);
CREATE INDEX mentions_entity ON mentions (tenant, entity_id);
CREATE INDEX mentions_document ON mentions (document_id);

CREATE TABLE ingestion_ledger (
    tenant      text NOT NULL,
    document_id uuid NOT NULL,
    stage       text NOT NULL CHECK (stage IN ('parse', 'postgres', 'vectors', 'graph', 'activate')),
    status      text NOT NULL CHECK (status IN ('started', 'done', 'failed')),
    error       text,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (document_id, stage),
    FOREIGN KEY (tenant, document_id) REFERENCES documents (tenant, id) ON DELETE CASCADE
);

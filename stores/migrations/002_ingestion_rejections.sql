-- 002: files refused before any document row exists (empty, corrupt, encrypted, too large,
-- wrong extension, not UTF-8, too many pages, ...). ingestion_ledger rows belong to a document;
-- a refused file must leave no document, section, chunk, fact or entity, only this record of why.

CREATE TABLE ingestion_rejections (
    id          bigserial PRIMARY KEY,
    tenant      text NOT NULL,
    path        text NOT NULL,
    sha256      text,
    code        text NOT NULL,
    error       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingestion_rejections_tenant ON ingestion_rejections (tenant, created_at);

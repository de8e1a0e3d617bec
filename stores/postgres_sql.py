"""Every SQL statement PostgresStore runs, as named constants; parameterised, filtered by tenant.

Optional filters use the pattern ``(%(x)s::type IS NULL OR col = %(x)s)``. The store turns
server-side prepared statements off (``prepare_threshold=None``), so Postgres plans each call with
the actual values and drops the filters that are NULL.
"""

from __future__ import annotations

DOCUMENT_FIELDS = (
    "id",
    "tenant",
    "doc_key",
    "title",
    "source_path",
    "sha256",
    "version",
    "status",
    "format",
    "n_pages",
    "n_chars",
    "ocr_pages",
    "ocr_confidence",
    "low_quality",
    "created_at",
)
SECTION_FIELDS = (
    "id",
    "tenant",
    "document_id",
    "number",
    "title",
    "level",
    "parent_id",
    "page_start",
    "page_end",
    "char_start",
    "char_end",
    "clause_types",
    "text",
)
CHUNK_FIELDS = (
    "id",
    "tenant",
    "document_id",
    "section_id",
    "ordinal",
    "text",
    "page_start",
    "page_end",
    "char_start",
    "char_end",
    "clause_types",
    "ocr_confidence",
)
FACT_FIELDS = (
    "id",
    "tenant",
    "document_id",
    "attribute",
    "value_text",
    "value_num",
    "value_date",
    "unit",
    "qualifier",
    "section_id",
    "section_number",
    "section_title",
    "page",
    "char_start",
    "char_end",
    "quote",
    "method",
    "confidence",
    "metric",
    "dimension",
    "ocr_confidence",
)
MENTION_FIELDS = (
    "tenant",
    "entity_id",
    "document_id",
    "section_id",
    "surface",
    "page",
    "char_start",
    "char_end",
    "role",
)
PAGE_FIELDS = ("tenant", "document_id", "number", "char_start", "char_end", "ocr_confidence")


def _select(alias: str, fields: tuple[str, ...], prefix: str) -> str:
    return ", ".join(f"{alias}.{f} AS {prefix}{f}" for f in fields)


def _copy(table: str, fields: tuple[str, ...]) -> str:
    return f"COPY {table} ({', '.join(fields)}) FROM STDIN"


# Column lists: rows come back as dicts keyed "<prefix><field>".
DOC = _select("d", DOCUMENT_FIELDS, "d_")
SECTION = _select("s", SECTION_FIELDS, "s_")
CHUNK = _select("c", CHUNK_FIELDS, "c_")
FACT = _select("f", FACT_FIELDS, "f_")

# --- migrations -------------------------------------------------------------------------------
MIGRATION_LOCK_KEY = 7_310_452_001  # pg_advisory_xact_lock key held while migrating
MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(%s)"
CREATE_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    text PRIMARY KEY,
    name       text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)"""
APPLIED_MIGRATIONS = "SELECT version FROM schema_migrations"
RECORD_MIGRATION = "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)"

PING = "SELECT 1"

# --- documents and versions -------------------------------------------------------------------
FIND_BY_SHA = f"""
SELECT {DOC} FROM documents d
WHERE d.tenant = %(tenant)s AND d.sha256 = %(sha256)s AND d.status <> 'failed'
ORDER BY (d.status = 'active') DESC, d.version DESC
LIMIT 1"""

CURRENT_VERSION = f"""
SELECT {DOC} FROM documents d
WHERE d.tenant = %(tenant)s AND d.doc_key = %(doc_key)s AND d.status = 'active'"""

NEXT_VERSION = """
SELECT COALESCE(max(version), 0) + 1 AS next FROM documents
WHERE tenant = %(tenant)s AND doc_key = %(doc_key)s"""

GET_DOCUMENT = f"SELECT {DOC} FROM documents d WHERE d.tenant = %(tenant)s AND d.id = %(id)s"

LIST_DOCUMENTS = f"""
SELECT {DOC} FROM documents d
WHERE d.tenant = %(tenant)s AND (%(status)s::text IS NULL OR d.status = %(status)s)
ORDER BY d.doc_key, d.version"""

INCOMPLETE_DOCUMENTS = f"""
SELECT {DOC} FROM documents d
WHERE d.tenant = %(tenant)s AND d.status IN ('pending', 'failed')
ORDER BY d.created_at, d.doc_key"""

# Score: 10 when the whole normalised phrase occurs in the title or key, + 1 per query word found.
FIND_DOCUMENTS = f"""
SELECT {DOC}, m.score FROM documents d,
LATERAL (
    SELECT regexp_replace(lower(d.title), '[^[:alnum:]]+', ' ', 'g') AS title_n,
           regexp_replace(lower(d.doc_key), '[^[:alnum:]]+', ' ', 'g') AS key_n
) n,
LATERAL (
    SELECT (CASE WHEN %(phrase)s <> ''
                  AND (n.title_n LIKE '%%' || %(phrase)s || '%%'
                       OR n.key_n LIKE '%%' || %(phrase)s || '%%')
                 THEN 10 ELSE 0 END)
         + (SELECT count(*) FROM unnest(%(words)s::text[]) AS w(word)
            WHERE n.title_n LIKE '%%' || w.word || '%%'
               OR n.key_n LIKE '%%' || w.word || '%%') AS score
) m
WHERE d.tenant = %(tenant)s AND d.status = 'active' AND m.score > 0
ORDER BY m.score DESC, d.title, d.version DESC
LIMIT %(limit)s"""

INSERT_DOCUMENT = """
INSERT INTO documents (id, tenant, doc_key, title, source_path, sha256, version, status, format,
                       n_pages, n_chars, ocr_pages, ocr_confidence, low_quality, created_at)
VALUES (%(id)s, %(tenant)s, %(doc_key)s, %(title)s, %(source_path)s, %(sha256)s, %(version)s,
        'pending', %(format)s, %(n_pages)s, %(n_chars)s, %(ocr_pages)s, %(ocr_confidence)s,
        %(low_quality)s, COALESCE(%(created_at)s, now()))"""

INSERT_DOCUMENT_TEXT = """
INSERT INTO document_text (document_id, tenant, text)
VALUES (%(document_id)s, %(tenant)s, %(text)s)"""

COPY_PAGES = _copy("pages", PAGE_FIELDS)
COPY_SECTIONS = _copy("sections", SECTION_FIELDS)
COPY_SECTION_VECTORS = _copy("section_vectors", ("section_id", "tenant", "vector"))
COPY_CHUNKS = _copy("chunks", CHUNK_FIELDS)
COPY_FACTS = _copy("facts", FACT_FIELDS)
COPY_MENTIONS = _copy("mentions", MENTION_FIELDS)

DOCUMENT_KEY = "SELECT doc_key FROM documents WHERE tenant = %(tenant)s AND id = %(id)s"
# Serialises activations of one (tenant, doc_key) across connections.
DOC_KEY_LOCK = (
    "SELECT pg_advisory_xact_lock(hashtextextended(%(tenant)s || chr(31) || %(doc_key)s, 0))"
)
SUPERSEDE_ACTIVE = """
UPDATE documents SET status = 'superseded'
WHERE tenant = %(tenant)s AND doc_key = %(doc_key)s AND status = 'active' AND id <> %(id)s
RETURNING id"""
SET_ACTIVE = (
    "UPDATE documents SET status = 'active', error = NULL WHERE tenant = %(tenant)s AND id = %(id)s"
)
MARK_FAILED = """
UPDATE documents SET status = 'failed', error = %(error)s
WHERE tenant = %(tenant)s AND id = %(id)s"""

# Purge: remember the entities the documents mention, delete (cascade), then drop entities
# that no other document mentions any more.
MENTIONED_ENTITIES = """
SELECT DISTINCT entity_id FROM mentions
WHERE tenant = %(tenant)s AND document_id = ANY(%(ids)s::uuid[])"""
DOCUMENT_IDS_BY_KEY = """
SELECT id FROM documents WHERE tenant = %(tenant)s AND doc_key = %(doc_key)s
ORDER BY version FOR UPDATE"""
DELETE_DOCUMENTS = """
DELETE FROM documents WHERE tenant = %(tenant)s AND id = ANY(%(ids)s::uuid[]) RETURNING id"""
DELETE_ORPHAN_ENTITIES = """
DELETE FROM entities e
WHERE e.tenant = %(tenant)s AND e.id = ANY(%(ids)s::uuid[])
  AND NOT EXISTS (SELECT 1 FROM mentions m WHERE m.tenant = e.tenant AND m.entity_id = e.id)"""

# --- entities ---------------------------------------------------------------------------------
ALIAS_LOOKUP = """
SELECT a.alias_key, a.entity_id, a.surface, e.type, e.canonical_key FROM entity_aliases a
JOIN entities e ON e.tenant = a.tenant AND e.id = a.entity_id
WHERE a.tenant = %(tenant)s AND a.alias_key = ANY(%(keys)s::text[])"""
EXISTING_ENTITIES = """
SELECT id, type FROM entities WHERE tenant = %(tenant)s AND id = ANY(%(ids)s::uuid[])"""
# The no-op update makes RETURNING give the existing id when the canonical key is taken.
UPSERT_ENTITY = """
INSERT INTO entities (id, tenant, canonical_name, canonical_key, type)
VALUES (%(id)s, %(tenant)s, %(canonical_name)s, %(canonical_key)s, %(type)s)
ON CONFLICT (tenant, canonical_key, type) DO UPDATE SET canonical_name = entities.canonical_name
RETURNING id"""
INSERT_ALIAS = """
INSERT INTO entity_aliases (tenant, alias_key, entity_id, surface)
VALUES (%(tenant)s, %(alias_key)s, %(entity_id)s, %(surface)s)
ON CONFLICT (tenant, alias_key) DO NOTHING"""

# An alias match wins over a canonical-key match; aliases come back as their surfaces.
RESOLVE_ENTITY = """
SELECT e.id, e.tenant, e.canonical_name, e.type,
       COALESCE((SELECT array_agg(a2.surface ORDER BY a2.surface) FROM entity_aliases a2
                 WHERE a2.tenant = e.tenant AND a2.entity_id = e.id), '{}') AS aliases
FROM entities e
LEFT JOIN entity_aliases a ON a.tenant = e.tenant AND a.entity_id = e.id AND a.alias_key = %(key)s
WHERE e.tenant = %(tenant)s AND (a.alias_key IS NOT NULL OR e.canonical_key = %(key)s)
ORDER BY (a.alias_key IS NOT NULL) DESC, e.created_at
LIMIT 1"""

ENTITY_DOCUMENTS = f"""
SELECT {DOC} FROM documents d
WHERE d.tenant = %(tenant)s AND d.status = 'active'
  AND EXISTS (SELECT 1 FROM mentions m
              WHERE m.tenant = d.tenant AND m.document_id = d.id AND m.entity_id = %(entity_id)s)
ORDER BY d.doc_key"""

# The names a document goes by, for the in-memory document-name index: its party facts, and for each entity
# it mentions in a party role, every name the document itself gives that entity (with or without a role) and
# the entity's canonical name. Active documents only. Not every alias the entity has gathered across the
# library: "Reseller" from one contract, or a misread heading from another, would make a party of one
# contract a name of all the others that party signed.
DOCUMENT_NAMES = """
SELECT f.document_id::text AS document_id, f.value_text AS name
FROM facts f JOIN documents d ON d.tenant = f.tenant AND d.id = f.document_id
WHERE f.tenant = %(tenant)s AND d.status = 'active' AND f.attribute = 'party'
UNION
SELECT n.document_id::text, n.surface
FROM mentions n
JOIN documents d ON d.tenant = n.tenant AND d.id = n.document_id
WHERE n.tenant = %(tenant)s AND d.status = 'active'
  AND EXISTS (SELECT 1 FROM mentions m
              WHERE m.tenant = n.tenant AND m.document_id = n.document_id AND m.entity_id = n.entity_id
                AND m.role IS NOT NULL)
UNION
SELECT m.document_id::text, e.canonical_name
FROM mentions m
JOIN documents d ON d.tenant = m.tenant AND d.id = m.document_id
JOIN entities e ON e.tenant = m.tenant AND e.id = m.entity_id
WHERE m.tenant = %(tenant)s AND d.status = 'active' AND m.role IS NOT NULL"""

# Which documents are active, as one short value: it changes whenever one is added, replaced or deleted.
LIBRARY_SIGNATURE = """
SELECT count(*) AS n, md5(coalesce(string_agg(d.id::text, ',' ORDER BY d.id), '')) AS sig
FROM documents d WHERE d.tenant = %(tenant)s AND d.status = 'active'"""

# --- ledger -----------------------------------------------------------------------------------
LEDGER_SET = """
INSERT INTO ingestion_ledger (tenant, document_id, stage, status, error, updated_at)
VALUES (%(tenant)s, %(document_id)s, %(stage)s, %(status)s, %(error)s, now())
ON CONFLICT (document_id, stage) DO UPDATE
SET status = EXCLUDED.status, error = EXCLUDED.error, updated_at = EXCLUDED.updated_at
WHERE ingestion_ledger.tenant = EXCLUDED.tenant"""
LEDGER = """
SELECT stage, status, error, updated_at FROM ingestion_ledger
WHERE tenant = %(tenant)s AND document_id = %(document_id)s
ORDER BY updated_at"""

# Files refused before a document row exists (no document_id): why, by code.
RECORD_REJECTION = """
INSERT INTO ingestion_rejections (tenant, path, sha256, code, error)
VALUES (%(tenant)s, %(path)s, %(sha256)s, %(code)s, %(error)s)"""
REJECTIONS = """
SELECT path, sha256, code, error, created_at FROM ingestion_rejections
WHERE tenant = %(tenant)s
ORDER BY created_at, id"""
DELETE_TENANT_REJECTIONS = "DELETE FROM ingestion_rejections WHERE tenant = %(tenant)s"

# Held (in one transaction) while a document is written: two writers of the same file or the
# same doc_key in any process take turns, so versions and the one active row never race.
INGEST_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%(key)s, 0))"

# --- reads for the agent ----------------------------------------------------------------------
QUERY_FACTS = f"""
SELECT {FACT}, {DOC} FROM facts f
JOIN documents d ON d.tenant = f.tenant AND d.id = f.document_id
WHERE f.tenant = %(tenant)s
  AND d.status = ANY(%(statuses)s::text[])
  AND (%(attribute)s::text IS NULL OR f.attribute = %(attribute)s)
  AND (%(document_ids)s::uuid[] IS NULL OR f.document_id = ANY(%(document_ids)s::uuid[]))
  AND (%(qualifier)s::text IS NULL OR f.qualifier = %(qualifier)s)
  AND (%(min_num)s::float8 IS NULL OR f.value_num >= %(min_num)s)
  AND (%(max_num)s::float8 IS NULL OR f.value_num <= %(max_num)s)
  AND (%(pattern)s::text IS NULL OR f.value_text ILIKE %(pattern)s OR f.quote ILIKE %(pattern)s
       OR f.metric ILIKE %(pattern)s OR f.dimension ILIKE %(pattern)s)
ORDER BY d.doc_key, d.version DESC, f.page, f.char_start
LIMIT %(limit)s"""

_LEXICAL = """
SELECT {chunk}, {doc}, ts_rank_cd(c.tsv, q.query, 32) AS score
FROM ({query}) AS q(query), chunks c
JOIN documents d ON d.tenant = c.tenant AND d.id = c.document_id
WHERE c.tenant = %(tenant)s AND d.status = 'active' AND c.tsv @@ q.query
  AND (%(document_ids)s::uuid[] IS NULL OR c.document_id = ANY(%(document_ids)s::uuid[]))
ORDER BY score DESC, c.document_id, c.ordinal
LIMIT %(limit)s"""
# All terms must match (websearch syntax: "quoted phrases", -exclusions, or).
LEXICAL_SEARCH = _LEXICAL.format(
    chunk=CHUNK, doc=DOC, query="SELECT websearch_to_tsquery('english', %(query)s)"
)
# Any term may match: for natural-language questions; ts_rank_cd still rewards covering more.
LEXICAL_SEARCH_ANY = _LEXICAL.format(
    chunk=CHUNK,
    doc=DOC,
    query="SELECT replace(plainto_tsquery('english', %(query)s)::text, ' & ', ' | ')::tsquery",
)

GET_CHUNKS = f"""
SELECT {CHUNK}, {DOC} FROM chunks c
JOIN documents d ON d.tenant = c.tenant AND d.id = c.document_id
WHERE c.tenant = %(tenant)s AND c.id = ANY(%(ids)s::uuid[]) AND d.status = 'active'"""

# Id-addressed reads see active and superseded versions (quotes from "the old version").
DOCUMENT_CHUNKS = f"""
SELECT {CHUNK} FROM chunks c
WHERE c.tenant = %(tenant)s AND c.document_id = %(document_id)s
ORDER BY c.ordinal"""

DOCUMENT_SECTIONS = f"""
SELECT {SECTION} FROM sections s
WHERE s.tenant = %(tenant)s AND s.document_id = %(document_id)s
ORDER BY s.char_start, s.level"""

SECTION_VECTORS = """
SELECT section_id, vector FROM section_vectors
WHERE tenant = %(tenant)s AND section_id = ANY(%(ids)s::uuid[])"""

SECTIONS_WITHOUT_VECTORS = f"""
SELECT {SECTION} FROM sections s
JOIN documents d ON d.tenant = s.tenant AND d.id = s.document_id
WHERE s.tenant = %(tenant)s AND d.status IN ('active', 'superseded') AND s.clause_types <> '{{}}'
  AND NOT EXISTS (SELECT 1 FROM section_vectors v WHERE v.tenant = s.tenant AND v.section_id = s.id)
ORDER BY s.document_id, s.char_start"""
ADD_SECTION_VECTOR = """
INSERT INTO section_vectors (section_id, tenant, vector)
SELECT s.id, s.tenant, %(vector)s FROM sections s WHERE s.tenant = %(tenant)s AND s.id = %(id)s
ON CONFLICT (section_id) DO NOTHING"""

GET_SECTION = f"""
SELECT {SECTION} FROM sections s
JOIN documents d ON d.tenant = s.tenant AND d.id = s.document_id
WHERE s.tenant = %(tenant)s AND s.id = %(id)s AND d.status IN ('active', 'superseded')"""

SECTIONS_BY_TYPE = f"""
SELECT {SECTION}, {DOC} FROM sections s
JOIN documents d ON d.tenant = s.tenant AND d.id = s.document_id
WHERE s.tenant = %(tenant)s AND d.status = 'active'
  AND s.clause_types @> ARRAY[%(clause_type)s]::text[]
  AND (%(document_ids)s::uuid[] IS NULL OR s.document_id = ANY(%(document_ids)s::uuid[]))
ORDER BY d.doc_key, s.char_start
LIMIT %(limit)s"""

DOCUMENT_TEXT = """
SELECT substr(t.text, %(start)s + 1, %(length)s) AS text FROM document_text t
JOIN documents d ON d.tenant = t.tenant AND d.id = t.document_id
WHERE t.tenant = %(tenant)s AND t.document_id = %(id)s AND d.status IN ('active', 'superseded')"""

PAGES = """
SELECT number, char_start, char_end FROM pages
WHERE tenant = %(tenant)s AND document_id = %(id)s ORDER BY number"""

COUNTS = """
SELECT (SELECT count(*) FROM documents WHERE tenant = %(tenant)s) AS documents,
       (SELECT count(*) FROM sections WHERE tenant = %(tenant)s) AS sections,
       (SELECT count(*) FROM chunks WHERE tenant = %(tenant)s) AS chunks,
       (SELECT count(*) FROM facts WHERE tenant = %(tenant)s) AS facts,
       (SELECT count(*) FROM entities WHERE tenant = %(tenant)s) AS entities,
       (SELECT count(*) FROM mentions WHERE tenant = %(tenant)s) AS mentions"""

DELETE_TENANT_DOCUMENTS = "DELETE FROM documents WHERE tenant = %(tenant)s"
DELETE_TENANT_ENTITIES = "DELETE FROM entities WHERE tenant = %(tenant)s"

ENTITY_NAMES = """
SELECT id, canonical_name FROM entities
WHERE tenant = %(tenant)s AND id = ANY(%(ids)s::uuid[])"""

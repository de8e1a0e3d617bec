"""Every SQL statement PgVectorStore runs, as named constants; parameterised, filtered by tenant.

``{table}`` is the collection's table, filled in with ``psycopg.sql.Identifier`` (never by string
formatting); every value is a bind parameter. Optional filters use the pattern of
stores/postgres_sql.py, ``(%(x)s::type IS NULL OR ...)``: the store turns server-side prepared
statements off, so each call is planned with its values and the NULL filters cost nothing.
"""

from __future__ import annotations

EXTENSION = "vector"
# One advisory lock for all of this store's DDL (the extension, the tables, their indexes):
# processes that create the same table at once wait for each other instead of failing.
DDL_LOCK = "SELECT pg_advisory_xact_lock(hashtext('veridict.pgvector.ddl'))"
PING = "SELECT 1"
EXTENSION_INSTALLED = "SELECT extversion FROM pg_extension WHERE extname = %(name)s"
CREATE_EXTENSION = "CREATE EXTENSION IF NOT EXISTS {extension}"
# atttypmod of a vector(n) column is n; no row when the table does not exist (on the search path).
TABLE_DIMENSION = """
SELECT a.atttypmod AS dim
FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
WHERE c.relname = %(table)s AND pg_table_is_visible(c.oid)
  AND a.attname = 'embedding' AND NOT a.attisdropped
"""
# {dim} is an integer the store checked; a type modifier cannot be a bind parameter.
CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS {table} (
    tenant       text    NOT NULL,
    chunk_id     text    NOT NULL,
    document_id  text    NOT NULL,
    clause_types text[]  NOT NULL DEFAULT '{{}}',
    payload      jsonb   NOT NULL,
    embedding    vector({dim}) NOT NULL,
    PRIMARY KEY (tenant, chunk_id)
)
"""
# Cosine HNSW for the nearest-neighbour order; (tenant, document_id) for counts, deletes and
# the exact search of a tenant's (or some documents') rows.
CREATE_HNSW_INDEX = "CREATE INDEX IF NOT EXISTS {index} ON {table} USING hnsw (embedding vector_cosine_ops)"
CREATE_DOCUMENT_INDEX = "CREATE INDEX IF NOT EXISTS {index} ON {table} (tenant, document_id)"

UPSERT = """
INSERT INTO {table} (tenant, chunk_id, document_id, clause_types, payload, embedding)
VALUES (%(tenant)s, %(chunk_id)s, %(document_id)s, %(clause_types)s, %(payload)s,
        %(embedding)s::vector)
ON CONFLICT (tenant, chunk_id) DO UPDATE SET
    document_id = EXCLUDED.document_id,
    clause_types = EXCLUDED.clause_types,
    payload = EXCLUDED.payload,
    embedding = EXCLUDED.embedding
"""
DELETE_DOCUMENT = "DELETE FROM {table} WHERE tenant = %(tenant)s AND document_id = %(document_id)s"
DELETE_TENANT = "DELETE FROM {table} WHERE tenant = %(tenant)s"
COUNT = """
SELECT count(*) AS n FROM {table}
WHERE tenant = %(tenant)s
  AND (%(document_id)s::text IS NULL OR document_id = %(document_id)s)
"""
# Per transaction (set_config(..., true) is SET LOCAL): how many HNSW candidates a search visits,
# and, for the exact pass, no index scans (the HNSW order), so the rows are ranked by a full sort.
SET_EF_SEARCH = "SELECT set_config('hnsw.ef_search', %(ef)s, true)"
EXACT_ORDER = "SELECT set_config('enable_indexscan', 'off', true)"
# How many rows a search's filters keep: the store ranks up to PgVectorStore.exact_max_rows of them
# exactly. Read from the (tenant, document_id) index.
COUNT_MATCHING = """
SELECT count(*) AS n FROM {table}
WHERE tenant = %(tenant)s
  AND (%(document_ids)s::text[] IS NULL OR document_id = ANY(%(document_ids)s::text[]))
  AND (%(clause_types)s::text[] IS NULL OR clause_types && %(clause_types)s::text[])
"""
# Cosine score as Qdrant reports it: 1 - cosine distance. ORDER BY the distance operator itself,
# so the planner can serve it from the HNSW index.
SEARCH = """
SELECT chunk_id, payload, 1 - (embedding <=> %(query)s::vector) AS score
FROM {table}
WHERE tenant = %(tenant)s
  AND (%(document_ids)s::text[] IS NULL OR document_id = ANY(%(document_ids)s::text[]))
  AND (%(clause_types)s::text[] IS NULL OR clause_types && %(clause_types)s::text[])
ORDER BY embedding <=> %(query)s::vector
LIMIT %(k)s
"""
# The cosine score of given chunks (the answer graph grades retrieved passages with their stored vectors).
SIMILARITIES = """
SELECT chunk_id, 1 - (embedding <=> %(query)s::vector) AS score
FROM {table}
WHERE tenant = %(tenant)s AND chunk_id = ANY(%(chunk_ids)s::text[])
"""

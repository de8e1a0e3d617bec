"""Index and constraint statements per graph backend (the one place the dialects differ)."""

# FalkorDB: range indexes, one property each (a composite form creates one index per property).
# Re-creating an existing index fails with "already indexed", which ensure_schema ignores.
# Uniqueness comes from MERGE on (tenant, id): FalkorDB runs writes one at a time.
FALKORDB_INDEXES: tuple[str, ...] = (
    "CREATE INDEX FOR (d:Document) ON (d.id)",
    "CREATE INDEX FOR (d:Document) ON (d.tenant)",
    "CREATE INDEX FOR (d:Document) ON (d.doc_key)",
    "CREATE INDEX FOR (c:Clause) ON (c.id)",
    "CREATE INDEX FOR (c:Clause) ON (c.document_id)",
    "CREATE INDEX FOR (c:Clause) ON (c.tenant)",
    "CREATE INDEX FOR (e:Entity) ON (e.id)",
    "CREATE INDEX FOR (e:Entity) ON (e.tenant)",
    "CREATE INDEX FOR (e:Entity) ON (e.name_key)",
    "CREATE INDEX FOR (e:Entity) ON (e.alias_keys)",  # an array: "$key IN e.alias_keys" uses it
    "CREATE INDEX FOR (r:Regulation) ON (r.key)",
    "CREATE INDEX FOR (r:Regulation) ON (r.tenant)",
)
FALKORDB_ALREADY_INDEXED = "already indexed"

# Neo4j 5: composite uniqueness constraints (Community edition) back MERGE on (tenant, id);
# secondary indexes for the lookups the reads do.
NEO4J_SCHEMA: tuple[str, ...] = (
    "CREATE CONSTRAINT veridict_document_key IF NOT EXISTS "
    "FOR (d:Document) REQUIRE (d.tenant, d.id) IS UNIQUE",
    "CREATE CONSTRAINT veridict_clause_key IF NOT EXISTS "
    "FOR (c:Clause) REQUIRE (c.tenant, c.id) IS UNIQUE",
    "CREATE CONSTRAINT veridict_entity_key IF NOT EXISTS "
    "FOR (e:Entity) REQUIRE (e.tenant, e.id) IS UNIQUE",
    "CREATE CONSTRAINT veridict_regulation_key IF NOT EXISTS "
    "FOR (r:Regulation) REQUIRE (r.tenant, r.key) IS UNIQUE",
    "CREATE INDEX veridict_document_doc_key IF NOT EXISTS "
    "FOR (d:Document) ON (d.tenant, d.doc_key)",
    "CREATE INDEX veridict_clause_document IF NOT EXISTS "
    "FOR (c:Clause) ON (c.tenant, c.document_id)",
    "CREATE INDEX veridict_entity_name_key IF NOT EXISTS FOR (e:Entity) ON (e.tenant, e.name_key)",
)

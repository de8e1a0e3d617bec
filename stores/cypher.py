"""Every data Cypher statement of the graph store, in openCypher that FalkorDB and Neo4j share.

Rules: parameters only (never string-built values); every MATCH/MERGE names `tenant: $tenant`;
writes take a list parameter `$rows` unwound in batches; reads return named columns.
Index/constraint statements differ per backend and live in stores/graph_schema.py.

Graph model:
  (:Document {id, tenant, doc_key, title, version, status, source_path, format, n_pages})
  (:Clause {id, tenant, document_id, number, number_key, title, level, parent_id, clause_types,
            page_start, page_end, char_start, char_end, ordinal})
  (:Entity {id, tenant, name, type, name_key, aliases, alias_keys})
  (:Regulation {tenant, key, name})
  (Document)-[:CONTAINS]->(Clause)          (Clause)-[:MENTIONS {count, page}]->(Entity)
  (Document)-[:MENTIONS {count, page}]->(Entity)
  (Entity)-[:PARTY_TO {role}]->(Document)   (Clause)-[:REFERENCES {page}]->(Regulation|Clause)
  (Document)-[:SUPERSEDES]->(Document)
"""

# ----- document writes -----------------------------------------------------------------------

UPSERT_DOCUMENT = """
MERGE (d:Document {tenant: $tenant, id: $document_id})
SET d.doc_key = $doc_key, d.title = $title, d.version = $version, d.status = $status,
    d.source_path = $source_path, d.format = $format, d.n_pages = $n_pages
RETURN d.id AS id
"""

# Removes a document's clauses with all their edges (CONTAINS, MENTIONS, REFERENCES in and out).
CLEAR_CLAUSES = """
MATCH (c:Clause {tenant: $tenant, document_id: $document_id})
DETACH DELETE c
RETURN count(c) AS n
"""

# Document-level edges that write_document recreates (kept on supersede for history).
CLEAR_DOCUMENT_LINKS = """
MATCH (d:Document {tenant: $tenant, id: $document_id})-[r:MENTIONS|PARTY_TO]-(:Entity)
DELETE r
RETURN count(r) AS n
"""

WRITE_CLAUSES = """
MATCH (d:Document {tenant: $tenant, id: $document_id})
UNWIND $rows AS row
MERGE (c:Clause {tenant: $tenant, id: row.id})
SET c.document_id = $document_id, c.number = row.number, c.number_key = row.number_key,
    c.title = row.title, c.level = row.level, c.parent_id = row.parent_id,
    c.clause_types = row.clause_types, c.page_start = row.page_start, c.page_end = row.page_end,
    c.char_start = row.char_start, c.char_end = row.char_end, c.ordinal = row.ordinal
MERGE (d)-[:CONTAINS]->(c)
RETURN count(c) AS n
"""

WRITE_ENTITIES = """
UNWIND $rows AS row
MERGE (e:Entity {tenant: $tenant, id: row.id})
SET e.name = row.name, e.type = row.type, e.name_key = row.name_key,
    e.aliases = row.aliases, e.alias_keys = row.alias_keys
RETURN count(e) AS n
"""

WRITE_DOCUMENT_MENTIONS = """
MATCH (d:Document {tenant: $tenant, id: $document_id})
UNWIND $rows AS row
MATCH (e:Entity {tenant: $tenant, id: row.entity_id})
MERGE (d)-[m:MENTIONS]->(e)
SET m.count = row.count, m.page = row.page
RETURN count(m) AS n
"""

WRITE_PARTIES = """
MATCH (d:Document {tenant: $tenant, id: $document_id})
UNWIND $rows AS row
MATCH (e:Entity {tenant: $tenant, id: row.entity_id})
MERGE (e)-[p:PARTY_TO]->(d)
SET p.role = row.role
RETURN count(p) AS n
"""

WRITE_CLAUSE_MENTIONS = """
UNWIND $rows AS row
MATCH (c:Clause {tenant: $tenant, id: row.section_id})
MATCH (e:Entity {tenant: $tenant, id: row.entity_id})
MERGE (c)-[m:MENTIONS]->(e)
SET m.count = row.count, m.page = row.page
RETURN count(m) AS n
"""

WRITE_REGULATION_REFERENCES = """
UNWIND $rows AS row
MATCH (c:Clause {tenant: $tenant, id: row.section_id})
MERGE (r:Regulation {tenant: $tenant, key: row.key})
SET r.name = coalesce(row.name, r.name, row.key)
MERGE (c)-[x:REFERENCES]->(r)
SET x.page = row.page
RETURN count(x) AS n
"""

# A clause reference resolves to the clause with that number in the same document; unresolved
# references are dropped.
WRITE_CLAUSE_REFERENCES = """
UNWIND $rows AS row
MATCH (c:Clause {tenant: $tenant, id: row.section_id})
MATCH (t:Clause {tenant: $tenant, document_id: $document_id, number_key: row.key})
WHERE t.id <> c.id
MERGE (c)-[x:REFERENCES]->(t)
SET x.page = row.page
RETURN count(x) AS n
"""

SET_STATUS = """
MATCH (d:Document {tenant: $tenant, id: $document_id})
SET d.status = $status
RETURN count(d) AS n
"""

SUPERSEDE = """
MATCH (old:Document {tenant: $tenant, id: $old_id})
MATCH (new:Document {tenant: $tenant, id: $new_id})
SET old.status = 'superseded'
MERGE (new)-[:SUPERSEDES]->(old)
RETURN count(old) AS n
"""

# ----- deletes -------------------------------------------------------------------------------

DOCUMENT_ENTITY_IDS = """
MATCH (d:Document {tenant: $tenant, id: $document_id})-[:MENTIONS|PARTY_TO]-(e:Entity)
RETURN DISTINCT e.id AS id
"""

DELETE_DOCUMENT_NODE = """
MATCH (d:Document {tenant: $tenant, id: $document_id})
DETACH DELETE d
RETURN count(d) AS n
"""

REMOVE_ORPHAN_ENTITIES = """
UNWIND $ids AS entity_id
MATCH (e:Entity {tenant: $tenant, id: entity_id})
OPTIONAL MATCH (e)-[r]-()
WITH e, count(r) AS degree
WHERE degree = 0
DELETE e
RETURN count(e) AS n
"""

REMOVE_ORPHAN_REGULATIONS = """
MATCH (r:Regulation {tenant: $tenant})
OPTIONAL MATCH (r)-[x]-()
WITH r, count(x) AS degree
WHERE degree = 0
DELETE r
RETURN count(r) AS n
"""

DELETE_TENANT_BATCH = """
MATCH (n {tenant: $tenant})
WITH n LIMIT $batch
DETACH DELETE n
RETURN count(n) AS n
"""

# ----- reads ---------------------------------------------------------------------------------

# The entity is found by its name or alias key alone, then kept only in the tenant: with the tenant in the
# pattern FalkorDB scanned every mention of the tenant's documents (10 ms at 250 contracts); with indexes on
# name_key and alias_keys this is an index lookup (0.3 ms).
DOCUMENTS_FOR_ENTITY = """
MATCH (e:Entity)
WHERE e.name_key = $key OR $key IN e.alias_keys
WITH e WHERE e.tenant = $tenant
MATCH (d:Document {tenant: $tenant})-[:MENTIONS]->(e)
WHERE d.status = 'active' OR NOT $active_only
OPTIONAL MATCH (e)-[p:PARTY_TO]->(d)
RETURN d.id AS id, d.title AS title, d.version AS version, d.status AS status,
       d.doc_key AS doc_key, p.role AS role, e.name AS entity
ORDER BY d.doc_key, d.version DESC
"""

CLAUSES = """
MATCH (c:Clause {tenant: $tenant, document_id: $document_id})
WHERE $clause_type IS NULL OR $clause_type IN c.clause_types
RETURN c.id AS id, c.document_id AS document_id, c.number AS number, c.title AS title,
       c.level AS level, c.parent_id AS parent_id, c.clause_types AS clause_types,
       c.page_start AS page_start, c.page_end AS page_end,
       c.char_start AS char_start, c.char_end AS char_end
ORDER BY c.ordinal
"""

REFERENCES_FROM = """
UNWIND $clause_ids AS cid
MATCH (c:Clause {tenant: $tenant, id: cid})-[x:REFERENCES]->(t)
WHERE t.tenant = $tenant
RETURN c.id AS clause_id, labels(t)[0] AS label, t.key AS key, t.name AS name,
       t.number AS number, t.title AS title, t.id AS target_id, x.page AS page
ORDER BY clause_id, label, key, number
"""

PARTIES = """
MATCH (e:Entity {tenant: $tenant})-[p:PARTY_TO]->(d:Document {tenant: $tenant, id: $document_id})
RETURN e.name AS name, p.role AS role, e.id AS entity_id, e.type AS type
ORDER BY name
"""

COUNT_NODES = """
MATCH (n {tenant: $tenant})
RETURN labels(n)[0] AS label, count(n) AS n
"""

COUNT_EDGES = """
MATCH (a {tenant: $tenant})-[r]->(b {tenant: $tenant})
RETURN type(r) AS type, count(r) AS n
"""

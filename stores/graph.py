"""The graph store: documents, clauses, entities and regulations, and their relations.

`GraphStore` holds every operation once, written against the Cypher constants in
stores/cypher.py; a backend (FalkorDB, Neo4j) only says how a statement runs.
`check_read_only` is the guard for the agent's free-form Cypher tool.

Size: every graph operation once, each a thin method over the Cypher in stores/cypher.py, plus the FalkorDB
backend; it grows with the graph schema, not with logic.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from stores import cypher as cq
from stores.errors import QueryRejected, StoreError
from veridict.domain.names import alias_key
from veridict.types import DocStatus, Document, Entity, Mention, Section

Statement = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Reference:
    """A clause's reference to a regulation ("GDPR Art. 83(4)") or another clause ("14.3")."""

    section_id: str
    target_kind: Literal["regulation", "clause"]
    target_key: str
    target_name: str | None = None
    page: int | None = None


def clause_number_key(number: str | None) -> str | None:
    """Normalise a clause number for matching: "14.3." / "Section 14.3" -> "14.3"."""
    if not number:
        return None
    text = number.strip().casefold()
    text = re.sub(r"^(section|sec\.|clause|article|art\.)\s*", "", text)
    text = re.sub(r"\s+", " ", text).rstrip(".):")
    return text or None


def _chunks(rows: list[dict], size: int) -> Iterator[list[dict]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]


class GraphStore(ABC):
    """A Cypher graph holding every tenant's documents; every node carries `tenant`."""

    backend: str = "graph"
    #: rows per UNWIND parameter list
    batch_size: int = 200
    #: most rows `run_read_only` may return, whatever the caller asks
    max_rows: int = 1000

    # ----- what a backend provides -------------------------------------------------------

    @abstractmethod
    def ensure_schema(self) -> None:
        """Create indexes/constraints (idempotent)."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def ping(self) -> None:
        """Raise StoreUnavailable if the server cannot be reached."""

    @abstractmethod
    def _read(self, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        """Run one read statement; rows as dicts keyed by the RETURN names."""

    @abstractmethod
    def _write(self, statements: Sequence[Statement]) -> list[list[dict[str, Any]]]:
        """Run write statements in order (one transaction where the backend has them)."""

    @abstractmethod
    def _read_only(self, query: str, params: dict[str, Any], limit: int) -> list[dict[str, Any]]:
        """Run a guarded free-form query in the backend's read-only mode; at most `limit` rows."""

    # ----- writes ------------------------------------------------------------------------

    def write_document(
        self,
        tenant: str,
        document: Document,
        sections: list[Section],
        entities: list[Entity],
        mentions: list[Mention],
        references: list[Reference],
    ) -> None:
        """Write (or rewrite) one document's subgraph; earlier clauses of the same id go."""
        if document.tenant != tenant:
            raise StoreError(
                f"document {document.id} belongs to tenant {document.tenant!r}, not {tenant!r}"
            )
        doc_id = document.id
        base = {"tenant": tenant, "document_id": doc_id}
        # entities this document linked before a rewrite, and those passed now: any left
        # without an edge at the end is removed
        earlier = [r["id"] for r in self._read(cq.DOCUMENT_ENTITY_IDS, base)]
        candidates = list(dict.fromkeys([*earlier, *(e.id for e in entities)]))
        statements: list[Statement] = [
            (cq.CLEAR_CLAUSES, base),
            (cq.CLEAR_DOCUMENT_LINKS, base),
            (
                cq.UPSERT_DOCUMENT,
                {
                    **base,
                    "doc_key": document.doc_key,
                    "title": document.title,
                    "version": document.version,
                    "status": document.status.value,
                    "source_path": document.source_path,
                    "format": document.format,
                    "n_pages": document.n_pages,
                },
            ),
        ]
        statements += self._batches(cq.WRITE_CLAUSES, base, _clause_rows(sections))
        statements += self._batches(cq.WRITE_ENTITIES, base, _entity_rows(entities))
        doc_mentions, parties, clause_mentions = _mention_rows(mentions, doc_id, sections)
        statements += self._batches(cq.WRITE_DOCUMENT_MENTIONS, base, doc_mentions)
        statements += self._batches(cq.WRITE_PARTIES, base, parties)
        statements += self._batches(cq.WRITE_CLAUSE_MENTIONS, base, clause_mentions)
        regulation_refs, clause_refs = _reference_rows(references, sections)
        statements += self._batches(cq.WRITE_REGULATION_REFERENCES, base, regulation_refs)
        statements += self._batches(cq.WRITE_CLAUSE_REFERENCES, base, clause_refs)
        statements.append((cq.REMOVE_ORPHAN_REGULATIONS, {"tenant": tenant}))
        statements += self._orphan_entity_statements(tenant, candidates)
        self._write(statements)

    def set_status(self, tenant: str, document_id: str, status: str) -> None:
        value = status.value if isinstance(status, DocStatus) else str(status)
        if value not in {s.value for s in DocStatus}:
            raise StoreError(f"unknown document status {value!r}")
        params = {"tenant": tenant, "document_id": document_id, "status": value}
        rows = self._write([(cq.SET_STATUS, params)])[0]
        if not rows or not rows[0]["n"]:
            raise StoreError(f"{self.backend}: no document {document_id} for tenant {tenant!r}")

    def supersede(self, tenant: str, old_document_id: str, new_document_id: str) -> None:
        """Old -> 'superseded', (new)-[:SUPERSEDES]->(old); old clauses and their edges removed."""
        ids = {"tenant": tenant, "old_id": old_document_id, "new_id": new_document_id}
        rows = self._write([(cq.SUPERSEDE, ids)])[0]
        if not rows or not rows[0]["n"]:
            raise StoreError(
                f"{self.backend}: cannot supersede {old_document_id} with {new_document_id} "
                f"for tenant {tenant!r}: one of them is not in the graph"
            )
        self._write(
            [
                (cq.CLEAR_CLAUSES, {"tenant": tenant, "document_id": old_document_id}),
                (cq.REMOVE_ORPHAN_REGULATIONS, {"tenant": tenant}),
            ]
        )

    def delete_document(self, tenant: str, document_id: str) -> None:
        """Remove the document, its clauses and edges, and the tenant's entities left orphaned."""
        base = {"tenant": tenant, "document_id": document_id}
        entity_ids = [r["id"] for r in self._read(cq.DOCUMENT_ENTITY_IDS, base)]
        statements: list[Statement] = [
            (cq.CLEAR_CLAUSES, base),
            (cq.DELETE_DOCUMENT_NODE, base),
            (cq.REMOVE_ORPHAN_REGULATIONS, {"tenant": tenant}),
        ]
        statements += self._orphan_entity_statements(tenant, entity_ids)
        self._write(statements)

    def delete_tenant(self, tenant: str) -> None:
        while True:
            rows = self._write([(cq.DELETE_TENANT_BATCH, {"tenant": tenant, "batch": 5000})])[0]
            if not rows or not rows[0]["n"]:
                return

    # ----- reads -------------------------------------------------------------------------

    def documents_for_entity(
        self, tenant: str, entity_name: str, active_only: bool = True
    ) -> list[dict[str, Any]]:
        """Documents that mention the entity (by name or alias); role set where it is a party."""
        key = alias_key(entity_name)
        if not key:
            return []
        rows = self._read(
            cq.DOCUMENTS_FOR_ENTITY, {"tenant": tenant, "key": key, "active_only": active_only}
        )
        out: dict[str, dict[str, Any]] = {}
        for row in rows:
            seen = out.get(row["id"])
            if seen is None:
                out[row["id"]] = row
            elif seen["role"] is None and row["role"] is not None:
                seen["role"] = row["role"]
        return list(out.values())

    def clauses(
        self, tenant: str, document_id: str, clause_type: str | None = None
    ) -> list[dict[str, Any]]:
        return self._read(
            cq.CLAUSES,
            {"tenant": tenant, "document_id": document_id, "clause_type": clause_type},
        )

    def references_from(self, tenant: str, clause_ids: list[str]) -> list[dict[str, Any]]:
        """{clause_id, kind, key, name, target_id, page} for each REFERENCES edge of the clauses."""
        out: list[dict[str, Any]] = []
        ids = list(dict.fromkeys(clause_ids))
        for start in range(0, len(ids), self.batch_size):
            rows = self._read(
                cq.REFERENCES_FROM,
                {"tenant": tenant, "clause_ids": ids[start : start + self.batch_size]},
            )
            for r in rows:
                is_regulation = r["label"] == "Regulation"
                out.append(
                    {
                        "clause_id": r["clause_id"],
                        "kind": "regulation" if is_regulation else "clause",
                        "key": r["key"] if is_regulation else r["number"],
                        "name": r["name"] if is_regulation else r["title"],
                        "target_id": None if is_regulation else r["target_id"],
                        "page": r["page"],
                    }
                )
        return out

    def parties(self, tenant: str, document_id: str) -> list[dict[str, Any]]:
        return self._read(cq.PARTIES, {"tenant": tenant, "document_id": document_id})

    def counts(self, tenant: str) -> dict[str, int]:
        """Nodes by label (Document, Clause, Entity, Regulation), edges by type, `edges` in all."""
        out = {label: 0 for label in ("Document", "Clause", "Entity", "Regulation")}
        for r in self._read(cq.COUNT_NODES, {"tenant": tenant}):
            out[r["label"]] = r["n"]
        edges = 0
        for r in self._read(cq.COUNT_EDGES, {"tenant": tenant}):
            out[r["type"]] = r["n"]
            edges += r["n"]
        out["edges"] = edges
        return out

    def run_read_only(
        self, tenant: str, cypher: str, params: dict | None = None, limit: int = 100
    ) -> list[dict[str, Any]]:
        """Free-form Cypher for the agent: no writes, $tenant required, rows capped at `limit`."""
        limit = min(int(limit), self.max_rows)
        query, bound = check_read_only(cypher, tenant, params, limit)
        rows = self._read_only(query, bound, limit)[:limit]
        foreign = _foreign_tenants(rows, tenant)
        if foreign:  # defence in depth: the guard above should make this impossible
            raise QueryRejected("the query returned data of another tenant")
        return rows

    # ----- helpers -----------------------------------------------------------------------

    def _orphan_entity_statements(self, tenant: str, entity_ids: list[str]) -> list[Statement]:
        return [
            (
                cq.REMOVE_ORPHAN_ENTITIES,
                {"tenant": tenant, "ids": entity_ids[i : i + self.batch_size]},
            )
            for i in range(0, len(entity_ids), self.batch_size)
        ]

    def _batches(self, query: str, base: dict[str, Any], rows: list[dict]) -> list[Statement]:
        return [(query, {**base, "rows": chunk}) for chunk in _chunks(rows, self.batch_size)]

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _foreign_tenants(value: Any, tenant: str) -> set[str]:
    """Tenants other than ``tenant`` on the nodes/edges (dicts with a `tenant` key) in rows."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "tenant" in value and ("_labels" in value or "_type" in value) and value["tenant"] != tenant:
            found.add(str(value["tenant"]))
        for v in value.values():
            found |= _foreign_tenants(v, tenant)
    elif isinstance(value, list):
        for v in value:
            found |= _foreign_tenants(v, tenant)
    return found


# ----- rows for the UNWIND statements ---------------------------------------------------------


def _clause_rows(sections: list[Section]) -> list[dict]:
    return [
        {
            "id": s.id,
            "number": s.number,
            "number_key": clause_number_key(s.number),
            "title": s.title,
            "level": s.level,
            "parent_id": s.parent_id,
            "clause_types": list(s.clause_types),
            "page_start": s.page_start,
            "page_end": s.page_end,
            "char_start": s.char_start,
            "char_end": s.char_end,
            "ordinal": i,
        }
        for i, s in enumerate(sections)
    ]


def _entity_rows(entities: list[Entity]) -> list[dict]:
    rows: dict[str, dict] = {}
    for e in entities:
        keys = [alias_key(a) for a in e.aliases]
        rows[e.id] = {
            "id": e.id,
            "name": e.canonical_name,
            "type": e.type,
            "name_key": alias_key(e.canonical_name),
            "aliases": list(e.aliases),
            "alias_keys": sorted({k for k in keys if k}),
        }
    return list(rows.values())


def _mention_rows(
    mentions: list[Mention], document_id: str, sections: list[Section]
) -> tuple[list[dict], list[dict], list[dict]]:
    """Aggregate mentions: per entity (document level), parties (role), per (clause, entity)."""
    known_sections = {s.id for s in sections}
    per_entity: dict[str, dict] = {}
    roles: dict[str, str] = {}
    per_clause: dict[tuple[str, str], dict] = {}
    for m in mentions:
        if m.document_id != document_id:
            continue
        row = per_entity.setdefault(
            m.entity_id, {"entity_id": m.entity_id, "count": 0, "page": m.page}
        )
        row["count"] += 1
        if m.role and m.entity_id not in roles:
            roles[m.entity_id] = m.role
        if m.section_id and m.section_id in known_sections:
            crow = per_clause.setdefault(
                (m.section_id, m.entity_id),
                {"section_id": m.section_id, "entity_id": m.entity_id, "count": 0, "page": m.page},
            )
            crow["count"] += 1
    parties = [{"entity_id": eid, "role": role} for eid, role in roles.items()]
    return list(per_entity.values()), parties, list(per_clause.values())


def _reference_rows(
    references: list[Reference], sections: list[Section]
) -> tuple[list[dict], list[dict]]:
    known_sections = {s.id for s in sections}
    regulations: dict[tuple[str, str], dict] = {}
    clauses: dict[tuple[str, str], dict] = {}
    for ref in references:
        if ref.section_id not in known_sections:
            continue
        if ref.target_kind == "regulation":
            key = " ".join(ref.target_key.split())
            if key:
                regulations.setdefault(
                    (ref.section_id, key),
                    {
                        "section_id": ref.section_id,
                        "key": key,
                        "name": ref.target_name,
                        "page": ref.page,
                    },
                )
        elif ref.target_kind == "clause":
            number = clause_number_key(ref.target_key)
            if number:
                clauses.setdefault(
                    (ref.section_id, number),
                    {"section_id": ref.section_id, "key": number, "page": ref.page},
                )
        else:
            raise StoreError(f"unknown reference kind {ref.target_kind!r}")
    return list(regulations.values()), list(clauses.values())


# ----- the read-only guard ---------------------------------------------------------------------

#: clause keywords that write, change schema, load external data or switch database
WRITE_KEYWORDS = frozenset(
    {
        "CREATE", "MERGE", "DELETE", "DETACH", "SET", "REMOVE", "DROP", "FOREACH", "LOAD",
        "INSERT", "USE", "ALTER", "RENAME", "GRANT", "DENY", "REVOKE",
    }
)  # fmt: skip
#: procedures the free-form tool may CALL (all read-only in FalkorDB and Neo4j)
READ_PROCEDURES = frozenset({"db.labels", "db.relationshiptypes", "db.propertykeys"})
MAX_QUERY_CHARS = 10_000

_IDENT_START = re.compile(r"[^\W\d]", re.UNICODE)
_IDENT_CHAR = re.compile(r"\w", re.UNICODE)


@dataclass(frozen=True)
class Token:
    kind: Literal["ident", "qident", "string", "param", "number", "punct"]
    text: str  # ident: as written; param: the name; string: the raw literal
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Cypher tokens without comments and whitespace; QueryRejected on an unterminated literal."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise QueryRejected("unterminated /* comment")
            i = end + 2
        elif ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise QueryRejected("unterminated string literal")
            tokens.append(Token("string", text[i : j + 1], i, j + 1))
            i = j + 1
        elif ch == "`":
            j = _end_of_backtick(text, i)
            tokens.append(Token("qident", text[i + 1 : j - 1].replace("``", "`"), i, j))
            i = j
        elif ch == "$":
            j = i + 1
            if j < n and text[j] == "`":
                k = _end_of_backtick(text, j)
                name = text[j + 1 : k - 1].replace("``", "`")
            else:
                k = j
                while k < n and _IDENT_CHAR.match(text[k]):
                    k += 1
                name = text[j:k]
            if not name:
                raise QueryRejected("'$' without a parameter name")
            tokens.append(Token("param", name, i, k))
            i = k
        elif ch.isdigit():
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            if j + 1 < n and text[j] == "." and text[j + 1].isdigit():
                j += 1
                while j < n and (text[j].isalnum() or text[j] == "_"):
                    j += 1
            tokens.append(Token("number", text[i:j], i, j))
            i = j
        elif _IDENT_START.match(ch):
            j = i + 1
            while j < n and _IDENT_CHAR.match(text[j]):
                j += 1
            tokens.append(Token("ident", text[i:j], i, j))
            i = j
        else:
            tokens.append(Token("punct", ch, i, i + 1))
            i += 1
    return tokens


def _end_of_backtick(text: str, start: int) -> int:
    j = start + 1
    while True:
        k = text.find("`", j)
        if k < 0:
            raise QueryRejected("unterminated `quoted identifier`")
        if text.startswith("``", k):
            j = k + 2
            continue
        return k + 1


def _is(token: Token, word: str) -> bool:
    return token.kind == "ident" and token.text.upper() == word


def check_read_only(
    text: str, tenant: str, params: dict | None, limit: int
) -> tuple[str, dict[str, Any]]:
    """Validate a free-form query and return (query to run, parameters with $tenant bound).

    Rejects: write/schema/admin clauses, CALL of anything but a few read procedures, `GRAPH.`
    commands, several statements, queries without RETURN or without $tenant, a caller-supplied
    tenant other than `tenant`. Caps rows: appends `LIMIT limit`, or lowers a larger LIMIT.
    """
    if not isinstance(text, str) or not text.strip():
        raise QueryRejected("empty query")
    if len(text) > MAX_QUERY_CHARS:
        raise QueryRejected(f"query longer than {MAX_QUERY_CHARS} characters")
    if limit < 1:
        raise QueryRejected("limit must be at least 1")
    bound = dict(params or {})
    if "tenant" in bound and bound["tenant"] != tenant:
        raise QueryRejected("the tenant parameter is bound by the store; do not pass another one")
    bound["tenant"] = tenant
    tokens = tokenize(text)

    # One statement: a ';' may only end the query.
    for pos, tok in enumerate(tokens):
        if tok.kind == "punct" and tok.text == ";" and pos != len(tokens) - 1:
            raise QueryRejected("only one statement is allowed")
    if tokens and tokens[-1].kind == "punct" and tokens[-1].text == ";":
        tokens = tokens[:-1]
    if not tokens:
        raise QueryRejected("empty query")

    for pos, tok in enumerate(tokens):
        if tok.kind != "ident":
            continue
        word = tok.text.upper()
        if word in WRITE_KEYWORDS:
            raise QueryRejected(f"read-only queries may not use {word}")
        nxt = tokens[pos + 1] if pos + 1 < len(tokens) else None
        if word == "GRAPH" and nxt is not None and nxt.text == ".":
            raise QueryRejected("GRAPH.* commands are not allowed")
        if word == "CALL":
            _check_call(tokens, pos + 1)
    top_level = _top_level_positions(tokens)
    # every UNION branch must use $tenant (a check of intent, not a proof of isolation)
    cuts = [p for p in top_level if _is(tokens[p], "UNION")]
    for lo, hi in zip([-1, *cuts], [*cuts, len(tokens)], strict=True):
        if not any(t.kind == "param" and t.text == "tenant" for t in tokens[lo + 1 : hi]):
            raise QueryRejected(
                "the query must filter by tenant through the $tenant parameter"
                + (" in every UNION branch" if cuts else "")
            )
    for t in tokens:
        if t.kind == "param" and t.text not in bound:
            raise QueryRejected(f"parameter ${t.text} has no value")
    _check_anchored(tokens)

    edits: list[tuple[int, int, str]] = []
    returns = [p for p in top_level if _is(tokens[p], "RETURN")]
    if not returns:
        raise QueryRejected("a read-only query must end with RETURN")
    limits = [p for p in top_level if p > returns[-1] and _is(tokens[p], "LIMIT")]
    if not limits:
        edits.append((tokens[-1].end, tokens[-1].end, f"\nLIMIT {limit}"))
    else:
        pos = limits[-1]
        arg = tokens[pos + 1] if pos + 1 < len(tokens) else None
        if arg is None or pos + 2 != len(tokens):
            raise QueryRejected("LIMIT must be a single integer or parameter")
        if arg.kind == "number" and arg.text.isdigit():
            edits.append((arg.start, arg.end, str(min(int(arg.text), limit))))
        elif arg.kind == "param" and isinstance(bound.get(arg.text), int):
            bound[arg.text] = max(0, min(bound[arg.text], limit))
        else:
            raise QueryRejected("LIMIT must be a single integer or parameter")
    return _rebuild(text, tokens, edits), bound


def _node_pattern(tokens: list[Token], pos: int) -> tuple[int, str | None, bool, bool] | None:
    """At a '(' : (index after ')', variable, anchored by `tenant: $tenant`, has label or map)
    when it is a node pattern ``(var:Label {k: v})``; None for a call or an expression."""
    if pos > 0 and tokens[pos - 1].kind in ("ident", "qident"):
        prev = tokens[pos - 1].text.upper()
        if tokens[pos - 1].kind == "qident" or prev not in _PATTERN_STARTS:
            return None  # f(...): a function or procedure call
    i, n = pos + 1, len(tokens)
    var = None
    if i < n and tokens[i].kind in ("ident", "qident"):
        var, i = tokens[i].text, i + 1
    shaped = False
    while i + 1 < n and tokens[i].text == ":" and tokens[i + 1].kind in ("ident", "qident"):
        shaped, i = True, i + 2
    anchored = False
    if i < n and tokens[i].kind == "punct" and tokens[i].text == "{":
        shaped, depth, j = True, 0, i
        while j < n:
            t = tokens[j]
            if t.kind == "punct" and t.text in "([{":
                depth += 1
            elif t.kind == "punct" and t.text in ")]}":
                depth -= 1
                if depth == 0:
                    break
            elif (depth == 1 and t.kind in ("ident", "qident") and t.text == "tenant"
                  and j + 3 < n and tokens[j + 1].text == ":" and tokens[j + 2].kind == "param"
                  and tokens[j + 2].text == "tenant"
                  and tokens[j + 3].text in (",", "}")):
                anchored = True
            j += 1
        i = j + 1
    if i < n and tokens[i].kind == "punct" and tokens[i].text == ")":
        return i + 1, var, anchored, shaped
    return None


#: words a node pattern may follow directly (anything else before '(' makes it a call)
_PATTERN_STARTS = frozenset({"MATCH", "MERGE", "CREATE", "WHERE", "AND", "OR", "XOR", "NOT", "EXISTS",
                             "RETURN", "WITH", "WHEN", "THEN", "ELSE"})


def _check_anchored(tokens: list[Token]) -> None:
    """Every pattern must start from this tenant: each chain of node patterns joined by
    relationships has a node written ``{tenant: $tenant, ...}`` or a variable such a chain bound.

    Edges never join two tenants (every write matches both ends by tenant), so whatever a chain
    reaches from an anchored node is the tenant's. A ``WHERE n.tenant = $tenant`` does not
    anchor: ``OR true`` would undo it.
    """
    chains: list[list[tuple[str | None, bool, bool]]] = []
    current: list[tuple[str | None, bool, bool]] = []
    last_end = -1
    pos = 0
    while pos < len(tokens):
        tok = tokens[pos]
        node = _node_pattern(tokens, pos) if tok.kind == "punct" and tok.text == "(" else None
        if node is None:
            pos += 1
            continue
        end, var, anchored, shaped = node
        between = tokens[last_end:pos] if last_end >= 0 else []
        linked = bool(between) and _is_relationship(between)
        relation_after = end < len(tokens) and tokens[end].text in ("-", "<")
        if not (shaped or linked or relation_after or _after_match(tokens, pos)):
            pos += 1  # a parenthesised expression such as (a OR b)
            continue
        if current and linked:
            current.append((var, anchored, shaped))
        else:
            if current:
                chains.append(current)
            current = [(var, anchored, shaped)]
        last_end = end
        pos = end
    if current:
        chains.append(current)
    bound: set[str] = set()
    pending = list(chains)
    progress = True
    while pending and progress:  # a chain may use a variable an anchored chain binds later
        progress = False
        for chain in list(pending):
            if any(a for _, a, _ in chain) or any(v in bound for v, _, _ in chain if v):
                bound.update(v for v, _, _ in chain if v)
                pending.remove(chain)
                progress = True
    if pending:
        names = ", ".join(sorted({v for chain in pending for v, _, _ in chain if v})) or "an anonymous node"
        raise QueryRejected(
            f"every pattern must start from a node written {{tenant: $tenant}} (not anchored: {names})"
        )


def _is_relationship(between: list[Token]) -> bool:
    """Tokens between two node patterns that form a relationship: -, ->, <-, -[...]-."""
    texts = [t.text for t in between]
    return bool(texts) and texts[0] in ("-", "<") and texts[-1] in ("-", ">")


def _after_match(tokens: list[Token], pos: int) -> bool:
    prev = tokens[pos - 1] if pos > 0 else None
    return prev is not None and (_is(prev, "MATCH") or prev.text == "," or prev.text == "=")


def _check_call(tokens: list[Token], pos: int) -> None:
    if pos < len(tokens) and tokens[pos].kind == "punct" and tokens[pos].text == "{":
        return  # a subquery: its clauses are checked like the rest
    parts: list[str] = []
    while pos < len(tokens) and tokens[pos].kind in ("ident", "qident"):
        parts.append(tokens[pos].text)
        if pos + 1 < len(tokens) and tokens[pos + 1].text == ".":
            pos += 2
            continue
        break
    name = ".".join(parts).lower()
    if name not in READ_PROCEDURES:
        raise QueryRejected(
            f"CALL {name or '?'} is not allowed; "
            f"allowed procedures: {', '.join(sorted(READ_PROCEDURES))}"
        )


def _top_level_positions(tokens: list[Token]) -> list[int]:
    depth, out = 0, []
    for pos, tok in enumerate(tokens):
        if tok.kind == "punct" and tok.text in "([{":
            depth += 1
        elif tok.kind == "punct" and tok.text in ")]}":
            depth -= 1
            if depth < 0:
                raise QueryRejected("unbalanced brackets")
        elif depth == 0:
            out.append(pos)
    if depth != 0:
        raise QueryRejected("unbalanced brackets")
    return out


def _rebuild(text: str, tokens: list[Token], edits: list[tuple[int, int, str]]) -> str:
    """The query as written minus comments and a trailing ';', with the LIMIT edits applied."""
    pieces: list[str] = []
    cursor = 0
    pending = sorted(edits)
    for tok in tokens:
        gap = text[cursor : tok.start]
        pieces.append(" " if gap and not gap.isspace() else gap)  # a comment becomes a space
        piece = text[tok.start : tok.end]
        for start, end, repl in pending:
            if start == tok.start and end == tok.end:
                piece = repl
        pieces.append(piece)
        cursor = tok.end
    for start, end, repl in pending:
        if start == end == tokens[-1].end:
            pieces.append(repl)
    return "".join(pieces)

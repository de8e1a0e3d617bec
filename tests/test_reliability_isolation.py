"""Tenant isolation (issue #7): two tenants with the same contracts, each copy with its own
parties, amounts, dates and governing law, and one document only tenant ``beta`` has.

More than a thousand questions, built from templates x attributes x documents x parties in BOTH
tenants' vocabularies, go through the real answer graph (deterministic, no LLM) for each tenant.
Nothing one tenant sees — answer text, citations, tool results, trace — may carry the other
tenant's distinctive values or ids. Then every retrieval tool and store read is asked directly,
by the other tenant's names, values and ids.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

from tests.tenant_corpus import TENANTS, file_text, questions, write_tenant_files

pytestmark = pytest.mark.slow

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
MIN_QUESTIONS = 1000
WORKERS = 3


def _one_torch_thread() -> int | None:
    try:
        import torch
    except ImportError:
        return None
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    return before


def _restore_torch_threads(before: int | None) -> None:
    if before is not None:
        import torch

        torch.set_num_threads(before)


@dataclass
class Side:
    spec: object
    tenant: str
    folder: object
    files: list = field(default_factory=list)
    documents: list = field(default_factory=list)
    ids: set[str] = field(default_factory=set)  # document, section, chunk, fact and entity ids
    marker_re: re.Pattern | None = None


def _marker_re(markers: list[str]) -> re.Pattern:
    return re.compile("|".join(re.escape(m.lower()) for m in sorted(markers, key=len, reverse=True)))


@pytest.fixture(scope="module")
def corpus(stores, ingestor, tmp_path_factory):
    root = tmp_path_factory.mktemp("isolation")
    run = uuid.uuid4().hex[:8]
    sides: dict[str, Side] = {}
    for name, spec in TENANTS.items():
        side = Side(spec=spec, tenant=f"iso_{name}_{run}", folder=root / f"{name}-{run}")
        side.files = write_tenant_files(spec, side.folder)
        for path in side.files:
            result = ingestor.ingest_file(path, side.tenant)
            assert result.status == "ingested", f"{path.name} for {name}: {result.message}"
        side.documents = stores.pg.list_documents(side.tenant, status=None)
        side.marker_re = _marker_re([*spec.markers(), str(side.folder)])
        sides[name] = side
    for side in sides.values():
        pg, t = stores.pg, side.tenant
        for doc in side.documents:
            side.ids.add(doc.id)
            side.ids.update(c.id for c in pg.document_chunks(t, doc.id))
            side.ids.update(s.id for s in pg.document_sections(t, doc.id))
        side.ids.update(f.id for f, _ in pg.query_facts(t, include_superseded=True, limit=100_000))
        for party in side.spec.parties():
            entity = pg.resolve_entity(t, party)
            if entity is not None:
                side.ids.add(entity.id)
    try:
        yield sides
    finally:
        for side in sides.values():
            stores.vectors.delete_tenant(side.tenant)
            stores.graph.delete_tenant(side.tenant)
            stores.pg.delete_tenant(side.tenant)


def _pairs(corpus):
    a, b = corpus["alpha"], corpus["beta"]
    return [(a, b), (b, a)]


def test_the_two_corpora_overlap_but_their_markers_do_not(corpus):
    a, b = corpus["alpha"], corpus["beta"]
    keys_a = {d.doc_key for d in a.documents}
    keys_b = {d.doc_key for d in b.documents}
    assert keys_a and keys_a < keys_b, "the same contracts under the same keys, and one more in beta"
    assert len(keys_b - keys_a) == 1
    assert all(d.status == "active" for side in (a, b) for d in side.documents)
    assert not ({d.id for d in a.documents} & {d.id for d in b.documents})
    texts = {name: "\n".join(file_text(f) for f in side.files).lower() for name, side in corpus.items()}
    for own, other in _pairs(corpus):
        for marker in own.spec.written_markers():
            assert marker.lower() in texts[own.spec.name], f"{marker!r} is not in {own.spec.name}'s files"
        for marker in own.spec.markers():
            assert marker.lower() not in texts[other.spec.name], f"{marker!r} is in both tenants' files"
    qs = questions()
    assert len(qs) >= MIN_QUESTIONS
    for side in (a, b):  # both vocabularies are asked about
        assert sum(1 for q in qs if side.spec.customer[1] in q) >= 50


def _leaks(text: str, other: Side, allowed: set[str] = frozenset()) -> set[str]:
    found = set(other.marker_re.findall(text.lower())) - allowed
    found |= set(UUID.findall(text)) & other.ids
    return found


def _check_run(question: str, own: Side, other: Side, updates: list[dict]) -> list[str]:
    """Every way the other tenant could show up in one run; returns the problems found."""
    problems: list[str] = []
    asked = question.lower()  # the asker's own words may come back (echoed names, mentions)
    said = {m.lower() for m in other.spec.markers() if m.lower() in asked}
    answer = None
    for update in updates:
        for node, data in update.items():
            if not isinstance(data, dict):
                continue
            plan = data.get("plan")
            if plan is not None:
                stray = set(plan.document_ids) - own.ids
                if stray:
                    problems.append(f"plan resolved documents of another tenant: {stray}")
            for result in data.get("results") or []:
                for item in result.evidence:
                    if item.citation.document_id not in own.ids:
                        problems.append(f"{result.tool} returned document {item.citation.document_id}")
                    leak = _leaks(item.model_dump_json(), other)
                    if leak:
                        problems.append(f"{result.tool} evidence carries {leak}")
                for m in result.meta.values():
                    if m.document_id not in own.ids:
                        problems.append(f"{result.tool} meta names document {m.document_id}")
                leak = _leaks(json.dumps(result.rows, default=str), other)
                if leak:
                    problems.append(f"{result.tool} rows carry {leak}")
                if result.note and _leaks(result.note, other, said):
                    problems.append(f"{result.tool} note carries {_leaks(result.note, other, said)}")
            for item in data.get("evidence") or []:
                leak = _leaks(item.model_dump_json(), other)
                if leak:
                    problems.append(f"{node} evidence carries {leak}")
            if "answer" in data:
                answer = data["answer"]
    if answer is None:
        return problems + ["no answer"]
    for c in answer["citations"]:
        if c["document_id"] not in own.ids:
            problems.append(f"citation of document {c['document_id']}")
        leak = _leaks(json.dumps(c), other)
        if leak:
            problems.append(f"citation carries {leak}: {c['quote'][:120]!r}")
    rest = {k: v for k, v in answer.items() if k != "citations"}
    leak = _leaks(json.dumps(rest), other, said)
    if leak:
        problems.append(f"answer text/claims/trace carry {leak}: {answer['text'][:160]!r}")
    if not answer["refused"] and not answer["citations"]:
        problems.append("an answer without citations")
    if answer["refused"] and not answer.get("refusal_reason"):
        problems.append("a refusal without a reason")
    return problems


def test_no_question_crosses_tenants_through_the_agent(corpus, stores, settings):
    from graphs.answer_graph import build_answer_graph
    from graphs.state import AnswerContext

    graph = build_answer_graph(stores, settings, llm=None, auto_llm=False)
    context = AnswerContext(use_llm=False)
    qs = questions()
    jobs = [(q, own, other) for q in qs for own, other in _pairs(corpus)]

    def ask(job):
        question, own, other = job
        updates = list(graph.stream({"question": question, "tenant": own.tenant}, context=context,
                                    stream_mode="updates"))
        answer = next((u["verify"]["answer"] for u in updates if isinstance(u.get("verify"), dict)), None)
        problems = [f"[{own.spec.name}] {question}: {p}" for p in _check_run(question, own, other, updates)]
        return bool(answer and not answer["refused"]), problems

    failures: list[str] = []
    runs = answered = 0
    torch_threads = _one_torch_thread()  # small query batches: extra threads only contend on 2 cores
    started = time.perf_counter()
    try:
        # the agent serves concurrent runs (the API does): a few threads overlap the stores' round trips
        with ThreadPoolExecutor(WORKERS) as pool:
            for ok, problems in pool.map(ask, jobs):
                runs += 1
                answered += ok
                failures += problems
    finally:
        _restore_torch_threads(torch_threads)
    seconds = time.perf_counter() - started
    print(f"\nisolation: {len(qs)} questions x 2 tenants = {runs} agent runs checked in {seconds:.1f}s "
          f"({runs / seconds:.1f} runs/s, {len(qs) / seconds:.1f} questions/s); {answered} answered, "
          f"{runs - answered} refused")
    assert len(qs) >= MIN_QUESTIONS
    assert not failures, f"{len(failures)} leaks, e.g.:\n" + "\n".join(failures[:25])
    assert answered >= len(qs) // 4, "too few answers: the questions would not exercise retrieval"


def test_every_tool_and_store_read_stays_in_its_tenant(corpus, stores):
    """The tools and reads the agent uses, asked directly with the other tenant's names and ids."""
    from tools.base import ToolContext
    from tools.clauses import ClauseQuery, SectionQuery, clauses_by_type, section_context
    from tools.facts import FactQuery, query_facts
    from tools.graph import (
        CypherQuery,
        DocumentClausesQuery,
        EntityDocumentsQuery,
        PartiesQuery,
        ReferencesQuery,
        clause_references,
        cypher_read,
        document_clauses,
        document_parties,
        entity_documents,
    )
    from tools.lexical import LexicalQuery, lexical_search
    from tools.vector_search import VectorQuery, vector_search

    checked = 0
    for own, other in _pairs(corpus):
        ctx = ToolContext.from_stores(stores, own.tenant)
        pg, t = stores.pg, own.tenant
        other_docs = [d.id for d in other.documents]
        other_chunks = [i for d in other.documents for i in (c.id for c in pg.document_chunks(other.tenant, d.id))]
        other_sections = [s.id for d in other.documents for s in pg.document_sections(other.tenant, d.id)]
        assert other_chunks and other_sections

        def clean(result, what, own=own, other=other):
            nonlocal checked
            checked += 1
            dump = result.model_dump_json()
            assert not result.unavailable, f"{what}: {result.note}"
            assert all(e.citation.document_id in own.ids for e in result.evidence), what
            assert not _leaks(dump, other), f"{what} leaks {_leaks(dump, other)}"
            return result

        # own names find own rows (so the checks below are not vacuous)
        assert clean(lexical_search(ctx, LexicalQuery(query=own.spec.customer[1])), "lexical own").evidence
        mine = clean(entity_documents(ctx, EntityDocumentsQuery(entity_name=own.spec.vendor[0])), "graph own")
        assert mine.evidence or mine.rows
        for name in other.spec.parties():
            assert not clean(lexical_search(ctx, LexicalQuery(query=name)), f"lexical {name}").evidence
            assert not clean(query_facts(ctx, FactQuery(text_contains=name, limit=200)), f"facts {name}").evidence
            hits = clean(vector_search(ctx, VectorQuery(query=f"contract with {name}", k=20)), f"vectors {name}")
            assert hits.evidence  # the nearest chunks, all of them this tenant's
            found = clean(entity_documents(ctx, EntityDocumentsQuery(entity_name=name)), f"graph entity {name}")
            assert not found.evidence and not found.rows
            assert pg.resolve_entity(t, name) is None
            assert pg.find_documents(t, name) == []
            assert stores.graph.documents_for_entity(t, name, active_only=False) == []
            rows = clean(cypher_read(ctx, CypherQuery(
                cypher="MATCH (e:Entity {tenant: $tenant}) WHERE e.name CONTAINS $name RETURN e.name AS name",
                params={"name": name})), f"cypher {name}").rows
            assert rows == []
            # a query that names $tenant but does not filter by it must not reach the other tenant
            loose = clean(cypher_read(ctx, CypherQuery(
                cypher="MATCH (e:Entity) WHERE e.name CONTAINS $name AND $tenant IS NOT NULL RETURN e.name AS n",
                params={"name": name})), f"loose cypher {name}")
            assert loose.rows == []
        for marker in other.spec.written_markers():
            assert not clean(query_facts(ctx, FactQuery(text_contains=marker, limit=200)), f"facts {marker}").evidence
            assert not clean(lexical_search(ctx, LexicalQuery(query=f'"{marker}"')), f"lexical {marker}").evidence
        for attribute in ("amount", "governing_law", "party", "effective_date", "notice_period"):
            facts = clean(query_facts(ctx, FactQuery(attribute=attribute, include_superseded=True, limit=200)),
                          f"facts {attribute}")
            assert all(e.citation.document_id in own.ids for e in facts.evidence)
        for clause_type in ("governing_law", "termination", "liability", "confidentiality"):
            clean(clauses_by_type(ctx, ClauseQuery(clause_type=clause_type)), f"clauses {clause_type}")
        # the other tenant's ids name nothing here
        assert not clean(query_facts(ctx, FactQuery(document_ids=other_docs)), "facts by id").evidence
        assert not clean(lexical_search(ctx, LexicalQuery(query="agreement", document_ids=other_docs)),
                         "lexical by id").evidence
        assert not clean(vector_search(ctx, VectorQuery(query="agreement", document_ids=other_docs)),
                         "vectors by id").evidence
        assert not clean(clauses_by_type(ctx, ClauseQuery(clause_type="governing_law", document_ids=other_docs)),
                         "clauses by id").evidence
        for doc_id in other_docs:
            assert pg.get_document(t, doc_id) is None
            assert pg.document_chunks(t, doc_id) == [] and pg.document_sections(t, doc_id) == []
            assert pg.document_text(t, doc_id, 0, 10_000) == "" and pg.pages(t, doc_id) == []
            assert stores.graph.clauses(t, doc_id) == [] and stores.graph.parties(t, doc_id) == []
            assert stores.vectors.count(t, document_id=doc_id) == 0
            for spec, args in ((document_clauses, DocumentClausesQuery(document_id=doc_id)),
                               (document_parties, PartiesQuery(document_id=doc_id))):
                result = clean(spec(ctx, args), f"{spec.name} {doc_id}")
                assert not result.evidence and not result.rows
        assert pg.get_chunks(t, other_chunks) == []
        assert all(pg.get_section(t, s) is None for s in other_sections)
        assert stores.graph.references_from(t, other_sections) == []
        refs = clean(clause_references(ctx, ReferencesQuery(clause_ids=other_sections[:50])), "graph_refs")
        assert not refs.evidence and not refs.rows
        for section_id in other_sections[:10]:
            assert not clean(section_context(ctx, SectionQuery(section_ids=[section_id])), "section").evidence
    print(f"\nisolation: {checked} direct tool calls checked")

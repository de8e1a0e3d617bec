"""Load (issue #7): 50 concurrent questions through the API while 4 ingestions run through it.

Runs ``bench.load.run_load`` (the same code as ``python -m bench.load``): its own ``langgraph dev``
API owning the embedded stores, the sample library ingested alone into a reference tenant, then
50 questions (langgraph_sdk, one thread each) to that tenant at the same time as 4 ingestions of
the same files into two other tenants (two jobs per tenant, opposite file orders). Afterwards the
stores are opened again and every load tenant's rows are compared with the reference.
"""

from __future__ import annotations

import pytest

from bench.load import run_load

pytestmark = pytest.mark.slow

QUESTIONS = 50
INGESTIONS = 4


@pytest.fixture(scope="module")
def load():
    return run_load(QUESTIONS, INGESTIONS, log=lambda line: print(line, flush=True))


def test_no_errors_and_no_deadlock(load):
    assert not load["deadlock"], f"{load['pending']} calls still running after the phase deadline"
    assert not load["question_errors"], load["question_errors"][:5]
    assert not load["ingest_errors"], load["ingest_errors"]
    assert len(load["answers"]) == QUESTIONS
    assert len(load["ingest_jobs"]) == INGESTIONS
    print(f"\nload: {QUESTIONS} questions + {INGESTIONS} ingestions: {load['throughput_qps']} questions/s, "
          f"latency p50 {load['latency_s']['p50']}s p95 {load['latency_s']['p95']}s max {load['latency_s']['max']}s; "
          f"{load['answered']} answered, {load['refused']} refused; ingest jobs "
          f"{[j['seconds'] for j in load['ingest_jobs']]}s")


def test_every_question_is_answered_with_citations_or_refused_with_a_reason(load):
    assert not load["refused_without_reason"]
    assert not load["answered_without_citation"]
    assert load["answered"] + load["refused"] == QUESTIONS
    # the library answers most of them: refusals are the questions about what it does not hold
    assert load["answered"] >= QUESTIONS // 2, load["answers"]


def test_concurrent_ingestions_lose_and_duplicate_nothing(load):
    counts = load["counts"]
    reference = counts["reference"]
    assert reference["pg_documents"] == len(load["files"])
    assert reference["pg_chunks"] > 0 and reference["vectors"] == reference["pg_chunks"]
    assert reference["graph_edges"] > 0 and reference["pg_facts"] > 0
    tenants = [t for t in counts if t != "reference"]
    assert len(tenants) == (INGESTIONS + 1) // 2
    for tenant in tenants:
        assert all(n == 1 for n in counts[tenant]["active_per_key"].values()), counts[tenant]["active_per_key"]
        assert counts[tenant]["statuses"] == ["active"] * len(load["files"])
    assert not load["count_mismatches"], load["count_mismatches"]
    # each tenant got its files from one job; the job that ran second found them all unchanged
    for tenant in tenants:
        statuses = sorted(tuple(j["statuses"]) for j in load["ingest_jobs"] if j["tenant"] == tenant)
        flat = [s for job in statuses for s in job]
        assert flat.count("ingested") == len(load["files"]), statuses

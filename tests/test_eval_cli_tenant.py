"""`veridict eval --tenant NAME --keep`: a second run reuses the ingested tenant and only answers.

Real stores (the session Postgres and FalkorDB, vectors in a folder of this module), a
one-contract question set written to a temporary folder in the CUAD dev layout.
"""

from __future__ import annotations

import json
import shutil
import uuid

import pytest

from tests.conftest import SAMPLES
from veridict.evaluation.cli_entry import run_cli_eval, should_remove_tenant
from veridict.factory import open_stores


def test_only_fresh_or_newly_filled_tenants_are_removed():
    assert should_remove_tenant(None, keep=False, had_documents=False)
    assert not should_remove_tenant(None, keep=True, had_documents=False)
    assert should_remove_tenant("devset", keep=False, had_documents=False)  # created by this run
    assert not should_remove_tenant("devset", keep=False, had_documents=True)  # someone's library
    assert not should_remove_tenant("devset", keep=True, had_documents=False)


@pytest.fixture(scope="module")
def question_set(tmp_path_factory):
    root = tmp_path_factory.mktemp("cuad")
    (root / "dev").mkdir()
    (root / "contracts").mkdir()
    shutil.copy(SAMPLES / "library" / "acme-nda.md", root / "contracts" / "acme-nda.md")
    contract = {"doc_id": "c-acme", "cuad_filename": "acme-nda.md", "txt_path": "contracts/acme-nda.md",
                "pdf_path": "contracts/acme-nda.md", "contract_type": "NDA", "title": "Mutual NDA",
                "n_chars": 1, "n_pages": 1}
    (root / "dev" / "contracts.jsonl").write_text(json.dumps(contract) + "\n")
    question = {"qid": "q1", "qtype": "exact_value/governing_law",
                "question": "Which law governs the Acme NDA?", "expected_behavior": "answer_with_citation",
                "gold_answer": "England", "doc_ids": ["c-acme"], "evidence": []}
    (root / "dev" / "questions.jsonl").write_text(json.dumps(question) + "\n")
    return root / "dev" / "questions.jsonl"


@pytest.fixture(scope="module")
def eval_settings(settings, tmp_path_factory):
    # vectors in a folder of their own: the session's vector folder is held by its own client
    return settings.model_copy(update={"qdrant_path": tmp_path_factory.mktemp("eval-vectors")})


def _documents(settings, tenant):
    with open_stores(settings) as stores:
        return stores.pg.list_documents(tenant)


def test_named_tenant_is_kept_and_reused(eval_settings, question_set, tmp_path):
    tenant = f"t_{uuid.uuid4().hex[:10]}"
    first = run_cli_eval(eval_settings, question_set, "agent", None, tmp_path, tenant=tenant, keep=True)
    assert first["agent"].meta["tenant"] == tenant
    docs = _documents(eval_settings, tenant)
    assert len(docs) == 1
    second = run_cli_eval(eval_settings, question_set, "agent", None, tmp_path, tenant=tenant, keep=False)
    again = _documents(eval_settings, tenant)
    assert [d.id for d in again] == [d.id for d in docs]  # unchanged file: no new version
    assert again[0].version == 1
    assert second["agent"].summary.n == 1
    # it held documents before the second run, so --keep or not it stays
    assert _documents(eval_settings, tenant)
    with open_stores(eval_settings) as stores:
        for store in (stores.vectors, stores.graph, stores.pg):
            store.delete_tenant(tenant)


def test_fresh_tenant_is_removed_without_keep(eval_settings, question_set, tmp_path):
    reports = run_cli_eval(eval_settings, question_set, "agent", None, tmp_path)
    tenant = reports["agent"].meta["tenant"]
    assert tenant.startswith("eval_")
    assert _documents(eval_settings, tenant) == []

"""Every extracted party becomes an Entity with a PARTY_TO edge and its role, on real stores;
signature-block labels ("By:", "Name:", "Title:") do not become entities."""

from __future__ import annotations

import json

import pytest

CONTRACT = """# SUPPLY AGREEMENT

This Supply Agreement (the "Agreement") is made as of March 3, 2020 by and between Northwind Traders LLC, a Delaware limited liability company ("Northwind"), and Fabrikam Industries Inc., a Nevada corporation (the "Customer").

## 1. Supply

Northwind shall supply the Products to the Customer.

## 2. Governing Law

This Agreement shall be governed by the laws of the State of New York.

IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.

NORTHWIND TRADERS LLC By: /s/ Jane Roe Name: Jane Roe Title: Chief Executive Officer

FABRIKAM INDUSTRIES INC. By: /s/ John Smith Name: John Smith Title: President
"""

SIGNATURE_LABELS = {"by", "name", "title", "its", "date", "signature"}


def _ingest(ingestor, stores, tenant, path):
    report = ingestor.ingest_files([path], tenant)
    (res,) = report.files
    assert res.status == "ingested", res.message
    facts = stores.pg.query_facts(tenant, attribute="party", document_ids=[res.document_id])
    return res.document_id, [f for f, _ in facts]


def _entity_names(stores, tenant, document_id) -> list[str]:
    rows = stores.graph.run_read_only(
        tenant,
        "MATCH (d:Document {tenant: $tenant, id: $doc})-[:MENTIONS]->(e:Entity {tenant: $tenant}) "
        "RETURN e.name AS name",
        {"doc": document_id},
    )
    return [r["name"] for r in rows]


def test_every_party_has_a_party_to_edge_with_its_role(ingestor, stores, tenant, tmp_path):
    path = tmp_path / "northwind-fabrikam-supply.md"
    path.write_text(CONTRACT, encoding="utf-8")
    document_id, party_facts = _ingest(ingestor, stores, tenant, path)
    assert {f.value_text for f in party_facts} == {
        "Northwind Traders LLC",
        "Fabrikam Industries Inc.",
    }
    edges = {r["name"]: r["role"] for r in stores.graph.parties(tenant, document_id)}
    # the party defined only by a short name ("Northwind") has the generic role "party"
    assert edges == {"Northwind Traders LLC": "party", "Fabrikam Industries Inc.": "customer"}

    names = _entity_names(stores, tenant, document_id)
    assert "Jane Roe" in names and "John Smith" in names  # signatories stay, cleanly named
    for name in names:
        words = {w.strip(":").lower() for w in name.split()}
        assert not words & SIGNATURE_LABELS, name  # no "Jane Roe Name", "By: /s/ Jane Roe"


def test_cuad_contract_parties_are_linked(ingestor, stores, tenant, shared_data):
    """A real filing whose two parties have no role words ("HPIL" and "GINARES")."""
    cuad = shared_data / "cuad"
    with open(cuad / "contracts.jsonl") as fh:
        rows = [json.loads(line) for line in fh]
    contract = next((r for r in rows if r["doc_id"] == "cuad-1d76fbae"), None)
    if contract is None:
        pytest.skip("cuad-1d76fbae not in the shared data")
    document_id, party_facts = _ingest(ingestor, stores, tenant, cuad / contract["pdf_path"])
    asserted = {f.value_text for f in party_facts if f.confidence >= 0.5}
    assert len(asserted) >= 2
    edges = stores.graph.parties(tenant, document_id)
    assert {r["name"] for r in edges} >= asserted
    assert all(r["role"] for r in edges)

"""A contract named by a brand its title holds and no party does ("How much warning does Walabot need ...?" for the
WALABOT-HOME RESELLER AGREEMENT between Inde Living and Vayyar): real ingestion, stores, name index and planner."""

from __future__ import annotations

import pytest

from agents.planner import load_spacy, parse_question
from agents.resolve import _titled_document_ids, resolve_documents
from tests.conftest import contracts_tenant
from tools.base import ToolContext

RESELLER = """# Walabot-Home Reseller Agreement

This Reseller Agreement (the "Agreement") is made as of March 3, 2019 by and between Inde Living Holdings, Inc., a
Nevada corporation ("Inde"), and Vayyar Imaging Ltd., an Israeli company ("Vayyar").

## 1. Appointment

1.1 Vayyar appoints Inde as a non-exclusive reseller of the products listed in Exhibit A.

## 2. Term

2.1 This Agreement renews for successive one year terms unless either party gives 60 days' notice.

## 3. Governing Law

3.1 This Agreement is governed by the laws of the State of New York.
"""

SUPPLY = """# Texas Fuel Supply Agreement

This Fuel Supply Agreement (the "Agreement") is made as of May 1, 2020 by and between Vertex Energy, LLC, a Delaware
limited liability company ("Vertex"), and Harbor Fuels Inc., a Texas corporation ("Harbor").

## 1. Supply

1.1 Vertex shall supply marine fuel to Harbor at the prices in Schedule 1.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("brand"),
                          {"reseller.md": RESELLER, "supply.md": SUPPLY}) as t:
        yield t


def test_a_brand_in_a_title_names_the_contract(stores, tenant):
    ctx = ToolContext.from_stores(stores, tenant)
    question = parse_question("How much warning does Walabot need to give to stop its reseller deal rolling over?",
                              load_spacy())
    plan, _, _ = resolve_documents(question, ctx)
    assert [r.titles for r in plan.documents] == [["Walabot-Home Reseller Agreement"]], plan.documents



def test_the_title_lookup_takes_a_brand_and_never_a_place(stores, tenant):
    # the last resort for a name no party, filer or entity holds; a place is named for its law or courts
    ctx = ToolContext.from_stores(stores, tenant)
    (doc_id,) = _titled_document_ids(ctx, "Walabot")
    assert ctx.document(doc_id).title == "Walabot-Home Reseller Agreement"
    assert _titled_document_ids(ctx, "Texas") == set()
    assert _titled_document_ids(ctx, "Vertex") == set()  # a party, not a title word

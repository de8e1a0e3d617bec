"""An effective date defined by reference ("shall become effective on the date of execution") is answered with
both the clause that defines it and the sentence that states the day: real ingestion, stores and answer graph."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import one_contract_tenant
from veridict.evaluation.scoring import unsupported_claims

CONTRACT = """# Consulting Agreement

This Consulting Agreement (the "Agreement") is made and executed on the 12th day of April, 2019 between Marlow
Analytics Inc. ("Client") and Fenwick Data Partners LLC ("Consultant").

## 1. Services

1.1 Consultant shall provide the data-engineering services described in Schedule A to Client.

1.2 Consultant shall perform the services with reasonable skill and care.

## 2. Fees

2.1 Client shall pay the fees set out in Schedule B within thirty (30) days of each invoice.

## 3. Confidentiality

3.1 Each party shall keep the other party's confidential information secret and use it only for this Agreement.

## 4. Duration

4.1 This Agreement shall become effective on the date of execution and shall continue in force for an indefinite
term thereafter unless terminated by either party on ninety (90) days' written notice.

## 5. Governing Law

5.1 This Agreement is governed by the laws of the State of Ohio.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with one_contract_tenant(ingestor, stores, tmp_path_factory.mktemp("byref"), "marlow-consulting.md",
                             CONTRACT) as t:
        yield t


def test_the_defining_clause_and_the_stated_day_are_both_cited(stores, settings, tenant):
    answer = answer_question(stores, settings, "What is the effective date of the Marlow consulting agreement?",
                             tenant=tenant)
    assert not answer.refused, answer.text
    assert "2019-04-12" in answer.text
    quotes = [c.quote for c in answer.citations]
    assert any("effective on the date of execution" in q for q in quotes), quotes
    assert any("12th day of April, 2019" in q for q in quotes), quotes
    assert "4.1" in answer.text
    assert unsupported_claims(answer, "What is the effective date of the Marlow consulting agreement?") == []

"""An effective date defined by reference ("shall become effective on the date of execution") is answered with
both the clause that defines it and the sentence that states the day: real ingestion, stores and answer graph."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant
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





OUTSOURCING = """# Outsourcing Agreement

This Outsourcing Agreement (the "Agreement") is made on 16 February 2018 between Tri-County Savings Bank ("Bank")
and Keystone Processing Corp. ("Processor").

## 1. Definitions

1.1 "Commencement Date" means the date on which the conversion of the Bank's accounts to the Processor's system has
been completed. The parties anticipate the Commencement Date to be November 16, 2018.

1.2 "Term" means the period commencing on the date of this Agreement and terminating on the eighth anniversary of
the Commencement Date.

## 2. Services

2.1 Processor shall provide the account processing services described in Schedule A.

## 3. Governing Law

3.1 This Agreement is governed by the laws of the State of Wisconsin.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("byref"),
                          {"marlow-consulting.md": CONTRACT, "keystone-outsourcing.md": OUTSOURCING}) as t:
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


def test_a_term_counted_from_a_named_start_cites_that_start(stores, settings, tenant):
    """The end is the eighth anniversary of the Commencement Date, which the contract gives in another sentence: the
    answer calculates it from that date, cites where it is stated, and never counts from the signing date."""
    question = "When does the Keystone outsourcing agreement expire?"
    answer = answer_question(stores, settings, question, tenant=tenant)
    assert not answer.refused, answer.text
    assert "2026-11-16" in answer.text and "2026-02-16" not in answer.text, answer.text
    quotes = [c.quote for c in answer.citations]
    assert any("eighth anniversary" in q for q in quotes), quotes
    assert any("November 16, 2018" in q for q in quotes), quotes
    assert unsupported_claims(answer, question) == []

"""'Which of these contains an X clause?' quotes, for the document that has it, the clause a question about that
document alone would quote (under its own heading), not a recital that only uses the clause's word: real
ingestion, stores and answer graph."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant

DISTRIBUTION = """# Distribution Agreement

This Distribution Agreement (the "Agreement") is made on 2 May 2022 between Larchmont Instruments GmbH ("Supplier")
and Harbor Lab Supply Inc. ("Distributor").

## Recitals

(A) Supplier makes laboratory balances and moisture analysers (the "Products").

(B) Under an earlier agreement that ended in 2021, Harbor Lab Supply Inc. was the exclusive distributor of the
Products in Canada, and Supplier sold the Products in Canada only through it.

## 1. Appointment

1.1 Supplier appoints Distributor to promote and resell the Products in Canada (the "Territory").

## 2. Exclusivity

2.1 During the Term, Distributor shall be Supplier's exclusive distributor of the Products in the Territory, and
Supplier shall not appoint any other distributor or agent for the Products in the Territory.

## 3. Term

3.1 This Agreement runs for three (3) years from the date written above.

## 4. Governing Law

4.1 This Agreement is governed by the laws of the Province of Ontario.
"""

SERVICES = """# Services Agreement

This Services Agreement (the "Agreement") is made on 9 June 2022 between Tidewater Calibration LLC ("Provider")
and Harbor Lab Supply Inc. ("Customer").

## 1. Services

1.1 Provider shall calibrate Customer's laboratory balances twice a year at Customer's premises.

## 2. Fees

2.1 Customer shall pay the fees in Schedule 1 within thirty (30) days of each invoice.

## 3. Term

3.1 This Agreement runs for one (1) year from the date written above.

## 4. Governing Law

4.1 This Agreement is governed by the laws of the State of New York.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    yield from _library(ingestor, stores, tmp_path_factory, "larchmont-distribution.md", DISTRIBUTION)


def _library(ingestor, stores, tmp_path_factory, name: str, text: str):
    """A tenant of the services agreement and one other contract."""
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("contains"),
                          {name: text, "tidewater-services.md": SERVICES}) as t:
        yield t


def test_the_clause_under_its_heading_is_quoted_first(stores, settings, tenant):
    answer = answer_question(stores, settings, "Which of these contracts contains an exclusivity clause: the "
                                               "Larchmont distribution agreement or the Tidewater services "
                                               "agreement?", tenant=tenant)
    assert not answer.refused, answer.text
    verdict = answer.text.split(". ")[0]
    assert "Distribution Agreement" in verdict and "Services Agreement" not in verdict, answer.text
    first = answer.citations[0]
    assert first.document_title == "Distribution Agreement", answer.citations
    assert "shall not appoint any other distributor" in first.quote and "earlier agreement" not in first.quote, first.quote
    assert "No exclusivity clause was found in" in answer.text
    assert len(answer.citations) <= 2


@pytest.mark.parametrize(("question", "lead"), [
    # asked as a yes/no about the first contract named: the verdict says yes or no, then which is the earlier
    ("Did the Tidewater services deal come before the Larchmont distribution one?", "No: "),
    ("Was the Larchmont distribution agreement signed before the Tidewater services one?", "Yes: "),
    # asked as "which": no yes or no
    ("Which came first, the Tidewater services deal or the Larchmont distribution one?", ""),
])
def test_which_was_signed_first_in_everyday_words(stores, settings, tenant, question, lead):
    answer = answer_question(stores, settings, question, tenant=tenant)
    assert not answer.refused, answer.text
    verdict = answer.text.split(" [")[0]
    assert verdict.startswith(lead) and "Distribution Agreement" in verdict and "earlier one" in verdict, answer.text
    assert not verdict.startswith(("Yes", "No")) or lead, answer.text



MARKETING = """# Joint Supply and Marketing Agreement

This Joint Supply and Marketing Agreement (the "JSMA") is made on 1 March 2021 between Keel Marine Fuels LLC ("Keel")
and Osprey Refining Inc. ("Osprey").

## Background

(i) Osprey refines marine fuel oil at its plant in Galveston (the "Product").

(ii) Keel was the exclusive seller of the Product to third parties under an earlier arrangement.

## 1. Supply

1.1 Osprey shall supply the Product to Keel at the plant gate.

## 2. Marketing

2.1 Keel shall market the Product to ship owners and operators.

2.2 All sales of the Product to customers will be carried out exclusively by Keel in accordance with the terms set
forth herein.

## 3. Governing Law

3.1 This JSMA is governed by the laws of the State of Texas.
"""


@pytest.fixture(scope="module")
def spread(ingestor, stores, tmp_path_factory):
    yield from _library(ingestor, stores, tmp_path_factory, "keel-marketing.md", MARKETING)


def test_the_document_with_the_clause_shows_the_quotes_a_question_about_it_alone_shows(stores, settings, spread):
    # after the clearest quote, the next candidates whatever their rank, as a question about that document alone
    # shows them: a clause stated in two places is quoted from both
    compared = answer_question(stores, settings, "Which of these contracts contains an exclusivity clause: the Keel "
                                                 "marketing agreement or the Tidewater services agreement?",
                               tenant=spread)
    alone = answer_question(stores, settings, "Does the Keel marketing agreement include an exclusivity provision?",
                            tenant=spread)
    assert not compared.refused and not alone.refused, (compared.text, alone.text)

    def quotes(answer):
        return {c.quote for c in answer.citations if "Marketing" in c.document_title}

    assert len(quotes(alone)) == 2, alone.citations
    assert quotes(compared) == quotes(alone), (compared.citations, alone.citations)


YIELD = """# Yield Maintenance Agreement

Date: 27 April 2006

To: Harbor Mortgage Securities 2006-6 Trust (the "Trust")

From: Calder Bank AG ("Calder")

The purpose of this letter agreement (the "Agreement") is to confirm the terms of the transaction between the Trust and
Calder.

## 1. Payments

1.1 Calder shall pay the Trust the yield maintenance amount on each distribution date.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of New York.
"""


@pytest.fixture(scope="module")
def numbered(ingestor, stores, tmp_path_factory):
    yield from _library(ingestor, stores, tmp_path_factory, "harbor-yield.md", YIELD)


def test_a_party_name_with_figures_in_the_verdict_is_a_name_not_an_unsupported_figure(stores, settings, numbered):
    """The verdict names the compared contract by its parties' own names, here "... Securities 2006-6 Trust": the
    check that every figure is on a cited page must read them as a name, or it drops the verdict and the answer
    only lists the two dates."""
    answer = answer_question(stores, settings, "Which was entered into earlier: the yield maintenance deal with "
                                               "Harbor Mortgage, or the Tidewater services agreement?", tenant=numbered)
    assert not answer.refused, answer.text
    verdict = answer.text.split(" [")[0]
    assert "Yield Maintenance Agreement" in verdict and "earlier one" in verdict, answer.text
    assert all(c.supported for c in answer.claims), answer.claims

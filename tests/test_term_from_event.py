"""A term counted from an event the contract dates elsewhere ("four years from the date on which the channel is
uploaded" ... "The channel is expected to be uploaded on August 1, 2010"): the end is worked out from that day, both
sentences cited, never from the effective date; with no such day the answer says the end depends on it. Real
ingestion, stores and answer graph."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant

DATED = """# Channel Cooperation Agreement

This Channel Cooperation Agreement is dated April 29, 2010 and made between Northwind Traders Ltd. ("Northwind") and
Kestrel Media Inc. ("Kestrel").

## 1. Definitions

1.1 Effective Date means the date of this Agreement.

## 3. Term

3.1 This Agreement will be effective as of the date of its execution, and the term of the Cooperation will be four
years from the date on which the channel is uploaded.

3.2 The channel is expected to be uploaded on August 1, 2010.

## 4. Governing Law

4.1 This Agreement is governed by the laws of the State of New York.
"""

UNDATED = DATED.replace("Northwind Traders Ltd.", "Osprey Outfitters Ltd.").replace('"Northwind"', '"Osprey"').replace(
    "3.2 The channel is expected to be uploaded on August 1, 2010.", "3.2 Kestrel shall upload the channel promptly.")


@pytest.fixture(scope="module")
def tenant(ingestor, stores, settings, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("event"),
                          {"northwind.md": DATED, "osprey.md": UNDATED}) as t:
        yield t


def test_the_end_is_counted_from_the_day_the_contract_gives_the_event(stores, settings, tenant):
    answer = answer_question(stores, settings, "When does the Northwind channel cooperation agreement expire?",
                             tenant=tenant)
    assert not answer.refused and "2014-08-01" in answer.text, answer.text
    assert "2014-04-29" not in answer.text  # four years from the effective date is not the end
    quotes = " ".join(c.quote for c in answer.citations)
    assert "four years from the date on which the channel is uploaded" in quotes
    assert "uploaded on August 1, 2010" in quotes


def test_without_that_day_no_end_is_calculated(stores, settings, tenant):
    answer = answer_question(stores, settings, "When does the Osprey channel cooperation agreement expire?",
                             tenant=tenant)
    assert "2014" not in answer.text, answer.text
    assert "four years" in answer.text

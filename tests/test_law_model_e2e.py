"""A choice of law worded without the rule's verbs, end to end: two small contracts ingested for real, asked in
everyday words. The one that says "shall be regulated by the laws of Switzerland" is answered Switzerland from the
law model's fact, cited on its sentence; the one whose only law is a duty to obey export laws has no governing law stored or stated."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from tests.conftest import contracts_tenant

GAMMA = """SUPPLY AGREEMENT

This Supply Agreement is made as of June 2, 2021 by and between Gamma Instruments AG ("Gamma") and Northwind Traders
Ltd ("Northwind").

1. Supply. Gamma shall supply the measuring instruments listed in Exhibit A to Northwind.

2. Price. Northwind shall pay the prices set out in Exhibit B within sixty (60) days of invoice.

3. Term. This Agreement runs for three (3) years from the date above.

4. Applicable Law. This Agreement shall be regulated by the laws of Switzerland.

5. Notices. Notices shall be given in writing to the addresses above.
"""

HELIX = """SERVICES AGREEMENT

This Services Agreement is made as of September 9, 2020 by and between Helix Analytics LLC ("Helix") and Northwind
Traders Ltd ("Northwind").

1. Services. Helix shall provide the data services described in Exhibit A.

2. Fees. Northwind shall pay Helix a monthly fee of $4,000 within thirty (30) days of invoice.

3. Export. Helix shall comply with the export control laws of the United States when it delivers the services.

4. Notices. Notices shall be given in writing to the addresses above.
"""


@pytest.fixture(scope="module")
def library(ingestor, stores, tmp_path_factory):
    folder = tmp_path_factory.mktemp("law_model_e2e")
    with contracts_tenant(ingestor, stores, folder, {"gamma-supply.txt": GAMMA, "helix-services.txt": HELIX}) as t:
        yield t


def test_a_law_chosen_in_other_words_is_answered_and_cited(stores, library):
    answer = answer_question(stores, stores.settings, "Which country's law applies to our supply deal with Gamma?",
                             tenant=library)
    assert not answer.refused, answer.text
    # stated as the contract's law (a fact), not only shown as the nearest passage
    assert answer.text.startswith("The governing law in") and "is Switzerland" in answer.text, answer.text
    assert any("regulated by the laws of Switzerland" in c.quote for c in answer.citations), answer.citations


def test_a_duty_to_obey_export_laws_is_no_governing_law(stores, library):
    stated = {d.title: f.value_text for f, d in stores.pg.query_facts(library, "governing_law")
              if f.confidence >= 0.5}
    assert list(stated.values()) == ["Switzerland"], stated
    answer = answer_question(stores, stores.settings, "What law governs the Helix services contract?",
                             tenant=library)
    # no law is stated as the contract's: at most the passage that names a law is shown as it reads
    assert "United States" not in answer.text.split(":")[0] and not answer.text.startswith("The governing law"), \
        answer.text

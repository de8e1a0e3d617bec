"""The party model (ingest/party_model.py): the shipped file says how it was made; where the party rules read
fewer than two parties it adds the ones a preamble or recital names in ways the rules miss (texts written for
this test), never an EDGAR filer footer, and it does not make the dev contracts (outside its training) agree less
with the CUAD labels."""

from __future__ import annotations

import json

from bench.fact_agreement import agree, gold_for, load_annotations, load_contracts, prediction
from ingest.clause_types import sections_from_parsed
from ingest.facts import extract_facts
from ingest.party_model import MODEL_PATH, candidates, load_model, same_party
from ingest.text_document import parsed_from_text

LOWER_CASE_WEB_NAME = """SPONSORSHIP AGREEMENT

This Sponsorship Agreement is entered into as of the 2nd day of May, 2001 by and between shopwise.com, a \
Delaware corporation, located at 12 Harbor Road, Austin, Texas 78701 ("shopwise"), and Fenwick Retail LLC, a Texas \
limited liability company, located at 40 Main Street, Dallas, Texas 75201 ("Sponsor").

WHEREAS, shopwise operates a consumer website; and WHEREAS, Sponsor sells household goods.

NOW, THEREFORE, the parties agree as follows.

1. Sponsorship. Sponsor shall pay shopwise the fees set out in Exhibit A.
"""

PARTIES_IN_A_RECITAL = """Distribution Agreement

WHEREAS Northgate Instruments Inc. is a maker of laboratory scales with offices at 5 Mill Lane, Boston \
("NORTHGATE") and Alvarez Medical Supplies S.A. is a distributor with offices at Calle Mayor 3, Madrid \
("ALVAREZ"), each a "Party", and

Source: HARBORVIEW HOLDINGS CORP, 10-K, 3/2/2011

WHEREAS ALVAREZ wishes to distribute the products in Spain,

NOW THEREFORE the Parties agree as follows:

1. Appointment. NORTHGATE appoints ALVAREZ as its distributor in Spain.
"""


def _parties(text: str, learned: bool = True):
    parsed = parsed_from_text(text, "contract.txt", "Contract")
    sections = sections_from_parsed(parsed, "t", "d", tag=False)
    return [f for f in extract_facts(parsed, sections, "t", "d", learned=learned) if f.attribute == "party"], parsed


def test_the_model_file_records_its_data_and_command():
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    assert data["command"].startswith("python -m bench.train_party_model")
    assert len(data["data"]["sha256"]) == 64 and data["data"]["contracts"] > 100
    assert 0.0 < data["floor"] <= 1.01 and len(data["weights"]) > 100
    report = data["report"]
    assert report["model_agree_found_out_of_fold"] >= report["rules_agree_found"]
    assert load_model() is not None


def test_a_lower_case_web_name_missed_by_the_rules_is_added_with_its_provenance():
    rules, _ = _parties(LOWER_CASE_WEB_NAME, learned=False)
    assert [f.value_text for f in rules] == ["Fenwick Retail LLC"]
    facts, parsed = _parties(LOWER_CASE_WEB_NAME)
    added = [f for f in facts if f.method == "model:party_model"]
    # with a legal form after it ("shopwise.com, inc.") the rules read it themselves (tests/test_parties.py)
    assert [f.value_text for f in added] == ["shopwise.com"]
    assert added[0].confidence >= 0.5 and "shopwise.com" in added[0].quote
    assert parsed.text[added[0].char_start : added[0].char_end] == added[0].quote


def test_parties_named_only_in_a_recital_are_found_and_the_filer_footer_is_not_one():
    rules, _ = _parties(PARTIES_IN_A_RECITAL, learned=False)
    assert rules == []
    names = [f.value_text for f in _parties(PARTIES_IN_A_RECITAL)[0]]
    assert sorted(names) == ["Alvarez Medical Supplies S.A.", "Northgate Instruments Inc."]
    found = candidates(PARTIES_IN_A_RECITAL, (0, len(PARTIES_IN_A_RECITAL)))
    assert any(same_party(c.name, "Alvarez Medical Supplies S.A.") for c in found)
    assert not any(same_party(c.name, "Harborview Holdings Corp") for c in found)


def test_on_contracts_outside_its_training_parties_agree_with_cuad_at_least_as_often(shared_data):
    anns = load_annotations()
    counts = [0, 0]
    for c in load_contracts("dev"):
        text = (shared_data / "cuad" / c["txt_path"]).read_text(encoding="utf-8", errors="replace")
        parsed = parsed_from_text(text, c["txt_path"], c.get("title", ""))
        sections = sections_from_parsed(parsed, "t", c["doc_id"], tag=False)
        gold = gold_for("parties", anns[c["doc_id"]]["Parties"])
        for i, learned in enumerate((False, True)):
            facts = extract_facts(parsed, sections, "t", "d", learned=learned)
            counts[i] += agree("parties", gold, prediction("parties", facts))
    assert counts[1] >= counts[0] > 30

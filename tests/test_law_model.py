"""The governing-law model (ingest/law_model.py): the shipped file says how it was made; where the rule reads no
governing law because the choice is worded with none of its verbs, the model states it, with its provenance; a
party's home or a duty to obey a country's laws is no choice of law; the rule's reading stays where it has one."""

from __future__ import annotations

import json

import pytest

from ingest.clause_types import sections_from_parsed
from ingest.fact_context import DocContext
from ingest.facts import ASSERT_THRESHOLD, extract_facts, top_fact
from ingest.law_model import MODEL_PATH, load_model, mentions
from ingest.text_document import parsed_from_text
from veridict.types import Fact

OPENING = (
    'SUPPLY AGREEMENT\n\nThis Agreement is made as of March 3, 2019 by and between Gamma GmbH ("Gamma") and '
    'Delta Corp. ("Delta").\n\n1. Supply. Gamma shall supply the products listed in Exhibit A.\n\n'
    "2. Price. Delta shall pay the prices in Exhibit B within forty-five (45) days of invoice.\n\n"
)
CLOSING = "\n\n9. Notices. Notices shall be given in writing to the addresses above.\n"


def _facts(sentence: str) -> list[Fact]:
    parsed = parsed_from_text(OPENING + "8. Miscellaneous. " + sentence + CLOSING, "snippet.txt", "Snippet")
    return extract_facts(parsed, sections_from_parsed(parsed, "t_law", "doc-1", tag=False), "t_law", "doc-1")


def test_the_model_file_records_its_data_and_how_it_was_chosen():
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    assert data["command"].startswith("python -m bench.train_law_model")
    assert len(data["data"]["sha256"]) == 64 and data["data"]["contracts"] > 100
    report = data["report"]
    # out of fold, the model alone states CUAD's governing law for nearly as many contracts as the rule does
    assert report["model_alone_agree_out_of_fold"] >= 0.9 * report["rules_agree"]
    assert 0.0 < data["add"] < 1.0 and len(data["weights"]) > 50
    assert load_model() is not None


@pytest.mark.parametrize(
    ("sentence", "law"),
    [
        ("The validity and performance of this Agreement shall be under the laws of Japan.", "Japan"),
        ("This Agreement shall be regulated by the laws of Switzerland.", "Switzerland"),
        # "License" in the agreement's name is no licence to hold under a law
        ("This License Agreement shall be regulated by the laws of Switzerland.", "Switzerland"),
        ("The laws of the State of Florida shall control this Agreement.", "Florida"),
        ("This Agreement shall be read in accordance with the laws of the Province of Ontario.", "Ontario"),
        ("All questions concerning the construction of this Agreement shall be resolved according to the laws of "
         "the State of Illinois.", "Illinois"),
    ],
)
def test_a_choice_of_law_worded_without_the_rules_verbs_is_read(sentence, law):
    facts = _facts(sentence)
    fact = top_fact(facts, "governing_law", min_confidence=ASSERT_THRESHOLD)
    assert fact is not None and fact.value_text == law
    assert fact.method == "model:law_sentence" and law.split()[0] in fact.quote and fact.page is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "Gamma is a corporation organized under the laws of the Federal Republic of Germany.",
        "Each party shall comply with all applicable laws of the United States.",
        "Delta shall obtain all permits required under the laws of Japan.",
        "Delta shall hold all licences needed under the laws of India to perform this Agreement.",
        "The products shall meet the safety standards required by the laws of Canada.",
        "Nothing in this Agreement requires either party to act contrary to the laws of France.",
    ],
)
def test_a_partys_home_or_a_duty_to_obey_a_law_is_no_choice_of_law(sentence):
    assert top_fact(_facts(sentence), "governing_law", min_confidence=ASSERT_THRESHOLD) is None


def test_the_rules_reading_stays_where_it_has_one():
    facts = _facts("This Agreement shall be governed by the laws of the State of New York. Delta shall keep its "
                   "records as the laws of the State of Texas require.")
    fact = top_fact(facts, "governing_law", min_confidence=ASSERT_THRESHOLD)
    assert fact is not None and fact.value_text == "New York" and fact.method == "regex:governing_law"
    assert not any(f.method == "model:law_sentence" for f in facts)


def test_mentions_read_both_forms_and_skip_a_partys_home():
    parsed = parsed_from_text(
        OPENING + "8. Law. Delaware law shall apply to this Agreement. Delta is a corporation incorporated under "
        "the laws of Nevada." + CLOSING, "snippet.txt", "Snippet")
    doc = DocContext(parsed, sections_from_parsed(parsed, "t_law", "doc-1", tag=False), "t_law", "doc-1")
    found = mentions(doc)
    assert [m.value for m in found] == ["Delaware"]
    assert doc.text[found[0].start : found[0].end] == "Delaware"

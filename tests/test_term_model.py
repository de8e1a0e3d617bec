"""The term-sentence model (ingest/term_model.py) and the reading of the sentence it locates
(``fact_terms.read_term_sentence``): the shipped file says how it was made and that it locates the labelled
sentence; the reading states an end only where the sentence gives one; the model speaks only where the rules
state no expiration date, and its fact carries its provenance."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from ingest.clause_types import sections_from_parsed
from ingest.fact_context import DocContext
from ingest.fact_date_choice import dates
from ingest.fact_terms import read_term_sentence
from ingest.facts import ASSERT_THRESHOLD, _opening, extract_facts, top_fact
from ingest.term_model import MODEL_PATH, load_model, ranked_sentences
from ingest.text_document import parsed_from_text
from veridict.types import Fact

OPENING = (
    'SERVICES AGREEMENT\n\nThis Agreement is made as of January 15, 2017 (the "Effective Date") by and between '
    'Alpha LLC ("Alpha") and Beta Inc. ("Beta").\n\n1. Services. Beta shall provide the services described in '
    "Exhibit A.\n\n2. Fees. Alpha shall pay Beta the fees set out in Exhibit B within thirty (30) days of "
    "invoice.\n\n"
)
CLOSING = "\n\n4. Notices. Notices shall be given in writing to the addresses above.\n"


def _doc(text: str) -> DocContext:
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    return DocContext(parsed, sections_from_parsed(parsed, "t_term", "doc-1"), "t_term", "doc-1")


def test_the_model_file_records_its_data_and_how_well_it_locates():
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    assert data["command"].startswith("python -m bench.train_term_model")
    assert len(data["data"]["sha256"]) == 64 and data["data"]["contracts"] > 100
    report = data["report"]
    # out of fold, the best sentence is one CUAD's experts marked in most contracts that have one
    assert report["best_sentence_labelled_out_of_fold"] >= 0.8 * report["with_label"]
    assert 0.0 < data["add"] <= 1.01 and len(data["weights"]) > 1000
    assert load_model() is not None


def _effective() -> Fact:
    doc = _doc(OPENING)
    _, effective, _, _ = dates(doc, *_opening(doc), learned=False)
    return effective[0]


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("The Venture will begin on March 1, 2020 and carry on until February 28, 2025.", "2025-02-28"),
        ("The cooperation between the parties is for three (3) years, unless sooner terminated.", "2020-01-15"),
        ("This Agreement shall remain valid up to the second anniversary of the Effective Date.", "2019-01-15"),
        ("The work shall commence on June 1, 2018 and go on for six (6) months.", "2018-12-01"),
        ("This Agreement commences on the Effective Date and continues until terminated by either party.",
         "perpetual"),
        ("The term of this Agreement will commence on the date the registration form is approved and will end when "
         "terminated by either party.", "perpetual"),
        # a period's end in words the term rules' gates do not ask for
        ('"Contract Period" shall mean that period of time commencing on January 1, 2000 and concluding December 31, '
         "2003, unless terminated sooner as provided herein.", "2003-12-31"),
        ("This Agreement shall terminate five (5) years following the date of launch of the first Website, but in no "
         "event later than February 28, 2013.", "2013-02-28"),
        ("This Agreement shall continue through the last day in June, 2016.", "2016-06-30"),
        # the figure is not the term's: a notice, a period after the end, a start that is an event
        ("Either party may end the cooperation on three (3) months' prior written notice.", None),
        ("The cooperation is for one (1) year from the date of delivery of the first Product.", None),
        ("Alpha shall keep records for two (2) years following the termination of this Agreement.", None),
        # an open end that is the end of its own term, or the later of a date and an event
        ("This Agreement shall continue until the expiration of the last Renewal Term.", None),
        ("The term shall last until the later of (a) July 31, 2021 and (b) the date Beta has bought all the "
         "Products.", None),
        ("This Agreement shall continue until the second anniversary of the Closing Date.", None),
    ],
)
def test_reading_a_located_sentence(sentence, expected):
    doc = _doc(OPENING + "3. Term. " + sentence + CLOSING)
    lo = doc.text.index(sentence)
    fact = read_term_sentence(doc, lo, lo + len(sentence), _effective(), None, 0.7)
    if expected is None:
        assert fact is None
    else:
        assert fact is not None and fact.value_text == expected
        assert doc.text[fact.char_start : fact.char_end] in sentence and fact.quote


def test_the_model_fills_an_expiration_the_rules_do_not_read():
    text = (OPENING + "3. Term and Termination. This Agreement commences on the Effective Date and continues until "
            "terminated by either party." + CLOSING)
    doc = _doc(text)
    _, _, _, by_rules = dates(doc, *_opening(doc), learned=True, term_model=False)
    assert not by_rules or by_rules[0].confidence < ASSERT_THRESHOLD
    # the located sentence is the term's, and what it states becomes the expiration, with its provenance
    assert "continues until terminated" in doc.text[slice(*ranked_sentences(doc, load_model())[0][1:])]
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    facts = extract_facts(parsed, sections_from_parsed(parsed, "t_term", "doc-1"), "t_term", "doc-1")
    fact = top_fact(facts, "expiration_date", min_confidence=ASSERT_THRESHOLD)
    assert fact is not None and fact.value_text == "perpetual" and fact.method == "model:term_sentence"
    assert "until terminated by either party" in fact.quote and fact.page is not None


def test_the_rules_value_stays_where_they_state_one():
    text = OPENING + "3. Term. The term of this Agreement shall be five (5) years from the Effective Date." + CLOSING
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    facts = extract_facts(parsed, sections_from_parsed(parsed, "t_term", "doc-1"), "t_term", "doc-1")
    fact = top_fact(facts, "expiration_date", min_confidence=ASSERT_THRESHOLD)
    assert fact is not None and fact.value_text == "2022-01-15" and fact.method != "model:term_sentence"
    assert not any(f.method == "model:term_sentence" for f in facts)


def test_a_contract_that_states_no_term_gets_none():
    text = OPENING + "3. Confidentiality. Each party shall keep the other's information confidential." + CLOSING
    parsed = parsed_from_text(text, "snippet.txt", "Snippet")
    facts = extract_facts(parsed, sections_from_parsed(parsed, "t_term", "doc-1"), "t_term", "doc-1")
    assert top_fact(facts, "expiration_date", min_confidence=ASSERT_THRESHOLD) is None


def test_an_anniversary_of_the_date_hereof_counts_from_signing():
    """"end on the seventh anniversary of the date hereof": the date the contract is dated, not its effective date."""
    sentence = "Unless earlier terminated, the term of this Agreement shall end on the seventh anniversary of the date hereof."
    doc = _doc(OPENING + "3. Term. " + sentence + CLOSING)
    lo = doc.text.index(sentence)
    signed = Fact(tenant="t", document_id="doc-1", attribute="agreement_date", value_text="2001-11-28",
                  value_date=dt.date(2001, 11, 28), quote="November 28, 2001", method="test", confidence=0.9,
                  page=1, char_start=0, char_end=17)
    fact = read_term_sentence(doc, lo, lo + len(sentence), _effective(), signed, 0.7)
    assert fact is not None and fact.value_text == "2008-11-28"
    fact = read_term_sentence(doc, lo, lo + len(sentence), _effective(), None, 0.7)
    assert fact is not None and fact.value_text == "2024-01-15"  # no agreement date: the effective date


def test_an_end_named_by_a_defined_term_takes_the_date_it_is_given():
    """"shall expire on the Expiration Date (the "Term")" with '"Expiration Date" means March 31, 2020' elsewhere, or
    an exhibit's "Expiration Date: August 31, 2006" field."""
    sentence = 'This Agreement shall commence on the Effective Date and shall expire on the Expiration Date (the "Term").'
    for defined in ('1.4 "Expiration Date" means March 31, 2020.', "Expiration Date: March 31, 2020"):
        doc = _doc(OPENING + "1. Definitions. " + defined + "\n\n3. Term. " + sentence + CLOSING)
        lo = doc.text.index(sentence)
        fact = read_term_sentence(doc, lo, lo + len(sentence), _effective(), None, 0.7)
        assert fact is not None and fact.value_text == "2020-03-31", defined
        assert "March 31, 2020" in doc.text[fact.char_start : fact.char_end]

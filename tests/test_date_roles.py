"""The date-role model (ingest/date_roles.py): the shipped file says how it was made, it only overrides the
rules on the terms its decision numbers set and never overrules the contract's own definition of a date, it never
makes the dev contracts (kept out of its training) agree less with the CUAD labels than the rules alone, and a date
it chooses carries its provenance."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from bench.fact_agreement import CATEGORY, agree, gold_for, load_annotations, load_contracts, prediction
from ingest.clause_types import sections_from_parsed
from ingest.date_roles import MODEL_PATH, ROLES, DateMention, RoleModel, choose, load_models, value_scores
from ingest.fact_date_choice import DEFINED_BY_CONTRACT
from ingest.facts import extract_facts
from ingest.text_document import parsed_from_text


def test_the_model_file_records_its_data_and_command():
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    assert data["command"].startswith("python -m bench.train_date_roles")
    assert len(data["data"]["sha256"]) == 64 and data["data"]["contracts"] > 100
    assert set(data["roles"]) == set(ROLES)
    for role in ROLES:
        m = data["roles"][role]
        assert 0.0 <= m["margin"] <= 1.0 and 0.0 < m["replace"] <= 1.01 and 0.0 < m["add"] <= 1.01
        assert len(m["weights"]) > 100, "a role model with almost no weights learned nothing"
        out_of_fold = data["report"][role]
        assert out_of_fold["model_agree_out_of_fold"] >= out_of_fold["rules_agree"]
    assert set(load_models()) == set(ROLES)


def _mention(value: dt.date, cue: str) -> DateMention:
    return DateMention(0, 10, value, {"bias": 1.0, cue: 1.0})


def _scores(model: RoleModel, found: list[DateMention]):
    return value_scores([model.score(m.features) for m in found], found)


def test_the_rules_value_stays_unless_the_model_is_sure_and_clearly_prefers_another():
    model = RoleModel({"bias": -2.0, "l:dated": 4.0, "l:until": 2.0}, replace=0.8, margin=0.3, add=0.6)
    signed, ends = dt.date(2019, 3, 5), dt.date(2021, 12, 31)
    strong = _scores(model, [_mention(signed, "l:dated"), _mention(ends, "other")])
    assert strong[signed][0] == pytest.approx(0.881, abs=1e-3)
    # the rules chose the end date: the model's value (0.88) is sure and 0.76 ahead, so it replaces it
    assert choose(model, strong, ends)[1].value == signed
    # the rules chose the model's own best value: nothing changes
    assert choose(model, strong, signed) is None
    # a value the model is only half sure of (0.5) does not replace the rules' value
    weak = _scores(model, [_mention(signed, "l:until"), _mention(ends, "other")])
    assert choose(model, weak, ends) is None
    # nor does a sure value that is not clearly ahead of the rules' (0.88 vs 0.73)
    close = _scores(model, [_mention(signed, "l:dated"), _mention(ends, "l:until")])
    close[ends] = (0.73, close[ends][1])
    assert choose(model, close, ends) is None
    # the rules found nothing: the model's best value fills the role above ``add``
    assert choose(model, strong, None)[1].value == signed
    assert choose(model, weak, None) is None


def _dev_rows(shared_data):
    anns = load_annotations()
    for c in load_contracts("dev"):
        text = (shared_data / "cuad" / c["txt_path"]).read_text(encoding="utf-8", errors="replace")
        parsed = parsed_from_text(text, c["txt_path"], c.get("title", ""))
        sections = sections_from_parsed(parsed, "t", c["doc_id"], tag=False)
        yield c, anns[c["doc_id"]], parsed, sections


def test_on_contracts_outside_its_training_the_model_agrees_with_cuad_at_least_as_often(shared_data):
    counts = {role: [0, 0] for role in ROLES}  # rules alone, rules and model
    model_facts = 0
    for _, ann, parsed, sections in _dev_rows(shared_data):
        for i, use_model in enumerate((False, True)):
            facts = extract_facts(parsed, sections, "t", "d", learned=use_model)
            for role in ROLES:
                gold = gold_for(role, ann[CATEGORY[role]])
                if gold.scorable:
                    counts[role][i] += agree(role, gold, prediction(role, facts))
            if use_model:
                for f in facts:
                    if f.method == "model:date_roles":
                        model_facts += 1
                        # provenance: the quote holds the date it states, on a page of the document
                        assert f.value_date is not None and f.page is not None
                        assert parsed.text[f.char_start : f.char_end] == f.quote
    for role, (rules, with_model) in counts.items():
        assert with_model >= rules, f"{role}: {with_model} with the model < {rules} by the rules alone"
    assert sum(c[0] for c in counts.values()) > 90


def test_the_model_does_not_overrule_the_contracts_own_definition_of_its_effective_date(shared_data):
    """A dev contract's PDF defines "Effective Date means the date of this Agreement" (p. 2) and is "dated April 29,
    2010" (p. 14); the date-role model scored "Phase I will commence on August 1, 2010" (p. 4) higher and had
    replaced the definition's date."""
    from ingest.parse import Parser

    pdf = shared_data / "cuad" / "full_contract_pdf" / "Part_III" / "Collaboration" / (
        "LEJUHOLDINGSLTD_03_12_2014-EX-10.34-INTERNET CHANNEL COOPERATION AGREEMENT.PDF")
    parsed = Parser().parse(pdf)
    facts = extract_facts(parsed, sections_from_parsed(parsed, "t", "d", tag=False), "t", "d")
    top = prediction("effective_date", facts)
    assert top is not None and str(top.value_date) == "2010-04-29"
    assert top.method in DEFINED_BY_CONTRACT and "Effective Date" in top.quote

"""Entity extraction (real spaCy + rules), references, and the alias-folding registry."""

from __future__ import annotations

import json
import re

import pytest

from ingest.clause_types import sections_from_parsed
from ingest.entities import EntityExtractor
from ingest.facts import extract_facts
from ingest.registry import EntityRegistry, RegistryError, fold_name, initials, split_suffix
from ingest.text_document import parsed_from_text

CONTRACT = """MASTER SERVICES AGREEMENT

This Master Services Agreement is made on 1 March 2021 between CloudSecure GmbH, a company organised under the laws of Germany ("CloudSecure"), and Acme Corp., a Delaware corporation ("Customer").

1. Data Protection
1.1 CS GmbH shall process personal data in accordance with Article 28 of the GDPR and Regulation (EU) 2016/679. Fines under GDPR Article 83(4) shall be borne by CloudSecure.
1.2 Customer shall comply with HIPAA, the Uniform Commercial Code, the Securities Act of 1933 and 45 C.F.R. § 164.504.

2. Liability
2.1 Subject to Section 1.1 and clause 9.2, Acme's liability shall not exceed $250,000. John Smith of Acme Corp. in the State of New York shall be notified.
"""


# ----------------------------------------------------------------------------- registry


def test_fold_name_ignores_case_punctuation_and_legal_form():
    assert fold_name("CloudSecure GmbH") == fold_name("CLOUDSECURE, G.m.b.H.") == "cloudsecure"
    assert fold_name("Acme Corp.") == fold_name("ACME CORPORATION") == fold_name("acme") == "acme"
    assert fold_name("Cremer Oleo GmbH & Co KG") == "cremer oleo"
    assert split_suffix("Violin Memory, Inc.") == (["violin", "memory"], ["inc"])
    assert initials("CloudSecure GmbH") == "CS"
    assert initials("Commerce One, Inc.") == "CO"


def test_registry_folds_short_names_initials_and_forms():
    reg = EntityRegistry("t1")
    cs = reg.register_party("CloudSecure GmbH", ["CloudSecure"], "doc-a")
    acme = reg.register_party("Acme Corp.", ["Customer"], "doc-a")
    assert reg.resolve("CloudSecure", "ORG", "doc-a") is cs  # defined short name
    assert reg.resolve("CS GmbH", "ORG", "doc-a") is cs  # initials + same legal form
    assert reg.resolve("CLOUDSECURE GMBH", "ORG") is cs  # case and form, any document
    assert reg.resolve("Customer", "ORG", "doc-a") is acme  # a role word, in its document
    assert reg.resolve("Customer", "ORG", "doc-b") is None  # ... and nowhere else
    assert reg.resolve("CS GmbH", "ORG", "doc-b") is None  # initials only inside a document
    assert reg.resolve("CS Ltd", "ORG", "doc-a") is None  # a different legal form is not folded
    assert reg.resolve("Globex Inc.", "ORG", "doc-a") is None
    m = reg.mention("CS GmbH", "ORG", "doc-a", page=2, char_start=10, char_end=17)
    assert m.entity_id == cs.id and m.surface == "CS GmbH" and m.page == 2
    assert {"CloudSecure", "CS GmbH"} <= set(cs.aliases)
    assert len(reg.entities) == 2


def test_registry_user_alias_files(tmp_path):
    yml = tmp_path / "aliases.yaml"
    yml.write_text("International Business Machines Corporation:\n  - IBM\n  - Big Blue\n")
    reg = EntityRegistry.from_alias_file("t1", yml)
    ibm = reg.add("IBM", "ORG")
    assert ibm.canonical_name == "International Business Machines Corporation"
    assert reg.resolve("Big Blue", "ORG") is ibm
    js = tmp_path / "aliases.json"
    js.write_text(json.dumps({"Alphabet Inc.": ["Google"]}))
    reg.load_alias_file(js)
    assert reg.add("Google LLC", "ORG").canonical_name == "Alphabet Inc."
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"X": "not a list"}))
    with pytest.raises(RegistryError, match="list of aliases"):
        reg.load_alias_file(bad)
    with pytest.raises(RegistryError, match="cannot read"):
        reg.load_alias_file(tmp_path / "missing.yaml")


def test_registry_keeps_types_apart():
    reg = EntityRegistry("t1")
    ny_gpe = reg.add("New York", "GPE")
    ny_org = reg.add("New York", "ORG")
    assert ny_gpe.id != ny_org.id


# ----------------------------------------------------------------------------- extractor


@pytest.fixture(scope="module")
def extractor():
    return EntityExtractor()


@pytest.fixture(scope="module")
def extracted(extractor):
    parsed = parsed_from_text(CONTRACT, "msa.txt", "MSA")
    sections = sections_from_parsed(parsed, "t1", "doc-1")
    parties = [f for f in extract_facts(parsed, sections, "t1", "doc-1") if f.attribute == "party"]
    reg = EntityRegistry("t1")
    result = extractor.extract(parsed, sections, "t1", "doc-1", registry=reg, parties=parties)
    return parsed, sections, result


def _by_name(result):
    return {e.canonical_name: e for e in result.entities}


def test_parties_and_aliases_fold_into_one_entity(extracted):
    parsed, _, result = extracted
    ents = _by_name(result)
    cs = ents["CloudSecure GmbH"]
    surfaces = {m.surface for m in result.mentions if m.entity_id == cs.id}
    assert surfaces == {"CloudSecure GmbH", "CS GmbH", "CloudSecure"}
    acme = ents["Acme Corp."]
    acme_surfaces = {m.surface for m in result.mentions if m.entity_id == acme.id}
    assert {"Acme Corp.", "Customer", "Acme"} <= acme_surfaces
    assert any(m.role == "customer" for m in result.mentions if m.entity_id == acme.id)
    for m in result.mentions:  # every mention keeps its exact surface form
        assert parsed.text[m.char_start : m.char_end] == m.surface
        assert m.tenant == "t1" and m.document_id == "doc-1"


def test_types_are_corrected(extracted):
    _, _, result = extracted
    ents = _by_name(result)
    assert ents["New York"].type == "GPE"  # spaCy says ORG for "the State of New York"
    assert ents["Germany"].type == "GPE"
    assert ents["John Smith"].type == "PERSON"
    assert ents["CloudSecure GmbH"].type == "ORG"
    assert "Data Protection" not in ents  # a heading is no organisation


def test_regulation_references(extracted):
    _, sections, result = extracted
    regs = [
        (r.target, r.detail, r.surface, r.source_section_number)
        for r in result.references
        if r.kind == "regulation"
    ]
    assert ("GDPR", "Article 28", "Article 28 of the GDPR", "1.1") in regs
    assert ("GDPR", "Article 83(4)", "GDPR Article 83(4)", "1.1") in regs
    assert ("GDPR", None, "Regulation (EU) 2016/679", "1.1") in regs
    targets = {r[0] for r in regs}
    assert {"HIPAA", "Uniform Commercial Code", "Securities Act of 1933", "45 C.F.R."} <= targets
    ents = _by_name(result)
    assert ents["GDPR"].type == "REGULATION" and ents["Securities Act of 1933"].type == "LAW"
    gdpr_refs = [r for r in result.references if r.target == "GDPR"]
    assert {r.target_entity_id for r in gdpr_refs} == {ents["GDPR"].id}  # one regulation entity
    sec_11 = next(s for s in sections if s.number == "1.1")
    assert all(r.source_section_id == sec_11.id for r in gdpr_refs)


def test_clause_references_resolve_in_the_document(extracted):
    _, sections, result = extracted
    clauses = {r.target: r for r in result.references if r.kind == "clause"}
    assert set(clauses) == {"1.1", "9.2"}
    sec_11 = next(s for s in sections if s.number == "1.1")
    assert clauses["1.1"].target_section_id == sec_11.id
    assert clauses["1.1"].source_section_number == "2.1"
    assert clauses["9.2"].target_section_id is None  # no clause 9.2 in this document
    assert clauses["9.2"].surface == "clause 9.2"


def test_defined_terms_and_amounts(extracted):
    _, _, result = extracted
    assert {d.term for d in result.defined_terms} == {"CloudSecure", "Customer"}
    assert [(a.text, a.value, a.unit) for a in result.amounts] == [("$250,000", 250000.0, "USD")]


def test_registry_folds_across_documents(extractor):
    reg = EntityRegistry("t1")
    for doc_id, text in [
        (
            "d1",
            'AGREEMENT between CloudSecure GmbH ("CloudSecure") and Beta Ltd ("Beta"). '
            "CloudSecure shall comply with the GDPR.",
        ),
        (
            "d2",
            "AMENDMENT. CLOUDSECURE GMBH and Beta Limited agree that Regulation (EU) 2016/679 "
            "applies.",
        ),
    ]:
        parsed = parsed_from_text(text, f"{doc_id}.txt", doc_id)
        sections = sections_from_parsed(parsed, "t1", doc_id)
        parties = [
            f for f in extract_facts(parsed, sections, "t1", doc_id) if f.attribute == "party"
        ]
        extractor.extract(parsed, sections, "t1", doc_id, registry=reg, parties=parties)
    names = {e.canonical_name: e for e in reg.entities}
    assert "CLOUDSECURE GMBH" not in names and "Beta Limited" not in names
    cs = names["CloudSecure GmbH"]
    assert {m.document_id for m in reg.mentions if m.entity_id == cs.id} == {"d1", "d2"}
    gdpr = names["GDPR"]
    assert {m.surface for m in reg.mentions if m.entity_id == gdpr.id} == {
        "GDPR",
        "Regulation (EU) 2016/679",
    }



SIGNED = (
    "SERVICES AGREEMENT\n\nThis Services Agreement is made between Alpha Analytics LLC "
    '("Alpha") and First American Title Insurance Company (the "Client").\n\n'
    "1. Services. Alpha shall provide the Services.\n\n"
    "ALPHA ANALYTICS LLC By: /s/ Jane Roe Name: Jane Roe Title: Chief Executive Officer\n\n"
    "By: /s/ Arun Menawat Name: Arun Menawat Title: CEO\n"
)


def _extract_signed(extractor):
    parsed = parsed_from_text(SIGNED, "signed.txt", "Signed")
    sections = sections_from_parsed(parsed, "t1", "doc-sig")
    facts = extract_facts(parsed, sections, "t1", "doc-sig")
    parties = [f for f in facts if f.attribute == "party"]
    reg = EntityRegistry("t1")
    return extractor.extract(parsed, sections, "t1", "doc-sig", registry=reg, parties=parties)


def test_signature_block_labels_do_not_become_entities(extractor):
    names = {e.canonical_name for e in _extract_signed(extractor).entities}
    for name in names:
        assert not re.search(r"\b(?:By|Name|Title)\s*:?$|^(?:By|Name|Title)\s*:|/s/", name), name
    assert {"Jane Roe", "Arun Menawat"} & names
    # a name that merely contains a label word, not followed by ":", is kept whole
    assert "First American Title Insurance Company" in names


def test_parties_without_role_words_are_parties(extractor):
    result = _extract_signed(extractor)
    names = {e.id: e.canonical_name for e in result.entities}
    roles = {names[m.entity_id]: m.role for m in result.mentions if m.role}
    assert roles.get("Alpha Analytics LLC") == "party"
    assert roles.get("First American Title Insurance Company") == "client"

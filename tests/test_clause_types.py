"""Clause categories by phrase rules (no LLM), on snippets and on real CUAD contracts."""

from __future__ import annotations

import json

import pytest

from ingest.clause_types import (
    CUAD_TO_TAG,
    TAGS,
    matches,
    own_text_spans,
    sections_from_parsed,
    tag_sections,
    tag_text,
    title_tags,
)
from ingest.model import Element
from ingest.text_document import parsed_from_text

SNIPPETS = {
    "anti_assignment": "Neither party may assign this Agreement without the prior written consent "
    "of the other party.",
    "non_compete": "During the Term, Distributor shall not engage in any business that competes "
    "with the Products.",
    "exclusivity": "Supplier appoints Distributor as its exclusive distributor in the Territory.",
    "termination_for_convenience": "Either party may terminate this Agreement for convenience upon "
    "thirty (30) days' prior written notice.",
    "change_of_control": "Licensor may terminate this Agreement upon a change of control of Licensee.",
    "audit_rights": "Licensor may audit the books and records of Licensee once per year.",
    "cap_on_liability": "In no event shall either party's aggregate liability exceed the fees paid "
    "in the twelve months preceding the claim.",
    "uncapped_liability": "The limitations of liability shall not apply to breaches of "
    "confidentiality or indemnification obligations.",
    "insurance": "Supplier shall maintain commercial general liability insurance of $2,000,000.",
    "ip_ownership_assignment": "Consultant hereby assigns to the Company all right, title and "
    "interest in the Work Product.",
    "license_grant": "Licensor hereby grants to Licensee a non-exclusive license to use the Software.",
    "most_favored_nation": "If Supplier offers more favorable pricing to any other customer, "
    "Customer shall receive the same pricing.",
    "liquidated_damages": "Supplier shall pay liquidated damages of $1,000 per day of delay.",
    "warranty_duration": "Seller warrants that the Products will be free from defects for a period "
    "of twelve (12) months from delivery.",
    "third_party_beneficiary": "There are no third-party beneficiaries of this Agreement.",
    "non_solicit": "Neither party shall solicit for employment any employee of the other party.",
    "non_disparagement": "Consultant shall not disparage the Company or its officers.",
    "rofr_rofo": "Licensee shall have a right of first refusal to acquire the Product line.",
    "post_termination_services": "Upon termination, Supplier shall continue to provide transition "
    "services for ninety days.",
    "minimum_commitment": "Distributor shall purchase a minimum annual quantity of 10,000 units.",
    "revenue_profit_sharing": "Licensee shall pay Licensor a royalty of 5% of Net Sales.",
    "governing_law": "This Agreement shall be governed by the laws of the State of Delaware.",
    "renewal_term": "This Agreement shall automatically renew for successive one (1) year periods.",
    "notice_period": "Either party may end the Term upon ninety (90) days prior written notice.",
    "data_protection": "Processor shall process Personal Data in accordance with the GDPR.",
    "confidentiality": "Each party shall keep the Confidential Information of the other secret.",
    "indemnification": "Supplier shall indemnify and hold harmless Customer from all claims.",
    "penalty": "A late payment fee of 1.5% per month shall apply to overdue amounts.",
    "payment_terms": "Customer shall pay each invoice within thirty (30) days of receipt.",
    "source_code_escrow": "Licensor shall deposit the source code with an escrow agent.",
    "covenant_not_to_sue": "Licensee shall not contest the validity of the Licensed Patents.",
    "force_majeure": "Neither party is liable for delays caused by force majeure events.",
    "non_transferable_license": "Licensor grants a non-transferable license to the Software.",
    "irrevocable_or_perpetual_license": "Licensor grants a perpetual, irrevocable license to the "
    "Software.",
}


@pytest.mark.parametrize("tag, text", sorted(SNIPPETS.items()))
def test_each_category_has_a_rule_that_fires(tag, text):
    assert tag in TAGS
    assert tag in tag_text(text), (tag, tag_text(text))
    assert matches(text, tag)  # and it can say where


@pytest.mark.parametrize(
    "text, absent",
    [
        ("Supplier appoints Distributor as a non-exclusive distributor.", "exclusivity"),
        ("Confidential treatment requested by the filer.", "confidentiality"),
        ("Customer shall pay the fees.", "cap_on_liability"),
        (
            "This Agreement may be terminated by either party if the other party materially breaches "
            "it and fails to cure such breach.",
            "termination_for_convenience",
        ),
        ("The parties may agree to meet quarterly.", "governing_law"),
    ],
)
def test_rules_do_not_fire_on_near_misses(text, absent):
    assert absent not in tag_text(text)


def test_title_alone_can_tag_and_tags_are_sorted():
    assert "governing_law" in tag_text(
        "This Agreement is subject to New York law.", "Governing Law"
    )
    assert tag_text(SNIPPETS["insurance"] + " " + SNIPPETS["audit_rights"]) == sorted(
        tag_text(SNIPPETS["insurance"] + " " + SNIPPETS["audit_rights"])
    )


def test_title_tags_reads_a_heading_alone():
    assert "cap_on_liability" in title_tags("XIII Limitation of Liability & Indemnifications")
    assert "license_grant" in title_tags("License Grants by a Licensor Party")
    assert "license_grant" not in title_tags("Termination of UTC NDA")
    assert title_tags("Miscellaneous") == []


def test_an_exclusion_of_all_but_direct_damages_is_a_cap_on_liability():
    assert "cap_on_liability" in tag_text("Both parties will not have liability for any damages other than "
                                          "direct damages.")
    assert "cap_on_liability" in tag_text("Neither party shall bear any liability for indirect damages.")
    # a liability for something that is not damages is not a limit on damages
    assert "cap_on_liability" not in tag_text("NICE shall have no liability for cancellation of a PO prior to "
                                              "the Production Lead Time.")



@pytest.mark.parametrize(("text", "tag"), [
    # wordings of the train half's labelled clauses that no pattern read before
    ("Neither party may assign this Agreement, in whole or in part, without the other party's written consent.",
     "anti_assignment"),
    ("The Supplier may transfer its rights hereunder only with the prior express written consent of the Buyer; a "
     "transfer without the Buyer's prior express written consent is ineffective.", "anti_assignment"),
    ("Any attempt to assign this Agreement other than as permitted above will be null and void.", "anti_assignment"),
    ("Each Party waives any right to recover consequential, incidental or punitive damages from the other Party.",
     "cap_on_liability"),
    ("Replacement of the goods shall be the Buyer's sole and exclusive remedy for a breach of this warranty.",
     "cap_on_liability"),
    ("Under no circumstances shall either party be liable for lost profits.", "cap_on_liability"),
    ("If this Agreement is terminated, the Distributor may continue to sell its stock of Products for six months "
     "after the termination date.", "post_termination_services"),
    ("The Distributor shall handle no products that are competitive with the Products within the Territory.",
     "non_compete"),
    ("The Franchisee must not become a Competitor in the upscale hotel market.", "non_compete"),
    ("The fee shall be equal to 5.2% of the gross proceeds received in the Offering.", "revenue_profit_sharing"),
    ("The Agent shall be paid a commission on each sale it introduces.", "revenue_profit_sharing"),
    ("Either party may terminate on notice if the other party's corporate structure has undergone a material "
     "ownership change.", "change_of_control"),
])
def test_wordings_found_missing_on_the_train_half_are_tagged(text, tag):
    assert tag in tag_text(text)


@pytest.mark.parametrize(("text", "tag"), [
    ("Either party may assign this Agreement to an Affiliate on written notice.", "anti_assignment"),
    ("The Distributor shall continue to sell the Products in the Territory.", "post_termination_services"),
    # the word alone is mostly the regulator in an EDGAR exhibit's legend
    ("Confidential treatment requested; omitted portions were filed with the Securities and Exchange Commission.",
     "revenue_profit_sharing"),
])
def test_the_new_wordings_do_not_fire_on_near_misses(text, tag):
    assert tag not in tag_text(text)

CONTRACT = """SERVICES AGREEMENT

1. Term
1.1 This Agreement shall automatically renew for successive one (1) year periods.
1.2 Either party may terminate this Agreement for convenience upon thirty (30) days' prior written notice.

2. Confidentiality
Each party shall keep the Confidential Information of the other secret.

3. Governing Law
This Agreement shall be governed by the laws of the State of Delaware.
"""


def test_tag_sections_uses_each_sections_own_text():
    parsed = parsed_from_text(CONTRACT, "c.txt", "C")
    numbers = [s.number for s in parsed.sections]
    assert numbers == ["1", "1.1", "1.2", "2", "3"]
    tags = dict(zip(numbers, tag_sections(parsed), strict=False))
    assert "renewal_term" in tags["1.1"] and "termination_for_convenience" in tags["1.2"]
    assert "termination_for_convenience" not in tags["1.1"]  # the sibling's text is not its own
    assert "confidentiality" in tags["2"] and "governing_law" in tags["3"]
    spans = own_text_spans(parsed)
    assert spans[0][1] == parsed.sections[1].char_start  # section 1 stops at 1.1


def test_sections_from_parsed_links_parents_and_fills_text():
    parsed = parsed_from_text(CONTRACT, "c.txt", "C")
    secs = sections_from_parsed(parsed, "t1", "doc-1")
    by_number = {s.number: s for s in secs}
    assert by_number["1.1"].parent_id == by_number["1"].id
    assert by_number["1"].parent_id is None
    assert by_number["3"].text.startswith("3. Governing Law")
    assert "governing_law" in by_number["3"].clause_types
    assert all(s.tenant == "t1" and s.document_id == "doc-1" for s in secs)


def test_a_section_text_skips_the_running_footer_inside_it():
    parsed = parsed_from_text(CONTRACT, "c.txt", "C")
    third = next(s for s in parsed.sections if s.number == "3")
    at = parsed.text.index(" ", third.char_start + 20)  # a footer line laid over a word of section 3
    parsed.elements.append(Element(kind="footer", text=parsed.text[at + 1 : at + 5], page=1,
                                   char_start=at + 1, char_end=at + 5))
    secs = {s.number: s for s in sections_from_parsed(parsed, "t1", "doc-1")}
    text = secs["3"].text
    assert len(text) == third.char_end - third.char_start
    assert text[at + 1 - third.char_start : at + 5 - third.char_start] == "    "
    assert parsed.text[at + 1 : at + 5] != "    "  # the document text itself is kept as parsed


def test_every_cuad_category_maps_to_a_tag():
    assert set(CUAD_TO_TAG.values()) <= set(TAGS)
    assert len(CUAD_TO_TAG) == 36


def test_real_cuad_governing_law_sections_are_tagged(shared_data):
    """On real contracts, the section holding the expert's governing-law quote is tagged."""
    cuad = shared_data / "cuad"
    wanted = {"cuad-9c5033e3", "cuad-18ed1da7", "cuad-e8e78f47"}
    contracts, spans = {}, {}
    with open(cuad / "contracts.jsonl") as fh:
        for line in fh:
            c = json.loads(line)
            if c["doc_id"] in wanted:
                contracts[c["doc_id"]] = c
    with open(cuad / "annotations.jsonl") as fh:
        for line in fh:
            a = json.loads(line)
            if a["doc_id"] in wanted and a["category"] == "Governing Law":
                spans[a["doc_id"]] = [s["start"] for s in a["spans"]]
    for doc_id, c in contracts.items():
        parsed = parsed_from_text(
            (cuad / c["txt_path"]).read_text(encoding="utf-8"), c["txt_path"], c["title"]
        )
        tagged = [
            span
            for span, t in zip(own_text_spans(parsed), tag_sections(parsed), strict=False)
            if "governing_law" in t
        ]
        assert tagged, doc_id
        assert all(any(a <= start < z for a, z in tagged) for start in spans[doc_id]), doc_id


def test_tags_in_text_runs_the_asked_types_and_agrees_with_tag_text():
    """A question asks about one or two types: only their patterns run, with the answer ``tag_text`` gives."""
    from veridict.domain.clause_rules import tags_in_text

    text = SNIPPETS["insurance"] + " " + SNIPPETS["audit_rights"]
    for asked in ({"insurance"}, {"audit_rights", "cap_on_liability"}, {"cap_on_liability"}, {"not_a_type"}, set()):
        assert tags_in_text(text, asked) == set(tag_text(text)) & asked, asked
    assert tags_in_text(text, {"insurance", "audit_rights"}) == {"insurance", "audit_rights"}

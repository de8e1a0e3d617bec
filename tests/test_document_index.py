"""The document-name index: short names, possessives, kinds of deal, near spellings, ties."""

from __future__ import annotations

from tools.document_index import DocumentIndex, name_words
from veridict.types import Document


def _doc(i: int, title: str, path: str) -> Document:
    return Document(id=f"d{i}", tenant="t", doc_key=path.lower(), title=title, source_path=path, sha256=str(i))


DOCS = [
    _doc(1, "Reseller Agreement", "NORTHWINDTRADERS_2019-EX-10.1-Reseller Agreement.pdf"),
    _doc(2, "Hosting Agreement", "CLOUDSECURE_2020-EX-10.2-Hosting Agreement.pdf"),
    _doc(3, "Supply Agreement", "SILICONSMELTERS_2018-EX-10.4-Supply Agreement.pdf"),
    _doc(4, "Distribution Agreement", "ACME_2017-EX-10.3-Distribution Agreement.pdf"),
    _doc(5, "Reseller Agreement", "ACME_2016-EX-10.5-Reseller Agreement.pdf"),
]
NAMES = {
    "d1": ["Northwind Traders Ltd.", "Northwind", "CloudSecure GmbH"],
    "d2": ["CloudSecure GmbH", "CloudSecure", "Fabrikam Inc."],
    "d3": ["Silicon Smelters (Pty) Ltd", "Silicon Smelters", "Contoso Corp."],
    "d4": ["Acme Widgets, Inc.", "Acme", "Tailspin Toys LLC"],
    "d5": ["Acme Widgets, Inc.", "Acme", "Tailspin Toys LLC"],
}


def _top(index: DocumentIndex, text: str) -> list[str]:
    found = index.match(text, names_only=True)
    if not found:
        return []
    return [m.document_id for m in found if m.score >= found[0].score * 0.999]


def test_name_words_drop_legal_forms_and_generic_words():
    assert name_words("Northwind Traders Ltd.") == ["northwind", "traders"]
    assert name_words("Acme Widgets, Inc.") == ["acme", "widgets"]


def test_a_short_party_name_finds_its_contract():
    index = DocumentIndex(DOCS, NAMES)
    assert _top(index, "What law applies to our deal with Northwind?") == ["d1"]
    assert _top(index, "When does Fabrikam's hosting contract end?") == ["d2"]


def test_a_near_spelling_still_matches():
    index = DocumentIndex(DOCS, NAMES)
    assert _top(index, "Is there a non-compete in the Slicon Smelters contract?") == ["d3"]


def test_the_kind_of_deal_tells_siblings_apart_and_a_tie_stays_a_tie():
    index = DocumentIndex(DOCS, NAMES)
    assert _top(index, "our reseller deal with Acme") == ["d5"]
    assert _top(index, "the distribution contract with Acme") == ["d4"]
    assert sorted(_top(index, "the Acme agreement")) == ["d4", "d5"]


def test_question_words_in_lower_case_are_not_names():
    index = DocumentIndex(DOCS, NAMES)
    assert _top(index, "which contracts have a notice period?") == []
    assert _top(index, "What law governs the Globex agreement?") == []


def test_an_ambiguous_reference_is_asked_back_not_refused():
    from agents.provenance import refusal
    from veridict.domain import RefusalReason

    answer = refusal("the Acme agreement?", RefusalReason.ambiguous_document,
                     '"Distribution Agreement" (Acme Widgets, Inc.) or "Reseller Agreement" (Acme Widgets, Inc.)')
    assert answer.refusal_code is RefusalReason.ambiguous_document
    assert answer.text.startswith("Several documents fit the question equally. Did you mean \"Distribution")


def test_a_brand_found_only_at_the_start_of_a_file_name_word():
    docs = [*DOCS, _doc(6, "License Agreement", "ZEBRATECHNOLOGIESCORP_2014-EX-10.1-License Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Motorola Solutions, Inc."]})
    assert _top(index, "Can we sublicense under the Zebra license?") == ["d6"]


def test_a_lower_case_word_does_not_begin_a_file_name_word():
    docs = [*DOCS, _doc(6, "Sponsorship Agreement", "FREEZETAGINC_2018-EX-10.1-Sponsorship Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Freeze Tag, Inc."]})
    found = index.match("Is Northwind free to sign up other distributors?", names_only=True)
    assert [m.document_id for m in found] == ["d1"]  # "free" is a word of the question, not "FreezeTagInc"
    assert _top(index, "Can we end the Freeze sponsorship early?") == ["d6"]


def test_a_party_name_finds_the_contracts_it_is_a_party_to():
    index = DocumentIndex(DOCS, NAMES)
    assert sorted(index.party_documents("CloudSecure GmbH")) == ["d1", "d2"]
    assert sorted(index.party_documents("Acme")) == ["d4", "d5"]
    assert index.party_documents("Northwind Widgets") == []  # every distinctive word, in one document
    assert index.party_documents("Zebra") == []  # a file-name word is not a party's name
    assert index.party_documents("the Company") == []  # no distinctive word


def test_a_filer_name_finds_the_contract_its_file_is_named_after():
    """Users name a contract after the company that filed it ("the Healthcare Integrated reseller"), a name no
    party of the contract carries: the file name's run-together words hold it."""
    docs = [*DOCS, _doc(6, "Walabot-Home Reseller Agreement",
                        "HealthcareIntegratedTechnologiesInc_20190812_8-K_EX-10.1_Reseller Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Vayyar Imaging Ltd.", "Grey Cloak Tech Inc."]})
    assert index.party_documents("Healthcare Integrated") == []
    assert index.filer_documents("Healthcare Integrated") == ["d6"]
    assert index.filer_documents("Northwind Widgets") == []  # every distinctive word, in the file name
    assert index.filer_documents("Vayyar") == []  # a party's name is no filer's


def test_a_title_reference_is_found_as_postgres_would():
    index = DocumentIndex(DOCS, NAMES)
    assert [d.id for d in index.find_titles("the Distribution Agreement")][:1] == ["d4"]
    assert sorted(d.id for d in index.find_titles("Reseller Agreement")) == ["d1", "d5"]
    assert index.find_titles("Agreement of the year") == []  # only generic words, no phrase


def test_a_hyphenated_party_name_finds_its_contract():
    docs = [*DOCS, _doc(6, "Hosting Agreement", "ELEPHANTTALK_2008-EX-99.1-Hosting Agreement.pdf"),
            _doc(7, "Outsourcing Contract", "RESORT_2019-EX-10.13-Outsourcing Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["T-Mobile", "Elephant Talk"], "d7": ["Chang Chen-Bin Architects"]})
    assert index.party_documents("T-Mobile") == ["d6"]
    assert index.party_documents("Chang Chen-Bin") == ["d7"]
    assert _top(index, "Which party is T-Mobile contracting with under the hosting deal?") == ["d6"]


def test_a_web_name_is_found_by_its_words_with_or_without_the_suffix():
    """"BookingEntertainment.com" goes by "Booking Entertainment", "BookingEntertainment" and
    "BookingEntertainment.com"; "Women.com" by "Women.com"."""
    docs = [*DOCS, _doc(6, "Promotion Agreement", "VNUE_2016-EX-10.1-Promotion Agreement.pdf"),
            _doc(7, "Co-Branding Agreement", "EDIETS_2000-EX-10.3-Co-Branding Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["BookingEntertainment.com", "VNUE, Inc."],
                                 "d7": ["Women.com Networks, Inc.", "eDiets.com, Inc."]})
    for name in ("Booking Entertainment", "BookingEntertainment", "BookingEntertainment.com"):
        assert index.party_documents(name) == ["d6"], name
    assert index.party_documents("Women.com") == ["d7"]
    assert _top(index, "Who are the parties to the Booking Entertainment promotion deal?") == ["d6"]


def test_a_name_joined_by_an_ampersand_is_found_by_its_initials():
    """"M&I" for "Marshall & Ilsley Corporation": the question writes the initials with the "&"; two letters
    without it ("MI") name nothing."""
    docs = [*DOCS, _doc(6, "Outsourcing Agreement", "TRICITY_1998-EX-10-Outsourcing Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Tri City National Bank", "Marshall & Ilsley Corporation"]})
    assert index.party_documents("M&I") == ["d6"]
    assert _top(index, "What happens to customer data when the M&I outsourcing ends?") == ["d6"]
    assert index.party_documents("MI") == []


def test_a_party_name_run_together_is_found_by_its_first_part():
    """"Kazakh" begins "KazakhOil"; a word that is only a small part of a long name ("Inter" of
    "Interlogistics") does not."""
    docs = [*DOCS, _doc(6, "Transportation Contract", "CHAPARRAL_2000-EX-10.66.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["JSC NOC KazakhOil", "JSC Karakudukmunay"]})
    assert _top(index, "When was the Kazakh transportation contract signed?") == ["d6"]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Interlogistics Partners"]})
    assert _top(index, "When was the Inter transportation contract signed?") == []


def test_a_kind_named_by_its_short_word_finds_the_titles_that_spell_it_out():
    docs = [_doc(1, "Intellectual Property Agreement", "ZEBRA_2014-EX-10.1-IP Agreement.pdf"),
            _doc(2, "Intellectual Property Rights Agreement", "RARE_2017-EX-99.4-IP Rights.pdf"),
            _doc(3, "Supply Agreement", "SILICONSMELTERS_2018-EX-10.4-Supply Agreement.pdf")]
    index = DocumentIndex(docs, {})
    assert sorted(d.id for d in index.of_kind("IP")) == ["d1", "d2"]
    assert [d.id for d in index.of_kind("supply")] == ["d3"]


def test_two_letters_swapped_is_a_near_spelling():
    # "Pifzer" for "Pfizer": difflib alone scores the slip 0.83, under the near-spelling bar
    docs = [*DOCS, _doc(6, "Manufacturing and Supply Agreement", "UPJOHN_2020-EX-2.6-Manufacturing Agreement.pdf")]
    index = DocumentIndex(docs, {**NAMES, "d6": ["Pfizer Inc.", "Upjohn Inc."]})
    assert _top(index, "Who is the counterparty of Pifzer Inc.?") == ["d6"]
    assert index.party_documents("Pifzer Inc") == ["d6"]
    assert _top(index, "Who is the counterparty of Pfeiffer Inc.?") == []  # a different name, not a slip


class _Index:
    """The bit of a tool context ``_named_in_question`` reads: the tenant's name index."""

    def __init__(self, index: DocumentIndex) -> None:
        self.index = index

    def name_index(self) -> DocumentIndex:
        return self.index

    def remember(self, document: Document) -> None:
        pass


def test_a_party_two_contracts_share_is_picked_by_the_question_s_other_words():
    """T-Mobile is a party to a hosting agreement and to a content licence's amendment: "the hosting deal" picks the
    first."""
    from agents.resolve import _named_in_question

    docs = [*DOCS, _doc(6, "Hosting Agreement", "ELEPHANTTALK_2008-EX-99.1-Hosting Agreement.pdf"),
            _doc(7, "Amendment No. 3", "GLU_2005-EX-10.4-Wireless Content License Agreement.pdf")]
    ctx = _Index(DocumentIndex(docs, {**NAMES, "d6": ["T-Mobile", "Elephant Talk"],
                                      "d7": ["T-Mobile USA, Inc.", "Sorrent, Inc."]}))
    ref = _named_in_question("Which party is T-Mobile contracting with under the hosting deal?", ctx)
    assert ref is not None and ref.document_ids == ["d6"]


def test_a_party_two_contracts_share_with_nothing_else_to_go_by_is_asked_back():
    """"Which party is T-Mobile contracting with?" names T-Mobile, a party to two contracts, and no other word tells
    them apart: the reference holds both, marked ambiguous, so the answer asks which was meant (not the whole
    library). A word that only a title shares ("hosting" alone) names no party and asks nothing."""
    from agents.resolve import _named_in_question

    docs = [*DOCS, _doc(6, "Hosting Agreement", "ELEPHANTTALK_2008-EX-99.1-Hosting Agreement.pdf"),
            _doc(7, "Amendment No. 3", "GLU_2005-EX-10.4-Wireless Content License Agreement.pdf")]
    ctx = _Index(DocumentIndex(docs, {**NAMES, "d6": ["T-Mobile", "Elephant Talk"],
                                      "d7": ["T-Mobile USA, Inc.", "Sorrent, Inc."]}))
    ref = _named_in_question("Which party is T-Mobile contracting with?", ctx)
    assert ref is not None and ref.ambiguous and ref.explicit
    assert sorted(ref.document_ids) == ["d6", "d7"] and ref.mention == "tmobile"
    assert _named_in_question("Which party is T-Mobile contracting with under the hosting deal?", ctx).document_ids \
        == ["d6"]
    assert _named_in_question("Who signed the hosting deal?", ctx) is None
    # "Global" is a generic word the index does not key: a party named "Global T-Mobile" is not T-Mobile's
    assert _named_in_question("Which party is Global T-Mobile contracting with?", ctx) is None

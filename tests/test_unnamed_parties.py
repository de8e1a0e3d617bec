"""Parties a contract defines by their role where a name should stand (a form's blank, a redaction, a
description) are stored as such and answered as such: the answer says the contract does not name that side and
what it calls it, quoting the definition; a role word never becomes a party's name."""

from __future__ import annotations

import pytest

from graphs.answer_graph import answer_question
from ingest.parties import find_party_definitions
from ingest.unnamed_parties import unnamed_parties
from tests.conftest import contracts_tenant


def _unnamed(text: str):
    named = find_party_definitions(text, 0, len(text))
    return [p.name for p in named], [(u.role, u.missing) for u in unnamed_parties(text, 0, len(text), named)]


@pytest.mark.parametrize(
    "text, named, unnamed",
    [
        # a form's blank, with a blank description
        ('This License Agreement is made by and between Pellucid Systems, Inc., a Delaware corporation '
         '("Pellucid"), and ______________________, a ______________ corporation ("Licensee").',
         "Pellucid Systems, Inc.", ("Licensee", "blank")),
        # a redaction
        ('This Services Agreement is made as of May 1, 2019 by and between [ * * * ] (the "Provider"), and '
         'Marlowe Shipping Pte. Ltd., a Singapore company ("Recipient").', "Marlowe Shipping Pte. Ltd.",
         ("Provider", "redacted")),
        # a label with nothing after it but the next field
        ("SUPPLY CONTRACT\nBuyer: Quanzhou Lantern Trading Co., Ltd.\nADD: Tel No. : Fax No. :\nThe seller: ADD: The "
         "Contract is concluded and signed by the Buyer and Seller in Hong Kong.",
         "Quanzhou Lantern Trading Co., Ltd.", ("the seller", "blank")),
        # a description instead of a name
        ('Harbin Savings Corporation, a Georgia corporation (the "Company"), proposes to engage the sales agent '
         'identified on the signature page to this Agreement (the "Agent" or "you") to assist the Company.',
         "Harbin Savings Corporation", ("Agent", "described")),
        # a description whose definition says only "you": the described role
        ('Harbin Savings Corporation, a Georgia corporation (the "Company"), proposes to engage the sales agent '
         'identified on the signature page to this Agreement ("you") to assist the Company.',
         "Harbin Savings Corporation", ("sales agent", "described")),
    ],
)
def test_a_side_defined_by_its_role_where_a_name_should_stand_is_an_unnamed_party(text, named, unnamed):
    assert _unnamed(text) == ([named], [unnamed])


def test_a_form_that_says_only_you_takes_the_role_the_contract_gives_you_elsewhere():
    text = ('This Franchise Agreement is made by and between Wingspan Franchising, Inc., an Ohio corporation '
            '("we" or "us"), and __________________________ ("you"). The franchisee ("you") includes all persons '
            "who succeed to your interest.")
    assert _unnamed(text)[1] == [("Franchisee", "blank")]


def test_a_described_party_named_under_its_label_is_not_unnamed():
    text = ('This Reseller Agreement is made by and between Tallis Integrative Solutions, LLC, a Virginia limited '
            'liability company ("Reseller") and the company set forth below ("Company"): Company: Brightwave '
            "Solutions, Inc. Telephone: 555-0100")
    assert _unnamed(text)[1] == []


def test_two_named_parties_leave_no_unnamed_one():
    text = ('This Agreement is made between Acme Corp., a Delaware corporation (the "Licensor"), and Beta LLC, a '
            'Texas limited liability company (the "Licensee").')
    assert _unnamed(text) == (["Acme Corp.", "Beta LLC"], [])


@pytest.mark.parametrize(
    "text, second",
    [
        ('This Hosting Agreement is entered into this 6th day of April, 1999 by and between Centrack Holdings, a '
         'Florida corporation ("the Customer"), and i-on interactive, a Florida corporation ("i-on").',
         "i-on interactive"),
        ('This Reseller Agreement is made by and between Bravado Solutions, Inc., a Florida corporation ("Company"), '
         'and i3 Integrative Creative Solutions, LLC ("Reseller").', "i3 Integrative Creative Solutions, LLC"),
    ],
)
def test_a_name_written_in_lower_case_is_read(text, second):
    assert [p.name for p in find_party_definitions(text, 0, len(text))][1] == second


def test_a_lower_case_phrase_before_a_description_is_no_name():
    text = ('This Agreement is made by and between Acme Corp., a Delaware corporation ("Acme"), and the company, '
            'a Delaware corporation ("Beta").')
    assert [p.name for p in find_party_definitions(text, 0, len(text))] == ["Acme Corp."]


FORM = """# Franchise Agreement

This Franchise Agreement (the "Agreement") is made by and between Wingspan Franchising, Inc., an Ohio corporation
("we" or "us"), and ______________________________ ("you"). The franchisee ("you") includes all persons who succeed
to your interest in this Agreement.

## 1. Grant

1.1 We grant you the right to operate one Wingspan restaurant at the approved location.

## 2. Governing Law

2.1 This Agreement is governed by the laws of the State of Ohio.
"""


SUPPLY = """# Supply Contract

Buyer: Quanzhou Lantern Trading Co., Ltd.
ADD: Tel No. : Fax No. :
The seller: ADD: The Contract is concluded and signed by the Buyer and Seller in Hong Kong.

## 1. Goods

1.1 The seller shall deliver the lanterns listed in each purchase order within thirty (30) days.
"""


@pytest.fixture(scope="module")
def tenant(ingestor, stores, tmp_path_factory):
    with contracts_tenant(ingestor, stores, tmp_path_factory.mktemp("unnamed"),
                          {"wingspan-form.md": FORM, "lantern-supply.md": SUPPLY}) as t:
        yield t


def test_the_counterparty_left_blank_is_said_to_be_unnamed_with_its_role(stores, settings, tenant):
    answer = answer_question(stores, settings, "Who is the counterparty of Wingspan Franchising under the franchise "
                             "agreement?", tenant=tenant)
    assert not answer.refused, answer.text
    assert "does not name" in answer.text and "Franchisee" in answer.text, answer.text
    assert "left blank" in answer.text, answer.text
    assert any('("you")' in c.quote for c in answer.citations), answer.citations


def test_the_role_word_is_no_party_name(stores, tenant):
    names = [n.lower() for ns in stores.pg.document_names(tenant).values() for n in ns]
    assert any("wingspan" in n for n in names), names
    assert not any(n in ("franchisee", "you") for n in names), names


def test_the_parties_are_the_named_one_and_the_unnamed_one(stores, settings, tenant):
    answer = answer_question(stores, settings, "Who are the parties to the Wingspan franchise agreement?",
                             tenant=tenant)
    assert answer.text.startswith("One party is Wingspan Franchising, Inc."), answer.text
    assert "does not name" in answer.text and "Franchisee" in answer.text, answer.text


def test_an_empty_label_is_said_once_with_its_own_article(stores, settings, tenant):
    answer = answer_question(stores, settings, "Who is the counterparty of Quanzhou Lantern Trading under the supply "
                             "contract?", tenant=tenant)
    assert "does not name" in answer.text and "calls it the seller" in answer.text, answer.text
    assert "the the" not in answer.text, answer.text

"""Two spellings of one party name: a typo or a plural in a word is the same party, a different short word is not."""

from __future__ import annotations

import pytest

from veridict.domain.names import (
    alias_key,
    names_asked_party,
    near_word_ratio,
    spelled_alike,
    trade_name_sides,
)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("EDGE Communication Solutions, LLC", "EDGE Communications Solutions, LLC", True),
        ("Berkely Lights, Inc.", "Berkeley Lights, Inc.", True),
        ("Metavante Corporation", "Melavante Corporation", True),
        ("CLARUS IV-A, L.P.", "CLARUS IV-B, L.P.", False),  # sibling funds differ in a short word
        ("Hyde Park Bancorp, Inc.", "Blue Hills Bancorp, Inc.", False),
        ("Acme Holdings", "Acme Holdings Europe", False),  # more words: another entity
        ("Northwind Traders", "Southwind Traders", False),
    ],
)
def test_spelled_alike(a, b, same):
    assert spelled_alike(alias_key(a), alias_key(b)) is same


@pytest.mark.parametrize(
    ("party", "asked", "parties", "same"),
    [
        # a shorter form of the asked name, when no party of the contract is that name itself
        ("Nuance", "Nuance Communications, Inc.", ["Nuance", "Acme Corp."], True),
        ("Quorvant Networks, Inc.", "Quorvand Networks", ["Quorvant Networks, Inc.", "Lindqvist AB"], True),
        # two affiliates on one contract: "Vivint Solar" asks, "Vivint" is the other side
        ("VIVINT, INC.", "VIVINT SOLAR, INC.", ["VIVINT SOLAR, INC.", "VIVINT, INC."], False),
        ("VIVINT SOLAR, INC.", "VIVINT SOLAR, INC.", ["VIVINT SOLAR, INC.", "VIVINT, INC."], True),
        # three parties: a longer form of the asked name is its affiliate on the asking side
        ("VerticalNet Enterprises LLC", "VerticalNet,Inc", ["VerticalNet, Inc.", "VerticalNet Enterprises LLC",
                                                            "Converge, Inc."], True),
        # a name that only shares letters, not whole words, is another party
        ("Aceline Ltd.", "Ace", ["Aceline Ltd.", "Ace Partners"], False),
    ],
)
def test_names_asked_party(party, asked, parties, same):
    keys = [alias_key(p) for p in parties]
    assert names_asked_party(alias_key(party), alias_key(asked), keys) is same


def test_trade_name_sides_and_a_transposition():
    assert trade_name_sides("Pretzel Time, Inc. doing business as Pretzel Time") == ["Pretzel Time, Inc.", "Pretzel Time"]
    assert trade_name_sides("RMF Empire, Inc. DBA West Coast Customs") == ["RMF Empire, Inc.", "West Coast Customs"]
    assert trade_name_sides("Johnson Matthey Catalog Company, Inc. d/b/a Alfa Aesar")[1] == "Alfa Aesar"
    assert trade_name_sides("Business Doing Corp.") == []
    assert near_word_ratio("pifzer", "pfizer") >= 0.84
    assert near_word_ratio("clarusa", "clarusb") < 0.9  # one letter changed is difflib's own ratio

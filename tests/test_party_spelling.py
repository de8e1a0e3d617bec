"""Two spellings of one party name: a typo or a plural in a word is the same party, a different short word is not."""

from __future__ import annotations

import pytest

from veridict.domain.names import alias_key, spelled_alike


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

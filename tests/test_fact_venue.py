"""Venue facts: the place a forum sentence names, past lead-ins ("the State of") and capitalised words that
name no place ("the Federal and State courts", "a Dispute")."""

from __future__ import annotations

import pytest

from tests.test_facts import facts_of, values

OPENING = "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Corp. and Widget Ltd.\n\n"


@pytest.mark.parametrize("sentence, place, kind", [
    ("Each party irrevocably agrees that the federal and state courts in the Northern District of California "
     "shall have sole and exclusive jurisdiction.", "Northern District of California", "courts"),
    ("The parties submit to the jurisdiction of the Federal and State courts located in King County, "
     "Washington.", "King County, Washington", "courts"),
    ("Judgment may be entered in the courts of the State of New Jersey.", "New Jersey", "courts"),
    ("The arbitration shall be held in Paris (France), in the English language.", "Paris", "arbitration"),
    ("All disputes shall be resolved in the applicable state or federal courts in the County of Rockland.",
     "Rockland", "courts"),
    ("Exclusive venue for any suit shall be in the state courts of Harris County, Texas.",
     "Harris County, Texas", "courts"),
])
def test_the_forum_place_is_read(sentence, place, kind):
    _, facts = facts_of(OPENING + "12. Disputes. " + sentence + "\n")
    assert place in values(facts, "venue"), values(facts, "venue")
    assert all(f.qualifier == kind for f in facts if f.attribute == "venue" and f.value_text == place)


@pytest.mark.parametrize("sentence", [
    "The Promoter receives Thirty Thousand Dollars for each contract it secures per venue.",
    "The parties may seek interim measures from a court after giving notice of a Dispute under this Agreement.",
    "Notices are deemed given at 5 p.m. UTC in any forum.",
    # a court that orders disclosure chooses no forum; the capitalised phrase after it is no place
    "If the receiving Party receives a request to disclose under a subpoena issued by a court of competent "
    "jurisdiction or by a governmental body all or any part of the Confidential Information, it shall notify.",
    # a working group's forum for discussion, and an event's venue, are no place of dispute
    "The Working Group shall serve as a forum for discussing the development of the Discovery Platform.",
    "Sponsor benefits: banner placement in venue and a logo in Backstage areas.",
])
def test_words_that_name_no_place_are_no_venue(sentence):
    _, facts = facts_of(OPENING + "12. Miscellaneous. " + sentence + "\n")
    assert values(facts, "venue") == []


@pytest.mark.parametrize("sentence, place", [
    ("All claims shall be brought exclusively in the state or federal courts of competent subject matter "
     "jurisdiction in New York City, State of New York.", "New York City, State"),
    ("The arbitration shall be held informally in Johannesburg or such other place agreed upon by the parties.",
     "Johannesburg"),
    ("The Parties also agree that the venue for this Agreement shall be in the County of Brevard, Florida.",
     "Brevard, Florida"),
])
def test_a_court_described_at_length_or_a_venue_named_outright_keeps_its_place(sentence, place):
    _, facts = facts_of(OPENING + "12. Disputes. " + sentence + "\n")
    assert place in values(facts, "venue"), values(facts, "venue")


def test_a_place_broken_over_lines_is_one_name():
    _, facts = facts_of(OPENING + "12. Disputes. The arbitration shall be held in San\n        Francisco County, "
                        "California.\n")
    assert "San Francisco County, California" in values(facts, "venue")

"""A question asked in parts: where it is cut, when it is kept whole, and how the answers are joined."""

from __future__ import annotations

from agents.parts import elliptical, join_answers, planned_part, question_parts, split_text
from veridict.types import Answer, Citation, ClaimSupport

# what a part asks, as the graph's reader would say it, keyed by the part's first words
ASKS = {
    "Who is": ("party",),
    "When does": ("expiration_date",),
    "Does the Pareteum": ("renewal_term",),
    "How much notice": ("notice_period",),
    "What's the governing": ("governing_law",),
    "Is there a non-compete": ("non_compete",),
    "Which law": ("governing_law",),
    "When was": ("agreement_date",),
    "How long does": ("expiration_date",),
    "How much": ("amount",),
    "Does the franchisee": ("revenue_profit_sharing",),
}


def reader(part: str):
    return next((v for k, v in ASKS.items() if part.startswith(k)), None)


def test_cut_where_a_second_question_opens():
    assert split_text("Who is the Zanotti deal with, and when does it end?") == [
        "Who is the Zanotti deal with?", "When does it end?"]
    assert split_text("Does the Pareteum reseller deal auto-renew? And how much notice do we need to stop it?") == [
        "Does the Pareteum reseller deal auto-renew?", "How much notice do we need to stop it?"]
    assert split_text("What's the effective date of the ZTO contract; also, which law governs it?") == [
        "What's the effective date of the ZTO contract?", "Which law governs it?"]
    assert split_text("Who signed the JANA agreement and under which state's law is it?") == [
        "Who signed the JANA agreement?", "Under which state's law is it?"]


def test_names_and_things_joined_by_and_are_not_cut():
    assert split_text("Is there a cap on liability in the deal between Acme and Globex?") == [
        "Is there a cap on liability in the deal between Acme and Globex?"]
    assert split_text("Does the Antares deal have a cap on liability and an audit right?") == [
        "Does the Antares deal have a cap on liability and an audit right?"]


def test_parts_each_asking_something_else_are_answered_apart():
    assert question_parts("Who is the Zanotti deal with, and when does it end?", reader) == [
        "Who is the Zanotti deal with?", "When does it end?"]
    assert question_parts("What's the governing law of the Nanophase deal, and is there a non-compete?", reader) == [
        "What's the governing law of the Nanophase deal?", "Is there a non-compete?"]


def test_a_part_that_asks_nothing_alone_keeps_the_question_whole():
    whole = "Can the Supply Agreement be terminated for convenience, and under what conditions?"
    assert len(split_text(whole)) == 2
    assert question_parts(whole, reader) == [whole]


def test_two_parts_asking_the_same_keep_the_question_whole():
    whole = "When does the Zanotti deal end? When does it expire?"
    assert question_parts(whole, reader) == [whole]


def _citation(doc: str, page: int) -> Citation:
    return Citation(document_id=doc, document_title=doc, version=1, page=page, quote="q", store="facts")


def test_answers_are_joined_in_order_with_citations_numbered_on():
    first = Answer(question="Who?", text="The parties are A and B [1].", citations=[_citation("d", 1)],
                   claims=[ClaimSupport(claim="The parties are A and B.", supported=True, citation_indexes=[1])],
                   confidence=0.9)
    second = Answer(question="When?", text="It ends on 1 May 2020 [1]; see also [2].",
                    citations=[_citation("d", 4), _citation("d", 5)],
                    claims=[ClaimSupport(claim="It ends on 1 May 2020.", supported=True, citation_indexes=[1, 2])],
                    confidence=0.7)
    joined = join_answers("Who, and when?", ["Who?", "When?"], [first, second])
    assert joined.text == "**Who?** The parties are A and B [1].\n\n**When?** It ends on 1 May 2020 [2]; see also [3]."
    assert [c.page for c in joined.citations] == [1, 4, 5]
    assert [c.citation_indexes for c in joined.claims] == [[1], [2, 3]]
    assert not joined.refused and joined.confidence == 0.7 and joined.question == "Who, and when?"


def test_a_refused_part_is_said_and_the_answer_stands_while_another_part_is_answered():
    answered = Answer(question="Who?", text="The parties are A and B [1].", citations=[_citation("d", 1)],
                      confidence=0.9)
    refused = Answer(question="When?", text="The contract does not say.", refused=True,
                     refusal_code="not_found", refusal_reason="not found")
    joined = join_answers("Who, and when?", ["Who?", "When?"], [answered, refused])
    assert not joined.refused and "**When?** The contract does not say." in joined.text
    both = join_answers("Who, and when?", ["Who?", "When?"], [refused, refused])
    assert both.refused and both.refusal_code == refused.refusal_code


def test_a_follow_up_that_asks_nothing_of_its_own_is_about_the_first_part():
    # "it" is the non-compete and "how much" the royalty: answered whole, planned as the first part, whose clause
    # states the length or the figure; not the contract's end date or any other fee
    q = "Is there a non-compete in the Vivint agreement, and how long does it last?"
    assert question_parts(q, reader) == [q]
    assert planned_part(q) == "Is there a non-compete in the Vivint agreement?"
    q = "Does the franchisee have to pay a royalty, and how much?"
    assert question_parts(q, reader) == [q]
    assert planned_part(q) == "Does the franchisee have to pay a royalty?"
    assert elliptical("How much?") and elliptical("For how long does it last?") and elliptical("And until when?")
    assert not elliptical("When does the agreement end?") and not elliptical("Which law governs it?")


def test_a_follow_up_after_a_question_that_is_not_yes_no_is_still_its_own_question():
    # "Who is the Zanotti deal with, and how long does it last?": "it" is the deal, asked apart as before
    q = "Who is the Zanotti deal with, and how long does it last?"
    assert question_parts(q, reader) == ["Who is the Zanotti deal with?", "How long does it last?"]
    assert planned_part(q) == q
    q = "Is there a non-compete in the Vivint agreement, and which law governs it?"
    assert question_parts(q, reader) == ["Is there a non-compete in the Vivint agreement?", "Which law governs it?"]
    assert planned_part(q) == q

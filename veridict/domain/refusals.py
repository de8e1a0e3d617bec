"""Why an answer is refused, as a code; the words a user reads are made from it only when the answer is built."""

from __future__ import annotations

from enum import StrEnum


class RefusalReason(StrEnum):
    no_such_document = "no_such_document"
    ambiguous_document = "ambiguous_document"
    not_specified = "not_specified"
    not_found = "not_found"
    store_unavailable = "store_unavailable"
    empty_question = "empty_question"
    question_too_long = "question_too_long"
    no_words = "no_words"

    @property
    def text(self) -> str:
        """The reason in words, as the answer states it."""
        return _TEXT[self]

    @property
    def confidence(self) -> float:
        """How sure a refusal for this reason is (a missing document is known; a store outage is not)."""
        return _CONFIDENCE.get(self, 0.3)


_TEXT = {
    RefusalReason.no_such_document: "no such document in the library",
    RefusalReason.ambiguous_document: "several documents fit the question equally",
    RefusalReason.not_specified: "the contract does not specify",
    RefusalReason.not_found: "not found in the documents",
    RefusalReason.store_unavailable: "a store was unavailable",
    RefusalReason.empty_question: "the question is empty",
    RefusalReason.question_too_long: "the question is too long",
    RefusalReason.no_words: "the question has no words",
}
_CONFIDENCE = {
    RefusalReason.no_such_document: 0.9,
    RefusalReason.ambiguous_document: 0.5,
    RefusalReason.not_specified: 0.6,
    RefusalReason.not_found: 0.5,
    RefusalReason.store_unavailable: 0.4,
}

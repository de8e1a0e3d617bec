"""Knowledge about contracts, as data: the attributes a question can ask for, amount and notice kinds, clause
types and how a passage is recognised as one, intents, refusal reasons, and the one reader of values
(``veridict.domain.values``). Every layer may import it; it imports nothing of theirs."""

from veridict.domain.attributes import (
    ATTRIBUTE_BY_NAME,
    ATTRIBUTES,
    Attribute,
    AttributeName,
    attribute,
    attribute_clause_types,
    attribute_label,
    fact_attributes,
)
from veridict.domain.clause_types import CLAUSE_BY_NAME, CLAUSE_TYPES, GENERIC_CLAUSE_TYPES, ClauseType, clause_label
from veridict.domain.intents import INTENT_DESCRIPTIONS, INTENTS, Comparison, Intent, ToolName
from veridict.domain.qualifiers import (
    AMOUNT_KIND_NAMES,
    AMOUNT_KINDS,
    AMOUNT_WORDS,
    NOTICE_KIND_NAMES,
    NOTICE_KINDS,
    PERIOD_NOUNS,
    QUALIFIER_BY_NAME,
    Qualifier,
)
from veridict.domain.refusals import RefusalReason
from veridict.domain.words import QUESTION_FILLER, STOPWORDS, content_words, fold, snake_name

__all__ = [
    "AMOUNT_KINDS", "AMOUNT_KIND_NAMES", "AMOUNT_WORDS", "ATTRIBUTES", "ATTRIBUTE_BY_NAME", "CLAUSE_BY_NAME",
    "CLAUSE_TYPES", "GENERIC_CLAUSE_TYPES", "INTENTS", "INTENT_DESCRIPTIONS", "NOTICE_KINDS", "NOTICE_KIND_NAMES",
    "PERIOD_NOUNS", "QUALIFIER_BY_NAME", "QUESTION_FILLER", "STOPWORDS", "Attribute", "AttributeName", "ClauseType",
    "Comparison", "Intent", "Qualifier", "RefusalReason", "ToolName", "attribute", "attribute_clause_types",
    "attribute_label", "clause_label", "content_words", "fact_attributes", "fold", "snake_name",
]  # fmt: skip

"""What a question asks the agent to do (its intent), the tools a plan may name and the comparisons it makes.

Each intent carries a description in words: the planner prompt's list is generated from it.
"""

from __future__ import annotations

from typing import Literal, get_args

Intent = Literal["exact_value", "clause_lookup", "narrative", "relational", "list", "compare", "count", "calculate"]
ToolName = Literal["facts", "clauses", "vectors", "lexical", "graph_entity", "context", "graph_refs", "calculator"]
Comparison = Literal["earlier", "later", "longer", "shorter", "larger", "smaller", "same", "contains"]

INTENT_DESCRIPTIONS: dict[Intent, str] = {
    "exact_value": "a value one contract states: a date, a period, the governing law, the parties, an amount",
    "clause_lookup": "whether a contract has a kind of clause, and its wording",
    "narrative": "anything else a passage of a contract answers",
    "relational": "what a clause refers to: other clauses, regulations, the documents of a party",
    "list": "the contracts of the library that have a clause or a value",
    "compare": "the same value or clause in two or more contracts, side by side",
    "count": "how many contracts of the library have a clause or a value",
    "calculate": "a figure worked out from stated ones: a sum of amounts, the days between two dates",
}

INTENTS: tuple[Intent, ...] = get_args(Intent)

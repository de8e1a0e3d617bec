"""Everyday wordings for the paraphrase question set (``bench.paraphrase_set``).

Written as a user would ask, before looking at how Veridict reads questions. Placeholders:
``{ref}`` / ``{ref1}`` / ``{ref2}`` a short reference to a contract (see ``REFERENCES``), ``{party}``
a party's short name, ``{kind}`` the kind of deal, ``{law}`` a jurisdiction, ``{clause}`` a clause
in plain words. Clause questions are asked so that "yes" means the clause is there.
"""

from __future__ import annotations

# how a user points at one contract: {P} a party's short name, {Ps} its possessive, {kind} the deal
REFERENCES = [
    "our {kind} deal with {P}",
    "the {P} {kind} contract",
    "{Ps} {kind} deal",
    "the {P} deal",
    "our contract with {P}",
    "the {kind} contract with {P}",
    "the {P} agreement",
    "{Ps} contract",
]

EXACT = {
    "governing_law": [
        "Which state's law applies to {ref}?",
        "Whose law governs {ref}?",
        "What's the governing law for {ref}?",
        "If we end up in a dispute over {ref}, which jurisdiction's law applies?",
        "Under which law is {ref} to be read?",
        "Quick check: what law covers {ref}?",
        "Which country's or state's law does {ref} follow?",
        "What jurisdiction's law is {ref} governed by?",
    ],
    "agreement_date": [
        "When was {ref} signed?",
        "What's the date on {ref}?",
        "When did we enter into {ref}?",
        "What date was {ref} made?",
        "Remind me when {ref} was dated.",
        "When is {ref} dated?",
        "What day did {ref} get entered into?",
    ],
    "effective_date": [
        "When did {ref} take effect?",
        "From what date is {ref} effective?",
        "When did {ref} kick in?",
        "As of when does {ref} apply?",
        "What's the effective date of {ref}?",
        "Since when has {ref} been in force?",
    ],
    "expiration_date": [
        "When does {ref} run out?",
        "When does {ref} end?",
        "What's the end date of {ref}?",
        "Until when does {ref} run?",
        "How long does {ref} last, and when does it expire?",
        "When is {ref} up?",
        "When does the term of {ref} finish?",
    ],
    "renewal_term": [
        "Does {ref} roll over, and for how long each time?",
        "If nobody cancels, how long does {ref} renew for?",
        "What's the renewal period on {ref}?",
        "How long is each renewal of {ref}?",
        "When {ref} renews, how long is the extension?",
        "{ref} rolls over at the end of its term; for how long?",
    ],
    "notice_period_to_terminate_renewal": [
        "How much notice do we have to give to stop {ref} from renewing?",
        "How far ahead must we say we don't want {ref} to renew?",
        "What's the deadline for cancelling {ref} before it rolls over?",
        "To keep {ref} from auto-renewing, how early do we need to tell them?",
        "What's the non-renewal notice period in {ref}?",
        "If we want out of {ref} at the end of the term, how much notice is needed?",
    ],
    "parties": [
        "We're {party}. Who's on the other side of our {kind} contract?",
        "Who is {Ps} counterparty on the {kind} deal?",
        "Who did {party} sign the {kind} contract with?",
        "Who's the other party to {Ps} {kind} deal?",
        "In the {party} {kind} contract, who is {party} dealing with?",
        "Which party is {party} contracting with under the {kind} deal?",
    ],
}

AMOUNT = {
    "Insurance": [
        "How much insurance cover does {ref} require?",
        "What insurance limit is set in {ref}?",
    ],
    "Cap on Liability": [
        "How much is liability capped at in {ref}?",
        "What's the most anyone can be on the hook for under {ref}?",
    ],
    "Minimum Commitment": [
        "What's the minimum we've committed to under {ref}?",
        "How much is the minimum commitment in {ref}?",
    ],
}

# a money amount counts only in a quote that says what the amount is
AMOUNT_CUE = {
    "Insurance": r"insur|coverage|per\s+occurrence",
    "Cap on Liability": r"exceed|limited\s+to|no\s+more\s+than|maximum|in\s+no\s+event",
    "Minimum Commitment": r"minimum|at\s+least|no\s+less\s+than|fails?\s+to\s+(?:sell|purchase|buy|order)",
}

SHOW = [
    " Show me the language.",
    " Quote it.",
    " Point me to the clause.",
    " Show me where it says so.",
    " Quote the wording.",
    "",
]

# category -> questions asked so that "yes" means the clause is there
CLAUSE = {
    "Exclusivity": [
        "Is anyone locked into exclusivity under {ref}?",
        "Is {ref} exclusive?",
        "Are we tied to exclusivity in {ref}?",
    ],
    "Non-Compete": [
        "Does {ref} stop anyone from competing?",
        "Is there a non-compete in {ref}?",
        "Does {ref} restrict either side from running a competing business?",
    ],
    "Anti-Assignment": [
        "Do we need the other side's consent to assign {ref}?",
        "Is assigning {ref} to another company restricted?",
    ],
    "Termination for Convenience": [
        "Can we walk away from {ref} without a reason?",
        "Is there a way out of {ref} just by giving notice?",
        "Can {ref} be cancelled for convenience?",
    ],
    "License Grant": [
        "Does {ref} grant a license?",
        "Is anything licensed under {ref}?",
    ],
    "Audit Rights": [
        "Can one side check the other's books under {ref}?",
        "Does {ref} give audit rights?",
        "Are there audit or inspection rights in {ref}?",
    ],
    "Cap on Liability": [
        "Is liability capped in {ref}?",
        "Is there a limit on how much anyone can be liable for under {ref}?",
    ],
    "Insurance": [
        "Does {ref} require anyone to carry insurance?",
        "Are there insurance requirements in {ref}?",
    ],
    "Change of Control": [
        "Does {ref} say what happens if one side gets bought?",
        "Is there a change-of-control clause in {ref}?",
    ],
    "Rofr/Rofo/Rofn": [
        "Does anyone get a right of first refusal, first offer or first negotiation under {ref}?",
        "Is there a first-dibs right in {ref}?",
    ],
    "Non-Disparagement": [
        "Are we barred from badmouthing the other side under {ref}?",
        "Is there a non-disparagement clause in {ref}?",
    ],
    "No-Solicit of Employees": [
        "Is there a no-poach clause in {ref}?",
        "Does {ref} stop one side from hiring the other side's employees?",
    ],
    "No-Solicit of Customers": [
        "Does {ref} bar poaching the other side's customers?",
    ],
    "Post-Termination Services": [
        "Does anyone owe anything after {ref} ends, like transition help or wind-down?",
        "Are there post-termination obligations in {ref}?",
    ],
    "IP Ownership Assignment": [
        "Does {ref} hand ownership of any IP to one side?",
        "Under {ref}, is newly created IP assigned to one of the parties?",
    ],
    "Joint IP Ownership": [
        "Is any IP jointly owned under {ref}?",
    ],
    "Warranty Duration": [
        "Is there a warranty period in {ref}, and how long is it?",
    ],
    "Liquidated Damages": [
        "Are there liquidated damages or fixed termination fees in {ref}?",
    ],
    "Most Favored Nation": [
        "Does {ref} promise most-favoured-customer pricing?",
        "Are we guaranteed the best price anyone gets under {ref}?",
    ],
    "Minimum Commitment": [
        "Is there a minimum purchase or volume commitment in {ref}?",
    ],
    "Third Party Beneficiary": [
        "Can someone outside {ref} enforce any of it?",
        "Does {ref} give any third party rights as a beneficiary?",
    ],
    "Revenue/Profit Sharing": [
        "Do the parties share revenue or profits under {ref}?",
    ],
    "Irrevocable or Perpetual License": [
        "Is the license in {ref} perpetual or irrevocable?",
    ],
    "Covenant Not to Sue": [
        "Is there a promise not to sue or not to challenge the other side's IP in {ref}?",
    ],
}

# category -> the clause in plain words, for lists and counts across the library
CLAUSE_PHRASE = {
    "Exclusivity": "an exclusivity clause",
    "Non-Compete": "a non-compete",
    "Termination for Convenience": "a right to terminate for convenience",
    "Audit Rights": "audit rights",
    "Cap on Liability": "a cap on liability",
    "Insurance": "insurance requirements",
    "Change of Control": "a change-of-control clause",
    "Rofr/Rofo/Rofn": "a right of first refusal, offer or negotiation",
    "No-Solicit of Employees": "a no-poach clause",
    "Most Favored Nation": "most-favoured-nation pricing",
    "Minimum Commitment": "a minimum purchase commitment",
    "Liquidated Damages": "liquidated damages",
    "Third Party Beneficiary": "third-party beneficiaries",
    "Revenue/Profit Sharing": "revenue or profit sharing",
    "Non-Disparagement": "a non-disparagement clause",
    "License Grant": "a license grant",
    "Anti-Assignment": "limits on assignment",
    "Post-Termination Services": "obligations that continue after termination",
    "IP Ownership Assignment": "an assignment of IP ownership",
    "Warranty Duration": "a warranty period",
    "Non-Transferable License": "a non-transferable license",
}

CROSS_LIST_LAW = [
    "Which of our contracts are under {law} law?",
    "List the deals governed by the law of {law}.",
    "Which agreements does {law} law govern?",
]
CROSS_LIST_CLAUSE = [
    "Which of our contracts have {clause}?",
    "Where do we have {clause}? List the contracts.",
    "Which deals include {clause}?",
]
CROSS_COUNT_LAW = [
    "How many of our contracts are governed by {law} law?",
    "How many deals fall under the law of {law}?",
]
CROSS_COUNT_CLAUSE = [
    "How many of our contracts have {clause}?",
    "In how many deals do we have {clause}?",
]
CROSS_COUNT_RENEWAL = [
    "How many of our contracts have a renewal clause?",
    "How many of our deals can renew?",
]

COMPARE = {
    "signed_first": [
        "Which did we sign first: {ref1} or {ref2}?",
        "Which is older, {ref1} or {ref2}?",
    ],
    "longer_notice": [
        "Which needs more notice to stop it renewing, {ref1} or {ref2}?",
        "To block a renewal, do we have to warn earlier under {ref1} or under {ref2}?",
    ],
    "same_law": [
        "Are {ref1} and {ref2} under the same law?",
        "Do {ref1} and {ref2} have the same governing law?",
    ],
    "has_clause": [
        "Which one has {clause}: {ref1} or {ref2}?",
        "Between {ref1} and {ref2}, which includes {clause}?",
    ],
    "ends_first": [
        "Which runs out first, {ref1} or {ref2}?",
        "Which ends sooner: {ref1} or {ref2}?",
    ],
}

# category -> (questions that assume the clause exists, words whose absence from the text backs it)
FALSE_PREMISE = {
    "Liquidated Damages": (
        ["How much are the liquidated damages under {ref}?", "What liquidated damages do we owe if we break {ref}?"],
        r"liquidated\s+damages",
    ),
    "Source Code Escrow": (
        ["Who is the source code escrow agent for {ref}?", "Where is the source code held in escrow under {ref}?"],
        r"escrow",
    ),
    "Most Favored Nation": (
        ["Which customers does the most-favoured-nation pricing in {ref} cover?"],
        r"most[\s-]+favou?red",
    ),
    "Non-Compete": (
        ["How long does the non-compete in {ref} last?", "How far does the non-compete in {ref} reach?"],
        r"non[\s-]*compet|not\s+(?:to\s+)?compete",
    ),
    "Rofr/Rofo/Rofn": (
        ["How many days do we get to use the right of first refusal in {ref}?"],
        r"first\s+(?:refusal|offer|negotiation)",
    ),
    "Non-Disparagement": (
        ["What does the non-disparagement clause in {ref} forbid?"],
        r"disparag",
    ),
}

NOT_STATED = {
    "notice_period": [
        "How much notice do we have to give to stop {ref} from renewing?",
        "What's the deadline to cancel {ref} before it auto-renews?",
    ],
    "renewal_term": [
        "How long does {ref} renew for each time?",
        "When {ref} rolls over, for how long?",
    ],
}

NOT_IN_LIBRARY = {
    "governing_law": [
        "Which state's law applies to our {kind} deal with {P}?",
        "Whose law governs the {P} {kind} contract?",
        "What's the governing law of {Ps} {kind} deal?",
    ],
}

# the same questions in the dev set's wording (full title, legal names), for a side-by-side run on
# the same contracts: {full} = "<title> between <party> and <party>"
TEMPLATE_STYLE = {
    "governing_law": "Which jurisdiction's law governs the {full}?",
    "agreement_date": "On what date was the {full} entered into?",
    "effective_date": "What is the effective date of the {full}?",
    "expiration_date": "When does the {full} expire (expiration date or term end)?",
    "renewal_term": "What is the renewal term of the {full}?",
    "notice_period_to_terminate_renewal": "How much notice is required to prevent renewal of the {full}?",
    "parties": "Who is the counterparty of {party} under the {title}?",
    "amount": "What is the {what} stated in the {full}?",
    "clause": "Does the {full} contain a {category} clause? Quote the clause and cite section and page.",
    "list_law": "Which contracts in the collection are governed by the law of {law}?",
    "list_clause": "Which contracts in the collection contain a {category} clause?",
    "count_law": "How many contracts in the collection are governed by the law of {law}?",
    "count_clause": "How many contracts in the collection contain a {category} clause?",
    "count_renewal": "How many contracts in the collection contain a renewal provision?",
    "signed_first": "Which was entered into earlier: the {full1}, or the {full2}?",
    "ends_first": "Which expires earlier: the {full1}, or the {full2}?",
    "longer_notice": "Which requires the longer notice period to prevent renewal: the {full1}, or the {full2}?",
    "same_law": "Are the {full1} and the {full2} governed by the law of the same jurisdiction?",
    "has_clause": "Which of these contracts contains a {category} clause: the {full1}, or the {full2}?",
    "not_stated_notice_period": "How many days' notice must be given to prevent automatic renewal of the {full}?",
    "not_stated_renewal_term": "What is the renewal term of the {full}?",
    "not_in_library": "Which jurisdiction's law governs the {full}?",
}
TEMPLATE_AMOUNT = {
    "Insurance": "required insurance coverage amount",
    "Cap on Liability": "cap on liability",
    "Minimum Commitment": "minimum commitment",
}
TEMPLATE_FALSE_PREMISE = {
    "Liquidated Damages": "What is the amount of liquidated damages payable under the {full}?",
    "Source Code Escrow": "Who is the source code escrow agent under the {full}?",
    "Most Favored Nation": "Which customers are covered by the most-favored-nation pricing clause in the {full}?",
    "Non-Compete": "What is the duration of the non-compete clause in the {full}?",
    "Rofr/Rofo/Rofn": "How long is the exercise period of the right of first refusal in the {full}?",
    "Non-Disparagement": "What does the non-disparagement clause of the {full} prohibit?",
}

"""Wordings of the third everyday-wording question set (``bench.paraphrase3_set``).

Written from how lawyers, procurement, finance and sales people type into a contract-review chat
tool, WITHOUT looking at the planner, the agents, the tools, the graphs, ``veridict.domain`` or any
code that reads questions, and without running Veridict on them. The wordings of the first two
sets (``bench.paraphrase_templates``, ``bench.paraphrase2_templates``) were read only for their
placeholders and shape; none is reused (``tests/test_paraphrase3_set.py`` checks it). Some are
short commands ("pull the ..."), some name the contract last ("... on the acme paperwork?"), some
are chat shorthand ("pls", "rev share", "on the hook", "no-poach"), a few carry typos ("wats",
"liabilty", "contarct", "expirey").

Placeholders: ``{ref}`` / ``{ref1}`` / ``{ref2}`` a reference to a contract (``REFERENCES``);
``{P}`` a party's short name, ``{Ps}`` its possessive, ``{p}`` / ``{ps}`` the same in lower case;
``{party}`` the named party of a parties question; ``{kind}`` the kind of deal ("supply");
``{law}`` a jurisdiction; ``{clause}`` a clause in plain words (``CLAUSE_PHRASE``). Clause
questions are asked so that "yes" means the clause is there. No wording says "between" (the
set's checks read it as a spelled-out title).

Not wordings, so shared with the first set: the dev-set twins (``TEMPLATE_*``), the cue a quote
must hold for its amount to be the gold (``AMOUNT_CUE``) and the pattern a contract's text must
never match for a false-premise question (the second item of each ``FALSE_PREMISE`` value).
"""

from __future__ import annotations

from bench.paraphrase_templates import AMOUNT_CUE as AMOUNT_CUE
from bench.paraphrase_templates import FALSE_PREMISE as _FIRST_FALSE_PREMISE
from bench.paraphrase_templates import TEMPLATE_AMOUNT as TEMPLATE_AMOUNT
from bench.paraphrase_templates import TEMPLATE_FALSE_PREMISE as TEMPLATE_FALSE_PREMISE
from bench.paraphrase_templates import TEMPLATE_STYLE as TEMPLATE_STYLE

# how a contract is referred to in passing
REFERENCES = [
    "our deal with {P}",
    "the {P} paperwork",
    "{ps} deal",
    "{Ps} contract with us",
    "that {p} one",
    "the {kind} deal we did with {P}",
    "what we signed with {P}",
    "the {P} {kind} agreement",
    "{ps} {kind} contract",
    "the agreement with {p}",
    "our {P} contract",
    "the {kind} arrangement with {P}",
    "the {P} document",
]

EXACT = {
    "governing_law": [
        "what's the governing law on {ref}?",
        "If we end up in a dispute over {ref}, whose law applies?",
        "choice of law in {ref}?",
        "Governing law for {ref}, please.",
        "Which jurisdiction's laws control {ref}?",
        "remind me what governing law we landed on in {ref}",
        "Quick one: {ref} is governed by the laws of where?",
        "Under what state or country's law does {ref} get interpreted?",
    ],
    "agreement_date": [
        "When did {ref} get signed?",
        "what date is on {ref}?",
        "date {ref} was executed?",
        "when did we sign {ref}",
        "Give me the signing date for {ref}.",
        "{ref} is dated when?",
        "Find the execution date of {ref}.",
    ],
    "effective_date": [
        "When did {ref} actually go live?",
        "whats the effective date of {ref}?",
        "As of what date is {ref} in force?",
        "When does {ref} start, legally speaking?",
        "effective date on {ref} pls",
        "{ref} became effective on what date?",
    ],
    "expiration_date": [
        "When does {ref} lapse?",
        "wats the end date on {ref}?",
        "{ref}: when is it over?",
        "What date does {ref} expire on, if nobody renews it?",
        "{ref} expires when?",
        "Till when does {ref} run?",
        "Give me the expirey date for {ref}.",
    ],
    "renewal_term": [
        "If nobody cancels, how long does {ref} roll over for?",
        "how long a renewal do we get on {ref}?",
        "{ref} auto-renews for how long each time?",
        "How long is each renewal term in {ref}?",
        "Does {ref} renew, and for what length?",
        "renewal term, {ref}?",
    ],
    "notice_period_to_terminate_renewal": [
        "How far ahead do we need to tell them if we don't want {ref} to renew?",
        "how much lead time is needed to opt out of renewing {ref}?",
        "Non-renewal notice period in {ref}?",
        "If we want out of {ref} at the end of the term, how much notice do we owe?",
        "{ref}: how many days' notice to stop the auto-renewal?",
        "how early must we send a non-renewal notice under {ref}",
    ],
    "parties": [
        "who's on the other side of the {kind} deal with {party}?",
        "{party} signed this with which company?",
        "Who did {party} sign the {kind} agreement with?",
        "{Ps} {kind} contract: who's the other party?",
        "name the company {p} contracted with",
        "Who is {party} doing business with in that {kind} deal?",
        "Which company sits across the table from {party} in the {kind} contract?",
        "{ps} deal: who's the counterparty?",
    ],
}

AMOUNT = {
    "Insurance": [
        "How much insurance coverage does {ref} make them carry?",
        "what insurance limits are required under {ref}?",
        "{ref}: how much cover has to be in place?",
    ],
    "Cap on Liability": [
        "What's the max either side is on the hook for under {ref}?",
        "liabilty cap in {ref}? what's the number",
        "What figure is liability limited to under {ref}?",
    ],
    "Minimum Commitment": [
        "What's the minimum that has to be bought under {ref}?",
        "How big is the minimum purchase commitment in {ref}?",
        "{ref}: what's the floor on orders or payments?",
    ],
}

# appended to a clause question
SHOW = [
    " Show me the wording.",
    " Paste the relevant text.",
    " Where does it say so?",
    " Point me to the section.",
    " Give me the exact language.",
    " cite it pls",
]

CLAUSE = {
    "Exclusivity": [
        "does {ref} have any exclusivity?",
        "Is anyone tied in exclusively under {ref}?",
        "Is there an exclusive arrangement in {ref}?",
    ],
    "Non-Compete": [
        "Does {ref} stop either side from competing?",
        "got a non-compete in {ref}?",
        "Are there restrictions on running a competing business in {ref}?",
    ],
    "Anti-Assignment": [
        "Is there a restriction on assigning {ref}?",
        "do we need consent to assign {ref}?",
        "Does {ref} limit who it can be transferred to?",
    ],
    "Termination for Convenience": [
        "can we walk away from {ref} early?",
        "Is there a termination-for-convenience right in {ref}?",
        "Could either party just end {ref} without cause?",
    ],
    "License Grant": [
        "Is there a license grant in {ref}?",
        "what license comes with {ref}?",
        "does anybody get licensed rights through {ref}?",
    ],
    "Audit Rights": [
        "Can the other side's books be audited under {ref}?",
        "audit rights anywhere in {ref}?",
        "Does {ref} let anyone inspect records?",
    ],
    "Cap on Liability": [
        "Is there a cap on damages exposure in {ref}?",
        "does {ref} put a ceiling on damages?",
        "Any limitation of liability in {ref}?",
    ],
    "Insurance": [
        "Does {ref} make either side hold insurance policies?",
        "insurance requirements in {ref}?",
    ],
    "Change of Control": [
        "If one side gets acquired, does {ref} have a change of control clause?",
        "change-of-control provisions in {ref}?",
        "Does {ref} say anything about a merger or a sale of the company?",
    ],
    "Rofr/Rofo/Rofn": [
        "Does anyone get a right of first refusal under {ref}?",
        "any ROFR or first-negotiation right in {ref}?",
    ],
    "Non-Disparagement": [
        "Does {ref} stop us from badmouthing them?",
        "non-disparagement language in {ref}?",
    ],
    "No-Solicit of Employees": [
        "Does {ref} have a no-poach on staff?",
        "Is there an employee non-solicit in {ref}?",
    ],
    "No-Solicit of Customers": [
        "Does {ref} bar going after the other side's customers?",
        "customer non-solicit in {ref}?",
    ],
    "Post-Termination Services": [
        "Does anything have to keep running after {ref} ends, like wind-down or transition services?",
        "Does {ref} require support after termination?",
    ],
    "IP Ownership Assignment": [
        "Does {ref} hand over ownership of any IP?",
        "Is IP created under {ref} assigned to one side?",
    ],
    "Joint IP Ownership": [
        "Do both parties co-own any IP from {ref}?",
        "does {ref} make anything co-owned IP?",
    ],
    "Warranty Duration": [
        "does {ref} set a warranty period?",
        "How long does the warranty in {ref} last?",
    ],
    "Liquidated Damages": [
        "Are there liquidated damages in {ref}?",
        "does {ref} fix a set amount of damages for a breach?",
    ],
    "Most Favored Nation": [
        "Does {ref} have an MFN clause?",
        "Is pricing under {ref} guaranteed to be at least as good as anyone else's?",
    ],
    "Minimum Commitment": [
        "is there a minimum purchase commitment in {ref}?",
        "Does {ref} commit anyone to minimum volumes?",
    ],
    "Third Party Beneficiary": [
        "Can anyone outside the contarct enforce {ref}?",
        "third-party beneficiaries in {ref}?",
    ],
    "Revenue/Profit Sharing": [
        "Is there revenue or profit sharing under {ref}?",
        "is there any rev share in {ref}?",
    ],
    "Irrevocable or Perpetual License": [
        "Does {ref} give a license that lasts forever or can't be pulled?",
        "does anyone get a license that can't be revoked under {ref}?",
    ],
    "Covenant Not to Sue": [
        "Does {ref} include a promise not to sue?",
        "Has anyone agreed not to bring claims under {ref}, a covenant not to sue?",
    ],
    "Source Code Escrow": [
        "Is source code put in escrow under {ref}?",
        "any escrow of source code in {ref}?",
    ],
    "Price Restrictions": [
        "Are there limits on raising prices in {ref}?",
        "does {ref} restrict pricing?",
    ],
    "Volume Restriction": [
        "Does {ref} cap how much can be ordered or used?",
        "any volume limits in {ref}?",
    ],
}

# a clause in plain words, for questions across the library and comparisons
CLAUSE_PHRASE = {
    "Exclusivity": "an exclusive arrangement",
    "Non-Compete": "a restriction on competing",
    "Termination for Convenience": "a right to terminate without cause",
    "Audit Rights": "audit rights over the other side's records",
    "Cap on Liability": "a ceiling on liability",
    "Insurance": "mandatory insurance cover",
    "Change of Control": "a clause about a change in ownership",
    "Rofr/Rofo/Rofn": "a right of first refusal or first offer",
    "No-Solicit of Employees": "a no-poach on employees",
    "Most Favored Nation": "MFN pricing",
    "Minimum Commitment": "a minimum purchase or volume commitment",
    "Liquidated Damages": "a fixed damages amount for breach",
    "Third Party Beneficiary": "rights for third-party beneficiaries",
    "Revenue/Profit Sharing": "a rev share or profit split",
    "Non-Disparagement": "a promise not to badmouth the other side",
    "License Grant": "a license to use the other side's IP",
    "Anti-Assignment": "limits on assigning the contract",
    "Post-Termination Services": "duties that carry on after termination",
    "IP Ownership Assignment": "IP ownership handed over to one side",
    "Warranty Duration": "a set warranty period",
    "Source Code Escrow": "source code held in escrow",
}

CROSS_LIST_LAW = [
    "pull up every contract we have under {law} law",
    "Which deals in the library are governed by {law} law? List them.",
    "show me all the {law}-law contracts",
]
CROSS_LIST_CLAUSE = [
    "Which of our agreements include {clause}?",
    "list all contracts with {clause}",
    "I need every deal that has {clause}. Which ones?",
]
CROSS_COUNT_LAW = [
    "how many of the contracts are under {law} law?",
    "Count the agreements governed by {law} law.",
]
CROSS_COUNT_CLAUSE = [
    "How many of our deals contain {clause}?",
    "number of contracts with {clause}?",
]
CROSS_COUNT_RENEWAL = [
    "How many of the contracts in here have a renewal term?",
    "how many deals can be renewed once the initial term is over?",
]

COMPARE = {
    "signed_first": [
        "Which was signed earlier, {ref1} or {ref2}?",
        "{ref1} vs {ref2}: which one is older?",
        "Of {ref1} and {ref2}, which came first?",
    ],
    "longer_notice": [
        "Which needs more notice to stop the renewal, {ref1} or {ref2}?",
        "longer non-renewal notice period: {ref1} or {ref2}?",
    ],
    "same_law": [
        "Are {ref1} and {ref2} governed by the same law?",
        "do {ref1} and {ref2} use the same governing law, or different ones?",
    ],
    "has_clause": [
        "{ref1} or {ref2}, which of them has {clause}?",
        "Out of {ref1} and {ref2}, which includes {clause}?",
    ],
    "ends_first": [
        "Which expires sooner, {ref1} or {ref2}?",
        "{ref1} or {ref2}: which one runs out first?",
    ],
}

# questions that take for granted a clause the contract does not have
_FALSE_PREMISE_WORDINGS = {
    "Liquidated Damages": [
        "How much do we owe in liquidated damages if we breach {ref}?",
        "what's the liquidated damages amount in {ref}",
    ],
    "Source Code Escrow": [
        "Who's the escrow agent holding the source code under {ref}?",
        "When can the source code be released from escrow under {ref}?",
    ],
    "Most Favored Nation": [
        "How does the most-favored-nation pricing in {ref} work?",
        "what does the MFN clause in {ref} guarantee us?",
    ],
    "Non-Compete": [
        "For how many years does the non-compete in {ref} run?",
        "What territory is covered by the non-compete in {ref}?",
    ],
    "Rofr/Rofo/Rofn": [
        "How many days are there to exercise the right of first refusal in {ref}?",
        "what triggers the ROFR under {ref}?",
    ],
    "Non-Disparagement": [
        "How long does the non-disparagement obligation in {ref} survive?",
        "Who is covered by the non-disparagement clause in {ref}?",
    ],
}
FALSE_PREMISE = {c: (wordings, _FIRST_FALSE_PREMISE[c][1]) for c, wordings in _FALSE_PREMISE_WORDINGS.items()}

# renewal details of a contract that never speaks of renewal
NOT_STATED = {
    "notice_period": [
        "How much notice is needed to keep {ref} from auto-renewing?",
        "what's the opt-out window before {ref} renews?",
    ],
    "renewal_term": [
        "When {ref} renews, how long is the new term?",
        "what's the length of each renewal under {ref}?",
    ],
}

# asked about a contract that is not in the library
NOT_IN_LIBRARY = {
    "governing_law": [
        "Which law governs our {kind} deal with {P}?",
        "what's the governing law in the {p} contract?",
        "{Ps} {kind} agreement: which jurisdiction's law applies?",
        "Check the {kind} contract we have with {P}: whose law governs it?",
    ],
}

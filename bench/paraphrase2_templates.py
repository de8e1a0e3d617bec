"""Wordings of the second everyday-wording question set (``bench.paraphrase2_set``).

Written from how lawyers, procurement and finance people ask a contract-review tool, WITHOUT
looking at the planner, the agents, the tools, ``veridict.domain`` or any code that reads
questions, and without running Veridict on them; none is an edit of a wording of the first set
(``bench.paraphrase_templates``, read only for its placeholders). Some are short commands, some
name the contract last, some are typed in a hurry (lower case, a missing apostrophe, typos such
as "agreemnt" and "governing").

Placeholders: ``{ref}`` / ``{ref1}`` / ``{ref2}`` a reference to a contract (``REFERENCES``);
``{P}`` a party's short name, ``{Ps}`` its possessive, ``{p}`` / ``{ps}`` the same in lower case;
``{party}`` the named party of a parties question; ``{kind}`` the kind of deal ("supply");
``{law}`` a jurisdiction; ``{clause}`` a clause in plain words (``CLAUSE_PHRASE``). Clause
questions are asked so that "yes" means the clause is there.

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

REFERENCES = [
    "the one with {P}",
    "{Ps} paperwork",
    "the {kind} agreement we have with {P}",
    "the {p} file",
    "our {P} {kind} agreement",
    "the contract we signed with {P}",
    "that {kind} thing with {P}",
    "{ps} agreement",
    "the {P} one",
    "the {P} agreemnt",
]

EXACT = {
    "governing_law": [
        "governing law on {ref}?",
        "If this went to court, what law would decide disputes under {ref}?",
        "what state law controls {ref}",
        "Pull the choice-of-law clause from {ref}.",
        "For {ref}, whose laws are we bound by?",
        "{ref}: which jurisdiction's law was chosen?",
        "law governing {ref}??",
        "Tell me what law {ref} is subject to.",
    ],
    "agreement_date": [
        "Date of {ref}?",
        "Execution date for {ref}?",
        "Find me the signing date for {ref}.",
        "I need the signature date on {ref}.",
        "when did we put pen to paper on {ref}",
        "How old is {ref}? Give me the date it was made.",
    ],
    "effective_date": [
        "From what date does {ref} take effect?",
        "How long has {ref} been live? Since what date?",
        "Effective date of {ref}, please.",
        "As of when is {ref} in force?",
        "start date for {ref}?",
    ],
    "expiration_date": [
        "hard stop date for {ref}?",
        "End date of {ref}, please.",
        "What's the last day of the initial term of {ref}?",
        "expiry of {ref}?",
        "Till when is {ref} good for?",
        "Give me the date the original term of {ref} ends.",
    ],
    "renewal_term": [
        "How long are the renewal periods in {ref}?",
        "Say {ref} auto-renews: what is the length of the new term?",
        "After the first term of {ref}, how long does each extension run?",
        "renewal length for {ref}",
        "If we let {ref} roll, how long are we in for each time?",
    ],
    "notice_period_to_terminate_renewal": [
        "How long is the notice to get out of the auto-renewal on {ref}?",
        "How many days' notice to opt out of renewing {ref}?",
        "What's the cutoff to send a non-renewal letter for {ref}?",
        "We may not want to extend {ref}. How much warning do we owe?",
        "notice needed to let {ref} lapse instead of renewing?",
    ],
    "parties": [
        "Who signed with {party} on the {kind} deal?",
        "{party} has a {kind} contract with somebody. Who?",
        "Name the company on the other end of {Ps} {kind} agreement.",
        "Which company did {party} do the {kind} deal with?",
        "{ps} {kind} arrangement: who's the counterparty?",
        "who is {party} contracting with",
    ],
}

AMOUNT = {
    "Insurance": [
        "What policy limits does {ref} call for?",
        "What are the insurance limits in {ref}?",
        "dollar amount of the required insurance under {ref}?",
    ],
    "Cap on Liability": [
        "Under {ref}, what's the dollar cap on damages?",
        "What's the most anyone can recover under {ref}? Give me the dollar figure.",
        "Liability ceiling in {ref}, in dollars?",
    ],
    "Minimum Commitment": [
        "What's the minimum purchase commitment in {ref}, in money?",
        "How much do we have to spend at a minimum under {ref}?",
        "minimum spend in {ref}?",
    ],
}

SHOW = [
    " Cite the section.",
    " Paste the exact words.",
    "",
    " With the section number, please.",
    " I need the wording.",
]

CLAUSE = {
    "Exclusivity": [
        "Does {ref} make anyone exclusive?",
        "Check {ref} for exclusive-dealing terms.",
        "Is the relationship under {ref} an exclusive one?",
    ],
    "Non-Compete": [
        "Is there anything stopping a party to {ref} from working with our competitors?",
        "any non-compete in {ref}?",
        "Non-compete check on {ref}: is anyone restricted from competing?",
    ],
    "Anti-Assignment": [
        "Can {ref} only be transferred with permission?",
        "Pull up the assignment restrictions in {ref}.",
        "Is transferring {ref} to a third party restricted?",
    ],
    "Termination for Convenience": [
        "Can {ref} be cancelled for no reason at all?",
        "Find the no-fault termination right in {ref}.",
        "Is there a right to terminate {ref} at will, just by giving notice?",
    ],
    "License Grant": [
        "Are any usage rights licensed under {ref}?",
        "Is any license granted in {ref}?",
        "Show the license grant in {ref}.",
    ],
    "Audit Rights": [
        "Pull up the audit language in {ref}.",
        "Can the books be inspected under {ref}?",
        "do we get to audit records under {ref}",
    ],
    "Cap on Liability": [
        "Are damages limited somewhere in {ref}?",
        "Does {ref} cap damages?",
        "Find the limitation of liability in {ref}.",
    ],
    "Insurance": [
        "Must either side maintain insurance policies under {ref}?",
        "Any insurance obligations in {ref}?",
    ],
    "Change of Control": [
        "What happens to {ref} if the other company is bought out?",
        "Does a merger or sale of the company trigger anything in {ref}?",
        "change of control language in {ref}?",
    ],
    "Rofr/Rofo/Rofn": [
        "Does anyone get first dibs on anything under {ref}?",
        "ROFR / ROFO in {ref}?",
    ],
    "Non-Disparagement": [
        "Does {ref} say anything about not criticizing each other publicly?",
        "does {ref} have a no-disparagement promise",
    ],
    "No-Solicit of Employees": [
        "Are we allowed to recruit their employees, or does {ref} forbid it?",
        "Any employee non-solicit in {ref}?",
    ],
    "No-Solicit of Customers": [
        "Is soliciting the other side's clients off-limits under {ref}?",
        "customer non-solicitation in {ref}?",
    ],
    "Post-Termination Services": [
        "After {ref} ends, does anyone have to keep providing services for a while?",
        "Is there a wind-down or transition period after termination in {ref}?",
    ],
    "IP Ownership Assignment": [
        "Who gets title to the IP? Does {ref} transfer it to one party?",
        "Are inventions or work product under {ref} assigned over?",
    ],
    "Joint IP Ownership": [
        "Do the parties co-own anything under {ref}?",
        "Does {ref} provide for shared ownership of IP?",
    ],
    "Warranty Duration": [
        "For how many months or years do the warranties in {ref} run?",
        "Is there a time limit on the warranties in {ref}?",
    ],
    "Liquidated Damages": [
        "Does {ref} set a fixed amount of damages for a breach?",
        "Are there pre-agreed damages in {ref}?",
    ],
    "Most Favored Nation": [
        "Does {ref} promise that nobody gets better terms than us?",
        "Any MFN clause in {ref}?",
    ],
    "Minimum Commitment": [
        "Are there purchase minimums in {ref}?",
        "Does {ref} lock anyone into minimum purchases?",
    ],
    "Third Party Beneficiary": [
        "Can someone who didn't sign {ref} enforce it?",
        "Does {ref} name any third-party beneficiaries?",
    ],
    "Revenue/Profit Sharing": [
        "Does {ref} split revenue or profits?",
        "Is there a royalty or revenue share in {ref}?",
    ],
    "Irrevocable or Perpetual License": [
        "Does the license under {ref} last forever?",
        "Does {ref} grant a license that can't be taken back?",
    ],
    "Covenant Not to Sue": [
        "Has anyone promised not to sue under {ref}?",
        "Is there a covenant not to sue in {ref}?",
    ],
    "Source Code Escrow": [
        "Any escrow arrangement for source code in {ref}?",
        "Does {ref} have a source code escrow?",
    ],
    "Price Restrictions": [
        "Does {ref} limit price increases?",
        "Are prices frozen or capped anywhere in {ref}?",
    ],
    "Volume Restriction": [
        "Is there a cap on how much can be used or bought under {ref}?",
        "Does {ref} put a volume limit on anything?",
    ],
}

# in plain words, for lists, counts and comparisons ("Which of our contracts have {clause}?")
CLAUSE_PHRASE = {
    "Exclusivity": "an exclusivity commitment",
    "Non-Compete": "restrictions on competing",
    "Termination for Convenience": "an at-will termination right",
    "Audit Rights": "a right to audit the books",
    "Cap on Liability": "a damages ceiling",
    "Insurance": "a duty to carry insurance",
    "Change of Control": "change-of-control terms",
    "Rofr/Rofo/Rofn": "first refusal or first offer rights",
    "No-Solicit of Employees": "a ban on hiring away staff",
    "Most Favored Nation": "most-favored-customer terms",
    "Minimum Commitment": "purchase minimums",
    "Liquidated Damages": "pre-set damages for breach",
    "Third Party Beneficiary": "rights for people who are not parties",
    "Revenue/Profit Sharing": "a revenue or profit split",
    "Non-Disparagement": "a non-disparagement covenant",
    "License Grant": "a grant of license rights",
    "Anti-Assignment": "an assignment restriction",
    "Post-Termination Services": "wind-down obligations",
    "IP Ownership Assignment": "a transfer of IP ownership",
    "Warranty Duration": "a time-limited warranty",
    "Source Code Escrow": "a source code escrow",
}

CROSS_LIST_LAW = [
    "List every contract governed by {law} law.",
    "Which agreements pick {law} as the governing law?",
    "show me all the {law}-law deals",
]
CROSS_LIST_CLAUSE = [
    "Show me the agreements in the library with {clause}.",
    "List the agreements that contain {clause}.",
    "Find every deal with {clause} in it.",
]
CROSS_COUNT_LAW = [
    "{law} law: how many of our agreements use it?",
    "count of {law}-law agreements?",
]
CROSS_COUNT_CLAUSE = [
    "In how many of our deals is there {clause}?",
    "How many agreements include {clause}?",
]
CROSS_COUNT_RENEWAL = [
    "How many of our agreements can renew after the first term?",
    "Count the contracts that have renewal periods.",
]

COMPARE = {
    "signed_first": [
        "Put {ref1} and {ref2} in date order: which came first?",
        "{ref1} vs {ref2}: which was executed earlier?",
        "Of {ref1} and {ref2}, which has the earlier signing date?",
    ],
    "longer_notice": [
        "Where do we have to give longer non-renewal notice, {ref1} or {ref2}?",
        "Comparing {ref1} and {ref2}, where is the non-renewal notice longer?",
    ],
    "same_law": [
        "Is the choice of law in {ref1} the same as in {ref2}?",
        "Would a dispute under {ref1} and one under {ref2} be decided by the same law?",
    ],
    "has_clause": [
        "{ref1} or {ref2}: where is there {clause}?",
        "Only one of {ref1} and {ref2} has {clause}. Which?",
    ],
    "ends_first": [
        "Of {ref1} and {ref2}, which term is up first?",
        "What lapses earlier, {ref1} or {ref2}?",
    ],
}

# a detail of a clause the contract does not have; the pattern is the first set's (see above)
_FALSE_PREMISE_WORDINGS = {
    "Liquidated Damages": [
        "What's the per-breach liquidated damages figure in {ref}?",
        "What's the liquidated damages amount if {ref} is breached?",
    ],
    "Source Code Escrow": [
        "Which escrow company holds the source code for {ref}?",
        "When can the escrowed source code be released under {ref}?",
    ],
    "Most Favored Nation": [
        "What does the MFN clause in {ref} guarantee?",
        "Summarize the most-favored-customer pricing terms in {ref}.",
    ],
    "Non-Compete": [
        "When does the non-compete in {ref} stop binding us?",
        "What area does the non-compete in {ref} cover?",
    ],
    "Rofr/Rofo/Rofn": [
        "What's the exercise window for the first refusal right in {ref}?",
        "what triggers the ROFR in {ref}",
    ],
    "Non-Disparagement": [
        "Does the non-disparagement covenant in {ref} survive termination, and for how long?",
        "What counts as disparagement under {ref}?",
    ],
}
FALSE_PREMISE = {c: (wordings, _FIRST_FALSE_PREMISE[c][1]) for c, wordings in _FALSE_PREMISE_WORDINGS.items()}

# renewal details of a contract that never renews
NOT_STATED = {
    "notice_period": [
        "How many days before renewal must we cancel {ref}?",
        "What's the opt-out window before {ref} auto-renews?",
    ],
    "renewal_term": [
        "What's the length of each automatic extension of {ref}?",
        "What term does {ref} renew into?",
    ],
}

# a contract that is not in the library
NOT_IN_LIBRARY = {
    "governing_law": [
        "What law governs the {kind} agreement with {P}?",
        "{Ps} {kind} contract: governing law?",
        "which state's law is the {p} deal under",
        "Pull the choice-of-law clause from our contract with {P}.",
    ],
}

"""Questions as people ask them, per attribute and per clause type: the examples a question is compared with
(by meaning, through the embedder) when no cue word of the registry names what it asks.

Written in everyday words, several wordings each, without names of parties or documents. Keys are registry
names (``ATTRIBUTES``, ``CLAUSE_TYPES``); a test checks that every key exists there. A question that asks
whether a clause is there is written as a clause example, one that asks for a value as an attribute example.
"""

from __future__ import annotations

ATTRIBUTE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "notice_period": (
        'What is the cut-off for cancelling before the term extends?',
        'How long before the end date must we object to stop the automatic renewal?',
        'How much advance warning stops it from renewing?',
        "How much notice do we have to give to get out before it renews?",
        "How far ahead must we tell them if we don't want another term?",
        "What's the deadline to say we won't renew?",
        "How many days' warning does either side need to give to end it?",
        "By when do I have to send a non-renewal letter?",
        "How early must we object to an extension?",
    ),
    "renewal_term": (
        'Does it roll over, and for how long?',
        'When it rolls over, how long is the new period?',
        'Does it auto-renew, and for what length each time?',
        "Does it renew by itself, and for how long each time?",
        "How long is each extension period?",
        "When the term is up, how long does it extend for?",
        "Does the deal carry on automatically after the first term, and for what length?",
        "What is the length of the renewal period?",
        "After the initial period, how long is each further period?",
    ),
    "venue": (
        "Where would we have to sue them?",
        "Which courts hear a dispute?",
        "Where does arbitration take place?",
        "In what city would a lawsuit be brought?",
        "Where is the forum for claims?",
    ),
    "governing_law": (
        "Which law applies to the contract?",
        "What state's law controls the agreement?",
        "Under whose laws is it interpreted?",
        "Which country's law does the deal follow?",
        "What legal system governs this contract?",
        "Is it under English or American law?",
    ),
    "expiration_date": (
        "When does it end?",
        "When is the contract over?",
        "What is the last day of the term?",
        "Until when does the deal last?",
        "When will the agreement finish?",
        "How long does it run before it stops?",
        "When does the current term lapse?",
    ),
    "effective_date": (
        'When does it take effect?',
        'Since when has it been in force?',
        'What is the start date of the deal?',
        'On what date did it come into effect?',
        "When does it start?",
        "From what date does it apply?",
        "When did the deal kick in?",
        "When does the term begin?",
        "As of what date is it in force?",
        "When did it become binding?",
    ),
    "agreement_date": (
        "When was it signed?",
        "What date is on the contract?",
        "When did we sign the deal?",
        "When was it made?",
        "What is the date of the agreement?",
        "When was the paperwork executed?",
    ),
    "party": (
        "Who's on the other side of the contract?",
        'Which company are we contracting with?',
        'Who is the other party to the deal?',
        "Who is the contract with?",
        "Who are the parties?",
        "Who signed it on the other side?",
        "Which companies are bound by it?",
        "Who is our counterparty?",
        "Who are we dealing with here?",
    ),
    "amount": (
        "How much do we have to pay?",
        "What does it cost?",
        "What is the fee?",
        "How much money is involved?",
        "What is the price?",
    ),
}

CLAUSE_EXAMPLES: dict[str, tuple[str, ...]] = {
    "most_favored_nation": (
        "Do we get the best price they give anyone else?",
        "Are they required to match better terms offered to other customers?",
        "Is there a best-pricing promise?",
        "Must they pass on lower prices given to others?",
    ),
    "non_compete": (
        'Does it stop either side from competing?',
        "Are we prevented from competing with them?",
        "Can they work with our rivals?",
        "Is anyone banned from selling competing products?",
        "Does it keep either side out of the same market?",
        "Is there a restriction on running a similar business?",
    ),
    "exclusivity": (
        "Do we have to buy only from them?",
        "Are they our only distributor?",
        "Can they sell through anyone else in the territory?",
        "Is the arrangement exclusive?",
        "Are we tied to them as sole supplier?",
    ),
    "non_solicit": (
        "Can they poach our staff?",
        "Are we allowed to hire their employees?",
        "Is there a ban on recruiting each other's people?",
        "Can either side go after the other's customers?",
    ),
    "non_disparagement": (
        'Is there a no-badmouthing promise?',
        'Must we avoid running them down in public?',
        "Are we allowed to criticise them publicly?",
        "Is there a promise not to say bad things about each other?",
        "Can either side make negative comments about the other?",
    ),
    "termination_for_convenience": (
        'Can we get out just by giving notice, without cause?',
        "Can we walk away without a reason?",
        "Can either side end it at any time just by telling the other?",
        "Is there an exit without cause?",
        "Can we cancel whenever we want?",
    ),
    "rofr_rofo": (
        "Do they get first dibs before we sell to someone else?",
        "Must we offer it to them first?",
        "Do we get the first chance to match an outside offer?",
        "Is there a first look or first negotiation right?",
    ),
    "change_of_control": (
        'What happens if one party is bought by another company?',
        "What happens if the company is acquired?",
        "Can they end it if we merge with someone?",
        "Does a takeover need their consent?",
        "What if ownership of one side changes?",
    ),
    "revenue_profit_sharing": (
        "Do we split the revenue?",
        "Is there a royalty on sales?",
        "Do they get a percentage of the profits?",
        "How are the proceeds shared?",
    ),
    "price_restrictions": (
        "Can they raise the price?",
        "Are price increases limited?",
        "Is the price fixed or can it change?",
        "Can we set our own resale prices?",
    ),
    "minimum_commitment": (
        "Do we have to order a minimum amount?",
        "Is there a minimum purchase requirement?",
        "Must they sell a minimum quantity each year?",
        "Is there a floor on what we have to spend?",
    ),
    "volume_restriction": (
        "Is there a cap on how much we can buy?",
        "Are quantities limited?",
        "Do we pay extra above a certain volume?",
    ),
    "ip_ownership_assignment": (
        "Who owns what gets created?",
        "Does the work product belong to us?",
        "Do they hand over the intellectual property?",
        "Who keeps the rights to new inventions?",
    ),
    "anti_assignment": (
        "Can they transfer the contract to another company?",
        "Do we need permission to hand the deal over to someone else?",
        "Can either side pass its rights on without consent?",
        "Is assigning the agreement allowed?",
    ),
    "joint_ip_ownership": (
        "Is anything owned by both sides together?",
        "Do we share ownership of the results?",
        "Are there jointly developed rights?",
    ),
    "license_grant": (
        'Is anything licensed to either side?',
        "Do we get a license to use their technology?",
        "What are we allowed to use under it?",
        "Does it give rights to use the trademarks?",
    ),
    "non_transferable_license": (
        "Can the license be passed on to someone else?",
        "Is the license personal and not transferable?",
        "Can we sublicense it?",
    ),
    "irrevocable_or_perpetual_license": (
        "Is the license forever?",
        "Can the license be taken back?",
        "Does the right to use it last indefinitely?",
    ),
    "source_code_escrow": (
        "Is the source code held by a third party in case they go under?",
        "Do we get the code if the vendor fails?",
    ),
    "post_termination_services": (
        "What do they still have to do after it ends?",
        "Is there help with the handover once it's over?",
        "Which duties continue after termination?",
        "Is there a wind-down period?",
    ),
    "audit_rights": (
        "Can we inspect their records?",
        "Are we allowed to look at their accounts?",
        "Can they audit us?",
        "Is there a right to examine the books?",
    ),
    "uncapped_liability": (
        "Is any liability unlimited?",
        "Which claims are outside the liability limit?",
    ),
    "cap_on_liability": (
        "Is there a maximum on damages?",
        "How much can we be on the hook for at most?",
        "Is liability limited?",
        "Are damages capped?",
    ),
    "liquidated_damages": (
        "Is there a set amount we pay if we break it?",
        "Do we owe a fixed fee if we cancel early?",
        "Are damages agreed in advance?",
    ),
    "warranty_duration": (
        "How long is the warranty?",
        "For how long do they guarantee the product?",
        "When does the guarantee run out?",
    ),
    "insurance": (
        "Do they have to carry insurance?",
        "What coverage must we maintain?",
        "Is there an insurance requirement?",
    ),
    "covenant_not_to_sue": (
        "Are we barred from challenging their patents?",
        "Can either side contest the other's rights in court?",
        "Is there a promise not to bring claims over the IP?",
    ),
    "third_party_beneficiary": (
        'Does anyone who is not a party get rights as a beneficiary?',
        "Can anyone else enforce the contract?",
        "Does it give rights to people outside the deal?",
        "Can an outsider rely on it?",
    ),
    "confidentiality": (
        "Do we have to keep things secret?",
        "Can we share their information with others?",
        "Is there a duty to keep the terms private?",
    ),
    "indemnification": (
        "Who pays if a third party sues?",
        "Do they cover our losses from claims?",
        "Who protects whom against lawsuits?",
    ),
    "force_majeure": (
        "What happens if a natural disaster stops performance?",
        "Are they excused if events beyond their control get in the way?",
    ),
    "payment_terms": (
        "When are invoices due?",
        "How quickly do we have to pay?",
    ),
    "dispute_resolution": (
        "How are disagreements settled?",
        "Do disputes go to arbitration?",
    ),
}

#: What an asked amount is for (keys: ``AMOUNT_KINDS`` of ``veridict.domain.qualifiers``), for a question whose
#: words name no kind of amount ("What's the most they could ever owe us?"). Also examples of the amount
#: attribute. Kinds of notice are left to cue words: the small embedder reads "cancel before it rolls over" as
#: notice of termination, and a wrong kind hides the notice a kindless question finds.
QUALIFIER_EXAMPLES: dict[str, tuple[str, ...]] = {
    "liability_cap": (
        "What's the most they could ever owe us?",
        "Is their exposure limited, and to what figure?",
        "What is the ceiling on damages?",
        "How much can either side be liable for at most?",
        "What is the maximum payout for a claim?",
    ),
    "insurance": (
        "How much coverage do they have to carry?",
        "What policy limits must be in place?",
        "How much must the insurance cover per occurrence?",
    ),
    "minimum_commitment": (
        "What's the least we have to buy each year?",
        "How much must be ordered at a minimum?",
        "What volume are we committed to purchase?",
        "What is the minimum spend?",
    ),
    "liquidated_damages": (
        "What fixed sum is owed if the contract is broken?",
        "How much is the agreed compensation for a breach, set in advance?",
        "What early-exit fee do we pay if we end it before the term?",
    ),
    "penalty": (
        "What fines apply if the service is late?",
        "How much is charged per missed deadline?",
        "What credits do we get when they miss the service level?",
    ),
    "fee": (
        "How much do we pay them?",
        "What does the service cost per month?",
        "What are the charges?",
    ),
}

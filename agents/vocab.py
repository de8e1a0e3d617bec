"""The agent's vocabulary: attributes, amount qualifiers and clause types.

Each entry says how a question names it (regex cues), which words expand a
query for it (synonyms) and which phrases a passage must contain to be about
it (key terms, used by the critic). Clause type names are the CUAD categories
in snake case (``cap_on_liability``), plus a few common extras.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Term:
    name: str
    cues: tuple[str, ...]  # regexes matched against the lower-cased question
    synonyms: tuple[str, ...] = ()  # query expansion
    key_terms: tuple[str, ...] = ()  # a relevant passage contains one of these (lower case)
    clause_types: tuple[str, ...] = ()  # clause types that hold this attribute
    fact_attributes: tuple[str, ...] = ()  # Fact.attribute values that hold it
    extras: dict = field(default_factory=dict)

    def matches(self, text: str) -> bool:
        return any(re.search(c, text) for c in self.cues)


# Attributes asked for as exact values. Order matters: the first match wins.
ATTRIBUTES: tuple[Term, ...] = (
    Term(
        "notice_period",
        (r"notice\b.*\b(renew|renewal|non-?renewal)", r"(renew|renewal).*\bnotice",
         r"how (much|many days'?|long a?) ?notice", r"notice period", r"days'? notice"),
        ("notice", "written notice", "days prior", "non-renewal", "terminate renewal"),
        ("notice",),
        ("notice_period", "renewal_term", "termination"),
        ("notice_period",),
    ),
    Term(
        "renewal_term",
        (r"renewal term", r"renew(s|ed|al)? (for|automatically)", r"how long .* renew",
         r"auto(matic)?(ally)?[- ]renew"),
        ("renewal", "renew", "successive", "automatically renew", "extended"),
        ("renew",),
        ("renewal_term",),
        ("renewal_term",),
    ),
    Term(
        "governing_law",
        (r"governing law", r"\bgovern(s|ed|ing)?\b.*\blaws?\b", r"\blaws? (of|govern)", r"jurisdiction",
         r"which (state|country)'?s? law", r"choice of law"),
        ("governing law", "governed by", "construed in accordance with", "laws of"),
        ("govern", "laws of", "construed"),
        ("governing_law",),
        ("governing_law",),
    ),
    Term(
        "expiration_date",
        (r"expir", r"term end", r"when does .* end\b", r"end date", r"terminat(e|es) on"),
        ("expire", "expiration", "term", "terminate", "initial term", "years from"),
        ("expir", "term", "terminat", "until"),
        ("expiration_date", "term"),
        ("expiration_date", "term"),
    ),
    Term(
        "effective_date",
        (r"effective date", r"\beffective\b", r"commencement date", r"when does .* (start|begin|commence)"),
        ("effective date", "effective as of", "commencement"),
        ("effective", "commence", "dated", "as of"),
        ("effective_date",),
        ("effective_date", "agreement_date"),
    ),
    Term(
        "agreement_date",
        (r"entered into", r"date of (the|this) agreement", r"agreement date", r"\bdated\b", r"\bsigned\b",
         r"\bexecuted\b",
         r"when was .* (signed|executed|made)", r"(what|which) date"),
        ("dated", "entered into", "made as of", "agreement date"),
        ("dated", "entered into", "as of", "made"),
        ("agreement_date",),
        ("agreement_date", "effective_date"),
    ),
    Term(
        "party",
        # "a third party beneficiary clause" asks for a clause, not for the parties
        (r"counterparty", r"(?<!third )(?<!third-)\bparties\b", r"(?<!third )(?<!third-)\bparty\b",
         r"who (is|are) the (vendor|supplier|customer|licensee|"
         r"licensor|distributor|provider|consultant|contractor|buyer|seller)", r"who signed",
         r"(between|among) whom"),
        ("party", "parties", "between", "by and between"),
        ("between", "party", "parties"),
        (),
        ("party",),
    ),
    Term(
        "amount",
        (r"\bamount\b", r"how much(?! (notice|time|advance))", r"\bfee(s)?\b", r"\bprice\b", r"\bcost\b", r"\bpenalt",
         r"liability cap",
         r"cap on liability", r"\bcap\b", r"minimum commitment", r"insurance coverage", r"liquidated damages",
         r"\bpayable\b", r"\bpay\b", r"\beur\b|\busd\b|\$|€|£", r"\bsum\b", r"\bvalue\b"),
        ("amount", "fee", "payment", "USD", "EUR"),
        (),
        (),
        ("amount", "table_cell"),
    ),
)

ATTRIBUTE_BY_NAME = {t.name: t for t in ATTRIBUTES}

# Amount qualifiers: what an amount is.
QUALIFIERS: tuple[Term, ...] = (
    Term("liquidated_damages", (r"liquidated damages",), ("liquidated damages",), ("liquidated damages",),
         ("liquidated_damages",)),
    Term("penalty", (r"\bpenalt", r"\bfine[sd]?\b", r"service credit"),
         ("penalty", "penalties", "per incident", "breach", "service credit"), ("penalt", "fine", "service credit"),
         ("penalty", "penalty_per_incident", "liquidated_damages")),
    Term("liability_cap", (r"liability cap", r"cap on liability", r"limitation of liability", r"\bcap\b",
                           r"maximum liability", r"aggregate liability"),
         ("limitation of liability", "aggregate liability", "shall not exceed", "liability cap"),
         ("liabilit", "liable"), ("cap_on_liability",)),
    Term("insurance", (r"insurance",), ("insurance", "coverage", "policy", "insured"), ("insur",),
         ("insurance", "insurance_minimum")),
    Term("minimum_commitment", (r"minimum (commitment|purchase|order|volume)",),
         ("minimum", "commitment", "purchase at least"), ("minimum",), ("minimum_commitment",)),
    Term("fee", (r"\bfees?\b", r"\bprice\b", r"\bcost\b", r"\bcharges?\b", r"\bpay(able|ment)?\b"),
         ("fee", "fees", "price", "payment", "charge"), ("fee", "price", "pay", "charge", "cost"),
         ("fee", "price", "revenue_profit_sharing", "price_restrictions")),
)

QUALIFIER_BY_NAME = {t.name: t for t in QUALIFIERS}

# Words that name an amount itself: a table column holding the asked figure is headed by one of them.
AMOUNT_WORDS = frozenset({"amount", "fee", "price", "cost", "charge", "rate", "payment", "sum", "total", "value"})

# How often an amount falls due, as the noun a table's unit column uses ("monthly" ~ "per month").
PERIOD_NOUNS = {"monthly": "month", "daily": "day", "weekly": "week", "yearly": "year", "annually": "year",
                "annual": "year", "hourly": "hour", "quarterly": "quarter"}

# What a notice period is for (Fact.qualifier of notice_period facts).
NOTICE_QUALIFIERS: tuple[Term, ...] = (  # the first that matches the question wins
    # notice to exercise an option to renew or extend: the opposite of a notice that prevents a renewal
    Term("renewal_option", (r"^(?!.*(?:prevent|avoid|stop|non-?renew|not to renew|terminat|cancel|\bend the)).*"
                            r"(?:notice\b.*\b(?:to|of) (?:renew|extend)|exercis\w* .{0,40}(?:renew|exten|option))",),
         ("renew", "extend", "option"), ("renew", "extend", "extension")),
    Term("non_renewal", (r"renew",), ("non-renewal", "renewal", "not to renew"), ("renew",)),
    Term("breach_cure", (r"\bcure\b", r"remedy"), ("cure", "remedy"), ("cure",)),
    Term("termination", (r"terminat",), ("terminate", "termination"), ("terminat",)),
)
QUALIFIER_BY_NAME.update({t.name: t for t in NOTICE_QUALIFIERS})

# Clause types asked about in clause lookups and lists.
CLAUSE_TYPES: tuple[Term, ...] = (
    Term("most_favored_nation", (r"most[- ]favou?red[- ]nation", r"\bmfn\b"),
         ("most favored nation", "most favorable terms", "no less favorable"),
         ("most favored", "most favoured", "no less favorable", "no less favourable", "more favorable",
          "more favourable", "best price", "lowest price")),
    Term("non_compete", (r"non-?compet", r"not (to )?compete", r"competitive restriction"),
         ("non-compete", "shall not compete", "competing business", "competitive"),
         # "compet" alone also finds "competent court" and "competitive terms"
         ("non-compet", "noncompet", "not compete", "not to compete", "compete with", "competes with",
          "competing", "in competition", "competitor", "competitive business", "competitive product")),
    Term("exclusivity", (r"exclusiv",), ("exclusive", "exclusivity", "sole"),
         # "exclusive jurisdiction" / "venue shall be exclusively in" is a forum clause, not exclusivity
         ("exclusiv&!jurisdiction&!venue&!court", "sole and")),
    Term("non_solicit", (r"solicit", r"no[- ]hire", r"\bpoach"),
         ("solicit", "hire", "employees", "customers", "non-solicitation"), ("solicit", "hire")),
    Term("non_disparagement", (r"disparag",), ("disparage", "disparaging", "negative statements"), ("disparag",)),
    Term("termination_for_convenience", (r"terminat\w* for convenience", r"for convenience",
                                         r"terminat\w* (at any time|without cause)"),
         ("terminate", "convenience", "without cause", "at any time", "prior written notice"),
         ("for convenience", "terminat&without cause",
          "terminat&at any time&!breach&!fail&!after the terminat&!after terminat",
          # "after termination for any reason" is when a duty survives, not a right to terminate; a choice
          # "in its sole discretion" to terminate when the other side fails a target is termination for cause
          "terminat&for any reason&!termination for any reason", "terminat&sole discretion&!breach&!fail",
          "terminat&no reason",
          # a right to end the contract just by giving notice, no ground required ("may terminate this
          # Agreement by giving thirty (30) days written notice"); a notice to end it for breach is not one
          "terminat&days&notice&!breach&!default&!fail&!insolven&!bankrupt")),  # "a&b": both; "!c": not c
    Term("rofr_rofo", (r"right of first", r"\brof[rno]\b"),
         ("right of first refusal", "right of first offer", "first negotiation"),
         # "shall have first right of refusal", "has the preferential right to continue" (a right to be offered,
         # or to match, before anyone else)
         ("first refusal", "first offer", "first negotiat", "right of first", "right of refusal", "first right",
          "preferential right")),
    Term("change_of_control", (r"change (of|in) control", r"merger", r"acquisition of"),
         ("change of control", "merger", "acquisition", "controlling interest"),
         ("change of control", "change in control", "merger", "acquisition of", "acquired by", "controlling interest",
          "substantially all of")),
    Term("revenue_profit_sharing", (r"revenue|profit[- ]shar|royalt",),
         ("revenue sharing", "profit sharing", "royalty", "percentage of revenue"),
         ("revenue shar", "profit shar", "share of the", "royalt", "% of", "percent of", "of net sales",
          "of gross", "of the revenue", "of the profits", "net revenue", "gross revenue")),
    Term("price_restrictions", (r"price restriction", r"price (increase|change)s?"), ("price", "increase"),
         ("price",)),
    Term("minimum_commitment", (r"minimum (purchase|commitment|order)",),
         ("minimum", "purchase", "commitment", "at least"), ("minimum",)),
    Term("volume_restriction", (r"volume restriction",), ("volume", "maximum"), ("volume",)),
    Term("ip_ownership_assignment", (r"intellectual property ownership", r"ip ownership", r"owns? the (ip|intell)",
                                     r"ownership of (intellectual property|work product|inventions)"),
         ("intellectual property", "ownership", "owned by", "assigns", "work product", "inventions"),
         ("intellectual property", "inventions", "work product", "ownership of", "shall own", "owns all",
          "hereby assign", "assigns to", "title to", "proprietary rights")),
    Term("anti_assignment", (r"anti-?assignment", r"\bassignment\b", r"\bassign (this|the|its)",
                             r"may not (be )?assign", r"assignab"),
         ("assign", "assignment", "transfer", "prior written consent"), ("assign",)),
    Term("joint_ip_ownership", (r"joint(ly)? own",), ("jointly owned",), ("joint",)),
    Term("license_grant", (r"licen[cs]es? (are |is )?grant", r"license grant", r"grants? .{0,20}licen[cs]e",
                           r"what licen[cs]es"),
         ("license", "grants", "right to use", "non-exclusive license"),
         # "licensees" alone grants nothing, nor does a waiver of "the right to be identified" in their favour
         ("licen&grant", "hereby licen", "licen&right to&!waive", "hereby grant&right to")),
    Term("non_transferable_license", (r"non-?transferable",), ("non-transferable",), ("transfer",)),
    Term("source_code_escrow", (r"escrow",), ("source code escrow", "escrow agent"), ("escrow",)),
    Term("post_termination_services", (r"post[- ]termination", r"surviv", r"after (the )?termination",
                                       r"continue after"),
         ("survive", "survival", "after termination", "expiration or termination"),
         ("surviv", "after termination", "after the termination", "following termination",
          "following the termination", "after expiration", "post-termination")),
    Term("audit_rights", (r"\baudit", r"inspect (the )?(books|records)", r"books (or|and) records"),
         ("audit", "books and records", "inspect"), ("audit", "inspect", "books")),
    Term("uncapped_liability", (r"uncapped", r"unlimited liability"), ("unlimited liability",), ("unlimited",)),
    Term("cap_on_liability", (r"cap on liability", r"liability cap", r"limitation of liability",
                              r"limit\w* .{0,20}liabilit",
                              r"maximum liability"),
         ("limitation of liability", "liability", "shall not exceed", "aggregate"),
         ("liabilit&!liability compan&!liability partnership", "liable")),  # not "a limited liability company"
    Term("liquidated_damages", (r"liquidated damages",), ("liquidated damages",), ("liquidated damages",)),
    Term("warranty_duration", (r"warrant",), ("warranty", "warrants", "warranty period"),
         # a duration, not a heading; a rate ("14,000 kg per year") is not a duration
         ("warranty period", "warrant&days&!per day", "warrant&month&!per month", "warrant&year&!per year")),
    Term("insurance", (r"insurance", r"\binsured\b"), ("insurance", "insured", "coverage", "policy"), ("insur",)),
    Term("covenant_not_to_sue", (r"not to sue", r"covenant not"), ("covenant not to sue",), ("sue",)),
    Term("third_party_beneficiary", (r"third[- ]party beneficiar",), ("third party beneficiary", "third parties"),
         ("third part&beneficiar", "third-part&beneficiar")),
    Term("confidentiality", (r"confidential", r"non-?disclosure"), ("confidential information", "disclose"),
         ("confidential",)),
    Term("indemnification", (r"indemn",), ("indemnify", "hold harmless", "defend"), ("indemn",)),
    Term("data_protection", (r"data protection", r"personal data", r"gdpr", r"privacy"),
         ("personal data", "data protection", "GDPR", "processing"), ("data", "privacy", "gdpr")),
    Term("penalty", (r"\bpenalt", r"service credits?"), ("penalty", "penalties", "service credit"), ("penalt",
                                                                                                     "credit")),
    Term("termination", (r"\bterminat(e|ion)\b",), ("terminate", "termination", "breach"), ("terminat",)),
    Term("renewal_term", (r"renewal provision", r"\brenew"), ("renewal", "renew", "successive"), ("renew",)),
    Term("governing_law", (r"governing law", r"governed by"), ("governing law", "governed by"), ("govern",)),
    Term("dispute_resolution", (r"dispute", r"arbitrat", r"\bvenue\b", r"jurisdiction of the courts"),
         ("arbitration", "dispute", "courts", "venue"), ("arbitra", "dispute", "court")),
    Term("notice_period", (r"notice period",), ("notice", "prior written notice"), ("notice",)),
    Term("force_majeure", (r"force majeure", r"act of god"), ("force majeure",), ("force majeure",)),
    Term("payment_terms", (r"payment terms?", r"invoice"), ("payment", "invoice", "days of receipt"),
         ("pay", "invoice")),
)

CLAUSE_BY_NAME = {t.name: t for t in CLAUSE_TYPES}

# How an answer names a clause type where its snake-case name reads badly ("rofr rofo").
_CLAUSE_LABELS = {
    "most_favored_nation": "most favored nation",
    "non_compete": "non-compete",
    "non_solicit": "non-solicitation",
    "non_disparagement": "non-disparagement",
    "rofr_rofo": "right of first refusal, offer or negotiation",
    "ip_ownership_assignment": "IP ownership and assignment",
    "joint_ip_ownership": "joint IP ownership",
    "anti_assignment": "anti-assignment",
    "non_transferable_license": "non-transferable license",
    "post_termination_services": "post-termination obligations",
    "third_party_beneficiary": "third-party beneficiary",
}


def clause_label(name: str) -> str:
    """A clause type as words for an answer: 'rofr_rofo' -> 'right of first refusal, offer or negotiation'."""
    return _CLAUSE_LABELS.get(name, name.replace("_", " "))

# Words that carry no meaning for retrieval or grading.
STOPWORDS = frozenset(
    """a an the and or of to in on for by with at from as is are was were be been being this that these those
    it its which what who whom whose when where how why does do did can could should would shall will may
    there any all some such under between into than then there their them they i we you he she his her our
    your me my not no yes if else also about quote clause cite section page agreement contract document
    documents contracts agreements please tell give show list much many""".split()
)

_WORD = re.compile(r"[a-z0-9][a-z0-9'\-]*")


def content_words(text: str) -> list[str]:
    """Lower-cased words of ``text`` without stopwords (a light stem: trailing 's' removed)."""
    out = []
    for w in _WORD.findall(text.lower()):
        w = w.strip("'-")
        if not w or w in STOPWORDS or len(w) < 2:
            continue
        if len(w) > 4 and w.endswith("ies"):
            w = w[:-3] + "y"
        elif len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return out


def normalise_clause_type(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")

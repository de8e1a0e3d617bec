"""Clause types a question can ask about, one registry entry each (the CUAD categories, snake case, and a few
common extras such as confidentiality or force majeure).

An entry gives, as data: the name, the label an answer uses, a description in plain words, the question cues
(regexes on the lower-cased question), search synonyms and the key terms a passage about the clause contains.
Key terms are phrases matched in lower case: "a&b" needs both parts in one passage, "a&!c" a sentence with a
and without c, "a&~d" a sentence with a once d is taken out of it. ``denials`` are patterns of a sentence that
names the clause only to exclude it ("there are no third-party beneficiaries"); a sentence with an exception
("except as provided in Section 8, ...") is no denial. How a passage of a contract is recognised as such a
clause (its text patterns, title patterns and vetoes) is ``clause_rules.RULES``; ``ClauseType.rule`` joins the
two.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from veridict.domain.clause_rules import RULES, Rule
from veridict.domain.qualifiers import EARLY_EXIT_FEE, ORDER_AT_LEAST, SERVICE_DOWN, WHAT_COVER


def name_cue(name: str) -> str:
    """A pattern for a clause type's name in a lower-cased question: its words in order, any run of spaces,
    hyphens or slashes between them, "licence" or "license"."""
    words = [re.escape(w) for w in re.findall(r"[a-z0-9]+", name.lower())]
    words = ["licen[cs]e" if w == "license" else w for w in words]
    return r"\b" + r"[\s/-]+".join(words) + r"\b"


# an exception inside a denial keeps part of the clause: "Except as provided in Section 8, this Agreement does
# not create any third party beneficiary rights" names a beneficiary in Section 8
_EXCEPTION = re.compile(r"\b(?:except|excepting|save (?:as|for)|other than as|excluding|with the exception of|"
                        r"provided,? however|subject to)\b")


_INCIDENTAL_EXCLUSIVELY = (
    "arising exclusively", "resulting exclusively", "used exclusively", "relating exclusively", "related exclusively",
    "limited exclusively", "reserved exclusively", "exclusively relat", "exclusively own", "exclusively control",
    "exclusively in connection", "exclusively monetary", "exclusively responsible", "exclusively from the fault",
    "exclusively for the purpose", "exclusively for the use", "exclusively for the benefit", "exclusively states",
)
# a party's sole and exclusive right to enforce, sue or defend over IP binds no one to one partner: none of the train
# half's 7 such sentences (less the fold set's contracts) lies in a labelled exclusivity clause
_ENFORCEMENT_RIGHT = "".join(f"&!{lead}, to {verb}" if lead.endswith("obligation") else f"&!{lead} to {verb}"
                             for lead in ("right", "not the obligation")
                             for verb in ("contest", "bring", "enforce", "prosecute", "defend", "institute", "sue"))
# a sentence that says a thing is not exclusive ("this Agreement does not create an exclusive arrangement", "the
# appointment is not exclusive", "no exclusive territory") denies exclusivity: none of the train half's 36 such
# sentences (less the fold set's contracts) lies in a labelled exclusivity clause
_DENIED_EXCLUSIVE = "".join(
    f"&~not {verb}{article}exclusive" for verb in ("", "be ", "create ", "constitute ", "establish ", "be deemed ",
                                                   "deemed ", "intended to be ", "be considered ", "considered ")
    for article in ("", "an ", "any ", "the ")) + "&~no exclusive territor&~no exclusive right"


@dataclass(frozen=True)
class ClauseType:
    name: str
    label: str
    description: str
    cues: tuple[str, ...] = ()
    synonyms: tuple[str, ...] = ()
    key_terms: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # other names it goes by as a whole (CUAD's category name, where not the label)
    denials: tuple[str, ...] = ()  # a sentence that names the clause to exclude it (lower-case regexes)
    # a sentence that states the clause itself, a party's right or duty, rather than naming it in passing (lower-case
    # regexes): "either party may terminate this agreement ..." against "... shall survive termination"
    operative: tuple[str, ...] = ()
    # what the clause may bind, where a question can ask for one of them and a sentence about another does not
    # answer it: (name, how a lower-cased question names it, how a lower-cased sentence names it)
    objects: tuple[tuple[str, str, str], ...] = ()

    @cached_property
    def _cues(self) -> tuple[re.Pattern[str], ...]:
        """Its cues, and its own names: the label and ``names``, word for word, hyphens, slashes and spaces
        alike ("joint IP ownership", "affiliate license-licensee")."""
        return tuple(re.compile(c) for c in (*self.cues, *(name_cue(n) for n in (self.label, *self.names))))

    def matches(self, question: str) -> bool:
        """Whether the lower-cased question names this clause type by one of its cues."""
        return any(c.search(question) for c in self._cues)

    def spans(self, question: str) -> list[tuple[int, int]]:
        """Where in the lower-cased question its cues match (start, end)."""
        return [m.span() for c in self._cues for m in c.finditer(question)]

    @cached_property
    def _denials(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(d) for d in self.denials)

    def denies(self, sentence: str) -> bool:
        """The sentence excludes this clause outright ("no person other than a party shall acquire any rights
        as a third-party beneficiary"), with no exception that keeps some of it."""
        low = " ".join(sentence.lower().split())
        return any(d.search(low) for d in self._denials) and not _EXCEPTION.search(low)

    @cached_property
    def _operative(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(o) for o in self.operative)

    def states(self, sentence: str) -> bool:
        """The sentence states the clause itself (``operative``), not only its key words."""
        low = " ".join(sentence.lower().split())
        return any(o.search(low) for o in self._operative)

    @cached_property
    def _objects(self) -> tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...]:
        return tuple((name, re.compile(asked), re.compile(said)) for name, asked, said in self.objects)

    def asked_object(self, question: str) -> str | None:
        """The one of ``objects`` the lower-cased question asks about ("no-solicit of customers"), None where it
        names none or several."""
        named = [name for name, asked, _ in self._objects if asked.search(question)]
        return named[0] if len(named) == 1 else None

    def names_object(self, name: str, sentence: str) -> bool:
        """Whether the sentence names the object ``name`` ("any person employed by" names employees)."""
        low = " ".join(sentence.lower().split())
        return any(said.search(low) for n, _, said in self._objects if n == name)

    @property
    def rule(self) -> Rule | None:
        """How a contract passage is recognised as this clause (None where only a question names it)."""
        return RULES.get(self.name)


# Order matters: the planner keeps the first three that a question names.
CLAUSE_TYPES: tuple[ClauseType, ...] = (
    ClauseType(
        "most_favored_nation", "most favored nation",
        "A party is promised terms or prices at least as good as those given to any other customer (price parity).",
        cues=(r"most[- ]favou?red[- ](nation|customer|pricing|terms)", r"\bmfn\b", "price parity",
              r"\b(best|lowest|most favou?rable)[- ](price|pricing|prices|terms|rates?)\b",
              r"\b(better|cheaper|lower) (deal|terms|prices?|rates?|pricing)\b[^?]{0,60}\b(others?|anyone|another|"
              r"other (customers?|buyers?|clients?)|competitors?)\b",
              r"\bas (good|low|favou?rable) as\b[^?]{0,30}\b(anyone|others?|other (customers?|buyers?|clients?))\b",
              # "can Northwind charge others less than it charges us?", "will it match the terms it offers others?"
              r"\bcharg(e|es|ing) (others?|anyone( else)?|other customers|competitors|our competitors) less\b",
              r"\bmatch(es)? (the |any )?(terms|prices?|pricing|rates?|deals?)\b[^?]{0,40}\b(others?|anyone|"
              r"competitors?|other customers)\b"),
        synonyms=("most favored nation", "most favorable terms", "no less favorable"),
        key_terms=("most favored", "most favoured", "no less favorable", "no less favourable",
                   "more favorable", "more favourable", "best price", "lowest price"),
    ),
    ClauseType(
        "non_compete", "non-compete",
        "A party may not compete with the other, or work with its competitors, in a field, territory or period.",
        cues=("non-?compet", "not (to )?compete", "competitive restriction",
              r"\bcompeting (\w+ )?(brands?|products?|compan(y|ies)|business(es)?|services?|lines?|shops?|stores?|"
              r"outlets?|restaurants?|locations?|franchises?|hotels?|units?)\b",
              # "can the franchisee compete with us after it leaves"
              r"\bcompet(e|es|ing) (with|against) (us|them|the other|each other|our|their|its)\b",
              r"\b(work|deal|sell) (with|to|for) (a |our |their |any )?(competitors?|rivals?)\b",
              # "can CPM sell competing implants?", "may it carry rival brands?" (not "offer competitive prices")
              r"\b(sell|sells|selling|make|makes|making|distribut\w+|carry|carries|carrying|market|markets|"
              r"marketing|stock|stocks|stocking)\s+(any\s+|other\s+)?(competing|rival)\b",
              # "stay out of our market", "go into our line of business", "endorse other golf clubs"
              r"\bstay out of (our|their|its|the other's|each other's)\b",
              # "does Watson have to stay away from other golf brands?" (not "stay away from the site")
              r"\b(stay|keep|steer) (away|clear) (from|of) (any |all )?(other|rival|competing)\b",
              r"\b(go|goes|going|move|moves|get|gets|enter|enters) into (our|their|its|the other's|each other's) "
              r"(line of business|business|market|field)\b",
              r"\b(endorse|endorses|endorsing|promote|promotes|promoting|represent|represents|representing)\b "
              r"(\w+ )?(other|another|rival|competing)\b(?! than)",
              # "can CNET promote Cyberian Outpost's rivals?": the rivals named after the party they compete with
              r"\b(endorse|endorses|endorsing|promote|promotes|promoting|advertise|advertises|advertising)\b"
              r"(?=[^?]{0,40}['’]s? (rivals|competitors)\b)"),
        synonyms=("non-compete", "shall not compete", "competing business", "competitive"),
        # "compet" alone also finds "competent court" and "competitive terms"
        key_terms=("non-compet", "noncompet", "not compete", "not to compete", "compete with",
                   "competes with", "competing", "in competition", "competitor", "competitive business",
                   "competitive product", "competitive with", "prohibit competition"),
    ),
    ClauseType(
        "exclusivity", "exclusivity",
        "A party deals only with the other (sole supplier, exclusive distributor, all requirements), or may not "
        "deal with others.",
        cues=("exclusiv", r"\b(the )?(only|sole) (reseller|distributor|supplier|provider|vendor|agent|licensee|"
              r"partner|source)\b",
              # "can they sell to anyone other than us?", "can Northwind appoint someone else in our territory?"
              r"\b(sell|sells|supply|supplies|buy|buys|purchase|purchases|source|sources|appoint|appoints|use|uses|"
              r"work with|works with)\b[^?]{0,40}\b(anyone|anybody|someone|somebody|others?|"
              r"another \w+)( else\b| other than\b|(?= in (our|their|its|the) (territory|region|area|market)))",
              # "can eDiets show up on other women's sites besides Women.com?": the same dealing with others
              r"\b(sell|sells|appear|appears|show up|shows up|advertise|advertises|partner|partners|list|lists|"
              r"distribute|distributes|supply|supplies)\b[^?]{0,30}\b(other|another)\b[^?]{0,40}\b(besides|apart "
              r"from|aside from|other than)\b",
              # "does Vertex have to buy only from Bunker One?": one source, as "the sole supplier"
              r"\b(only (buy|buys|purchase|purchases|source|sources|order|orders)|(buy|buys|purchase|purchases|"
              r"source|sources|order|orders) (\w+ ){0,3}?only) (from|through)\b",
              # "are we tied to Northwind?"; tied to a length, a minimum or a price is another question ("how long is
              # Bruce Jenner tied to ...?")
              r"^(?!.*\b(how long|until|minimum|spend|price|prices|pricing|rates?|index|inflation|fees?)\b).*"
              r"\b(tied|locked) (in)?to\b"),
        synonyms=("exclusive", "exclusivity", "sole"),
        # "exclusive jurisdiction" / "venue shall be exclusively in" is a forum clause, not exclusivity; nor is an
        # exclusive remedy (liability), the exclusive property / owner / holder of rights (ownership), the
        # exclusive mechanism for disputes, the entire and exclusive agreement, a contract governed exclusively by
        # a law or the exclusive warranties; and "non-exclusive" is the opposite of exclusivity
        # "exclusively" that says only how something else is done ("arising exclusively from the fault of",
        # "reserved exclusively by Licensor", "exclusively relating to") binds no one to one partner: none of the
        # train half's 63 sentences with such a phrase lies in a labelled exclusivity clause
        key_terms=("exclusiv&~non-exclusiv&~nonexclusiv&~non exclusiv&!jurisdiction&!venue&!court&!remed"
                   "&!property of&!owner&!holder&!mechanism&!entire&!laws of&!governed&!warrant"
                   + "".join(f"&~{p}" for p in _INCIDENTAL_EXCLUSIVELY) + _ENFORCEMENT_RIGHT
                   + _DENIED_EXCLUSIVE,
                   "sole and" + _ENFORCEMENT_RIGHT),
    ),
    ClauseType(
        "non_solicit", "non-solicitation",
        "A party may not solicit or hire the other's employees, or solicit its customers.",
        cues=("solicit", "no[- ]hire", r"\bpoach",
              r"\b(go|goes|going|went) after (our|their|its|the other's|each other's) (customers|clients|staff|"
              r"employees|people)\b",
              r"\b(steal|lure|entice)\w* (away )?(our|their|its) (customers|clients|staff|employees|people)\b",
              r"\b(hir(e|es|ing)|recruit\w*|lur(e|es|ing)|employ(s|ing)?)\b[^?]{0,30}\b(staff|employees|personnel|workers|"
              r"engineers|developers|team members?)\b",
              r"\bhir(e|es|ing)\b[^?]{0,20}\b(each other's|our|their|its|the other's|the other side's) (staff|"
              r"employees|people|personnel|workers)\b"),
        synonyms=("solicit", "hire", "employees", "customers", "non-solicitation"),
        key_terms=("solicit", "hire"),
        # CUAD's two kinds: every labelled span of the train half names its own kind's words (21 of 21 contracts
        # for employees, 12 of 12 for customers); a bar on hiring staff does not answer a question about customers
        objects=(("customers", r"\b(customers?|clients?|accounts?|buyers?)\b",
                  # not a party's role ("Licensee", "Distributor"): every contract names its parties
                  r"\b(customers?|clients?|accounts?|purchasers?|patrons?|business relationships?|subscribers?|users?|"
                  r"buyers?)\b"),
                 ("employees", r"\b(employees?|staff|personnel|workers?|people|team|hire|hiring|poach\w*|recruit\w*)\b",
                  r"\b(employ\w*|staff\w*|personnel|workers?|officers?|hir(e|es|ed|ing)|recruit\w*|consultants?|"
                  r"contractors?|agents?)\b")),
    ),
    ClauseType(
        "non_disparagement", "non-disparagement",
        "A party may not make negative statements that harm the other's reputation.",
        cues=("disparag", r"\bbad[- ]?mouth", r"\bcriticis|\bcriticiz", r"\b(derogatory|defamatory)\b",
              r"\b(say|saying|said|make|making|post|posting|publish\w*)\b[^?]{0,25}\b(negative|bad|nasty|critical|"
              r"unflattering|damaging)\b[^?]{0,20}\b(things|comments?|remarks?|statements?|posts?|reviews?)\b",
              r"\b(run|running|talk|talking|put|putting) (them|us|each other|the other( side| party)?) down\b"),
        synonyms=("disparage", "disparaging", "negative statements"),
        key_terms=("disparag",),
    ),
    ClauseType(
        "termination_for_convenience", "termination for convenience",
        "A party may end the contract without cause, for any reason, by giving notice.",
        cues=(r"terminat\w* for convenience", "for convenience", r"terminat\w* (at any time|without cause)",
              r"\bfor no (particular |specific |good )?reason\b", r"\bchange (our|their|its|my|his|her) minds?\b",
              r"\b(end|ended|cancel\w*|terminat\w*|exit|pull out|get out|walk away)\b[^?]{0,50}\b(at any time|"
              r"any time (we|they|"
              r"it|either side) (like|likes|want|wants|choose|chooses|wish|wishes)|whenever (we|they|it|either side) "
              r"(like|likes|want|wants|choose|chooses|wish|wishes))\b",
              r"\b(just|simply|only|merely) by giving (\w+ )?notice\b",
              # "pull the plug at any time", "cancel just because it wants to"
              r"\bpull(s|ing)? the plug\b",
              r"\b(end|cancel\w*|terminat\w*|exit|walk away|get out)\b[^?]{0,60}\bjust because (we|they|it|he|she|"
              r"either side) (want|wants|like|likes|feel|feels)\b",
              # "can we get out of the Oxbow alliance early?": ending it before its term, at a party's choice
              r"\b(can|may|could|are|is)\b[^?]{0,30}\b(end|cancel|exit|get out of|pull out of|walk away from|"
              r"bail out of|back out of|terminate)\b[^?]{0,50}\bearly\b",
              r"\b(end|cancel|exit|walk away from|get out of)\b.{0,40}\b(without (giving |stating |having )?(a |any )?"
              r"(cause|reason)|for any reason|"
              r"at will)\b"),
        synonyms=("terminate", "convenience", "without cause", "at any time", "prior written notice"),
        # on the train half, a notice or "at any time" sentence that ends the deal only "if" something happens
        # (0 of 21, 1 of 24 in a labelled clause) or that speaks of renewal or the end of a term (1 of 17) is no
        # termination for convenience
        key_terms=("for convenience", "terminat&without cause",
                   "terminat&at any time&!breach&!fail&!after the terminat&!after terminat&!for cause&!if ",
                   "terminat&for any reason&!termination for any reason", "terminat&sole discretion&!breach&!fail",
                   "terminat&no reason", "terminat&days&notice&!breach&!default&!fail&!insolven&!bankrupt&!if "
                   "&!renew&!end of the&!expiration of the&!expiry of the"),
    ),
    ClauseType(
        "rofr_rofo", "right of first refusal, offer or negotiation",
        "A right of first refusal, first offer or first negotiation before a deal is made with someone else.",
        cues=("right of first", r"\brof[rno]\b"),
        synonyms=("right of first refusal", "right of first offer", "first negotiation"),
        key_terms=("first refusal", "first offer", "first negotiat", "right of first", "right of refusal",
                   "first right", "preferential right"),
    ),
    ClauseType(
        "change_of_control", "change of control",
        "What happens on a merger, acquisition or change of ownership of a party: consent, notice or a right to "
        "terminate.",
        cues=("change (of|in) (control|ownership)", "merger", "acquisition of", r"\btak(e|es|ing|en) ?over\b",
              # "if Acme is acquired", "if we're bought out", "if one side gets bought"
              r"(\b(is|gets?|being|are|were|got|been)|['\u2019]re) (bought|acquired|taken over)\b",
              r"\bchanges? hands\b", r"\bmerg(e|es|ed|ing) (with|into)\b",
              r"\bnew owners?\b",
              # "if someone acquires Northwind", "a sale of most of Northwind's shares"
              r"\b(someone|somebody|anyone|another company|a competitor|a rival|an outsider|a third party) "
              r"(acquires|buys|purchases|takes over)\b",
              r"\bsale of (most|all|a majority|the majority|control|a controlling stake) of\b"),
        synonyms=("change of control", "merger", "acquisition", "controlling interest"),
        # a permission to assign to whoever takes the business over ("either party may assign this Agreement
        # without consent to an acquirer of substantially all of its assets") asks no consent and gives no right to
        # end the deal: on the train half 1 of 34 such sentences lies in a labelled change-of-control clause
        # "acquisition of" and "acquired by" are no key terms: on the train half they lie in 3 and 0 sentences of a
        # labelled clause and in 35 and 19 sentences of contracts without one; the other terms reach every labelled
        # contract they reach (46 of 56 either way), and 24 fewer of the 167 contracts without the clause (64 -> 40)
        key_terms=("change of control", "change in control", "change of ownership", "controlling interest",
                   "ownership change",
                   *(f"{t}&!may assign&!may transfer&!may be assigned&!may make such an assignment"
                     for t in ("merger", "substantially all of"))),
    ),
    ClauseType(
        "revenue_profit_sharing", "revenue profit sharing",
        "A party shares revenue or profit, or pays royalties as a share of sales.",
        cues=("revenue|profit[- ]shar|royalt", r"\b(share|split)s? (\w+ ){0,2}(profits?|takings|proceeds)\b",
              # "a cut of Cyberian Outpost's sales": a share of someone's takings, whoever names them
              r"\b(cut|share|percentage|slice)\s+of\s+([\w&.'’-]+\s+){0,3}?(profits?|sales|proceeds|revenues?|takings)\b"),
        synonyms=("revenue sharing", "profit sharing", "royalty", "percentage of revenue"),
        # "%) of": "fifteen percent (15%) of Billable Platform Fees". On the train half less the paraphrase contracts
        # (``python -m bench.key_term_reach``) it reaches a labelled sentence in 6 of the 18 labelled contracts no
        # other key term reaches, and a sentence in 5 of the 63 contracts without the label that none reaches
        key_terms=("revenue shar", "profit shar", "share of the", "royalt", "% of", "percent of",
                   "of net sales", "of gross", "of the revenue", "of the profits", "net revenue", "gross revenue",
                   "%) of"),
    ),
    ClauseType(
        "price_restrictions", "price restrictions",
        "Limits on raising or changing prices, or on the prices a party may charge.",
        cues=("price restriction", "price (increase|change)s?",
              # "can Mellon raise its fees whenever it likes?", "can we sell below the list price?"
              r"\b(raise|raises|raising|increase|increases|increasing|hike|hikes|put up|puts up)\b "
              r"(\w+ ){0,3}(fees?|prices?|rates?|charges?|pricing)\b",
              r"\b(below|above|under) (the |its |their |\w+['’]s )?(list|retail|recommended|minimum) price\b",
              # "can MediaNet undercut IDR on price?"
              r"\bundercut(s|ting)?\b[^?]{0,40}\b(price|prices|pricing)\b"),
        synonyms=("price", "increase"),
        key_terms=("price",),
    ),
    ClauseType(
        "minimum_commitment", "minimum commitment",
        "A minimum a party must buy, order, sell or pay over a period.",
        cues=("minimum (purchase|commitment|order)", r"\bminimum (amount|volume|quantity|spend|number|sales|units)\b",
              r"\bquotas?\b",
              r"\b(the )?least (we|they|you|i|it) (have|has|need|needs|must|is required|are required) to "
              r"(spend|buy|order|purchase|sell|take)\b",
              r"\b(floor|minimum)\b[^?]{0,40}\b(order|buy|purchase|take)\b", ORDER_AT_LEAST,
              # "some guaranteed minimum", "a guaranteed number of impressions"
              r"\bguarantee(d|s)? (a |some |the )?(minimum|number of|amount of|volume of)\b",
              # "does Signature have to hit sales targets?", "is ZTO stuck paying Tonglu a minimum?" (not "a minimum of
              # 30 days' notice", "pay the minimum wage")
              r"\b(sales|purchase|purchasing|volume|order) (targets?|thresholds?)\b",
              r"\b(pay|pays|paying|spend|spends|spending|buy|buys|buying|order|orders|ordering|purchase|purchases|"
              r"purchasing)\b(?=[^?]{0,25}\b(a|any|some) minimum\b(?! (of|wage|age|notice|term|period)\b))"),
        synonyms=("minimum", "purchase", "commitment", "at least"),
        # "the minimum extent necessary" (severability), "minimum specifications" or "the minimum number of
        # directors" commit no one to buy or sell: 0 of 23 such train-half sentences in a labelled clause
        # "shall spend": a marketing spend promised without the word "minimum" (on the train half less the paraphrase
        # contracts: 2 of the 13 labelled contracts no other key term reaches, none of the 96 without the label)
        key_terms=("minimum&~minimum extent&~minimum modification&~minimum specification&~minimum standard"
                   "&~minimum number of directors&~minimum age&~minimum wage", "shall spend"),
    ),
    ClauseType(
        "volume_restriction", "volume restriction",
        "A cap on the quantity a party may buy, sell or use, with a fee or consent above it.",
        cues=("volume restriction",
              r"\b(ceiling|cap|limit|maximum|max)\b[^?]{0,25}\b(units|volumes?|quantit\w*)\b"),
        synonyms=("volume", "maximum"),
        key_terms=("volume",),
    ),
    ClauseType(
        "ip_ownership_assignment", "IP ownership and assignment",
        "Who owns intellectual property and work product made under the contract, and assignments of it.",
        cues=("intellectual property ownership", "ip ownership", "owns? the (ip|intell)",
              "ownership of (intellectual property|work product|inventions)",
              r"assign\w* (of )?((the|any|all|its|their|our|some) )?"
              r"(ip|intellectual property|inventions|work product)\b",
              # "who ends up owning what they build"; owning it together is joint ownership
              r"^(?!.*\b(together|jointly|joint|both)\b).*\bwho (owns|will own|ends up owning|gets to own|gets "
              r"ownership)\b",
              # "who gets the IP that comes out of it?", "does Northwind keep the IP in the deliverables?"
              r"^(?!.*\b(together|jointly|joint|both)\b).*\b(who (gets|keeps|receives|takes)|(keep|keeps|retain|"
              r"retains)) (the |all |any |its |their |our )?(ip|intellectual property|inventions?|improvements?|"
              r"work product|deliverables)\b",
              r"^(?!.*\b(together|jointly|joint|both|co-?own\w*|shared?)\b).*\b(inventions?|improvements?|"
              r"work product|deliverables?|designs?|creations?|developments?)\b[^?]{0,40}\b(belong|"
              r"become (ours|theirs|the property)|ownership|owned by)\b",
              r"^(?!.*\b(together|jointly|joint|both|co-?own\w*)\b).*\b(hand|hands|handing|give|gives|transfer\w*|sign"
              r"\w*) (over )?(the )?ownership\b"),
        synonyms=("intellectual property", "ownership", "owned by", "assigns", "work product", "inventions"),
        # a party that keeps ("retains") what it already owns assigns nothing: on the train half 1 of 53 such
        # sentences without "hereby assign" / "assigns to" lies in a labelled IP ownership assignment clause
        key_terms=(*(f"{t}&!retain" for t in ("intellectual property", "inventions", "work product", "ownership of",
                                              "shall own", "owns all", "title to", "proprietary rights")),
                   # "hereby does assign" / "does hereby assign": 2 of the 14 labelled contracts of the train half
                   # (less the paraphrase contracts) no other key term reaches, none of those without the label
                   "hereby assign", "assigns to", "hereby does assign", "does hereby assign"),
        names=("IP ownership assignment",),
    ),
    ClauseType(
        "anti_assignment", "anti-assignment",
        "A party may not assign or transfer the contract without the other's consent.",
        cues=("anti-?assignment", r"\bassignment\b(?! of (the )?(ip|intellectual|ownership|inventions|work product))",
              r"\bassign (this|the|its)(?! (ip|intellectual|inventions|work product))", "may not (be )?assign",
              "assignab",
              r"\btransfer\w*\s+((this|the|our|its|their)\s+)+([\w.&'’-]+\s+){0,3}(contract|agreement|deal|doc|licen[cs]e)\b",
              # the contract or its rights handed over, not money: "a percentage of sales we hand over to them"
              r"\b(hand|pass)(es|ed|ing)?\s+(it|this|that|(the|this|our|their|its|whole)\s+(\w+\s+){0,3}(contract|agreement|"
              r"deal|doc|licen[cs]e|rights|obligations|business)|(its|their|our)\s+(rights|obligations)(\s+under\s+(it|this|the\s+\w+))?)"
              r"\s+over\s+to\b",
              r"\b(hand|pass|give|sell)(s|es|ed|ing)?\s+(on\s+)?(the|this|our|their|its)\s+([\w-]+\s+){0,2}"
              r"(contract|agreement|deal|doc|licen[cs]e)\s+(on\s+|over\s+)?to\b"),
        synonyms=("assign", "assignment", "transfer", "prior written consent"),
        # the contract or a right handed over in other words: of the train half's sentences (less the fold set's
        # contracts) that bar a transfer without consent, 58 of 95 lie in a labelled clause and 2 are in contracts
        # without one; "shall not transfer": 1 of 14 in a contract without one ("assign" alone: 83 of 1,452)
        key_terms=("assign", "not transfer", "transfer&~transfer of title&without&consent"),
    ),
    ClauseType(
        "joint_ip_ownership", "joint IP ownership",
        "Intellectual property owned jointly by the parties.",
        cues=("joint(ly)? own", r"\b(together|jointly|both)\b[^?]{0,60}\b(own|owns|owning|ownership)\b",
              r"\bown\w*\b[^?]{0,40}\b(together|jointly)\b"),
        synonyms=("jointly owned",),
        key_terms=("joint",),
    ),
    ClauseType(
        "license_grant", "license grant",
        "A licence granted by one party to the other to use, make or sell something.",
        cues=("licen[cs]es? (are |is )?grant", "license grant", "grants? .{0,20}licen[cs]e", "what licen[cs]es",
              r"\b(get|gets|receive|receives|have|has) an? (\w+ )?licen[cs]e (to|under|for)\b",
              r"\b(give|gives|grant|grants) (us|them|you|me|the \w+) an? (\w+ )?licen[cs]e\b",
              r"\brights?\b[^?]{0,40}\bto use\b"),
        synonyms=("license", "grants", "right to use", "non-exclusive license"),
        key_terms=("licen&grant", "hereby licen", "licen&right to&!waive", "hereby grant&right to"),
    ),
    ClauseType(
        "non_transferable_license", "non-transferable license",
        "A licence that may not be transferred, assigned or sublicensed.",
        cues=("non-?transferable",),
        synonyms=("non-transferable",),
        key_terms=("transfer",),
    ),
    ClauseType(
        "source_code_escrow", "source code escrow",
        "Source code deposited with an escrow agent and released on stated events.",
        cues=("escrow",
              # "can we get the code if Northwind stops supporting the software / goes bust?"
              r"\b(source )?code\b[^?]{0,60}\b(stops?|stopped|ceases?|goes (bust|bankrupt|under|out of business)|"
              r"bankrupt\w*|insolven\w*)\b"),
        synonyms=("source code escrow", "escrow agent"),
        key_terms=("escrow",),
    ),
    ClauseType(
        "post_termination_services", "post-termination obligations",
        "Duties that continue after the contract ends: transition services, wind-down, survival of obligations.",
        # "survive termination" is one phrase: the generic termination type is not asked beside it
        cues=("post[- ]termination", r"surviv\w*(\s+(the\s+|its\s+|any\s+)?(termination|expiration|expiry)"
              r"(\s+or\s+(termination|expiration|expiry))?)?", "after (the )?termination", "continue after",
              r"\b(keep|keeps|continue|continues|still)\b[^?]{0,40}\bafter (the )?(contract|agreement|deal|term) "
              r"(is over|ends|expires|has ended|terminates|is terminated)\b",
              # a duty once it ends: "how long does Emdeon get to take the content down after the licence ends?",
              # "what has Nanophase got to do once the distributorship ends?"
              r"\b(do|take|remove|return|destroy|delete|hand back|give back|provide|support|sell off|wind down)\b"
              r"[^?]{0,40}\b(once|after|when)\s+(the\s+)?(doc|contract|agreement|deal|licen[cs]e|term|"
              r"distributorship|partnership)\s+(is over|ends|expires|has ended|terminates|is terminated)\b",
              # "what happens to T-Mobile's hosting setup when the deal is over?", "who gets the tech if the IMPCO
              # and Minda joint venture breaks up?": what becomes of a thing once the contract ends
              r"\b(what happens|who gets|who keeps)\b(?=[^?]{0,60}\b(when|once|after|if)\s+(the\s+|our\s+|their\s+)?"
              r"([\w&.'’-]+\s+){0,4}?(doc|contract|agreement|deal|licen[cs]e|term|distributorship|partnership|"
              r"(joint )?venture|jv|alliance|collaboration|relationship)\s+(is over|ends|expires|has ended|"
              r"terminates|is terminated|breaks up|is wound up|winds up|falls apart)\b)"),
        synonyms=("survive", "survival", "after termination", "expiration or termination"),
        key_terms=("surviv", "after termination", "after the termination", "following termination",
                   "following the termination", "after expiration", "post-termination"),
    ),
    ClauseType(
        "audit_rights", "audit rights",
        "A right to audit or inspect the other party's books, records or premises.",
        cues=(r"\baudit", "inspect (the )?(books|records)", "books (or|and) records",
              r"\b(go|look|dig|check|examine|inspect|review)\w*\b[^?]{0,25}\b(books|records|accounts|ledgers)\b",
              r"\b(verify|check)\w*\b[^?]{0,40}\b(reports?|statements?|figures|numbers|accounts)\b[^?]{0,20}\b"
              r"(accurate|correct|right|true)\b"),
        synonyms=("audit", "books and records", "inspect"),
        key_terms=("audit", "inspect", "books"),
    ),
    ClauseType(
        "uncapped_liability", "uncapped liability",
        "Liability that is not limited, or exceptions to the liability cap.",
        cues=("uncapped", "unlimited liability", r"\b(on the hook|liable) for everything\b",
              r"\bno (cap|ceiling|limit)\b(?! on (the number of )?(users|seats|copies|installations))"),
        synonyms=("unlimited liability",),
        key_terms=("unlimited",),
    ),
    ClauseType(
        "cap_on_liability", "cap on liability",
        "A limit on the amount or kind of damages a party can be liable for.",
        cues=("cap on liability", "liability cap", "limitation of liability", r"limit\w* .{0,20}liabilit",
              "maximum liability", r"\bcap(s|ped)? (the |its |their |our )?(liability|damages)\b",
              r"\bcaps? on (the |its |their |our |any )?(liability|damages)\b",
              r"\bcaps? on (how much|what)\b",
              # "how long is IBM on the hook to host Bluefly's site?" asks how long a duty lasts, not a cap
              r"^(?!.*\bhow long\b).*\b(on the hook|exposure)\b",
              # "is there a limit on what OntoChem can owe Anixa?" (a limit on what it can charge is a price matter;
              # "a limit on how much anyone can be liable for" asks the cap's amount, ``tests/test_meaning.py``)
              r"\b(limit|ceiling|maximum)s?\s+(on|to)\s+what\b[^?]{0,40}\b(owe[sd]?|liable|claim(ed)?|"
              r"recover(ed)?|sued for)\b",
              # "does the deal cap either side's liability?"
              r"\bcap(s|ped)?\b[^?.]{0,25}\bliabilit",
              r"\b(damages|liabilit\w*)\b[^?]{0,15}\b(limited|capped)\b"),
        synonyms=("limitation of liability", "liability", "shall not exceed", "aggregate"),
        # "punitive": an exclusion of punitive or exemplary damages worded without "liable" (on the train half less the
        # paraphrase contracts: 5 of the 10 labelled contracts no other key term reaches, none of the 30 without the
        # label that none reaches)
        key_terms=("liabilit&!liability compan&!liability partnership", "liable", "consequential damages",
                   "sole remed", "exclusive remed", "punitive"),
    ),
    ClauseType(
        "liquidated_damages", "liquidated damages",
        "A fixed sum payable on a breach or early termination instead of proven damages.",
        cues=("liquidated damages", *EARLY_EXIT_FEE, r"\b(fixed|set|pre-?agreed|agreed) (penalty|penalties|damages|"
              r"compensation)\b",
              r"\b(fixed|set|agreed|pre-?agreed) (sum|amount|fee)\b[^?]{0,60}\b(walk\w* away|terminat\w*|cancel\w*|"
              r"breach\w*|pull\w* out|early)\b"),
        synonyms=("liquidated damages",),
        # "a termination fee": on the train half less the paraphrase contracts, 2 of the 13 labelled contracts no
        # other key term reaches, and 1 of the 159 without the label
        key_terms=("liquidated damages", "termination fee"),
    ),
    ClauseType(
        "warranty_duration", "warranty duration",
        "How long a warranty lasts.",
        cues=("warrant", r"\bhow long\b[^?]{0,40}\b(guarantee\w*|defects? (are |is )?covered)\b",
              r"\bhow long\b[^?]{0,60}\b(defects?|defective|faults?|faulty)\b",
              r"\bguarantee\w*\b[^?]{0,30}\b(last|lasts|run out|runs out|expire|expires|period)\b"),
        synonyms=("warranty", "warrants", "warranty period"),
        key_terms=("warranty period", "warrant&days&!per day", "warrant&month&!per month",
                   "warrant&year&!per year"),
    ),
    ClauseType(
        "insurance", "insurance",
        "Insurance a party must carry, its kinds and amounts.",
        cues=("insurance", r"\binsur(ed|es?|ing)\b", WHAT_COVER,
              r"\b(carry|maintain|hold|take out) (\w+ ){0,2}(cover|coverage|polic(y|ies))\b"),
        synonyms=("insurance", "insured", "coverage", "policy"),
        key_terms=("insur",),
    ),
    ClauseType(
        "covenant_not_to_sue", "covenant not to sue",
        "A party may not sue the other or challenge its rights.",
        cues=("not to sue", "covenant not",
              r"\b(challeng|contest|disput|attack)\w*\b[^?]{0,40}\b(validity|ownership|patents?|trademarks?|marks|"
              r"copyrights?|ip|intellectual property)\b",
              r"\b(not|never|won't|will not|no) (to )?(sue|take (them|us|it|each other|the other side) to court|"
              r"bring (any )?(claims?|suits?|lawsuits?|actions?) against)\b"),
        synonyms=("covenant not to sue",),
        # a word, not a substring: "sue" alone is in every "issue"; CUAD's spans mostly promise not to contest or
        # challenge the other's rights (train half: 28 of 42 labelled contracts name sue, contest or challenge)
        key_terms=(" sue", "contest", "challeng"),
    ),
    ClauseType(
        "third_party_beneficiary", "third-party beneficiary",
        "Whether anyone outside the contract may enforce it.",
        cues=("third[- ]party beneficiar", r"\bbeneficiar(y|ies)\b",
              r"\b(outsiders?|non-?part(y|ies)|(someone|anyone|people|persons?|companies) (who (is|are)n't|"
              r"who (is|are) not|not) (a )?part(y|ies)|third part(y|ies))\b[^?]{0,40}\b(enforce\w*|benefit\w*|rely)\b",
              r"\b(enforce\w*|rely on|benefit from)\b[^?]{0,40}\b(outsiders?|non-?part(y|ies)|third part(y|ies))\b"),
        synonyms=("third party beneficiary", "third parties"),
        key_terms=("third part&beneficiar", "third-part&beneficiar"),
        # "there are no third party beneficiaries", "no person other than a party shall acquire any rights ...
        # as a third-party beneficiary", "solely for the benefit of the parties", "nothing ... shall confer upon
        # any person ... any rights", "shall not benefit ... any person other than"
        denials=(r"\bno (?:intended )?third[- ]part(?:y|ies)[- ]beneficiar",
                 r"\bno (?:other )?(?:person|entity|persons|entities)\b[^.;]{0,80}\b(?:shall|will|is|are)\b[^.;]{0,80}"
                 r"\b(?:beneficiar|rights?\b|benefit)",
                 r"\b(?:solely|exclusively|only) for the (?:sole )?benefit of the parties\b",
                 r"\bnothing\b[^.;]{0,120}\b(?:confer|give|grant|create|provide)s?\b[^.;]{0,160}\b(?:person|entity|"
                 r"third[- ]part)",
                 r"\b(?:not|never) (?:be )?(?:intended to |construed to |deemed to )?(?:confer|benefit|create|give)\b"
                 r"[^.;]{0,160}\b(?:person|entity|third[- ]part)",
                 # the same said the other way round: "is not for the benefit of any third party", "shall be deemed
                 # not to give any right or remedy to such third party" (train half: in no labelled clause)
                 r"\bnot for the (?:sole )?benefit of\b[^.;]{0,60}\b(?:any|other)\b",
                 r"\bnot to (?:confer|give|create|grant)\b[^.;]{0,160}\b(?:person|entity|third[- ]part)"),
    ),
    ClauseType(
        "confidentiality", "confidentiality",
        "Duties to keep the other party's information confidential and not disclose it.",
        cues=("confidential", "non-?disclosure", r"\bkeep\b[^?]{0,40}\b(secret|private|under wraps)\b",
              r"(?<!trade )\bsecre(t|cy)\b"),
        synonyms=("confidential information", "disclose"),
        key_terms=("confidential",),
    ),
    ClauseType(
        "indemnification", "indemnification",
        "A party must defend, indemnify and hold the other harmless against claims and losses.",
        cues=("indemn",
              # "who pays if the Zebra IP deal lands someone in court?"
              r"\bwho (pays|has to pay|foots the bill|covers the (costs?|bill))\b"
              r"(?=[^?]{0,60}\b(sues?|sued|suing|court|claims?|lawsuits?|legal action)\b)"),
        synonyms=("indemnify", "hold harmless", "defend"),
        key_terms=("indemn",),
    ),
    ClauseType(
        "data_protection", "data protection",
        "Duties about personal data, privacy and data-protection law.",
        cues=("data protection", "personal data", "gdpr", "privacy"),
        synonyms=("personal data", "data protection", "GDPR", "processing"),
        key_terms=("data", "privacy", "gdpr"),
    ),
    ClauseType(
        "penalty", "penalty",
        "Penalties, fines or service credits payable when a party fails an obligation or service level.",
        cues=(r"\bpenalt", "service credits?", *SERVICE_DOWN),
        synonyms=("penalty", "penalties", "service credit"),
        key_terms=("penalt", "credit"),
    ),
    ClauseType(
        "termination", "termination",
        "When and how the contract can be terminated.",
        cues=(r"\bterminat(e|ion)\b",
              # "Bluefly hosting: can IBM walk away"
              r"\b(can|may|could)\b[^?]{0,40}\bwalk away\s*\??$",
              r"\b(end|cancel|kill|pull out of|get out of|walk away from) (the|this|our|their) (deal|contract|"
              r"agreement) (if|when|because|for)\b"),
        synonyms=("terminate", "termination", "breach"),
        key_terms=("terminat",),
        operative=(r"\b(may|can|shall be entitled to|is entitled to|(have|has|shall have) the right to|right to)\s+"
                   r"(\w+\s+){0,3}?terminat", r"\b(may|shall|will) be terminated\b",
                   r"\bterminat\w*\s+(this|the)\s+agreement\s+(upon|by|on|with|without|for|at|if|immediately)\b"),
    ),
    ClauseType(
        "renewal_term", "renewal term",
        "Whether and how the contract renews after its initial term.",
        cues=("renewal provision", r"\brenew", r"\bevergreen\b"),
        synonyms=("renewal", "renew", "successive"),
        key_terms=("renew",),
    ),
    ClauseType(
        "governing_law", "governing law",
        "Which law governs the contract.",
        cues=("governing law", "governed by"),
        synonyms=("governing law", "governed by"),
        key_terms=("govern",),
    ),
    ClauseType(
        "dispute_resolution", "dispute resolution",
        "How disputes are resolved: courts, venue, arbitration or mediation.",
        cues=("dispute", "arbitrat", r"\bvenue\b", "jurisdiction of the courts",
              r"\b(settle|resolve|handle|sort out)\b[^?]{0,30}\b(fights?|disagreements?|arguments?|conflicts?|"
              r"quarrels?)\b"),
        synonyms=("arbitration", "dispute", "courts", "venue"),
        key_terms=("arbitra", "dispute", "court"),
    ),
    ClauseType(
        "notice_period", "notice period",
        "How much notice a party must give.",
        cues=("notice period",),
        synonyms=("notice", "prior written notice"),
        key_terms=("notice",),
        names=("notice period to terminate renewal",),
    ),
    ClauseType(
        "force_majeure", "force majeure",
        "Events beyond a party's control that excuse performance.",
        cues=("force majeure", "act of god", r"\b(hurricanes?|earthquakes?|floods?|pandemics?|epidemics?|"
              r"natural disasters?|wars?|riots?|terroris\w*|acts? of (god|war|terror\w*))\b"),
        synonyms=("force majeure",),
        key_terms=("force majeure",),
    ),
    ClauseType(
        "payment_terms", "payment terms",
        "When and how invoices are paid.",
        cues=("payment terms?", "invoice"),
        synonyms=("payment", "invoice", "days of receipt"),
        key_terms=("pay", "invoice"),
    ),
    ClauseType("affiliate_license_licensee", "affiliate license licensee",
               "A licence that extends to the licensee's affiliates.",
               cues=(r"\b(subsidiaries|affiliates|sister companies|group companies)\b[^?]{0,40}"
                     r"\b(use|licen[cs]\w*)\b",)),
    ClauseType("affiliate_license_licensor", "affiliate license licensor",
               "A licence that covers rights owned by the licensor's affiliates."),
    ClauseType("competitive_restriction_exception", "competitive restriction exception",
               "Exceptions or carve-outs to a non-compete, exclusivity or no-solicit clause.",
               cues=(r"\bcarve[- ]?outs?\b",
                     r"\bexceptions? to (the |their |our )?(non-?compete|exclusivity|no-?solicit|restrictions?)\b")),
    # without key terms every sentence of a licence named the type; 33 of the 34 train-half contracts with the label
    # say "irrevocable" or "perpetual" in one of its spans
    ClauseType("irrevocable_or_perpetual_license", "irrevocable or perpetual license",
               "A licence that cannot be revoked or that never ends.", key_terms=("irrevoc", "perpetu"),
               # searched by these words, not by the question's ("contain or irrevocable or perpetual or license"
               # ranked every licence sentence alike)
               synonyms=("perpetual", "irrevocable", "in perpetuity", "perpetual license"),
               cues=(r"\b(irrevoc|revok|revoc|perpetu)\w*\b[^?]{0,40}\b(licen[cs]|rights? to use)",
                     r"\b(licen[cs]\w*|rights? to use)\b[^?]{0,60}\b(irrevoc\w*|revok\w*|revoc\w*|perpetu\w*|"
                     r"forever|for ever|indefinitely|permanent\w*|never (ends?|expires?|runs? out))\b",
                     r"\b(take|taking|took|pull|pulling) (back|away)\b[^?]{0,20}\b(the |our |their |its )?licen[cs]",
                     # "Can they ever pull our right to use the technology?"
                     r"\b(pull|pulls|pulling|withdraw\w*|take back|takes back|cancel\w*)\b[^?]{0,15}\b(the |our |"
                     r"their |its )?(licen[cs]\w*|rights? to use)\b")),
    ClauseType("unlimited_license", "unlimited license",
               "A licence without limits on use, copies or users.", names=("unlimited/all-you-can-eat license",),
               cues=(r"\bunlimited (number of )?(users|seats|copies|use|installations)\b",
                     r"\b(without|no) (any )?(limits?|caps?) on (the number of )?(users|seats|copies|"
                     r"installations)\b")),
)

CLAUSE_BY_NAME: dict[str, ClauseType] = {c.name: c for c in CLAUSE_TYPES}
#: types a question names in general words ("termination", "insurance"): a more specific type named beside
#: them is the one asked about
GENERIC_CLAUSE_TYPES = frozenset({"termination", "renewal_term", "governing_law", "penalty", "insurance"})


def clause_label(name: str) -> str:
    """A clause type as words for an answer: 'rofr_rofo' -> 'right of first refusal, offer or negotiation'."""
    entry = CLAUSE_BY_NAME.get(name)
    return entry.label if entry else name.replace("_", " ")

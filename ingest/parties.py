"""Contract parties as a contract's opening defines them.

``find_party_definitions(text, start, end)`` reads the opening (title block and preamble)
and returns ``PartyDef``s: the party's name, its defined short names and role
('CloudSecure GmbH, a company ... ("CloudSecure")', '(hereinafter referred to as
"Customer")', 'between X and Y', 'Party A: NAME', a title block 'X / and / Y').

Size: one reader per way a contract's opening defines its parties (preamble, hereinafter, between,
'Party A:', title block); they share the name-cleaning helpers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.registry import GENERIC_SHORT_NAMES, LEGAL_FORM_TOKENS, fold_name, split_suffix
from ingest.sentences import ABBREVIATIONS
from veridict.domain.names import NOT_A_NAME_START
from veridict.domain.roles import ROLE_WORDS
from veridict.domain.values import MONTHS, find_dates, find_jurisdictions

_NON_PARTY_TERMS = GENERIC_SHORT_NAMES | {
    "agreement",
    "effective date",
    "execution date",
    "commencement date",
    "closing date",
    "this agreement",
    "contract",
    "amendment",
    "date hereof",
    "parties",
    "party",
    "each",
    "collectively",
    "either",
    "both",
    "purchase agreement",
    "license agreement",
}
# a defined term ending in one of these nouns names a thing, not a party
_THING_NOUNS = re.compile(
    r"\b(?:law|laws|act|agreement|agreements|addendum|amendment|contract|date|period|term|territory|products?|"
    r"services?|field|plan|fees?|price|specifications?|information|materials?|rights?|"
    r"property|program|programme|business|purpose|project|premises|site|facility|system|"
    r"software|technology|patents?|marks?|trademarks?|license|licence|transaction|shares|"
    r"stock|units?|notes?|amount|schedule|exhibit|documents?|policy|budget|operation|"
    r"channel|content|data|assets|loan|facilities|option|plans?|closing|event|requirements?|"
    r"portal|website|network|brand|name|logo|area|region|market|standards?|order|orders|"
    r"quantity|forecast|report|fund|index|rate|costs?|expenses?)\s*$",
    re.I,
)
DEF_PAREN = re.compile(
    # ("Customer") / (hereinafter referred to as "Philips") / (the "Company", "Ashworth") /
    # (together with its successors and permitted assigns, "Vivint Solar")
    r"\(\s*[^()\"“”]{0,80}?(?:[\"“”]|'')+(?P<term>[^\"“”()]{1,50}?)(?:[\"“”]|''|(?=\)))"
    # (hereinafter referred to as Party A)
    r"|\(\s*(?:hereinafter|hereafter)\s*,?\s+(?:(?:also\s+)?(?:referred\s+to\s+as|called|known\s+as)\s+)?"
    r"(?:the\s+)?(?P<uterm>[A-Z][\w&.\-]*(?:\s+[A-Z0-9][\w&.\-]*){0,3})\s*\)"
    # — hereinafter referred to as Cremer —
    # (or with hyphens for the dashes, as a text layer may give them)
    r"|(?:[—–]+|(?<!\S)-{1,2})\s*(?:hereinafter|hereafter)\s*,?\s+(?:also\s+)?(?:referred\s+to\s+as|called|known\s+as)\s+"
    r"(?:the\s+)?(?P<dterm>[A-Z][\w&.\-]*(?:\s+[A-Z0-9][\w&.\-]*){0,3}?)\s*(?:[—–]+|-{1,2}(?!\S))"
    # , hereinafter referred to as the "Company",   (no parenthesis)
    r"|\b(?:hereinafter|hereafter)\s*,?\s+(?:(?:also\s+|indistinctly\s+|jointly\s+)?(?:referred\s+to\s+as|"
    r"called|known\s+as|designated\s+as)\s+)?(?:the\s+)?(?:[\"“”]|'')+(?P<hterm>[^\"“”()]{1,50}?)"
    r"(?:[\"“”]|'')"
    # (hereinafter referred to as 'IMPCO', which terms shall ...)
    r"|\(\s*(?:hereinafter|hereafter)[^()'\"“”]{0,60}?\s'(?P<sterm>[A-Z][^'()\"“”]{0,48}?)'(?=[\s,;)])"
    # (USA MCO) / (Developer) / (the COMPANY)
    r"|\(\s*(?:the\s+)?(?-i:(?P<abbr>[A-Z][A-Z0-9&.\-]{1,12}(?:\s+[A-Z][A-Z0-9&.\-]{1,12}){0,2}|"
    r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\s*\)",
    re.I,
)
_STRONG_CONNECTOR = re.compile(
    r"\bby\s+and\s+(?:between|among)\b\s*:?|\bbetween\s*:?|\bamong\s*:?|\bBETWEEN\s*:?|"
    r"-\s*and\s*-|\bAND\s*:|"
    # a line holding only "and" between two party blocks
    r"(?m:^[ \t]*(?:and|AND|And)[ \t]*:?[ \t]*$)|[ \t]{2,}(?:AND|And)[ \t]{2,}",
)
_WEAK_CONNECTOR = re.compile(
    r"(?:^|[,;]\s*|\s)(?:and|And|with|by|to)\s+(?:the\s+(?=[A-Z]))?(?=[\"“(]?[A-Z0-9_])"
)
_ENUMERATOR = re.compile(
    r"^[\s,;:]*(?:\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4}|[A-Z])\s*\)|\d{1,2}\.|[a-z]\))\s+"
)
# a legal form right after a bracketed word, within three capitalised words and not after a description's article:
# "(HK) LIMITED", "(Beijing) Security Technology Co., Ltd.", but not "(USA MCO) A Texas Corporation"
_FORM_AFTER_PATTERN = (r"\s+(?!(?:A|An|AN|The|THE)\s)(?:\(?[A-Z][\w&-]*\)?\s+){0,3}"
                       r"\(?(?i:limited|ltd|co|company|inc|corporation|corp|gmbh|llc|pte|pty|plc)\b")
_NAME_END = re.compile(
    r",?\s+(?:a|an)\s+(?=[\w\s-]{0,60}?(?:corporation|company|limited|partnership|entity|"
    r"individual|organi[sz]ation|association|bank|society|agency|firm|trust|business|body|"
    r"enterprise|liability|joint|government|state|foundation|subsidiary))"
    r"|,\s*(?:a|an)\s+[A-Za-z]"  # "Drumcondra Credit Union Limited, a credit union", ", a sociedad anónima"
    r"|,\s*(?:having|with|whose|located|incorporated|organi[sz]ed|existing|which|its|acting|"
    r"formerly|a\s+company|an?\s+individual|residing|domiciled|registered|of\s+\d|at\s+\d|"
    r"address|doing|on\s+behalf|together|as\s+(?:agent|successor|representative))\b"
    r"|,\s*the\s+[a-z]"
    r"|\s+(?:a|an)\s+(?:corporation|company|limited|individual|[A-Z][a-z]+\s+(?:corporation|"
    r"company|limited\s+liability|general|limited|private|public|stock))\b"
    r"|\s+(?:having|with\s+(?:its|an?|offices?|principal|a\s+place)|whose|located|incorporated|"
    r"organi[sz]ed|existing|residing|of\s+\d+[A-Za-z]?|registered|established)\b"
    r"|,\s*[A-Z][\w.\-' ]{0,40}?\s\d{1,5}\b"
    r"|,\s*\d{1,5}\s+[A-Z]"
    # a parenthesis, unless a word in it is part of the name: "PEARL DELTA SHIPPING (HK) LIMITED", "GALEN
    # (CHEMICALS) LIMITED", "Beike Internet (Beijing) Security Technology Co., Ltd."
    # "KGOSI MINING SERVICES (RF) (PTY) LTD", "LINDQVIST BANK AB (publ)"
    r"|\s*\((?![A-Z][\w &.-]{0,25}\)" + _FORM_AFTER_PATTERN + r"|(?i:publ|pty|pvt)\))|\s*[\"“]|\s*[—–]"
    # a registration number after the name: "... Pty Ltd ACN 987 654 321", "... Ltd (Company No. 123)"
    r"|,?\s+(?:ACN|ABN|ARBN|UEN|CIN|CNPJ|KvK|HRB|(?i:org\.?\s*no|reg\.?\s*no|company\s+no|registration\s+number|"
    r"registered\s+number))\b"
    # a column gap; a signatory ("represented by", "acting through"); "Bruce Jenner, Individual";
    # an address right after a legal form ("Uniquest Corporation 780 Montague Expressway")
    r"|[ \t]{3,}"
    r"|,?\s+(?i:(?:duly\s+)?represented\s+by|acting\s+(?:by|through)|"
    r"through\s+(?:its|his|her|Mr|Ms|Mrs|Dr)\b)"
    r"|,\s*(?i:(?:an\s+)?individual)\b|,\s*(?:s/o|d/o|w/o|son\s+of|daughter\s+of)\b"
    r"|(?:(?<=Inc\.)|(?<=Ltd\.)|(?<=Corp\.)|(?<=Co\.)|(?<=\bInc)|(?<=\bLLC)|(?<=\bLtd)|(?<=L\.P\.)|"
    r"(?<=N\.A\.)|(?<=GmbH)|(?<=Corporation)|(?<=Company)|(?<=Limited))"
    r"\s+(?:\d{1,6}\s+[A-Z]|(?i:with|having|whose|located)\s)",
)
_NAME_OK = re.compile(
    r"^[\"“]?(?:[A-Z0-9]|[a-z][a-z-]*(?:\.[a-z]+)+\.?[\s,]|[a-z]+[A-Z])[\w&'’.,/\-]*(?:\s+[\w&'’.,/()\-]+){0,14}$"
)
_LABELLED = re.compile(
    r"(?m)(?:^|\s{2,}|(?<=\s)(?=Party\s+[A-D]\b))[ \t]*"
    r"(?P<label>Party\s+[A-D]|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?:\s+\((?P<prole>[A-Za-z][\w ]{1,30})\))?[ \t]*:"
    r"[ \t]*(?:\n[ \t]*)*"
    r"(?P<name>[A-Z0-9](?:(?!\s+Party\s+[A-D]\s*:)[^\n:]){2,160})"
)


@dataclass
class PartyDef:
    """A contract party as the opening defines it."""

    name: str
    start: int
    end: int
    short_names: list[str]
    role: str
    def_end: int  # end of the defining parenthesis (or of the name)
    rule: str


# an address run on after a name: "Dolphin Industries Limited Room 1302 Golden Gate ...", "Acme Ltd 12 High Street"
_ADDRESS_TAIL = re.compile(
    r"\s+(?:(?:Room|Suite|Unit|Floor|Flat)\s+\d|\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St\.?|Road|Rd\.?|Avenue|"
    r"Ave\.?|Boulevard|Blvd\.?|Drive|Lane|Way)\b).*$"
)
# "LEO PHARMA A/S of Industriparken 55, DK-2750 Ballerup", "BLUEFIN A/S of Havnegade 4, ...": a name with a legal
# form, then "of" and an address with a number in it (or nothing left once the street was cut as ``_ADDRESS_TAIL``)
_OF_ADDRESS = re.compile(r"\s+(?:of|at)(?:\s+(?=[^()]{0,60}\d).*)?$")
# "Benoit Emile Norbert Ollivier, Managing Director" (a signatory and the title) or a title alone: not a party
_JOB_TITLE = (r"(?:the\s+|its\s+)?(?:[A-Za-z]+\s+){0,2}?(?:director|president|chief\s+\w+\s+officer|ceo|cfo|"
              r"chairman|secretary|treasurer|officer|manager|general\s+partner|partner|owner|representative|signatory)")
_SIGNATORY_TITLE = re.compile(rf"(?:^|,\s+){_JOB_TITLE}\s*$", re.I)


def _clean_name(raw: str) -> str:
    name = re.sub(r"\s+-{3,}\s+", " ", raw)  # a rule line from the page layout
    name = re.sub(r"\s+", " ", name).strip(" ,;:-–—\"“”'")
    name = re.sub(r"^(?:and|by|with|between|among|the\s+(?=[a-z]))\s+", "", name, flags=re.I)
    name = re.sub(r"^(?:recitals?\s+)?whereas,?\s+", "", name, flags=re.I)  # "RECITALS WHEREAS, Granite Peak ..."
    # "NeoMedia Micro Paint Repair hereinafter referred to as": the words that define its short name are no part of it
    name = re.sub(r"[\s,(]+(?:hereinafter|hereafter)\b.*$", "", name, flags=re.I)
    name = re.sub(r"(?:\s+(?:of|and|by|with|the|at))+$", "", name)
    name = re.sub(r"\s*,\s*$", "", name)
    name = _ADDRESS_TAIL.sub("", name)
    of_address = _OF_ADDRESS.search(name)
    if of_address and split_suffix(name[: of_address.start()])[1]:
        name = name[: of_address.start()]
    name = _HONORIFIC.sub("", name)  # "Dr. Mirela Ostrovska" is Mirela Ostrovska
    return name.strip(' ,;:"“”')


_MONTH_DAY = re.compile(r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?\s+\d{1,2}(?:st|nd|rd|th)?,?",
                        re.I)


def only_a_word_for_a_party(name: str) -> bool:
    """A role word ("Reseller", "The franchisee"), a term the opening defines ("the Effective Date"), a legal form
    alone ("LLC", "S.à r.l.") or a letter's date line whose year is on the next line ("May 25"): no party's name."""
    core, _ = split_suffix(name)
    role = re.sub(r"^the\s+", "", name.lower())
    return (role in ROLE_WORDS or fold_name(name) in _NON_PARTY_TERMS or bool(_MONTH_DAY.fullmatch(name))
            or not core or all(t in LEGAL_FORM_TOKENS for t in core) or " ".join(core) in LEGAL_FORM_TOKENS)


# a brand written in lower case, with a digit or a hyphen, before capitalised words and a legal form:
# "bw-3 FRANCHISE SYSTEMS, INC.", "i3 Integrative Creative Solutions, LLC"
_LOWER_BRAND = re.compile(r"^[a-z]+(?:\d|-[a-z0-9])[\w&'’.\-]{0,10}(?:\s+(?:[A-Z0-9][\w&'’.,/()\-]*|&|of|and)){1,8}$")


# a legal form that opens a run of words ends another name: "LTD or SHENZHEN LEHEYUAN TRADING CO, LTD"
_FORM_FIRST = {"ltd", "inc", "llc", "corp", "gmbh", "plc", "llp", "limited", "incorporated"}


def looks_like_name(name: str) -> bool:
    if not name or len(name) < 2 or len(name) > 120:
        return False
    if not _NAME_OK.match(name) and not (_LOWER_BRAND.match(name) and split_suffix(name)[1]):
        return False
    low = name.lower()
    if only_a_word_for_a_party(name) or _is_jurisdiction(name):
        return False
    if re.match(
        r"(?:this|these|such|said|each|both|all|any|not|the\s+parties|whereas|now|"
        r"agreement|section|article|exhibit|schedule)\b",
        low,
    ):
        return False
    if re.search(
        r"\b(?:agreement|amendment|hereby|shall|dated|made|entered|executed|effective|between)\b",
        low,
    ) or re.search(r"\b(?:name|address)$", low):
        return False  # a title or a form label ("Customer Name")
    if _SIGNATORY_TITLE.search(name):
        return False
    if find_dates(name) or re.search(r"\b\d+\.\d+\b|\bBox \d|\bSuite\b(?=\s*(?:,|\d|$))|\b\d{5}\b", name) or (
        # "9876543 CANADA INC." and "551 FX IB ASSOCIATES LLC" are names; "1. As" is a list item
        re.match(r"\d+[,.]?(?:\s|$)", name) and not (re.match(r"\d{3,}\s", name) and split_suffix(name)[1])
    ):
        return False  # a date, a section number, an address or a heading slipped in
    if re.match(r"party [a-d]\b", low) or re.search(r"\barticle \d", low):
        return False  # "Party A and Party B. Article 2"
    if re.search(
        r"\b(?:is|are|was|were|has|have|been|because|which|that|will|shall|hereby|"
        r"undersigned|contents|omitted|pursuant|promulgated|undertaking|under number)\b",
        low,
    ):
        return False  # a clause, not a name
    words = name.split()
    if re.sub(r"[^a-z]", "", words[0].lower()) in _FORM_FIRST:
        return False  # "LTD or SHENZHEN LEHEYUAN TRADING CO, LTD": the end of another name
    if _prose_in(words):
        return False  # "Papua New Guinea Bureau of Statistics each quarter in the ...": words of a sentence
    caps = sum(1 for w in words if w[:1].isupper() or w[:1].isdigit() or w in ("&",))
    if caps >= max(1, len(words) // 2):
        return True
    # "drkoop.com, inc.": a name that opens in lower case passed _NAME_OK as a brand (a web address, a word with a
    # capital inside); it is a name when a legal form follows it
    return name.lstrip("\"“")[:1].islower() and bool(split_suffix(name)[1])


def _prose_in(words: list[str]) -> bool:
    """Two words of running prose inside a name that has capitals ("its subsidiary", "each quarter"); a name's
    particles ("of", "and", "de la", "von") are no prose, nor is a name written all in lower case."""
    low = [w.strip(",.;:()") for w in words]
    if not any(w[:1].isupper() for w in low):
        return False
    # what follows the legal form is not the name's own: "Jaguar Investments, Inc. and its affiliates"
    form = next((i for i, w in enumerate(low) if re.sub(r"[^a-z]", "", w.lower()) in LEGAL_FORM_TOKENS), None)
    low = low[: form + 1] if form is not None else low
    particles = _RUN_CONNECTORS | {"in", "on", "at", "upon", "et", "y", "des", "en"}
    return any(a.isalpha() and a.islower() and b.isalpha() and b.islower() and a not in particles
               and b not in particles for a, b in zip(low, low[1:], strict=False))


def _strong_name(name: str) -> bool:
    """A name that stands on its own: a legal form, or a person's 2-4 capitalised words."""
    if split_suffix(name)[1]:
        return True
    words = name.split()
    return (
        2 <= len(words) <= 4
        and all(w[:1].isupper() for w in words)
        and not find_jurisdictions(name)
    )


def _cut_name(segment: str) -> tuple[int, int] | None:
    """Start/end of the party name inside ``segment`` (connector already removed)."""
    enum = _ENUMERATOR.match(segment)
    lead = enum.end() if enum else len(segment) - len(segment.lstrip(" ,;:-–—\n\t"))
    m = _NAME_END.search(segment, lead)
    end = m.start() if m else len(segment)
    while end > lead and segment[end - 1] in " ,;:\n\t":
        end -= 1
    if end <= lead:
        return None
    return lead, end


def _role(short_names: list[str]) -> str:
    for s in short_names:
        low = re.sub(r"\s+", " ", s.lower().strip())
        if low in ROLE_WORDS:
            return low
    return "party"


def _is_jurisdiction(term: str) -> bool:
    js = find_jurisdictions(term)
    return bool(js) and js[0].start == 0 and js[-1].end >= len(term.strip())


_SUFFIX_END = re.compile(
    r"\b(?:Co\.?,?\s*Ltd|Ltd|Inc|Incorporated|LLC|L\.L\.C|Limited|Corporation|Corp|GmbH(?:\s*&\s*Co\.?"
    r"\s*KG)?|AG|S\.A|SA|B\.\s?V|N\.\s?V|PLC|plc|LLP|L\.P|LP|Company|Pte|Pty|K\.K|S\.p\.A|SARL|"
    r"S\.A\.R\.L|AB|Oy)\b\.?"
)


def name_to_suffix(raw: str) -> str | None:
    """'China Online Housing (Hong Kong) Co., Ltd. Legal representative' -> up to 'Ltd.'."""
    last = None
    for m in _SUFFIX_END.finditer(raw):
        if last is not None and m.start() - last > 3:
            break
        last = m.end()
    return raw[:last].strip() if last else None


def _is_party_term(term: str) -> bool:
    low = re.sub(r"\s+", " ", term.lower().strip())
    if not low or low in _NON_PARTY_TERMS or low.startswith(("each", "collectively")):
        return False
    if low in ROLE_WORDS:
        return True
    return not _THING_NOUNS.search(low) and not _is_jurisdiction(term)


def _last_boundary(segment: str) -> int | None:
    """Offset after the last line break, column gap or sentence end in ``segment``."""
    best = None
    for m in re.finditer(r"\n|\s{3,}|[.:;]\s+(?=[\"“(]?[A-Z0-9])", segment):
        if m.group(0).startswith(".") and not _sentence_end_at(segment, m.start()):
            continue
        best = m.end()
    return best


def _sentence_end_at(text: str, dot: int) -> bool:
    m = re.search(r"([\w.'/&-]+)\.$", text[max(0, dot - 30) : dot + 1])
    if not m:
        return True
    word = m.group(1).lower().rstrip(".")
    return not (
        word in ABBREVIATIONS
        or (len(word) == 1 and word.isalpha())
        or re.fullmatch(r"\d{1,2}(\.\d{1,2})*", word)
    )


_JOINED = re.compile(r"(?<=[.,A-Za-z])\s+and\s+(?=[A-Z])")


def _split_joined(name: str, off: int) -> list[tuple[str, int]]:
    """'WYZZ, Inc. and WYZZ Licensee, Inc.' -> two names (each must end in a legal form)."""
    parts = []
    last = 0
    for m in _JOINED.finditer(name):
        left = name[last : m.start()]
        if split_suffix(left)[1] and _SUFFIX_END.search(left[-12:]):
            parts.append((left.strip(" ,"), off + last))
            last = m.end()
    if not parts:
        return [(name, off)]
    tail = name[last:]
    if not split_suffix(tail)[1]:
        return [(name, off)]
    parts.append((tail.strip(" ,"), off + last))
    return parts


_AND_BLOCK = re.compile(
    r"(?m)^[ \t]*(?:\(\d\)[ \t]*)?(?P<a>[A-Z0-9][^\n]{2,100}?)[ \t]*\n(?:[ \t]*\n){0,3}"
    r"[ \t]*(?:and|AND|And|-+[ \t]*and[ \t]*-+)[ \t]*:?[ \t]*\n(?:[ \t]*\n){0,3}"
    r"[ \t]*(?:\(\d\)[ \t]*)?(?P<b>[A-Z0-9][^\n]{2,100}?)[ \t]*$"
)


def _and_block_parties(text: str, start: int, end: int) -> list[PartyDef]:
    """A title block naming the parties on lines joined by a line 'and'."""
    for m in _AND_BLOCK.finditer(text, start, end):
        out = []
        for g in ("a", "b"):
            # a column gap ends the name: "FIBROGEN, INC.      June 1, 2005"
            raw = re.split(r"[ \t]{3,}", m.group(g))[0]
            name = _clean_name(raw)
            if not looks_like_name(name):
                break
            off = m.start(g)
            out.append(
                PartyDef(name, off, off + len(name), [], "party", off + len(name), "title_block")
            )
        if len(out) == 2:
            return out
    return []


_ENTITY_DESCRIPTION = re.compile(
    r",?\s+(?:a|an)\s+(?:[\w.-]+\s+){0,5}?(?i:statutory\s+trust|business\s+trust|trust|"
    r"corporation|company|partnership|association|fund)\s*,?\s*$"
)
_ROLE_PHRASE_WORDS = sorted(
    ROLE_WORDS
    | {"administrator", "underwriter", "arranger", "custodian", "depositor", "manager",
       "administrative agent", "collateral agent", "general partner", "escrow agent"},
    key=len,
    reverse=True,
)
_ROLE_ALT = "|".join(re.escape(r).replace(r"\ ", r"\s+") for r in _ROLE_PHRASE_WORDS)
_ROLE_PHRASE = re.compile(
    r",?\s+(?:in\s+its\s+capacity\s+)?as\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,3}?"
    rf"(?P<role>{_ROLE_ALT})(?:\s+(?:and|&)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){{0,2}}?(?:{_ROLE_ALT}))?"
    r"\s*$",
    re.I,
)
_SIGNATORY_OF = re.compile(
    r"^(?P<person>(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){1,3}),\s+"
    r"(?:the\s+|its\s+)?"
    r"(?:[A-Za-z]+\s+){0,2}?(?i:director|president|chief\s+\w+\s+officer|ceo|cfo|chairman|"
    r"secretary|treasurer|officer|manager|general\s+partner|partner|owner|representative|"
    r"attorney-in-fact|signatory)\s+(?:of|for|at)\s+(?P<org>[A-Z].+)$"
)


_DESCRIPTOR = re.compile(
    r",\s+(?:a|an)\s+(?:[\w.-]+\s+){0,5}?(?i:corporation|company|limited|partnership|trust|"
    r"association|bank|limited\s+liability)\b"
)
_FORM_AFTER = re.compile(_FORM_AFTER_PATTERN)
_FORM_WORDS = {"publ", "pty", "pvt", "rf"}  # a legal form in brackets: "LINDQVIST BANK AB (PUBL)"
_HONORIFIC = re.compile(r"^(?:Dr|Mr|Mrs|Ms|Miss|Prof|Professor|Sir|Dame|Madame|Monsieur|M/s)\.?\s+(?=[A-Z])")
_RUN_CONNECTORS = {"&", "of", "and", "de", "du", "der", "la", "the", "für", "for",
                   # name particles: "Van den Berg Tuinbouw B.V.", "Friederike von Hallberg", "Bodegas de la Fuente"
                   "van", "den", "von", "ter", "ten", "del", "della", "di", "da", "dos", "das", "le", "zu"}
_TITLE_WORDS = {"agreement", "contract", "amendment", "addendum"}  # a document's title, never part of a name


def _name_before_descriptor(segment: str) -> int | None:
    """Start of the capitalised word run that ends where an entity descriptor begins."""
    d = _DESCRIPTOR.search(segment)
    if not d:
        return None
    toks = list(re.finditer(r"\S+", segment[: d.start()]))
    start = None
    for t in reversed(toks):
        w = t.group(0)
        if w.lower().strip(",.:;") in _TITLE_WORDS:
            break  # "... RIGHTS AGREEMENT  Synchron, a California corporation": the title ends the run
        if w[:1].isupper() or w[:1].isdigit() or w.lower().strip(",.") in ("inc", "llc", "ltd"):
            start = t.start()
        elif w.lower() in _RUN_CONNECTORS and start is not None:
            continue
        else:
            break
    return start


def _reads_as_name_capitalised(name: str) -> bool:
    """Whether a name written in lower case ("i-on interactive") passes as a name once its words are capitalised."""
    return looks_like_name(" ".join(w[:1].upper() + w[1:] for w in name.split()))


_LOWER_BEFORE_DESCRIPTOR = re.compile(
    r"(?:^[\s,;]*(?:and\s+)?|\b(?:and|between|with)\s+)"
    r"(?P<name>(?!(?:and|or|the|this|its|their|each|such|said|any|all|every|other|our|your|his|her)\b)"
    r"[a-z][\w&.\-]*(?:\s+[a-z][\w&.\-]*){0,3})(?=,\s+(?:a|an)\s)"
)


def _lower_case_name(segment: str) -> tuple[int, int] | None:
    """The other party named in lower case, right after "and" and before its entity description: 'and i-on
    interactive, a Florida corporation ("i-on")'. Read only for a second party, once a first one is defined."""
    d = _DESCRIPTOR.search(segment)
    if not d or segment[d.end():].strip(" ,"):
        return None  # the description must run up to the definition's bracket
    m = next((m for m in _LOWER_BEFORE_DESCRIPTOR.finditer(segment) if m.end("name") == d.start()), None)
    if m is None:
        return None
    if not _reads_as_name_capitalised(m.group("name")):
        return None
    return m.start("name"), m.end("name")


def _strip_role(name: str) -> tuple[str, str | None]:
    """'Offshore as Borrower' -> ('Offshore', 'borrower'): a role phrase is not part of a name."""
    m = _ROLE_PHRASE.search(name)
    if not m or m.start() == 0:
        return name, None
    return name[: m.start()].strip(" ,"), re.sub(r"\s+", " ", m.group("role").lower())


def _strip_signatory(name: str) -> str:
    """'Jane Roe, director of Acme Ltd' -> 'Acme Ltd': the person signs for the party."""
    m = _SIGNATORY_OF.match(name)
    return m.group("org").strip(" ,") if m else name


def _preamble_ended(gap: str) -> bool:
    """Whether the text between one party's definition and the next name ends the preamble:
    a sentence end, or a recitals / background heading."""
    heading = r"(?i)\b(?:whereas|recitals?|background|witnesseth)\b|R\s?E\s?C\s?I\s?T\s?A\s?L"
    if re.search(heading, gap):
        return True
    last = None
    for m in re.finditer(r"[.!?][\"”')]*\s+(?=[\"“(]?[A-Z0-9])", gap):
        if _sentence_end_at(gap, m.start()):
            last = m.end()
    if last is None:
        return False
    # "... Hong Kong. AND: Mr. Zheng Qing" / "... 08054.   AND:" still lists the parties
    rest = gap[last:]
    return not (_STRONG_CONNECTOR.search(rest) or re.match(r"\s*(?:and|And)\b", rest))


def find_party_definitions(text: str, start: int, end: int) -> list[PartyDef]:
    """Parties defined in the opening [start, end): 'NAME, a ... ("Short")', 'between X and Y',
    'Party A: NAME'."""
    parties: list[PartyDef] = []
    region_start = start
    connector_seen = False
    for m in DEF_PAREN.finditer(text, start, end):
        if len(parties) >= 2 and m.start() - parties[-1].def_end > 1500:
            break  # parties are defined together; later definitions are other terms
        abbr_only = m.group("abbr") is not None
        if (
            abbr_only
            and m.group("abbr")[1:].islower()
            and m.group("abbr").lower() not in ROLE_WORDS
        ):
            continue  # "(Developer)" is a definition; "(Spain)" is not
        if m.group("term") is not None:
            close = text.find(")", m.end(), min(end, m.end() + 200))
            paren_end = close + 1 if close != -1 and "(" not in text[m.end() : close] else m.end()
            terms = [
                t.strip()
                for t in re.findall(
                    r"(?:[\"“]|'')([^\"“”();]{1,50})[\"”]", text[m.start() : paren_end]
                )
            ]
            terms = terms or [m.group("term").strip()]
        elif m.group("sterm") is not None:
            close = text.find(")", m.end(), min(end, m.end() + 200))
            paren_end = close + 1 if close != -1 and "(" not in text[m.end() : close] else m.end()
            terms = [m.group("sterm").strip()]
        else:
            paren_end = m.end()
            terms = [
                (
                    m.group("uterm") or m.group("dterm") or m.group("hterm") or m.group("abbr")
                ).strip()
            ]
        if abbr_only and (_FORM_AFTER.match(text, paren_end) or m.group("abbr").strip("() ").lower() in _FORM_WORDS):
            continue  # "PEARL DELTA SHIPPING (HK) LIMITED": a word of the name in brackets, not a definition
        segment_start = region_start
        segment = text[segment_start : m.start()]
        if re.match(
            r"\(\s*(?:together|collectively|jointly)\s*,|\([^()]{0,120}?\b(?:shall\s+be|are|be)\s+"
            r"(?:\w+\s+){0,2}?referred\s+to\b",
            text[m.start() : paren_end],
            re.I,
        ) and re.search(r"\band\b", text[m.start() : paren_end]):
            region_start = paren_end
            continue  # a name for parties defined before, not a new party
        if abbr_only and (_is_jurisdiction(terms[0]) or len(segment.strip()) < 2):
            continue
        region_start = paren_end
        # '"Fund"' names a thing unless the name before it is described as an entity:
        # 'ARCA U.S. TREASURY FUND, a Delaware statutory trust (the "Fund")'
        thing_only = not any(_is_party_term(t) for t in terms)
        if thing_only and not _ENTITY_DESCRIPTION.search(segment[-250:]):
            continue
        strong = list(_STRONG_CONNECTOR.finditer(segment))
        weak = list(_WEAK_CONNECTOR.finditer(segment))
        by = [w for w in weak if re.search(r"\bby\s", w.group(0))]
        cuts: list[int] = []  # where the name may start, most likely first
        if strong:
            connector_seen = True
            cuts.append(strong[-1].end())
        if weak and (connector_seen or parties or segment_start > start):
            cuts.append(weak[0].end())
        if parties and re.match(r"\s*[,;]", segment):
            cuts.append(0)  # a list of parties: "("UTC"), Otis Worldwide Corporation, a ..."
        if by and not parties:
            cuts.append(by[-1].end())  # "made ... by X"
        # the capitalised words right before ", a Nevada corporation": "under which MediaNet
        # Group Technologies, Inc., a Nevada corporation ... ("MEDIANET")"
        run = _name_before_descriptor(segment)
        if run is not None:
            cuts.append(run)
        # the party opens a line or sentence: "Aduro Biotech, Inc., with ..." /
        # "2.  Valence Technology, Inc., (hereinafter referred to as Party B)"
        line = _last_boundary(segment)
        if line is not None:
            cuts.append(line)
        if not parties and 0 not in cuts:
            cuts.append(0)  # '(the "Effective Date") INKTOMI CORPORATION ("Inktomi"), a ...'
        # last resort: after a comma ("between professional golfer, TOM WATSON, (..."), never
        # before the last connector: what precedes "and" belongs to the previous party
        after = max(
            [c.end() for c in strong] + [w.end() for w in weak if "nd" in w.group(0).lower()],
            default=0,
        )
        commas = [c.end() for c in re.finditer(r",\s+", segment) if c.end() > after]
        commas = list(reversed(commas))[:3]
        if parties and re.match(r"\s{0,3}[A-Z]", segment) and len(segment) < 200:
            commas.append(0)  # must be a strong name
        n_primary = len(cuts) - (1 if (not parties and 0 in cuts) else 0)
        cuts += commas
        name = ""
        for i_cut, cut in enumerate(cuts):
            span = _cut_name(segment[cut:])
            if span is None:
                continue
            n_start = segment_start + cut + span[0]
            n_end = segment_start + cut + span[1]
            name = _clean_name(text[n_start:n_end])
            if looks_like_name(name) and (i_cut < n_primary or _strong_name(name)):
                break
            name = ""
        if not name and parties and not abbr_only:
            found = _lower_case_name(segment)
            if found is not None:
                n_start, n_end = segment_start + found[0], segment_start + found[1]
                name = text[n_start:n_end]
        if not name:
            continue
        if abbr_only and not (split_suffix(name)[1] or len(name.split()) >= 2):
            continue
        enumerated = re.search(
            r"(?:^|\n)[ \t]*(?:\(?\d{1,2}[.)]|\([a-z]\))[ \t]*$", text[max(0, n_start - 40) : n_start]
        )
        if parties and not enumerated and _preamble_ended(text[parties[-1].def_end : n_start]):
            break  # the parties are defined together; a later sentence defines other terms
        name, role_phrase = _strip_role(name)
        name = _strip_signatory(name)
        off = text.find(name, n_start, n_end + 1)
        if off == -1:
            off = n_start
        short = [t for t in terms if _is_party_term(t)]
        role = _role(short)
        if role == "party" and role_phrase:
            role = role_phrase
        for piece, p_off in _split_joined(name, off):
            parties.append(
                PartyDef(piece, p_off, p_off + len(piece), short, role, paren_end, "definition")
            )
    if len(parties) == 1 and parties[0].rule == "definition":
        parties = _merge_parties(parties, _party_after_and(text, parties[0].def_end, end))
    if len(parties) < 2:
        parties = _merge_parties(parties, _labelled_parties(text, start, end))
    if len(parties) < 2:
        parties = _merge_parties(parties, _numbered_parties(text, start, end))
    if len(parties) < 2:
        parties = _merge_parties(parties, _and_block_parties(text, start, end))
    if len(parties) < 2:
        parties = _merge_parties(parties, _between_parties(text, start, end))
    return parties


def _party_after_and(text: str, pos: int, end: int) -> list[PartyDef]:
    """'between X ("X"), and\nUniquest Corporation 780 Montague ...': the other party follows
    the first one's definition after "and", without a definition of its own."""
    m = re.match(
        r"\s*,?\s*(?:and|AND|And)\s*:?\s+(?:the\s+)?(?=[A-Z0-9])", text[pos : min(end, pos + 400)]
    )
    if not m:
        return []
    line_start = pos + m.end()
    line = text[line_start : min(end, line_start + 200)].split("\n")[0]
    span = _cut_name(line)
    if span is None:
        return []
    name = name_to_suffix(line[span[0] : span[1]]) or line[span[0] : span[1]]
    name, role = _strip_role(_clean_name(name))
    if not looks_like_name(name) or not _strong_name(name):
        return []
    off = text.find(name, line_start)
    return [PartyDef(name, off, off + len(name), [], role or "party", off + len(name), "after_and")]


_NUMBERED = re.compile(
    r"(?m)^[ \t]*(?:\((?P<n1>\d)\)|(?P<n2>\d)\.)[ \t]+(?P<line>[A-Z][^\n]{2,200})"
)


def _numbered_parties(text: str, start: int, end: int) -> list[PartyDef]:
    """A numbered list of parties under a 'Parties' / 'Between' heading:
    'Parties\n(1) Signature Orthopaedics Pty Ltd (ACN ...)\n(2) CPM Medical Consultants, LLC ...'."""
    head = re.search(
        r"(?im)^[ \t]*(?:the\s+)?(?:parties|(?:by\s+and\s+)?between|among)\b[ \t:]*$",
        text[start:end],
    )
    if not head:
        return []
    out: list[PartyDef] = []
    expect = 1
    for m in _NUMBERED.finditer(text, start + head.end(), min(end, start + head.end() + 2000)):
        if int(m.group("n1") or m.group("n2")) != expect:
            break
        expect += 1
        line = m.group("line")
        span = _cut_name(line)
        if span is None:
            break
        # up to the legal form where there is one: "CPM Medical Consultants, LLC of 1565 ..."
        name = name_to_suffix(line) or line[span[0] : span[1]]
        name, role = _strip_role(_clean_name(name))
        if not looks_like_name(name):
            break
        off = text.find(name, m.start("line"))
        out.append(
            PartyDef(name, off, off + len(name), [], role or "party", off + len(name), "numbered")
        )
    return out if len(out) >= 2 else []


def _labelled_parties(text: str, start: int, end: int) -> list[PartyDef]:
    """'Party A: Beijing Baidu Netcom Science and Technology Co., Ltd.' (label lines)."""
    out: list[PartyDef] = []
    for m in _LABELLED.finditer(text, start, end):
        label = re.sub(r"\s+", " ", m.group("label")).lower()
        label = re.sub(r"\s+name$", "", label)  # "Company Name: Cardlytics, Inc."
        if label not in ROLE_WORDS:
            continue
        if m.group("prole") and m.group("prole").lower().strip() in ROLE_WORDS:
            label = m.group("prole").lower().strip()  # "Party A (Shipper): ..."
        name = name_to_suffix(m.group("name")) or _label_value_name(m.group("name"))
        if not name:
            continue
        name = _clean_name(name)
        if not looks_like_name(name):
            continue
        off = text.find(name, m.start("name"))
        out.append(
            PartyDef(
                name, off, off + len(name), [m.group("label")], label, off + len(name), "labelled"
            )
        )
    return out


# where a labelled name without a legal form ends: the next label, a column gap, an address or contact field
_LABEL_VALUE_END = re.compile(
    r"\s+(?=Party\s+[A-D]\b)|\s{2,}|\s*[,;(]|\.\s|\s+(?i:address|add|tel|telephone|fax|e-?mail|domicile|"
    r"legal\s+representative|registered|represented|id\s+no|passport)\b"
)


def _label_value_name(value: str) -> str | None:
    """'People's Government of Fenyi County Party B: ...' -> "People's Government of Fenyi County": a labelled
    party without a legal form, up to where the next field begins; two to eight words."""
    name = _LABEL_VALUE_END.split(value, maxsplit=1)[0].strip(" .:")
    return name if 2 <= len(name.split()) <= 8 else None


_BETWEEN = re.compile(
    r"\b(?:by\s+and\s+)?(?:between|among)\s*:?\s+(?P<a>[A-Z0-9][^\n()]{1,150}?)\s*,?\s+(?:and|AND|&)\s+"
    # the second name may be written in lower case when the sentence ends with it ("and deep systems.")
    r"(?P<b>[A-Z0-9][^\n()]{1,150}?|[a-z][\w&.\-]*(?:\s+[a-z][\w&.\-]*){0,2}(?=\.(?:\s|$)))"
    r"(?=\s*(?:,|\(|\.\s|\n|$|dated|DATED|effective|EFFECTIVE|"
    r"Dated|as\s+of|for\s|on\s|this\s))",
)


def _lower_second_name(name: str, first_read: bool) -> bool:
    """'between AstroNutrition.com and deep systems.': a second name in lower case, once the first was read; not
    "and its affiliates", a role word or a generic term."""
    words = name.split()
    return (first_read and words[0] not in NOT_A_NAME_START and not only_a_word_for_a_party(name)
            and _reads_as_name_capitalised(name))


def _between_parties(text: str, start: int, end: int) -> list[PartyDef]:
    out: list[PartyDef] = []
    for m in _BETWEEN.finditer(text, start, end):
        for g in ("a", "b"):
            raw = m.group(g)
            span = _cut_name(raw)
            if span is None:
                continue
            name, role = _strip_role(_clean_name(raw[span[0] : span[1]]))
            if name[:1].islower() and not _lower_second_name(name, bool(out)):
                continue
            if (not name[:1].islower() and not looks_like_name(name)) or re.fullmatch(r"[A-Z]{2,6}", name):
                continue  # "between SEV and DCL" uses defined short names, not the parties' names
            off = text.find(name, m.start(g))
            out.append(
                PartyDef(
                    name, off, off + len(name), [], role or "party", off + len(name), "between"
                )
            )
        if out:
            break
    return out


def _merge_parties(first: list[PartyDef], more: list[PartyDef]) -> list[PartyDef]:
    keys = {fold_name(p.name) for p in first}
    out = list(first)
    for p in more:
        k = fold_name(p.name)
        if k and k not in keys and not any(k in kk or kk in k for kk in keys if kk):
            out.append(p)
            keys.add(k)
    return out


# ----------------------------------------------------------------------------- signature blocks

# where the signatures begin: the last "IN WITNESS WHEREOF" (else the last fifth of the text is searched)
_WITNESS = re.compile(r"\bIN\s+WITNESS\s+WHEREOF\b|\bEXECUTED\s+(?:as\s+an?\s+agreement|by\s+the\s+parties)\b", re.I)
# a signature line: "By:", "BY:", "By /s/"
_BY_LINE = re.compile(r"\b(?:By|BY)\s*(?::|/s/|_{2,})")
# what may stand between an entity's name and its "By:": a role in parentheses, "its general partner" lines
_BEFORE_BY = re.compile(r"[\s,.:;()\-_]*(?:\((?:[^()]{0,40})\)[\s,]*)?$")
_NOT_IN_NAME = re.compile(r"/s/|\b(?:Name|Title|Date|Its|By|Witness|Attest|Address)\s*:|\bWHEREOF\b|\bhereto\b|"
                          r"\bhereunder\b|\bAgreement\b|\bwritten\b", re.I)


def signature_parties(text: str) -> list[tuple[str, int, int]]:
    """(name, start, end) of each entity that signs under its own name: a name ending in a legal form directly
    above a "By:" line of the signature part ("CLARUS IV-A, L.P. By: Clarus IV GP, L.P., its general partner").
    Filings where the parties appear only there (letters, joint filing agreements) name them nowhere else."""
    marks = list(_WITNESS.finditer(text))
    start = marks[-1].end() if marks else int(len(text) * 0.8)
    out: list[tuple[str, int, int]] = []
    seen: set[str] = set()
    for by in _BY_LINE.finditer(text, start):
        head = text[max(start, by.start() - 160) : by.start()]
        tail = _BEFORE_BY.search(head)
        head = head[: tail.start()] if tail else head
        # the name is the last line (or run after two spaces) before the signature line
        piece = re.split(r"\n|\s{3,}|(?<=[a-z0-9)])\.\s+(?=[A-Z])", head)[-1].strip(" ,;:")
        piece = _capitals_run(re.sub(r"^(?:(?:for and|and|for)\s+)?(?:on\s+behalf\s+of\s+)?", "", piece, flags=re.I))
        if not piece or len(piece) > 100 or _NOT_IN_NAME.search(piece) or not piece[0].isupper():
            continue
        core, form = split_suffix(piece)
        if not form or not any(len(t) >= 3 and t not in LEGAL_FORM_TOKENS for t in core):
            continue  # a name before a legal form: "SEATTLE SOFTWARE DEVELOPERS, Inc.", not "GP, LLC"
        s = text.rfind(piece, start, by.start())
        if s < 0:
            continue
        if text[s + len(piece) : s + len(piece) + 1] == "." and not piece.endswith("."):
            piece += "."  # "L.P" -> "L.P."
        key = fold_name(piece)
        if key and key not in seen:
            seen.add(key)
            out.append((piece, s, s + len(piece)))
    return out


def _capitals_run(piece: str) -> str:
    """A name in capitals after words in lower case keeps the capitals only: "Acceptance by Developer SEATTLE
    SOFTWARE DEVELOPERS, Inc." -> "SEATTLE SOFTWARE DEVELOPERS, Inc."."""
    words = piece.split()
    caps = [w.isupper() and sum(ch.isalpha() for ch in w) >= 2 for w in words]
    if not any(caps) or all(caps):
        return piece
    i = len(words)
    while i > 0 and (caps[i - 1] or fold_name(words[i - 1]) in LEGAL_FORM_TOKENS or words[i - 1] in {"&", "-"}):
        i -= 1
    return " ".join(words[i:]) if 0 < i < len(words) and any(caps[i:]) else piece


_NAME_WORD = r"(?:(?!(?:AND|And|OR|Or|A|An|AN)\b)[A-Z][\w'’.\-]*|&|of|\([A-Z][^()\n]{0,30}\))"


def full_name(text: str, name: str, end: int) -> tuple[str, int, int] | None:
    """The one longer name in ``text[:end]`` that starts with a party's name as read without its legal form and
    ends in one: a running header's "between ELEPHANT TALK and T-Mobile" against the title block's
    "Elephant Talk Communication Holding AG" and "T-MOBILE NETHERLANDS B.V.". (name, start, end), or None when
    the text has no such name or more than one."""
    words = name.split()
    if not words or split_suffix(name)[1]:
        return None
    head = r"\s+".join(re.escape(w) for w in words)
    pattern = re.compile(rf"(?<![\w-])(?i:{head})(?:[ \t,]+{_NAME_WORD}){{0,6}}?[ \t,]+(?:{_SUFFIX_END.pattern})")
    found: dict[str, tuple[str, int, int]] = {}
    for m in pattern.finditer(text, 0, end):
        full = " ".join(m.group(0).split()).rstrip(",")
        found.setdefault(fold_name(full), (full, m.start(), m.end()))
    return next(iter(found.values())) if len(found) == 1 else None

"""Everyday names for CUAD contracts: party names from the expert Parties label, the short name a
user would type for each party, a clean title and the kind of deal in one word.

Used by ``bench.paraphrase_set`` to write questions the way people ask them ("our hosting deal with
Votocast", "Reynolds's supply contract") instead of by full title and legal names.
"""

from __future__ import annotations

import re

# words that do not tell one company from another: legal forms, business nouns, places, articles
GENERIC_WORDS = frozenset(
    """
    a an the of and for on in at to by with de la le del von van
    inc incorporated corp corporation co company companies ltd limited llc lllp llp lp plc pte pty sa ag
    gmbh bv nv kg spa sarl ab as oy na dba trust fund
    group holdings holding international global worldwide american national united federal first new
    general technologies technology tech systems system services service solutions pharmaceuticals
    pharmaceutical pharma bank banking financial capital partners partnership associates medical
    health healthcare energy networks network communications software digital media interactive
    industries industry enterprises enterprise products product management investment investments
    direct online business private public standard premier advanced applied data information
    development research resources sciences science people biopharma biotech biosciences lifesciences
    therapeutics labs laboratories you we our it on gas oil power electric investor investors
    north south east west northern southern eastern western central pacific atlantic asia europe
    china chinese beijing shanghai shenzhen hong kong us usa america san saint st great world time
    true right smart mail fruit eco football golfers wireless signature oriental florida tennessee
    louisville miami new york
    """.split()
)

# defined terms that name a role, not the party ("the Company", "Licensee")
ROLE_WORDS = frozenset(
    """
    company consultant contractor licensor licensee distributor supplier customer client seller buyer
    purchaser manufacturer developer agent sponsor promoter principal reseller franchisor franchisee
    investor adviser advisor administrator provider recipient issuer trust bank transporter shipper
    producer individual celebrity executive professional association spinco parent counterparty
    partner member members operator owner acquiror publisher publishers party parties we us you our
    your channel affiliate servicer depositor custodian merchant lender borrower employer employee
    endorser athlete talent vendor user licensors licensees fund
    """.split()
)

_LEGAL_FORM = re.compile(
    r",?\s*\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|l\.l\.c|lp|l\.p|plc|pte|pty|"
    r"s\.?a|a\.?g|gmbh|b\.?v|n\.?v|n\.a|kg|s\.p\.a|sarl)\b\.?",
    re.I,
)
_QUOTED = re.compile(r"[\"“”']([^\"“”']{1,40})[\"“”']")
_CUT = re.compile(r"[(\"“”‘’]")
_BAD_PIECE = re.compile(
    r"\b(?:referred|each|collectively|individually|hereinafter|herein|together|foregoing)\b", re.I
)


def clean_space(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def label_parties(answer: str) -> list[tuple[str, list[str]]]:
    """The parties of a CUAD ``Parties`` answer, each with the terms it is defined as.

    'Anixa Biosciences, Inc. ("Anixa"); OntoChem GmbH ("OntoChem")(individually ...)'
    -> [('Anixa Biosciences, Inc.', ['Anixa']), ('OntoChem GmbH', ['OntoChem'])].
    Pieces that are sentences, role lists, redactions or "X and Y" combinations of other pieces
    are left out; a name listed twice is kept once.
    """
    pieces: list[tuple[str, list[str]]] = []
    for raw in (answer or "").split(";"):
        name = clean_space(_CUT.split(raw, maxsplit=1)[0]).strip(" ,;:")
        if not name or not name[0].isalnum() or "[" in raw.split("(")[0] or "*" in name or "_" in name:
            continue
        if _BAD_PIECE.search(name) or re.fullmatch(r"[Xx]{4,}", name):
            continue
        terms = [clean_space(t) for t in _QUOTED.findall(raw)]
        pieces.append((name, terms))
    out: list[tuple[str, list[str]]] = []
    for name, terms in pieces:
        others = [n for n, _ in pieces if n != name]
        combined = " and " in name.lower() and any(
            o.split()[0].lower() in name.lower() for o in others
        )
        if combined or any(fold(n) == fold(name) for n, _ in out):
            continue
        out.append((name, terms))
    return out


def fold(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", (text or "").lower())


def _words(name: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9][A-Za-z0-9.&'’-]*", name)


def _plain(word: str) -> str:
    return word.lower().strip(".,'’-")


def display_word(word: str, min_letters: int = 5) -> str:
    """Capitals as a user would type them: 'REYNOLDS' -> 'Reynolds', 'SIGA' and 'iPass' unchanged."""
    word = word.strip(".,")
    letters = re.sub(r"[^A-Za-z]", "", word)
    if letters.isupper() and len(letters) >= min_letters:
        return "-".join(part[:1].upper() + part[1:].lower() for part in word.split("-"))
    return word


LEGAL_FORMS = frozenset("inc corp co ltd llc lp plc pte pty sa ag gmbh bv nv kg spa".split())


def display_words(words: list[str], person: bool = False) -> str:
    """Several words: in an all-capitals name, words of four letters or more, common words and (for
    a person) every word are capitalised; short acronyms and legal forms are kept
    ('TOM WATSON' -> 'Tom Watson', 'YOU ON DEMAND' -> 'You On Demand', 'UBS AG' unchanged)."""
    if not (len(words) > 1 and all(w.upper() == w for w in words)):
        return " ".join(display_word(w) for w in words)
    out = []
    for w in words:
        plain = _plain(w)
        if person or (plain not in LEGAL_FORMS and (len(plain) >= 4 or plain in GENERIC_WORDS)):
            out.append(display_word(w, 1))
        else:
            out.append(w.strip(".,"))
    return " ".join(out)


def _distinctive(word: str) -> bool:
    """Not a generic word, and four letters or more ('Tri' is not) unless an acronym ('SEV')."""
    plain = _plain(word)
    letters = re.sub(r"[^A-Za-z]", "", word)
    if plain in GENERIC_WORDS or len(letters) < 3:
        return False
    return len(letters) >= 4 or letters.isupper()


def core_words(name: str) -> list[str]:
    """The name before its legal form, without a leading 'The', a title or a company-form prefix."""
    head = _LEGAL_FORM.split(name, maxsplit=1)[0]
    words = _words(head)
    while words and _plain(words[0]) in {"the", "dr", "mr", "mrs", "ms", "jsc", "pt"}:
        words = words[1:]
    return words


def looks_like_person(name: str, terms: list[str]) -> bool:
    """'Andy North' ("North"), 'Aitan Zacharin' ("Consultant"): no legal form, two or three
    capitalised words, defined (if at all) by a role or by the surname."""
    if _LEGAL_FORM.search(name):
        return False
    words = core_words(name)
    if not 2 <= len(words) <= 3 or not all(re.fullmatch(r"[A-Z][A-Za-z'’.-]*", w) for w in words):
        return False
    if any(len(w) <= 3 and not re.search(r"[AEIOUY]", w) for w in words):  # 'JSC NOC KazakhOil'
        return False
    return all(_plain(t) in ROLE_WORDS or fold(t) == fold(words[-1]) for t in terms)


def _defined_short(name: str, terms: list[str]) -> str | None:
    """A defined term that is the start of a word of the name ('Philips', 'iPass', 'World Book')."""
    name_words = [w.lower() for w in _words(name)]
    for term in terms:
        t_words = term.split()
        if not t_words or len(t_words) > 2 or any(_plain(w) in ROLE_WORDS for w in t_words):
            continue
        first = t_words[0].lower().strip(".,")
        # the whole word, or its start before a non-letter ('eDiets' for 'EDIETS.COM'; not 'SCIEN')
        if len(first) >= 3 and any(re.match(rf"{re.escape(first)}(?![a-z])", w) for w in name_words):
            return display_words(t_words)
    return None


def _acronym_short(name: str, terms: list[str]) -> str | None:
    """A defined acronym made of the name's initials ('IBM' for International Business Machines)."""
    initials = "".join(w[0] for w in core_words(name) if _plain(w) not in {"and", "of", "the", "&"})
    for term in terms:
        if re.fullmatch(r"[A-Z]{2,5}", term) and initials.upper().startswith(term):
            return term
    return None


def short_name(name: str, terms: list[str]) -> str | None:
    """What a user calls a party: a person by full name; else a defined term taken from the name;
    else the first word when it is distinctive (with the second when that is distinctive too); else
    a defined acronym ('IBM'); else the words up to the first distinctive one ('Great Lakes',
    'Fruit of Life'). None when there is no such name."""
    if looks_like_person(name, terms):
        return display_words(core_words(name), person=True)
    found = _defined_short(name, terms)
    if found:
        return found
    words = core_words(name)
    if words and _distinctive(words[0]):
        # a brand of two words when the second is a name too ('Freeze Tag', 'Vitamin Shoppe')
        if len(words) > 1 and _distinctive(words[1]) and f"{words[0]} {words[1]}" in name:
            return display_words(words[:2])
        return display_word(words[0])
    found = _acronym_short(name, terms)
    if found:
        return found
    for n, word in enumerate(words[:3]):
        if _distinctive(word):
            return display_words(words[: n + 1])
    return None


def clean_title(document_name: str) -> str:
    """'COLLABORATION AGREEMENT (“' -> 'Collaboration Agreement'; capitals only when it shouts."""
    title = clean_space(_CUT.split(document_name or "", maxsplit=1)[0]).strip(" ,.;:-")
    title = re.sub(r",\s*[a-z]{1,3}$", "", title)  # 'INTELLECTUAL PROPERTY AGREEMENT, d' (from 'dated')
    letters = re.sub(r"[^A-Za-z]", "", title)
    if letters and sum(c.isupper() for c in letters) >= 0.8 * len(letters):
        small = {"and", "of", "for", "the", "to", "in", "on"}
        title = " ".join(
            w.lower() if i and w.lower() in small else w[:1] + w[1:].lower()
            for i, w in enumerate(title.split())
        )
    return title


# the kind of deal, as a user says it, from a word of the title (earliest wins)
KIND_WORDS = [
    (r"co-?branding", "co-branding"),
    (r"joint venture", "joint venture"),
    (r"strategic alliance|alliance", "alliance"),
    (r"intellectual property", "IP"),
    (r"distribut\w*", "distribution"),
    (r"licen[cs]\w*", "license"),
    (r"supply", "supply"),
    (r"hosting", "hosting"),
    (r"maintenance", "maintenance"),
    (r"consulting", "consulting"),
    (r"sponsorship", "sponsorship"),
    (r"endorsement", "endorsement"),
    (r"reseller|remarketing", "reseller"),
    (r"franchise", "franchise"),
    (r"outsourcing", "outsourcing"),
    (r"manufactur\w*", "manufacturing"),
    (r"development", "development"),
    (r"collaborat\w*|cooperation", "collaboration"),
    (r"marketing", "marketing"),
    (r"promotion", "promotion"),
    (r"agency", "agency"),
    (r"transportation", "transportation"),
    (r"services?", "services"),
]
FOLDER_KIND = {
    "Agency Agreements": "agency",
    "Co_Branding": "co-branding",
    "Consulting Agreements": "consulting",
    "Endorsement Agreement": "endorsement",
    "IP": "IP",
    "License_Agreements": "license",
    "Strategic Alliance": "alliance",
    "Service": "services",
}


def deal_kind(title: str, contract_type: str | None) -> str:
    """'Services and Hosting Agreement' -> 'services'; no kind word -> the CUAD folder's kind."""
    best: tuple[int, str] | None = None
    for pattern, kind in KIND_WORDS:
        m = re.search(rf"\b(?:{pattern})\b", title, re.I)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), kind)
    if best:
        return best[1]
    folder = contract_type or ""
    return FOLDER_KIND.get(folder, folder.split("_")[0].lower() or "business")


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"

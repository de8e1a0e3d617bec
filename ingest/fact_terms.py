"""Initial term and expiration date, renewal term and notice periods of a contract.

Size: term, expiry, renewal and notice share the period grammar and the sentence walk; these are the
rules the generalisation work (issue 15) reworks next, and the module is to be split with that change.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from ingest.fact_context import ASSERT_THRESHOLD, DocContext, ws
from veridict.domain.renewal import AUTO_RENEW, OPTIONAL_RENEWAL
from veridict.domain.values import (
    END_WORDS,
    MONTHS,
    OTHER_START,
    DateMatch,
    Duration,
    add_duration,
    find_dates,
    find_durations,
    words_to_number,
)
from veridict.types import Fact

# ----------------------------------------------------------------------------- term / expiry

_TERM_SUBJECT = r"(?:term|agreement|contract|employment|engagement|appointment|arrangement)"
_TERM_SENTENCE = re.compile(
    ws(
        rf"\b{_TERM_SUBJECT}\b[^.]{{0,200}}?\b(?:commence|continue|remain|expire|terminat|terminab|be for|"
        r"(?:shall|will) end\b|"
        r"shall be|will be|last|run|in effect|in force|until|period of|effective|extend|begin|"
        r"(?:is|be|remain) valid|"
        # "this Agreement shall have an initial term of three (3) years"
        r"(?:have|has) an? (?:initial |original |fixed )?(?:term|duration)\b)"
        r"|\buntil\b[^.]{0,60}\b(?:19|20)\d\d\b[^.]{0,40}\bterm\b"
        # a labelled term line: "TERM: November 01, 2014 to October 31, 2017"
        r"|\bterm\s*[:\-–]\s*[^.:]{0,40}\b(?:19|20)\d\d\b"
    ),
    re.I,
)
_UNTIL_DATE = re.compile(
    ws(
        r"\b(?:until|till|through|thru|expire on|expires on|expiring on|expiring|expires|expire|ending on|"
        r"ending|end on|ends on|ends at|end at|extended to|extended until|extended through|"
        r"terminate on|terminates on|terminating on|up to and including|to and including|"
        r"expire at midnight on|expire at the close of business on|end of|concluding|concluding on|"
        # "five (5) years following the date of launch ..., but in no event later than February 28, 2013"
        r"in no event later than)(?: and including)?"
        # "The Term shall end on the earlier of (a) 30 September 2028 and (b) ..." (not "the later of" a date and an
        # event, which may run on past the date)
        r"(?: the earlier of:?(?: \((?:a|i|1)\))?)?"
        # "end at 06:00 hours on 1 June 2032", "continue through the 30th day of September, 2017"
        r"(?: the close of business on| midnight on| \d{1,2}[:.]\d{2}[^,;]{0,30}?,? on)?(?: the)?\s*$"
    ),
    re.I,
)
# "from May 1, 2013 to" / "November 01, 2014 to" just before a date: the end of a stated range
_FROM_TO = re.compile(ws(r"(?:\bfrom\b[^;]{0,60}|\b(?:19|20)\d\d\s*)\b(?:to|through)\s*$"), re.I)
_PERPETUAL = re.compile(
    ws(
        r"\b(?:in perpetuity|perpetuity|perpetual(?:ly)?|indefinite(?:ly)?|no (?:fixed )?"
        r"(?:term|expiration)|(?:shall|will) not (?:be terminable|expire)|not be terminable|"
        r"until (?:and unless )?(?:terminated|either party|one party|the parties|such time as|it is "
        r"terminated)|(?:until|through|ending on|end on|ends on|expire on|expires on|expire upon|expires upon) "
        r"(?:the )?(?:completion|expiration|termination|expiry)(?: (?:or|and(?:/or)?) (?:the )?(?:earlier |"
        r"early )?(?:completion|expiration|termination|expiry))? of (?!(?:the )?(?:term\b|initial|this agreement|"
        r"this contract|(?:[a-z][\w-]*\s+){0,3}?(?:renewal|extension|extended|additional|then[- ]current) "
        r"term))(?:the )?(?:[a-z][\w-]*\s+){0,3}?[A-Z]|"
        r"(?:end|ends|expire|expires|terminate|terminates) (?:only )?(?:when|once) (?:it is )?terminated\b|"
        r"unless and until (?:terminated|either party|one party|the parties)|"
        # "shall continue in effect until Achaogen ceases development of the Product": until an event, not a date
        # (a date in the sentence is read as its end before this), an anniversary or the end of a term
        r"(?<!which\s)(?<!that\s)\b(?:shall|will) (?:continue|remain) in (?:full )?(?:force|effect)(?: (?:and effect|"
        r"thereafter))? (?P<until>until) (?!(?:the )?(?:end|expiration|expiry|termination|completion) of "
        r"(?:the|this|its|such|any)\b|(?:the )?[\w-]+ anniversary\b|(?:the )?(?:later|earlier|latest|earliest|first) "
        r"of\b|\d)[A-Za-z])"
    ),
    re.I,
)
# what holds a perpetual term: the agreement or its term as the subject of the clause
_TERM_HOLDER = re.compile(
    ws(
        r"\b(?:this|the) (?:agreement|contract)\b|\b(?:the|its|this) (?:initial )?term(?: of (?:this|"
        r"the) (?:agreement|contract))?\b|[\"“]term[\"”] (?:means|shall mean)\b|\byour employment\b"
    ),
    re.I,
)
# between the holder and the perpetual phrase: a verb of lasting, and no other subject
_HOLDER_LASTS = re.compile(
    ws(
        r"\b(?:shall|will|is|are|to|be)\b[^;]*?\b(?:continu\w*|remain\w*|valid|in (?:full )?(?:force|"
        r"effect)|effective|perpetual|last|run|be for|is for|end|expire|terminat\w*)"
    ),
    re.I,
)
_OTHER_SUBJECT = re.compile(
    r"\b(?:licen[cs]\w*|rights?|surviv\w*|confidential\w*|obligations?|assignments?|"
    r"appointments?|servicer|payments?|balance)\b",
    re.I,
)
_OTHER_PERIOD = re.compile(r"\b[A-Z][a-z]+ Period\b")  # "the Standstill Period", "the Support Period"


_INCLUDING_ASIDE = re.compile(r",\s*(?:including|together with)\b[^,;]*,", re.I)


# a renewal's length follows a renewal word closely ("renews for successive periods of one (1) year"); a period far
# after it in a long sentence is some other period (a cure period after a patent's "extensions and renewals")
RENEWAL_REACH = 250


# where a term without a date says how long it lasts: "until ...", "through the completion of ...", "so long as ..."
# after that word, the end is a party's act, not an event: "until terminated", "until either party gives notice",
# "until such time as one of the parties terminates", "until revoked by any party"
_ENDED_BY_A_PARTY = re.compile(
    ws(r"(?:and unless\s+)?(?:(?:it|this agreement|the agreement) is\s+)?(?:(?:sooner|earlier)\s+)?(?:terminated|"
       r"revoked|cancell?ed)\b|(?:either|one|a|any|the|both|each) (?:of the )?part(?:y|ies)\b|"
       r"such time as\b[^;]{0,60}\bterminat|(?:it|this agreement) is terminated\b"),
    re.I,
)
_EVENT_STOP = re.compile(r"\s*(?:[;(]|,\s*(?:unless|subject|provided|except|whichever|or\b)|\bunless\b|\bprovided\b|"
                         r"\.(?:\s|$)|\s+\d+\.\d|\s+as (?:that term is |such term is )?defined\b)", re.I)


_NO_END_WORDS = re.compile(r"perpetu|indefinite|evergreen|no (?:fixed )?(?:term|expiration|end date)|"
                           r"not (?:be terminable|expire)", re.I)


# a period or an anniversary named as a deadline ("no notice may be given prior to the 18 month anniversary")
_DEADLINE = re.compile(r"\b(?:prior|before)\s+to(?:\s+the)?\s*$|\bbefore(?:\s+the)?\s*$", re.I)
_LAST_DAY_OF_MONTH = re.compile(
    ws(r"\blast day of the (?:calendar )?month\b(?: (?:that is|which is|falling|in which))?\W*$"), re.I)


def _at_month_end(before: str, day: dt.date) -> dt.date:
    """"the last day of the month fifteen (15) years from the Effective Date": the end of the month the period
    reaches; otherwise the day itself."""
    if not _LAST_DAY_OF_MONTH.search(before[-60:]):
        return day
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _after_an_end_event(head: str) -> bool:
    """``head`` (a sentence up to a period it names) already says the agreement lasts until an event."""
    p = _PERPETUAL.search(head)
    return bool(p and not _NO_END_WORDS.search(p.group(0)) and end_event(head, p.start()) is not None)


def end_event(sentence: str, start: int = 0) -> str | None:
    """The event a term lasts until, when the clause gives no date and no party ends it: "until completion of
    the Research Program" -> that phrase; "until terminated by either party" -> None (open-ended, perpetual).
    An agreement that lasts until an event has no expiration date; calling it perpetual would be wrong."""
    m = END_WORDS.search(sentence, start)
    if m is None or m.start() - start > 160:
        return None
    if re.search(r"\b(?:extend\w*|extension|renew\w*)\b[^.;]{0,40}$", sentence[max(0, m.start() - 60):m.start()], re.I):
        return None  # "the Term shall be extended until ...": an extension, not the term's end
    rest = sentence[m.end():]
    if _ENDED_BY_A_PARTY.match(rest):
        return None
    stop = _EVENT_STOP.search(rest)
    event = rest[: stop.start() if stop else len(rest)].strip()
    words = event.split()
    if len(words) < 2:
        return None
    if len(words) > 16:
        event = " ".join(words[:16]) + " …"
    word = m.group(0).strip().lower()
    if word.startswith(("end", "expire")):
        word = "until"  # "ending on the expiration of ..." reads "runs until the expiration of ..."
    return f"{word} {' '.join(event.split()).rstrip(',')}"


def _perpetual_is_term(sentence: str, p: re.Match[str]) -> bool:
    """'This Agreement shall continue until terminated' - not 'no assignment shall be effective
    until such time as ...' nor 'held to be indefinite'."""
    phrase = p.group(0).lower()
    if phrase.startswith("indefinite") and not re.match(
        ws(r"\s*(?:term|period|duration|basis|time)\b|ly\b"), sentence[p.end() :], re.I
    ):
        if not phrase.startswith("indefinitely"):
            return False
    # "shall continue in effect until Alpha ceases ...": the verb of lasting belongs to what lies between
    head = sentence[: p.start("until") if p.groupdict().get("until") else p.start()]
    holders = list(_TERM_HOLDER.finditer(head))
    if not holders:
        return False
    for h in reversed(holders):
        # an aside between commas ("this Agreement, including the license rights in Article III, shall not be
        # terminable") does not change the subject
        between = _INCLUDING_ASIDE.sub(",", head[h.end() :])
        if _OTHER_SUBJECT.search(between) or _OTHER_PERIOD.search(between):
            continue
        if re.match(r"(?:end|ends|expire|expires|terminate|terminates)\b", phrase) and re.search(
            r"\b(?:shall|will)\s*$", between
        ):
            return True  # "The term ... will commence on the date ... and will end when terminated by either party"
        if re.fullmatch(r"[\s,]*", between) and re.match(r"(?:shall|will) not|not be", phrase) \
                and not _OTHER_SUBJECT.search(head[max(0, h.start() - 60) : h.start()]) \
                and not re.match(r"[^.;]{0,30}\b(?:until|unless|before|prior to)\b", sentence[p.end() :], re.I):
            return True  # "this Agreement shall not be terminable for any reason"; not "... expire until ..."
        if "mean" in h.group(0).lower():
            return True  # '"Term" means the period ... continuing indefinitely': the term itself
        if _HOLDER_LASTS.search(between) or re.match(
            ws(r"\s*(?:is|shall be|will be) (?:valid )?(?:for )?(?:an? )?$"), between, re.I
        ):
            return True
    return False


# a term that ends on a date stated elsewhere: "until the termination date specified in Exhibit A"
_END_DATE_ELSEWHERE = re.compile(
    ws(
        r"\b(?:until|through|on) the (?P<label>termination|expiration|expiry|end) date (?:specified|set "
        r"forth|stated|indicated|identified|shown|listed) (?:in|on) (?:the )?(?:attached )?(?:exhibit|"
        r"schedule|appendix|annex|attachment)\b"
    ),
    re.I,
)


def _labelled_date(text: str, label: str, defined: bool = False):
    """'TERMINATION DATE: September 30, 1997' anywhere in the document (an exhibit's field); with ``defined``, also
    its definition ('"Expiration Date" means March 31, 2020')."""
    field = rf"\b{label} date\s*[:\-–]\s*"
    if defined:
        field = rf"(?:{field}|[\"“]{label} date[\"”] (?:shall )?(?:means?|is|shall be) )"
    for m in re.finditer(ws(field), text, re.I):
        ds = find_dates(text[m.end() : m.end() + 40])
        if ds and ds[0].start == 0:
            return m.end() + ds[0].start, m.end() + ds[0].end, ds[0].value
    return None


# a located term sentence that ends on a date it names by a defined term: "shall expire on the Expiration Date (the
# "Term")", "... on the Expiration Date set forth above"
_DEFINED_END = re.compile(ws(r"\b(?:until|through|on|upon) the (?P<label>Expiration|Termination|Expiry|End) Date\b"))


# the term runs from the agreement's own start (effective date, signature, date hereof)
_BASE_SELF = re.compile(
    ws(
        r"\b(?:effective date|date (?:hereof|of this agreement|first (?:written|set forth) above)|"
        r"execution|commencement date|date of execution|date of signature|signing|"
        r"(?:this agreement|it) (?:shall |will )?(?:commence|begin|become effective|take effect))"
    ),
    re.I,
)
# "... from the date on which the channel is uploaded": a start we cannot date
_BASE_OTHER = OTHER_START
_ANNIVERSARY = re.compile(
    ws(
        r"\b(?:(?P<ord>[a-z]+)(?: \(\d+(?:st|nd|rd|th)?\))?|(?P<num>\d+)(?: ?(?:st|nd|rd|th))?|"
        r"(?P<nyear>[\w]+)[- ]year) anniversary (?:of the (?:effective date|(?P<anchor>(?:commencement|launch|"
        r"closing|opening|start) date)|date (?:hereof|of this agreement)|execution)|(?P<thereof>thereof)|hereof)"
    ),
    re.I,
)
_ORD_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "fifteenth": 15,
    "twentieth": 20,
    "thirtieth": 30,
}
_DURATION_LEAD = re.compile(
    ws(
        r"(?:\bfor|\bof|\bbe|\bextend|\bcontinue|\bremain|\bterm|\bperiod|\bduring|\binitially|"
        r"\ban initial|\bending|\bend|\bexpire|\bexpiring|\blasting|\blast|\brun|\brunning)\b"
        r"[\w\s(),.\"“”-]{0,40}$"
    ),
    re.I,
)


# a clause that renews or extends: the dates it names bound the renewal, not the term ("The Company may
# renew this Agreement for one additional five year period that shall begin on ... and end on ...")
_RENEWAL_CLAUSE = re.compile(
    ws(r"\b(?:may|option to|right to|elect to)\s+(?:\w+\s+){0,2}?(?:renew|extend)\b|"
       r"\b(?:renewal|extension) (?:term|period)\b"),
    re.I,
)


def _is_renewal_context(before: str) -> bool:
    return bool(
        re.search(
            r"\b(?:renew\w*|extension|additional|successive|subsequent|further|" r"consecutive)\b",
            before[-80:],
            re.I,
        )
    )


_STARTS_ON = re.compile(
    ws(
        r"\b(?:commenc\w*|begin\w*|start\w*|effective|take effect|come into (?:force|effect)|"
        r"from)(?: on| upon| as of| from| with)?(?: the date of)?\s*$"
    ),
    re.I,
)


# "keep and maintain such books, records ... for a period of five (5) years": how long records are kept, not the term
_RECORDS_KEPT = re.compile(
    r"\b(?:keep|kept|retain\w*|maintain\w*|preserve\w*|store\w*)\b[^.;]{0,160}?\b(?:records?|books|accounts|"
    r"documents|documentation|files|data|samples)\b[^.;]*$",
    re.I,
)
# "during the first twelve months", "in any period of 12 calendar months": one period among several, not the term
_A_PERIOD_AMONG = re.compile(r"\b(?:first|last|each|every|per|any)\s*(?:(?:such|one|single)\s+)?(?:period\s+of\s+)?$",
                             re.I)
# a period that measures a condition, not the agreement: "if performance has been delayed for a period of three
# months", "suspended for more than three (3) months", "within a period of five months of the Commencement Date"
_CONDITION_PERIOD = re.compile(
    ws(
        r"\b(?:delay\w*|suspend\w*|prevent\w*|interrupt\w*|fail\w*|within|more than|exceed\w*|continuous\w*|"
        r"at least|longer than|in excess of)\b[^.;]{0,40}$"
    ),
    re.I,
)
# the definition of another period: '"Contract Year" shall mean a period ...', '"Calendar Quarter" means ...'
_OTHER_DEFINED = re.compile(
    r"[\"“](?!(?:initial )?term[\"”])[A-Z][\w -]{2,40}[\"”]\s+(?:shall\s+)?(?:means?|refers?\s+to|shall\s+refer)\b",
    re.I,
)


def _start_date_in(sentence: str, before_pos: int, after_pos: int | None = None):
    """A start date stated in the term sentence itself: 'shall begin on January 1, 2000 and ...', or right after the
    term's length: 'one (1) year as from October 15, 2017', 'two (2) years commencing on February 1, 2016'."""
    for d in find_dates(sentence[:before_pos]):
        if _STARTS_ON.search(sentence[max(0, d.start - 40) : d.start]):
            return d.value
    lead = _FROM_DATE.match(sentence, after_pos) if after_pos is not None else None
    if lead:
        found = find_dates(sentence[lead.end() : lead.end() + 40])
        if found and found[0].start == 0:
            return found[0].value
    return None


_FROM_DATE = re.compile(
    ws(r"\s*(?:\)\s*)?,?\s*(?:as from|from|commencing(?: on| from)?|beginning(?: on)?|starting(?: on)?|"
       r"with effect from|effective(?: from| as of| on)?)\s+(?:and including\s+)?(?:the\s+)?"),
    re.I,
)


# what a named start date stands for: '"Commencement Date" shall mean the date on which ... The parties anticipate
# the Commencement Date to be November 16, 1998', 'on March 1, 2004 (the "Launch Date")', '"Commencement Date"
# means the Effective Date'
_ANCHOR_IS = re.compile(
    ws(r"^[\"”)]?\s*(?:(?:shall|will|is expected to|is anticipated to|to) be|is|occurs?|means|shall mean|:)\s*"
       r"(?:on\s+|on or about\s+|as of\s+)?$"),
    re.I,
)
_ANCHOR_NAMED_AFTER = re.compile(r"\(\s*(?:the\s+)?[\"“]?$", re.I)
_ANCHOR_IS_SIGNING = re.compile(r"\b(?:effective date|date (?:hereof|of this agreement)|execution)\b", re.I)


def _anchor_day(doc: DocContext, name: str, base_day: dt.date | None) -> dt.date | None:
    """The day a term's named start ("the eighth anniversary of the Commencement Date") stands for: a date the
    contract gives it ('anticipate the Commencement Date to be November 16, 1998', 'March 1, 2004 (the "Launch
    Date")'); the effective date where it is defined as that, or (a commencement date only) never defined at all;
    None otherwise, as for a start defined as an event with no day ('the date on which Conversion has been
    completed'): an end counted from the effective date would be wrong."""
    text = doc.text
    pattern = re.compile(r"\b" + r"\s+".join(name.split()) + r"\b", re.I)
    defined = False
    for m in pattern.finditer(text):
        opens, closes = text[max(0, m.start() - 1) : m.start()], text[m.end() : m.end() + 1]
        quoted = bool(opens) and opens in "\"“" and bool(closes) and closes in "\"”"
        after = text[m.end() : m.end() + 60]
        for d in find_dates(after)[:1]:
            if _ANCHOR_IS.search(after[: d.start]):
                return d.value
        before = text[max(0, m.start() - 60) : m.start()]
        dates = find_dates(before)
        if quoted and dates and _ANCHOR_NAMED_AFTER.search(before[dates[-1].end :]):
            return dates[-1].value
        if quoted and re.match(r"[\"”]\s*(?:shall\s+)?(?:means?|refers?\s+to)\b", text[m.end() : m.end() + 30], re.I):
            defined = True
            _, end = doc.sentences.span_at(m.start())
            if _ANCHOR_IS_SIGNING.search(text[m.end() : end]):
                return base_day
    # a commencement date the contract never defines is read as the start of its term, as before; a launch,
    # closing or opening date without a day is an event
    return base_day if not defined and name.lower().startswith("commencement") else None


# "through the end of the 2017 calendar year", "until the end of calendar year 2019": December 31 of that year (not a
# fiscal year, whose end the sentence does not give)
_YEAR_END = re.compile(
    r"\b(?:the )?end of (?:the )?(?:calendar year )?(?P<year>(?:19|20)\d\d)(?! fiscal)(?: calendar year)?\b", re.I
)


_MONTH_END = re.compile(
    r"\b(?:the )?last day (?:of|in) (?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True))
    + r"),? (?P<year>(?:19|20)\d\d)\b",
    re.I,
)


def _named_ends(sentence: str) -> list[DateMatch]:
    """Ends named without a day: "the end of the 2017 calendar year", "the last day of July 2016"."""
    out = [DateMatch(m.start(), m.end(), m.group(0), dt.date(int(m.group("year")), 12, 31))
           for m in _YEAR_END.finditer(sentence)]
    for m in _MONTH_END.finditer(sentence):
        year, month = int(m.group("year")), MONTHS[m.group("month").lower()]
        out.append(DateMatch(m.start(), m.end(), m.group(0), dt.date(year, month, calendar.monthrange(year, month)[1])))
    return out


_OF_SIGNING = re.compile(ws(r"anniversary (?:of the (?:date (?:hereof|of this agreement)|execution)|hereof)"), re.I)
# "commences on the Effective Date and expires on the third anniversary thereof": "thereof" stands for the start the
# sentence has just named
_THEREOF_START = re.compile(r"\b(?:effective date|commence\w*|begin\w*|start\w*)\b", re.I)


def _term_base(effective: Fact | None, agreement: Fact | None) -> Fact | None:
    """The start the initial term runs from: the effective date, else the agreement date."""
    if effective is not None and effective.method.endswith("effective_after_event"):
        return None  # the term runs from an event we cannot date, not from signing
    if effective is not None and effective.confidence >= ASSERT_THRESHOLD:
        return effective
    return agreement or effective


def term_and_expiry(
    doc: DocContext, effective: Fact | None, agreement: Fact | None = None
) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    base = _term_base(effective, agreement)
    # a base that is itself a fallback guess passes on its uncertainty
    base_conf = (
        0.0
        if base is None
        else (
            min(0.8, base.confidence)
            if base.method.endswith("effective_from_agreement_date")
            else min(0.8, base.confidence + 0.2)
        )
    )
    for lo, hi in doc.sentences.sentences():
        sentence = text[lo:hi]
        if not _TERM_SENTENCE.search(sentence):
            continue
        low = sentence.lower()
        # not the term of something else (a license, a warranty, confidentiality, payment...)
        if re.search(
            r"\b(?:warrant|confidential|non-?compet|solicit|payment|invoice|royalt|"
            r"survive|insurance|lease of|guarantee|license term|purchase order)\w*",
            low,
        ) and not re.search(
            r"\b(?:the (?:initial )?term of this (?:agreement|contract) (?:shall|will|is)|this "
            r"(?:agreement|contract) shall (?:commence|continue|remain|be effective|become effective)|"
            r"the term (?:shall|will) (?:commence|begin|continue|remain)|initial term)\b",
            low,
        ):
            continue
        section = doc.section_for(lo)
        in_term_section = bool(
            section
            and section.title
            and re.search(r"\bterm\b|duration|period", section.title, re.I)
        )
        weight = (
            0.1
            if in_term_section
            or "initial term" in low
            or re.search(r"\bterm of this (?:agreement|contract)\b", low)
            else 0.0
        )
        found_here = False
        # explicit end date: "shall continue until December 31, 2020", "from May 1, 2013 to
        # April 30, 2015", "a term of three (3) years expiring May 31, 2001"
        for d in [*find_dates(sentence), *_named_ends(sentence)]:
            before = sentence[max(0, d.start - 70) : d.start]
            # "from May 1, 2013 to April 30, 2015"; "November 01, 2014 to October 31, 2017"
            from_to = _FROM_TO.search(before)
            if (_UNTIL_DATE.search(before) or from_to) and not _is_renewal_context(before) \
                    and not _RENEWAL_CLAUSE.search(sentence[: d.start]):
                s, e = lo + d.start, lo + d.end
                out.append(
                    doc.fact(
                        "expiration_date",
                        d.value.isoformat(),
                        s,
                        e,
                        "expiration_until_date",
                        0.8 + weight,
                        value_date=d.value,
                    )
                )
                found_here = True
        elsewhere = _END_DATE_ELSEWHERE.search(sentence)
        if elsewhere and not found_here:
            labelled = _labelled_date(text, elsewhere.group("label"))
            if labelled is not None:
                s, e, value = labelled
                out.append(
                    doc.fact(
                        "expiration_date",
                        value.isoformat(),
                        s,
                        e,
                        "expiration_labelled_date",
                        0.75 + weight,
                        value_date=value,
                    )
                )
                found_here = True
        # "shall expire on the Expiration Date (the "Term")" where '"Expiration Date" means March 31, 2020': the
        # date the defined term's definition gives
        named = None if found_here else _DEFINED_END.search(sentence)
        if named and not _is_renewal_context(sentence[: named.start()]):
            labelled = _labelled_date(text, named.group("label"), defined=True)
            if labelled is not None:
                s, e, value = labelled
                out.append(doc.fact("expiration_date", value.isoformat(), s, e, "expiration_defined_date",
                                    0.75 + weight, value_date=value))
                found_here = True
        # "until the fourth anniversary of the Effective Date"
        for a in _ANNIVERSARY.finditer(sentence):
            n: int | None
            if a.group("num"):
                n = int(a.group("num"))
            elif a.group("nyear"):
                n = words_to_number(a.group("nyear")) or (
                    int(a.group("nyear")) if a.group("nyear").isdigit() else None
                )
            else:
                n = _ORD_WORDS.get(a.group("ord").lower())
            lead = sentence[max(0, a.start() - 80) : a.start()]
            if (
                not n
                or (a.group("thereof") and not _THEREOF_START.search(sentence[: a.start()]))
                or _is_renewal_context(lead)
                or _DEADLINE.search(lead)
                or not re.search(
                    ws(
                        r"(?:until|through|ending|end|expir\w*|terminat\w*|continu\w*|up to|to|"
                        r"and)(?: on| at)?(?: the)?(?: (?:day|date) (?:immediately )?(?:preceding|"
                        r"before|prior to))?(?: the)?\s*$"
                    ),
                    lead,
                    re.I,
                )
            ):
                continue
            dur = Duration(float(n), "year")
            out.append(
                doc.fact(
                    "term",
                    dur.text,
                    lo + a.start(),
                    lo + a.end(),
                    "term_anniversary",
                    0.75 + weight,
                    value_num=dur.days,
                    unit="days",
                    qualifier="initial_term",
                )
            )
            # "the first anniversary of the date of this Agreement" runs from signing, even where the term
            # itself "will begin on February 1"
            start = agreement if agreement is not None and _OF_SIGNING.search(a.group(0)) else base
            day = start.value_date if start is not None else None
            if a.group("anchor"):
                day = _anchor_day(doc, a.group("anchor"), day)
            if day is not None:
                exp = add_duration(day, dur)
                out.append(
                    doc.fact(
                        "expiration_date",
                        exp.isoformat(),
                        lo + a.start(),
                        lo + a.end(),
                        "expiration_anniversary",
                        base_conf + weight,
                        value_date=exp,
                    )
                )
                found_here = True
            break
        # a duration: "for a period of three (3) years from the Effective Date"
        if not found_here:
            for dm in find_durations(sentence):
                before = sentence[max(0, dm.start - 90) : dm.start]
                after = sentence[dm.end : dm.end + 120]
                if _DEADLINE.search(before):
                    continue  # "no notice may be given prior to the eighteen (18) month anniversary": a deadline
                if _after_an_end_event(sentence[: dm.start]):
                    # "until the expiration of the last to expire of the Patents and ... enforceable for six
                    # years after expiration": a period inside the event the term lasts until, not the term
                    break
                if dm.value.business or dm.value.unit not in ("year", "month", "week"):
                    # "continue for twelve (12) weeks"; a number of days is most often a period inside the contract
                    # (a trial, a cure, a payment), and as a term it cost more than it gained on CUAD's train half
                    continue
                if _is_renewal_context(before) or re.match(
                    ws(r"\s*(?:'s?|’s?)? ?(?:prior|notice|before|in advance|advance|written)"), after, re.I
                ):
                    continue
                if re.search(
                    r"\b(?:notice|within|after (?:the )?(?:expiration|termination))\s*\S*\s*$",
                    before,
                    re.I,
                ):
                    continue
                if not _DURATION_LEAD.search(before):
                    continue
                if _A_PERIOD_AMONG.search(before) or re.match(
                    r"\s*(?:after|following) (?:the )?(?:termination|expiration|expiry)",
                    after,
                    re.I,
                ):
                    continue  # "during the first twelve months", "one year after termination"
                if re.match(r"\s*(?:\)\s*)?thereafter\b", after, re.I) and re.search(
                    r"\b(?:during|throughout)\s+the\s+term\b[^;]{0,80}\band\b", before, re.I
                ):
                    continue  # "during the Term of this Agreement and for a period of six months thereafter"
                if _RECORDS_KEPT.search(sentence[: dm.start]):
                    continue  # "keep and maintain such books and records ... for a period of five (5) years"
                if _CONDITION_PERIOD.search(before) or _OTHER_DEFINED.search(sentence[: dm.start]):
                    continue  # "delayed for a period of 3 months", '"Contract Year" shall mean a period of ...'
                dur = dm.value
                out.append(
                    doc.fact(
                        "term",
                        dur.text,
                        lo + dm.start,
                        lo + dm.end,
                        "term_duration",
                        0.8 + weight,
                        value_num=dur.days,
                        unit="days",
                        qualifier="initial_term",
                    )
                )
                start_here = _start_date_in(sentence, dm.start, dm.end)
                if start_here is not None:
                    exp = _at_month_end(before, add_duration(start_here, dur))
                    if start_here.day == 1 and dur.unit in ("year", "month"):
                        # "shall begin on January 1, 2000 and continue for five (5) years" runs through
                        # December 31, 2004: a term stated to start on the first of a month ends at a month's
                        # end (a term from a mid-month date ends on its anniversary, as CUAD's labels read it)
                        exp = exp - dt.timedelta(days=1)
                    out.append(
                        doc.fact(
                            "expiration_date",
                            exp.isoformat(),
                            lo + dm.start,
                            lo + dm.end,
                            "expiration_start_plus_term",
                            0.8 + weight,
                            value_date=exp,
                        )
                    )
                    found_here = True
                elif base is not None and base.value_date:
                    exp = _at_month_end(before, add_duration(base.value_date, dur))
                    own_start = _BASE_SELF.search(sentence) is not None
                    other_start = _BASE_OTHER.search(after) is not None
                    conf = (base_conf if own_start else base_conf - 0.15) + weight
                    if other_start:
                        conf = 0.4
                    out.append(
                        doc.fact(
                            "expiration_date",
                            exp.isoformat(),
                            lo + dm.start,
                            lo + dm.end,
                            "expiration_start_plus_term",
                            conf,
                            value_date=exp,
                        )
                    )
                    found_here = True
                break  # the first qualifying duration of a sentence is its term
        # no end: "shall remain in force in perpetuity", "until terminated by either party"
        p = _PERPETUAL.search(sentence)
        if p and not found_here:
            head = sentence[: p.start()]
            other_thing = re.search(
                r"\blicen[cs]e|\bright|\bsurviv|\bconfidential|\bobligation", head[-120:], re.I
            )
            # "this Agreement shall continue, even if terminated, until ...": what outlives termination
            outlives = re.search(r"\beven (?:if|after|though|when)\b[^,;]{0,30}\bterminat", head[-120:], re.I)
            this_agreement = re.search(
                rf"\b(?:this|the) {_TERM_SUBJECT}\b|\byour employment\b", head, re.I
            )
            if (
                (not other_thing or this_agreement)
                and not outlives
                and _perpetual_is_term(sentence, p)
                and not _is_renewal_context(sentence[max(0, p.start() - 60) : p.start()])
            ):
                event = None if _NO_END_WORDS.search(p.group(0)) else end_event(sentence, p.start())
                out.append(
                    doc.fact(
                        "expiration_date",
                        event or "perpetual",
                        lo + p.start(),
                        lo + p.end(),
                        "expiration_event" if event else "expiration_perpetual",
                        # the agreement itself named as what lasts outranks a term computed from another
                        # sentence's length ("records shall be kept for seven (7) years")
                        (0.7 if this_agreement else 0.6) + weight,
                    )
                )
    return out


# ----------------------------------------------------------------------------- renewal

_RENEW_VERB = re.compile(
    ws(
        r"\b(?:renew\w*|extension|roll(?:s|ed)? over|prolong\w*|continue[sd]? (?:thereafter|from year|"
        r"on a (?:year|month))|extend\w*|"
        # "shall continue in full force and effect thereafter until terminated by either Party": on and on
        r"(?P<on_and_on>continue[sd]? in (?:full )?(?:force and )?(?:effect|force) thereafter,? "
        r"(?=until terminated\b))|"
        # after the initial term, on and on: "and indefinitely after that", "thereafter automatically continue"
        r"indefinitely (?:after that|thereafter)|(?:thereafter|after that),? (?:\w+ ){0,4}?continue[sd]?|"
        # "for one year ... and from year to year thereafter"
        r"from (?:year|month) to (?:year|month) thereafter)"
    ),
    re.I,
)
_RENEWAL_MARKERS = re.compile(
    r"\b(?:additional|successive|further|subsequent|consecutive|renew\w*|automatic\w*|"
    r"thereafter|option|extension|expiration|expiry)\b",
    re.I,
)
_YEAR_TO_YEAR = re.compile(
    ws(
        r"\b(?:on a |from )?(?P<u>year|month|quarter)[- ]to[- ](?P=u)(?: basis)?\b|"
        r"\b(?P<u2>annual|yearly|monthly) (?:basis|periods?|terms?)\b|"
        # "renewed tacitly every year"
        r"\b(?:every|each) (?P<u3>year|month|quarter)\b"
    ),
    re.I,
)
# a renewal as long as the initial term, said so: "automatically renewed for like periods", "for equal periods",
# "renew automatically for the same period"
_SAME_LENGTH = re.compile(
    ws(r"\b(?:renew|extend|prolong)\w*\b[^.;]{0,40}?\bfor (?:(?:an?|the) )?(?:like|equal|same|identical) "
       r"(?:periods?|terms?)\b"),
    re.I,
)
_NO_RENEWAL = re.compile(
    ws(r"\b(?:(?:in no event|under no circumstances) shall (?:this|the) (?:agreement|contract) be (?:deemed )?"
       r"(?:(?:automatically|tacitly) )?(?:renewed|extended)|"
       r"there shall be no (?:automatic|tacit) (?:renewal|extension))\b"),
    re.I,
)


_LENGTH_OF_RENEWAL = re.compile(r"[\s-]*(?:(?:term|period)s?[\s-]*)?$", re.I)


def renewal_terms(doc: DocContext, terms: list[Fact]) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    seen: set[tuple[int, int]] = set()
    initial = terms[0] if terms else None
    for m in _RENEW_VERB.finditer(text):
        lo, hi = doc.sentences.span_at(m.start())
        if (lo, hi) in seen:
            continue
        sentence = text[lo:hi]
        low = sentence.lower()
        if not re.search(r"\b(?:agreement|term|contract)\b", low) and not (
            # "The present Agreement is effective as from 1 January 2009. It is ... renewed tacitly every year.",
            # "... continues for thirty-six (36) months. Upon expiry, it shall be extended automatically ..."
            re.match(r"\s*(?:(?:upon|on|at|after) [a-z ]{3,30},\s*)?it\b", low)
            and re.search(r"\b(?:agreement|contract)\b[^.;]*[.;]\s*$", text[max(0, lo - 200) : lo], re.I)
        ):
            continue
        verb_at = m.start() - lo
        if re.search(
            r"\b(?:license|licence|warranty|confidential|purchase order|insurance|lease|"
            r"offer|credit|deadline|time for|period for)\b",
            low[:verb_at],
        ) and not re.search(r"\b(?:this agreement|the term)\b", low[:verb_at]):
            continue
        if m.group(0).lower().startswith("extend") and not _RENEWAL_MARKERS.search(sentence):
            continue  # "The Contract Term shall extend for a period of fifty (50) years"
        seen.add((lo, hi))
        if _NO_RENEWAL.search(sentence):
            continue  # "in no event shall this Agreement be deemed tacitly renewed", "there shall be no automatic
            # renewal"
        automatic = bool(AUTO_RENEW.search(sentence) or re.search(r"\bunless\b", low))
        optional = bool(OPTIONAL_RENEWAL.search(low))
        found = None
        verbs = [v.start() for v in _RENEW_VERB.finditer(sentence)]
        # "... and shall continue in full force and effect thereafter until terminated": no length of its own (a
        # length in the sentence is the initial term's)
        on_and_on = m.group("on_and_on") is not None
        yty = None if on_and_on else _YEAR_TO_YEAR.search(sentence, max(0, verb_at - 40))
        for d in [] if on_and_on else find_durations(sentence):
            # "with an automatic 2 year term extensions", "successive one-year renewal terms": the length
            # stands just before the renewal word
            names_renewal = bool(_LENGTH_OF_RENEWAL.match(sentence[d.end : verb_at])) and d.end <= verb_at
            if d.start < verb_at - 10 and not names_renewal:
                continue
            if not names_renewal and not any(v <= d.start + 10 and d.start <= v + RENEWAL_REACH for v in verbs):
                continue  # "(including all extensions and renewals) of such Patent ... within such 120 day period"
            after = sentence[d.end : d.end + 40]
            before = sentence[max(0, d.start - 50) : d.start]
            if re.match(
                ws(
                    r"\s*(?:'s?|’s?)? ?(?:prior|written|notice|before|in advance|of notice|"
                    r"following|after (?:receipt|notice)|from the date of)"
                ),
                after,
                re.I,
            ):
                continue
            if re.search(
                r"(?:least|within|than|notice of|upon|giving|give|provides?|minimum "
                r"period of|initial (?:term|period) of)\s*$",
                before,
                re.I,
            ):
                continue
            if d.value.unit not in ("year", "month", "week", "day") or d.value.business:
                continue
            if d.value.unit == "day" and d.value.value < 28:
                continue
            found = (d.start, d.end, d.value, "renewal_duration")
            break
        if yty and (found is None or yty.start() < found[0]):
            unit = (
                yty.group("u")
                or yty.group("u3")
                or {"annual": "year", "yearly": "year", "monthly": "month"}.get(
                    (yty.group("u2") or "").lower(), "year"
                )
            ).lower()
            dur = Duration(3.0, "month") if unit == "quarter" else Duration(1.0, unit)
            found = (yty.start(), yty.end(), dur, "renewal_year_to_year")
        if found is None:
            p = re.search(r"\b(?:indefinite|perpetual)\w*|\buntil (?:terminated|(?:either|one|a|any) party (?:gives|"
                          r"provides|serves|terminates|elects))\b", low[verb_at:])
            if p:
                out.append(
                    doc.fact(
                        "renewal_term",
                        "perpetual",
                        lo + verb_at + p.start(),
                        lo + verb_at + p.end(),
                        "renewal_perpetual",
                        0.55,
                        qualifier="successive",
                    )
                )
            elif (
                (re.search(ws(r"\b(?:agreement|contract|term)\b[^.;]{0,60}?\brenew\w*"), sentence, re.I)
                 or _SAME_LENGTH.search(sentence))
                and AUTO_RENEW.search(sentence)
                and initial is not None
                and initial.value_num
            ):
                # "shall renew automatically under these same terms": a renewal as long as the
                # initial term (no other length is stated)
                out.append(
                    doc.fact(
                        "renewal_term",
                        initial.value_text,
                        m.start(),
                        m.end(),
                        "renewal_same_as_initial",
                        0.55,
                        value_num=initial.value_num,
                        unit="days",
                        qualifier="successive",
                    )
                )
            continue
        s, e, dur, rule = found
        words = dur.text
        if rule == "renewal_year_to_year":
            assert yty is not None  # that rule is found only from it
            # the value in the contract's words ("month-to-month"): "1 month" would be a figure
            # the quoted sentence does not state; the length in days is kept in value_num
            words = f"{unit}-to-{unit}" if yty.group("u") or yty.group("u3") else " ".join(yty.group(0).lower().split())
        successive = (
            bool(
                re.search(
                    # "an additional one year" or "a further period of one year" is one more period, not a
                    # succession ("additional one-year periods" says periods)
                    r"\b(?:successive|consecutive|subsequent|each|"
                    r"periods|terms|year[- ]to[- ]year|month[- ]to[- ]month|"
                    r"annual|yearly|monthly|from time to time)\b",
                    low,
                )
            )
            or rule == "renewal_year_to_year"
        )
        conf = 0.85 if automatic and not optional else 0.65
        out.append(
            doc.fact(
                "renewal_term",
                words,
                lo + s,
                lo + e,
                rule,
                conf,
                value_num=dur.days,
                unit="days",
                qualifier="successive" if successive else "single",
            )
        )
    return out


# ----------------------------------------------------------------------------- notice

_NOTICE_AFTER = re.compile(
    ws(
        r"^\s*(?:'s?|’s?)?(?: (?:advance|prior|written|advanced|express|formal|calendar))* "
        r"(?:written )?(?:notice|notification|notify)"
    ),
    re.I,
)
_NOTICE_BEFORE = re.compile(
    ws(
        r"(?:notice|notification|notify(?:ing)?|notifies|notified|elects?|election|intention|"
        r"intent|informs?)[^.;]{0,80}?(?:of )?(?:at least|not less than|no less than|no later than|"
        r"a minimum of|minimum|no fewer than|not fewer than|within|upon|of|giving|with)?"
        r"(?: \w+)?\s*$"
    ),
    re.I,
)
_PRIOR_AFTER = re.compile(
    ws(
        r"^\s*(?:'s?|’s?)?(?: \(\d+\))?(?: calendar| business)? (?:prior to|before|in advance|preceding|"
        r"priorto|prior written|written)"
    ),
    re.I,
)


_RENEWAL_NOTICE = re.compile(
    r"\b(?:renew\w*|non-?renewal|extend\w*|extension|(?:expiration|expiry|end) of the (?:[\w-]+ ){0,2}"
    r"term|renewal period|initial term|then[- ]current term|not to (?:renew|extend))"
)
_RENEWAL_OPTION = re.compile(
    r"\b(?:wish|wishes|desire|desires|elect|elects)\s+to\s+(?:renew|extend)|\bexercis\w*\s+(?:its|the|"
    r"such|an?)\s+(?:option|right)\s+to\s+(?:renew|extend)|\brequest\w*\s+(?:an?\s+)?(?:renewal|"
    r"extension)|\bmay\s+(?:\w+\s+)?(?:extend|renew)\b|\bextending party\b|\b(?:intention|intent)\s+"
    r"to\s+(?:renew|extend)"
)


_PERIOD_AFTER_NOTICE = re.compile(
    ws(
        r"^\s*(?:'s?|’s?)?(?: calendar| business)? (?:after|following|of|from) (?:the )?(?:receipt of |"
        r"delivery of |date of )?(?:(?:such|the|a|written|prior) )*(?:notice|notification)"
    ),
    re.I,
)


# what a notice announces, when it is a change of price or terms ("notice of any rate changes", "notice ... to
# increase the amount of the Payment Schedule"), not the end or renewal of the contract
_CHANGE_NOTICE = re.compile(
    r"\bnotice\b[^.;]{0,40}?\b(?:of|regarding|concerning)\s+(?:any\s+|such\s+|the\s+|an?\s+)?(?:\w+\s+)?"
    r"(?:rate|price|pricing|fee|charge|tariff)s?\s+(?:change|increase|adjustment)s?\b|"
    r"\bnotice\b[^.;]{0,40}?\bto\s+(?:increase|raise|change|modify|adjust)\s+(?:the\s+|its\s+|any\s+)?"
    r"(?:amount|rate|price|pricing|fee|charge|payment)"
)


def _notice_kind(sentence: str, pos: int) -> str:
    """non_renewal | renewal_option | breach_cure | termination | other."""
    low = sentence.lower()
    near = low[max(0, pos - 250) : pos + 250]
    if re.search(r"\b(?:cure|cured|remedy|remedied)\b", low[max(0, pos - 100) : pos + 100]):
        return "breach_cure"
    if re.search(r"\b(?:polic(?:y|ies)|insur\w*|insurer|coverage)\b", low):
        return "other"  # an insurer's notice of cancellation or non-renewal of a policy
    if _CHANGE_NOTICE.search(low[pos : pos + 160]):
        return "other"  # notice of a price change or increase, even one made during a renewal term
    if _RENEWAL_NOTICE.search(near):
        if _RENEWAL_OPTION.search(near) and not re.search(
            r"\bnot\s+to\s+(?:renew|extend)|\bterminat\w*|\bnon-?renew\w*|\bcancel\w*", near
        ):
            return "renewal_option"  # notice to exercise a renewal, not to stop one
        return "non_renewal"
    if re.search(r"\b(?:cure|cured|remedy|remedied|breach|default)\w*", near):
        return "breach_cure"
    if re.search(r"\bterminat\w*", near):
        return "termination"
    return "other"


def notice_periods(doc: DocContext) -> list[Fact]:
    text = doc.text
    out: list[Fact] = []
    # "unless either party requests in writing, at least ninety (90) days prior to the anniversary date, that
    # this Agreement not be renewed" gives notice without the word
    for m in re.finditer(r"\bnoti(?:ce|fy|fies|fied|fication)\b|\bin writing\b", text, re.I):
        lo, hi = doc.sentences.span_at(m.start())
        sentence = text[lo:hi]
        for d in find_durations(sentence):
            s, e = lo + d.start, lo + d.end
            if any(
                f.char_start <= s
                and e <= f.char_end
                and f.value_num == d.value.days
                and abs(f.char_start - lo) < 5
                for f in out
            ):
                continue
            after = sentence[d.end : d.end + 60]
            before = sentence[max(0, d.start - 120) : d.start]
            rule = None
            if _NOTICE_AFTER.match(after):
                rule = "notice_before_notice"
            elif _PRIOR_AFTER.match(after) and re.search(
                r"noti|elect|inform|in writing", sentence[max(0, d.start - 200) : d.end + 200], re.I
            ):
                rule = "notice_prior_to"
            elif _NOTICE_BEFORE.search(before):
                rule = "notice_after_notice"
            elif _PERIOD_AFTER_NOTICE.match(after):
                rule = "notice_period_after_notice"  # "cure within 30 days after written notice"
            if rule is None:
                continue
            if re.search(
                ws(
                    r"\bfor (?:a period of )?(?:an? )?(?:successive|additional|consecutive|"
                    r"subsequent|further|renewal)?\s*$"
                ),
                before,
                re.I,
            ):
                continue
            kind = _notice_kind(sentence, d.start)
            conf = 0.85 if rule != "notice_after_notice" else 0.7
            fact = doc.fact(
                "notice_period",
                d.value.text,
                s,
                e,
                f"{rule}",
                conf,
                value_num=d.value.days,
                unit="days",
                qualifier=kind,
            )
            if not any(
                f.char_start == fact.char_start and f.value_num == fact.value_num for f in out
            ):
                out.append(fact)
    return out


# ----------------------------------------------------------------------------- a located term sentence

# words that put a period before something other than the agreement's end ("upon sixty (60) days' notice",
# "within one year", "for two years after termination")
_NOT_THE_TERM = re.compile(
    ws(r"\b(?:notice|within|prior|before|advance|after|following|first|last|each|every|per|any|least|"
       r"most|up to|no (?:less|more) than)\b[^.;]{0,12}$"),
    re.I,
)
_AFTER_NOT_THE_TERM = re.compile(
    ws(r"\s*(?:'s?|’s?)?\s*(?:\)\s*)?(?:prior|notice|before|in advance|written|after (?:the )?(?:termination|"
       r"expiration|expiry)|following (?:the )?(?:termination|expiration|expiry))"),
    re.I,
)
# the end of a term that has no date: it lasts until an event or until someone ends it
_OPEN_ENDED = re.compile(
    ws(r"\b(?:until|perpetu\w*|indefinite\w*|evergreen|so long as|as long as|no (?:fixed )?"
       r"(?:term|expiration|end date)|"
       # "The term ... will end when terminated by either party"
       r"(?:end|ends|expire|expires) (?:only )?(?:when|once) (?:it is )?terminated)\b"
       # not the end of its own term ("until the expiration of the last Renewal Term"), nor the later of a date
       # and an event
       r"(?!\s+(?:the\s+)?(?:(?:expiration|expiry|end|termination)\s+of\s+(?:the|this|its|such|any)\s+"
       r"(?:[\w-]+\s+){0,3}?term\b|(?:later|longer|earlier|latest|earliest)\s+of\b))"),
    re.I,
)


def read_term_sentence(
    doc: DocContext, lo: int, hi: int, effective: Fact | None, agreement: Fact | None, confidence: float
) -> Fact | None:
    """The expiration date a sentence the term model located states, read without the term rules' gates on the
    sentence's wording: an end date after "until", "through", "expires" ...; the Nth anniversary or the first
    period of the term counted from its own start date or the contract's (the effective date, else the
    agreement date); or, with no figure, "perpetual" where it lasts until an event or until terminated."""
    sentence = doc.text[lo:hi]
    for d in [*find_dates(sentence), *_named_ends(sentence)]:
        before = sentence[max(0, d.start - 70) : d.start]
        from_to = _FROM_TO.search(before)
        if (_UNTIL_DATE.search(before) or from_to) and not _is_renewal_context(before):
            return doc.fact("expiration_date", d.value.isoformat(), lo + d.start, lo + d.end,
                            "expiration_term_model", confidence, value_date=d.value)
    named = _DEFINED_END.search(sentence)
    labelled = _labelled_date(doc.text, named.group("label"), defined=True) if named else None
    if labelled is not None:
        s, e, value = labelled
        return doc.fact("expiration_date", value.isoformat(), s, e, "expiration_term_model", confidence,
                        value_date=value)
    base = _term_base(effective, agreement)
    base_day = base.value_date if base is not None else None
    signed = agreement.value_date if agreement is not None else None
    for a in _ANNIVERSARY.finditer(sentence):
        n = (int(a.group("num")) if a.group("num") else _ORD_WORDS.get((a.group("ord") or "").lower())
             or (words_to_number(a.group("nyear")) if a.group("nyear") else None))
        day = _anchor_day(doc, a.group("anchor"), base_day) if a.group("anchor") else \
            (signed or base_day) if _OF_SIGNING.search(a.group(0)) else base_day  # "of the date hereof": signing
        if not n or _is_renewal_context(sentence[max(0, a.start() - 80) : a.start()]):
            continue
        if day is None:
            return None  # "the second anniversary of the Closing Date": counted from an event with no day
        exp = add_duration(day, Duration(float(n), "year"))
        return doc.fact("expiration_date", exp.isoformat(), lo + a.start(), lo + a.end(),
                        "expiration_term_model", confidence, value_date=exp)
    # a period named inside the event the term lasts until ("until the last Patent expires ... six years") is
    # not the term
    durations = [dm for dm in find_durations(sentence) if not _after_an_end_event(sentence[: dm.start])]
    for dm in durations:
        dur = dm.value
        before = sentence[max(0, dm.start - 90) : dm.start]
        if dur.business or dur.unit not in ("year", "month") or _NOT_THE_TERM.search(before) \
                or _AFTER_NOT_THE_TERM.match(sentence[dm.end : dm.end + 60]) or _is_renewal_context(before):
            continue
        start = _start_date_in(sentence, dm.start)
        if start is None and _BASE_OTHER.search(sentence[dm.end : dm.end + 120]):
            return None  # "one (1) year from the date of delivery of the Product": a start we cannot date
        start = start or base_day
        if start is None:
            return None
        exp = _at_month_end(before, add_duration(start, dur))
        return doc.fact("expiration_date", exp.isoformat(), lo + dm.start, lo + dm.end,
                        "expiration_term_model", confidence, value_date=exp)
    open_ended = _OPEN_ENDED.search(sentence)
    if open_ended and re.search(r"\bextended\b", sentence[max(0, open_ended.start() - 60):open_ended.start()], re.I):
        return None  # "the Term shall be extended until ...": what an extension lasts, not the term
    if open_ended and re.match(r"[\s,]*(?:_{3,}|-{3,}|\[\s*\]|\[_*\])", sentence[open_ended.end():]):
        return None  # "through and until _______": a date left blank, not an open end
    if open_ended and not durations:
        event = None if _NO_END_WORDS.search(open_ended.group(0)) else end_event(sentence, open_ended.start())
        return doc.fact("expiration_date", event or "perpetual", lo + open_ended.start(), lo + open_ended.end(),
                        "expiration_term_model", confidence)
    return None

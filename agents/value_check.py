"""A yes/no question that checks one value of one contract against a bound the question states.

"Does the Cisco deal with ScanSource last past 2015?", "Is the Jaguars sponsorship over before 2025?", "Was it
signed before 2000?", "Is the renewal term longer than two years?", "Do we need more than 30 days' notice to stop it
renewing?": the contract's own value answers, yes or no, and is stated and cited as any value is. The bound only
says which answer; it filters nothing (in "Which contracts run past 2015?" it filters the library).

- ``stated_bound(question)``: the bound, a date span or a period, with how the value must stand to it;
- ``value_check(plan)``: the bound of a plan that checks one stated value (None for any other plan);
- ``verdict(check, value)``: True / False for a date (a ``datetime.date`` or "perpetual") or a period in days.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal

from agents.plan import Plan
from veridict.domain.values import MONTHS, parse_duration
from veridict.domain.values.dates import MONTH

# how the value must stand to the bound for the answer to be yes
Relation = Literal["after", "before", "by", "until", "through", "in", "more", "at_least", "less", "at_most"]

DATE_CHECKED = ("expiration_date", "agreement_date", "effective_date")
PERIOD_CHECKED = ("renewal_term", "notice_period")

# a yes/no question, the whole question or its last sentence ("We're MediaNet. Does our deal last past 2015?")
_YES_NO = re.compile(r"(?:^|[.!]\s+)(?:is|are|does|do|did|was|were|will|would|has|have|can|could|must|should)\b[^?]*\?",
                     re.IGNORECASE)
# "2015", "June 2015", "June 30, 2015", "30 June 2015", "the end of 2020", "the end of June 2020"
_WHEN = (rf"(?P<when>(?P<end>(?:the )?end of )?(?:(?P<mon>{MONTH})\s+(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?"
         rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<mon2>{MONTH})\s+)?(?P<y>(?:19|20)\d{{2}}))\b")
_DATE_WORDS: tuple[tuple[str, Relation], ...] = (
    (r"past|beyond|after|later than|longer than", "after"),
    (r"before|earlier than|prior to|sooner than", "before"),
    (r"by|no later than|on or before", "by"),
    (r"until|till|into|to", "until"),
    (r"through|thru", "through"),
    (r"in|during|within", "in"),
)
_PERIOD_WORDS: tuple[tuple[str, Relation], ...] = (
    (r"at least|no less than|not less than|a minimum of", "at_least"),
    (r"at most|no more than|not more than|a maximum of|up to", "at_most"),
    (r"(?:longer|more|greater|over|above|exceeding|in excess of)(?: than)?", "more"),
    (r"(?:shorter|less|fewer|under|below)(?: than)?", "less"),
)
_PERIOD = r"(?P<n>(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|" \
          r"thirty|forty[- ]five|forty|sixty|ninety|hundred(?: and)? twenty)(?:\s*\(\d+\))?[\s-]+" \
          r"(?:calendar |business )?(?:days?|weeks?|months?|years?))\b"


@dataclass(frozen=True)
class Bound:
    """What the value is checked against: a span of dates (``first``..``last``, a year, a month or a day) or a
    period in days; ``words``: the question's own words for it ("2015", "two years")."""

    relation: Relation
    words: str
    first: dt.date | None = None
    last: dt.date | None = None
    days: float | None = None

    @property
    def kind(self) -> Literal["date", "period"]:
        return "period" if self.days is not None else "date"


@dataclass(frozen=True)
class ValueCheck:
    attribute: str
    bound: Bound


def _span(m: re.Match[str]) -> tuple[dt.date, dt.date] | None:
    year = int(m.group("y"))
    month = MONTHS.get((m.group("mon") or m.group("mon2") or "").lower().rstrip("."))
    day = m.group("d") or m.group("d2")
    try:
        if month and day:
            when = dt.date(year, month, int(day))
            return when, when
        if month:
            last = dt.date(year, month, calendar.monthrange(year, month)[1])
            return (last, last) if m.group("end") else (dt.date(year, month, 1), last)
        last = dt.date(year, 12, 31)
        return (last, last) if m.group("end") else (dt.date(year, 1, 1), last)
    except ValueError:
        return None


def stated_bound(question: str) -> Bound | None:
    """The bound a question states for a date ("past 2015", "by the end of 2020") or a period ("longer than two
    years", "more than 30 days"), or None."""
    q = " ".join(question.split())
    for words, relation in _PERIOD_WORDS:
        m = re.search(rf"\b(?:{words})\s+{_PERIOD}", q, re.IGNORECASE)
        if m:
            period = parse_duration(re.sub(r"^an?\b", "one", m.group("n"), flags=re.IGNORECASE))
            if period is not None:
                return Bound(relation, m.group("n"), days=period.days)
    for words, relation in _DATE_WORDS:
        m = re.search(rf"\b(?:{words})\s+{_WHEN}", q, re.IGNORECASE)
        if m:
            span = _span(m)
            if span is not None:
                if relation == "in" and re.search(r"\bstill\b", q, re.IGNORECASE):
                    relation = "until"  # "Is it still in force in 2016?"
                return Bound(relation, m.group("when"), first=span[0], last=span[1])
    return None


def value_check(plan: Plan) -> ValueCheck | None:
    """The check a plan asks for: a yes/no question about one value of one contract (or of each contract named),
    with a bound of the value's kind. Library lists and counts bound the library instead."""
    if plan.intent != "exact_value" or len(plan.attributes) != 1 or not plan.documents:
        return None
    return checks_a_bound(plan.question, plan.attributes)


def checks_a_bound(question: str, attributes: list[str]) -> ValueCheck | None:
    """For the planner, before documents are resolved: the check a yes/no question asks when it names a bound of
    the kind of one of its attributes (the first such attribute)."""
    if not _YES_NO.search(question):
        return None
    bound = stated_bound(question)
    if bound is None:
        return None
    wanted = DATE_CHECKED if bound.kind == "date" else PERIOD_CHECKED
    attribute = next((a for a in attributes if a in wanted), None)
    return ValueCheck(attribute, bound) if attribute else None


def verdict(check: ValueCheck, value: dt.date | str | float) -> bool | None:
    """Whether the value stands to the bound as asked; None where the value cannot say (an end stated as an event).
    "perpetual": the contract has no fixed end, so it lasts past any date and ends before none."""
    b = check.bound
    if b.days is not None:
        if not isinstance(value, int | float):
            return None
        days = b.days
        same = abs(value - days) <= max(1.0, 0.02 * max(value, days))
        return {"more": value > days and not same, "at_least": value > days or same,
                "less": value < days and not same, "at_most": value < days or same}.get(b.relation)
    if value == "perpetual":
        return b.relation in ("after", "until", "through")  # it never ends: not before, by or in any year
    if not isinstance(value, dt.date) or b.first is None or b.last is None:
        return None
    return {"after": value > b.last, "before": value < b.first, "by": value <= b.last,
            "until": value >= b.first, "through": value >= b.last,
            "in": b.first <= value <= b.last}.get(b.relation)


def relation_words(check: ValueCheck, value: dt.date | str | float) -> str:
    """Where the value stands to the bound, in words: "after 2015", "before 2025", "in 2020", "not longer than two
    years"."""
    b = check.bound
    if b.kind == "period":
        yes = verdict(check, value)
        phrase = {"more": "more than", "at_least": "at least", "less": "less than", "at_most": "at most"}[b.relation]
        if b.relation in ("more", "less") and re.search(r"\b(years?|months?|weeks?)\b", b.words, re.I):
            phrase = "longer than" if b.relation == "more" else "shorter than"
        return f"{'' if yes else 'not '}{phrase} {b.words}"
    if value == "perpetual" or not isinstance(value, dt.date) or b.first is None or b.last is None:
        return ""
    if value < b.first:
        return f"before {b.words}"
    if value > b.last:
        return f"after {b.words}"
    if b.first != b.last:
        return f"in {b.words}"
    return f"at {b.words}" if b.words.lower().startswith(("the end", "end")) else f"on {b.words}"

"""A yes/no question that checks one contract's value against a bound it states ("Does it last past 2015?", "Is the
renewal term longer than two years?"): the bound is read, the plan asks for the value, and the bound filters
nothing; a library question keeps its bound as a filter."""

from __future__ import annotations

import datetime as dt

import pytest

from agents.planner import parse_question
from agents.value_check import ValueCheck, relation_words, stated_bound, value_check, verdict


@pytest.mark.parametrize(("question", "relation", "first", "last"), [
    ("Does the Cisco distributor deal with ScanSource last past 2015?", "after", "2015-01-01", "2015-12-31"),
    ("Is the Jaguars sponsorship over before 2025?", "before", "2025-01-01", "2025-12-31"),
    ("Is the IREYA consulting agreement over by the end of 2020?", "by", "2020-12-31", "2020-12-31"),
    ("Was it signed before June 30, 2015?", "before", "2015-06-30", "2015-06-30"),
    ("Does it run into March 2016?", "until", "2016-03-01", "2016-03-31"),
    ("Was the Dolphins deal signed in 1997?", "in", "1997-01-01", "1997-12-31"),
    ("Is it still in force in 2016?", "until", "2016-01-01", "2016-12-31"),
    ("We're Acme. Does our deal last through 2021?", "through", "2021-01-01", "2021-12-31"),
])
def test_a_date_bound_is_read_as_a_span_and_a_relation(question, relation, first, last):
    b = stated_bound(question)
    assert b is not None and b.kind == "date", b
    assert (b.relation, b.first.isoformat(), b.last.isoformat()) == (relation, first, last)


@pytest.mark.parametrize(("question", "relation", "days"), [
    ("Is the renewal term on the Neon distributor agreement longer than two years?", "more", 730),
    ("Do we need more than 30 days' notice to stop the Centrack hosting deal from renewing?", "more", 30),
    ("Is the notice at least sixty (60) days?", "at_least", 60),
    ("Is the renewal shorter than a year?", "less", 365),
])
def test_a_period_bound_is_read_in_days(question, relation, days):
    b = stated_bound(question)
    assert b is not None and b.kind == "period" and (b.relation, b.days) == (relation, days), b


def test_no_bound_where_the_question_states_none():
    assert stated_bound("When does the Cisco distributor deal expire?") is None
    assert stated_bound("Is the license good for 5 years?") is None  # an equality, not a bound


def _check(question: str) -> ValueCheck:
    plan = parse_question(question)
    check = value_check(plan)
    assert check is not None, plan
    return check


def test_verdicts_on_dates_periods_and_open_ends():
    past = _check("Does the Cisco distributor deal with ScanSource last past 2015?")
    assert verdict(past, dt.date(2012, 1, 20)) is False and relation_words(past, dt.date(2012, 1, 20)) == "before 2015"
    assert verdict(past, dt.date(2015, 12, 31)) is False  # in 2015 is not past it
    assert verdict(past, dt.date(2016, 1, 1)) is True
    assert verdict(past, "perpetual") is True  # no fixed end: it lasts past any year
    by = _check("Is the IREYA consulting agreement over by the end of 2020?")
    assert verdict(by, dt.date(2020, 12, 31)) is True and relation_words(by, dt.date(2020, 12, 31)) == \
        "at the end of 2020"
    assert verdict(by, "perpetual") is False
    longer = _check("Is the renewal term on the Neon distributor agreement longer than two years?")
    assert verdict(longer, 365.0) is False and relation_words(longer, 365.0) == "not longer than two years"
    notice = _check("Do we need more than 30 days' notice to stop the Centrack hosting deal from renewing?")
    assert verdict(notice, 15.0) is False and verdict(notice, 30.0) is False and verdict(notice, 60.0) is True
    assert verdict(_check("Does the Nantz deal need at least 30 days' notice to stop it renewing?"), 30.0) is True


@pytest.mark.parametrize(("question", "attribute"), [
    ("Does the Cisco distributor deal with ScanSource last past 2015?", "expiration_date"),
    ("Is the Jaguars sponsorship over before 2025?", "expiration_date"),
    ("Was the Dolphins sponsorship signed before 2000?", "agreement_date"),
    ("Is the renewal term on the Neon distributor agreement longer than two years?", "renewal_term"),
    ("Do we need more than 30 days' notice to stop the Centrack hosting deal from renewing?", "notice_period"),
])
def test_a_bounded_yes_no_question_about_one_contract_asks_for_its_value_unfiltered(question, attribute):
    plan = parse_question(question)
    assert plan.intent == "exact_value" and plan.attributes == [attribute], plan
    c = plan.constraints
    assert (c.date_from, c.date_to, c.min_num, c.max_num) == (None, None, None, None)  # nothing filtered away


def test_a_library_question_keeps_its_bound_as_a_filter():
    plan = parse_question("Which contracts were signed before 2010?")
    assert plan.intent == "list" and plan.constraints.date_to == dt.date(2010, 1, 1)
    assert value_check(plan) is None
    assert value_check(parse_question("When does the Cisco distributor deal expire?")) is None

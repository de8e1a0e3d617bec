"""Normalisation of dates, durations, money, percentages and jurisdictions."""

from __future__ import annotations

import datetime as dt

import pytest

from veridict.domain.values import (
    Duration,
    add_duration,
    canonical_jurisdiction,
    duration_days,
    find_dates,
    find_durations,
    find_jurisdictions,
    find_money,
    find_percentages,
    jurisdiction_country,
    parse_date,
    parse_duration,
    parse_money,
    parse_percentage,
    words_to_number,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("July 31, 2017", dt.date(2017, 7, 31)),
        ("JULY 15, 2005", dt.date(2005, 7, 15)),
        ("May 3,2006", dt.date(2006, 5, 3)),
        ("Jan. 5, 2015", dt.date(2015, 1, 5)),
        ("November 19t h, 2012", dt.date(2012, 11, 19)),  # PDF-to-text artefact
        ("the 27t h day of March, 2017", dt.date(2017, 3, 27)),
        ("this 1st day of September 2016", dt.date(2016, 9, 1)),
        ("the first day of June, 1998", dt.date(1998, 6, 1)),
        ("on this 20th day of Friday, March 2020", dt.date(2020, 3, 20)),  # a weekday written in
        ("26  September 2019", dt.date(2019, 9, 26)),
        ("commence on the 1st of March, 2003", dt.date(2003, 3, 1)),
        ("2019-07-31", dt.date(2019, 7, 31)),
        ("12/31/2020", dt.date(2020, 12, 31)),
        ("31/01/2025", dt.date(2025, 1, 31)),  # day first when the first number is no month
        ("31.12.2020", dt.date(2020, 12, 31)),  # dotted dates are day first
        ("effective 7/1/98", dt.date(1998, 7, 1)),
        ("in effect until March 18. 2021, unless", dt.date(2021, 3, 18)),  # a stray full stop for the comma
        ("signed 18-Mar-2021", dt.date(2021, 3, 18)),
        ("the thirty-first day of March, 2008", dt.date(2008, 3, 31)),  # not the "first" inside it
        ("this twenty second day of May 2001", dt.date(2001, 5, 22)),
        ("March thirty-first, 2008", dt.date(2008, 3, 31)),
        ("until the last day of February, 2024", dt.date(2024, 2, 29)),  # the month's end
        ("the last day of December 2020", dt.date(2020, 12, 31)),
        ("the last day in February, 2023", dt.date(2023, 2, 28)),
    ],
)
def test_dates(text, expected):
    assert parse_date(text) == expected


def test_an_underlined_blank_inside_a_date_does_not_split_it():
    # a form's underline, kept by the text layer, stands between the day and the month
    text = "is made this 1st day of          --- November, 2003 by and between"
    found = find_dates(text)
    assert [d.value for d in found] == [dt.date(2003, 11, 1)]
    assert found[0].surface == text[found[0].start : found[0].end]
    assert parse_date("as of 31 December,      ---------      1996, between") == dt.date(1996, 12, 31)
    # a blank where a part of the date should be is still no date, and a plain numeric date keeps its dashes
    assert parse_date("dated this ____ day of ________, 2005") is None
    assert parse_date("Date: 3-14-18") == dt.date(2018, 3, 14)


def test_dates_reject_impossible_and_find_all_with_spans():
    assert parse_date("February 30, 2019") is None
    assert parse_date("no date here") is None
    text = "signed June 1, 2020 and effective as of July 1, 2020"
    found = find_dates(text)
    assert [d.value for d in found] == [dt.date(2020, 6, 1), dt.date(2020, 7, 1)]
    assert all(text[d.start : d.end] == d.surface for d in found)


@pytest.mark.parametrize(
    "text, days, normalised",
    [
        ("thirty (30) days", 30, "30 days"),
        ("60 days' prior written notice", 60, "60 days"),
        ("one (1) year", 365, "1 year"),
        ("three months", 90, "3 months"),  # a month is 30 days
        ("72 hours", 3, "72 hours"),
        ("two-year", 730, "2 years"),
        ("successive 1-year terms", 365, "1 year"),
        ("six (6) month periods", 180, "6 months"),
        ("ninety (90) calendar days", 90, "90 days"),
        ("one hundred and twenty (120) days", 120, "120 days"),
        ("ten (10) Contract Years", 3650, "10 years"),
        ("a year", 365, "1 year"),
        ("two weeks", 14, "2 weeks"),
        ("successive one (I) year terms", 365, "1 year"),  # a 1 misread as a letter: the word gives the value
    ],
)
def test_durations(text, days, normalised):
    d = parse_duration(text)
    assert d is not None
    assert d.days == pytest.approx(days)
    assert d.text == normalised
    assert duration_days(text) == pytest.approx(days)


def test_durations_business_days_and_non_durations():
    d = parse_duration("five (5) business days")
    assert d.business and d.days == 5 and d.text == "5 business days"
    assert find_durations("the 15th day of July") == []  # a date, not a duration
    assert find_durations("as of (i) year-end") == []  # an item letter, no number word
    assert parse_duration("no period") is None


def test_words_to_number():
    assert words_to_number("one hundred and twenty") == 120
    assert words_to_number("forty-five") == 45
    assert words_to_number("twelve") == 12
    assert words_to_number("lots") is None


def test_add_duration_is_calendar_arithmetic():
    assert add_duration(dt.date(2018, 2, 1), Duration(3, "year")) == dt.date(2021, 2, 1)
    assert add_duration(dt.date(2014, 1, 20), Duration(6, "month")) == dt.date(2014, 7, 20)
    assert add_duration(dt.date(2020, 2, 29), Duration(1, "year")) == dt.date(2021, 2, 28)
    assert add_duration(dt.date(2020, 1, 1), Duration(30, "day")) == dt.date(2020, 1, 31)


@pytest.mark.parametrize(
    "text, value, currency",
    [
        ("$250,000", 250_000, "USD"),
        ("USD 1.5 million", 1_500_000, "USD"),
        ("EUR 1,500,000", 1_500_000, "EUR"),
        ("€150,000", 150_000, "EUR"),
        ("£5m", 5_000_000, "GBP"),
        ("ten million US Dollars (USD $10,000,000.00)", 10_000_000, "USD"),
        ("5,000 euros", 5_000, "EUR"),
        ("US$ 12.50 per unit", 12.5, "USD"),
        ("CHF 20,000", 20_000, "CHF"),
    ],
)
def test_money(text, value, currency):
    assert parse_money(text) == (pytest.approx(value), currency)


def test_money_spans_and_no_false_prefix():
    text = "a cap of $1.5 million and a fee of €150,000."
    found = find_money(text)
    assert [(m.value, m.currency) for m in found] == [(1_500_000, "USD"), (150_000, "EUR")]
    assert [text[m.start : m.end] for m in found] == ["$1.5 million", "€150,000"]
    assert find_money("for five years 5 of them") == []  # "rs 5" inside "years 5" is no rupee


@pytest.mark.parametrize(
    "text, value",
    [("15%", 15), ("12.5 percent", 12.5), ("fifteen percent (15%)", 15), ("ten per cent", 10)],
)
def test_percentages(text, value):
    assert parse_percentage(text) == pytest.approx(value)


def test_percentage_span_is_exact():
    text = "a royalty of fifteen percent (15%) of Net Sales"
    (p,) = find_percentages(text)
    assert text[p.start : p.end] == "fifteen percent (15%)"


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("the State of New York", "New York"),
        ("New York law", "New York"),
        ("NY", "New York"),
        ("Commonwealth of Massachusetts", "Massachusetts"),
        ("Federal Republic of Germany", "Germany"),
        ("German law", "Germany"),
        ("England and Wales", "England and Wales"),
        ("English law", "England and Wales"),
        ("England; Wales", "England and Wales"),
        ("People's Republic of China", "China"),
        ("PRC Laws", "China"),
        ("the Netherlands", "Netherlands"),
        ("Ontario, Canada", "Ontario"),  # the most specific unit wins
        (
            "the laws of the United States of America and of the Commonwealth of Pennsylvania",
            "Pennsylvania",
        ),
        ("West Virginia", "West Virginia"),  # not Virginia
    ],
)
def test_jurisdictions(text, canonical):
    assert canonical_jurisdiction(text) == canonical


def test_jurisdiction_edge_cases():
    assert canonical_jurisdiction("a purchase order") is None
    assert canonical_jurisdiction("IN") == "Indiana"  # a bare postal code is read as one
    # adjectives are jurisdictions only when asked for ("English law", not "English language")
    assert find_jurisdictions("in the English language", adjectives=False) == []
    assert jurisdiction_country("Ontario") == "Canada"
    assert jurisdiction_country("Texas") == "United States"


def test_anniversaries_are_counts_of_years():
    from veridict.domain.values import find_anniversaries

    found = find_anniversaries("through the day prior to the second anniversary of the Effective Date, or the 3rd "
                               "anniversary, or the fifth (5th) anniversary of the date hereof")
    assert [(a.surface, a.value.value, a.value.unit) for a in found] == [
        ("second anniversary", 2.0, "year"), ("3rd anniversary", 3.0, "year"),
        ("fifth (5th) anniversary", 5.0, "year")]
    assert find_anniversaries("the anniversary of the Effective Date") == []


def test_a_date_glued_to_of_on_or_dated_is_found_and_no_other_glued_figure():
    assert [d.value for d in find_dates("made and effective as of1 August 2019, by")] == [dt.date(2019, 8, 1)]
    assert [d.value for d in find_dates("This Agreement dated1st March 2003")] == [dt.date(2003, 3, 1)]
    assert find_dates("Form1 March 2003") == [] and find_dates("section1 May 2010") == []


def test_a_duration_with_its_figure_before_the_words():
    from veridict.domain.values import find_durations

    assert [d.value.text for d in find_durations("with at least 60 (sixty) days' prior notice")] == ["60 days"]
    assert [d.value.text for d in find_durations("for 24 (twenty-four) months")] == ["24 months"]
    # brackets that hold no number words are not read as part of a duration
    assert [d.value.text for d in find_durations("Section 4 (Payment) days")] == []


def test_a_clause_number_is_no_date_but_a_dotted_date_elsewhere_is():
    from veridict.domain.values import find_dates

    assert find_dates("Schedule 3\n3.1.10 Duration and Extension. The term is one year.") == []
    assert [d.value.isoformat() for d in find_dates(" 1.4.11 (the Effective Date)")] == ["2011-04-01"]
    assert find_dates("as set out in Section 10.2.11 above") == []
    assert find_dates("Schedule\n   10.2.11 Neither party shall assign") == []
    assert [d.value.isoformat() for d in find_dates("[INITIALS ILLEGIBLE]   20.3.98   30.4.98")] == [
        "1998-03-20", "1998-04-30"]
    # a wide gap after other words on the line is no line start
    assert [d.value.isoformat() for d in find_dates("[INITIALS ILLEGIBLE]" + " " * 30 + "20.3.98")] == ["1998-03-20"]
    assert [d.value.isoformat() for d in find_dates("\n1.4.2011 is the effective date")] == ["2011-04-01"]

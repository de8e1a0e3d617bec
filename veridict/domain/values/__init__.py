"""The one reader of values that contracts and answers state: numbers, dates, periods, money, percentages,
jurisdictions, and the figures an answer is checked against. Ingestion, the tools, the agent and the
evaluation all read values through this package."""

from veridict.domain.values.dates import MONTHS, DateMatch, Match, find_dates, parse_date
from veridict.domain.values.durations import (
    DAYS_PER_UNIT,
    END_WORDS,
    Duration,
    DurationMatch,
    add_duration,
    duration_days,
    find_anniversaries,
    find_durations,
    parse_duration,
)
from veridict.domain.values.figures import (
    OTHER_START,
    Figure,
    FigurePool,
    add_period,
    counted_from_another_start,
    derived_dates,
    extract_figures,
    parse_amount,
    periods_in,
    quote_states,
    strip_structural,
)
from veridict.domain.values.jurisdictions import (
    COUNTRIES,
    PROVINCES,
    US_POSTAL,
    US_STATES,
    JurisdictionMatch,
    canonical_jurisdiction,
    find_jurisdictions,
    jurisdiction_country,
)
from veridict.domain.values.money import (
    CURRENCY_PREFIXES,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    MoneyMatch,
    PercentMatch,
    find_money,
    find_percentages,
    parse_money,
    parse_percentage,
)
from veridict.domain.values.numbers import (
    NUMBER_WORDS,
    ORDINALS,
    fmt_number,
    number_value,
    parse_number,
    words_to_number,
)

__all__ = [
    "COUNTRIES", "CURRENCY_PREFIXES", "CURRENCY_SYMBOLS", "CURRENCY_WORDS", "DAYS_PER_UNIT", "END_WORDS", "MONTHS",
    "NUMBER_WORDS", "OTHER_START",
    "ORDINALS", "PROVINCES", "US_POSTAL", "US_STATES", "DateMatch", "Duration", "DurationMatch", "Figure",
    "FigurePool", "JurisdictionMatch", "Match", "MoneyMatch", "PercentMatch", "add_duration", "add_period",
    "canonical_jurisdiction", "counted_from_another_start", "derived_dates", "duration_days", "extract_figures",
    "find_anniversaries",
    "find_dates", "find_durations", "find_jurisdictions", "find_money", "find_percentages", "fmt_number",
    "jurisdiction_country", "number_value", "parse_amount", "parse_date", "parse_duration", "parse_money",
    "parse_number", "parse_percentage", "periods_in", "quote_states", "strip_structural", "words_to_number",
]  # fmt: skip

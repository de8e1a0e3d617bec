"""The calculator: plain arithmetic only (never eval), date differences, currency-aware sums."""

from __future__ import annotations

import pytest

from tools.base import ToolContext
from tools.calculator import (
    CalculatorArgs,
    CalculatorError,
    CurrencyMismatch,
    calculator,
    date_difference,
    evaluate,
    sum_amounts,
)


@pytest.mark.parametrize("expression,value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("150,000 * 3", 450_000), ("10 / 4", 2.5), ("7 // 2", 3), ("7 % 4", 3),
    ("-3 + +5", 2), ("2 ** 10", 1024), ("max(3, 9, 4) - min(2, 8)", 7), ("round(2.675, 1)", 2.7), ("abs(-4)", 4),
    ("sum(1, 2, 3.5)", 6.5),
])
def test_arithmetic(expression, value):
    assert evaluate(expression) == pytest.approx(value)


@pytest.mark.parametrize("attack", [
    "__import__('os').system('touch /tmp/pwned')",
    "open('/etc/passwd').read()",
    "(1).__class__.__bases__[0].__subclasses__()",
    "[x for x in range(10)]",
    "lambda: 1",
    "exec('1')",
    "eval('1+1')",
    "globals()",
    "a",
    "'abc' * 3",
    "True + 1",
    "1 if 1 else 2",
    "9 ** 9 ** 9",
    "10 ** 100",
    "1 / 0",
    "x := 3",
    "1; 2",
    "(" * 200 + "1" + ")" * 200,
])
def test_code_injection_and_abuse_are_rejected(attack, tmp_path):
    with pytest.raises(CalculatorError):
        evaluate(attack)


def test_rejection_leaves_no_side_effect(tmp_path):
    marker = tmp_path / "pwned"
    with pytest.raises(CalculatorError):
        evaluate(f"__import__('pathlib').Path('{marker}').touch()")
    assert not marker.exists()


def test_date_difference():
    assert date_difference("July 31, 2017", "2018-07-31") == 365
    assert date_difference("2024-01-01", "1 March 2024") == 60
    assert date_difference("2017-07-31", "2019-01-30", unit="months") == 17
    with pytest.raises(CalculatorError):
        date_difference("someday", "2019-01-30")


def test_currency_aware_sum():
    assert sum_amounts(["EUR 150,000", "€ 50,000"]) == (200_000, "EUR")
    assert sum_amounts([(10.0, "USD"), "$5"]) == (15.0, "USD")
    with pytest.raises(CurrencyMismatch):
        sum_amounts(["EUR 150,000", "USD 50,000"])
    with pytest.raises(CalculatorError):
        sum_amounts(["a lot"])


def test_tool_returns_rows_or_a_note():
    ctx = ToolContext(tenant="t")
    ok = calculator(ctx, CalculatorArgs(operation="sum_amounts", amounts=["EUR 100", "EUR 250"]))
    assert ok.rows[0]["value"] == 350 and ok.rows[0]["currency"] == "EUR" and ok.note is None
    bad = calculator(ctx, {"operation": "sum_amounts", "amounts": ["EUR 100", "USD 250"]})
    assert bad.rows == [] and "different currencies" in bad.note
    inj = calculator(ctx, {"operation": "evaluate", "expression": "__import__('os')"})
    assert inj.rows == [] and "not allowed" in inj.note


def test_structured_tool_wrapper():
    tool = calculator.as_structured_tool(ToolContext(tenant="t"))
    out = tool.invoke({"operation": "evaluate", "expression": "2 * 21"})
    assert out["rows"][0]["value"] == 42

"""Arithmetic without eval: a whitelist AST evaluator, date differences and currency-aware sums."""

from __future__ import annotations

import ast
import datetime as dt
import math
import operator
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

from pydantic import BaseModel, Field

from tools.base import ToolContext, ToolResult, ToolSpec
from veridict.domain.values import Duration, add_duration, fmt_number, parse_amount, parse_date, parse_duration

MAX_EXPRESSION_CHARS = 300
MAX_NODES = 200
MAX_EXPONENT = 64
MAX_MAGNITUDE = 1e18


class CalculatorError(ValueError):
    """The expression is not plain arithmetic, or the result is out of range."""


class CurrencyMismatch(CalculatorError):
    """Amounts in different currencies were to be added."""


_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {ast.UAdd: operator.pos, ast.USub: operator.neg}
_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "min": min, "max": max, "abs": abs, "round": round, "sum": lambda *a: math.fsum(a),
}


def evaluate(expression: str) -> float:
    """Evaluate +, -, *, /, //, %, ** (bounded), parentheses and min/max/abs/round/sum on numbers."""
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise CalculatorError(f"expression longer than {MAX_EXPRESSION_CHARS} characters")
    cleaned = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", expression)  # thousands separators
    try:
        tree = ast.parse(cleaned, mode="eval")
    except SyntaxError as exc:
        raise CalculatorError(f"not an arithmetic expression: {expression!r}") from exc
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise CalculatorError("expression too large")
    value = _eval(tree.body)
    if isinstance(value, complex) or math.isnan(value) or math.isinf(value):
        raise CalculatorError("result is not a real number")
    return float(value)


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return cast(float, node.value)  # an int or a float, as just checked
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow) and abs(right) > MAX_EXPONENT:
            raise CalculatorError(f"exponent above {MAX_EXPONENT}")
        try:
            value = _BINARY[type(node.op)](left, right)
        except ZeroDivisionError as exc:
            raise CalculatorError("division by zero") from exc
        if isinstance(value, (int, float)) and abs(value) > MAX_MAGNITUDE:
            raise CalculatorError("result out of range")
        return value
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_eval(node.operand))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
        and len(node.args) <= 50
    ):
        return _FUNCTIONS[node.func.id](*[_eval(a) for a in node.args])
    raise CalculatorError(f"not allowed in an arithmetic expression: {type(node).__name__}")


def date_difference(start: str | dt.date, end: str | dt.date, unit: str = "days") -> float:
    """end - start in days, weeks, months (calendar) or years (calendar, fractional by days)."""
    a = start if isinstance(start, dt.date) else parse_date(start)
    b = end if isinstance(end, dt.date) else parse_date(end)
    if a is None or b is None:
        raise CalculatorError(f"not a date: {start if a is None else end!r}")
    if unit == "days":
        return float((b - a).days)
    if unit == "weeks":
        return (b - a).days / 7
    months = (b.year - a.year) * 12 + (b.month - a.month) - (1 if b.day < a.day else 0)
    if unit == "months":
        return float(months)
    if unit == "years":
        return round(months / 12 + 0.0, 4)
    raise CalculatorError(f"unknown unit {unit!r}")


def date_add(start: str | dt.date, duration: str) -> dt.date:
    """start + '4 years' / 'six (6) months' / '90 days' (calendar arithmetic for months and years)."""
    a = start if isinstance(start, dt.date) else parse_date(start)
    if a is None:
        raise CalculatorError(f"not a date: {start!r}")
    period: Duration | None = parse_duration(duration)
    if period is None or period.unit == "hour":
        raise CalculatorError(f"not a duration: {duration!r}")
    return add_duration(a, period)


def sum_amounts(amounts: Sequence[str | tuple[float, str | None]]) -> tuple[float, str | None]:
    """Add amounts ('EUR 150,000' or (150000, 'EUR')); refuse to add different currencies."""
    total = 0.0
    currencies: set[str] = set()
    for item in amounts:
        parsed = item if isinstance(item, tuple) else parse_amount(item)
        if parsed is None:
            raise CalculatorError(f"not an amount: {item!r}")
        value, currency = parsed
        total += float(value)
        if currency:
            currencies.add(currency)
    if len(currencies) > 1:
        raise CurrencyMismatch(f"cannot add amounts in different currencies: {', '.join(sorted(currencies))}")
    return total, (currencies.pop() if currencies else None)


class CalculatorArgs(BaseModel):
    operation: Literal["evaluate", "date_difference", "date_add", "sum_amounts"] = "evaluate"
    expression: str | None = Field(None, max_length=MAX_EXPRESSION_CHARS, description="e.g. '150000 * 3'")
    start: str | None = Field(None, description="first date (date_difference, date_add)")
    duration: str | None = Field(None, description="a period to add, e.g. '4 years' (date_add)")
    end: str | None = Field(None, description="second date (date_difference)")
    unit: Literal["days", "weeks", "months", "years"] = "days"
    amounts: list[str] = Field(default_factory=list, max_length=50, description="e.g. ['EUR 100', 'EUR 250']")


def _calculate(ctx: ToolContext, args: CalculatorArgs) -> ToolResult:
    try:
        if args.operation == "evaluate":
            value = evaluate(args.expression or "")
            row = {"value": value, "text": fmt_number(round(value, 6))}
        elif args.operation == "date_add":
            day = date_add(args.start or "", args.duration or "")
            row = {"value": day.isoformat(), "date": day.isoformat(), "text": day.isoformat()}
        elif args.operation == "date_difference":
            value = date_difference(args.start or "", args.end or "", args.unit)
            row = {"value": value, "text": f"{fmt_number(value)} {args.unit}"}
        else:
            value, currency = sum_amounts(args.amounts)
            row = {"value": value, "currency": currency,
                   "text": f"{currency + ' ' if currency else ''}{value:,.2f}".replace(".00", "")}
    except CalculatorError as exc:
        return ToolResult(tool="calculator", note=str(exc))
    return ToolResult(tool="calculator", rows=[row])


calculator = ToolSpec(
    name="calculator",
    description="Arithmetic (no code), date differences, and sums of amounts in one currency.",
    args=CalculatorArgs,
    fn=_calculate,
    store="none",
)

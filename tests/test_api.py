"""The LangGraph API, over HTTP, against a running `langgraph dev` (tests/fixtures/servers.py).

Typed schemas, streamed steps, the final answer with citations, two turns on
one thread, refusals, and the ingest graph (including what it refuses).
"""

from __future__ import annotations

import json
import re
import uuid

import httpx
import pytest

pytestmark = pytest.mark.slow

QUESTION = "What is the data breach penalty in the CloudSecure agreement?"
FOLLOW_UP = "Which law governs the CloudSecure agreement?"
UNKNOWN = "What is the rent in the Zephyr Aerospace hangar lease?"


@pytest.fixture(scope="module")
def client(api_server):
    from langgraph_sdk import get_sync_client

    return get_sync_client(url=api_server.api_url, timeout=600)


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}


def _stated_numbers(text: str) -> set[str]:
    """Numbers an answer states, without its locators: [1], § 9.2, p. 2, (v2), version 2."""
    for locator in (r"\[\d+\]", r"§\s*[\w.()]+", r"\bp\.\s*\d+", r"\(v\d+\)", r"\bv(?:ersion\s*)?\d+\b"):
        text = re.sub(locator, " ", text)
    return _numbers(text)


def test_schemas_are_the_typed_question_and_answer(client):
    assistants = {a["graph_id"]: a for a in client.assistants.search(limit=20)}
    assert {"answer", "ingest"} <= set(assistants)
    schemas = client.assistants.get_schemas(assistants["answer"]["assistant_id"])
    assert schemas["input_schema"], "the answer graph publishes no input schema"
    assert {"question", "tenant"} <= set(schemas["input_schema"]["properties"])
    assert "question" in schemas["input_schema"].get("required", [])
    output = schemas["output_schema"]
    assert output and "answer" in output["properties"]
    # typed: the schema spells out the answer's citations and trace, not just "an object"
    text = json.dumps(output)
    for name in ("citations", "quote", "page", "trace", "refusal_reason"):
        assert f'"{name}"' in text, f"output schema does not describe {name!r}"
    ingest = client.assistants.get_schemas(assistants["ingest"]["assistant_id"])
    assert "paths" in ingest["input_schema"]["properties"]
    assert "report" in ingest["output_schema"]["properties"]


def test_steps_stream_before_the_cited_answer(client, api_server):
    thread = client.threads.create()
    events = []
    for part in client.runs.stream(
        thread["thread_id"], "answer", input={"question": QUESTION, "tenant": api_server.tenant},
        stream_mode=["updates", "values"],
    ):
        events.append(part)
    kinds = [e.event for e in events]
    assert "values" in kinds, kinds
    last_values = max(i for i, k in enumerate(kinds) if k == "values")
    updates = [e for e in events[:last_values] if e.event == "updates"]
    assert len(updates) > 1, f"expected several node updates before the answer, got {kinds}"
    nodes = [next(iter(u.data)) for u in updates if u.data]
    assert nodes[0] == "plan" and len(set(nodes)) >= 3, nodes

    answer = events[last_values].data["answer"]
    assert not answer["refused"], answer.get("refusal_reason")
    assert answer["citations"], "an answer without citations"
    for c in answer["citations"]:
        assert c["document_title"] and c["page"] >= 1 and c["quote"].strip()
        assert c["store"] in ("facts", "vectors", "lexical", "graph", "tables")
    quotes = " ".join(c["quote"] for c in answer["citations"])
    stated = _stated_numbers(answer["text"])
    assert stated, f"the answer states no amount: {answer['text']!r}"
    assert stated <= _numbers(quotes), f"numbers {stated} not in the cited quotes"
    assert any(step["tool"] for step in answer["trace"]), "the trace records no tool call"

    state = client.threads.get_state(thread["thread_id"])
    assert state["values"]["answer"]["citations"] == answer["citations"]


def test_a_thread_keeps_both_turns_and_each_answer_is_its_own(client, api_server):
    thread = client.threads.create()
    tid = thread["thread_id"]
    first = client.runs.wait(tid, "answer", input={"question": QUESTION, "tenant": api_server.tenant})
    second = client.runs.wait(tid, "answer", input={"question": FOLLOW_UP, "tenant": api_server.tenant})
    asked = [
        (h["values"].get("question"), (h["values"].get("answer") or {}).get("question"))
        for h in client.threads.get_history(tid, limit=100)
    ]
    questions = {q for pair in asked for q in pair if q}
    assert {QUESTION, FOLLOW_UP} <= questions, questions
    assert first["answer"]["question"] == QUESTION and second["answer"]["question"] == FOLLOW_UP
    # the second answer is the same as on a fresh thread: the first turn's evidence does not leak in
    fresh = client.runs.wait(None, "answer", input={"question": FOLLOW_UP, "tenant": api_server.tenant})
    cited = lambda a: [(c["document_id"], c["page"], c["quote"]) for c in a["citations"]]  # noqa: E731
    assert cited(second["answer"]) == cited(fresh["answer"])
    assert second["answer"]["text"] == fresh["answer"]["text"]
    turn_two_nodes = [s["node"] for s in second["answer"]["trace"]]
    assert turn_two_nodes.count("plan") <= sum(1 for s in fresh["answer"]["trace"] if s["node"] == "plan")


def test_refusal_says_why_over_the_api(client, api_server):
    out = client.runs.wait(None, "answer", input={"question": UNKNOWN, "tenant": api_server.tenant})
    answer = out["answer"]
    assert answer["refused"]
    assert answer["refusal_reason"]
    assert not any("Zephyr" in c["quote"] for c in answer["citations"])


def test_plain_http_wait_endpoint(api_server):
    """What the README's curl example does: a stateless run, waited for, typed output."""
    resp = httpx.post(
        f"{api_server.api_url}/runs/wait",
        json={"assistant_id": "answer", "input": {"question": QUESTION, "tenant": api_server.tenant}},
        timeout=600,
    )
    assert resp.status_code == 200, resp.text
    answer = resp.json()["answer"]
    assert answer["citations"] and not answer["refused"]


def test_ingest_graph_refuses_paths_outside_the_upload_folder(client, api_server):
    out = client.runs.wait(None, "ingest", input={"paths": ["/etc/passwd", str(api_server.data_dir)],
                                                  "tenant": api_server.tenant})
    files = out["report"]["files"]
    assert [f["status"] for f in files] == ["rejected", "rejected"]
    assert all("outside the upload folder" in f["message"] for f in files)


def test_ingest_graph_reports_a_bad_file_and_makes_a_good_one_answerable(client, api_server):
    from veridict.settings import load_settings

    upload = load_settings(data_dir=api_server.data_dir).upload_dir / api_server.tenant / uuid.uuid4().hex[:8]
    upload.mkdir(parents=True)
    empty = upload / "empty-contract.pdf"
    empty.write_bytes(b"")
    fake = upload / "not-really.pdf"
    fake.write_text("This is plain text pretending to be a PDF.\n")
    good = upload / "harbor-logistics-services-agreement.md"
    good.write_text(
        "# Harbor Logistics Services Agreement\n\n"
        "This agreement is made between Harbor Logistics Inc. and Blue Fjord Shipping AS.\n\n"
        "## 9. Termination\n\n"
        "9.1 Either party may terminate this agreement by giving 75 days written notice.\n\n"
        "## 10. Governing Law\n\n"
        "10.1 This agreement is governed by the laws of Norway.\n"
    )
    events = list(client.runs.stream(
        None, "ingest", input={"paths": [str(empty), str(fake), str(good)], "tenant": api_server.tenant},
        stream_mode=["custom", "values"],
    ))
    progress = [e.data for e in events if e.event == "custom"]
    assert [p["event"] for p in progress] == ["file_started", "file_done"] * 3
    report = [e.data for e in events if e.event == "values"][-1]["report"]
    by_name = {f["path"].rsplit("/", 1)[-1]: f for f in report["files"]}
    assert by_name["empty-contract.pdf"]["status"] == "rejected"
    assert "empty" in by_name["empty-contract.pdf"]["message"]
    assert by_name["not-really.pdf"]["status"] == "rejected"
    assert by_name["not-really.pdf"]["message"]
    assert by_name["harbor-logistics-services-agreement.md"]["status"] == "ingested"

    out = client.runs.wait(None, "answer", input={
        "question": "What is the termination notice period in the Harbor Logistics agreement?",
        "tenant": api_server.tenant})
    answer = out["answer"]
    assert not answer["refused"], answer.get("refusal_reason")
    assert "75" in answer["text"]
    assert any("Harbor Logistics" in c["document_title"] for c in answer["citations"])

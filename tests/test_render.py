"""The answer as `veridict ask` prints it and as the chat writes it (no servers needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from veridict.chat_view import (
    StepCollector,
    UnsafeUpload,
    answer_markdown,
    safe_upload_name,
    searched,
    upload_path,
)
from veridict.render import citation_heading, render_answer
from veridict.types import Answer, Citation, TraceStep


def _citation(**kw) -> Citation:
    base = dict(
        document_id="d1", document_title="CloudSecure Vendor Agreement", version=2, page=7,
        clause_number="14.3", clause_title="Data Breach", quote="Vendor shall pay EUR 50,000 per incident.",
        store="facts", source_path="/tmp/cloudsecure.pdf",
    )
    return Citation(**{**base, **kw})


def _answer(**kw) -> Answer:
    base = dict(
        question="What is the data breach penalty?",
        text="The penalty is EUR 50,000 per incident [1].",
        citations=[_citation(), _citation(document_title="Old Agreement", version=1, page=3,
                                          clause_number=None, clause_title=None, store="vectors",
                                          quote="An older clause. " * 60)],
        confidence=0.82,
        trace=[TraceStep(node="plan", note="rules"),
               TraceStep(node="research", tool="query_facts", arguments={"attribute": "amount"}, results=3, ms=12.5)],
    )
    return Answer(**{**base, **kw})


def _text(renderable) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_answer_shows_text_citations_and_confidence():
    out = _text(render_answer(_answer()))
    assert "The penalty is EUR 50,000 per incident [1]." in out
    assert "CloudSecure Vendor Agreement" in out and "version 2, page 7" in out
    assert "§ 14.3 Data Breach" in out
    assert "Vendor shall pay EUR 50,000 per incident." in out
    assert "facts" in out and "vectors" in out
    assert "confidence 82%" in out and "2 agent steps" in out
    assert "…" in out  # the long quote is shortened


def test_render_refusal_shows_the_reason():
    refused = _answer(refused=True, text="", citations=[], confidence=0.0,
                      refusal_reason="no such document in the library: \"Acme lease\"")
    out = _text(render_answer(refused))
    assert "Refused" in out and "no such document in the library" in out
    assert "Citations" not in out


def test_citation_heading():
    assert citation_heading(_citation()) == "CloudSecure Vendor Agreement · v2 · p. 7 · § 14.3 Data Breach"
    assert citation_heading(_citation(clause_number=None, clause_title=None)).endswith("p. 7")


def test_answer_markdown_numbers_sources_with_quotes():
    md = answer_markdown(_answer())
    assert md.startswith("The penalty is EUR 50,000 per incident [1].")
    assert "1. Source 1 · **CloudSecure Vendor Agreement** · version 2 · page 7 · § 14.3 Data Breach · _facts_" in md
    assert "> “Vendor shall pay EUR 50,000 per incident.”" in md
    assert "2. Source 2 · **Old Agreement** · version 1 · page 3 · _vectors_" in md
    assert "_Confidence 82%_" in md


def test_refusal_markdown_says_why_and_what_was_searched():
    refused = _answer(refused=True, text="", citations=[], refusal_reason="no evidence states a penalty")
    md = answer_markdown(refused)
    assert "can't answer" in md and "Why: no evidence states a penalty" in md
    assert "`query_facts`(attribute=amount) → 3 results" in md
    assert searched(refused) == ["`query_facts`(attribute=amount) → 3 results"]


def test_step_collector_reports_each_trace_entry_once():
    collector = StepCollector()
    first = {"trace": [{"node": "research", "tool": "vector_search", "arguments": {"query": "penalty"},
                        "results": 8, "ms": 40.0}]}
    view = collector.node_result("research", first)
    assert view.name == "Research"
    assert [c.name for c in view.children] == ["vector_search"]
    assert '"query": "penalty"' in view.children[0].input
    assert view.children[0].output.startswith("8 results")
    assert "vector_search (8 results" in view.output
    # the same entry again (a node that returns the whole trace) is not repeated
    again = collector.node_result("research", first)
    assert again.children == []
    grade = collector.node_result("grade", {"verdict": "ambiguous",
                                            "trace": [{"node": "grade", "note": "CRAG verdict: ambiguous"}]})
    assert "verdict: ambiguous" in grade.output
    assert collector.nodes == ["research", "research", "grade"]


@pytest.mark.parametrize("name", ["../etc/passwd", "a/b.pdf", "..\\x.pdf", "..", ".", "", "a\x00.pdf", " ..  "])
def test_upload_names_that_leave_the_folder_are_refused(name):
    with pytest.raises(UnsafeUpload):
        safe_upload_name(name)


def test_upload_path_is_inside_the_tenant_folder(tmp_path: Path):
    assert safe_upload_name("Vendor Agreement (v2).pdf") == "Vendor Agreement _v2_.pdf"
    assert safe_upload_name(".hidden.pdf") == "hidden.pdf"  # never a dot file
    p1 = upload_path(tmp_path, "default", "contract.pdf", b"one")
    p2 = upload_path(tmp_path, "default", "contract.pdf", b"two")
    assert p1 != p2 and p1.name == p2.name == "contract.pdf"
    assert p1.is_relative_to(tmp_path.resolve() / "default")
    with pytest.raises(UnsafeUpload):
        upload_path(tmp_path, "../other", "contract.pdf", b"x")


def test_a_citation_read_by_ocr_says_so_in_the_terminal_and_the_chat():
    c = _citation(ocr_confidence=71.4)
    assert citation_heading(c).endswith("§ 14.3 Data Breach · read by OCR, confidence 71 %")
    assert "read by OCR, confidence 71 %" in answer_markdown(_answer(citations=[c]))
    assert _citation().ocr_label is None

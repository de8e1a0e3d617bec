"""Dev questions for the venue attribute (where disputes are heard), written by hand over dev contracts.

Each entry names a dev contract, a question in everyday words (short names, no full titles), the gold place
and a phrase of the forum sentence; the evidence span is that sentence, found in the CUAD text and checked on
its PDF page. Gold answers were read off the contracts, not taken from Veridict's output.

    python -m bench.venue_set   # writes bench/questions/venue/{contracts,questions}.jsonl
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bench.paraphrase_set import DATA, PdfPages, span_found

OUT = Path(__file__).resolve().parent / "questions" / "venue"

# (doc_id, question, gold place, a phrase inside the forum sentence)
ENTRIES = [
    ("cuad-69a9f319", "Which courts hear disputes under our content license with Zynga?",
     "Northern District of California", "Northern District of California"),
    ("cuad-9740c20b", "Where does European Micro have to litigate disputes with WatchGuard?",
     "King County", "King County"),
    ("cuad-67e632e2", "What's the venue for claims under the EDGE and FRE alliance deal?",
     "Collin County", "Collin County"),
    ("cuad-1ecce1a2", "Which court handles disputes under the Honeywell and Garrett IP agreement?",
     "New York City", "sitting in New York City"),
    ("cuad-f911f596", "Where do disputes over the Walabot reseller deal with Vayyar get heard?",
     "New York County", "New York County"),
    ("cuad-8ff019dd", "Where must lawsuits about the PennTex gas transportation deal be brought?",
     "Harris County", "Harris County"),
    ("cuad-1d76fbae", "Where would an arbitration with Ginares take place?", "Paris", "Paris (France)"),
    ("cuad-c0083ffb", "Which courts does Kathy Whitworth submit to under her endorsement deal?",
     "Essex County", "Essex County"),
    ("cuad-e5ad84c1", "Where is the arbitration held under the Corio hosting agreement?",
     "San Francisco", "in accordance with the Rules in San"),
]


def sentence_span(text: str, phrase: str) -> tuple[int, int]:
    """The sentence holding ``phrase`` (whitespace-tolerant), as offsets into ``text``."""
    m = re.search(r"\s+".join(re.escape(w) for w in phrase.split()), text)
    if m is None:
        raise ValueError(f"phrase not found: {phrase!r}")
    stops = [i + 2 for i in (text.rfind(". ", 0, m.start()), text.rfind("\n\n", 0, m.start())) if i != -1]
    start = max(stops, default=0)  # after the last full stop or blank line; the text's start when there is none
    end = text.find(".", m.end())
    return start, (end + 1 if end != -1 else len(text))


def build(cuad: Path = DATA) -> tuple[list[dict], list[dict]]:
    dev = {json.loads(line)["doc_id"]: json.loads(line) for line in (cuad / "dev" / "contracts.jsonl").open()}
    pdf = PdfPages()
    contracts, questions = [], []
    for n, (doc_id, question, gold, phrase) in enumerate(ENTRIES, start=1):
        contract = dev[doc_id]
        text = (cuad / contract["txt_path"]).read_text(encoding="utf-8")
        start, end = sentence_span(text, phrase)
        pages = pdf.pages(cuad / contract["pdf_path"])
        span = {"doc_id": doc_id, "start": start, "end": end, "text": text[start:end], "section_hint": None}
        page = next(p for p in range(1, len(pages) + 1)
                    if span_found({**span, "page_start": p, "page_end": p}, text, pages))
        span.update(page_start=page, page_end=page)
        if gold.split()[0] not in span["text"]:
            raise ValueError(f"{doc_id}: gold {gold!r} is not in its evidence")
        contracts.append(contract)
        questions.append({"qid": f"v{n:04d}", "qtype": "exact_value/venue", "question": question,
                          "expected_behavior": "answer_with_citation", "gold_answer": gold,
                          "gold_answer_titles": None, "doc_ids": [doc_id], "evidence": [span],
                          "derivation": "hand-written over a dev contract; gold read off the forum sentence"})
    return contracts, questions


def main() -> int:
    contracts, questions = build()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, rows in (("contracts", contracts), ("questions", questions)):
        (OUT / f"{name}.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    print(f"{len(questions)} venue questions over {len(contracts)} dev contracts -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

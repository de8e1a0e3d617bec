"""The units the clause tagger sees on a CUAD contract, as ingest builds them, with the expert labels.

For one contract (its CUAD .txt): the parser's sections tagged by the rules, their own-text spans,
the chunks ingest would store (``make_chunks``), the chunks' embedding texts and vectors (cached on
disk, outside the repository), and the CUAD spans per category. Used by
``bench.train_clause_model`` (training) and ``bench.clause_type_agreement`` (measurement).

- ``contract_units(contract, annotations, embedder, cache_dir) -> Units``;
- ``chunk_labels(units, tags) -> (n_chunks, n_tags) bool``: the types whose CUAD spans overlap each chunk;
- ``training_contracts(hold_out=None) -> list[dict]``: the train half less the paraphrase-set contracts (and a
  held-out fold's).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.fact_agreement import DATA, ROOT, load_contracts
from ingest.chunking import embedding_text, make_chunks
from ingest.clause_types import CUAD_TO_TAG, own_text_spans, sections_from_parsed
from ingest.text_document import parsed_from_text
from veridict.types import Chunk, Section

CACHE_DIR = Path(os.environ.get("VERIDICT_CLAUSE_CACHE", "/tmp/veridict-clause-units"))
PARAPHRASE_CONTRACTS = ROOT / "bench" / "questions" / "paraphrase" / "contracts.jsonl"
MIN_OVERLAP = 40  # characters of a CUAD span a chunk must hold to be labelled with it (or the whole span)


@dataclass
class Units:
    doc_id: str
    sections: list[Section]  # rule-tagged
    spans: list[tuple[int, int]]  # each section's own text (up to its first subsection)
    chunks: list[Chunk]
    vectors: np.ndarray  # (n_chunks, dim)
    gold: dict[str, list[tuple[int, int]]]  # CUAD category -> located spans


def paraphrase_ids() -> set[str]:
    with open(PARAPHRASE_CONTRACTS, encoding="utf-8") as fh:
        return {json.loads(line)["doc_id"] for line in fh if line.strip()}


def training_contracts(hold_out: Path | None = None) -> list[dict]:
    """The train half (md5(doc_id) even, outside dev) less the 48 paraphrase-set contracts, and less the contracts
    of ``hold_out`` (a contracts.jsonl: a study model for a fresh fold is trained without it)."""
    keep_out = paraphrase_ids()
    if hold_out is not None:
        keep_out |= {json.loads(line)["doc_id"] for line in hold_out.read_text(encoding="utf-8").splitlines() if line}
    return [c for c in load_contracts("train") if c["doc_id"] not in keep_out]


def _vectors(doc_id: str, texts: list[str], embedder, cache_dir: Path) -> np.ndarray:
    key = hashlib.sha1("\x1e".join([embedder.model_name, *texts]).encode()).hexdigest()[:16]
    path = cache_dir / f"{doc_id}-{key}.npy"
    if path.exists():
        return np.load(path)
    vecs = embedder.embed_documents(texts) if texts else np.zeros((0, embedder.dim), dtype=np.float32)
    cache_dir.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, vecs)
    tmp.replace(path)
    return vecs


def contract_units(con: dict, anns: dict, embedder, cache_dir: Path = CACHE_DIR) -> Units:
    text = (DATA / con["txt_path"]).read_text(encoding="utf-8", errors="replace")
    parsed = parsed_from_text(text, con["txt_path"], con.get("title", ""))
    sections = sections_from_parsed(parsed, "bench", con["doc_id"])
    chunks = make_chunks(parsed, sections, "bench", con["doc_id"])
    by_id = {s.id: s for s in sections}
    texts = [embedding_text(c, by_id.get(c.section_id or "")) for c in chunks]
    gold = {
        cat: [(s["start"], s["end"]) for s in anns.get(con["doc_id"], {}).get(cat, {}).get("spans", [])
              if s.get("start") is not None]
        for cat in CUAD_TO_TAG
    }
    return Units(con["doc_id"], sections, own_text_spans(parsed), chunks,
                 _vectors(con["doc_id"], texts, embedder, cache_dir), gold)


def chunk_labels(units: Units, tags: list[str]) -> np.ndarray:
    """(n_chunks, n_tags): a chunk holds at least MIN_OVERLAP characters of a CUAD span of the type."""
    col = {t: j for j, t in enumerate(tags)}
    y = np.zeros((len(units.chunks), len(tags)), dtype=bool)
    for cat, spans in units.gold.items():
        j = col.get(CUAD_TO_TAG[cat])
        if j is None:
            continue
        for gs, ge in spans:
            need = min(MIN_OVERLAP, max(1, ge - gs))
            for i, c in enumerate(units.chunks):
                if min(ge, c.char_end) - max(gs, c.char_start) >= need:
                    y[i, j] = True
    return y


def data_hash(contracts: list[dict]) -> str:
    """sha256 of the training contract ids and of the annotation file."""
    h = hashlib.sha256()
    h.update("\n".join(sorted(c["doc_id"] for c in contracts)).encode())
    with open(DATA / "annotations.jsonl", "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()

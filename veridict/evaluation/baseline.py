"""Plain vector-RAG baseline: the same chunks and embeddings as the agent, nothing else.

Embed the question, take the top-k chunks of the tenant (active documents only), answer with
the sentence of the best chunk that shares the most words with the question, cite that chunk.
No facts, no graph, no critique; it refuses only when nothing is retrieved.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from veridict.types import Answer, Citation, DocStatus, Document, TraceStep

if TYPE_CHECKING:
    from stores.postgres import PostgresStore
    from stores.qdrant import QdrantStore
    from veridict.embeddings import Embedder

STOPWORDS = frozenset(
    """a an and any are as at be between by can could did do does for from has have how in into
    is it its may might must not of on or shall should such than that the their there these this
    those to under upon was were what when where which who whom whose why will with would you your
    agreement contract""".split()
)
# a sentence ends at . ; ! ? (not after a bare clause number such as "18.") or at a blank line
_SENTENCE_END = re.compile(r"(?<=[^\d\s][.;!?])\s+(?=[\"“(A-Z0-9])|\n\s*\n")
MIN_SENTENCE_CHARS = 25


def stem(word: str) -> str:
    """A light suffix fold: governing/governed -> govern, laws -> law."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    """Lower-case words of three letters or more, stopwords removed, suffixes folded."""
    return {
        stem(w)
        for w in re.findall(r"[a-z0-9]+", text.lower())
        if len(w) >= 3 and w not in STOPWORDS
    }


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of ``text``, surrounding whitespace trimmed."""
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def best_sentence(question: str, text: str) -> tuple[int, int]:
    """The sentence sharing the most content words with the question (earliest on ties);
    fragments shorter than MIN_SENTENCE_CHARS lose to any full sentence."""
    q = content_words(question)
    spans = split_sentences(text) or [(0, len(text))]
    best, best_key = spans[0], None
    for i, (s, e) in enumerate(spans):
        key = (e - s >= MIN_SENTENCE_CHARS, len(q & content_words(text[s:e])), -i)
        if best_key is None or key > best_key:
            best, best_key = (s, e), key
    return best


def page_of(pages: list[tuple[int, int, int]], offset: int, default: int) -> int:
    for number, start, end in pages:
        if start <= offset < end:
            return number
    return default


class BaselineAnswerer:
    """Callable ``question -> Answer`` over one tenant's chunks."""

    def __init__(
        self,
        vectors: QdrantStore,
        embedder: Embedder,
        pg: PostgresStore,
        tenant: str,
        k: int = 5,
    ) -> None:
        if k < 1:
            raise ValueError("k must be at least 1")
        self.vectors, self.embedder, self.pg, self.tenant, self.k = vectors, embedder, pg, tenant, k
        self._docs: dict[str, Document | None] = {}

    def _document(self, document_id: str) -> Document | None:
        if document_id not in self._docs:
            self._docs[document_id] = self.pg.get_document(self.tenant, document_id)
        return self._docs[document_id]

    def __call__(self, question: str) -> Answer:
        t0 = time.perf_counter()
        vector = self.embedder.embed_query(question)
        hits = self.vectors.search(self.tenant, vector, k=self.k)
        hits = [
            h
            for h in hits
            if (d := self._document(str(h.payload.get("document_id", "")))) is not None
            and d.status == DocStatus.active
        ]
        ms = (time.perf_counter() - t0) * 1000.0
        trace = [
            TraceStep(
                node="baseline",
                tool="vector_search",
                arguments={"k": self.k},
                results=len(hits),
                ms=ms,
            )
        ]
        if not hits:
            return Answer(
                question=question,
                text="Not found: nothing in the library matches the question.",
                refused=True,
                refusal_reason="nothing retrieved",
                trace=trace,
            )
        hit = hits[0]
        p = hit.payload
        text = str(p.get("text", ""))
        s, e = best_sentence(question, text)
        doc = self._document(str(p["document_id"]))
        assert doc is not None  # filtered above
        char_start = int(p.get("char_start", 0)) + s
        page = int(p.get("page_start", 1))
        pages_of = getattr(self.pg, "pages", None)  # an extension of the store API
        if pages_of is not None:
            page = page_of(pages_of(self.tenant, doc.id), char_start, page)
        clause_number = clause_title = None
        if p.get("section_id"):
            section = self.pg.get_section(self.tenant, str(p["section_id"]))
            if section is not None:
                clause_number, clause_title = section.number, section.title
        citation = Citation(
            document_id=doc.id,
            document_title=doc.title,
            version=doc.version,
            page=page,
            clause_number=clause_number,
            clause_title=clause_title,
            char_start=char_start,
            char_end=int(p.get("char_start", 0)) + e,
            quote=text[s:e],
            store="vectors",
            source_path=doc.source_path,
        )
        return Answer(
            question=question,
            text=text[s:e],
            citations=[citation],
            confidence=float(hit.score),
            trace=trace,
        )


class _HasStores(Protocol):
    vectors: QdrantStore
    embedder: Embedder
    pg: PostgresStore


def baseline_factory(stores: _HasStores, k: int = 5) -> Callable[[str, str], BaselineAnswerer]:
    """An ``AnswererFactory`` for ``cli_entry.evaluate``: (tenant, mode) -> BaselineAnswerer."""

    def make(tenant: str, mode: str = "baseline") -> BaselineAnswerer:
        return BaselineAnswerer(stores.vectors, stores.embedder, stores.pg, tenant, k=k)

    return make

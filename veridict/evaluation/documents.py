"""Map what an answer cites (an ingested Document) back to the evaluation's contract ids.

Documents are identified by doc_key = normalised file stem of the contract's pdf_path
(see ``questions.doc_key_for_path``); keys are compared on letters and digits only, so a
different normalisation on the ingest side (``_`` vs ``-``) still matches.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePath

from veridict.evaluation.questions import Contract, doc_key_for_path, key_signature
from veridict.types import Citation, Document


def _title_signature(text: str) -> str:
    return key_signature(text)


class DocResolver:
    """Resolves a Document, a Citation or a file name to a contract ``doc_id`` (or None)."""

    def __init__(self, contracts: Iterable[Contract], documents: Iterable[Document] = ()) -> None:
        self.contracts: dict[str, Contract] = {c.doc_id: c for c in contracts}
        self._by_signature: dict[str, str] = {}
        titles: dict[str, set[str]] = {}
        for c in self.contracts.values():
            for name in (c.pdf_path, c.txt_path, c.cuad_filename):
                self._by_signature[key_signature(doc_key_for_path(name))] = c.doc_id
            for title in {c.title, c.title_clean or ""} - {""}:
                titles.setdefault(_title_signature(title), set()).add(c.doc_id)
        # a title resolves only when exactly one contract carries it ("SUPPLY AGREEMENT" is common)
        self._by_title = {t: next(iter(ids)) for t, ids in titles.items() if len(ids) == 1 and t}
        self._by_document_id: dict[str, str] = {}
        self._txt_documents: set[str] = set()  # ingested from the CUAD TXT: offsets comparable
        for d in documents:
            self.add_document(d)

    def add_document(self, document: Document) -> str | None:
        """Remember an ingested document; returns the contract it is (None if none)."""
        doc_id = self.resolve_key(document.doc_key) or self.resolve_name(document.source_path)
        if doc_id:
            self._by_document_id[document.id] = doc_id
            if PurePath(document.source_path).suffix.lower() == ".txt":
                self._txt_documents.add(document.id)
        return doc_id

    def add_id(self, document_id: str, doc_key_or_path: str, from_txt: bool = False) -> str | None:
        """Remember a document id by its doc_key (or file path); returns the contract or None."""
        doc_id = self.resolve_key(doc_key_or_path) or self.resolve_name(doc_key_or_path)
        if doc_id:
            self._by_document_id[document_id] = doc_id
            if from_txt:
                self._txt_documents.add(document_id)
        return doc_id

    def offsets_comparable(self, citation: Citation) -> bool:
        """True when the cited document's text is the CUAD TXT the evidence offsets index."""
        if citation.document_id in self._txt_documents:
            return True
        src = citation.source_path or ""
        return PurePath(src).suffix.lower() == ".txt" and self.resolve_name(src) is not None

    def resolve_key(self, doc_key: str | None) -> str | None:
        if not doc_key:
            return None
        return self._by_signature.get(key_signature(doc_key))

    def resolve_name(self, path_or_name: str | None) -> str | None:
        """A file path or name -> contract, also when the stored name carries a prefix/suffix."""
        if not path_or_name:
            return None
        sig = key_signature(doc_key_for_path(path_or_name))
        if not sig:
            return None
        if sig in self._by_signature:
            return self._by_signature[sig]
        hits = {d for s, d in self._by_signature.items() if len(s) >= 12 and s in sig}
        return hits.pop() if len(hits) == 1 else None

    def resolve(self, citation: Citation) -> str | None:
        """The contract a citation points to: by document id, source file, then unique title."""
        if citation.document_id in self._by_document_id:
            return self._by_document_id[citation.document_id]
        found = self.resolve_name(citation.source_path)
        if found:
            return found
        title = citation.document_title or ""
        found = self.resolve_key(title) or self.resolve_name(
            title if PurePath(title).suffix else None
        )
        if found:
            return found
        return self._by_title.get(_title_signature(title))

    def title_of(self, doc_id: str) -> str:
        c = self.contracts.get(doc_id)
        if c is None:
            return doc_id
        return c.title_clean or c.title or doc_id

"""Draft an answer from graded evidence: extractive (no LLM) or by the chat model.

The extractive draft states values from fact rows (falling back to the best
sentence of a retrieved clause), quotes clauses, lists and compares, and
computes sums and date differences with the calculator tool. Every sentence
carries the numbers of the citations it rests on; the provenance node checks
them before anything is shown. A fact is stated only when its quote states its
value (or its quote, widened to nearby stored text, does); a derived date
(expiration = start + term) is stated as a calculation citing both the quoted
start date and the quoted term, or not at all.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict
from typing import Literal

from pydantic import BaseModel, Field

from agents.critic import RELEVANT, STRONG, Grade, key_terms, names_asked_thing
from agents.figures import (
    add_period,
    duration_days,
    durations_in,
    extract_figures,
    fmt_number,
    parse_date,
    parse_money,
    quote_states,
)
from agents.planner import DocumentRef, Plan
from agents.vocab import (
    AMOUNT_WORDS,
    ATTRIBUTE_BY_NAME,
    CLAUSE_BY_NAME,
    PERIOD_NOUNS,
    QUALIFIERS,
    clause_label,
    content_words,
)
from ingest.clause_types import RULES, tag_text, title_tags
from tools.base import MAX_QUOTE_CHARS, HitMeta, ToolContext
from tools.calculator import CalculatorArgs, calculator
from tools.text import best_span, find_loose, normalise_space, page_holding, sentences
from veridict.types import Citation, Evidence, TraceStep

QUALIFIER_NAMES_AMOUNT = {t.name for t in QUALIFIERS}

try:
    from stores.names import alias_key
except ImportError:  # pragma: no cover
    def alias_key(name: str) -> str:
        return re.sub(r"[^a-z0-9 ]", "", name.lower()).strip()

LABELS = {
    "governing_law": "governing law",
    "agreement_date": "agreement date",
    "effective_date": "effective date",
    "expiration_date": "expiration date",
    "renewal_term": "renewal term",
    "notice_period": "notice period",
    "party": "parties",
    "amount": "amount",
    "term": "term",
}
START_ATTRS = ("effective_date", "commencement_date", "agreement_date")
STORE_RANK = {"facts": 0, "tables": 1, "graph": 2, "lexical": 3, "vectors": 3}
QUOTE_CHARS = 320


class DraftClaim(BaseModel):
    text: str
    citation_indexes: list[int] = Field(default_factory=list)  # 1-based into Draft.citations
    kind: Literal["claim", "framing"] = "claim"
    addendum: bool = False  # version history / source conflict: carried over into an LLM draft


class Draft(BaseModel):
    claims: list[DraftClaim] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    evidence_ids: list[str] = Field(default_factory=list)  # parallel to citations
    derived_numbers: list[float] = Field(default_factory=list)  # computed by the calculator or counted
    derived_dates: list[str] = Field(default_factory=list)
    refusal_reason: str | None = None
    mode: Literal["extractive", "llm"] = "extractive"
    notes: list[str] = Field(default_factory=list)
    verbatim: list[str] = Field(default_factory=list)  # names from the question; not figures to check

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.claims)


class Drafter:
    """Builds a Draft; ``cite`` numbers citations in order of first use."""

    def __init__(self, plan: Plan, evidence: list[Evidence], meta: dict[str, HitMeta], grades: dict[str, Grade],
                 ctx: ToolContext | None = None):
        self.plan = plan
        self.meta = meta
        self.grades = grades
        self.ctx = ctx
        self.evidence = [e for e in evidence if self.rel(e) >= RELEVANT]
        self.draft = Draft(verbatim=list(dict.fromkeys(plan.exclude_parties + plan.entities +
                                                       [p for r in plan.documents for p in r.parties])))
        self.trace: list[TraceStep] = []
        self.calls = 0

    # -- helpers ------------------------------------------------------------------------------

    def rel(self, e: Evidence) -> float:
        g = self.grades.get(e.id)
        return g.relevance if g else 0.0

    def doc_of(self, e: Evidence) -> str:
        m = self.meta.get(e.id)
        return m.document_id if m else e.citation.document_id

    def status_of(self, e: Evidence) -> str:
        m = self.meta.get(e.id)
        return m.status if m else "active"

    def cite(self, e: Evidence, quote: str | None = None) -> int:
        if e.id in self.draft.evidence_ids and quote is None:
            return self.draft.evidence_ids.index(e.id) + 1
        citation = e.citation
        if quote is not None and quote.strip():
            m = self.meta.get(e.id)
            citation = _narrow(citation, quote, m.pages if m else (), e.text)
            key = f"{e.id}#{hash(citation.quote)}"
        else:
            key = e.id
        if key in self.draft.evidence_ids:
            return self.draft.evidence_ids.index(key) + 1
        self.draft.citations.append(citation)
        self.draft.evidence_ids.append(key)
        return len(self.draft.citations)

    def say(self, text: str, cites: list[int], kind: str = "claim", addendum: bool = False) -> None:
        marks = "".join(f"[{i}]" for i in dict.fromkeys(cites))
        text = text.rstrip()
        end = "" if text.endswith((".", "?", "!", '"', "”", ":")) else "."
        self.draft.claims.append(DraftClaim(text=f"{text}{(' ' + marks) if marks else ''}{end}",
                                            citation_indexes=list(dict.fromkeys(cites)), kind=kind,
                                            addendum=addendum))

    def title(self, e: Evidence, version: bool = False) -> str:
        c = e.citation
        return f"{c.document_title} (v{c.version})" if version else c.document_title

    def where(self, c: Citation) -> str:
        parts = []
        if c.clause_number:
            parts.append(f"§ {c.clause_number}")
        parts.append(f"p. {c.page}")
        return ", ".join(parts)

    def cited_where(self, n: int) -> str:
        """Where citation ``n`` (1-based) points: a narrowed quote may stand on a later page than its passage."""
        return self.where(self.draft.citations[n - 1])

    def span_of(self, e: Evidence, extra_terms: list[str] = ()) -> str:
        text = _span_source(e)
        terms = content_words(self.plan.question) + list(extra_terms)
        s, t, _ = best_span(text, terms, phrases=key_terms(self.plan), max_chars=QUOTE_CHARS)
        return normalise_space(text[s:t]) if t > s else normalise_space(text[:QUOTE_CHARS])

    def clause_span(self, e: Evidence, tagged: bool = False) -> str | None:
        """The passage's sentence that is itself the asked clause (not its heading, not a sentence beside a
        clause that only the whole section matches), or None when no sentence of the passage is. With
        ``tagged``, only a sentence that the clause-type rules of ingestion also put in an asked category."""
        text = _span_source(e)
        asked = set(self.plan.clause_types)

        def keep(span: str) -> bool:
            return names_asked_thing(self.plan, span) and (not tagged or bool(asked & set(tag_text(span))))

        s, t, _ = best_span(text, content_words(self.plan.question), phrases=key_terms(self.plan),
                            max_chars=QUOTE_CHARS, keep=keep)
        return normalise_space(text[s:t]) if t > s else None

    def clause_quotes(self, ids: set[str] | None) -> list[tuple[Evidence, str]]:
        """(passage, quote) pairs of ``clause_candidates``, best first."""
        return [(e, span) for _, e, span in self.clause_candidates(ids)]

    def clause_candidates(self, ids: set[str] | None) -> list[tuple[int, Evidence, str]]:
        """(rank, passage, quote) for each retrieved passage that states the asked clause, best first:
        1. a sentence naming the asked thing under a heading of its kind ("15. LIMITATION OF LIABILITY");
        2. a sentence that both the key terms and the clause-type rules of ingestion recognise;
        3. a sentence that only names the asked thing (an indemnity names "liabilities" but caps nothing);
        4. a definition ('"Termination Date" shall mean ...' defines, it binds no one).
        Within a rank, by relevance."""
        asked = [t for t in self.plan.clause_types if t in RULES]
        ranked: list[tuple[int, int, Evidence, str]] = []
        for i, e in enumerate(self.texts_for(ids)):  # texts_for is by relevance
            if not names_asked_thing(self.plan, e.text):
                continue
            span = self.clause_span(e, tagged=True) if asked else None
            tagged = span is not None
            span = span or self.clause_span(e)
            if span is None:
                continue
            title = e.citation.clause_title or ""
            if _DEFINITION.match(span):
                rank = 4
            elif title and set(asked) & set(title_tags(title)) and names_asked_thing(self.plan, span):
                rank = 1
            else:
                rank = 2 if tagged else 3
            ranked.append((rank, i, e, span))
        ranked.sort(key=lambda r: r[:2])
        return [(rank, e, span) for rank, _, e, span in ranked]

    def facts_for(self, attribute: str, doc_ids: set[str] | None, status: str = "active") -> list[Evidence]:
        term = ATTRIBUTE_BY_NAME.get(attribute)
        wanted = set(term.fact_attributes if term else (attribute,))
        out = [e for e in self.evidence if e.fact is not None and e.fact.attribute in wanted
               and self.status_of(e) == status and (doc_ids is None or self.doc_of(e) in doc_ids)]
        fit: dict[str, float] = {}
        if attribute == "amount":  # a table cell without a figure (a unit, a name) is not an amount
            out = [e for e in out if e.fact.attribute != "table_cell" or e.fact.value_num is not None]
            fit = {e.id: self.cell_fit(e) for e in out if e.fact.attribute == "table_cell"}
        order = {a: i for i, a in enumerate(term.fact_attributes if term else (attribute,))}
        out.sort(key=lambda e: (-round(self.rel(e) + fit.get(e.id, 0.0), 2), order.get(e.fact.attribute, 9),
                                STORE_RANK.get(e.store, 5), -e.fact.confidence))
        if attribute.endswith("_date"):
            # the date asked for before a stand-in: when a contract states when it was entered into AND when it
            # takes effect, the agreement date is not its effective date (nor the other way round)
            out.sort(key=lambda e: e.fact.attribute != attribute)
        return out

    def cell_fit(self, cell: Evidence) -> float:
        """Adjusts an amount-table cell's rank: a money value in a column headed by an amount word, in the row
        the question names (by the row header or another cell of the row: "monthly" ~ "per month")."""
        f = cell.fact
        money = bool(f.unit and len(f.unit) == 3 and f.unit.isalpha()) or \
            bool((parse_money(f.value_text) or (0, None))[1])
        asked_amount = set(AMOUNT_WORDS) | {w for q in self.plan.qualifiers for w in q.split("_")}
        column = set(_row_words(f.dimension or ""))
        score = (0.02 if money else -0.05) + (0.02 if column & asked_amount else -0.02)
        mentions = {w for r in self.plan.documents for w in content_words(r.mention)}
        asked = _row_words(self.plan.question) - AMOUNT_WORDS - mentions
        hits = sum(1 for w in asked if any(_same_word(w, r) for r in self.row_of(cell) - AMOUNT_WORDS))
        return score + (0.03 * min(hits, 2) if hits else -0.03)

    def row_of(self, cell: Evidence) -> set[str]:
        """Words of the cell's row: its header and the values of the row's other cells in the evidence."""
        f = cell.fact
        key = (self.doc_of(cell), f.page, f.qualifier, (f.metric or "").lower())
        texts = [f.metric or ""] + [e.fact.value_text for e in getattr(self, "_all", self.evidence)
                                    if e.fact is not None and e.fact.attribute == "table_cell"
                                    and (self.doc_of(e), e.fact.page, e.fact.qualifier,
                                         (e.fact.metric or "").lower()) == key]
        return _row_words(" ".join(texts)) if f.metric else set()

    def texts_for(self, doc_ids: set[str] | None) -> list[Evidence]:
        out = [e for e in self.evidence if e.fact is None and e.store != "graph" and self.status_of(e) == "active"
               and (doc_ids is None or self.doc_of(e) in doc_ids)]
        out.sort(key=lambda e: -self.rel(e))
        seen: set[tuple] = set()
        unique = []
        for e in out:  # a section and its chunk are the same passage
            m = self.meta.get(e.id)
            key = (self.doc_of(e), (m.section_id if m and m.section_id else None) or e.citation.char_start)
            if key not in seen:
                seen.add(key)
                unique.append(e)
        return unique

    def target_groups(self) -> list[tuple[str, set[str] | None]]:
        """(label, document ids) for each document the answer is about."""
        if self.plan.documents:
            return [(r.mention, set(r.document_ids)) for r in self.plan.documents if r.document_ids]
        docs: list[str] = []
        for e in sorted(self.evidence, key=lambda e: -self.rel(e)):
            d = self.doc_of(e)
            if self.status_of(e) == "active" and d not in docs and self.rel(e) >= STRONG:
                docs.append(d)
        return [(d, {d}) for d in docs[:3]] or [("library", None)]

    # -- value statements ---------------------------------------------------------------------

    def value_of(self, fact_ev: Evidence) -> str:
        f = fact_ev.fact
        if f.attribute in ("amount", "table_cell") and f.value_num is not None and f.unit and len(f.unit) == 3 \
                and f.unit.isalpha():
            return f"{f.unit.upper()} {f.value_num:,.2f}".replace(".00", "")
        value = f.value_text
        if f.attribute == "renewal_term" and (f.qualifier or "") == "successive" and "successive" not in value \
                and "-to-" not in value and "basis" not in value:
            value = f"successive {value}"
        has_unit = re.search(r"\b(days?|weeks?|months?|years?|hours?)\b|%", value, re.I)
        if f.unit and f.unit.lower() not in value.lower() and not has_unit and f.attribute not in (
                "agreement_date", "effective_date", "expiration_date"):
            value = f"{f.unit} {value}" if len(f.unit) == 3 and f.unit.isupper() else f"{value} {f.unit}"
        return value

    def state_value(self, attribute: str, doc_ids: set[str] | None, many_docs: bool) -> Evidence | None:
        """One sentence for the asked attribute in these documents; returns the evidence used."""
        label = LABELS.get(attribute, attribute.replace("_", " "))
        amount_kinds = [q for q in self.plan.qualifiers if q in QUALIFIER_NAMES_AMOUNT]
        if attribute == "amount" and amount_kinds:
            label = amount_kinds[0].replace("_", " ")
        facts = self.facts_for(attribute, doc_ids)
        if attribute == "party":
            return self.state_parties(facts, doc_ids)
        if attribute == "expiration_date":
            for e in facts:  # "... for three (3) years expiring May 31, 2001": the contract's own end date wins
                end = _stated_end(e.citation.quote)
                if end is not None:
                    doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
                    self.say(f'The {label}{doc} is {end} ({self.where(e.citation)}: "{_short(e.citation.quote)}")',
                             [self.cite(e)])
                    return e
        if facts and attribute == "expiration_date" and facts[0].fact.attribute == "term":
            if self.expiry_from_term(facts[0]):
                return facts[0]
        stated = [q for q in (self.quoted(e) for e in facts) if q is not None]
        if facts and (not stated or stated[0].fact.attribute == "term"):
            # no quote states the date: derive it from a quoted start date and the quoted term, or say only
            # what the page says; never show a figure the user cannot find in a cited quote
            for e in facts:
                if e.fact.attribute.endswith("_date") and self.quoted(e) is None and \
                        self.derived_date(e, label, doc_ids, many_docs):
                    return e
            if stated and self.expiry_from_term(stated[0]):
                return stated[0]
            for e in stated[:1] or facts:
                if e.fact.attribute in ("expiration_date", "term") and self.term_only(e, label, many_docs):
                    return e
        facts = stated
        if facts:
            best = facts[0]
            n = self.cite(best)
            doc = f" in {self.title(best, version=True)}" if many_docs or self.plan.documents else ""
            row = best.fact.metric if best.fact.attribute == "table_cell" else None
            if row and not re.search(r"\d", row):  # the row it is read from (a figure would need a citation)
                label = f"{label} for {normalise_space(row)}"
            also = self.also_stated(best)
            pages = ", ".join(f"p. {e.citation.page}" for e in also)
            self.say(f'The {label}{doc} is {self.value_of(best)} ({self.where(best.citation)}: '
                     f'"{_short(best.citation.quote)}"{f"; also stated on {pages}" if also else ""})',
                     [n] + [self.cite(e, e.citation.quote) for e in also])
            self.conflicts(best, facts[1:] + self.texts_for({self.doc_of(best)}))
            self.history(best, attribute)
            return best
        texts = [e for e in self.texts_for(doc_ids) if _value_shape(attribute, e.text)
                 and names_asked_thing(self.plan, e.text)]
        for best in texts:  # the quoted span itself must name the asked thing and hold a value
            span = self.span_of(best)
            if not (_value_shape(attribute, span) and names_asked_thing(self.plan, span)):
                continue
            n = self.cite(best, span)
            self.say(f'{self.title(best)} ({self.cited_where(n)}) states: "{span}"', [n])
            return best
        return None

    def also_stated(self, best: Evidence, limit: int = 2) -> list[Evidence]:
        """Other pages of the same document whose retrieved facts or text state the same date.

        A contract often gives its date on the cover and again in the opening paragraph or the
        signature block; a reader checking the answer may hold either page, so both are cited.
        Each returned item's quote is the sentence that states the date."""
        f = best.fact
        if f is None or not f.attribute.endswith("_date") or f.value_date is None:
            return []
        value, doc = f.value_date.isoformat(), self.doc_of(best)
        pages = {best.citation.page}
        out: list[Evidence] = []
        for e in self.evidence:  # another date fact of the document with the same date ("Dated: ..." on the cover)
            g = e.fact
            if g is None or e is best or len(out) >= limit or e.citation.page in pages or self.doc_of(e) != doc \
                    or self.status_of(e) != "active" or not g.attribute.endswith("_date") \
                    or g.value_date != f.value_date:
                continue
            if quote_states(e.citation.quote, value):
                pages.add(e.citation.page)
                out.append(e)
        for e in self.texts_for({doc}):
            if e.citation.page in pages or len(out) >= limit:
                continue
            text = e.citation.quote if e.citation.quote and e.citation.quote in e.text else e.text
            hit = next((g for g in extract_figures(text, structural=True) if g.kind == "date" and g.value == value),
                       None)
            if hit is None:
                continue
            lo, hi = next(((a, z) for a, z in sentences(text) if a <= hit.start and hit.end <= z),
                          (hit.start, hit.end))
            quote = text[max(lo, hit.start - 200):min(hi, hit.end + 200)].strip()
            if not quote_states(quote, value):
                continue
            pages.add(e.citation.page)
            out.append(e.model_copy(update={"citation": _narrow(e.citation, quote)}))
        return out

    def quoted(self, e: Evidence) -> Evidence | None:
        """The fact if its quote states its value; else the fact with its quote widened to the nearby stored
        text that states it (exact char span); else None (a figure the user could not see on the page)."""
        if e.fact is not None and not _words_stated(e):
            return None
        if e.fact is None or quote_states(e.citation.quote, self.value_of(e)):
            return e
        if not e.fact.attribute.endswith("_date"):
            return None
        return self.widened(e)

    def widened(self, e: Evidence, reach: int = 400) -> Evidence | None:
        f, c = e.fact, e.citation
        value = f.value_date.isoformat() if f.value_date else (parse_date(f.value_text) or dt.date.min).isoformat()
        pg = getattr(self.ctx, "pg", None)
        if pg is None or c.char_start is None or c.char_end is None or value == dt.date.min.isoformat():
            return None
        lo = max(0, c.char_start - reach)
        try:
            window = pg.document_text(self.ctx.tenant, c.document_id, lo, c.char_end + reach)
        except Exception:  # a store failure only means no widening
            return None
        hits = [g for g in extract_figures(window, structural=True) if g.kind == "date" and g.value == value]
        if not hits:
            return None
        near = min(hits, key=lambda g: min(abs(lo + g.start - c.char_start), abs(lo + g.end - c.char_end)))
        start, end = min(c.char_start, lo + near.start), max(c.char_end, lo + near.end)
        if end - lo < len(window) and window[end - lo] in ".;)":  # keep the sentence's own full stop
            end += 1
        if end - start > MAX_QUOTE_CHARS:
            return None
        text = window[start - lo:end - lo]
        strip_l = len(text) - len(text.lstrip())
        text = text.strip()
        start += strip_l
        citation = c.model_copy(update={"quote": text, "char_start": start, "char_end": start + len(text)})
        wide = e.model_copy(update={"id": f"{e.id}#wide", "citation": citation})
        if e.id in self.meta:
            self.meta.setdefault(wide.id, self.meta[e.id])
        if e.id in self.grades:
            self.grades.setdefault(wide.id, self.grades[e.id])
        return wide

    def start_facts(self, doc: str) -> list[Evidence]:
        """Start dates of a document (effective, commencement, agreement date) whose quotes state them."""
        found = {e.id: e for e in self.evidence_all() if e.fact is not None and self.doc_of(e) == doc
                 and e.fact.attribute in START_ATTRS and self.status_of(e) == "active"}
        pg = getattr(self.ctx, "pg", None)
        if pg is not None:
            from tools.facts import fact_evidence
            for attr in START_ATTRS:
                try:
                    rows = pg.query_facts(self.ctx.tenant, attribute=attr, document_ids=[doc], limit=10)
                except Exception:  # the facts channel being down only means no calculation
                    rows = []
                for fact, document in rows:
                    ev, meta = fact_evidence(fact, document, score=float(fact.confidence))
                    if ev.id not in found:
                        found[ev.id] = ev
                        self.meta.setdefault(ev.id, meta)
        order = {a: i for i, a in enumerate(START_ATTRS)}
        starts = sorted(found.values(), key=lambda e: (order[e.fact.attribute], -e.fact.confidence))
        return [q for q in (self.quoted(e) for e in starts) if q is not None]

    def derived_date(self, e: Evidence, label: str, doc_ids: set[str] | None, many_docs: bool) -> bool:
        """A date fact whose quote states a period, not the date (end = start + term): cite the quoted start
        date and the quoted term, and say the date is calculated."""
        end = e.fact.value_date or parse_date(e.fact.value_text)
        periods = durations_in(e.citation.quote)
        if end is None or not periods:
            return False
        for start in self.start_facts(self.doc_of(e)):
            if start.fact.attribute == e.fact.attribute:
                continue
            begin = start.fact.value_date or parse_date(start.fact.value_text)
            if begin is None:
                continue
            for n, unit, surface in periods:
                when = add_period(begin, n, unit)
                if when is None or end not in (when, when - dt.timedelta(days=1)):
                    continue
                doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
                start_label = LABELS.get(start.fact.attribute, start.fact.attribute.replace("_", " "))
                self.draft.derived_dates.append(end.isoformat())
                self.say(f'The {label}{doc} is calculated, not stated: the agreement runs {surface} '
                         f'({self.where(e.citation)}: "{_short(e.citation.quote)}") from its {start_label}, '
                         f'{begin.isoformat()} ({self.where(start.citation)}), so it ends on {end.isoformat()} '
                         f'(calculated)', [self.cite(e), self.cite(start)])
                return True
        return False

    def term_only(self, e: Evidence, label: str, many_docs: bool) -> bool:
        """The term is quoted but no quoted start date gives the end: state the term, invent no date."""
        periods = durations_in(e.citation.quote)
        if not periods:
            return False
        doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
        self.say(f'The contract does not state the {label}{doc} explicitly: it runs {periods[0][2]} '
                 f'({self.where(e.citation)}: "{_short(e.citation.quote)}"), so the end date depends on when that '
                 f'term started', [self.cite(e)])
        return True

    def expiry_from_term(self, term: Evidence) -> bool:
        """Expiration = effective (or agreement) date + initial term, computed by the calculator."""
        starts = self.start_facts(self.doc_of(term))
        if not starts or not durations_in(term.citation.quote):
            return False
        start = starts[0]
        when = self.calc(CalculatorArgs(operation="date_add", start=start.fact.value_text,
                                        duration=term.fact.value_text))
        if when is None:
            return False
        self.draft.derived_dates.append(when)
        label = start.fact.attribute.replace("_", " ")
        self.say(f"{self.title(term)} runs for {term.fact.value_text} ({self.where(term.citation)}: "
                 f'"{_short(term.citation.quote)}") from its {label} {start.fact.value_text}, so it expires on {when} '
                 f'(calculated)',
                 [self.cite(term), self.cite(start)])
        return True

    def state_parties(self, facts: list[Evidence], doc_ids: set[str] | None) -> Evidence | None:
        exclude = {alias_key(p) for p in self.plan.exclude_parties}
        seen: OrderedDict[str, Evidence] = OrderedDict()
        for e in facts:
            key = alias_key(e.fact.value_text)
            if not key or any(key == x or key in x or x in key for x in exclude if x):
                continue
            seen.setdefault(key, e)
        if not seen:
            return None
        cites = [self.cite(e) for e in seen.values()]
        names = [e.fact.value_text for e in seen.values()]
        if self.plan.exclude_parties:
            self.say(f"The counterparty of {self.plan.exclude_parties[0]} is {_join(names)}", cites)
        else:
            self.say(f"The parties are {_join(names)}", cites)
        return next(iter(seen.values()))

    def conflicts(self, winner: Evidence, others: list[Evidence]) -> None:
        """Say when a table cell or retrieved text gives a different figure than the winning fact."""
        wv = _figure(winner.fact.value_text, winner.fact.value_num)
        if wv is None:
            return
        for e in others:
            if e.fact is not None and e.store == "tables" and e.fact.qualifier == winner.fact.qualifier:
                ov = _figure(e.fact.value_text, e.fact.value_num)
                if ov is not None and ov != wv and winner.store == "facts":
                    n, m = self.cite(winner), self.cite(e)
                    self.say(f"A table cell ({self.where(e.citation)}) gives {e.fact.value_text} [{m}]; the stated "
                             f"fact ({self.where(winner.citation)}) takes precedence", [n], addendum=True)
                    return

    def history(self, current: Evidence, attribute: str) -> None:
        """Mention an earlier version's different value ("the earlier version (v1) said ...")."""
        cur_meta = self.meta.get(current.id)
        if cur_meta is None:
            return
        olds = [e for e in self.evidence_all() if e.fact is not None and self.status_of(e) == "superseded"
                and (m := self.meta.get(e.id)) is not None and m.doc_key == cur_meta.doc_key
                and e.fact.attribute == current.fact.attribute
                and (e.fact.qualifier or "") == (current.fact.qualifier or "")]
        for old in sorted(olds, key=lambda e: -e.citation.version):
            if _figure(old.fact.value_text, old.fact.value_num) != _figure(current.fact.value_text,
                                                                           current.fact.value_num):
                n = self.cite(old)
                self.say(f"The earlier version (v{old.citation.version}) said {self.value_of(old)}; "
                         f"the active version is v{current.citation.version}", [n], addendum=True)
                return

    def evidence_all(self) -> list[Evidence]:
        return self._all

    # -- intents ------------------------------------------------------------------------------

    def build(self, all_evidence: list[Evidence]) -> Draft:
        self._all = all_evidence
        intent = self.plan.intent
        handler = {
            "exact_value": self.exact_value,
            "clause_lookup": self.clause_lookup,
            "narrative": self.narrative,
            "list": self.list_or_count,
            "count": self.list_or_count,
            "compare": self.compare,
            "calculate": self.calculate,
            "relational": self.relational,
        }[intent]
        handler()
        if not self.draft.claims and not self.draft.refusal_reason:
            self.draft.refusal_reason = self.default_refusal()
        return self.draft

    def default_refusal(self) -> str:
        if self.plan.documents and self.plan.intent in ("exact_value", "calculate") and self.plan.document_ids:
            return "the contract does not specify"
        return "not found in the documents"

    def exact_value(self) -> None:
        groups = self.target_groups()
        attrs = self.plan.attributes or ["amount"]
        for _, ids in groups:
            for attr in attrs:
                self.state_value(attr, ids, many_docs=len(groups) > 1)

    def clause_lookup(self) -> None:
        for _, ids in self.target_groups():
            quoted = self.clause_quotes(ids)
            for e, span in quoted[:2]:
                n = self.cite(e, span)
                what = ", ".join(clause_label(c) for c in self.plan.clause_types[:1]
                                 if c in CLAUSE_BY_NAME) or "The relevant clause"
                prefix = f"{what[0].upper()}{what[1:]} — " if what != "The relevant clause" else ""
                self.say(f'{prefix}{self.title(e)} ({self.cited_where(n)}): "{span}"', [n])
            if not quoted and self.plan.attributes:
                for attr in self.plan.attributes:
                    self.state_value(attr, ids, many_docs=False)

    def narrative(self) -> None:
        texts = self.texts_for(set(self.plan.document_ids) or None)
        for e in texts[:2]:
            span = self.span_of(e)
            n = self.cite(e, span)
            self.say(f'{self.title(e)} ({self.cited_where(n)}): "{span}"', [n])

    def list_or_count(self) -> None:
        by_doc: OrderedDict[str, Evidence] = OrderedDict()
        if self.plan.attribute:
            for e in self.facts_for(self.plan.attribute, None):
                if self.rel(e) >= STRONG and self.date_ok(e):
                    by_doc.setdefault(self.doc_of(e), e)
        quotes: dict[str, str] = {}
        if not by_doc and self.plan.clause_types and not self.plan.attribute:
            # a document is listed for the clause it has, not for a passage that mentions the words: where
            # some documents have a clause the rules recognise, only those are listed
            candidates = self.clause_candidates(None)
            # ranks 1-2 are clauses; only when there are none do the best-ranked mentions stand in
            keep = max([2] + [rank for rank, _, _ in candidates[:1]])
            for rank, e, span in candidates:
                if rank <= keep and self.doc_of(e) not in by_doc:
                    by_doc[self.doc_of(e)], quotes[e.id] = e, span
        if not by_doc:
            for e in self.texts_for(None):
                by_doc.setdefault(self.doc_of(e), e)
        if not by_doc:
            return
        n = len(by_doc)
        self.draft.derived_numbers.append(float(n))
        what = self.plan.constraints.value_text or ", ".join(clause_label(c) for c in self.plan.clause_types[:1])
        head = f"{n} document{'s' if n != 1 else ''} match" + (f" ({what})" if what else "")
        self.say(head + ":", [], kind="framing")
        for e in by_doc.values():
            quote = quotes.get(e.id) or self.span_of(e)
            detail = self.value_of(e) if e.fact else f'"{quote[:160]}"'
            i = self.cite(e) if e.fact else self.cite(e, quote[:160])
            self.say(f"- {self.title(e)}: {detail} ({self.cited_where(i)})", [i])

    def date_ok(self, e: Evidence) -> bool:
        c = self.plan.constraints
        if not (c.date_from or c.date_to):
            return True
        d = e.fact.value_date or parse_date(e.fact.value_text)
        if d is None:
            return False
        return (c.date_from is None or d > c.date_from) and (c.date_to is None or d < c.date_to)

    def compare(self) -> None:
        """Each document's value (or clause), then the verdict, which the answer states first."""
        first = len(self.draft.claims)
        found: list[tuple[DocumentRef, Evidence | None]] = []
        for ref in self.plan.documents:
            ids = set(ref.document_ids)
            if self.plan.attribute:
                ev = self.state_value(self.plan.attribute, ids, many_docs=True)
            else:
                quoted = self.clause_quotes(ids)
                ev = quoted[0][0] if quoted else None
                if ev is not None:
                    span = quoted[0][1]
                    n = self.cite(ev, span)
                    self.say(f'{self.title(ev)} has such a clause ({self.cited_where(n)}): "{span}"', [n])
            found.append((ref, ev))
        for ref, ev in found:
            if ev is None:
                self.say(f"Nothing was found for {ref.titles[0] if ref.titles else ref.mention}", [], kind="framing")
        have = [(ref, ev) for ref, ev in found if ev is not None]
        if len(have) < 2:
            return
        before = len(self.draft.claims)
        self.verdict(have)
        verdict = self.draft.claims[before:]
        self.draft.claims[first:] = verdict + self.draft.claims[first:before]  # the answer first, then its grounds

    def named(self, ref: DocumentRef, e: Evidence) -> str:
        """A compared document as the question named it: its title, and its parties where the question gave them
        (two documents may share a title) unless the title already names them."""
        title = self.title(e)
        parties = [p for p in ref.parties if p.lower() not in title.lower()]
        return f"{title} ({_join(parties)})" if parties else title

    def verdict(self, have: list[tuple[DocumentRef, Evidence]]) -> None:
        comp = self.plan.comparison
        refs = {id(ev): ref for ref, ev in have}

        def name(ev: Evidence) -> str:
            return self.named(refs[id(ev)], ev)

        vals = []
        for _, ev in have:
            text = ev.fact.value_text if ev.fact else ev.text
            vals.append((ev, text))
        if comp in ("earlier", "later"):
            dated = [(ev, parse_date(t) or (ev.fact.value_date if ev.fact else None)) for ev, t in vals]
            dated = [(ev, d) for ev, d in dated if d]
            if len(dated) >= 2:
                pick = min(dated, key=lambda x: x[1]) if comp == "earlier" else max(dated, key=lambda x: x[1])
                self.say(f"{name(pick[0])} is the {comp} one", [self.cite(pick[0])])
        elif comp in ("longer", "shorter"):
            durs = [(ev, duration_days(t)) for ev, t in vals]
            durs = [(ev, d) for ev, d in durs if d is not None]
            if len(durs) >= 2 and len({d for _, d in durs}) > 1:
                pick = max(durs, key=lambda x: x[1]) if comp == "longer" else min(durs, key=lambda x: x[1])
                self.say(f"{name(pick[0])} has the {comp} period", [self.cite(pick[0])])
            elif len(durs) >= 2:
                self.say("Both periods are the same", [self.cite(ev) for ev, _ in durs])
        elif comp in ("larger", "smaller"):
            amounts = [(ev, parse_money(t)) for ev, t in vals]
            amounts = [(ev, a) for ev, a in amounts if a]
            if len(amounts) >= 2 and len({a[1] for _, a in amounts if a[1]}) <= 1:
                pick = max(amounts, key=lambda x: x[1][0]) if comp == "larger" else min(amounts, key=lambda x: x[1][0])
                self.say(f"{name(pick[0])} has the {comp} amount", [self.cite(pick[0])])
            elif len(amounts) >= 2:
                self.say("The amounts are in different currencies and are not compared", [], kind="framing")
        elif comp == "same" and self.plan.attribute:
            norm = {alias_key(t) for _, t in vals}
            same = len(norm) == 1
            self.say("Yes, they are the same" if same else "No, they differ", [self.cite(ev) for ev, _ in vals])

    def calculate(self) -> None:
        attrs = self.plan.attributes
        if len([a for a in attrs if a.endswith("_date")]) >= 2:
            ids = set(self.plan.document_ids) or None
            a, b = [self.facts_for(x, ids) for x in attrs[:2]]
            if a and b:
                start, end = a[0], b[0]
                result = self.calc(CalculatorArgs(operation="date_difference", start=start.fact.value_text,
                                                  end=end.fact.value_text, unit="days"))
                if result:
                    self.say(f"From {start.fact.value_text} to {end.fact.value_text} is {result} days",
                             [self.cite(start), self.cite(end)])
                return
        amounts: list[Evidence] = []
        for _, ids in self.target_groups():
            facts = self.facts_for("amount", ids)
            if facts:
                amounts.append(facts[0])
        if not amounts:
            return
        if len(amounts) < 2:
            e = amounts[0]
            self.say(f"Only one amount was found: {self.value_of(e)} in {self.title(e)} ({self.where(e.citation)})",
                     [self.cite(e)])
            return
        parts = [self.value_of(e) for e in amounts]
        result = self.calc(CalculatorArgs(operation="sum_amounts", amounts=parts))
        cites = [self.cite(e) for e in amounts]
        if result is None:
            self.say("The amounts are in different currencies and cannot be added: " + "; ".join(parts), cites)
            return
        self.say(f"The total is {result} ({' + '.join(parts)})", cites)

    def calc(self, args: CalculatorArgs) -> str | None:
        result = calculator(self.ctx or ToolContext(tenant="-"), args)
        self.calls += 1
        self.trace.append(TraceStep(node="draft", tool="calculator", arguments=args.model_dump(exclude_defaults=True),
                                    results=len(result.rows), ms=result.ms, note=result.note))
        if not result.rows:
            self.draft.notes.append(result.note or "calculation failed")
            return None
        row = result.rows[0]
        if "date" in row:
            return row["date"]
        self.draft.derived_numbers.append(float(row["value"]))
        return row["text"] if "currency" in row else fmt_number(round(float(row["value"]), 4))

    def relational(self) -> None:
        groups = self.target_groups()
        for ref in self.plan.documents[:2]:
            if ref.document_ids and ref.parties and ref.resolved_by in ("entity", "parties"):
                docs = [e for e in self.evidence if self.doc_of(e) in set(ref.document_ids)]
                if docs:
                    self.say(f"The active document for {ref.parties[0]} is {self.title(docs[0], version=True)}",
                             [self.cite(docs[0])], kind="framing")
        anchor = None
        for _, ids in groups[:2]:
            if self.plan.attribute:
                anchor = self.state_value(self.plan.attribute, ids, many_docs=len(groups) > 1) or anchor
        context = [e for e in self.evidence if e.id.startswith("section:") and self.meta.get(e.id)
                   and self.meta[e.id].channel == "context"]
        if context and anchor is None:
            e = context[0]
            span = self.span_of(e)
            n = self.cite(e, span)
            self.say(f'{self.title(e)} ({self.cited_where(n)}): "{span}"', [n])
        refs = [e for e in self.evidence if e.store == "graph" and self.meta.get(e.id)
                and self.meta[e.id].reference_key]
        anchor_section = self.meta[anchor.id].section_id if anchor is not None and anchor.id in self.meta else None
        if anchor is not None and anchor.fact is not None:
            anchor_section = anchor.fact.section_id or anchor_section
        refs.sort(key=lambda e: (self.meta[e.id].section_id != anchor_section, -self.rel(e)))
        keys_seen: set[str] = set()
        for e in refs[:3]:
            key = self.meta[e.id].reference_key
            if key in keys_seen:
                continue
            keys_seen.add(key)
            sec = e.citation.clause_number
            target = f"clause {key}" if re.fullmatch(r"[\d.()a-z]+", key) else key  # "refers to clause 6"
            self.say(f"{'Clause ' + sec if sec else 'The clause'} ({self.title(e)}, p. {e.citation.page}) refers "
                     f'to {target}: "{_short(e.citation.quote, 240)}"', [self.cite(e)])
        if not self.draft.claims:
            self.narrative()


_END_CUE = re.compile(r"\b(?:expir(?:e|es|ing|ation)|end(?:s|ing)?|until|through|terminat(?:e|es|ing))\s+(?:on\s+)?$",
                      re.IGNORECASE)
_TERM_WORDS = ("expiration_date", "term", "renewal_term")


def _stated_end(quote: str) -> str | None:
    """The end date a term clause states in so many words ("expiring May 31, 2001", "until 31 December
    2020"), as ISO; None when the clause only gives a period, or when the dates are those of a renewal or
    extension period (its end is not the agreement's expiry)."""
    if re.search(r"\brenew|\bexten(?:d|sion)|\badditional\b", quote, re.I):
        return None
    for fig in extract_figures(quote, structural=True):
        if fig.kind == "date" and _END_CUE.search(quote[max(0, fig.start - 30):fig.start]):
            return fig.value
    return None


def _words_stated(e: Evidence) -> bool:
    """A term given in words ("perpetual", "indefinite") must be said by its quote; a quote about something
    else does not make an agreement perpetual. Values with figures are checked by ``quote_states``."""
    f = e.fact
    if f.attribute not in _TERM_WORDS or extract_figures(f.value_text, structural=True):
        return True
    low = e.citation.quote.lower()
    if re.search(r"perpetu|indefinite", f.value_text, re.I):
        # what survives termination is not the term of the agreement
        return bool(_OPEN_ENDED.search(low)) and not _SURVIVAL.search(low)
    words = [w for w in content_words(f.value_text) if len(w) >= 5]
    return not words or any(w[:5] in low for w in words)


_SURVIVAL = re.compile(r"surviv|notwithstanding (?:any|the) (?:expiration or )?terminat|"
                       r"(?:after|following|upon) (?:the )?(?:expiration or )?(?:any )?terminat")
# how a contract says it has no end date: "in perpetuity", "until terminated", "unless and until either party
# gives notice", "shall not be terminated", "evergreen", "no fixed term"
_OPEN_ENDED = re.compile(r"perpetu|indefinite|evergreen|unless and until|until\s+(?:\S+\s+){0,6}?terminat|"
                         r"shall not (?:be )?termin(?:at|ab)|no (?:fixed|set|definite) (?:term|expir|end date)|"
                         r"no (?:expiration|expiry|end date)")


# A definition: a quoted term (perhaps after its number) and "means" / "shall mean" / "refers to".
_DEFINITION = re.compile(r'^[\s\d.()a-z]{0,8}["“][^"”]{1,80}["”]\s+'
                         r'(?:shall\s+)?(?:means?|refers?\s+to|has\s+the\s+meaning)\b')


def _short(text: str, limit: int = 200) -> str:
    """The text cut to ``limit`` characters at a space: a cut inside "1920" would show the figure "19"."""
    text = normalise_space(text)
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > limit // 2 else limit - 1].rstrip() + "…"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _row_words(text: str) -> set[str]:
    """Content words for matching a question to a table row ("monthly" -> "month"; "per" dropped)."""
    return {PERIOD_NOUNS.get(w, w) for w in content_words(text) if w != "per"}


def _same_word(a: str, b: str) -> bool:
    return a == b or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


def _figure(text: str, num: float | None):
    if num is not None:
        return round(float(num), 4)
    d = parse_date(text)
    if d:
        return d.isoformat()
    m = parse_money(text)
    return round(m[0], 4) if m else normalise_space(text.lower())


_SHAPES = {
    "governing_law": r"laws? of|governed by|construed",
    "agreement_date": r"\b(19|20)\d{2}\b",
    "effective_date": r"\b(19|20)\d{2}\b",
    "expiration_date": r"\b(19|20)\d{2}\b|\byears?\b|\bmonths?\b|perpetu|until",
    "renewal_term": r"\byears?\b|\bmonths?\b|successive|perpetu",
    "notice_period": r"\bdays?\b|\bmonths?\b|\bweeks?\b",
    "amount": r"[$€£]|\b(usd|eur|gbp|dollars|euros)\b|\d{1,3}(,\d{3})+",
    "party": r"between|\b(inc|llc|ltd|corp|gmbh)\b",
}


def _value_shape(attribute: str, text: str) -> bool:
    pattern = _SHAPES.get(attribute)
    return bool(pattern is None or re.search(pattern, text, re.I))


def _span_source(e: Evidence) -> str:
    """The text a quote is picked from: a fact's quote; a passage's full text (its citation's quote when that is
    the whole passage)."""
    text = e.citation.quote if e.fact else (e.text if e.store != "graph" else e.citation.quote)
    if e.fact is None and e.citation.quote and e.citation.quote in e.text:
        text = e.citation.quote
    return text


def _narrow(citation: Citation, quote: str, pages: list[tuple[int, int, int]] = (), text: str = "") -> Citation:
    """The citation with its quote narrowed to ``quote``: offsets moved onto the quote when it is found in the
    passage (its citation's quote, else ``text``, the passage with any heading line put before it), and, for a
    passage running across pages, the page that holds most of the quote."""
    full = citation.quote
    update: dict = {"quote": quote}
    if citation.char_start is None or citation.char_end is None:
        return citation.model_copy(update=update)
    length = citation.char_end - citation.char_start
    found = find_loose(full, quote)
    if found and not (length == len(full) or (full.endswith("…") and found[1] < len(full) - 1)):
        found = None  # the quote is not the passage's text from its start, or the quote ran into the cut
    lead = len(text) - length  # a heading line put before a section's text
    if found is None and text and lead >= 0:
        in_text = find_loose(text, quote)
        found = (in_text[0] - lead, in_text[1] - lead) if in_text and in_text[0] >= lead else None
    if found:
        start, end = citation.char_start + found[0], citation.char_start + found[1]
        update.update(char_start=start, char_end=end)
        page = page_holding(list(pages), start, end)
        if page is not None:
            update["page"] = page
    return citation.model_copy(update=update)


# ----------------------------------------------------------------------------- LLM draft

def llm_evidence(evidence: list[Evidence], grades: dict[str, Grade], limit: int) -> list[Evidence]:
    """The items the model sees: relevant ones, best first, facts before text."""
    rel = [e for e in evidence if (grades.get(e.id).relevance if grades.get(e.id) else 0) >= RELEVANT]
    rel.sort(key=lambda e: (STORE_RANK.get(e.store, 5) > 1, -(grades[e.id].relevance)))
    return rel[:limit]


def documents_block(items: list[Evidence]) -> str:
    from agents.llm import fence, fence_attr

    blocks = []
    for i, e in enumerate(items, start=1):
        c = e.citation
        body = c.quote if e.fact is not None else e.text
        body = fence(_short(body, 700))
        attrs = f'index="{i}" title="{fence_attr(c.document_title)}" version="{c.version}" page="{c.page}"'
        if c.clause_number:
            attrs += f' clause="{fence_attr(c.clause_number)}"'
        if e.fact is not None:
            cell = f" [{e.fact.metric or ''} / {e.fact.dimension or ''}]" if e.fact.metric or e.fact.dimension else ""
            attrs += f' fact="{fence_attr(e.fact.attribute)}{fence_attr(cell)}: {fence_attr(e.fact.value_text)}"'
        blocks.append(f"<document {attrs}>\n{body}\n</document>")
    return "\n".join(blocks)


_MARK = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
#: a fragment that is only a list marker ("2.", "(b)", "iv)", "-"): layout, not a claim
_ENUMERATOR = re.compile(r"\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]?\)?|[-*\u2022]", re.I)


def parse_llm_draft(content: str, items: list[Evidence]) -> Draft:
    """Split the model's reply into claims with citation numbers (1-based into ``items``)."""
    draft = Draft(mode="llm", citations=[e.citation for e in items], evidence_ids=[e.id for e in items])
    text = content.strip()
    if re.fullmatch(r"\W*not found\W*", text, re.I) or text.upper().startswith("NOT FOUND"):
        draft.refusal_reason = "not found in the documents"
        return draft
    for s, e in sentences(text):
        sentence = text[s:e].strip()
        if not sentence or _ENUMERATOR.fullmatch(sentence):
            continue
        idx: list[int] = []
        for m in _MARK.finditer(sentence):
            for n in m.group(1).split(","):
                k = int(n)
                if 1 <= k <= len(items) and k not in idx:
                    idx.append(k)
        draft.claims.append(DraftClaim(text=sentence, citation_indexes=idx))
    if not draft.claims:
        draft.refusal_reason = "not found in the documents"
    return draft


def carry_addenda(llm_draft: Draft, extractive: Draft) -> Draft:
    """Append the extractive draft's version-history and conflict sentences to an LLM draft."""
    out = llm_draft.model_copy(deep=True)
    for claim in extractive.claims:
        if not claim.addendum:
            continue
        new_idx: list[int] = []
        for i in claim.citation_indexes:
            key = extractive.evidence_ids[i - 1]
            if key not in out.evidence_ids:
                out.evidence_ids.append(key)
                out.citations.append(extractive.citations[i - 1])
            new_idx.append(out.evidence_ids.index(key) + 1)
        text = _MARK.sub("", claim.text).rstrip(" .")
        marks = "".join(f"[{i}]" for i in new_idx)
        out.claims.append(DraftClaim(text=f"{text} {marks}.", citation_indexes=new_idx, addendum=True))
    return out

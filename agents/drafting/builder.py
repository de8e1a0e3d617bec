"""The drafter's base: numbers citations in order of first use, says sentences that carry them, and picks
the evidence an answer may use (facts of an attribute, passages, the documents asked about, clause quotes)."""

from __future__ import annotations

from collections.abc import Sequence

from agents.clause_check import QuoteCheck
from agents.critic import (
    RELEVANT,
    STRONG,
    Grade,
    about_a_clause,
    key_terms,
    names_asked_thing,
    ruled_out_by_key_terms,
    tagged_as_asked,
)
from agents.drafting.draft import ClaimKind, Draft, DraftClaim
from agents.drafting.quoting import DEFINITION, fact_of, narrow_citation, row_words, same_word, span_source
from agents.meaning import asks_yes_no
from agents.plan import Plan
from ingest.chunking import heading
from tools.base import HitMeta, ToolContext
from tools.calculator import CalculatorArgs, calculator
from tools.text import best_span, normalise_space, sentences
from veridict.domain import AMOUNT_WORDS, ATTRIBUTE_BY_NAME, CLAUSE_BY_NAME, content_words
from veridict.domain.clause_rules import RULES, tags_in_text, title_tags
from veridict.domain.values import fmt_number, parse_date, parse_money
from veridict.types import Citation, Evidence, TraceStep

STORE_RANK = {"facts": 0, "tables": 1, "graph": 2, "lexical": 3, "vectors": 3}
QUOTE_CHARS = 320
LIKELY = 7  # the rank of a clause only the clause model found (``DraftBuilder.scanned_clauses``)
DEFINED = 4  # the worst rank of a candidate found by its key words (``DraftBuilder.key_word_clauses``): a definition


def long_sentences(text: str) -> list[str]:
    """The text's sentences of 40 characters or more, spaces normalised: what may be quoted as a clause."""
    return [s for a, b in sentences(text) if len(s := normalise_space(text[a:b])) >= 40]


class DraftBuilder:
    """Builds a Draft; ``cite`` numbers citations in order of first use."""

    def __init__(self, plan: Plan, evidence: list[Evidence], meta: dict[str, HitMeta], grades: dict[str, Grade],
                 ctx: ToolContext | None = None):
        self.plan = plan
        self.meta = meta
        self.grades = grades
        self.ctx = ctx
        self.evidence = [e for e in evidence if self.relevance(e) >= RELEVANT]
        # names, not figures to check: the question's, and the contracts' own names for the parties it asked about,
        # which a comparison names its documents by ("... Mortgage Backed Securities 2006-6 Trust")
        self.draft = Draft(verbatim=list(dict.fromkeys(plan.exclude_parties + plan.entities +
                                                       [p for r in plan.documents for p in r.parties + r.party_names])))
        self.trace: list[TraceStep] = []
        self.calls = 0
        self.denials: list[tuple[Evidence, str]] = []  # (passage, sentence) that excludes the asked clause
        self.rejected: list[str] = []  # key-word quotes the quote check does not read as the asked clause
        # every retrieved item, graded relevant or not (Drafter.build sets it); the relevant ones until then
        self._all: list[Evidence] = self.evidence

    def relevance(self, e: Evidence) -> float:
        g = self.grades.get(e.id)
        return g.relevance if g else 0.0

    def document_of(self, e: Evidence) -> str:
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
            citation = narrow_citation(citation, quote, m.pages if m else (), e.text)
            key = f"{e.id}#{hash(citation.quote)}"
        else:
            key = e.id
        if key in self.draft.evidence_ids:
            return self.draft.evidence_ids.index(key) + 1
        self.draft.citations.append(citation)
        self.draft.evidence_ids.append(key)
        return len(self.draft.citations)

    def say(self, text: str, cites: list[int], kind: ClaimKind = "claim", addendum: bool = False) -> None:
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

    def span_of(self, e: Evidence, extra_terms: Sequence[str] = ()) -> str:
        text = span_source(e)
        terms = content_words(self.plan.question) + list(extra_terms)
        s, t, _ = best_span(text, terms, phrases=key_terms(self.plan), max_chars=QUOTE_CHARS)
        return normalise_space(text[s:t]) if t > s else normalise_space(text[:QUOTE_CHARS])

    def clause_span(self, e: Evidence, tagged: bool = False) -> str | None:
        """The passage's sentence that is itself the asked clause (not its heading, not a sentence beside a
        clause that only the whole section matches), or None when no sentence of the passage is. With
        ``tagged``, only a sentence that the clause-type rules of ingestion also put in an asked category."""
        text = span_source(e)
        asked = set(self.plan.clause_types)

        def keep(span: str) -> bool:
            return names_asked_thing(self.plan, span) and (not tagged or bool(tags_in_text(span, asked)))

        s, t, _ = best_span(text, content_words(self.plan.question), phrases=key_terms(self.plan),
                            max_chars=QUOTE_CHARS, keep=keep)
        return normalise_space(text[s:t]) if t > s else None

    def tagged_at_ingest(self, e: Evidence) -> bool:
        """The passage's section carries an asked clause type among its stored tags, in a question about the
        clause itself (a value is quoted from the sentence that states it)."""
        return about_a_clause(self.plan) and tagged_as_asked(self.plan, self.meta.get(e.id))

    def clause_quotes(self, ids: set[str] | None) -> list[tuple[Evidence, str]]:
        """(passage, quote) pairs of ``clause_candidates``, best first."""
        return [(e, span) for _, e, span in self.clause_candidates(ids)]

    def clause_candidates(self, ids: set[str] | None) -> list[tuple[int, Evidence, str]]:
        """(rank, passage, quote) for each retrieved passage that states the asked clause, best first:
        1. a sentence naming the asked thing under a heading of its kind ("15. LIMITATION OF LIABILITY");
        2. a sentence that both the key terms and the clause-type rules of ingestion recognise;
        3. a sentence that only names the asked thing (an indemnity names "liabilities" but caps nothing);
        4. a definition ('"Termination Date" shall mean ...' defines, it binds no one);
        5. a sentence of a section that ingestion tagged as the asked clause (rules and the model learned from
           the expert labels) in words no key list holds, when the passage is a strong match for the question
           (a section-level tag alone also fires on the other sentences of a long section): the sentence that
           best covers the question;
        6. (none of those) a sentence of the retrieved passages the clause model reads as the clause
           (``model_clauses``);
        7. (none of those either, in a yes/no question about one document) the document's passage the clause
           model reads most as the clause, searched for along the type's direction (``scanned_clauses``): a
           likely clause, worded as such.
        Within a rank, by relevance."""
        ranked = self.of_the_asked_object(self.key_word_clauses(ids))
        ranked = self.confirmed_clauses(ranked)
        if not ranked and ids is not None:
            ranked = self.of_the_asked_object(self.model_clauses(ids)) or \
                self.of_the_asked_object(self.scanned_clauses(ids))
        ranked = self.without_denials(ranked)
        return [(rank, e, span) for rank, _, e, span in ranked]

    def of_the_asked_object(self, ranked: list[tuple[int, int, Evidence, str]]) -> list[tuple[int, int, Evidence, str]]:
        """The candidates whose passage names what the question asks the clause to bind, where the clause type
        knows such objects and the question names one ("no-solicit of customers": a passage that bars hiring the
        other's staff is not it); all of them otherwise. The passage, as the key words are read on it: the quote
        is the sentence that best states the clause, and the clause may name its object in the next one. A
        sentence that a tagged section or the clause model offers is only held to a passage that names no other
        object: those were read as a whole, and the object may sit in a chunk that was not retrieved (dev's "Maimon
        agrees not to:" before "... induce or persuade any customer, client, ... employee")."""
        low = self.plan.question.lower()
        types = [CLAUSE_BY_NAME[c] for c in self.plan.clause_types if c in CLAUSE_BY_NAME and CLAUSE_BY_NAME[c].objects]
        asked = [(t, o) for t in types if (o := t.asked_object(low)) is not None]
        if not asked:
            return ranked

        def fits(r: tuple[int, int, Evidence, str]) -> bool:
            texts = (r[3], span_source(r[2]))
            for t, o in asked:
                if any(t.names_object(o, x) for x in texts):
                    return True
                if r[0] > DEFINED and not any(t.names_object(other, x) for other, _, _ in t.objects if other != o
                                              for x in texts):
                    return True
            return False

        return [r for r in ranked if fits(r)]

    def without_denials(self, ranked: list[tuple[int, int, Evidence, str]]) -> list[tuple[int, int, Evidence, str]]:
        """The candidates less those that name the asked clause only to exclude it ("there are no third-party
        beneficiaries"), which ``denials`` keeps for saying so."""
        types = [CLAUSE_BY_NAME[t] for t in self.plan.clause_types if t in CLAUSE_BY_NAME]
        if not about_a_clause(self.plan) or not any(t.denials for t in types):
            return ranked
        kept = []
        for r in ranked:
            if any(t.denies(r[3]) for t in types):
                self.denials.append((r[2], r[3]))
            else:
                kept.append(r)
        return kept

    def key_word_clauses(self, ids: set[str] | None) -> list[tuple[int, int, Evidence, str]]:
        """``clause_candidates`` before the quote check: (rank, relevance order, passage, quote), best first."""
        asked = [t for t in self.plan.clause_types if t in RULES]
        ranked: list[tuple[int, int, Evidence, str]] = []
        stating: set[int] = set()
        for i, e in enumerate(self.texts_for(ids)):  # texts_for is by relevance
            if not names_asked_thing(self.plan, e.text):
                if self.tagged_at_ingest(e) and self.relevance(e) >= STRONG:
                    s, t, _ = best_span(span_source(e), content_words(self.plan.question), max_chars=QUOTE_CHARS,
                                        keep=lambda _: True)
                    quote = normalise_space(span_source(e)[s:t])
                    if t > s and not ruled_out_by_key_terms(self.plan, quote):
                        ranked.append((5, i, e, quote))
                continue
            span = self.clause_span(e, tagged=True) if asked else None
            tagged = span is not None
            span = span or self.clause_span(e)
            if span is None:
                continue
            title = e.citation.clause_title or ""
            # "either party may terminate this agreement ...", not "... shall survive termination": the clause itself
            states = any(CLAUSE_BY_NAME[t].states(span) for t in self.plan.clause_types if t in CLAUSE_BY_NAME)
            if DEFINITION.match(span):
                rank = 4
            elif title and set(asked) & set(title_tags(title)) and names_asked_thing(self.plan, span):
                rank = 1
            else:
                rank = 2 if tagged or states else 3
            ranked.append((rank, i, e, span))
            if states:
                stating.add(i)
        ranked.sort(key=lambda r: (r[0], r[1] not in stating, r[1]))  # within a rank, what states the clause first
        return ranked

    def clause_strength(self, quotes: Sequence[tuple[Evidence, str]]) -> list[float | None]:
        """How strongly the quote check reads each (passage, quote) as an asked clause type (None: no model)."""
        check = QuoteCheck.of(self.ctx)
        if check is None or not quotes:
            return [None] * len(quotes)
        return check.strength(self.plan.clause_types,
                              [(heading(e.citation.clause_number, e.citation.clause_title), q) for e, q in quotes])

    def model_clauses(self, ids: set[str]) -> list[tuple[int, int, Evidence, str]]:
        """6. where no retrieved sentence of the asked documents states the clause in its key words, the sentences
        of the retrieved passages that the clause model reads as the clause (``QuoteCheck.strongest``)."""
        check = QuoteCheck.of(self.ctx) if about_a_clause(self.plan) else None
        if check is None:
            return []
        # a sentence the quote check, learned on exactly such key-word sentences, has turned down is not taken
        # back by the section model ("THE MINIMUM REQUIRED WARRANTY ... TERMS WILL APPLY" is no minimum commitment)
        quotes = [q for q in self.passage_sentences(ids) if not ruled_out_by_key_terms(self.plan, q[2])
                  and normalise_space(q[2]) not in self.rejected]
        found = check.strongest(self.plan.clause_types, [(h, q) for _, h, q in quotes])
        if found:
            self.trace.append(TraceStep(node="draft", tool="clause_check", results=len(found),
                                        note=f"{len(found)} of {len(quotes)} sentences of the retrieved passages "
                                             "read as the asked clause by the clause model"))
        return [(6, i, quotes[i][0], quotes[i][2]) for i, _ in found]

    def scanned_clauses(self, ids: set[str]) -> list[tuple[int, int, Evidence, str]]:
        """7. in a yes/no question about one document's clause that nothing retrieved states: the document's chunk
        the clause model scores highest for an asked type, when that score reaches the type's ``QuoteCheck.near``
        (``QuoteCheck.likely``), quoted by its sentence the model reads most as the clause."""
        check = QuoteCheck.of(self.ctx) if about_a_clause(self.plan) and len(ids) == 1 else None
        if check is None or self.ctx is None or not asks_yes_no(self.plan.question):
            return []
        found = check.likely(self.ctx, self.plan.clause_types, sorted(ids))
        bars = ", ".join(f"{check.near(t):.2f}" for t in dict.fromkeys(self.plan.clause_types))
        self.trace.append(TraceStep(node="draft", tool="clause_check", results=len(found),
                                    note=f"{len(found)} chunk(s) of the document read as the asked clause by the "
                                         f"clause model at its likely-clause score ({bars}), searched along its "
                                         "direction"))
        for e, meta, _ in found:
            whole = long_sentences(e.text)
            # a chunk with a sentence the asked type's key terms exclude ("may terminate ... on notice of a breach"
            # is no termination for convenience) reads as the clause by that sentence: it holds no likely clause
            if not whole or any(ruled_out_by_key_terms(self.plan, p) for p in whole):
                continue
            parts = [p[:QUOTE_CHARS] for p in whole]
            head = heading(e.citation.clause_number, e.citation.clause_title)
            best = check.strongest(self.plan.clause_types, [(head, p) for p in parts], barred=False)
            quote = parts[best[0][0]] if best else parts[0]
            self.meta.setdefault(e.id, meta)
            return [(LIKELY, 0, e, quote)]
        return []

    def nearest_clause(self, ids: set[str]) -> tuple[Evidence, str, float] | None:
        """The sentence of the asked documents' retrieved passages that the clause model reads as nearest to the
        asked clause, under its bar or not, with its margin to that bar (None: no model, or no sentence). For a
        question that takes as given that one of several documents has the clause."""
        check = QuoteCheck.of(self.ctx) if about_a_clause(self.plan) else None
        if check is None:
            return None
        quotes = self.passage_sentences(ids)
        found = check.strongest(self.plan.clause_types, [(h, q) for _, h, q in quotes], barred=False)
        if not found:
            return None
        i, margin = found[0]
        return quotes[i][0], quotes[i][2], margin

    def passage_sentences(self, ids: set[str]) -> list[tuple[Evidence, str, str]]:
        """(passage, its heading, sentence) for each sentence of 40 characters or more of the asked documents'
        retrieved passages, once per document."""
        passages = [e for e in self._all if e.fact is None and e.store != "graph" and self.status_of(e) == "active"
                    and self.document_of(e) in ids]
        seen: set[tuple[str, str]] = set()
        quotes: list[tuple[Evidence, str, str]] = []
        for e in passages:
            head = heading(e.citation.clause_number, e.citation.clause_title)
            for sentence in long_sentences(span_source(e)):
                if (self.document_of(e), sentence) not in seen:
                    seen.add((self.document_of(e), sentence))
                    quotes.append((e, head, sentence[:QUOTE_CHARS]))
        return quotes

    def confirmed_clauses(self, ranked: list[tuple[int, int, Evidence, str]]) -> list[tuple[int, int, Evidence, str]]:
        """The candidates the clause model also reads as an asked clause, in a question about the clause itself
        (``agents.clause_check``): a sentence that only shares the clause's key words is not quoted as it."""
        if not ranked or not about_a_clause(self.plan):
            return ranked
        check = QuoteCheck.of(self.ctx)
        if check is None:
            return ranked
        ok = check.confirmed(self.plan.clause_types,
                             [(heading(e.citation.clause_number, e.citation.clause_title), span)
                              for _, _, e, span in ranked])
        ranked = self.narrowed_to_clause(check, ranked, ok)
        kept = [r for r, keep in zip(ranked, ok, strict=True) if keep]
        self.rejected += [normalise_space(r[3]) for r, keep in zip(ranked, ok, strict=True) if not keep]
        kept = self.by_strength(check, kept)
        if len(kept) < len(ranked):
            self.trace.append(TraceStep(node="draft", tool="clause_check", results=len(kept),
                                        note=f"{len(ranked) - len(kept)} of {len(ranked)} candidate quotes are not "
                                             "read as the asked clause by the clause model"))
        return kept

    def by_strength(self, check: QuoteCheck, ranked: list[tuple[int, int, Evidence, str]]
                    ) -> list[tuple[int, int, Evidence, str]]:
        """The confirmed candidates, the one the quote check reads most as the asked clause first: its model is
        learned from the expert labels, and the key-word rank and relevance order only break ties (and order the
        types it has no model for). "The confidentiality terms survive termination" names the key words as plainly as
        the sentence that lets a distributor sell off its stock after termination, which is the post-termination
        clause."""
        if len(ranked) < 2:
            return ranked
        strength = check.strength(self.plan.clause_types,
                                  [(heading(e.citation.clause_number, e.citation.clause_title), span)
                                   for _, _, e, span in ranked])
        if all(x is None for x in strength):
            return ranked
        score = [-1.0 if x is None else x for x in strength]
        order = sorted(range(len(ranked)), key=lambda i: -score[i])  # stable: ties keep the key-word order
        return [ranked[i] for i in order]

    def narrowed_to_clause(self, check: QuoteCheck, ranked: list[tuple[int, int, Evidence, str]],
                           ok: list[bool]) -> list[tuple[int, int, Evidence, str]]:
        """A quote of several sentences that the clause model rejects is judged again by its sentences that name
        the asked thing: "This Agreement shall not be assignable by Consultant. This Agreement may be executed in
        counterparts ..." is an anti-assignment clause once the counterparts sentence is cut off. Where one
        sentence is confirmed, the quote becomes that sentence and ``ok`` is set for it (in place)."""
        parts: list[tuple[int, str]] = []  # (candidate index, sentence)
        for i, (keep, (_, _, _, span)) in enumerate(zip(ok, ranked, strict=True)):
            if keep:
                continue
            pieces = [normalise_space(span[a:b]) for a, b in sentences(span)]
            if len(pieces) > 1:
                parts += [(i, p) for p in pieces if names_asked_thing(self.plan, p)]
        if not parts:
            return ranked
        confirmed = check.confirmed(self.plan.clause_types,
                                    [(heading(ranked[i][2].citation.clause_number, ranked[i][2].citation.clause_title),
                                      piece) for i, piece in parts])
        out = list(ranked)
        for (i, piece), yes in zip(parts, confirmed, strict=True):
            if yes and not ok[i]:
                rank, order, e, _ = out[i]
                out[i], ok[i] = (rank, order, e, piece), True
        return out

    def facts_for(self, attribute: str, doc_ids: set[str] | None, status: str = "active") -> list[Evidence]:
        term = ATTRIBUTE_BY_NAME.get(attribute)
        wanted = set(term.facts if term else (attribute,))
        out = [e for e in self.evidence if e.fact is not None and e.fact.attribute in wanted
               and self.status_of(e) == status and (doc_ids is None or self.document_of(e) in doc_ids)]
        fit: dict[str, float] = {}
        if attribute == "amount":  # a table cell without a figure (a unit, a name) is not an amount
            out = [e for e in out if fact_of(e).attribute != "table_cell" or fact_of(e).value_num is not None]
            fit = {e.id: self.cell_fit(e) for e in out if fact_of(e).attribute == "table_cell"}
        order = {a: i for i, a in enumerate(term.facts if term else (attribute,))}
        out.sort(key=lambda e: (-round(self.relevance(e) + fit.get(e.id, 0.0), 2), order.get(fact_of(e).attribute, 9),
                                STORE_RANK.get(e.store, 5), -fact_of(e).confidence))
        if attribute.endswith("_date"):
            # the date asked for before a stand-in: when a contract states when it was entered into AND when it
            # takes effect, the agreement date is not its effective date (nor the other way round)
            out.sort(key=lambda e: fact_of(e).attribute != attribute)
        return out

    def cell_fit(self, cell: Evidence) -> float:
        """Adjusts an amount-table cell's rank: a money value in a column headed by an amount word, in the row
        the question names (by the row header or another cell of the row: "monthly" ~ "per month")."""
        f = fact_of(cell)
        money = bool(f.unit and len(f.unit) == 3 and f.unit.isalpha()) or \
            parse_money(f.value_text) is not None
        asked_amount = set(AMOUNT_WORDS) | {w for q in self.plan.qualifiers for w in q.split("_")}
        column = set(row_words(f.dimension or ""))
        score = (0.02 if money else -0.05) + (0.02 if column & asked_amount else -0.02)
        mentions = {w for r in self.plan.documents for w in content_words(r.mention)}
        asked = row_words(self.plan.question) - AMOUNT_WORDS - mentions
        hits = sum(1 for w in asked if any(same_word(w, r) for r in self.row_of(cell) - AMOUNT_WORDS))
        return score + (0.03 * min(hits, 2) if hits else -0.03)

    def row_of(self, cell: Evidence) -> set[str]:
        """Words of the cell's row: its header and the values of the row's other cells in the evidence."""
        f = fact_of(cell)
        key = (self.document_of(cell), f.page, f.qualifier, (f.metric or "").lower())
        texts = [f.metric or ""] + [e.fact.value_text for e in self._all
                                    if e.fact is not None and e.fact.attribute == "table_cell"
                                    and (self.document_of(e), e.fact.page, e.fact.qualifier,
                                         (e.fact.metric or "").lower()) == key]
        return row_words(" ".join(texts)) if f.metric else set()

    def texts_for(self, doc_ids: set[str] | None) -> list[Evidence]:
        out = [e for e in self.evidence if e.fact is None and e.store != "graph" and self.status_of(e) == "active"
               and (doc_ids is None or self.document_of(e) in doc_ids)]
        out.sort(key=lambda e: -self.relevance(e))
        seen: set[tuple] = set()
        unique = []
        for e in out:  # a section and its chunk are the same passage
            m = self.meta.get(e.id)
            key = (self.document_of(e), (m.section_id if m and m.section_id else None) or e.citation.char_start)
            if key not in seen:
                seen.add(key)
                unique.append(e)
        return unique

    def target_groups(self) -> list[tuple[str, set[str] | None]]:
        """(label, document ids) for each document the answer is about."""
        if self.plan.documents:
            return [(r.mention, set(r.document_ids)) for r in self.plan.documents if r.document_ids]
        docs: list[str] = []
        for e in sorted(self.evidence, key=lambda e: -self.relevance(e)):
            d = self.document_of(e)
            if self.status_of(e) == "active" and d not in docs and self.relevance(e) >= STRONG:
                docs.append(d)
        return [(d, {d}) for d in docs[:3]] or [("library", None)]

    def all_evidence(self) -> list[Evidence]:
        return self._all

    def within_asked_dates(self, e: Evidence) -> bool:
        c = self.plan.constraints
        if not (c.date_from or c.date_to):
            return True
        f = fact_of(e)
        d = f.value_date or parse_date(f.value_text)
        if d is None:
            return False
        return (c.date_from is None or d > c.date_from) and (c.date_to is None or d < c.date_to)

    def run_calculator(self, args: CalculatorArgs) -> str | None:
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

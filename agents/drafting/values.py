"""Stating an attribute's value: the fact whose quote states it (or its quote widened to the stored text that
does), a date derived from a quoted start date and a quoted term, the parties, and the notes on a table cell
that disagrees or an earlier version that said something else."""

from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict

from agents.critic import names_asked_thing
from agents.drafting.builder import DraftBuilder
from agents.drafting.quoting import (
    comparable_figure,
    end_event,
    fact_of,
    has_value_shape,
    join_names,
    narrow_citation,
    short_quote,
    stated_end_date,
    term_words_stated,
)
from agents.meaning import asked_role, plays_role
from tools.base import MAX_QUOTE_CHARS
from tools.calculator import CalculatorArgs
from tools.chunks import chunk_evidence
from tools.text import normalise_space, sentences
from veridict.domain import AMOUNT_KIND_NAMES, QUALIFIER_BY_NAME, attribute_label, content_words
from veridict.domain.names import alias_key, names_asked_party
from veridict.domain.values import (
    OTHER_START,
    DurationMatch,
    add_period,
    counted_from_another_start,
    extract_figures,
    find_dates,
    parse_date,
    periods_in,
    quote_states,
)
from veridict.types import Chunk, Document, Evidence

START_ATTRS = ("effective_date", "commencement_date", "agreement_date")


# words of an event's phrase that do not name the event ("the date on which ...", "the first day after ...")
_NOT_EVENT_WORDS = frozenset({"date", "which", "when", "first", "after", "follo", "comme", "begin", "start"})


def period_ending(begin: dt.date, end: dt.date, periods: list[DurationMatch]) -> DurationMatch | None:
    """The first of ``periods`` that, run from ``begin``, ends on ``end`` or the day after it (a term "for one year
    from January 1" ends on December 31)."""
    for period in periods:
        when = add_period(begin, period.value)
        if when is not None and end in (when, when - dt.timedelta(days=1)):
            return period
    return None


class ValueDrafter(DraftBuilder):
    """A DraftBuilder that can state values; the drafter of every intent is one."""

    def value_text(self, fact_ev: Evidence) -> str:
        f = fact_of(fact_ev)
        if f.attribute in ("amount", "table_cell") and f.value_num is not None and f.unit and len(f.unit) == 3 \
                and f.unit.isalpha():
            return f"{f.unit.upper()} {f.value_num:,.2f}".replace(".00", "")
        value = f.value_text
        # "successive 1 year"; a term that goes on until notice is "perpetual", not "successive perpetual"
        if f.attribute == "renewal_term" and (f.qualifier or "") == "successive" and "successive" not in value \
                and "-to-" not in value and "basis" not in value and value != "perpetual":
            value = f"successive {value}"
        # "annual periods" says its own length: no "days" after it
        has_unit = re.search(r"\b(days?|weeks?|months?|years?|hours?|annual|yearly|monthly|quarterly)\b|%", value, re.I)
        if f.unit and f.unit.lower() not in value.lower() and not has_unit and f.attribute not in (
                "agreement_date", "effective_date", "expiration_date"):
            value = f"{f.unit} {value}" if len(f.unit) == 3 and f.unit.isupper() else f"{value} {f.unit}"
        return value

    def state_value(self, attribute: str, doc_ids: set[str] | None, many_docs: bool) -> Evidence | None:
        """One sentence for the asked attribute in these documents; returns the evidence used."""
        label = attribute_label(attribute)
        amount_kinds = [q for q in self.plan.qualifiers if q in AMOUNT_KIND_NAMES]
        if attribute == "amount" and amount_kinds:
            label = amount_kinds[0].replace("_", " ")
        facts = self.facts_for(attribute, doc_ids)
        if attribute == "party":
            return self.state_parties(facts, doc_ids)
        if attribute == "expiration_date":
            for e in facts:  # "... for three (3) years expiring May 31, 2001": the contract's own end date wins
                end = stated_end_date(e.citation.quote)
                if end is not None:
                    doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
                    self.say(f'The {label}{doc} is {end} ({self.where(e.citation)}: "{short_quote(e.citation.quote)}")',
                             [self.cite(e)])
                    return e
            if facts and self.state_end_event(facts[0], many_docs):
                return facts[0]
        if facts and attribute == "expiration_date" and fact_of(facts[0]).attribute == "term":
            if self.state_expiry_from_term(facts[0]):
                return facts[0]
        readings = [self.with_stated_quote(e) for e in facts]  # each fact with a quote that states it, or None
        stated = [q for q in readings if q is not None]
        if facts and (not stated or fact_of(stated[0]).attribute == "term"):
            # no quote states the date: derive it from a quoted start date and the quoted term, or say only
            # what the page says; never show a figure the user cannot find in a cited quote
            for e, reading in zip(facts, readings, strict=True):
                if fact_of(e).attribute.endswith("_date") and reading is None and \
                        self.state_calculated_date(e, label, doc_ids, many_docs):
                    return e
            if stated and self.state_expiry_from_term(stated[0]):
                return stated[0]
            for e in stated[:1] or facts:
                if fact_of(e).attribute in ("expiration_date", "term") and self.state_term_only(e, label, many_docs):
                    return e
        defining = self.defining_clause(facts[0], stated[0]) if stated and readings[0] is None else None
        facts = stated
        if facts and attribute == "expiration_date" and self.state_end_event(facts[0], many_docs):
            return facts[0]
        if facts:
            best = facts[0]
            n = self.cite(best)
            doc = f" in {self.title(best, version=True)}" if many_docs or self.plan.documents else ""
            row = fact_of(best).metric if fact_of(best).attribute == "table_cell" else None
            if row and not re.search(r"\d", row):  # the row it is read from (a figure would need a citation)
                label = f"{label} for {normalise_space(row)}"
            if attribute == "notice_period" and fact_of(best).qualifier == "breach_cure":
                label = QUALIFIER_BY_NAME["breach_cure"].label  # "cured within five days": a cure period
            schedule = self.schedule_with(best, facts) if attribute == "amount" else []
            if schedule:  # "First Contract Year (2018/19): $ 200,000 Second Contract Year ...": every figure
                self.say(f'The {label}{doc} is set out as a schedule: '
                         f'{", ".join(self.value_text(e) for e in schedule)} ({self.where(best.citation)}: '
                         f'"{short_quote(best.citation.quote)}")', [n])
                self.note_earlier_version(best, attribute)
                return best
            also = self.other_pages_stating(best)
            pages = ", ".join(f"p. {e.citation.page}" for e in also)
            self.say(f'The {label}{doc} is {self.value_text(best)} ({self.where(best.citation)}: '
                     f'"{short_quote(best.citation.quote)}"{f"; also stated on {pages}" if also else ""})',
                     [n] + [self.cite(e, e.citation.quote) for e in also])
            if defining is not None:
                self.say(f'The contract makes that day its {label} in {self.where(defining.citation)}: '
                         f'"{short_quote(defining.citation.quote)}"', [self.cite(defining)])
            self.note_table_conflict(best, facts[1:] + self.texts_for({self.document_of(best)}))
            self.note_earlier_version(best, attribute)
            return best
        texts = [e for e in self.texts_for(doc_ids) if has_value_shape(attribute, e.text)
                 and names_asked_thing(self.plan, e.text)]
        for best in texts:  # the quoted span itself must name the asked thing and hold a value
            span = self.span_of(best)
            if not (has_value_shape(attribute, span) and names_asked_thing(self.plan, span)):
                continue
            n = self.cite(best, span)
            self.say(f'{self.title(best)} ({self.cited_where(n)}) states: "{span}"', [n])
            return best
        return None

    def other_pages_stating(self, best: Evidence, limit: int = 2) -> list[Evidence]:
        """Other pages of the same document whose retrieved facts or text state the same date.

        A contract often gives its date on the cover and again in the opening paragraph or the
        signature block; a reader checking the answer may hold either page, so both are cited.
        Each returned item's quote is the sentence that states the date."""
        f = best.fact
        if f is None or not f.attribute.endswith("_date") or f.value_date is None:
            return []
        value, doc = f.value_date.isoformat(), self.document_of(best)
        pages = {best.citation.page}
        out: list[Evidence] = []
        for e in self.evidence:  # another date fact of the document with the same date ("Dated: ..." on the cover)
            g = e.fact
            if g is None or e is best or len(out) >= limit or e.citation.page in pages or self.document_of(e) != doc \
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
            out.append(e.model_copy(update={"citation": narrow_citation(e.citation, quote)}))
        return out

    def with_stated_quote(self, e: Evidence) -> Evidence | None:
        """The fact if its quote states its value; else the fact with its quote widened to the nearby stored
        text that states it (exact char span); else None (a figure the user could not see on the page)."""
        if e.fact is not None and not term_words_stated(e):
            return None
        if e.fact is None or quote_states(e.citation.quote, self.value_text(e)):
            return e
        if not e.fact.attribute.endswith("_date"):
            return None
        return self.with_widened_quote(e)

    def with_widened_quote(self, e: Evidence, reach: int = 400) -> Evidence | None:
        f, c = fact_of(e), e.citation
        value = f.value_date.isoformat() if f.value_date else (parse_date(f.value_text) or dt.date.min).isoformat()
        pg = getattr(self.ctx, "pg", None)
        char_start, char_end = c.char_start, c.char_end
        if pg is None or self.ctx is None or char_start is None or char_end is None \
                or value == dt.date.min.isoformat():
            return None
        lo = max(0, char_start - reach)
        try:
            window = pg.document_text(self.ctx.tenant, c.document_id, lo, char_end + reach)
        except Exception:  # a store failure only means no widening
            return None
        hits = [g for g in extract_figures(window, structural=True) if g.kind == "date" and g.value == value]
        if not hits:
            return None
        near = min(hits, key=lambda g: min(abs(lo + g.start - char_start), abs(lo + g.end - char_end)))
        start, end = min(char_start, lo + near.start), max(char_end, lo + near.end)
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

    def quoted_start_dates(self, doc: str) -> list[Evidence]:
        """Start dates of a document (effective, commencement, agreement date) whose quotes state them."""
        found = {e.id: e for e in self.all_evidence() if e.fact is not None and self.document_of(e) == doc
                 and e.fact.attribute in START_ATTRS and self.status_of(e) == "active"}
        pg = getattr(self.ctx, "pg", None)
        if pg is not None and self.ctx is not None:  # (no context has no pg)
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
        starts = sorted(found.values(), key=lambda e: (order[fact_of(e).attribute], -fact_of(e).confidence))
        return [q for q in (self.with_stated_quote(e) for e in starts) if q is not None]

    def state_calculated_date(self, e: Evidence, label: str, doc_ids: set[str] | None, many_docs: bool) -> bool:
        """A date fact whose quote states a period, not the date (end = start + term): cite the quoted start
        date and the quoted term, and say the date is calculated."""
        f = fact_of(e)
        end = f.value_date or parse_date(f.value_text)
        periods = periods_in(e.citation.quote)
        if counted_from_another_start(e.citation.quote):
            # "four years from the date on which the channel is uploaded": not from the effective date; from the
            # day the contract gives that event, if it gives one
            return self.state_end_from_event(e, label, many_docs)
        if end is None or not periods:
            return False
        for start in self.quoted_start_dates(self.document_of(e)):
            sf = fact_of(start)
            if sf.attribute == f.attribute:
                continue
            begin = sf.value_date or parse_date(sf.value_text)
            period = period_ending(begin, end, periods) if begin is not None else None
            if begin is None or period is None:
                continue
            start_words = f"its {attribute_label(sf.attribute)}, {begin.isoformat()} ({self.where(start.citation)})"
            self.say_calculated(e, label, many_docs, period.surface, end, start_words, [self.cite(e), self.cite(start)])
            return True
        found = self.start_in_text(e, end, periods)
        if found is None:
            return False
        start, sentence, begin, surface = found
        n = self.cite(start, sentence)
        start_words = f'{begin.isoformat()} ({self.cited_where(n)}: "{short_quote(sentence)}")'
        self.say_calculated(e, label, many_docs, surface, end, start_words, [self.cite(e), n])
        return True

    def state_end_from_event(self, e: Evidence, label: str, many_docs: bool) -> bool:
        """A term counted from an event (``counted_from_another_start``) that the contract dates elsewhere: "four
        years from the date on which the channel is uploaded" and "The channel is expected to be uploaded on August
        1, 2010" end on 2014-08-01, both sentences cited. False where no sentence dates the event."""
        found = self.event_date(e)
        if found is None:
            return False
        start, sentence, begin, period = found
        end = add_period(begin, period.value)
        if end is None:
            return False
        n = self.cite(start, sentence)
        start_words = f'{begin.isoformat()}, the day the contract gives that start ({self.cited_where(n)}: ' \
                      f'"{short_quote(sentence)}")'
        self.say_calculated(e, label, many_docs, period.surface, end, start_words, [self.cite(e), n])
        return True

    def event_date(self, e: Evidence) -> tuple[Evidence, str, dt.date, DurationMatch] | None:
        """The sentence of ``e``'s document that dates the event its quoted period runs from: one that holds every
        word of the event ("channel", "uploaded") and a date. None without one (or without the stores)."""
        quote, ctx = e.citation.quote, self.ctx
        events: list[tuple[DurationMatch, set[str]]] = []  # each period counted from an event, with its words
        for period in periods_in(quote):
            after = quote[period.end:period.end + 160]
            m = OTHER_START.search(after)
            if m is None:
                continue
            event = re.split(r"[,;.()]", after[m.start():])[0]
            stems = {w[:5] for w in content_words(event) if len(w) >= 4} - _NOT_EVENT_WORDS
            if stems:
                events.append((period, stems))
        found = self.chunks_of(e) if events else None  # the document's text, read once
        if ctx is None or found is None:
            return None
        document, chunks = found
        for period, stems in events:
            for chunk in chunks:
                for lo, hi in sentences(chunk.text):
                    sentence = normalise_space(chunk.text[lo:hi])
                    dates = find_dates(sentence)
                    words = {w[:5] for w in content_words(sentence)}
                    if not dates or not stems <= words or len(sentence) > MAX_QUOTE_CHARS \
                            or sentence in normalise_space(quote):
                        continue
                    ev, meta = chunk_evidence(ctx, chunk, document, "lexical", 1.0)
                    self.meta.setdefault(ev.id, meta)
                    return ev, sentence, dates[0].value, period
        return None

    def say_calculated(self, e: Evidence, label: str, many_docs: bool, surface: str, end: dt.date, start_words: str,
                       cites: list[int]) -> None:
        """The sentence for an end date calculated from the quoted term ``e`` (its period's words ``surface``) and
        a start (``start_words``: the start and where it is cited)."""
        doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
        self.draft.derived_dates.append(end.isoformat())
        # "runs until the fifth (5th) anniversary of its effective date", "runs two (2) years from ..."
        until = "anniversar" in surface.lower()
        runs, of = (f"runs until the {surface}", "of") if until else (f"runs {surface}", "from")
        self.say(f'The {label}{doc} is calculated, not stated: the agreement {runs} '
                 f'({self.where(e.citation)}: "{short_quote(e.citation.quote)}") {of} {start_words}, so it ends on '
                 f'{end.isoformat()} (calculated)', cites)

    def chunks_of(self, e: Evidence) -> tuple[Document, list[Chunk]] | None:
        """``e``'s document and its stored chunks; None without the stores or when the text channel is down (which
        only means no calculation)."""
        ctx = self.ctx
        if ctx is None or ctx.pg is None:
            return None
        doc_id = self.document_of(e)
        document = ctx.document(doc_id)
        if document is None:
            return None
        try:
            return document, ctx.pg.document_chunks(ctx.tenant, doc_id)
        except Exception:
            return None

    def start_in_text(self, e: Evidence, end: dt.date,
                      periods: list[DurationMatch]) -> tuple[Evidence, str, dt.date, str] | None:
        """A term counted from a start no stored date fact holds ("the eighth anniversary of the Commencement
        Date", the contract giving that date elsewhere): the first sentence of the document stating a date from
        which one of the quoted periods runs to ``end``, as a cited passage, with that date and the period's words.
        None without such a sentence (or without the stores)."""
        ctx = self.ctx
        found = self.chunks_of(e)
        if ctx is None or found is None:
            return None
        document, chunks = found
        for chunk in chunks:
            for d in find_dates(chunk.text):
                period = period_ending(d.value, end, periods)
                if period is None:
                    continue
                lo, hi = next(((a, b) for a, b in sentences(chunk.text) if a <= d.start < b), (0, len(chunk.text)))
                sentence = normalise_space(chunk.text[lo:hi])
                if len(sentence) > MAX_QUOTE_CHARS:
                    continue
                ev, meta = chunk_evidence(ctx, chunk, document, "lexical", 1.0)
                self.meta.setdefault(ev.id, meta)
                return ev, sentence, d.value, period.surface
        return None

    def defining_clause(self, top: Evidence, shown: Evidence) -> Evidence | None:
        """The clause that defines a start date by reference ("This Agreement shall become effective on the date of
        execution", "shall come into force on the Date of the Agreement"): the best reading, when its quote does not
        state the day and the reading the answer quotes states the same day elsewhere. Cited beside that quote, so
        the reader sees which clause makes that day the start, not only where the day is written. ``top``'s own
        quote is known not to state its day (the caller read it)."""
        f = fact_of(top)
        if f.attribute not in ("effective_date", "commencement_date") or top.id == shown.id \
                or f.value_text != fact_of(shown).value_text \
                or top.citation.char_start == shown.citation.char_start:
            return None
        return top

    def state_end_event(self, e: Evidence, many_docs: bool) -> bool:
        """An agreement that lasts until an event ("until completion of the Research Program"): the event, quoted,
        and that it gives no fixed end date."""
        event = end_event(e)
        if event is None:
            return False
        doc = self.title(e, version=True) if many_docs or self.plan.documents else "The contract"
        self.say(f'{doc} runs {event} ({self.where(e.citation)}: "{short_quote(e.citation.quote)}"). '
                 "That is an event, not a date: the agreement has no fixed end date", [self.cite(e)])
        return True

    def state_term_only(self, e: Evidence, label: str, many_docs: bool) -> bool:
        """The term is quoted but no quoted start date gives the end: state the term, invent no date."""
        periods = periods_in(e.citation.quote)
        if not periods:
            return False
        doc = f" of {self.title(e, version=True)}" if many_docs or self.plan.documents else ""
        self.say(f'The contract does not state the {label}{doc} explicitly: it runs {periods[0].surface} '
                 f'({self.where(e.citation)}: "{short_quote(e.citation.quote)}"), so the end date depends on when that '
                 f'term started', [self.cite(e)])
        return True

    def state_expiry_from_term(self, term: Evidence) -> bool:
        """Expiration = effective (or agreement) date + initial term, computed by the calculator."""
        if counted_from_another_start(term.citation.quote):
            return self.state_end_from_event(term, attribute_label("expiration_date"), False)
        starts = self.quoted_start_dates(self.document_of(term))
        if not starts or not periods_in(term.citation.quote):
            return False
        start = starts[0]
        sf, tf = fact_of(start), fact_of(term)
        when = self.run_calculator(CalculatorArgs(operation="date_add", start=sf.value_text,
                                                  duration=tf.value_text))
        if when is None:
            return False
        self.draft.derived_dates.append(when)
        label = sf.attribute.replace("_", " ")
        self.say(f"{self.title(term)} runs for {tf.value_text} ({self.where(term.citation)}: "
                 f'"{short_quote(term.citation.quote)}") from its {label} {sf.value_text}, '
                 f'so it expires on {when} (calculated)',
                 [self.cite(term), self.cite(start)])
        return True

    def schedule_with(self, best: Evidence, facts: list[Evidence]) -> list[Evidence]:
        """The amounts of ``best``'s kind that its own quote states, in the order the quote gives them, where it
        states three or more different ones (a yearly fee schedule): one of them alone would misstate it. Empty
        otherwise ("the greater of $100,000 or the fees paid" is one cap, said as before)."""
        bf = fact_of(best)
        same: dict[float, Evidence] = {}
        for e in facts:
            f = fact_of(e)
            if f.attribute == bf.attribute and f.qualifier == bf.qualifier and f.value_num is not None \
                    and e.citation.quote == best.citation.quote and self.document_of(e) == self.document_of(best):
                same.setdefault(f.value_num, e)
        if len(same) < 3:
            return []
        quote = best.citation.quote

        def place(value: float) -> int:  # where the quote states the figure ("$ 204,000"), else after the others
            found = [i for form in (f"{value:,.0f}", f"{value:,.2f}", f"{value:.0f}") if (i := quote.find(form)) >= 0]
            return min(found) if found else len(quote)
        return [same[v] for v in sorted(same, key=place)]

    def state_parties(self, facts: list[Evidence], doc_ids: set[str] | None) -> Evidence | None:
        exclude = {alias_key(p) for p in self.plan.exclude_parties}
        unnamed = [e for e in facts if fact_of(e).attribute == "unnamed_party"]
        facts = [e for e in facts if fact_of(e).attribute != "unnamed_party"]
        keys = [alias_key(fact_of(e).value_text) for e in facts]
        seen: OrderedDict[str, Evidence] = OrderedDict()
        for e, key in zip(facts, keys, strict=True):
            # the asked party, however the question spells it ("Communication" for "Communications")
            if not key or any(names_asked_party(key, x, keys) for x in exclude):
                continue
            seen.setdefault(key, e)
        role = asked_role(self.plan.question)
        holders = [e for e in seen.values() if role and plays_role(fact_of(e), role)]
        if len(holders) == 1 and len(seen) > 1:  # "Who is the distributor?": the party the contract calls that
            others = [e for e in seen.values() if e is not holders[0]]
            self.say(f"The {role} is {fact_of(holders[0]).value_text}", [self.cite(holders[0])])
            self.say(f"The other {'party is' if len(others) == 1 else 'parties are'} "
                     f"{join_names([fact_of(e).value_text for e in others])}", [self.cite(e) for e in others])
            return holders[0]
        if seen:
            cites = [self.cite(e) for e in seen.values()]
            names = [fact_of(e).value_text for e in seen.values()]
            if self.plan.exclude_parties:
                self.say(f"The counterparty of {self.plan.exclude_parties[0]} is {join_names(names)}", cites)
            elif len(names) == 1 and unnamed:
                self.say(f"One party is {names[0]}", cites)
            else:
                self.say(f"The parties are {join_names(names)}", cites)
        elif not unnamed:
            return None
        told = self.state_unnamed_parties(unnamed, also=bool(seen))
        return next(iter(seen.values()), told)

    def state_unnamed_parties(self, unnamed: list[Evidence], also: bool) -> Evidence | None:
        """A side the contract defines by its role where its name should stand (a form's blank, a redaction, a
        description): said as such, with the defining words quoted, never presented as a name."""
        how = {"blank": "its name is left blank in this copy, which calls it {role}",
               "redacted": "its name is redacted in this copy, which calls it {role}",
               "described": "it refers to it only as {role}"}
        first: Evidence | None = None
        roles: set[str] = set()
        for e in unnamed:
            f = fact_of(e)
            if f.value_text.lower() in roles:
                continue
            roles.add(f.value_text.lower())
            role = f.value_text if f.value_text.lower().startswith("the ") else f"the {f.value_text}"
            role = f'"{f.value_text}"' if f.value_text.lower() == "you" else role
            said = how.get(f.qualifier or "", "it calls it {role}").format(role=role)
            if also or first is not None:
                lead = "The contract also has a party it does not name"
            elif self.plan.exclude_parties:
                lead = f"The contract does not name the counterparty of {self.plan.exclude_parties[0]}"
            else:
                lead = "The contract does not name one of its parties"
            self.say(f'{lead}: {said} ({self.where(e.citation)}: "{short_quote(e.citation.quote)}")', [self.cite(e)])
            first = first or e
        return first

    def note_table_conflict(self, winner: Evidence, others: list[Evidence]) -> None:
        """Say when a table cell or retrieved text gives a different figure than the winning fact."""
        wf = fact_of(winner)
        wv = comparable_figure(wf.value_text, wf.value_num)
        if wv is None:
            return
        for e in others:
            if e.fact is not None and e.store == "tables" and e.fact.qualifier == wf.qualifier:
                ov = comparable_figure(e.fact.value_text, e.fact.value_num)
                if ov is not None and ov != wv and winner.store == "facts":
                    n, m = self.cite(winner), self.cite(e)
                    self.say(f"A table cell ({self.where(e.citation)}) gives {e.fact.value_text} [{m}]; the stated "
                             f"fact ({self.where(winner.citation)}) takes precedence", [n], addendum=True)
                    return

    def note_earlier_version(self, current: Evidence, attribute: str) -> None:
        """Mention an earlier version's different value ("the earlier version (v1) said ...")."""
        cur_meta = self.meta.get(current.id)
        if cur_meta is None:
            return
        cf = fact_of(current)
        olds = [e for e in self.all_evidence() if e.fact is not None and self.status_of(e) == "superseded"
                and (m := self.meta.get(e.id)) is not None and m.doc_key == cur_meta.doc_key
                and e.fact.attribute == cf.attribute
                and (e.fact.qualifier or "") == (cf.qualifier or "")]
        for old in sorted(olds, key=lambda e: -e.citation.version):
            of = fact_of(old)
            if comparable_figure(of.value_text, of.value_num) != comparable_figure(cf.value_text, cf.value_num):
                n = self.cite(old)
                self.say(f"The earlier version (v{old.citation.version}) said {self.value_text(old)}; "
                         f"the active version is v{current.citation.version}", [n], addendum=True)
                return

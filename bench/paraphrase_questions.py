"""Questions of the paraphrase set, one builder per kind (``bench.paraphrase_set`` picks the contracts).

Every gold answer and evidence span comes from the CUAD expert labels; the wording comes from
``bench.paraphrase_templates``. Choices (which contracts, pairs, templates, references) are drawn
from one seeded ``random.Random`` in a fixed order, so the output is the same on every run.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Sequence
from types import ModuleType
from typing import Any

from bench import paraphrase_templates as T
from bench.paraphrase_names import possessive
from bench.paraphrase_set import Deal
from veridict.evaluation.normalize import durations_in, find_money, jurisdiction_parent, jurisdictions_in

TARGETS = {
    "exact_value/governing_law": 20,
    "exact_value/agreement_date": 14,
    "exact_value/effective_date": 12,
    "exact_value/expiration_date": 14,
    "exact_value/renewal_term": 12,
    "exact_value/notice_period_to_terminate_renewal": 12,
    "exact_value/parties": 20,
    "exact_value/amount": 6,
    "clause_lookup/present": 45,
    "clause_lookup/absent": 30,
    "cross_doc/list": 12,
    "cross_doc/count": 4,
    "cross_doc/compare": 18,
    "unanswerable/false_premise": 12,
    "unanswerable/value_not_in_doc": 8,
    "unanswerable/document_not_in_corpus": 8,
}
COMPARE_MIX = {"signed_first": 4, "longer_notice": 4, "same_law": 4, "has_clause": 4, "ends_first": 2}
DATE_CATEGORY = {
    "agreement_date": "Agreement Date",
    "effective_date": "Effective Date",
    "expiration_date": "Expiration Date",
}

SpansOf = Callable[[Deal, str], list[dict]]


def iso_date(answer: str, not_before: dt.date | None = None) -> str | None:
    """'7/31/2017' -> '2017-07-31'; a year before ``not_before`` is read a century later (the
    labels' spreadsheet turned 2030-2049 into 1930-1949); 'perpetual' is kept."""
    if answer.strip().lower() == "perpetual":
        return "perpetual"
    m = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*", answer)
    if not m:
        return None
    try:
        day = dt.date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    except ValueError:
        return None
    if not_before and day < not_before:
        day = day.replace(year=day.year + 100)
    return day.isoformat()


def days_of(answer: str) -> float | None:
    if "[" in answer:
        return None
    found = durations_in(answer)
    return found[0] if found else None


def law_of(deal: Deal) -> str | None:
    """The one jurisdiction the Governing Law label names (None for 'Delaware, Illinois')."""
    found = set(jurisdictions_in(deal.answer("Governing Law"), adjectives=False))
    found -= {jurisdiction_parent(j) for j in found}
    return found.pop() if len(found) == 1 else None


def sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if text.startswith(("our ", "the ")):
        text = text[0].upper() + text[1:]
    return text


class QuestionWriter:
    def __init__(
        self,
        deals: list[Deal],
        outside: list[Deal],
        spans_of: SpansOf,
        seed: int,
        templates: ModuleType = T,
        targets: dict[str, int] | None = None,
        compare_mix: dict[str, int] | None = None,
        prefix: str = "p",
    ) -> None:
        """``templates`` holds the wordings (a module shaped like ``bench.paraphrase_templates``);
        ``targets`` / ``compare_mix`` the number of questions per kind; ``prefix`` starts each qid."""
        self.T = templates
        self.targets = targets or TARGETS
        self.compare_mix = compare_mix or COMPARE_MIX
        self.prefix = prefix
        self.deals = deals
        self.outside = outside
        self.spans_of = spans_of
        self.rng = random.Random(seed)
        self.turns: Counter[str] = Counter()
        self.used: set[tuple[str, str]] = set()  # (doc_id, category) already asked about

    # ------------------------------------------------------------------ helpers

    def rotate(self, key: str, options: Sequence[str]) -> tuple[int, str]:
        n = self.turns[key]
        self.turns[key] += 1
        return n % len(options), options[n % len(options)]

    def names(self, deal: Deal, party: int | None = None) -> dict[str, str]:
        p = deal.shorts[self.rng.randrange(2) if party is None else party]
        # {p} / {ps}: the name as typed in a hurry, all lower case
        return {"P": p, "Ps": possessive(p), "p": p.lower(), "ps": possessive(p).lower(), "kind": deal.kind}

    def ref(self, deal: Deal) -> str:
        """A short reference to the contract that does not spell out its title ('Transportation
        Contract' rules out 'the transportation contract with ...')."""
        names = self.names(deal)
        refs = [r.format(**names) for r in self.T.REFERENCES]
        return self.rng.choice([r for r in refs if deal.title.casefold() not in r.casefold()])

    def pick(
        self,
        items: list[Any],
        n: int,
        docs: Callable[[Any], Sequence[str]],
        group: Callable[[Any], Hashable] = lambda _: 0,
        per_doc: int = 1,
    ) -> list[Any]:
        """Up to ``n`` items, shuffled, round-robin over groups, each contract at most ``per_doc`` times."""
        items = list(items)
        self.rng.shuffle(items)
        by_group: dict[Hashable, list[Any]] = defaultdict(list)
        for it in items:
            by_group[group(it)].append(it)
        queues = [by_group[g] for g in sorted(by_group, key=str)]
        taken: list[Any] = []
        count: Counter[str] = Counter()
        while len(taken) < n and any(queues):
            for q in queues:
                while q:
                    it = q.pop(0)
                    if all(count[d] < per_doc for d in docs(it)):
                        taken.append(it)
                        count.update(docs(it))
                        break
                if len(taken) == n:
                    break
        return taken

    @staticmethod
    def row(qtype: str, text: str, behavior: str, gold: Any, docs: list[Deal], evidence: list[dict],
            derivation: str, wording: str, twin: str, **extra: Any) -> dict:
        """One question; ``twin`` is the same question in the dev set's wording (kept aside)."""
        out = {
            "qid": "",
            "qtype": qtype,
            "question": sentence(text),
            "expected_behavior": behavior,
            "gold_answer": gold,
            "gold_answer_titles": extra.pop("titles", None),
            "doc_ids": [d.doc_id for d in docs],
            "evidence": evidence,
            "derivation": derivation,
        }
        out.update(extra)
        out["wording"] = wording
        out["_twin"] = twin
        return out

    # ------------------------------------------------------------------ exact values

    def exact_value(self) -> list[dict]:
        out: list[dict] = []
        for sub in self.T.EXACT:
            qtype = f"exact_value/{sub}"
            items = []
            for d in self.deals:
                got = self._exact_gold(d, sub)
                if got:
                    items.append((d, *got))
            for d, gold, category, derivation in self.pick(items, self.targets[qtype], lambda it: [it[0].doc_id]):
                evidence = self.spans_of(d, category)
                _, wording = self.rotate(qtype, self.T.EXACT[sub])
                if sub == "parties":
                    given = self.rng.randrange(2)
                    text = wording.format(party=d.shorts[given], **self.names(d, given))
                    while d.title.casefold() in text.casefold():  # the next wording, without the title
                        _, wording = self.rotate(qtype, self.T.EXACT[sub])
                        text = wording.format(party=d.shorts[given], **self.names(d, given))
                    gold = [d.parties[1 - given]]
                    twin = self.T.TEMPLATE_STYLE[sub].format(party=d.parties[given], title=d.title)
                else:
                    text = wording.format(ref=self.ref(d))
                    twin = self.T.TEMPLATE_STYLE[sub].format(full=d.full_title)
                review = {"needs_review": False} if sub == "parties" else {}
                out.append(self.row(qtype, text, "answer_with_citation", gold, [d], evidence, derivation,
                                    wording, twin, **review))
        out += self.amounts()
        return out

    def _exact_gold(self, d: Deal, sub: str) -> tuple[Any, str, str] | None:
        if sub == "governing_law":
            law = law_of(d)
            ok: object = law and self.spans_of(d, "Governing Law")
            return (d.answer("Governing Law"), "Governing Law", "Governing Law-Answer") if ok else None
        if sub in DATE_CATEGORY:
            category = DATE_CATEGORY[sub]
            signed = iso_date(d.answer("Agreement Date"))
            floor = dt.date.fromisoformat(signed) if signed and sub == "expiration_date" else None
            gold = iso_date(d.answer(category), floor)
            if sub != "expiration_date" and gold == "perpetual":
                gold = None
            ok = gold and self.spans_of(d, category)
            return (gold, category, f"{category}-Answer (m/d/yyyy -> ISO)") if ok else None
        if sub == "renewal_term":
            answer = d.answer("Renewal Term")
            ok = answer and (answer.lower() == "perpetual" or days_of(answer)) and self.spans_of(d, "Renewal Term")
            return (answer, "Renewal Term", "Renewal Term-Answer") if ok else None
        if sub == "notice_period_to_terminate_renewal":
            category = "Notice Period to Terminate Renewal"
            days = days_of(d.answer(category))
            ok = days and self.spans_of(d, category)
            return (d.answer(category), category, f"{category}-Answer; days={days:g}") if ok else None
        if sub == "parties":
            ok = self.spans_of(d, "Parties")
            return ("", "Parties", 'Parties-Answer split on ";" (the other party is asked for)') if ok else None
        return None

    def amounts(self) -> list[dict]:
        qtype = "exact_value/amount"
        items = []
        for d in self.deals:
            for category in self.T.AMOUNT:
                spans = self.spans_of(d, category) if d.has(category) else []
                stated = [s for s in spans if re.search(self.T.AMOUNT_CUE[category], s["text"], re.I)]
                money = [m for s in stated for m in find_money(s["text"])]
                if money and len({(m.value, m.currency) for m in money}) == 1:
                    items.append((d, category, money[0].surface, spans))
        out = []
        for d, category, gold, spans in self.pick(items, self.targets[qtype], lambda it: [it[0].doc_id],
                                                  lambda it: it[1]):
            _, wording = self.rotate(f"{qtype}/{category}", self.T.AMOUNT[category])
            twin = self.T.TEMPLATE_STYLE["amount"].format(what=self.T.TEMPLATE_AMOUNT[category], full=d.full_title)
            out.append(self.row(qtype, wording.format(ref=self.ref(d)), "answer_with_citation", gold, [d], spans,
                                f'the one money amount in the "{category}" quotes that say what it is', wording,
                                twin, needs_review=True))
        return out

    # ------------------------------------------------------------------ clauses

    def clause_question(self, d: Deal, category: str) -> tuple[str, str, str]:
        _, wording = self.rotate(f"clause/{category}", self.T.CLAUSE[category])
        _, show = self.rotate("show", self.T.SHOW)
        twin = self.T.TEMPLATE_STYLE["clause"].format(full=d.full_title, category=category.lower())
        return wording.format(ref=self.ref(d)) + show, wording + show, twin

    def clause_lookup(self) -> list[dict]:
        out = []
        present = [(d, c) for d in self.deals for c in self.T.CLAUSE if d.has(c) and self.spans_of(d, c)]
        for d, c in self.pick(present, self.targets["clause_lookup/present"], lambda it: [it[0].doc_id],
                              lambda it: it[1], per_doc=2):
            self.used.add((d.doc_id, c))
            text, wording, twin = self.clause_question(d, c)
            out.append(self.row("clause_lookup/present", text, "answer_with_citation", "Yes", [d],
                                self.spans_of(d, c), f'"{c}" quotes non-empty (CUAD expert label)', wording, twin,
                                category=c))
        absent = [(d, c) for d in self.deals for c in self.T.CLAUSE if d.lacks(c)]
        for d, c in self.pick(absent, self.targets["clause_lookup/absent"], lambda it: [it[0].doc_id],
                              lambda it: it[1]):
            self.used.add((d.doc_id, c))
            text, wording, twin = self.clause_question(d, c)
            out.append(self.row("clause_lookup/absent", text, "say_not_found", "No", [d], [],
                                f'"{c}" quotes empty and {c}-Answer=No (CUAD labels all 41 categories)', wording,
                                twin, category=c))
        return out

    # ------------------------------------------------------------------ across the library

    def groups(self) -> dict[tuple[str, str], list[Deal]]:
        """('law', name) / ('clause', category) / ('renewal', '') -> the contracts it holds for."""
        out: dict[tuple[str, str], list[Deal]] = defaultdict(list)
        for d in self.deals:
            law = law_of(d)
            if law and self.spans_of(d, "Governing Law"):
                out[("law", law)].append(d)
            for c in self.T.CLAUSE_PHRASE:
                if d.has(c) and self.spans_of(d, c):
                    out[("clause", c)].append(d)
            if d.has("Renewal Term") and self.spans_of(d, "Renewal Term"):
                out[("renewal", "")].append(d)
        return out

    def group_evidence(self, key: tuple[str, str], docs: list[Deal]) -> list[dict]:
        category = {"law": "Governing Law", "renewal": "Renewal Term"}.get(key[0], key[1])
        return [e for d in docs for e in self.spans_of(d, category)]

    def cross_doc(self) -> list[dict]:
        groups = self.groups()
        listable = [k for k, v in groups.items() if k[0] != "renewal" and 2 <= len(v) <= 8]
        lists = self.pick(listable, self.targets["cross_doc/list"], lambda k: [f"{k[0]}:{k[1]}"], lambda k: k[0])
        out = []
        for key in lists:
            docs = groups[key]
            options = self.T.CROSS_LIST_LAW if key[0] == "law" else self.T.CROSS_LIST_CLAUSE
            _, wording = self.rotate(f"list/{key[0]}", options)
            text = wording.format(law=key[1], clause=self.T.CLAUSE_PHRASE.get(key[1], ""))
            how = f"Governing Law-Answer == {key[1]}" if key[0] == "law" else f'"{key[1]}" quotes non-empty'
            twin = self.T.TEMPLATE_STYLE[f"list_{key[0]}"].format(law=key[1], category=key[1].lower())
            out.append(self.row("cross_doc/list", text, "answer_list_with_citations", [d.doc_id for d in docs], docs,
                                self.group_evidence(key, docs), f"all contracts of the set with {how}", wording,
                                twin, titles=[d.full_title for d in docs]))
        countable = [k for k, v in groups.items() if k[0] != "renewal" and k not in lists and 2 <= len(v) <= 20]
        counts = [("renewal", "")] + self.pick(countable, self.targets["cross_doc/count"] - 1, lambda k: [k[1]],
                                               lambda k: k[0])
        for key in counts:
            docs = groups[key]
            options = {"law": self.T.CROSS_COUNT_LAW, "clause": self.T.CROSS_COUNT_CLAUSE}.get(
                key[0], self.T.CROSS_COUNT_RENEWAL)
            _, wording = self.rotate(f"count/{key[0]}", options)
            text = wording.format(law=key[1], clause=self.T.CLAUSE_PHRASE.get(key[1], ""))
            twin = self.T.TEMPLATE_STYLE[f"count_{key[0]}"].format(law=key[1], category=key[1].lower())
            out.append(self.row("cross_doc/count", text, "answer_list_with_citations", len(docs), docs,
                                self.group_evidence(key, docs), f"count of contracts of the set in group {key}",
                                wording, twin))
        return out + self.compare()

    def compare(self) -> list[dict]:
        deals = self.deals
        pairs = [(a, b) for i, a in enumerate(deals) for b in deals[i + 1 :]]
        out = []
        for how, n in self.compare_mix.items():
            items = [it for it in (self._compare_gold(how, a, b) for a, b in pairs) if it]
            group = (lambda it: it[2].startswith("Yes")) if how == "same_law" else (lambda it: it[3])
            for a, b, gold, category, derivation, evidence in self.pick(
                items, n, lambda it: [it[0].doc_id, it[1].doc_id], group, per_doc=1
            ):
                _, wording = self.rotate(f"compare/{how}", self.T.COMPARE[how])
                ref_a, ref_b = self.ref(a), self.ref(b)
                if self.rng.random() < 0.5:
                    ref_a, ref_b = ref_b, ref_a
                text = wording.format(ref1=ref_a, ref2=ref_b, clause=self.T.CLAUSE_PHRASE.get(category, ""))
                titles = [d.full_title for d in (a, b) if d.doc_id == gold] or None
                twin = self.T.TEMPLATE_STYLE[how].format(full1=a.full_title, full2=b.full_title,
                                                         category=category.lower())
                out.append(self.row("cross_doc/compare", text, "answer_with_citation", gold, [a, b], evidence,
                                    derivation, wording, twin, titles=titles))
        return out

    def _compare_gold(self, how: str, a: Deal, b: Deal) -> tuple | None:
        def both(category: str) -> list[dict] | None:
            ea, eb = self.spans_of(a, category), self.spans_of(b, category)
            return ea + eb if ea and eb else None

        if how in ("signed_first", "ends_first"):
            category = "Agreement Date" if how == "signed_first" else "Expiration Date"
            da, db = (self._exact_gold(d, "agreement_date" if how == "signed_first" else "expiration_date")
                      for d in (a, b))
            if not da or not db or "perpetual" in (da[0], db[0]) or da[0] == db[0] or not both(category):
                return None
            first = a if da[0] < db[0] else b
            return a, b, first.doc_id, "", f"{category}-Answer {da[0]} vs {db[0]}", both(category)
        if how == "longer_notice":
            category = "Notice Period to Terminate Renewal"
            na, nb = days_of(a.answer(category)), days_of(b.answer(category))
            if not na or not nb or abs(na - nb) <= 0.025 * max(na, nb) or not both(category):
                return None
            longer = a if na > nb else b
            return a, b, longer.doc_id, "", f"Notice Period-Answer in days: {na:g} vs {nb:g}", both(category)
        if how == "same_law":
            la, lb = law_of(a), law_of(b)
            if not la or not lb or not both("Governing Law"):
                return None
            gold = f"Yes ({la})" if la == lb else f"No ({la} vs {lb})"
            return a, b, gold, "", "Governing Law-Answer equality", both("Governing Law")
        apart = [  # has_clause: categories one of the two has and the other lacks
            (yes, category)
            for category in self.T.CLAUSE_PHRASE
            for yes, no in ((a, b), (b, a))
            if yes.has(category) and no.lacks(category) and self.spans_of(yes, category)
        ]
        if not apart:
            return None
        yes, category = self.rng.choice(apart)
        derivation = f'"{category}" quotes non-empty for exactly one of the two'
        return a, b, yes.doc_id, category, derivation, self.spans_of(yes, category)

    # ------------------------------------------------------------------ unanswerable

    def unanswerable(self) -> list[dict]:
        out = []
        qtype = "unanswerable/false_premise"
        items = [
            (d, c) for d in self.deals for c, (_, words) in self.T.FALSE_PREMISE.items()
            if d.lacks(c) and (d.doc_id, c) not in self.used and not re.search(words, d.text, re.I)
        ]
        for d, c in self.pick(items, self.targets[qtype], lambda it: [it[0].doc_id], lambda it: it[1]):
            _, wording = self.rotate(f"false/{c}", self.T.FALSE_PREMISE[c][0])
            out.append(self.row(qtype, wording.format(ref=self.ref(d)), "refuse_or_state_not_specified", None, [d], [],
                                f"{c}-Answer=No (false premise); the text never matches /{self.T.FALSE_PREMISE[c][1]}/",
                                wording, self.T.TEMPLATE_FALSE_PREMISE[c].format(full=d.full_title)))
        qtype = "unanswerable/value_not_in_doc"
        quiet = [d for d in self.deals if not d.spans("Renewal Term") and not d.spans(
            "Notice Period to Terminate Renewal") and not re.search(r"renew", d.text, re.I)]
        for n, d in enumerate(self.pick(quiet, self.targets[qtype], lambda d: [d.doc_id])):
            what = "notice_period" if n % 2 == 0 else "renewal_term"
            _, wording = self.rotate(f"unstated/{what}", self.T.NOT_STATED[what])
            twin = self.T.TEMPLATE_STYLE[f"not_stated_{what}"].format(full=d.full_title)
            out.append(self.row(qtype, wording.format(ref=self.ref(d)), "refuse_or_state_not_specified", None, [d], [],
                                "Renewal Term and Notice Period quotes empty; the text never says 'renew'", wording,
                                twin))
        qtype = "unanswerable/document_not_in_corpus"
        for d in self.outside[: self.targets[qtype]]:
            _, wording = self.rotate(qtype, self.T.NOT_IN_LIBRARY["governing_law"])
            out.append(self.row(qtype, wording.format(**self.names(d)), "refuse_document_not_found", None, [], [],
                                f'contract exists in CUAD but is NOT in the set; true answer would be '
                                f'"{d.answer("Governing Law")}" (a leak signal)', wording,
                                self.T.TEMPLATE_STYLE["not_in_library"].format(full=d.full_title),
                                outside_doc=d.row["cuad_filename"]))
        return out

    # ------------------------------------------------------------------ all

    def all_questions(self) -> list[dict]:
        rows = self.exact_value() + self.clause_lookup() + self.cross_doc() + self.unanswerable()
        for n, r in enumerate(rows, 1):
            r["qid"] = f"{self.prefix}{n:04d}"
        return rows

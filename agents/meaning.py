"""What a question asks, by meaning: the attribute or clause type whose example questions (and registry
description) are nearest to it in the embedder's space.

The rules of the planner read cue words; a user who asks "how far ahead must we tell them if we don't want
another term?" uses none. When the rules leave a question without an attribute or clause type, this reading
fills the gap as a ``PlanHint`` (merged like a model's hint: the rules win wherever they decided), when the
nearest example is close enough (``MIN_SIMILARITY``) and clearly nearer than the best other label
(``MIN_MARGIN``). A yes/no question that asks for no value is read against the clause types only.

The thresholds, 0.55 / 0.03, were chosen on the studied everyday set (``bench/questions/paraphrase``, train-half
contracts): of its 80 questions the rules leave open, it labels 68: 51 as the CUAD labels do, 6 otherwise, 11
with no single label to check (comparisons, licence terms); at 0.60 / 0.05 it labels 59 (46 right, 4 wrong).
On the dev questions the rules do read, it agrees with the rules on 85.1 % of the 315 it would label
(``bench/meaning_threshold.py``; 94.8 % of 268 at 0.60 / 0.05).

Before the nearest example, a second reader may decide: the question reader
(``agents/models/question_reader.npz``, ``python -m bench.train_question_reader``), a classifier over the question's
embedding fitted on the same registry texts and the studied everyday clause questions. One example stands for a
label in the nearest-example reading; the classifier weighs all of a label's examples and what sets them apart from
the other labels', so "If Globex wants to sell a stake to an outsider, do we get to buy it first?" reads as a right
of first refusal although its nearest example is under the bar. It decides a clause type (not an attribute) when
its probability reaches the floor chosen by cross-validation on the study questions (the sidecar's
``min_probability``), and only for the embedder it was fitted on.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import numpy as np

from agents.plan import Plan
from agents.plan_hint import PlanHint, merge_hint, needs_hint
from agents.planner import default_tools, fit_comparison, notice_kind
from ingest.clause_model import fits_embedder, model_for_embedder
from tools.reads import QueryEmbedder
from veridict.domain import ATTRIBUTE_BY_NAME, CLAUSE_BY_NAME
from veridict.domain.attributes import ValueKind
from veridict.domain.examples import ATTRIBUTE_EXAMPLES, CLAUSE_EXAMPLES, QUALIFIER_EXAMPLES
from veridict.domain.roles import ROLE_WORDS
from veridict.domain.words import YES_NO_OPENER
from veridict.types import Fact

MIN_SIMILARITY = 0.55
MIN_MARGIN = 0.03
# under those bars a clause type is still taken when the clause model, read over the question's own words and
# vector, puts the same type first: two readers that agree (on the studied everyday set, 3 of the 8 clause
# questions the rules leave open: 2 as CUAD labels them, 1 as its cousin, joint for assigned IP ownership). 0.45,
# not 0.50: on the fresh everyday study set (``study2``) two more read as their category ("Is Halcyon free to sign up
# other distributors in our region?", 0.46) and none of the other studied questions changes its reading
AGREED_MIN_SIMILARITY = 0.45
# what an asked amount is for, read when no cue word says (``qualifier_hint``): nearer than these to one kind's
# examples, and by this margin nearer than to any other kind of amount
QUALIFIER_MIN_SIMILARITY = 0.55
QUALIFIER_MIN_MARGIN = 0.05
LabelKind = Literal["attribute", "clause", "qualifier"]


@dataclass(frozen=True)
class Reading:
    kind: LabelKind
    name: str
    similarity: float


_PRONOUN = re.compile(r"\b(it|the deal|the agreement)\b(?!['’])", re.IGNORECASE)


def with_contract(examples: tuple[str, ...]) -> list[str]:
    """Each example, and where it says "it" or "the deal" the same words with "the contract": the question is
    read with its document named "the contract" (``bare_question``), and the small embedder weighs that word."""
    out: list[str] = []
    for text in examples:
        out.append(text)
        variant = _PRONOUN.sub("the contract", text)
        if variant != text:
            out.append(variant)
    return out


def registry_texts() -> list[tuple[str, LabelKind, str]]:
    """The registry's example questions and descriptions, each with its label's kind and name."""
    out: list[tuple[str, LabelKind, str]] = []
    for name, examples in ATTRIBUTE_EXAMPLES.items():
        out += [(text, "attribute", name) for text in (*with_contract(examples), ATTRIBUTE_BY_NAME[name].description)]
    for name, examples in CLAUSE_EXAMPLES.items():
        out += [(text, "clause", name) for text in (*with_contract(examples), CLAUSE_BY_NAME[name].description)]
    return out


class MeaningModel:
    """The example questions of the registry, embedded once per embedder."""

    def __init__(self, embedder: QueryEmbedder) -> None:
        texts: list[str] = []
        labels: list[tuple[tuple[LabelKind, str], ...]] = []  # each text's labels
        for text, kind, name in registry_texts():
            texts.append(text)
            labels.append(((kind, name),))
        # a question about one kind of amount asks for an amount too: one text, two labels
        for name, examples in QUALIFIER_EXAMPLES.items():
            for text in with_contract(examples):
                texts.append(text)
                labels.append((("attribute", "amount"), ("qualifier", name)))
        embed_many = getattr(embedder, "embed_documents", None)
        if embed_many is not None:
            matrix = np.asarray(embed_many(texts), dtype=np.float32)
        else:
            matrix = np.stack([np.asarray(embedder.embed_query(t), dtype=np.float32) for t in texts])
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        self.matrix = matrix / np.where(norms == 0, 1, norms)
        self.labels = labels

    def readings(self, question: str, embedder: QueryEmbedder, kinds: tuple[LabelKind, ...] = ("attribute", "clause")
                 ) -> list[Reading]:
        """Every label of ``kinds`` with its best example's similarity to ``question``, nearest first."""
        return self.readings_of(np.asarray(embedder.embed_query(question), dtype=np.float32), kinds)

    def readings_of(self, vec: np.ndarray, kinds: tuple[LabelKind, ...] = ("attribute", "clause")) -> list[Reading]:
        """``readings`` of a question already embedded."""
        vec = vec / (np.linalg.norm(vec) or 1.0)
        sims = self.matrix @ vec
        best: dict[tuple[LabelKind, str], float] = {}
        for row, sim in zip(self.labels, sims.tolist(), strict=True):
            for label in row:
                if label[0] in kinds and sim > best.get(label, -1.0):
                    best[label] = sim
        out = [Reading(kind, name, round(sim, 4)) for (kind, name), sim in best.items()]
        return sorted(out, key=lambda r: -r.similarity)


QUESTION_READER_FILE = Path("agents") / "models" / "question_reader.npz"


@dataclass(frozen=True)
class QuestionReader:
    """Multinomial logistic regression over the l2-normalised question embedding (``bench.train_question_reader``)."""

    labels: tuple[str, ...]  # "attribute:<name>" / "clause:<type>"
    coef: np.ndarray
    intercept: np.ndarray
    min_probability: float
    embedding_model: str
    dim: int

    def read(self, vec: np.ndarray) -> list[tuple[str, str, float]]:
        """(kind, name, probability) of every label, most probable first."""
        v = vec / (np.linalg.norm(vec) or 1.0)
        z = self.coef @ v + self.intercept
        p = np.exp(z - z.max())
        p /= p.sum()
        order = np.argsort(-p)
        return [(*self.labels[i].split(":", 1), float(p[i])) for i in order]


@lru_cache(maxsize=1)
def load_question_reader() -> QuestionReader | None:
    path = Path(__file__).resolve().parents[1] / QUESTION_READER_FILE
    side = path.with_suffix(".json")
    if not path.exists() or not side.exists():
        return None
    meta = json.loads(side.read_text(encoding="utf-8"))
    with np.load(path) as z:
        return QuestionReader(tuple(str(x) for x in z["labels"]), z["coef"].astype(np.float32),
                              z["intercept"].astype(np.float32), float(meta["min_probability"]),
                              str(meta["embedding_model"]), int(meta["embedding_dim"]))


def question_reader_for(embedder: object) -> QuestionReader | None:
    """The shipped reader when it was fitted on this embedder's vectors, else None."""
    reader = load_question_reader()
    return reader if reader is not None and fits_embedder(reader.embedding_model, reader.dim, embedder) else None


def learned_reading(vec: np.ndarray, embedder: QueryEmbedder, allowed: Callable[[str, str], bool]) -> Reading | None:
    """The question reader's most probable label among those ``allowed`` takes, when it reaches its floor (``vec``:
    the bare question, embedded)."""
    reader = question_reader_for(embedder)
    if reader is None:
        return None
    for kind, name, prob in reader.read(vec):
        if allowed(kind, name):
            return Reading(kind, name, round(prob, 4)) if prob >= reader.min_probability else None  # type: ignore[arg-type]
    return None


_MODELS: dict[int, MeaningModel] = {}
_LOCK = threading.Lock()


def meaning_model(embedder: QueryEmbedder) -> MeaningModel:
    with _LOCK:
        model = _MODELS.get(id(embedder))
        if model is None:
            model = _MODELS[id(embedder)] = MeaningModel(embedder)
        return model


def bare_question(plan: Plan) -> str:
    """The question with the documents and names it mentions replaced by plain words, so that a party's name
    does not pull the reading towards a label."""
    text = plan.question
    for ref in plan.documents:
        text = text.replace(ref.mention, "the contract")
    for name in plan.entities:
        text = re.sub(rf"\b{re.escape(name)}(?:['’]s?)?", "them", text)
    return " ".join(text.split())


# A question that asks for a value: a wh-word, or "how long / much / far ..."; not one inside what a yes/no question
# asks about ("Is there a limit on how much Globex can be on the hook for?", "a cap on what we owe")
_ASKS_VALUE = re.compile(r"(?<!\bon )(?<!\bof )(?<!\babout )"
                         r"\b(what|when|which|who|whom|whose|where|how (long|much|many|far|early|soon|late|often))\b",
                         re.IGNORECASE)
_YES_NO = YES_NO_OPENER


# a full stop that ends no sentence: after an initial ("W.", "G. B.") or a short title ("No.", "Mr.", "St.")
_NO_SENTENCE_END = re.compile(r"(?:^|[\s(])(?:[A-Z]|No|Nos|Mr|Mrs|Ms|Dr|St|Mt|Sec|Art)\.$")


def asked(question: str) -> str:
    """The sentence that asks ("We're MediaNet. Who's on the other side?" -> "Who's on the other side?"); a
    full stop followed by a lower-case word ends no sentence ("Does the agreement between Anixa Biosciences, Inc.
    and OntoChem GmbH contain ...?" is one question), nor does an initial or a short title before a name or number
    ("... and JAMES W. NANTZ III include ...?", "Care G. B. Plus Ltd.", "Amendment No. 2")."""
    sentences: list[str] = []
    for piece in re.split(r"(?<=[.?!])\s+", question.strip()):
        if sentences and (piece[:1].islower() or _NO_SENTENCE_END.search(sentences[-1])):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return next((s for s in sentences if "?" in s), question.strip())


def checks_a_stated_law(plan: Plan) -> bool:
    """"Is the Tate & Lyle JV agreement governed by English law?": a yes/no question about a named contract that
    names the law it expects. The contract's own law answers it, yes or no; the named law does not filter the facts
    as it does in "Which contracts are governed by German law?"."""
    return (plan.intent == "exact_value" and plan.attribute == "governing_law" and bool(plan.documents)
            and bool(plan.constraints.jurisdiction) and bool(_YES_NO.match(_LEAD.sub("", asked(plan.question)))))


# "Who is the distributor under the PPG agreement?", "Which party is the licensee?", "Who's the franchisor?"
_ASKED_ROLE = re.compile(r"^(?:who|which (?:party|side|company|one))(?:['’]s|\s+(?:is|was|acts as|serves as))\s+"
                         r"(?:the\s+)?(?P<role>[a-z]+(?:\s+[a-z]+)?)", re.IGNORECASE)


def asked_role(question: str) -> str | None:
    """The role a "who is the <role>" question asks for, one of the contract role words (``ROLE_WORDS``), or None."""
    m = _ASKED_ROLE.match(asked(question).strip())
    if m is None:
        return None
    words = m.group("role").lower().split()
    return next((r for r in (" ".join(words), words[0]) if r in ROLE_WORDS), None)


def plays_role(fact: Fact, role: str) -> bool:
    """Whether a party fact is the party the contract calls ``role``: its stored role, or its quote defining it so
    ('NeoMedia Micro Paint Repair ("DISTRIBUTOR")')."""
    if (fact.qualifier or "").lower() == role:
        return True
    return bool(re.search(rf"[(\"“,]\s*(?:the\s+)?{re.escape(role)}\s*[\"”]", fact.quote, re.IGNORECASE))


def asks_one_side(question: str) -> bool:
    """"Did the Acme deal come before the Globex one?", "Is the Acme deal older than the Globex one?": a comparison
    asked as a yes/no about the first contract named (not "Is the Acme deal or the Globex one older?")."""
    q = _LEAD.sub("", asked(question))
    return bool(_YES_NO.match(q)) and not re.search(r"\bor\b", q, re.IGNORECASE)


def asks_yes_no(question: str) -> bool:
    """"Is there a way out just by giving notice?": a yes/no question that asks for no value, so it asks
    whether a clause is there ("Does it roll over, and for how long?" asks for a value too). "Is there a limit on
    how much anyone can be liable for? Show me the language." asks whether there is such a clause as well: the
    value words are inside what is asked about, and the wording is what is wanted."""
    q = _LEAD.sub("", asked(question))
    if _EXISTS.match(q) and _WANTS_WORDING.search(question):
        return True
    return bool(_YES_NO.match(q)) and not _ASKS_VALUE.search(q)


# "Under the services contract with Vitalibis, is ...": the place comes first, the question after the comma
# so does a condition: "If they give another customer a lower price, do we get it too?"
_LEAD = re.compile(r"^(under|in|for|per|as for|regarding|if|once|after|before) [^,?]{3,80},\s*", re.IGNORECASE)
_EXISTS = re.compile(r"^(is|are) (there|any|anyone|anything)\b", re.IGNORECASE)
_WANTS_WORDING = re.compile(r"\b(quote|show me|point me|where (it|the contract|the agreement|the deal) says|"
                            r"(the|its|exact) (language|wording))\b", re.IGNORECASE)
# values whose cue words also turn up inside a clause question ("how much anyone can be liable for", "one of the
# parties", "the best price"): in a yes/no question that wants the wording or names a clause type, they do not make
# it a value question
_INCIDENTAL_VALUES = frozenset({"amount", "party"})


def clause_question(plan: Plan) -> Plan:
    """A yes/no question that wants the wording is a clause lookup, even where a cue word named a value in
    passing ("Are we guaranteed the best price anyone gets? Quote the wording."); a clause type no cue named is
    then read by meaning. So is a yes/no question whose cue words name a clause type, wording asked for or not
    ("Is there anything about a takeover of either party?", "Do we have to buy a minimum amount each year?"): it
    asks whether the clause is there, and the clause states its figure. One that states a figure ("Is the cap $1M?
    Quote it.") still checks the value."""
    if plan.attribute not in _INCIDENTAL_VALUES or plan.intent != "exact_value":
        return plan
    if plan.clause_types and re.search(r"\d", plan.question):
        return plan
    if not asks_yes_no(plan.question):
        return plan
    if not (_WANTS_WORDING.search(plan.question) or plan.clause_types):
        return plan
    return as_clause_lookup(plan, plan.clause_types)


def as_clause_lookup(plan: Plan, clause_types: list[str]) -> Plan:
    """The plan as a lookup of ``clause_types``, the value it named in passing dropped."""
    lookup = plan.model_copy(update={"intent": "clause_lookup", "attribute": None, "attributes": [],
                                     "qualifier": None, "qualifiers": [], "clause_types": list(clause_types)})
    lookup.tools = default_tools(lookup)
    return lookup


def value_in_passing(plan: Plan) -> bool:
    """A yes/no question whose only cue named a value that clause questions name in passing, and no clause type:
    "Is there a fixed sum they owe if they miss the delivery date?" asks whether a clause is there (liquidated
    damages), not for an amount. Whether it does is for the meaning reading to say (``meaning_hint``); one that
    states a figure checks the value."""
    return (plan.intent == "exact_value" and plan.attribute in _INCIDENTAL_VALUES and not plan.clause_types
            and not re.search(r"\d", plan.question) and asks_yes_no(plan.question))


# The kind of value a question's own words ask for; the small embedder hardly tells "who" from "when".
_ASKS_PERIOD = re.compile(r"\bhow (long|far ahead|early|much (notice|time|warning)|many (days|weeks|months|years))\b",
                          re.IGNORECASE)
_ASKS_WHO = re.compile(r"^(who|whom|with whom)\b", re.IGNORECASE)
_ASKS_WHEN = re.compile(r"^((until|since|as of|by|from) )?when\b", re.IGNORECASE)
# "what date ..." names no date of its own: "From what date does it apply?" asks when it takes effect, "What date
# does it run until?" when it ends, "What date is on it?" when it was signed
_ASKS_DATE = re.compile(r"\b(what|which) date\b", re.IGNORECASE)


def value_kinds(question: str) -> frozenset[ValueKind] | None:
    """The kinds of value the question's form allows ("who ..." names, "how long ..." a period, "when ..." a date
    or a period), or None where its form does not say."""
    q = asked(question)
    if _ASKS_PERIOD.search(q):
        return frozenset({"period"})
    if _ASKS_WHO.match(q):
        return frozenset({"names"})
    if _ASKS_WHEN.match(q):
        return frozenset({"date", "period"})
    if _ASKS_DATE.search(q):
        return frozenset({"date"})
    return None


def compares_values(plan: Plan) -> bool:
    """A comparison of two contracts' values ("Is the Vitalibis contract under the same state's law as our IBM
    deal?", "Did A come before B?"): asked as a yes/no, it still asks for a value of each, so it is read against the
    attributes too; "Does A or B have an exclusivity clause?" (``contains``) asks for a clause."""
    return plan.intent == "compare" and plan.comparison not in (None, "contains")


# the kinds of value a comparison word can compare
_COMPARED_KINDS: dict[str, frozenset[ValueKind]] = {
    "earlier": frozenset({"date", "period"}), "later": frozenset({"date", "period"}),
    "longer": frozenset({"period", "date"}), "shorter": frozenset({"period", "date"}),
    "larger": frozenset({"money", "period"}), "smaller": frozenset({"money", "period"}),
}


def _value_of(reading: Reading) -> str:
    """What a label asks for: an attribute, its kind of value; a clause type, itself."""
    return f"attribute:{ATTRIBUTE_BY_NAME[reading.name].kind}" if reading.kind == "attribute" else reading.name


def clause_model_reading(text: str, embedder: QueryEmbedder) -> str | None:
    """The clause type the ingest clause model (``ingest.clause_model``, trained on contract passages) scores
    highest for ``text``; None where no model fits the embedder."""
    model = model_for_embedder(embedder)
    if model is None:
        return None
    vec = np.asarray(embedder.embed_query(text), dtype=np.float32)[None]
    scores = model.chunk_scores(vec, [[]], [text])[0]
    return model.tags[int(np.argmax(scores))]


def meaning_hint(plan: Plan, embedder: QueryEmbedder) -> tuple[PlanHint | None, Reading | None]:
    """A hint naming the nearest attribute or clause type, when it is near and clear; and the best reading.
    A yes/no question is read against the clause types only; a "who", "when" or "how long" question against
    the attributes of that kind of value (and the clause types)."""
    vec = np.asarray(embedder.embed_query(bare_question(plan)), dtype=np.float32)  # once, for both readers
    readings = meaning_model(embedder).readings_of(vec)
    yes_no, kinds = asks_yes_no(plan.question) and not compares_values(plan), value_kinds(plan.question)
    by_value = compares_values(plan) and not plan.attributes
    if by_value:  # "Who do we have to tell earlier, A or B?": which contract; its words say what kind of value
        kinds = _COMPARED_KINDS.get(plan.comparison or "")

    def allowed(kind: str, name: str) -> bool:
        if kind == "clause":
            return not by_value  # a comparison by a value compares values, whatever clause holds them
        return not yes_no and (kinds is None or ATTRIBUTE_BY_NAME[name].kind in kinds)

    readings = [r for r in readings if allowed(r.kind, r.name)]
    if not readings:
        return None, None
    # the classifier, where it is sure of a clause type: it weighs every example of a label and the studied everyday
    # clause questions, the nearest-example reading one example; attributes stay with the nearest example and its
    # rule for dates (the classifier saw no more attribute questions than the registry's examples)
    learned = learned_reading(vec, embedder, lambda kind, name: kind == "clause" and allowed(kind, name))
    if learned is not None:
        return _hint(learned), learned
    best = readings[0]
    dated = next((r for r in readings if r.kind == "attribute"), None) if kinds == frozenset({"date"}) else None
    if dated is not None:  # a question that asks "what date" asks for one of the dates: the nearest, however near
        return PlanHint(intent="exact_value", attribute=dated.name), dated
    # the margin is to the nearest label that asks for something else: two attributes with the same kind of
    # value (the agreement and the effective date) are read as the nearer one
    runner_up = next((r for r in readings[1:] if r.name != best.name and _value_of(r) != _value_of(best)), None)
    margin = best.similarity - (runner_up.similarity if runner_up else 0.0)
    if best.similarity < MIN_SIMILARITY or margin < MIN_MARGIN:
        if not (best.kind == "clause" and best.similarity >= AGREED_MIN_SIMILARITY
                and clause_model_reading(bare_question(plan), embedder) == best.name):
            return None, best
    return _hint(best), best


def _hint(reading: Reading) -> PlanHint:
    if reading.kind == "attribute":
        return PlanHint(intent="exact_value", attribute=reading.name)
    return PlanHint(intent="clause_lookup", clause_types=[reading.name])


def wants_meaning(plan: Plan) -> bool:
    """The rules left the question open (``needs_hint``), or named a value only in passing (``value_in_passing``):
    what it asks is read by meaning (``read_by_meaning``)."""
    return needs_hint(plan) or value_in_passing(plan) or (compares_values(plan) and not plan.attributes)


# "What does the Bunker One contract say about hedging?": the question asks what the contract says on a topic
_TOPIC = re.compile(r"\b(?:say|says|said|state|states|provide|provides|mention|mentions|cover|covers)\s+"
                    r"(?:anything\s+|something\s+)?(?:about|on|regarding|concerning)\s+(?P<topic>[^?]{3,})",
                    re.IGNORECASE)


def asks_for_a_value(question: str) -> bool:
    """A "who / which / when / how long ..." question that is not about a topic: what it asks may stand in
    words it does not use ("Which outfit is Alan Crane consulting for?" is answered by the preamble's names)."""
    return bool(_ASKS_VALUE.search(asked(question))) and asked_topic(question) is None


def asked_topic(question: str) -> str | None:
    """The topic of a "what does ... say about TOPIC" question, or None. A topic that is itself a question ("...
    say about who is bound by it", "... about how long it runs") asks for a value: no topic."""
    m = _TOPIC.search(question)
    if m is None or _ASKS_VALUE.match(m.group("topic")):
        return None
    return " ".join(m.group("topic").split())


def topic_agrees(plan: Plan, hint: PlanHint, embedder: QueryEmbedder) -> bool:
    """A question that asks what a contract says about a topic takes a reading by meaning only when its topic
    alone reads as the same label, at least as near as ``AGREED_MIN_SIMILARITY``: read whole, "what does the
    Bunker One contract say about hedging?" is nearest to the parties and "... about commissions" to an amount,
    while "hedging" alone is near no label and "commissions" is nearest to revenue sharing. Other questions
    always agree."""
    topic = asked_topic(bare_question(plan))
    if topic is None:
        return True
    wanted = hint.attribute or (hint.clause_types[0] if hint.clause_types else None)
    readings = meaning_model(embedder).readings(topic, embedder)
    return bool(readings) and readings[0].name == wanted and readings[0].similarity >= AGREED_MIN_SIMILARITY


def read_by_meaning(plan: Plan, embedder: QueryEmbedder) -> tuple[Plan, Reading | None, bool]:
    """The plan with the nearest clear reading filled in where the rules left a gap; a yes/no question that named
    a value in passing becomes a lookup of the clause read, or stays as the rules read it. Returns the plan, the
    nearest reading and whether it was used."""
    hint, reading = meaning_hint(plan, embedder)
    if hint is None or not topic_agrees(plan, hint, embedder):
        return plan, reading, False
    if value_in_passing(plan):
        if not hint.clause_types:
            return plan, reading, False
        return as_clause_lookup(plan, hint.clause_types), reading, True
    merged = merge_hint(plan, hint, source="meaning")
    fit_comparison(merged)
    if merged.attribute == "notice_period" and merged.qualifier is None:
        kind = notice_kind(bare_question(merged).lower())  # "tell us if we don't want to renew": before renewal
        merged.qualifier, merged.qualifiers = kind, [kind] if kind else []
    return merged, reading, True


def qualifier_hint(plan: Plan, embedder: QueryEmbedder) -> tuple[str | None, Reading | None]:
    """What the asked amount is for, by meaning, where no cue word said it: "What's the most they could ever owe
    us?" asks for the liability cap. One kind is taken when near and clear (``QUALIFIER_MIN_SIMILARITY`` /
    ``_MARGIN``)."""
    if plan.qualifier or plan.qualifiers or plan.attribute != "amount":
        return None, None
    readings = meaning_model(embedder).readings(bare_question(plan), embedder, kinds=("qualifier",))
    if not readings:
        return None, None
    best = readings[0]
    margin = best.similarity - (readings[1].similarity if len(readings) > 1 else 0.0)
    if best.similarity < QUALIFIER_MIN_SIMILARITY or margin < QUALIFIER_MIN_MARGIN:
        return None, best
    return best.name, best

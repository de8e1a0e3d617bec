"""Canonical entity registry: folds aliases of one party, organisation, place or law.

Folding rules, in order:

1. the same folded key: case, punctuation and legal suffixes ignored
   ("CLOUDSECURE GMBH", "CloudSecure GmbH", "Cloudsecure" -> one entity) — across documents;
2. a user alias file (YAML or JSON: ``{canonical: [alias, ...]}``) — across documents;
3. defined short names from party definitions (``CloudSecure GmbH ("CloudSecure")``) —
   only inside the defining document, because "Company" means a different party elsewhere;
4. initials of a known entity in the same document ("CS GmbH" -> CloudSecure GmbH,
   "HPIL ET" -> HPIL Energytech) and a unique leading-word prefix ("Ultragenyx" ->
   Ultragenyx Pharmaceutical Inc.).

Every mention keeps its surface form; the entity keeps every alias seen.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

from veridict.domain.names import (
    FORM_ONLY,
    LEGAL_FORM_TOKENS,
    ascii_text,
    dotted_initials,
    fold_name,
    split_suffix,
)
from veridict.types import Entity, Mention


class RegistryError(Exception):
    """A problem with the registry's input (for example an unreadable alias file)."""


GENERIC_SHORT_NAMES = {
    "agreement",
    "party",
    "parties",
    "effective date",
    "term",
    "initial term",
    "renewal term",
    "territory",
    "products",
    "product",
    "services",
    "affiliate",
    "affiliates",
}


def initials(name: str) -> str:
    """Initials of a name's core words, splitting camel case: 'CloudSecure GmbH' -> 'CS'."""
    words = dotted_initials.sub(lambda m: re.sub(r"[.\s]", "", m.group(0)) + " ", ascii_text(name)).split()
    while len(words) > 1 and (
        re.sub(r"[^a-z]", "", words[-1].lower()) in LEGAL_FORM_TOKENS or words[-1] in ("&", ",")
    ):
        words.pop()  # drop the legal form: "GmbH & Co KG", "Inc."
    out = []
    for word in words:
        for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", word):
            if w.lower() in ("the", "of", "and", "for"):
                continue
            out.append(w if (w.isupper() and len(w) > 1) else w[0].upper())
    return "".join(out)


def _initials_form(surface: str) -> tuple[str, list[str]] | None:
    """'CS GmbH' -> ('CS', ['gmbh']); 'HPIL ET' -> ('HPILET', []); None if not initials."""
    words = ascii_text(surface).replace(".", " ").split()
    caps: list[str] = []
    suffix: list[str] = []
    for w in words:
        lw = re.sub(r"[^a-z]", "", w.lower())
        if lw in FORM_ONLY and caps:
            suffix.append(lw)
        elif re.fullmatch(r"[A-Z&]{1,6}", w):
            caps.append(w.replace("&", ""))
        else:
            return None
    joined = "".join(caps)
    return (joined, suffix) if 2 <= len(joined) <= 8 else None


class EntityRegistry:
    """Entities of one tenant, with alias folding. Not thread-safe; one per ingestion run."""

    def __init__(self, tenant: str, aliases: dict[str, list[str]] | None = None) -> None:
        self.tenant = tenant
        self._entities: dict[str, Entity] = {}
        self._by_key: dict[tuple[str, str], str] = {}  # (type, folded key) -> entity id
        self._user_alias: dict[str, str] = {}  # folded alias -> canonical name
        self._doc_alias: dict[tuple[str, str], str] = {}  # (document, folded short name) -> id
        self._doc_entities: dict[str, set[str]] = defaultdict(set)
        self.mentions: list[Mention] = []
        if aliases:
            self.add_user_aliases(aliases)

    # ------------------------------------------------------------------ user aliases
    @classmethod
    def from_alias_file(cls, tenant: str, path: str | Path) -> EntityRegistry:
        reg = cls(tenant)
        reg.load_alias_file(path)
        return reg

    def load_alias_file(self, path: str | Path) -> None:
        """Read ``{canonical: [alias, ...]}`` from a .yaml/.yml or .json file."""
        p = Path(path)
        try:
            raw = p.read_text(encoding="utf-8")
        except OSError as e:
            raise RegistryError(f"cannot read alias file {p}: {e}") from e
        try:
            if p.suffix.lower() in (".yaml", ".yml"):
                import yaml

                data = yaml.safe_load(raw)
            else:
                data = json.loads(raw)
        except Exception as e:  # yaml.YAMLError / json.JSONDecodeError
            raise RegistryError(f"alias file {p} is not valid {p.suffix[1:] or 'json'}: {e}") from e
        if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(a, str) for a in v)
            for k, v in data.items()
        ):
            raise RegistryError(f"alias file {p} must map each canonical name to a list of aliases")
        self.add_user_aliases(data)

    def add_user_aliases(self, aliases: dict[str, list[str]]) -> None:
        for canonical, names in aliases.items():
            for alias in [canonical, *names]:
                self._user_alias[fold_name(alias)] = canonical

    # ------------------------------------------------------------------ entities
    @property
    def entities(self) -> list[Entity]:
        return list(self._entities.values())

    def get(self, entity_id: str) -> Entity:
        return self._entities[entity_id]

    def add(
        self,
        name: str,
        type: str = "ORG",
        document_id: str | None = None,
        aliases: list[str] | tuple[str, ...] = (),
    ) -> Entity:
        """The entity for ``name`` (created if new); ``aliases`` are folded into it."""
        entity = self.resolve(name, type, document_id)
        if entity is None:
            canonical = self._user_alias.get(fold_name(name), name.strip())
            entity = Entity(tenant=self.tenant, canonical_name=canonical, type=type)
            self._entities[entity.id] = entity
            self._index(entity, canonical)
        self._index(entity, name)
        if document_id:
            self._doc_entities[document_id].add(entity.id)
        for alias in aliases:
            self.add_alias(entity, alias, document_id)
        return entity

    def add_alias(self, entity: Entity, alias: str, document_id: str | None = None) -> None:
        """Record ``alias`` for ``entity``. Short names (no legal suffix, or generic role words)
        are scoped to ``document_id``; full names fold globally."""
        alias = alias.strip().strip("\"“”'")
        if not alias or fold_name(alias) in GENERIC_SHORT_NAMES:
            return
        if alias not in entity.aliases and alias != entity.canonical_name:
            entity.aliases.append(alias)
        _, suffix = split_suffix(alias)
        if document_id:
            self._doc_alias[(document_id, fold_name(alias))] = entity.id
            self._doc_entities[document_id].add(entity.id)
        if suffix or document_id is None:
            self._by_key.setdefault((entity.type, fold_name(alias)), entity.id)

    def _index(self, entity: Entity, name: str) -> None:
        key = fold_name(name)
        if key:
            self._by_key.setdefault((entity.type, key), entity.id)
        if name.strip() != entity.canonical_name and name.strip() not in entity.aliases:
            entity.aliases.append(name.strip())

    def resolve(
        self, surface: str, type: str | None = None, document_id: str | None = None
    ) -> Entity | None:
        """The known entity ``surface`` refers to, or None."""
        key = fold_name(surface)
        if not key:
            return None
        types = [type] if type else sorted({t for t, _ in self._by_key})
        canonical = self._user_alias.get(key)
        for t in types:
            for k in (key, fold_name(canonical) if canonical else None):
                if k and (t, k) in self._by_key:
                    return self._entities[self._by_key[(t, k)]]
        if document_id is None:
            return None
        if (document_id, key) in self._doc_alias:
            e = self._entities[self._doc_alias[(document_id, key)]]
            if type is None or e.type == type:
                return e
        in_doc = [
            self._entities[i]
            for i in self._doc_entities.get(document_id, ())
            if type is None or self._entities[i].type == type
        ]
        return self._by_initials(surface, in_doc) or self._by_prefix(key, in_doc)

    @staticmethod
    def _by_initials(surface: str, candidates: list[Entity]) -> Entity | None:
        form = _initials_form(surface)
        if form is None:
            return None
        letters, suffix = form
        hits = []
        for e in candidates:
            names = [e.canonical_name, *e.aliases]
            forms = {" ".join(split_suffix(n)[1]) for n in names} - {""}
            if suffix and forms and " ".join(suffix) not in forms:
                continue  # "CS Ltd" is not "CloudSecure GmbH"
            for name in names:
                core, esuffix = split_suffix(name)
                if not core:
                    continue
                if initials(name).upper() == letters.upper() and (
                    not suffix or not esuffix or suffix == esuffix
                ):
                    hits.append(e)
                    break
                # "HPIL ET" for "HPIL Energytech": leading acronym word + initials of the rest
                words = ascii_text(name).split()
                if (
                    len(words) > 1
                    and words[0].isupper()
                    and letters.upper().startswith(words[0].upper())
                    and initials(" ".join(words[1:])).upper() == letters.upper()[len(words[0]) :]
                ):
                    hits.append(e)
                    break
        return hits[0] if len({h.id for h in hits}) == 1 else None

    @staticmethod
    def _by_prefix(key: str, candidates: list[Entity]) -> Entity | None:
        toks = key.split()
        if not toks or len(toks[0]) < 3:
            return None
        hits = {
            e.id: e
            for e in candidates
            for name in [e.canonical_name, *e.aliases]
            if fold_name(name).split()[: len(toks)] == toks
            and len(fold_name(name).split()) > len(toks)
        }
        return next(iter(hits.values())) if len(hits) == 1 else None

    def resolve_or_add(
        self, surface: str, type: str = "ORG", document_id: str | None = None
    ) -> Entity:
        found = self.resolve(surface, type, document_id)
        if found is not None:
            if document_id:
                self._doc_entities[document_id].add(found.id)
            if surface.strip() != found.canonical_name and surface.strip() not in found.aliases:
                found.aliases.append(surface.strip())
            return found
        return self.add(surface, type, document_id)

    # ------------------------------------------------------------------ parties and mentions
    def register_party(
        self, name: str, short_names: list[str], document_id: str, type: str = "ORG"
    ) -> Entity:
        """A contract party with its defined short names ("CloudSecure GmbH" ("CloudSecure"))."""
        entity = self.add(name, type, document_id)
        for short in short_names:
            self.add_alias(entity, short, document_id)
        return entity

    def mention(
        self,
        surface: str,
        type: str,
        document_id: str,
        page: int,
        char_start: int,
        char_end: int,
        section_id: str | None = None,
        role: str | None = None,
    ) -> Mention:
        """Record one mention (surface form kept), resolving or creating its entity."""
        entity = self.resolve_or_add(surface, type, document_id)
        m = Mention(
            tenant=self.tenant,
            entity_id=entity.id,
            document_id=document_id,
            section_id=section_id,
            surface=surface,
            page=page,
            char_start=char_start,
            char_end=char_end,
            role=role,
        )
        self.mentions.append(m)
        return m

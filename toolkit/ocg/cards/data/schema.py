"""The card format's JSON Schema (generated from the vocabulary) and a card in words.

:func:`card_schema` builds the schema from the field tables of
:mod:`~toolkit.ocg.cards.data.compile` and the term registries, so an editor
with a YAML language server completes and checks card files exactly as the
compiler reads them.  The shipped copy, ``card.schema.json`` beside this
module, must equal it (a test checks; ``python -m toolkit cards --schema``
prints it).

>>> schema = card_schema()
>>> schema["$defs"]["condition"]["oneOf"][0]["enum"][:2]
['face_up_on_field', 'your_end_phase']
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Any

from toolkit.errors import quoted
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.data.compile import PARTS
from toolkit.ocg.cards.data.conditions import CONDITIONS, FILTER_FIELDS, LINK_TESTS, TRIGGER_TESTS
from toolkit.ocg.cards.data.terms import WRITTEN_PARTS, Param, Registry, param_schema, words
from toolkit.ocg.cards.data.verbs import CHOICES, SELECTORS, VERBS

SCHEMA_FILE = Path(__file__).with_name("card.schema.json")
"""The shipped schema (package data)."""
SCHEMA_ID = "https://endphase-toolkit.invalid/card.schema.json"


def _object(fields: tuple[Param, ...], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "properties": {p.name: param_schema(p) for p in fields},
        "additionalProperties": False,
    }
    required = [p.name for p in fields if p.required]
    if required:
        out["required"] = required
    if description:
        out["description"] = description
    return out


def _terms(registry: Registry) -> dict[str, Any]:
    """A term: a bare name (terms without a required parameter) or ``{name: parameters}``."""
    bare = [t.name for t in registry.terms.values() if not any(p.required for p in t.params)]
    options: list[dict[str, Any]] = [{"enum": bare}] if bare else []
    for term in registry.terms.values():
        if not term.params:
            continue
        params: dict[str, Any] = _object(term.params)
        value: dict[str, Any] = params
        if term.shorthand is not None:
            short = next(p for p in term.params if p.name == term.shorthand)
            value = {"oneOf": [param_schema(short), params]}
        options.append({"type": "object", "properties": {term.name: value}, "required": [term.name],
                        "additionalProperties": False, "description": term.description})
    return {"oneOf": options, "description": f"a {registry.kind}: "
            + "; ".join(f"{t.name}: {t.description}" for t in registry.terms.values())}


def card_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a card file: one card or a list of cards."""
    defs: dict[str, Any] = {name: _object(fields) for name, fields in PARTS.items()}
    defs["filter"] = _object(FILTER_FIELDS, "a group of cards seen from the card whose effect it is")
    defs["condition"] = _terms(CONDITIONS)
    defs["conditions"] = {"oneOf": [{"$ref": "#/$defs/condition"},
                                    {"type": "array", "items": {"$ref": "#/$defs/condition"}, "minItems": 1}]}
    defs["verb"] = _terms(VERBS)
    defs["steps"] = {"oneOf": [{"$ref": "#/$defs/verb"},
                               {"type": "array", "items": {"$ref": "#/$defs/verb"}, "minItems": 1}]}
    defs["selector"] = _terms(SELECTORS)
    defs["choice"] = _terms(CHOICES)
    defs["link_test"] = _terms(LINK_TESTS)
    defs["trigger_test"] = _terms(TRIGGER_TESTS)
    defs["trigger_tests"] = {"oneOf": [{"$ref": "#/$defs/trigger_test"},
                                       {"type": "array", "items": {"$ref": "#/$defs/trigger_test"},
                                        "minItems": 1}]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "End Phase toolkit card file",
        "description": "One OCG card (a mapping) or a list of cards, in the toolkit's card format.",
        "oneOf": [{"$ref": "#/$defs/card"}, {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1}],
        "$defs": defs,
    }


def schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(card_schema(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


_WRITTEN = {"applies": "when", "resolve": "do", "process_kind": "kind", "choices": "choose", "label": "label"}
"""The card-format field an engine attribute comes from, where the two names differ."""
_TRIGGER_WRITTEN = {**_WRITTEN, "condition": "if"}
_END_PHASE_WRITTEN = {**_WRITTEN, "condition": "timing"}


def _effect_parts(effect: Any, fields: tuple[str, ...], written: dict[str, str]) -> list[tuple[str, Any]]:
    """The effect's set fields, each under the name a card file gives it, with its value."""
    found: list[tuple[str, Any]] = []
    for name in fields:
        value = getattr(effect, name)
        parts = getattr(value, WRITTEN_PARTS, None)  # several fields of the file: each under its name
        for field, part in (parts.items() if isinstance(parts, dict) else ((written.get(name, name), value),)):
            if part is None or part == () or part == frozenset():
                continue
            found.append((field, part))
    return found


def _shown(part: Any) -> str:
    """A field's value as the card file writes it; yes/no for a flag."""
    if isinstance(part, bool):
        return "yes" if part else "no"
    return words(part if not isinstance(part, frozenset) else tuple(sorted(map(str, part))))


def _field_value(part: Any) -> Any:
    """A field's value for JSON: flags, numbers and names as themselves, lists of names as lists,
    anything else as the card file writes it.

    >>> _field_value(True), _field_value(3), _field_value(("deck", "hand")), _field_value(frozenset({"b", "a"}))
    (True, 3, ['deck', 'hand'], ['a', 'b'])
    """
    if isinstance(part, (bool, int, float, str)) and not isinstance(part, Enum):
        return part
    if isinstance(part, (tuple, frozenset)) and all(isinstance(x, str) for x in part):
        return sorted(part) if isinstance(part, frozenset) else list(part)
    return _shown(part)


def _effects(text: Any) -> list[tuple[str, Any, list[tuple[str, Any]]]]:
    """Each effect of a text version: what kind it is, its key (None for none) and its set fields."""
    kinds: list[tuple[str, Any, tuple[str, ...], dict[str, str]]] = []
    kinds += [("End Phase process", e, ("mandatory", "chain_link", "process_kind", "condition", "phase", "applies",
                                        "can_perform", "choices", "cost", "resolve") + (("activates",) if not e.activates else ()),
               _END_PHASE_WRITTEN) for e in text.end_phase]
    kinds += [("trigger", t, ("on", "mandatory", "scope", "zones", "condition", "can_activate", "choices", "cost",
                              "resolve"), _TRIGGER_WRITTEN) for t in text.triggers]
    kinds += [("quick effect", q, ("spell_speed", "zones", "can_activate", "responds_to", "choices", "cost",
                                   "resolve", "moment_kinds", "at_moment") + (("mandatory",) if q.mandatory else ())
                                  + (("card_activation",) if not q.card_activation else ()), _WRITTEN)
              for q in text.quick]
    kinds += [(f"continuous {c.kind.value}", c, ("amount", "active", "condition"), _WRITTEN) for c in text.continuous]
    kinds += [(f"lingering {quoted(li.effect)}", li, ("duration", "negates", "label", "continuous", "process", "on_end"),
               _WRITTEN) for li in text.lingering]
    return [(kind, getattr(effect, "key", None), _effect_parts(effect, fields, written))
            for kind, effect, fields, written in kinds]


def describe_card(card: CardBehaviour) -> list[str]:
    """The card as the engine reads it, one text version after another, in words."""
    lines = [f"{card.name} ({card.english or 'no English name'}): {card.card_type.value}"
             + (f", {card.subtype}" if card.subtype else "") + (f", {card.race}" if card.race else "")
             + (f", Level {card.level}" if card.level is not None else "")
             + (f", ATK {card.atk}" if card.atk is not None else "")
             + (f", DEF {card.defense}" if card.defense is not None else "")]
    if card.archetypes:
        lines.append("  archetypes: " + ", ".join(sorted(card.archetypes)))
    for text in card.texts:
        since = f"from {text.since.isoformat()}" if text.since else "original text"
        evidence = f" (evidence: {', '.join(text.evidence)})" if text.evidence else ""
        lines.append(f"  text version, {since}{evidence}" + (f" — {text.note}" if text.note else ""))
        effects = _effects(text)
        for kind, key, parts in effects:
            lines.append(f"    {kind} {quoted(key)}:" if key is not None else f"    {kind}:")
            lines += [f"      {field}: {_shown(part)}" for field, part in parts]
        if not effects:
            lines.append("    nothing to do in the End Phase")
    return lines


def _printed_values(card: CardBehaviour) -> dict[str, Any]:
    """The monster's printed values the engine reads (attack, battle damage, costs that lower
    them), under the card format's names; only those the card has."""
    return {name: value for name, value in (("atk", card.atk), ("def", card.defense)) if value is not None}


def card_fields(card: CardBehaviour) -> dict[str, Any]:
    """The card as the engine reads it, as fields (what ``cards --show NAME --json`` prints):
    its names, type, each text version with the date it applies from and its effects, each
    effect's fields under the names a card file gives them."""
    return {
        "name_ja": card.name, "name_en": card.english, "card_type": card.card_type.value,
        "subtype": card.subtype or None, "race": card.race or None, "level": card.level,
        **_printed_values(card), "archetypes": sorted(card.archetypes),
        "texts": [{
            "since": text.since.isoformat() if text.since else None,
            "evidence": list(text.evidence), "note": text.note or None,
            "effects": [{"kind": kind, "key": key, "fields": {field: _field_value(part) for field, part in parts}}
                        for kind, key, parts in _effects(text)],
        } for text in card.texts],
    }

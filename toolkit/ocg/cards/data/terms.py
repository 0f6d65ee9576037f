"""The registries the card format is built from: named terms with parameters.

A *term* is one word of the card vocabulary — a condition (``face_up_on_field``),
a verb (``draw``), a way of picking cards (``itself``), a trigger test, a
chain-link test or a choice maker.  Each registry maps the term's name to the
function that builds the engine value from the parameters, the parameters'
schema and a one-line English description.  The JSON Schema, the "did you
mean" hints and ``cards --show`` are generated from these registries, so a
new term is written once.

Parameter types (:data:`PARAM_TYPES`) are a small closed set; :func:`check_param`
turns a YAML value into the Python value a builder gets, or says in one
sentence what is wrong.

>>> spec = Param("count", "int", "how many cards")
>>> check_param(spec, 3)
3
>>> check_param(spec, "three")
Traceback (most recent call last):
...
toolkit.ocg.cards.data.terms.TermError: 'count' must be a whole number, not 'three'
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from toolkit.core.durations import Duration
from toolkit.errors import ToolkitError, quoted
from toolkit.ocg.values import EventKind, Zone

ZONE_WORDS: dict[str, Zone] = {"hand": Zone.HAND, "field": Zone.FIELD, "gy": Zone.GY, "graveyard": Zone.GY,
                               "banished": Zone.BANISHED, "deck": Zone.DECK}
"""How a card file names a zone."""
EVENT_WORDS: dict[str, str] = {str(kind.value): str(kind.value) for kind in EventKind}
"""The happenings a trigger may answer (``sent_to_gy``, ``discarded``, ...)."""
DURATION_WORDS: dict[str, Duration] = {str(d.value): d for d in Duration}
"""How long a lingering effect lasts (``until_end_phase``, ``until_end_of_turn``, ...)."""
PLAYER_WORDS = ("you", "opponent", "each")
"""Whose deck/LP a verb acts on: the effect's controller, the other player, both."""
SIDE_WORDS = ("you", "opponent", "both", "owner")
"""Whose cards a filter looks at (``owner``: the owner of the source card)."""


class TermError(ToolkitError):
    """A term or parameter of a card file is wrong (the reader adds file, card and field)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.message = message
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Param:
    """One parameter of a term: name, type (a key of :data:`PARAM_TYPES`), description."""

    name: str
    type: str
    description: str
    required: bool = True
    default: Any = None
    may_be_empty: bool = False
    """For a list type (:data:`LIST_TYPES`): whether ``[]`` is accepted — only where it says "none" as
    leaving the field out does (a card's aliases); a filter or condition listing nothing is refused."""


@dataclass(frozen=True)
class Term:
    """A named term: ``build(**params)`` makes the engine value."""

    name: str
    description: str
    build: Callable[..., Any]
    params: tuple[Param, ...] = ()
    shorthand: str | None = None
    """The parameter a scalar value stands for (``has_tag: x`` = ``has_tag: {tag: x}``)."""


@dataclass
class Registry:
    """Terms of one kind (conditions, verbs, ...), by name, in the order written."""

    kind: str
    terms: dict[str, Term] = field(default_factory=dict)

    def add(self, name: str, description: str, *params: Param,
            shorthand: str | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: register ``build`` under ``name``."""

        def wrap(build: Callable[..., Any]) -> Callable[..., Any]:
            if name in self.terms:
                raise ValueError(f"{self.kind} {quoted(name)} is registered twice")
            short = shorthand if shorthand is not None else (params[0].name if len(params) == 1 else None)
            self.terms[name] = Term(name, description, build, tuple(params), short)
            return build

        return wrap

    def get(self, name: object) -> Term:
        if not isinstance(name, str) or name not in self.terms:
            raise TermError(f"unknown {self.kind} {quoted(name)}{did_you_mean(str(name), self.terms)}")
        return self.terms[name]

    def build(self, written: object) -> Any:
        """The engine value for ``written``: a bare name, or ``{name: params}``."""
        name, raw = split_term(written, self.kind)
        term = self.get(name)
        params = parse_params(term, raw, self.kind)
        value = term.build(**params)
        try:
            setattr(value, WORDS, written_words(term, params))
        except AttributeError:  # a value that takes no attributes is shown by its name
            pass
        return value


WORDS = "_card_words"
"""The attribute holding how a built term reads in a card file (for ``cards --show``)."""

OPTIONS = "_card_options"
"""The attribute of a built ``do`` holding the alternatives of its ``either`` step."""

WRITTEN_PARTS = "_card_written_parts"
"""The attribute of a value the compiler made of several fields of an effect, holding
those fields as the card file wrote them (``do`` and ``only_if``; ``choose`` without the
alternatives of ``do``'s ``either``), so ``cards --show`` shows each under its own name."""


def written_words(term: Term, params: dict[str, Any]) -> str:
    """A built term as a card file writes it, in YAML's flow form: ``face_up_on_field``,
    ``{has_tag: x}`` (the shorthand parameter's value alone, where a card file may
    write it so), ``{mill: {count: 2, player: each}}``;
    parameters left at their default are not shown.

    >>> t = Term("mill", "", lambda **kw: None, (Param("count", "int", ""), Param("player", "str", "", False, "you")),
    ...          shorthand="count")
    >>> written_words(t, {"count": 2, "player": "you"}), written_words(t, {"count": 2, "player": "each"})
    ('{mill: 2}', '{mill: {count: 2, player: each}}')
    """
    defaults = {p.name: p.default for p in term.params}
    shown = {k: v for k, v in params.items() if v not in (None, (), False) and v != defaults.get(k)}
    if not shown:
        return term.name
    short = term.shorthand
    if short is not None and list(shown) == [short] and (
            _takes_mapping(term) or not words(shown[short]).startswith("{")):
        return "{" + f"{term.name}: {words(shown[short])}" + "}"  # as parse_params reads it
    return "{" + f"{term.name}: " + "{" + ", ".join(f"{k}: {words(v)}" for k, v in shown.items()) + "}}"


_FLOW_INDICATORS = frozenset(",[]{}#&*!|>'\"%@`")


_YAML_WORDS = frozenset("yes Yes YES no No NO true True TRUE false False FALSE on On ON off Off OFF "
                        "null Null NULL".split())
"""The words YAML (1.1, as PyYAML reads it) reads as a yes/no or as nothing.  Its other readings
(numbers, dates, ``.inf``, ``~``, ``<<``, ``=``) start with no letter: a plain scalar that starts
with a letter (or ``_``), is printable and is not one of these words reads back as itself."""


def flow_scalar(text: str) -> str:
    """``text`` as YAML's flow form reads it back: plain where it can be, else single-quoted
    (a label holding ``:``, ``,`` or ``#``, or one YAML would read as a number or yes/no).

    >>> flow_scalar("add it to the hand"), flow_scalar("Summon it: to your field"), flow_scalar("yes")
    ('add it to the hand', "'Summon it: to your field'", "'yes'")
    """
    plain = (text == text.strip() and text != "" and not _FLOW_INDICATORS.intersection(text)
             and ": " not in text and not text.endswith(":") and text[0] not in "-?:"
             and "\n" not in text)
    if plain and (text[0].isalpha() or text[0] == "_") and text.isprintable() and text not in _YAML_WORDS:
        return text  # what YAML reads back as itself, known without loading PyYAML
    if plain:
        import yaml

        try:
            plain = yaml.safe_load(text) == text
        except yaml.YAMLError:
            plain = False
    return text if plain else "'" + text.replace("'", "''") + "'"


def words(value: object) -> str:
    """How a built term or parameter value reads, as a card file writes it (``{has_tag: x}``);
    a text is quoted where YAML would not read it back as the same text."""
    text = getattr(value, WORDS, None)
    if isinstance(text, str):
        return text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(words(v) for v in value) + "]"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, str):
        return flow_scalar(value)
    if callable(value):
        doc = (getattr(value, "__doc__", None) or "").strip().splitlines()
        return doc[0] if doc else getattr(value, "__name__", "a Python function").lstrip("_")
    if hasattr(value, "__dataclass_fields__"):
        fields = getattr(value, "__dataclass_fields__")
        shown = ", ".join(f"{k}: {words(getattr(value, k))}" for k in fields
                          if getattr(value, k) not in (None, (), False, "you"))
        return "{" + shown + "}"
    return str(value)


def did_you_mean(name: str, known: Any) -> str:
    """`` (did you mean: a, b?)`` with the nearest known names, or ``""``."""
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.5)
    return f" (did you mean: {', '.join(close)}?)" if close else ""


def split_term(written: object, kind: str) -> tuple[str, object]:
    """``"name"`` -> (name, None); ``{"name": params}`` -> (name, params)."""
    if isinstance(written, str):
        return written, None
    if isinstance(written, dict) and len(written) == 1:
        (name, raw), = written.items()
        return str(name), raw
    hint = ""
    if isinstance(written, dict) and written:
        first = next(iter(written))
        hint = f" (one name per {kind}: write its parameters inside it: {{{first}: {{...}}}})"
    raise TermError(f"a {kind} is a name or a mapping of one name to its parameters, not {flow_text(written)}{hint}")


def flow_text(value: object) -> str:
    """A value read from a card file, as YAML's flow form writes it (not a Python repr).

    >>> flow_text({"add_to_hand": "itself", "if_in": "gy"})
    '{add_to_hand: itself, if_in: gy}'
    """
    import yaml

    try:
        return str(yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False,
                                  width=10**6)).strip().removesuffix("...").strip()
    except yaml.YAMLError:
        return repr(value)


def parse_params(term: Term, raw: object, kind: str) -> dict[str, Any]:
    """Check ``raw`` (None, a scalar for the shorthand parameter, or a mapping) against ``term.params``."""
    if raw is None:
        given: dict[str, Any] = {}
    elif isinstance(raw, dict) and not (term.shorthand is not None and _takes_mapping(term)
                                        and not any(p.name in raw for p in term.params)):
        given = {str(k): v for k, v in raw.items()}
    elif term.shorthand is not None:  # a scalar, or a mapping naming none of the parameters (a filter, a selector)
        given = {term.shorthand: raw}
    else:
        raise TermError(f"{kind} {quoted(term.name)} takes named parameters "
                        f"({', '.join(p.name for p in term.params) or 'none'}), not {quoted(raw)}")
    known = {p.name: p for p in term.params}
    for name in given:
        if name not in known:
            hint = did_you_mean(name, known) or f" (it takes: {', '.join(known) or 'no parameters'})"
            raise TermError(f"{kind} {quoted(term.name)} has no parameter {quoted(name)}{hint}")
    out: dict[str, Any] = {}
    for spec in term.params:
        if spec.name in given:
            written_as_term = raw == [] and spec.name == term.shorthand  # (``any_of: []``: named as written)
            named = replace(spec, name=term.name) if written_as_term else spec
            out[spec.name] = check_param(named, given[spec.name])
        elif spec.required:
            raise TermError(f"{kind} {quoted(term.name)} needs its parameter {quoted(spec.name)} ({spec.description})")
        else:
            out[spec.name] = spec.default
    return out


MAPPING_TYPES = frozenset({"filter", "filters", "selector", "condition", "conditions", "condition_list"})
"""Parameter types whose value may itself be a mapping."""


def _takes_mapping(term: Term) -> bool:
    """Whether the term's shorthand parameter may be written as a mapping (a filter, a selector)."""
    return any(p.name == term.shorthand and p.type in MAPPING_TYPES for p in term.params)


def word_check(choices: Any, what: str) -> Callable[[Param, object], Any]:
    def check(spec: Param, value: object) -> Any:
        if isinstance(value, str) and value in choices:
            return choices[value] if isinstance(choices, dict) else value
        raise TermError(f"{quoted(spec.name)} must be {what} ({', '.join(choices)}), not {quoted(value)}"
                        f"{did_you_mean(str(value), choices)}")

    return check


def _int(spec: Param, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TermError(f"{quoted(spec.name)} must be a whole number, not {quoted(value)}")
    return value


def _str(spec: Param, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise TermError(f"{quoted(spec.name)} must be a text, not {quoted(value)}")
    return value


def _bool(spec: Param, value: object) -> bool:
    if not isinstance(value, bool):
        raise TermError(f"{quoted(spec.name)} must be true or false, not {quoted(value)}")
    return value


def _listed(item: Callable[[Param, object], Any]) -> Callable[[Param, object], tuple[Any, ...]]:
    def check(spec: Param, value: object) -> tuple[Any, ...]:
        values = value if isinstance(value, list) else [value]
        return tuple(item(spec, v) for v in values)

    return check


def _nested(registry_name: str) -> Callable[[Param, object], Any]:
    def check(spec: Param, value: object) -> Any:
        return NESTED[registry_name](value)

    return check


NESTED: dict[str, Callable[[object], Any]] = {}
"""Builders for parameters that are themselves terms (filled in by the vocabulary modules)."""

PARAM_TYPES: dict[str, tuple[Callable[[Param, object], Any], dict[str, Any]]] = {
    "int": (_int, {"type": "integer"}),
    "str": (_str, {"type": "string", "minLength": 1}),
    "bool": (_bool, {"type": "boolean"}),
    "strs": (_listed(_str), {"oneOf": [{"type": "string", "minLength": 1},
                                       {"type": "array", "items": {"type": "string", "minLength": 1}}]}),
    "zone": (word_check(ZONE_WORDS, "a zone"), {"enum": list(ZONE_WORDS)}),
    "zones": (_listed(word_check(ZONE_WORDS, "a zone")),
              {"oneOf": [{"enum": list(ZONE_WORDS)}, {"type": "array", "items": {"enum": list(ZONE_WORDS)}}]}),
    "player": (word_check(PLAYER_WORDS, "a player"), {"enum": list(PLAYER_WORDS)}),
    "side": (word_check(SIDE_WORDS, "a side"), {"enum": list(SIDE_WORDS)}),
    "filter": (_nested("filter"), {"$ref": "#/$defs/filter"}),
    "filters": (_listed(_nested("filter")), {"oneOf": [{"$ref": "#/$defs/filter"},
                                                       {"type": "array", "items": {"$ref": "#/$defs/filter"}}]}),
    "selector": (_nested("selector"), {"$ref": "#/$defs/selector"}),
    "condition": (_nested("condition"), {"$ref": "#/$defs/condition"}),
    "conditions": (_nested("conditions"), {"$ref": "#/$defs/conditions"}),
    "condition_list": (_nested("condition_list"), {"$ref": "#/$defs/conditions"}),
}
"""Parameter type -> (checker turning a YAML value into the builder's argument, JSON Schema)."""


LIST_TYPES = frozenset({"strs", "zones", "kinds", "filters", "condition_list", "events", "trigger_tests"})
"""Parameter types written as a list (or one item): an empty list is refused unless the parameter
``may_be_empty`` — a filter's ``name_in: []`` matched every card, ``zones: []`` none, ``any_of: []``
never held, a trigger ``on: []`` never triggered: each silently, where the writer meant something else
(lists of conditions and of verb steps refuse ``[]`` where they are built)."""


def check_param(spec: Param, value: object) -> Any:
    """The builder's argument for ``value`` written for ``spec``, or a :class:`TermError` saying what is wrong.

    >>> try:
    ...     check_param(Param("name_in", "strs", "one of these card names", False, ()), [])
    ... except TermError as exc:
    ...     print(exc)
    'name_in' lists nothing (one of these card names): list one at least, or leave 'name_in' out
    """
    if isinstance(value, list) and not value and spec.type in LIST_TYPES and not spec.may_be_empty:
        leave_out = "" if spec.required else f", or leave {quoted(spec.name)} out"
        raise TermError(f"{quoted(spec.name)} lists nothing ({spec.description}): list one at least{leave_out}")
    checker, _schema = PARAM_TYPES[spec.type]
    return checker(spec, value)


def param_schema(spec: Param) -> dict[str, Any]:
    """The JSON Schema of ``spec``'s values: its type's, an array of at least one item where ``[]`` is
    refused (:func:`check_param`), with its description.

    >>> param_schema(Param("zones", "zones", "where to look"))["oneOf"][1]["minItems"]
    1
    """
    out = dict(PARAM_TYPES[spec.type][1])
    if spec.type in LIST_TYPES and not spec.may_be_empty:
        def at_least_one(branch: dict[str, Any]) -> dict[str, Any]:
            return {**branch, "minItems": 1} if branch.get("type") == "array" else branch

        out = {key: [at_least_one(b) for b in value] if key == "oneOf" else value for key, value in out.items()}
        out = at_least_one(out)
    out["description"] = spec.description
    return out

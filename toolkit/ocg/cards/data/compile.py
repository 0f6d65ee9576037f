"""Compile a card written in the card format into the engine's :class:`CardBehaviour`.

The result is the same kind of value a Python card module registers: the
engine cannot tell the two apart.  Each part of a card has a field table
(:data:`CARD_FIELDS`, :data:`TEXT_FIELDS`, :data:`END_PHASE_FIELDS`, ...);
the compiler checks a written mapping against its table and the JSON Schema
is generated from the same tables, so both always agree.

>>> b = compile_card({"name": "テスト", "type": "monster", "texts": [{"end_phase": [
...     {"key": "draw 1", "mandatory": True, "chain_link": True,
...      "when": ["face_up_on_field", "your_end_phase"], "do": [{"draw": 1}]}]}]})
>>> b.texts[0].end_phase[0].key, b.texts[0].end_phase[0].mandatory
('draw 1', True)
>>> compile_card({"name": "テスト", "type": "monster", "texts": [{"end_phase": [
...     {"key": "x", "mandatory": True, "chain_link": True, "when": ["face_up_on_feld"], "do": {"draw": 1}}]}]})
Traceback (most recent call last):
...
toolkit.ocg.cards.data.compile.CardFileError: field 'texts[0].end_phase[0].when': card テスト: unknown condition 'face_up_on_feld' (did you mean: face_up_on_field?)
"""

from __future__ import annotations

import copy
import datetime
import re
import threading
from collections.abc import Callable
from typing import Any

from toolkit.errors import ScenarioError, quoted, shorten
from toolkit.ocg.cards.base import (
    CardBehaviour,
    CardText,
    CardType,
    Continuous,
    ContinuousKind,
    EndPhaseEffect,
    Happening,
    LingeringEffect,
    LingeringProcess,
    QuickEffect,
    Scope,
    Trigger,
    TriggerCondition,
    TriggerTest,
)
from toolkit.ocg.cards.data import limits as _limits  # noqa: F401  (registers once_per_turn_by_name)
from toolkit.ocg.cards.data.conditions import LINK_TESTS, TRIGGER_TESTS
from toolkit.ocg.cards.data.options import OPTION_FIELDS, offer_options, options_of
from toolkit.ocg.cards.data.terms import (
    DURATION_WORDS,
    EVENT_WORDS,
    PARAM_TYPES,
    WORDS,
    WRITTEN_PARTS,
    Param,
    TermError,
    check_param,
    did_you_mean,
    word_check,
    words,
)
from toolkit.ocg.cards.data.verbs import CHOICES, build_steps, touched_together
from toolkit.ocg.values import ProcessKind, Zone

__all__ = ["CardFileError", "compile_card", "CARD_FIELDS"]


class CardFileError(ScenarioError):
    """A card file (or a ``cards:`` entry of a scenario) is wrong: names file, card and field.
    When the file has several problems, ``problems`` holds every one (the error itself is the
    first, its message listing the others), so one run reports them all."""

    problems: tuple[CardFileError, ...] = ()


def every_problem(problems: list[CardFileError]) -> CardFileError:
    """One error for ``problems``: the first, listing the others (each with its file, card, field and line)."""
    if len(problems) == 1:
        return problems[0]
    first = problems[0]
    rest = "; ".join(f"({i}) {p}" for i, p in enumerate(problems[1:], start=2))
    combined = CardFileError(f"(1) {first.message} — {len(problems)} problems in all: {rest}",
                             field=first.field, file=first.file, line=first.line, column=first.column)
    combined.problems = tuple(problems)
    return combined


PROCESS_KINDS = {k.name.lower(): k for k in ProcessKind}
CONTINUOUS_KINDS = {str(k.value): k for k in ContinuousKind}


def _date(spec: Param, value: object) -> datetime.date:
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise TermError(f"{quoted(spec.name)} must be a date written YYYY-MM-DD, not {quoted(value)}")


def _spell_speed(spec: Param, value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in (2, 3):
        return value
    raise TermError(f"'spell_speed' must be 2 or 3, not {quoted(value)}")


def _all_tests(tests: tuple[TriggerTest, ...]) -> TriggerTest:
    if len(tests) == 1:
        return tests[0]

    def test(card: Any, happening: Happening, state: Any) -> bool:
        return all(t(card, happening, state) for t in tests)

    return test


def _list_of(fields: tuple[Param, ...], build: Callable[[dict[str, Any]], Any]) -> Callable[[Param, object], Any]:
    def check(spec: Param, value: object) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise TermError(f"{quoted(spec.name)} must be a list, not {quoted(value)}")
        out = []
        failed = False
        for i, item in enumerate(value):
            try:
                with field_at(f"[{i}]"):
                    out.append(build(_read(item, fields)))
            except _Reported:
                failed = True
            except TermError as exc:
                _HERE.problems.append(exc)
                failed = True
        if failed:
            raise _Reported("")
        return tuple(out)

    return check


class _Compiling(threading.local):
    """What the card being compiled has so far, one per thread (two threads may compile cards at
    once): ``path``, the field a nested error is reported under; ``problems``, every one found."""

    def __init__(self) -> None:
        self.path: list[str] = []
        self.problems: list[TermError] = []


_HERE = _Compiling()


class _Reported(TermError):
    """The problems of a part are already among the problems of :data:`_HERE`: stop building it, report nothing more."""


def _here(*parts: str) -> str | None:
    return ".".join(_HERE.path + list(parts)).replace(".[", "[") or None


class field_at:
    """Context manager: the field path a nested error is reported under."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __enter__(self) -> None:
        _HERE.path.append(self.part)

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if isinstance(exc, TermError) and exc.field is None:
            exc.field = ".".join(_HERE.path).replace(".[", "[")
        _HERE.path.pop()


def _read(written: object, fields: tuple[Param, ...]) -> dict[str, Any]:
    """Check ``written`` against a field table; returns the checked values (defaults filled in)."""
    if not isinstance(written, dict):
        raise TermError(f"expected a mapping with {', '.join(p.name for p in fields if p.required) or 'fields'}, "
                        f"not {quoted(written)}")
    if True in written and "on" not in written:  # YAML 1.1 reads a bare `on:` key as true
        written = {("on" if k is True else k): v for k, v in written.items()}
    known = {p.name: p for p in fields}
    start = len(_HERE.problems)
    for key in written:
        if key not in known:
            _HERE.problems.append(TermError(f"unknown field {quoted(key)}{_belongs(str(key), fields) or did_you_mean(str(key), known)}",
                                       field=_here(str(key))))
    out: dict[str, Any] = {}
    for spec in fields:
        if spec.name in written:
            try:
                with field_at(spec.name):
                    out[spec.name] = check_param(spec, written[spec.name])
            except _Reported:
                pass
            except TermError as exc:
                _HERE.problems.append(exc)
        elif spec.required:
            _HERE.problems.append(TermError(f"missing field {quoted(spec.name)} ({spec.description})", field=_here()))
        else:
            out[spec.name] = spec.default
    if len(_HERE.problems) > start:
        raise _Reported("")
    return out


def _belongs(key: str, here: tuple[Param, ...]) -> str:
    """Where a field of another part of a card belongs (a top-level ``end_phase:`` belongs under
    ``texts:``), or ""."""
    places = [where.format(key=key) for fields, where in _PLACES()
              if fields is not here and any(p.name == key for p in fields)]
    return f" here: {quoted(key)} is a field of {' or of '.join(places)}" if places else ""


def _PLACES() -> tuple[tuple[tuple[Param, ...], str], ...]:
    return ((CARD_FIELDS, "the card itself (name, type, texts, ...)"),
            (TEXT_FIELDS, "a text version: it belongs under texts: (texts: [{{{key}: ...}}])"),
            (END_PHASE_FIELDS, "an End Phase effect, under a text's end_phase: list"),
            (TRIGGER_FIELDS, "a trigger effect, under a text's triggers: list"),
            (QUICK_FIELDS, "a quick effect, under a text's quick: list"),
            (LINGERING_FIELDS, "a lingering effect, under a text's lingering: list"),
            (PROCESS_FIELDS, "a lingering effect's process:"),
            (CONTINUOUS_FIELDS, "a continuous effect, under continuous:"))


def read_fields(written: object, fields: tuple[Param, ...], part: str) -> dict[str, Any]:
    """:func:`_read` of a part nested in a term (an alternative of ``either``), reported under ``part``."""
    with field_at(part):
        return _read(written, fields)


def _steps(spec: Param, value: object) -> Any:
    built = build_steps(value)
    if spec.name != "do" and options_of(built):
        raise TermError(f"'either' is the player's choice of what the effect does: it belongs in the effect's "
                        f"do, not in {spec.name}")
    return built


PARAM_TYPES.update({
    "date": (_date, {"type": "string", "format": "date"}),
    "steps": (_steps, {"$ref": "#/$defs/steps"}),
    "choice": (lambda spec, value: CHOICES.build(value), {"$ref": "#/$defs/choice"}),
    "trigger_tests": (lambda spec, value: _all_tests(tuple(
        TRIGGER_TESTS.build(v) for v in (value if isinstance(value, list) else [value]))),
        {"$ref": "#/$defs/trigger_tests"}),
    "link_test": (lambda spec, value: LINK_TESTS.build(value), {"$ref": "#/$defs/link_test"}),
    "events": (lambda spec, value: frozenset(word_check(EVENT_WORDS, "a happening")(spec, v)
                                             for v in (value if isinstance(value, list) else [value])),
               {"oneOf": [{"enum": list(EVENT_WORDS)}, {"type": "array", "items": {"enum": list(EVENT_WORDS)}}]}),
    "duration": (word_check(DURATION_WORDS, "a duration"), {"enum": list(DURATION_WORDS)}),
    "continuous_kind": (word_check(CONTINUOUS_KINDS, "a continuous effect"), {"enum": list(CONTINUOUS_KINDS)}),
    "process_kind": (word_check(PROCESS_KINDS, "a process kind"), {"enum": list(PROCESS_KINDS)}),
    "card_type": (word_check({t.value: t for t in CardType}, "a card type"), {"enum": [t.value for t in CardType]}),
    "timing": (word_check({t.value: t for t in TriggerCondition}, "a timing"),
               {"enum": [t.value for t in TriggerCondition]}),
    "scope": (word_check({s.value: s for s in Scope}, "a scope"), {"enum": [s.value for s in Scope]}),
    "spell_speed": (_spell_speed, {"enum": [2, 3]}),
})

CONDITIONS_DOC = "conditions (all must hold): names, or {name: parameters}"
CONTINUOUS_FIELDS = (
    Param("kind", "continuous_kind", "which no-chain-link effect the engine applies"),
    Param("amount", "int", "an amount it uses (《死霊の誘い》's damage)", False, 0),
    Param("active", "conditions", "while it applies (default: face-up on the field)", False),
    Param("condition", "conditions", "a self-destruct's condition", False),
    Param("player", "player", "whose hand a hand_limit applies to: you (default), opponent or each", False, "you"),
)


def _continuous(v: dict[str, Any]) -> Continuous:
    extra = {} if v["active"] is None else {"active": v["active"]}
    if v["kind"] is ContinuousKind.HAND_LIMIT and v["amount"] < 0:
        raise TermError(f"a hand_limit's amount is the most cards a hand may hold (0: no limit), not {v['amount']}",
                        field=_here("amount"))
    return Continuous(v["kind"], amount=v["amount"], condition=v["condition"], player=v["player"], **extra)


PROCESS_FIELDS = (
    Param("label", "str", "the process as a player reads it"),
    Param("do", "steps", "what it does (verb steps)"),
    Param("mandatory", "bool", "a mandatory process (default true)", False, True),
    Param("chain_link", "bool", "it is a chain link (default false)", False, False),
)
LINGERING_FIELDS = (
    Param("effect", "str", "the name a scenario's lingering entry uses (negate, control, ...)"),
    Param("duration", "duration", "how long it lasts"),
    Param("negates", "bool", "the target's effects are negated while it lasts", False, False),
    Param("continuous", "continuous_list", "effects that apply while it lasts", False, ()),
    Param("process", "process", "an End Phase process it creates (R6 kind 3)", False),
    Param("on_end", "steps", "what its ending does (verb steps)", False),
    Param("label", "str", "the effect as a player reads it", False, ""),
)
END_PHASE_FIELDS = (
    Param("key", "str", "the effect's name in traces"),
    Param("mandatory", "bool", "mandatory (true) or optional (false)"),
    Param("chain_link", "bool", "it is activated as a chain link"),
    Param("when", "conditions", "when the card has the process: " + CONDITIONS_DOC),
    Param("do", "steps", "what it does (verb steps)"),
    Param("only_if", "conditions", "it does nothing unless these hold when it resolves", False),
    Param("kind", "process_kind", "the R6 kind (default: by mandatory)", False),
    Param("timing", "timing", "during_end_phase (default, H5) or when (H2/H3)", False,
          TriggerCondition.DURING_END_PHASE),
    Param("activates", "bool", "it is an effect activation (default true)", False, True),
    Param("cost", "steps", "the cost (verb steps)", False),
    Param("choose", "choice", "what the player picks (a target, cost cards)", False),
    Param("can_perform", "conditions", "extra requirement to perform it", False),
    Param("phase", "str", "the phase whose process it is (default end; standby)", False, "end"),
)
TRIGGER_FIELDS = (
    Param("key", "str", "the effect's name in traces"),
    Param("on", "events", "the happenings it answers (sent_to_gy, discarded, ...)"),
    Param("mandatory", "bool", "mandatory (true) or optional (false)"),
    Param("do", "steps", "what it does (verb steps)"),
    Param("only_if", "conditions", "it does nothing unless these hold when it resolves", False),
    Param("scope", "scope", "self (default: it happened to this card) or any (this card watches)", False,
          Scope.SELF),
    Param("zones", "zones", "where this card must be after the happening (default gy)", False, (Zone.GY,)),
    Param("if", "trigger_tests", "further tests on the happening", False),
    Param("can_activate", "conditions", "extra requirement to activate it", False),
    Param("cost", "steps", "the cost (verb steps)", False),
    Param("choose", "choice", "what the player picks", False),
    Param("face_up_required", "bool", "the card must be face-up (default true)", False, True),
)
QUICK_FIELDS = (
    Param("key", "str", "the effect's name in traces"),
    Param("spell_speed", "spell_speed", "2 or 3"),
    Param("do", "steps", "what it does (verb steps)"),
    Param("only_if", "conditions", "it does nothing unless these hold when it resolves", False),
    Param("zones", "zones", "where it may be activated from (default field)", False, (Zone.FIELD,)),
    Param("can_activate", "conditions", "when it may be activated", False),
    Param("responds_to", "link_test", "the only chain links it may be chained to", False),
    Param("cost", "steps", "the cost (verb steps)", False),
    Param("choose", "choice", "what the player picks", False),
    Param("card_activation", "bool", "activating it is a Spell/Trap card activation (default true)", False, True),
    Param("moment_kinds", "events", "it answers the moment these happened", False, frozenset()),
    Param("at_moment", "conditions", "and may be activated at that moment while these hold", False),
    Param("mandatory", "bool", "it must be activated whenever it can be: its controller cannot pass it by "
          "(default false)", False, False),
)
TEXT_FIELDS = (
    Param("since", "date", "first day this text is in force (omit for the original text)", False),
    Param("evidence", "strs", "ruling and event ids that date it", False, (), may_be_empty=True),
    Param("note", "str", "a note on this version", False, ""),
    Param("end_phase", "end_phase_list", "its End Phase processes", False, ()),
    Param("triggers", "trigger_list", "its trigger effects", False, ()),
    Param("quick", "quick_list", "its quick effects", False, ()),
    Param("continuous", "continuous_list", "its no-chain-link effects", False, ()),
    Param("lingering", "lingering_list", "what its resolved effects leave behind", False, ()),
)
CARD_FIELDS = (
    Param("name", "str", "the Japanese card name (the key), without 《》"),
    Param("type", "card_type", "monster, spell or trap"),
    Param("english", "str", "the English name (TCG)", False, ""),
    Param("aliases", "strs", "other names people use for it (another English name, a nickname)", False, (),
          may_be_empty=True),
    Param("reading", "str", "the kana reading of the Japanese name (hiragana or katakana), so typing it in kana "
          "finds the card", False, ""),
    Param("subtype", "subtype", "its kinds, separated by commas: effect, normal, tuner, synchro, fusion, xyz, "
          "ritual, quick-play, continuous, spirit, ... (a kind filter reads them)", False, ""),
    Param("archetypes", "strs", "name groups card texts refer to", False, (), may_be_empty=True),
    Param("rulings", "strs", "ruling ids that involve the card", False, (), may_be_empty=True),
    Param("atk", "int", "printed ATK where an effect reads it", False),
    Param("def", "int", "printed DEF where an effect reads it", False),
    Param("attribute", "str", "attribute (DARK, LIGHT, ...) where an effect reads it", False, ""),
    Param("level", "int", "printed Level (or Rank) where an effect reads it", False),
    Param("race", "str", "monster type (dragon, spellcaster, beast, ...) where an effect reads it", False, ""),
    Param("shadows", "bool", "a user card that replaces a shipped card of the same name", False, False),
    Param("texts", "text_list", "its dated text versions (default: one with no effects)", False),
)


def _lingering(v: dict[str, Any]) -> LingeringEffect:
    return LingeringEffect(effect=v["effect"], duration=v["duration"], negates=v["negates"],
                           continuous=v["continuous"], process=v["process"], on_end=v["on_end"], label=v["label"])


def _only_if(v: dict[str, Any]) -> Any:
    """The effect's verb steps, guarded by ``only_if`` (a Board reads the position as a State does)."""
    inner, only_if = v["do"], v["only_if"]
    if only_if is None:
        return inner

    def resolve(board: Any, act: Any) -> None:
        if only_if(board.card(act.card.uid), board):
            inner(board, act)

    setattr(resolve, WORDS, f"{words(inner)}, only_if: {words(only_if)}")
    setattr(resolve, WRITTEN_PARTS, {"do": inner, "only_if": only_if})
    return touched_together(resolve, (inner,), only_if)


def _end_phase(v: dict[str, Any]) -> EndPhaseEffect:
    return EndPhaseEffect(key=v["key"], mandatory=v["mandatory"], chain_link=v["chain_link"], applies=v["when"],
                          resolve=_only_if(v), kind=v["kind"], condition=v["timing"], activates=v["activates"],
                          cost=v["cost"], choices=offer_options(v["choose"], v["do"]), can_perform=v["can_perform"],
                          phase=v["phase"])


def _zones(v: tuple[Any, ...]) -> frozenset[Any]:
    return frozenset(v)


def _trigger(v: dict[str, Any]) -> Trigger:
    zones = v["zones"]
    return Trigger(key=v["key"], on=v["on"], mandatory=v["mandatory"], resolve=_only_if(v), scope=v["scope"],
                   zones=_zones(zones), condition=v["if"], cost=v["cost"], choices=offer_options(v["choose"], v["do"]),
                   can_activate=v["can_activate"], face_up_required=v["face_up_required"])


def _quick(v: dict[str, Any]) -> QuickEffect:
    zones = v["zones"]
    return QuickEffect(key=v["key"], spell_speed=v["spell_speed"], resolve=_only_if(v), zones=_zones(zones),
                       can_activate=v["can_activate"], responds_to=v["responds_to"], cost=v["cost"],
                       choices=offer_options(v["choose"], v["do"]), card_activation=v["card_activation"],
                       moment_kinds=v["moment_kinds"], at_moment=v["at_moment"],
                       mandatory=v["mandatory"])


def _text(v: dict[str, Any]) -> CardText:
    return CardText(since=v["since"], end_phase=v["end_phase"], triggers=v["triggers"], quick=v["quick"],
                    continuous=v["continuous"], lingering=v["lingering"], evidence=tuple(v["evidence"]),
                    note=v["note"])


def _process(spec: Param, value: object) -> LingeringProcess:
    v = _read(value, PROCESS_FIELDS)
    if options_of(v["do"]):
        raise TermError("'either' needs a player who performs the effect and chooses; a lingering effect's "
                        "process has none (write the alternatives in the effect that creates it)",
                        field=_here("do"))
    return LingeringProcess(label=v["label"], resolve=v["do"], mandatory=v["mandatory"], chain_link=v["chain_link"])


PARAM_TYPES.update({
    "continuous_list": (_list_of(CONTINUOUS_FIELDS, _continuous), {"type": "array",
                                                                  "items": {"$ref": "#/$defs/continuous"}}),
    "process": (_process, {"$ref": "#/$defs/process"}),
    "lingering_list": (_list_of(LINGERING_FIELDS, _lingering), {"type": "array", "items": {"$ref": "#/$defs/lingering"}}),
    "end_phase_list": (_list_of(END_PHASE_FIELDS, _end_phase),
                       {"type": "array", "items": {"$ref": "#/$defs/end_phase"}}),
    "trigger_list": (_list_of(TRIGGER_FIELDS, _trigger), {"type": "array", "items": {"$ref": "#/$defs/trigger"}}),
    "quick_list": (_list_of(QUICK_FIELDS, _quick), {"type": "array", "items": {"$ref": "#/$defs/quick"}}),
    "text_list": (_list_of(TEXT_FIELDS, _text), {"type": "array", "items": {"$ref": "#/$defs/text"},
                                                "minItems": 1}),  # (a card has a text: ``texts: []`` is refused)
})
PARTS: dict[str, tuple[Param, ...]] = {
    "card": CARD_FIELDS, "text": TEXT_FIELDS, "end_phase": END_PHASE_FIELDS, "trigger": TRIGGER_FIELDS,
    "quick": QUICK_FIELDS, "continuous": CONTINUOUS_FIELDS, "lingering": LINGERING_FIELDS,
    "process": PROCESS_FIELDS, "option": OPTION_FIELDS,
}
"""Every part of the format and its field table (the schema's ``$defs``)."""


_PICKED_BY = {"target": ("target", "target_among_triggering"), "cost": ("cost", "cost_any_number"),
              "picked": ("pick",)}
"""A selector naming the card(s) the player picked, and the ``choose:`` kinds that pick them."""


def _picked_names(steps: object) -> list[str]:
    """The selectors ``target`` and ``cost`` that a step list uses (as a verb's value or its ``card``)."""
    found: list[str] = []
    if isinstance(steps, str):
        if steps in _PICKED_BY:
            found.append(steps)
    elif isinstance(steps, dict):
        for value in steps.values():
            found.extend(_picked_names(value))
    elif isinstance(steps, list):
        for item in steps:
            found.extend(_picked_names(item))
    return found


def _unpicked(written: dict[str, Any]) -> TermError | None:
    """An effect whose steps act on the card the player picked (``target``,
    ``cost``) with no ``choose:`` that picks it: the engine would act on no card."""
    texts = written.get("texts")
    for i, text in enumerate(texts if isinstance(texts, list) else []):
        for part in ("end_phase", "triggers", "quick"):
            effects = text.get(part) if isinstance(text, dict) else None
            for j, effect in enumerate(effects if isinstance(effects, list) else []):
                if not isinstance(effect, dict):
                    continue
                choose = effect.get("choose")
                chosen = set(choose) if isinstance(choose, dict) else set()
                for steps in ("cost", "do"):
                    for name in _picked_names(effect.get(steps)):
                        kinds = _PICKED_BY[name]
                        if not chosen & set(kinds):
                            also = f" (or {kinds[1]})" if len(kinds) > 1 else ""
                            return TermError(f"'{name}' is the card the player picks, but the effect has no "
                                             f"choose: {{{kinds[0]}: ...}}{also} saying what it picks",
                                             field=_here(f"texts[{i}].{part}[{j}].{steps}"))
    return None


_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u30fb\u309b\u309c\s・ー−\-]*")


def _reading(value: str) -> str:
    """A reading is kana (and the dots, dashes and spaces of the name); anything else is refused."""
    if not _KANA.fullmatch(value):
        raise TermError(f"a reading is written in kana (ひらがな or カタカナ), not {quoted(value)}", field=_here("reading"))
    return value


def compile_card(written: object, *, file: str | None = None, field: str | None = None) -> CardBehaviour:
    """The :class:`CardBehaviour` a card mapping describes, or :class:`CardFileError`
    naming ``file``, the card and the field."""
    name = written.get("name") if isinstance(written, dict) else None
    label = f"card {shorten(name)}: " if isinstance(name, str) and name else ""
    _HERE.path.clear()
    _HERE.problems.clear()
    if field:
        _HERE.path.append(field)
    try:
        try:
            v = _read(written, CARD_FIELDS)
        except _Reported:
            problems = [CardFileError(label + p.message, field=p.field, file=file) for p in _HERE.problems]
            raise every_problem(problems) from None
        unpicked = _unpicked(written) if isinstance(written, dict) else None
        if unpicked is not None:
            raise unpicked
        texts = v["texts"] if v["texts"] is not None else (CardText(),)
        _same_day(texts)
        try:
            return CardBehaviour(name=v["name"], card_type=v["type"], texts=texts, english=v["english"],
                                 subtype=v["subtype"], archetypes=frozenset(v["archetypes"]),
                                 rulings=tuple(v["rulings"]), atk=v["atk"], defense=v["def"],
                                 attribute=v["attribute"], level=v["level"], race=v["race"],
                                 aliases=tuple(v["aliases"]), reading=_reading(v["reading"]),
                                 written=copy.deepcopy(written), file=file)
        except ValueError as exc:
            raise TermError(str(exc).split(": ", 1)[-1], field=_here("texts")) from None
    except TermError as exc:
        where = exc.field or (".".join(_HERE.path) or None)
        raise CardFileError(label + exc.message, field=where, file=file) from None
    finally:
        _HERE.path.clear()
        _HERE.problems.clear()


def _same_day(texts: tuple[CardText, ...]) -> None:
    """Two text versions in force from the same day: one could never apply (refused at the second)."""
    first: dict[object, int] = {}
    for i, text in enumerate(texts):
        if text.since is not None and text.since in first:
            raise TermError(f"texts[{first[text.since]}] and texts[{i}] are both since {text.since}: one could "
                            "never apply; give each text version its own since: date, or keep one",
                            field=_here(f"texts[{i}].since"))
        first[text.since] = i


def shadows(written: object) -> bool:
    """Whether a card mapping says it may replace a shipped card (``shadows: true``)."""
    return isinstance(written, dict) and written.get("shadows") is True

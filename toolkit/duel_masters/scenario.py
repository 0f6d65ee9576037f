"""Duel Masters scenarios: a YAML schema, a loader with clear errors, and the
shipped examples (``datasets/scenarios/duel_masters/*.yaml``).

A scenario is a position at the end of a Duel Masters turn::

    game: duel_masters
    title: The Clock in an extra turn
    turn_player: A
    start: attack            # or turn_end (the default): where the position starts
    rulings: [dm-qa-the-clock-extra-turn]
    players:
      A:
        battle_zone: [鬼ヶ王魔 エンド・ジャオウガ, {name: （クリーチャー）, power: 3000, tapped: true}]
      B:
        shields: [終末の時計 ザ・クロック, （カード）]
    delayed:
      - {source: 鬼ヶ王魔 エンド・ジャオウガ, controller: A, effect: destroy_your_creatures}

``extra_turn`` records a premise of the position (the turn is an extra turn);
the engine needs nothing of it — after any turn the other player's turn starts.

Zones: ``hand``, ``battle_zone``, ``mana_zone``, ``shields``, ``graveyard``,
``deck`` (top first).  A card is a name or ``{name, tapped, power,
equipped_to, tags}``; copies are told apart as ``name#1``, ``name#2`` … in
listing order (A before B, zones in the order above), and ``equipped_to`` /
``target`` use those labels.

>>> s = seed_scenario("dm_the_clock_extra_turn")
>>> s.turn_player, s.start
('A', 'attack')
>>> scenario_from_dict({"game": "duel_masters", "title": "t", "turn_player": "A",
...                     "players": {"A": {"battle_zone": ["グルジェ・グルジエ"]}}})
Traceback (most recent call last):
...
toolkit.errors.ScenarioError: field 'players.A.battle_zone[0]': Unknown Duel Masters card 「グルジェ・グルジエ」 in player A's battle zone — did you mean 「グルジェ・グルジェ」, ...?
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from toolkit import fields
from toolkit.core.durations import Duration
from toolkit.duel_masters.cards import behaviour, card_names
from toolkit.duel_masters.rules import RULES
from toolkit.errors import FileError, ScenarioError, describe, quoted
from toolkit.fields import CARDS_MAX, NAME_MAX, CardNames
from toolkit.fields import as_list as _list
from toolkit.fields import fail as _fail
from toolkit.fields import mapping as _mapping
from toolkit.fields import suggest as _suggest
from toolkit.fields import text as _text
from toolkit.resources import shipped_ruling_ids, shipped_scenario_names, shipped_scenario_text

__all__ = [
    "DMCardSpec",
    "DMPlayerSetup",
    "DMScenario",
    "list_seed_scenarios",
    "load_scenario",
    "parse_scenario",
    "scenario_from_dict",
    "seed_scenario",
]

ZONES = ("hand", "battle_zone", "mana_zone", "shields", "graveyard", "deck")
STARTS = ("turn_end", "attack")
TAGS = {
    "destroyed_this_turn": "destroyed earlier this turn (in the graveyard)",
    "summoned_this_turn": "summoned this turn (cannot attack yet)",
}
DURATIONS = {
    "this_turn": Duration.THIS_TURN,
    "until_end_of_turn": Duration.UNTIL_END_OF_TURN,
    "during_your_turn": Duration.DURING_YOUR_TURN,
    "during_opponents_turn": Duration.DURING_OPPONENTS_TURN,
}
_TOP_KEYS = ("game", "title", "description", "ruleset", "turn_player", "start", "extra_turn", "rulings",
             "players", "lingering", "delayed")
_CARD_KEYS = ("name", "tapped", "power", "equipped_to", "tags")
_LINGERING_KEYS = ("source", "controller", "effect", "target", "duration")
_DELAYED_KEYS = ("source", "controller", "effect")
POWER_MAX = 1_000_000
"""The largest power a scenario may give a creature."""


def _names() -> CardNames:
    return CardNames(card_names())


def _name(value: object, where: str, file: str | None, names: CardNames) -> str:
    """A Duel Masters card name as the registry keys it (width and kana slips
    forgiven), or an error with the nearest names."""
    written = _text(value, where, file)
    if len(written) > NAME_MAX:
        raise _fail(f"a card name of {len(written):,} characters; card names are at most {NAME_MAX} characters",
                    where, file)
    key = names.key(written)
    if key.partition("#")[0] not in names.keys:
        raise _fail(names.unknown(written.partition("#")[0], "Duel Masters card", where=where, advice=""), where, file)
    if key not in names.keys:
        raise _fail(f"write the card's name without a copy mark ({quoted(written)}): copies are labelled "
                    "name#1, name#2 in listing order", where, file)
    return key


@dataclass(frozen=True)
class DMCardSpec:
    """One card as a scenario lists it."""

    name: str
    tapped: bool = False
    power: int | None = None
    equipped_to: str | None = None
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DMPlayerSetup:
    """One player's zones (each a tuple of cards; ``deck`` top first)."""

    hand: tuple[DMCardSpec, ...] = ()
    battle_zone: tuple[DMCardSpec, ...] = ()
    mana_zone: tuple[DMCardSpec, ...] = ()
    shields: tuple[DMCardSpec, ...] = ()
    graveyard: tuple[DMCardSpec, ...] = ()
    deck: tuple[DMCardSpec, ...] = ()

    def zone(self, name: str) -> tuple[DMCardSpec, ...]:
        value: tuple[DMCardSpec, ...] = getattr(self, name)
        return value


@dataclass(frozen=True)
class DMLingering:
    """An effect still in force: its card, controller, effect key, the card it
    is on (a label) and how long it lasts."""

    source: str
    controller: str
    effect: str
    duration: str
    target: str | None = None


@dataclass(frozen=True)
class DMDelayed:
    """A delayed "at the end of this turn" ability created earlier in the turn."""

    source: str
    controller: str
    effect: str


@dataclass(frozen=True)
class DMScenario:
    """A Duel Masters end-of-turn position (see the module docstring)."""

    title: str
    turn_player: str
    players: Mapping[str, DMPlayerSetup]
    start: str = "turn_end"
    ruleset: str | None = None
    extra_turn: bool = False
    lingering: tuple[DMLingering, ...] = ()
    delayed: tuple[DMDelayed, ...] = ()
    description: str = ""
    rulings: tuple[str, ...] = ()
    source: str | None = field(default=None, compare=False)
    game: str = "duel_masters"

    def __hash__(self) -> int:
        return hash((self.title, self.turn_player, tuple(sorted(self.players.items())), self.start, self.ruleset,
                     self.extra_turn, self.lingering, self.delayed))

    @property
    def non_turn_player(self) -> str:
        return "B" if self.turn_player == "A" else "A"

    def under(self, ruleset: str) -> DMScenario:
        """The same position under another Turn End Step ruleset."""
        if ruleset not in RULES:
            raise _fail(f"unknown Duel Masters ruleset {quoted(ruleset)}" + _suggest(ruleset, RULES)
                        + f"; known: {', '.join(RULES)}", "ruleset", self.source)
        return dataclasses.replace(self, ruleset=ruleset)

    def card_names(self) -> frozenset[str]:
        """The names of every card in the position (copies as one name)."""
        return frozenset(label.split("#")[0] for _p, _z, _c, label in self.labels())

    def labels(self) -> Iterator[tuple[str, str, DMCardSpec, str]]:
        """(player, zone, card, label) in listing order; copies get ``#k``."""
        counts: dict[str, int] = {}
        for p in ("A", "B"):
            for z in ZONES:
                for c in self.players[p].zone(z):
                    counts[c.name] = counts.get(c.name, 0) + 1
        seen: dict[str, int] = {}
        for p in ("A", "B"):
            for z in ZONES:
                for c in self.players[p].zone(z):
                    seen[c.name] = seen.get(c.name, 0) + 1
                    yield p, z, c, (f"{c.name}#{seen[c.name]}" if counts[c.name] > 1 else c.name)


# --------------------------------------------------------------------------
# From plain data
# --------------------------------------------------------------------------


def _card(value: object, where: str, file: str | None, names: CardNames) -> DMCardSpec:
    data = {"name": value} if isinstance(value, str) else _mapping(value, where, file, _CARD_KEYS)
    if "name" not in data:
        raise _fail("a card needs a name", where, file)
    name = _name(data["name"], where if isinstance(value, str) else f"{where}.name", file, names)
    tapped = data.get("tapped", False)
    if not isinstance(tapped, bool):
        raise _fail(f"tapped must be true or false, not {describe(tapped)}", f"{where}.tapped", file)
    power = data.get("power")
    if power is not None:
        power = fields.whole(power, f"{where}.power", file, low=1, high=POWER_MAX)
    tags = [_text(t, f"{where}.tags[{i}]", file) for i, t in enumerate(_list(data.get("tags", []), f"{where}.tags",
                                                                              file))]
    for i, tag in enumerate(tags):
        if tag not in TAGS:
            raise _fail(f"unknown tag {quoted(tag)}" + _suggest(tag, TAGS) + f"; known: {', '.join(TAGS)}",
                        f"{where}.tags[{i}]", file)
    equipped = data.get("equipped_to")
    if equipped is not None:
        equipped = _label(equipped, f"{where}.equipped_to", file, names)
        if behaviour(name).kind != "dragheart_weapon":
            raise _fail(f"only a Dragheart Weapon can be equipped; {name} is a {behaviour(name).kind}",
                        f"{where}.equipped_to", file)
    return DMCardSpec(name, tapped, power, equipped, frozenset(tags))


def _player(value: object, where: str, file: str | None, names: CardNames) -> DMPlayerSetup:
    data = {} if value is None else _mapping(value, where, file, ZONES)
    zones = {z: tuple(_card(c, f"{where}.{z}[{i}]", file, names)
                      for i, c in enumerate(_list(data.get(z, []), f"{where}.{z}", file)))
             for z in ZONES}
    listed = sum(len(cards) for cards in zones.values())
    if listed > CARDS_MAX:
        raise _fail(f"{listed:,} cards listed for one player; a scenario lists at most {CARDS_MAX}", where, file)
    return DMPlayerSetup(**zones)


def _label(value: object, where: str, file: str | None, names: CardNames) -> str:
    """A card label (``name`` or ``name#2``) with the name as the registry keys it."""
    written = _text(value, where, file)
    return names.key(written) if len(written) <= NAME_MAX else written


def _player_name(value: object, where: str, file: str | None) -> str:
    if not isinstance(value, str) or value not in ("A", "B"):
        raise _fail(f"must be 'A' or 'B', not {quoted(value)}", where, file)
    return str(value)


def _check_references(s: DMScenario, file: str | None) -> None:
    labelled = list(s.labels())
    labels = {label: (p, z, c) for p, z, c, label in labelled}
    for p, z, c, label in labelled:
        if c.equipped_to is not None:
            where = f"players.{p}.{z}"
            if z != "battle_zone":
                raise _fail(f"{label} is equipped to {c.equipped_to} but is not in the battle zone", where, file)
            target = labels.get(c.equipped_to)
            if target is None or target[1] != "battle_zone" or not behaviour(target[2].name).is_creature:
                raise _fail(f"{label}: equipped_to {quoted(c.equipped_to)} is not a creature in the battle zone"
                            + _suggest(c.equipped_to, labels), where, file)
    for i, item in enumerate(s.lingering):
        if item.effect not in behaviour(item.source).lingering_effects:
            known = behaviour(item.source).lingering_effects
            raise _fail(f"{item.source} has no lingering effect {quoted(item.effect)}" + _suggest(item.effect, known)
                        + f"; known: {', '.join(known) or 'none'}", f"lingering[{i}].effect", file)
        if item.target is not None and item.target not in labels:
            raise _fail(f"no card labelled {quoted(item.target)}" + _suggest(item.target, labels),
                        f"lingering[{i}].target", file)
    for i, d in enumerate(s.delayed):
        if d.effect not in behaviour(d.source).delayed:
            known = tuple(behaviour(d.source).delayed)
            raise _fail(f"{d.source} has no delayed ability {quoted(d.effect)}; known: {', '.join(known) or 'none'}",
                        f"delayed[{i}].effect", file)


def _effects(top: Mapping[str, Any], key: str, keys: tuple[str, ...], more: tuple[str, ...],
             file: str | None, names: CardNames) -> Iterator[tuple[str, dict[str, Any]]]:
    """The items of a ``lingering`` / ``delayed`` list, each checked for its
    keys, a known source card, a player and an effect text."""
    for i, item in enumerate(_list(top.get(key, []), key, file)):
        where = f"{key}[{i}]"
        m = dict(_mapping(item, where, file, keys))
        for required in ("source", "controller", "effect", *more):
            if required not in m:
                raise _fail(f"missing required key '{required}'", f"{where}.{required}", file)
        m["source"] = _name(m["source"], f"{where}.source", file, names)
        m["controller"] = _player_name(m["controller"], f"{where}.controller", file)
        m["effect"] = _text(m["effect"], f"{where}.effect", file)
        yield where, m


def scenario_from_dict(data: object, source: str | None = None) -> DMScenario:
    """Build and check a Duel Masters scenario from plain data (what ``yaml.safe_load`` gives)."""
    file = source
    if isinstance(data, dict) and "date" in data:
        raise _fail("Duel Masters scenarios are undated (their rulings carry no date): remove 'date'; "
                    "'ruleset' picks a reading of the Turn End Step", "date", file)
    top = _mapping(data, None, file, _TOP_KEYS)
    if top.get("game") != "duel_masters":
        raise _fail(f"a Duel Masters scenario says game: duel_masters (got {quoted(top.get('game'))})", "game", file)
    for required in ("title", "turn_player", "players"):
        if required not in top:
            raise _fail(f"missing required key '{required}'", required, file)
    players_raw = _mapping(top["players"], "players", file, ("A", "B"))
    start = _text(top.get("start", "turn_end"), "start", file)
    if start not in STARTS:
        raise _fail(f"start must be one of {', '.join(STARTS)}, not {quoted(start)}" + _suggest(start, STARTS), "start",
                    file)
    ruleset = top.get("ruleset")
    if ruleset is not None:
        ruleset = _text(ruleset, "ruleset", file)
        if ruleset not in RULES:
            raise _fail(f"unknown Duel Masters ruleset {quoted(ruleset)}" + _suggest(ruleset, RULES)
                        + f"; known: {', '.join(RULES)}", "ruleset", file)
    extra = fields.flag(top.get("extra_turn", False), "extra_turn", file)
    names = _names()
    lingering = []
    for where, m in _effects(top, "lingering", _LINGERING_KEYS, ("duration",), file, names):
        duration = _text(m["duration"], f"{where}.duration", file)
        if duration not in DURATIONS:
            raise _fail(f"unknown duration {quoted(duration)}" + _suggest(duration, DURATIONS)
                        + f"; known: {', '.join(DURATIONS)}", f"{where}.duration", file)
        target = m.get("target")
        lingering.append(DMLingering(m["source"], m["controller"], m["effect"], duration,
                                     None if target is None else _label(target, f"{where}.target", file, names)))
    delayed = [DMDelayed(m["source"], m["controller"], m["effect"])
               for _where, m in _effects(top, "delayed", _DELAYED_KEYS, (), file, names)]
    scenario = DMScenario(
        title=_text(top["title"], "title", file, required=True),
        turn_player=_player_name(top["turn_player"], "turn_player", file),
        players={p: _player(players_raw.get(p), f"players.{p}", file, names) for p in ("A", "B")},
        start=start,
        ruleset=ruleset,
        extra_turn=extra,
        lingering=tuple(lingering),
        delayed=tuple(delayed),
        description=_text(top.get("description", ""), "description", file),
        rulings=fields.ruling_ids(top.get("rulings", []), "rulings", file, shipped_ruling_ids()),
        source=source,
    )
    _check_references(scenario, file)
    return scenario


def parse_scenario(text: str, source: str | None = None) -> DMScenario:
    """Read a Duel Masters scenario from YAML text (the toolkit's guarded
    reader, :func:`toolkit.files.parse_yaml`); errors name line and column."""
    try:
        from toolkit.files import parse_yaml  # loads PyYAML on first use
        document = parse_yaml(text, source)
    except FileError as exc:
        raise exc.as_scenario_error() from None
    if document.data is None:
        raise _fail("the file is empty", None, source)
    try:
        return scenario_from_dict(document.data, source=source)
    except ScenarioError as exc:
        raise exc.located(*(document.position(exc.field) or (None, None))) from None


def load_scenario(path: str | os.PathLike[str]) -> DMScenario:
    """Read and check a Duel Masters scenario file (a regular UTF-8 file of at
    most :func:`toolkit.files.max_file_bytes` bytes)."""
    file = os.fspath(path)
    try:
        from toolkit.files import read_text  # loads PyYAML on first use
        text = read_text(file, what="scenario file")
    except FileError as exc:
        raise exc.as_scenario_error() from None
    return parse_scenario(text, source=file)


def list_seed_scenarios() -> tuple[str, ...]:
    """Names of the shipped Duel Masters scenarios."""
    return shipped_scenario_names("scenarios", "duel_masters")


def seed_scenario(name: str) -> DMScenario:
    """One shipped Duel Masters scenario by name (e.g. ``dm_moffle_zanjibar``)."""
    text, source = shipped_scenario_text(name, "scenarios", "duel_masters", kind="Duel Masters ")
    return parse_scenario(text, source=source)


def scenario_data(s: DMScenario) -> dict[str, Any]:
    """The scenario as plain data (YAML-ready), the inverse of :func:`scenario_from_dict`."""

    def card(c: DMCardSpec) -> str | dict[str, Any]:
        out: dict[str, Any] = {"name": c.name}
        if c.tapped:
            out["tapped"] = True
        if c.power is not None:
            out["power"] = c.power
        if c.equipped_to is not None:
            out["equipped_to"] = c.equipped_to
        if c.tags:
            out["tags"] = sorted(c.tags)
        return c.name if len(out) == 1 else out

    data: dict[str, Any] = {"game": "duel_masters", "title": s.title}
    if s.description:
        data["description"] = s.description
    if s.rulings:
        data["rulings"] = list(s.rulings)
    if s.ruleset:
        data["ruleset"] = s.ruleset
    data["turn_player"] = s.turn_player
    if s.start != "turn_end":
        data["start"] = s.start
    if s.extra_turn:
        data["extra_turn"] = True
    data["players"] = {p: {z: [card(c) for c in s.players[p].zone(z)] for z in ZONES if s.players[p].zone(z)}
                       for p in ("A", "B")}
    if s.lingering:
        data["lingering"] = [{k: v for k, v in dataclasses.asdict(x).items() if v is not None} for x in s.lingering]
    if s.delayed:
        data["delayed"] = [dataclasses.asdict(x) for x in s.delayed]
    return data

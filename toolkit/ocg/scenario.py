"""Scenarios: a position written down, as YAML or with a builder.

A :class:`Scenario` is what the engine consumes: who is the turn player, what
each player holds (hand, field, graveyard, banished cards, deck), which
resolved effects still linger, the phase it starts in (the End Phase unless
``phase`` names another: the engine then plays the turn to its end), and the
date (or named ruleset, e.g. ``video_game``) whose rules apply. It is plain
frozen data; the engine never writes to it.

Physical copies. Every card a scenario lists is one physical card, named by
its Japanese name (the key of the card registry). Two copies of the same card
held by the same player are told apart with a copy mark: ``光神機−桜火#1`` and
``光神機−桜火#2`` (any text after ``#``). The same name listed twice for one
player without a mark is refused as "a card in two places". The two players
may each list a card of the same name: they are different cards.
:func:`base_name` strips the mark.

>>> s = (Scenario.build("Lyla and Veiler")
...      .turn_player("A")
...      .field("A", ["ライトロード・マジシャン ライラ"])
...      .lingering("エフェクト・ヴェーラー", "B", target="ライトロード・マジシャン ライラ", effect="negate")
...      .on("2011-09-01")
...      .done(check_registry=False))
>>> s.turn_player, s.date.isoformat(), s.players["A"].field[0].name
('A', '2011-09-01', 'ライトロード・マジシャン ライラ')
>>> load = parse_scenario(dump_scenario(s), check_registry=False)
>>> load == s
True
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from functools import cache
from typing import TYPE_CHECKING, Any

from toolkit.core.fields import _fail, _list, _mapping, _parse_date, _suggest, _suggest_card, _text, _whole
from toolkit.errors import ScenarioError
from toolkit.resources import dataset_root, shipped_ruling_ids, shipped_scenario_names, shipped_scenario_text

if TYPE_CHECKING:
    import yaml

__all__ = [
    "OtherGameScenario",
    "PHASES",
    "PLAYERS",
    "POSITIONS",
    "TAGS",
    "CardSpec",
    "LingeringSpec",
    "PlayerSetup",
    "Scenario",
    "ScenarioDraft",
    "ScenarioError",
    "base_name",
    "dump_scenario",
    "known_card_names",
    "known_ruleset_names",
    "known_ruling_ids",
    "list_seed_scenarios",
    "load_scenario",
    "parse_scenario",
    "save_scenario",
    "scenario_from_dict",
    "scenario_to_dict",
    "seed_scenario",
]

PLAYERS: tuple[str, str] = ("A", "B")
"""The two seats. Either may be the turn player."""

POSITIONS: tuple[str, ...] = ("face_up", "face_up_defense", "face_down", "set")
"""``face_up`` is face-up attack for a monster; ``set`` is a set Spell/Trap."""

PHASES: tuple[str, ...] = ("draw", "standby", "main1", "battle", "main2", "end")
"""Phase names a scenario may start in, in turn order (the Draw Phase: after the normal draw)."""

TAGS: Mapping[str, str] = {
    "summoned_this_turn": "Normal Summoned this turn (Spirits return to the hand)",
    "flipped_this_turn": "flipped face-up this turn (Spirits return to the hand)",
    "tribute_less_summoned": "Normal Summoned without Tributing (Ohka, Mist Archfiend)",
    "special_summoned_this_turn": "Special Summoned this turn",
    "destroyed_monster_by_battle": "destroyed a monster by battle this turn (Horus LV6)",
    "sent_to_gy_this_turn": "sent to the graveyard this turn (Manticore, Hysteric Sign)",
    "discarded_this_turn": "discarded from the hand this turn",
    "destroyed_this_turn": "destroyed and sent to the graveyard this turn (TG Striker)",
    "effect_used_this_turn": "its own effect was activated this turn (Darklord Zerato)",
    "activated_this_turn": "this Spell/Trap was activated this turn (a Spellbook, Pikeru's Circle)",
    "set_this_turn": "set this turn, so it cannot be activated this turn",
    "control_taken": "controlled by the player who does not own it (see lingering 'control')",
    "sent_to_gy_from_hand": "sent to the graveyard from the hand this turn",
    "sent_to_gy_from_field": "sent to the graveyard from the field this turn",
    "sent_to_gy_from_deck": "sent to the graveyard from the deck, not from the hand or field",
    "milled_this_turn": "sent to the graveyard from the top of the deck this turn",
    "coin_tails": "an Arcana Force monster whose coin toss came up tails",
    "position_changed_this_turn": "its battle position was already changed by its controller this turn",
    "attacked_this_turn": "it attacked this turn (no more attacks or position changes)",
}
"""What may have happened to a card this turn; the only tags a scenario accepts."""

COPY_MARK = "#"

_TOP_KEYS = (
    "game",
    "title",
    "description",
    "date",
    "ruleset",
    "turn_player",
    "phase",
    "rulings",
    "players",
    "lingering",
)
_PLAYER_KEYS = ("hand", "field", "graveyard", "banished", "deck", "deck_filler", "life")
_CARD_KEYS = ("name", "position", "tags")
_LINGERING_KEYS = ("source", "controller", "target", "effect")
_ZONES = ("hand", "field", "graveyard", "banished", "deck")
# The same pattern as toolkit.data.RULING_ID_PATTERN (not imported: that module loads pandas).
_RULING_ID = re.compile(r"(?:ocg-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*")


class OtherGameScenario(ScenarioError):
    """A well-formed scenario of the other game (``game: duel_masters``) given to the OCG loader."""


def base_name(name: str) -> str:
    """The registry key of a listed card: its name without a copy mark.

    >>> base_name("光神機−桜火#2"), base_name("サイクロン")
    ('光神機−桜火', 'サイクロン')
    """
    return name.split(COPY_MARK, 1)[0].rstrip()


# --------------------------------------------------------------------------
# The data (the contract with the engine)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class CardSpec:
    """One physical card in a zone: its name, position and what happened to it."""

    name: str
    position: str = "face_up"
    tags: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if isinstance(self.tags, str):
            object.__setattr__(self, "tags", frozenset({self.tags}))
        elif not isinstance(self.tags, frozenset):
            object.__setattr__(self, "tags", frozenset(self.tags))


@dataclass(frozen=True)
class PlayerSetup:
    """What one player holds. ``deck`` lists named cards, top first."""

    hand: tuple[str, ...] = ()
    field: tuple[CardSpec, ...] = ()
    graveyard: tuple[CardSpec, ...] = ()
    banished: tuple[CardSpec, ...] = ()
    deck: tuple[str, ...] = ()
    deck_filler: int = 30
    life: int = 8000

    def __post_init__(self) -> None:
        # Friendly to Python callers: lists become tuples, bare names CardSpecs.
        for zone in ("hand", "deck"):
            value = getattr(self, zone)
            if isinstance(value, list):
                object.__setattr__(self, zone, tuple(value))
        for zone in ("field", "graveyard", "banished"):
            value = getattr(self, zone)
            if isinstance(value, (list, tuple)):
                cards = tuple(CardSpec(c) if isinstance(c, str) else c for c in value)
                object.__setattr__(self, zone, cards)


@dataclass(frozen=True)
class LingeringSpec:
    """A resolved effect that still applies, e.g. Veiler's negation of a monster."""

    source: str
    controller: str
    target: str | None = None
    effect: str = ""


class _Players(Mapping[str, PlayerSetup]):
    """An immutable, hashable ``{"A": PlayerSetup, "B": PlayerSetup}``."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, PlayerSetup]) -> None:
        self._items = tuple(sorted(items.items()))

    def __getitem__(self, key: str) -> PlayerSetup:
        for name, setup in self._items:
            if name == key:
                return setup
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._items))


@dataclass(frozen=True)
class Scenario:
    """A position (by default at the start of the End Phase) under the rules
    of one date or named ruleset.

    Constructing one checks its shape (players, positions, tags, counts,
    copies, date xor ruleset); :meth:`validate` also checks card names,
    the ruleset name and ruling ids against the registries. ``source`` (where
    it was read from) is used in error messages and is not part of equality.
    """

    title: str
    turn_player: str
    players: Mapping[str, PlayerSetup]
    date: datetime.date | None = None
    ruleset: str | None = None
    lingering: tuple[LingeringSpec, ...] = ()
    phase: str = "end"
    description: str = ""
    source: str | None = field(default=None, compare=False)
    rulings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, Mapping):
            raise _fail("players must map 'A' and 'B' to their setups", "players", self.source)
        for player, setup in self.players.items():
            if player not in PLAYERS:
                raise _fail(f"players are 'A' and 'B', not {player!r}", f"players.{player}", self.source)
            if not isinstance(setup, PlayerSetup):
                raise _fail(f"expected a PlayerSetup, got {type(setup).__name__}", f"players.{player}", self.source)
        players = {p: self.players.get(p, PlayerSetup()) for p in PLAYERS}
        object.__setattr__(self, "players", _Players(players))
        for name in ("lingering", "rulings"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        if isinstance(self.date, str):
            object.__setattr__(self, "date", _parse_date(self.date, field_name="date", file=self.source))
        _check_shape(self)

    # -- convenience -----------------------------------------------------

    @staticmethod
    def build(title: str) -> ScenarioDraft:
        """Start a builder: ``Scenario.build("t").turn_player("A")...done()``."""
        return ScenarioDraft({"title": title})

    def at(self, when: datetime.date | str) -> Scenario:
        """The same position under the rules of another date (drops any ruleset)."""
        day = _parse_date(when, field_name="date", file=self.source)
        return dataclasses.replace(self, date=day, ruleset=None)

    def under(self, ruleset: str) -> Scenario:
        """The same position under a named ruleset (drops any date)."""
        changed = dataclasses.replace(self, ruleset=ruleset, date=None)
        _check_ruleset_name(changed)
        return changed

    def validate(self) -> Scenario:
        """Check names against the registries; return ``self`` when all is well."""
        _check_registry(self)
        return self

    @property
    def non_turn_player(self) -> str:
        """The seat that is not the turn player."""
        return "B" if self.turn_player == "A" else "A"

    def card_names(self) -> frozenset[str]:
        """The names of every card in the position (copies as one name)."""
        names: list[str] = []
        for player in self.players.values():
            names += list(player.hand) + list(player.deck)
            names += [c.name for zone in (player.field, player.graveyard, player.banished) for c in zone]
        return frozenset(base_name(n) for n in names)


# --------------------------------------------------------------------------
# Where names come from (one function each)
# --------------------------------------------------------------------------


def known_card_names() -> frozenset[str] | None:
    """Every card name a scenario may use: the names of the engine's card
    registry (a card without a behaviour cannot be resolved)."""
    from toolkit.ocg.cards import registered_names

    return frozenset(registered_names())


def known_ruleset_names() -> frozenset[str] | None:
    """Names of the engine's registered rulesets."""
    from toolkit.ocg.rulesets import ruleset_names

    return frozenset(ruleset_names())


def known_ruling_ids() -> frozenset[str] | None:
    """Ids in the shipped rulings table, or None when the table is not available
    (read with the csv module: the game needs no data layer for this)."""
    return shipped_ruling_ids()


# --------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------


def _check_shape(s: Scenario) -> None:
    """Checks that need no registry; run whenever a Scenario is constructed."""
    file = s.source
    if not isinstance(s.title, str) or not s.title.strip():
        raise _fail("a scenario needs a non-empty title", "title", file)
    if s.turn_player not in PLAYERS:
        raise _fail(f"turn_player must be 'A' or 'B', not {s.turn_player!r}", "turn_player", file)
    if s.phase not in PHASES:
        raise _fail(
            f"unknown phase {s.phase!r}; known phases: {', '.join(PHASES)}" + _suggest(s.phase, PHASES),
            "phase",
            file,
        )
    if s.date is not None and s.ruleset is not None:
        raise _fail("give either a date or a ruleset, not both", "date", file)
    if s.date is not None and (
        not isinstance(s.date, datetime.date) or isinstance(s.date, datetime.datetime)
    ):
        raise _fail(f"date must be a calendar date, not {s.date!r}", "date", file)
    if s.ruleset is not None and (not isinstance(s.ruleset, str) or not s.ruleset):
        raise _fail("ruleset must be a non-empty name", "ruleset", file)
    for player in PLAYERS:
        _check_player(s.players[player], f"players.{player}", file)
    for i, ruling in enumerate(s.rulings):
        if not isinstance(ruling, str) or not _RULING_ID.fullmatch(ruling):
            raise _fail(
                f"ruling id {ruling!r} does not look like 'ocg-YYMMDD-slug'" , f"rulings[{i}]", file
            )
    on_field = _field_cards(s)
    for i, linger in enumerate(s.lingering):
        where = f"lingering[{i}]"
        if not isinstance(linger, LingeringSpec):
            raise _fail(f"expected a LingeringSpec, got {type(linger).__name__}", where, file)
        if not isinstance(linger.source, str) or not linger.source:
            raise _fail("a lingering effect needs its source card", f"{where}.source", file)
        if linger.controller not in PLAYERS:
            raise _fail(
                f"controller must be 'A' or 'B', not {linger.controller!r}", f"{where}.controller", file
            )
        if not isinstance(linger.effect, str):
            raise _fail("effect must be text", f"{where}.effect", file)
        if linger.target is not None:
            owners = [p for p, name in on_field if name == linger.target]
            if not owners:
                listed = sorted({name for _, name in on_field})
                raise _fail(
                    f"target {linger.target!r} is not a card on the field"
                    + _suggest(linger.target, listed),
                    f"{where}.target",
                    file,
                )
            if len(owners) > 1:
                raise _fail(
                    f"target {linger.target!r} is on both players' fields; "
                    f"mark one copy (e.g. '{linger.target}{COPY_MARK}2')",
                    f"{where}.target",
                    file,
                )


def _check_player(setup: PlayerSetup, where: str, file: str | None) -> None:
    for count_name in ("deck_filler", "life"):
        value = getattr(setup, count_name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(f"{count_name} must be a whole number, not {value!r}", f"{where}.{count_name}", file)
    if setup.deck_filler < 0:
        raise _fail(f"deck_filler cannot be negative ({setup.deck_filler})", f"{where}.deck_filler", file)
    if setup.life <= 0:
        raise _fail(f"life must be positive ({setup.life})", f"{where}.life", file)
    seen: dict[str, str] = {}
    for zone in _ZONES:
        for i, entry in enumerate(getattr(setup, zone)):
            spot = f"{where}.{zone}[{i}]"
            if zone in ("hand", "deck"):
                name = entry
            elif isinstance(entry, CardSpec):
                name = entry.name
                _check_card(entry, spot, file)
            else:
                raise _fail(f"expected a card, got {type(entry).__name__} {entry!r}", spot, file)
            if not isinstance(name, str) or not base_name(name):
                raise _fail(f"a card name must be text, not {name!r}", spot, file)
            if name in seen:
                raise _fail(
                    f"{name!r} is listed twice (also at {seen[name]}); one physical card cannot be "
                    f"in two places — mark copies as '{base_name(name)}{COPY_MARK}1', "
                    f"'{base_name(name)}{COPY_MARK}2'",
                    spot,
                    file,
                )
            seen[name] = spot


def _check_card(card: CardSpec, where: str, file: str | None) -> None:
    if card.position not in POSITIONS:
        raise _fail(
            f"unknown position {card.position!r}; known: {', '.join(POSITIONS)}"
            + _suggest(card.position, POSITIONS),
            f"{where}.position",
            file,
        )
    for tag in sorted(card.tags):
        if tag not in TAGS:
            raise _fail(f"unknown tag {tag!r}" + _suggest(tag, list(TAGS)), f"{where}.tags", file)


def _field_cards(s: Scenario) -> list[tuple[str, str]]:
    return [(p, card.name) for p in PLAYERS for card in s.players[p].field]


def _check_registry(s: Scenario) -> None:
    """Checks against the card registry, the ruleset registry and rulings.csv."""
    file = s.source
    names = known_card_names()
    if names is not None:
        for spot, name in _every_card_name(s):
            if base_name(name) not in names:
                raise _fail(f"unknown card {base_name(name)!r}" + _suggest_card(base_name(name), names), spot, file)
    _check_ruleset_name(s)
    ids = known_ruling_ids()
    if ids is not None:
        for i, ruling in enumerate(s.rulings):
            if ruling not in ids:
                raise _fail(
                    f"unknown ruling id {ruling!r} (not in rulings.csv)" + _suggest(ruling, sorted(ids)),
                    f"rulings[{i}]",
                    file,
                )


def _check_ruleset_name(s: Scenario) -> None:
    if s.ruleset is None:
        return
    rulesets = known_ruleset_names()
    if rulesets is not None and s.ruleset not in rulesets:
        raise _fail(
            f"unknown ruleset {s.ruleset!r}; known: {', '.join(sorted(rulesets))}"
            + _suggest(s.ruleset, sorted(rulesets)),
            "ruleset",
            s.source,
        )


def _every_card_name(s: Scenario) -> Iterator[tuple[str, str]]:
    for p in PLAYERS:
        setup = s.players[p]
        for zone in _ZONES:
            for i, entry in enumerate(getattr(setup, zone)):
                name = entry.name if isinstance(entry, CardSpec) else entry
                yield f"players.{p}.{zone}[{i}]", name
    for i, linger in enumerate(s.lingering):
        yield f"lingering[{i}].source", linger.source


# --------------------------------------------------------------------------
# From plain data (YAML) to a Scenario
# --------------------------------------------------------------------------


def _card_from(value: object, where: str, file: str | None) -> CardSpec:
    if isinstance(value, CardSpec):
        return value
    if isinstance(value, str):
        return CardSpec(value)
    data = _mapping(value, where, file, _CARD_KEYS)
    if "name" not in data:
        raise _fail("a card needs a name", f"{where}.name", file)
    tags = [_text(t, f"{where}.tags", file) for t in _list(data.get("tags", []), f"{where}.tags", file)]
    return CardSpec(
        name=_text(data["name"], f"{where}.name", file),
        position=_text(data.get("position", "face_up"), f"{where}.position", file),
        tags=frozenset(tags),
    )


def _player_from(value: object, where: str, file: str | None) -> PlayerSetup:
    if value is None:
        return PlayerSetup()
    data = _mapping(value, where, file, _PLAYER_KEYS)
    names = {
        zone: tuple(_text(n, f"{where}.{zone}[{i}]", file) for i, n in enumerate(_list(data.get(zone, []), f"{where}.{zone}", file)))
        for zone in ("hand", "deck")
    }
    cards = {
        zone: tuple(_card_from(c, f"{where}.{zone}[{i}]", file) for i, c in enumerate(_list(data.get(zone, []), f"{where}.{zone}", file)))
        for zone in ("field", "graveyard", "banished")
    }
    return PlayerSetup(
        hand=names["hand"],
        field=cards["field"],
        graveyard=cards["graveyard"],
        banished=cards["banished"],
        deck=names["deck"],
        deck_filler=_whole(data.get("deck_filler", 30), f"{where}.deck_filler", file),
        life=_whole(data.get("life", 8000), f"{where}.life", file),
    )


def _lingering_from(value: object, where: str, file: str | None) -> LingeringSpec:
    data = _mapping(value, where, file, _LINGERING_KEYS)
    for required in ("source", "controller"):
        if required not in data:
            raise _fail(f"a lingering effect needs '{required}'", f"{where}.{required}", file)
    target = data.get("target")
    return LingeringSpec(
        source=_text(data["source"], f"{where}.source", file),
        controller=_text(data["controller"], f"{where}.controller", file),
        target=None if target is None else _text(target, f"{where}.target", file),
        effect=_text(data.get("effect", ""), f"{where}.effect", file),
    )


def scenario_from_dict(
    data: object, source: str | None = None, *, check_registry: bool = True
) -> Scenario:
    """Build and validate a Scenario from plain data (what ``yaml.safe_load`` gives).

    >>> scenario_from_dict({"title": "t", "turn_player": "C", "players": {}})
    Traceback (most recent call last):
    ...
    toolkit.errors.ScenarioError: field 'turn_player': turn_player must be 'A' or 'B', not 'C'
    """
    file = source
    if isinstance(data, dict) and data.get("game", "ocg") != "ocg":
        if data.get("game") == "duel_masters":
            raise OtherGameScenario("this is a Duel Masters scenario: read it with "
                                    "toolkit.duel_masters.load_scenario (the command line tells the games apart "
                                    "by themselves)", field="game", file=file)
        raise _fail(f"game must be 'ocg' (or 'duel_masters' in a Duel Masters scenario), not {data.get('game')!r}",
                    "game", file)
    top = _mapping(data, None, file, _TOP_KEYS)
    for required in ("title", "turn_player", "players"):
        if required not in top:
            raise _fail(f"missing required key '{required}'", required, file)
    players_raw = _mapping(top["players"], "players", file, PLAYERS)
    date = top.get("date")
    ruleset = top.get("ruleset")
    if date is not None and ruleset is not None:
        raise _fail("give either a date or a ruleset, not both", "date", file)
    scenario = Scenario(
        title=_text(top["title"], "title", file),
        turn_player=_text(top["turn_player"], "turn_player", file),
        players={p: _player_from(players_raw.get(p), f"players.{p}", file) for p in PLAYERS},
        date=None if date is None else _parse_date(date, field_name="date", file=file),
        ruleset=None if ruleset is None else _text(ruleset, "ruleset", file),
        lingering=tuple(
            _lingering_from(item, f"lingering[{i}]", file)
            for i, item in enumerate(_list(top.get("lingering", []), "lingering", file))
        ),
        phase=_text(top.get("phase", "end"), "phase", file),
        description=_text(top.get("description", ""), "description", file),
        source=source,
        rulings=tuple(
            _text(r, f"rulings[{i}]", file) for i, r in enumerate(_list(top.get("rulings", []), "rulings", file))
        ),
    )
    if check_registry:
        scenario.validate()
    return scenario


def parse_scenario(text: str, source: str | None = None, *, check_registry: bool = True) -> Scenario:
    """Read a Scenario from YAML text (``yaml.safe_load`` only)."""
    import yaml  # PyYAML loads when a scenario is first read, not with the package

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise _fail(f"not valid YAML{where}: {problem}", None, source) from None
    if data is None:
        raise _fail("the file is empty", None, source)
    return scenario_from_dict(data, source=source, check_registry=check_registry)


def load_scenario(path: str | os.PathLike[str], *, check_registry: bool = True) -> Scenario:
    """Read and validate a scenario YAML file."""
    file = os.fspath(path)
    try:
        text = Path(file).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail("no such scenario file", None, file) from None
    except IsADirectoryError:
        raise _fail("is a folder, not a scenario file", None, file) from None
    except UnicodeDecodeError as exc:
        raise _fail(f"not UTF-8 text ({exc.reason} at byte {exc.start})", None, file) from None
    return parse_scenario(text, source=file, check_registry=check_registry)


# --------------------------------------------------------------------------
# From a Scenario back to plain data / YAML
# --------------------------------------------------------------------------


def _card_to(card: CardSpec) -> str | dict[str, Any]:
    if card.position == "face_up" and not card.tags:
        return card.name
    out: dict[str, Any] = {"name": card.name}
    if card.position != "face_up":
        out["position"] = card.position
    if card.tags:
        out["tags"] = sorted(card.tags)
    return out


def _player_to(setup: PlayerSetup) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if setup.hand:
        out["hand"] = list(setup.hand)
    for zone in ("field", "graveyard", "banished"):
        cards = getattr(setup, zone)
        if cards:
            out[zone] = [_card_to(c) for c in cards]
    if setup.deck:
        out["deck"] = list(setup.deck)
    if setup.deck_filler != PlayerSetup.deck_filler:
        out["deck_filler"] = setup.deck_filler
    if setup.life != PlayerSetup.life:
        out["life"] = setup.life
    return out


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """Plain data that :func:`scenario_from_dict` turns back into an equal Scenario."""
    out: dict[str, Any] = {"title": scenario.title}
    if scenario.description:
        out["description"] = scenario.description
    if scenario.date is not None:
        out["date"] = scenario.date
    if scenario.ruleset is not None:
        out["ruleset"] = scenario.ruleset
    out["turn_player"] = scenario.turn_player
    if scenario.phase != "end":
        out["phase"] = scenario.phase
    if scenario.rulings:
        out["rulings"] = list(scenario.rulings)
    out["players"] = {p: _player_to(scenario.players[p]) for p in PLAYERS}
    if scenario.lingering:
        out["lingering"] = [
            {
                k: v
                for k, v in (
                    ("source", ls.source),
                    ("controller", ls.controller),
                    ("target", ls.target),
                    ("effect", ls.effect),
                )
                if v not in (None, "")
            }
            for ls in scenario.lingering
        ]
    return out


class _Folded(str):
    """A long text written as a folded YAML block."""


@cache
def _dumper() -> type[yaml.SafeDumper]:
    """SafeDumper that indents block lists under their key, as people write YAML
    (built on first use so that PyYAML loads only when a scenario is written)."""
    import yaml

    class Dumper(yaml.SafeDumper):
        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    def represent_folded(dumper: yaml.SafeDumper, text: _Folded) -> yaml.ScalarNode:
        return dumper.represent_scalar("tag:yaml.org,2002:str", str(text), style=">")

    Dumper.add_representer(_Folded, represent_folded)
    return Dumper


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text (Japanese kept readable, lists of names inline)."""
    data = scenario_to_dict(scenario)
    if "description" in data and "\n" not in data["description"]:
        data["description"] = _Folded(data["description"])
    import yaml

    return yaml.dump(
        data,
        Dumper=_dumper(),
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=None,
        width=88,
    )


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def save_scenario(
    scenario: Scenario,
    path: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    allow_datasets: bool = False,
) -> Path:
    """Write the scenario as YAML, atomically (temp file + rename). Returns the path.

    Refuses to replace an existing file unless ``overwrite=True``, and to
    write into the packaged datasets/ folder unless ``allow_datasets=True``
    (notebooks must never change the shipped data).
    """
    target = Path(path).expanduser().resolve()
    datasets = Path(str(dataset_root())).resolve()
    if _inside(target, datasets) and not allow_datasets:
        raise _fail(
            "refusing to write into the packaged datasets folder; save elsewhere "
            "(or pass allow_datasets=True when curating the shipped examples)",
            None,
            str(target),
        )
    if target.exists() and not overwrite:
        raise _fail("file exists; pass overwrite=True to replace it", None, str(target))
    if not target.parent.is_dir():
        raise _fail("the folder does not exist", None, str(target))
    text = dump_scenario(scenario)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return target


# --------------------------------------------------------------------------
# The packaged worked examples
# --------------------------------------------------------------------------


def list_seed_scenarios() -> tuple[str, ...]:
    """Names (file stems) of the worked examples shipped in datasets/scenarios/."""
    return shipped_scenario_names("scenarios")


def seed_scenario(name: str) -> Scenario:
    """One shipped worked example by name, e.g. ``seed_scenario("lyla_veiler_2011")``."""
    text, source = shipped_scenario_text(name, "scenarios")
    return parse_scenario(text, source=source)


# --------------------------------------------------------------------------
# The builder
# --------------------------------------------------------------------------


def _card_data(card: str | CardSpec | Mapping[str, Any]) -> str | dict[str, Any]:
    if isinstance(card, CardSpec):
        return _card_to(card)
    if isinstance(card, Mapping):
        return dict(card)
    return card


class ScenarioDraft:
    """An unfinished scenario; every method returns a NEW draft.

    Zone methods replace that zone's contents. :meth:`done` validates exactly
    as a YAML file is validated and returns the :class:`Scenario`.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data: dict[str, Any] = dict(data)

    def _with(self, key: str, value: Any) -> ScenarioDraft:
        data = dict(self._data)
        data[key] = value
        return ScenarioDraft(data)

    def _with_player(self, player: str, key: str, value: Any) -> ScenarioDraft:
        players = {p: dict(v) for p, v in self._data.get("players", {}).items()}
        players.setdefault(player, {})[key] = value
        return self._with("players", players)

    def turn_player(self, player: str) -> ScenarioDraft:
        return self._with("turn_player", player)

    def hand(self, player: str, cards: Sequence[str]) -> ScenarioDraft:
        return self._with_player(player, "hand", list(cards))

    def field(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "field", [_card_data(c) for c in cards])

    def graveyard(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "graveyard", [_card_data(c) for c in cards])

    def banished(self, player: str, cards: Sequence[str | CardSpec | Mapping[str, Any]]) -> ScenarioDraft:
        return self._with_player(player, "banished", [_card_data(c) for c in cards])

    def deck(self, player: str, cards: Sequence[str], *, filler: int | None = None) -> ScenarioDraft:
        draft = self._with_player(player, "deck", list(cards))
        return draft if filler is None else draft._with_player(player, "deck_filler", filler)

    def life(self, player: str, points: int) -> ScenarioDraft:
        return self._with_player(player, "life", points)

    def lingering(
        self, source: str, controller: str, *, target: str | None = None, effect: str = ""
    ) -> ScenarioDraft:
        item = {"source": source, "controller": controller, "target": target, "effect": effect}
        return self._with("lingering", [*self._data.get("lingering", []), item])

    def on(self, when: datetime.date | str) -> ScenarioDraft:
        data = {k: v for k, v in self._data.items() if k != "ruleset"}
        data["date"] = when
        return ScenarioDraft(data)

    def under(self, ruleset: str) -> ScenarioDraft:
        data = {k: v for k, v in self._data.items() if k != "date"}
        data["ruleset"] = ruleset
        return ScenarioDraft(data)

    def phase(self, name: str) -> ScenarioDraft:
        return self._with("phase", name)

    def describe(self, text: str) -> ScenarioDraft:
        return self._with("description", text)

    def rulings(self, *ids: str) -> ScenarioDraft:
        return self._with("rulings", list(ids))

    def as_dict(self) -> dict[str, Any]:
        """The draft as the plain data a YAML file would hold."""
        return dict(self._data)

    def done(self, *, check_registry: bool = True) -> Scenario:
        """Validate and return the Scenario (raises ScenarioError naming the field)."""
        data = dict(self._data)
        data.setdefault("players", {})
        return scenario_from_dict(data, source="<builder>", check_registry=check_registry)

    def __repr__(self) -> str:
        return f"ScenarioDraft({self._data!r})"

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from functools import cache
from typing import Any

from toolkit import fields
from toolkit.errors import FileError, ScenarioError, describe, quoted
from toolkit.fields import CARDS_MAX as CARDS_MAX, COPY_MARK as COPY_MARK, NAME_MAX as NAME_MAX, CardNames
from toolkit.resources import dataset_root, shipped_ruling_ids, shipped_scenario_names, shipped_scenario_text

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

_fail = fields.fail
_suggest = fields.suggest

LIFE_MAX = 1_000_000
"""The most life points a scenario may give a player (the builder's bound too)."""

DECK_FILLER_MAX = 200
"""The most unnamed deck cards a player may have (the builder's bound too)."""


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
                raise _fail(f"players are 'A' and 'B', not {quoted(player)}", f"players.{player}", self.source)
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
        raise _fail(f"turn_player must be 'A' or 'B', not {quoted(s.turn_player)}", "turn_player", file)
    if s.phase not in PHASES:
        raise _fail(
            f"unknown phase {quoted(s.phase)}; known phases: {', '.join(PHASES)}" + _suggest(s.phase, PHASES),
            "phase",
            file,
        )
    if s.date is not None and s.ruleset is not None:
        raise _fail("give either a date or a ruleset, not both", "date", file)
    if s.date is not None:
        fields.day(s.date, "date", file)
    if s.ruleset is not None and (not isinstance(s.ruleset, str) or not s.ruleset):
        raise _fail("ruleset must be a non-empty name", "ruleset", file)
    for player in PLAYERS:
        _check_player(s.players[player], f"players.{player}", file)
    fields.ruling_ids(list(s.rulings), "rulings", file, None)
    on_field = _field_cards(s)
    for i, linger in enumerate(s.lingering):
        where = f"lingering[{i}]"
        if not isinstance(linger, LingeringSpec):
            raise _fail(f"expected a LingeringSpec, got {type(linger).__name__}", where, file)
        if not isinstance(linger.source, str) or not linger.source:
            raise _fail("a lingering effect needs its source card", f"{where}.source", file)
        if linger.controller not in PLAYERS:
            raise _fail(
                f"controller must be 'A' or 'B', not {quoted(linger.controller)}", f"{where}.controller", file
            )
        if not isinstance(linger.effect, str):
            raise _fail("effect must be text", f"{where}.effect", file)
        if linger.target is not None:
            owners = [p for p, name in on_field if name == linger.target]
            if not owners:
                listed = sorted({name for _, name in on_field})
                raise _fail(
                    f"target {quoted(linger.target)} is not a card on the field"
                    + _suggest(linger.target, listed),
                    f"{where}.target",
                    file,
                )
            if len(owners) > 1:
                raise _fail(
                    f"target {quoted(linger.target)} is on both players' fields; "
                    f"mark one copy (e.g. '{linger.target[:60]}{COPY_MARK}2')",
                    f"{where}.target",
                    file,
                )


def _check_player(setup: PlayerSetup, where: str, file: str | None) -> None:
    fields.whole(setup.deck_filler, f"{where}.deck_filler", file, low=0, high=DECK_FILLER_MAX)
    fields.whole(setup.life, f"{where}.life", file, low=1, high=LIFE_MAX)
    listed = sum(len(getattr(setup, zone)) for zone in _ZONES)
    if listed > CARDS_MAX:
        raise _fail(f"{listed:,} cards listed for one player; a scenario lists at most {CARDS_MAX} "
                    "(use deck_filler for unnamed deck cards)", where, file)
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
                raise _fail(f"expected a card, got {describe(entry)}", spot, file)
            if not isinstance(name, str) or not base_name(name):
                raise _fail(f"a card name must be text, not {describe(name)}", spot, file)
            if len(name) > NAME_MAX:
                raise _fail(f"a card name of {len(name):,} characters; card names are at most {NAME_MAX} "
                            "characters", spot, file)
            if name in seen:
                raise _fail(
                    f"{quoted(name)} is listed twice (also at {seen[name]}); one physical card cannot be "
                    f"in two places — mark copies as '{base_name(name)}{COPY_MARK}1', "
                    f"'{base_name(name)}{COPY_MARK}2'",
                    spot,
                    file,
                )
            seen[name] = spot


def _check_card(card: CardSpec, where: str, file: str | None) -> None:
    if card.position not in POSITIONS:
        raise _fail(
            f"unknown position {quoted(card.position)}; known: {', '.join(POSITIONS)}"
            + _suggest(card.position, POSITIONS),
            f"{where}.position",
            file,
        )
    for tag in sorted(card.tags):
        if tag not in TAGS:
            raise _fail(f"unknown tag {quoted(tag)}" + _suggest(tag, list(TAGS)), f"{where}.tags", file)


def _field_cards(s: Scenario) -> list[tuple[str, str]]:
    return [(p, card.name) for p in PLAYERS for card in s.players[p].field]


def card_index() -> CardNames | None:
    """The card names a scenario may use, with their English names, or None
    when no source of names is available (see :func:`known_card_names`)."""
    names = known_card_names()
    if names is None:
        return None
    english: dict[str, str] = {}
    try:
        from toolkit.ocg.cards import UnknownCardError, behaviour
    except ImportError:
        return CardNames(names)
    for name in names:
        try:
            english[name] = behaviour(name).english
        except UnknownCardError:
            continue
    return CardNames(names, english)


def _check_registry(s: Scenario, names: CardNames | None = None) -> None:
    """Checks against the card registry, the ruleset registry and rulings.csv."""
    file = s.source
    names = names or card_index()
    if names is not None:
        for spot, name in _every_card_name(s):
            if base_name(name) not in names.keys:
                raise _fail(names.unknown(base_name(name)), spot, file)
    _check_ruleset_name(s)
    fields.ruling_ids(list(s.rulings), "rulings", file, known_ruling_ids())


def _check_ruleset_name(s: Scenario) -> None:
    if s.ruleset is None:
        return
    rulesets = known_ruleset_names()
    if rulesets is not None and s.ruleset not in rulesets:
        raise _fail(
            f"unknown ruleset {quoted(s.ruleset)}; known: {', '.join(sorted(rulesets))}"
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


def _parse_date(value: object, *, field_name: str, file: str | None) -> datetime.date:
    """A day inside the dates the rules cover (see :func:`toolkit.fields.day`)."""
    return fields.day(value, field_name, file)


def _text(value: object, where: str, file: str | None) -> str:
    return fields.text(value, where, file)


def _list(value: object, where: str, file: str | None) -> list[Any]:
    return fields.as_list(value, where, file)


def _mapping(value: object, where: str | None, file: str | None, keys: Sequence[str]) -> dict[str, Any]:
    return fields.mapping(value, where, file, keys)


class _Reader:
    """Reads the parts of one scenario file, turning card names as a reader
    wrote them (English, half-width, hiragana...) into the registry's keys."""

    def __init__(self, file: str | None, names: CardNames | None) -> None:
        self.file = file
        self.names = names

    def name(self, value: object, where: str) -> str:
        written = fields.text(value, where, self.file)
        if self.names is None:
            return written
        options = self.names.ambiguous(written)
        if options:
            raise _fail(self.names.unknown(written), where, self.file)
        return self.names.key(written)

    def card(self, value: object, where: str) -> CardSpec:
        file = self.file
        if isinstance(value, CardSpec):
            return dataclasses.replace(value, name=self.name(value.name, f"{where}.name"))
        if isinstance(value, str):
            return CardSpec(self.name(value, where))
        data = _mapping(value, where, file, _CARD_KEYS)
        if "name" not in data:
            raise _fail("a card needs a name", f"{where}.name", file)
        tags = [_text(t, f"{where}.tags", file) for t in _list(data.get("tags", []), f"{where}.tags", file)]
        return CardSpec(
            name=self.name(data["name"], f"{where}.name"),
            position=_text(data.get("position", "face_up"), f"{where}.position", file),
            tags=frozenset(tags),
        )

    def player(self, value: object, where: str) -> PlayerSetup:
        if value is None:
            return PlayerSetup()
        file = self.file
        data = _mapping(value, where, file, _PLAYER_KEYS)

        def items(zone: str) -> list[tuple[str, Any]]:
            return [(f"{where}.{zone}[{i}]", item) for i, item in enumerate(_list(data.get(zone, []),
                                                                                 f"{where}.{zone}", file))]

        names = {zone: tuple(self.name(n, spot) for spot, n in items(zone)) for zone in ("hand", "deck")}
        cards = {zone: tuple(self.card(c, spot) for spot, c in items(zone)) for zone in ("field", "graveyard", "banished")}
        return PlayerSetup(
            hand=names["hand"],
            field=cards["field"],
            graveyard=cards["graveyard"],
            banished=cards["banished"],
            deck=names["deck"],
            deck_filler=fields.whole(data.get("deck_filler", 30), f"{where}.deck_filler", file, low=0,
                                     high=DECK_FILLER_MAX),
            life=fields.whole(data.get("life", 8000), f"{where}.life", file, low=1, high=LIFE_MAX),
        )

    def lingering(self, value: object, where: str) -> LingeringSpec:
        file = self.file
        data = _mapping(value, where, file, _LINGERING_KEYS)
        for required in ("source", "controller"):
            if required not in data:
                raise _fail(f"a lingering effect needs '{required}'", f"{where}.{required}", file)
        target = data.get("target")
        return LingeringSpec(
            source=self.name(data["source"], f"{where}.source"),
            controller=_text(data["controller"], f"{where}.controller", file),
            target=None if target is None else self.name(target, f"{where}.target"),
            effect=_text(data.get("effect", ""), f"{where}.effect", file),
        )


def scenario_from_dict(
    data: object, source: str | None = None, *, check_registry: bool = True
) -> Scenario:
    """Build and validate a Scenario from plain data (what ``yaml.safe_load`` gives).

    With ``check_registry`` (the default) card names may be written in
    English or with width/kana slips: they are stored as the registry's key.

    >>> scenario_from_dict({"title": "t", "turn_player": "C", "players": {}})
    Traceback (most recent call last):
    ...
    toolkit.errors.ScenarioError: field 'turn_player': turn_player must be 'A' or 'B', not 'C'
    >>> s = scenario_from_dict({"title": "t", "turn_player": "A", "players": {"B": {"hand": ["Effect Veiler"]}}})
    >>> s.players["B"].hand
    ('エフェクト・ヴェーラー',)
    """
    file = source
    if isinstance(data, dict) and data.get("game", "ocg") != "ocg":
        if data.get("game") == "duel_masters":
            raise OtherGameScenario("this is a Duel Masters scenario: read it with "
                                    "toolkit.duel_masters.load_scenario (the command line tells the games apart "
                                    "by themselves)", field="game", file=file)
        raise _fail(f"game must be 'ocg' (or 'duel_masters' in a Duel Masters scenario), not {quoted(data.get('game'))}",
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
    names = card_index() if check_registry else None
    read = _Reader(file, names)
    scenario = Scenario(
        title=fields.text(top["title"], "title", file, required=True),
        turn_player=_text(top["turn_player"], "turn_player", file),
        players={p: read.player(players_raw.get(p), f"players.{p}") for p in PLAYERS},
        date=None if date is None else _parse_date(date, field_name="date", file=file),
        ruleset=None if ruleset is None else _text(ruleset, "ruleset", file),
        lingering=tuple(
            read.lingering(item, f"lingering[{i}]")
            for i, item in enumerate(_list(top.get("lingering", []), "lingering", file))
        ),
        phase=_text(top.get("phase", "end"), "phase", file),
        description=_text(top.get("description", ""), "description", file),
        source=source,
        rulings=fields.ruling_ids(top.get("rulings", []), "rulings", file, None),
    )
    if check_registry:
        _check_registry(scenario, names)
    return scenario


def parse_scenario(text: str, source: str | None = None, *, check_registry: bool = True) -> Scenario:
    """Read a Scenario from YAML text (the toolkit's guarded YAML reader,
    :func:`toolkit.files.parse_yaml`); an error names the line and column of
    the field at fault."""
    try:
        from toolkit.files import parse_yaml  # loads PyYAML on first use
        document = parse_yaml(text, source)
    except FileError as exc:
        raise exc.as_scenario_error() from None
    if document.data is None:
        raise _fail("the file is empty", None, source)
    try:
        return scenario_from_dict(document.data, source=source, check_registry=check_registry)
    except ScenarioError as exc:
        raise exc.located(*(document.position(exc.field) or (None, None))) from None


def load_scenario(path: str | os.PathLike[str], *, check_registry: bool = True) -> Scenario:
    """Read and validate a scenario YAML file (a regular file of at most
    :func:`toolkit.files.max_file_bytes` bytes, UTF-8)."""
    file = os.fspath(path)
    try:
        from toolkit.files import read_text  # loads PyYAML on first use
        text = read_text(file, what="scenario file")
    except FileError as exc:
        raise exc.as_scenario_error() from None
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
def _dumper() -> type[Any]:
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
    """Write the scenario as YAML, atomically (:func:`toolkit.files.write_text`:
    a temporary file renamed into place). Returns the path.

    Refuses to replace an existing file unless ``overwrite=True`` (also when
    the file appears while saving), and to write into the packaged datasets/
    folder unless ``allow_datasets=True`` (notebooks must never change the
    shipped data). A replaced file keeps its permissions.
    """
    target = Path(os.path.realpath(Path(path).expanduser()))
    datasets = Path(os.path.realpath(str(dataset_root())))
    if _inside(target, datasets) and not allow_datasets:
        raise _fail(
            "refusing to write into the packaged datasets folder; save elsewhere "
            "(or pass allow_datasets=True when curating the shipped examples)",
            None,
            str(target),
        )
    text = dump_scenario(scenario)
    try:
        from toolkit.files import write_text  # loads PyYAML on first use
        return write_text(target, text, overwrite=overwrite)
    except FileError as exc:
        raise exc.as_scenario_error() from None


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

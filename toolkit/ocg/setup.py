"""From a Scenario to the first State of the phase it starts in.

``initial_state`` reads a :class:`toolkit.ocg.scenario.Scenario` (or any object
with the same attributes) and returns the position at the start of its phase
(the End Phase unless the scenario names another, P1): the turn player holds
priority (R7), every process of that phase that applies is pending (R6),
lingering effects carry the duration of the source card's text version at the
ruleset's date (X1).  Under a video-game ruleset the system may first hand
a pending process to its controller (V1).

Card uids follow the scenario's order (player A then B; hand, field,
graveyard, banished, deck), so the same scenario always gives the same state.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Protocol

from toolkit.core.durations import Lingering
from toolkit.core.values import PLAYERS, other
from toolkit.errors import ScenarioError
from toolkit.ocg.board import Board
from toolkit.ocg.cards import Catalogue, UnknownCardError
from toolkit.ocg.counters import with_counters
from toolkit.ocg.procedure import begin, r6_sync_processes
from toolkit.ocg.rulesets import Ruleset, UnknownRulesetError, get_ruleset, ruleset_at
from toolkit.ocg.state import Cause, Phase, State, Step
from toolkit.ocg.values import Card, Position, Zone

COPY_MARK = "#"


class ScenarioLike(Protocol):
    """What the engine reads from a Scenario (read-only attributes)."""

    @property
    def title(self) -> str: ...
    @property
    def turn_player(self) -> str: ...
    @property
    def players(self) -> Mapping[str, Any]: ...
    @property
    def date(self) -> datetime.date | None: ...
    @property
    def ruleset(self) -> str | None: ...
    @property
    def lingering(self) -> tuple[Any, ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def source(self) -> str | None: ...
    @property
    def catalogue(self) -> Catalogue: ...


def _base(name: str) -> str:
    return name.split(COPY_MARK, 1)[0].rstrip()


def scenario_ruleset(scenario: ScenarioLike) -> Ruleset:
    """The ruleset a scenario asks for: its date, its named ruleset, or today's."""
    try:
        if scenario.date is not None:
            return ruleset_at(scenario.date)
        if scenario.ruleset is not None:
            return get_ruleset(scenario.ruleset)
    except UnknownRulesetError as exc:
        raise ScenarioError(str(exc), field="ruleset" if scenario.ruleset else "date",
                            file=scenario.source) from None
    return get_ruleset("ocg")


def _position(value: str, where: str, file: str | None) -> Position:
    try:
        return Position(value)
    except ValueError:
        raise ScenarioError(f"unknown position {value!r}", field=where, file=file) from None


def initial_state(scenario: ScenarioLike, *, ruleset: Ruleset | str | None = None) -> State:
    """The State at the start of ``scenario``'s phase (default: the End Phase).

    ``ruleset`` overrides the scenario's date / ruleset (a Ruleset or a name).
    Raises :class:`~toolkit.errors.ScenarioError` naming the field for unknown
    cards, lingering effects the source card does not define, unknown
    rulesets, or a phase that does not exist.
    """
    file = scenario.source
    phase = start_phase(scenario.phase, file)
    if isinstance(ruleset, str):
        try:
            rules = get_ruleset(ruleset)
        except UnknownRulesetError as exc:
            raise ScenarioError(str(exc), field="ruleset", file=file) from None
    else:
        rules = ruleset if ruleset is not None else scenario_ruleset(scenario)

    catalogue = scenario.catalogue
    cards: list[Card] = []
    decks: list[list[int]] = [[], []]
    labels: dict[tuple[str, str], int] = {}

    def add(player: str, listed: str, zone: Zone, where: str, position: Position = Position.FACE_UP,
            tags: frozenset[str] = frozenset()) -> int:
        name = _base(listed)
        try:
            catalogue.behaviour(name)
        except UnknownCardError as exc:
            raise ScenarioError(str(exc), field=where, file=file) from None
        owner = other(player) if "control_taken" in tags else player
        uid = len(cards)
        cards.append(Card(uid, name, owner, player, zone, position, frozenset(tags), listed))
        labels[(player, listed)] = uid
        return uid

    for player in PLAYERS:
        setup = scenario.players[player]
        where = f"players.{player}"
        for i, listed in enumerate(setup.hand):
            add(player, listed, Zone.HAND, f"{where}.hand[{i}]")
        for zone_name, zone in (("field", Zone.FIELD), ("graveyard", Zone.GY), ("banished", Zone.BANISHED)):
            for i, spec in enumerate(getattr(setup, zone_name)):
                spot = f"{where}.{zone_name}[{i}]"
                position = _position(spec.position, f"{spot}.position", file) if zone is Zone.FIELD else Position.FACE_UP
                add(player, spec.name, zone, spot, position, with_counters(frozenset(spec.tags), spec.counters))
        for i, listed in enumerate(setup.deck):
            decks[0 if player == "A" else 1].append(add(player, listed, Zone.DECK, f"{where}.deck[{i}]"))

    lingering: list[Lingering] = []
    for i, spec in enumerate(scenario.lingering):
        spot = f"lingering[{i}]"
        source = _base(spec.source)
        try:
            effect = catalogue.text_at(source, rules.as_of).lingering_effect(spec.effect)
        except UnknownCardError as exc:
            raise ScenarioError(str(exc), field=f"{spot}.source", file=file) from None
        if effect is None:
            known = [e.effect for e in catalogue.text_at(source, rules.as_of).lingering]
            raise ScenarioError(
                f"{source} leaves no lingering effect {spec.effect!r}"
                + (f" (it defines: {', '.join(known)})" if known else " (it defines none)"),
                field=f"{spot}.effect", file=file)
        target = -1
        if spec.target is not None:
            found = [uid for (p, listed), uid in labels.items() if listed == spec.target
                     and cards[uid].zone in (Zone.FIELD, Zone.BANISHED)]  # banished: 《亜空間物質転送装置》
            if not found:
                raise ScenarioError(f"target {spec.target!r} is not a card on the field (nor banished)", field=f"{spot}.target", file=file)
            target = found[0]
        lingering.append(Lingering(source, spec.controller, spec.effect, target, effect.duration))

    base = State(
        phase=phase,
        turn_player=scenario.turn_player,
        ruleset=rules,
        cards=tuple(cards),
        decks=(tuple(decks[0]), tuple(decks[1])),
        anonymous=((scenario.players["A"].deck_filler, 0, 0), (scenario.players["B"].deck_filler, 0, 0)),
        life=(scenario.players["A"].life, scenario.players["B"].life),
        lingering=tuple(lingering),
        catalogue=catalogue,
    )
    board = Board(base, Cause.END_PHASE)
    pending = r6_sync_processes(board, (), adjusted=False)
    return begin(board.freeze(step=Step.OPEN, priority=scenario.turn_player, passes=0, pending=pending))


START_PHASES: tuple[Phase, ...] = (Phase.DRAW, Phase.STANDBY, Phase.MAIN1, Phase.BATTLE, Phase.MAIN2, Phase.END)
"""The phases a position may start in (the Draw Phase: after the normal draw)."""


def start_phase(name: object, file: str | None = None) -> Phase:
    """The phase a scenario starts in, or a ScenarioError naming the field.

    >>> start_phase("main1")
    <Phase.MAIN1: 'main1'>
    >>> start_phase("main3")
    Traceback (most recent call last):
    ...
    toolkit.errors.ScenarioError: field 'phase': unknown phase 'main3'; known phases: draw, standby, main1, battle, main2, end
    """
    known = {p.value: p for p in START_PHASES}
    if not isinstance(name, str) or name not in known:
        raise ScenarioError(f"unknown phase {name!r}; known phases: {', '.join(known)}", field="phase", file=file)
    return known[name]


def with_ruleset(state: State, ruleset: Ruleset | str) -> State:
    """``state`` re-read under ``ruleset`` (a ruleset or its registered name)."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    changed = state.evolve(ruleset=rules)  # the same cards, read from the same catalogue
    return begin(changed) if changed.step is Step.OPEN else changed


def as_state(position: State | ScenarioLike, *, ruleset: Ruleset | str | None = None) -> State:
    """Accept a State (returned as is, unless a ruleset is given) or a Scenario."""
    if isinstance(position, State):
        return position if ruleset is None else with_ruleset(position, ruleset)
    return initial_state(position, ruleset=ruleset)

"""Duel Masters' Turn End Step as a :class:`~toolkit.core.game.Game`.

Its rulings are undated, so the game keeps the default ``rules_at`` (today's rules): its rule sets are
seed 004's reading and one-flag counterfactual variants.

>>> from toolkit.duel_masters.game import GAME
>>> GAME.dated, GAME.today().name
(False, 'duel_masters')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import toolkit.duel_masters.rule_ids  # noqa: F401 - registers the Turn End Step's rules (toolkit.core.rules)
from toolkit.core.actions import Action
from toolkit.core.game import Counterfactual, DecidingRules, Flag, Game, Note, Stepper, Transition
from toolkit.core.values import Event
from toolkit.duel_masters import procedure
from toolkit.duel_masters.cards import UnknownDMCardError, behaviour, card_names
from toolkit.duel_masters.event_fields import EVENT_FIELDS as DM_EVENT_FIELDS
from toolkit.duel_masters.events import EventKind
from toolkit.duel_masters.rules import FLAGS, RULES, TurnEndRules, get_rules, rules_names
from toolkit.duel_masters.scenario import TAGS, DMScenario, list_seed_scenarios, scenario_from_dict, seed_scenario
from toolkit.duel_masters.setup import initial_state, with_rules
from toolkit.duel_masters.state import DMState, DMZone, card_of_summary_name
from toolkit.duel_masters.words import EVENT_KIND_NAMES, describe_action, describe_event, describe_state
from toolkit.fields import CardNames


def _flags() -> tuple[Flag, ...]:
    today = RULES["duel_masters"]
    return tuple(Flag(name=f.name, rule=f.rule, meaning=f.when_true, alternative=f.when_false,
                      before=getattr(today, f.name), after=getattr(today, f.name), rulings=f.rulings)
                 for f in FLAGS.values())


def counterfactuals(rules: TurnEndRules) -> tuple[Counterfactual, ...]:
    """Each Turn End Step flag turned the other way."""
    found = []
    for name, flag in FLAGS.items():
        current = getattr(rules, name)
        found.append(Counterfactual(f"{flag.rule} {name}={current} ({flag.when_true if current else flag.when_false})",
                                    rules.with_flags(**{name: not current}), key=f"{flag.rule} {name}"))
    return tuple(found)


@lru_cache(maxsize=1)
def _names_of(names: tuple[str, ...]) -> CardNames:
    """The cards' names for look-ups: one table while the cards are unchanged."""
    return CardNames(names)


def names_events_may_carry(position: object) -> frozenset[str] | None:
    """The card names an event of a search from ``position`` (a scenario) may carry: its cards, the
    sources of its lingering and delayed effects, and every other side a dragheart among them flips to
    (an event of a flipped card names the side face up); None for a state (cannot tell).

    >>> from toolkit.duel_masters.scenario import seed_scenario
    >>> names = names_events_may_carry(seed_scenario("dm_gurje_gurje_welcome_hell"))
    >>> "極・魔壊王 デスゴロス" in names, "ボルシャック・ドラゴン" in names
    (True, False)
    """
    if not isinstance(position, DMScenario):
        return None
    names = set(position.card_names())
    names.update(e.source.split("#")[0] for e in position.lingering)
    names.update(e.source.split("#")[0] for e in position.delayed)
    names.update(e.target.split("#")[0] for e in position.lingering if e.target)
    return _with_flip_sides(names)


def _with_flip_sides(names: set[str]) -> frozenset[str] | None:
    """``names`` and every side a dragheart among them flips to (a side's own sides too); None when one of
    them is no known card (a scenario's cards are known ones; a state of another's cards is not read)."""
    sides = list(names)
    while sides:
        try:
            side = behaviour(sides.pop()).flip_side
        except UnknownDMCardError:
            return None
        if side and side not in names:
            names.add(side)
            sides.append(side)
    return frozenset(names)


def never_in_a_zone(position: object, card: str) -> str | None:
    """Why no zone of a search from ``position`` (a scenario) ever holds ``card``: the board is set up from
    its zones, no card enters one from outside it, and a card shows only its own name or the side it flips
    to; None when it may, or ``position`` is a state (cannot tell).

    >>> from toolkit.duel_masters.scenario import seed_scenario
    >>> never_in_a_zone(seed_scenario("dm_gurje_gurje_welcome_hell"), "極・魔壊王 デスゴロス") is None
    True
    """
    if not isinstance(position, DMScenario):
        return None
    names = _with_flip_sides(set(position.card_names()))
    if names is None or card in names:
        return None
    return "no zone of it holds that card at the start, and no card enters a zone from outside the scenario"


class DuelMastersGame(Game):
    """Duel Masters' Turn End Step: the procedure of :mod:`toolkit.duel_masters.procedure`, undated rule sets."""

    name = "duel_masters"
    title = "Duel Masters"
    step = "Turn End Step"
    state_type = DMState
    scenario_type = DMScenario
    rules_type = TurnEndRules
    event_kinds = frozenset(k.value for k in EventKind)
    zones = frozenset(z.value for z in DMZone)
    scenario_folder = "duel_masters"
    listed_first = 1
    event_fields = DM_EVENT_FIELDS
    deciding = DecidingRules(explain=("D3", "D1", "D2(1)", "D2(4)", "D2(5)", "D2(6)"))
    event_kind_names = EVENT_KIND_NAMES
    scenario_tags = TAGS

    def legal_actions(self, state: DMState) -> tuple[Action, ...]:
        return procedure.legal_actions(state)

    def transition(self, state: DMState, action: Action, *, check: bool = True) -> Transition:
        return procedure.transition(state, action, check=check)

    def stepper(self) -> Stepper:
        return procedure.transition  # the procedure's own function: no method call per edge

    def explain(self, state: DMState, action: Action) -> Note:
        return procedure.explain(state, action)

    def withheld(self, state: DMState) -> tuple[Note, ...]:
        return procedure.withheld(state)

    def initial_state(self, scenario: DMScenario, ruleset: Any) -> DMState:
        return initial_state(scenario, ruleset)

    def with_ruleset(self, state: DMState, ruleset: Any) -> DMState:
        return with_rules(state, ruleset)

    def today(self) -> TurnEndRules:
        return get_rules("duel_masters")

    def ruleset(self, name: str) -> TurnEndRules:
        return get_rules(name)

    def ruleset_names(self) -> tuple[str, ...]:
        return rules_names()

    def variants(self) -> tuple[str, ...]:
        return rules_names()

    def counterfactuals(self, rules: TurnEndRules) -> tuple[Counterfactual, ...]:
        return counterfactuals(rules)

    def flags(self) -> tuple[Flag, ...]:
        return _flags()

    def scenario_names(self) -> tuple[str, ...]:
        return list_seed_scenarios()

    def seed_scenario(self, name: str) -> DMScenario:
        return seed_scenario(name)

    def scenario_from_data(self, data: Any, source: str | None) -> DMScenario:
        return scenario_from_dict(data, source)

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def describe_event(self, event: Event) -> str:
        return describe_event(event)

    def describe_state(self, state: Any) -> str:
        return describe_state(state)

    def card_names(self) -> CardNames:
        return _names_of(card_names())

    def names_events_may_carry(self, position: DMScenario | DMState) -> frozenset[str] | None:
        return names_events_may_carry(position)

    def never_in_a_zone(self, position: DMScenario | DMState, card: str) -> str | None:
        return never_in_a_zone(position, card)

    def card_of_summary_name(self, text: str) -> str:
        return card_of_summary_name(text)


GAME = DuelMastersGame()

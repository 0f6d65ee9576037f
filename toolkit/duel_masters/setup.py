"""From a Duel Masters scenario to its first position.

Card uids follow the scenario's listing order (A before B; hand, battle zone,
mana zone, shields, graveyard, deck), so a scenario always gives the same
position.
"""

from __future__ import annotations

from toolkit.core.durations import Lingering
from toolkit.duel_masters.cards import behaviour
from toolkit.duel_masters.rules import TurnEndRules, get_rules
from toolkit.duel_masters.scenario import DURATIONS, DMScenario
from toolkit.duel_masters.state import DMCard, DMState, DMStep, DMZone

__all__ = ["initial_state", "rules_for", "with_rules"]

_ZONE = {
    "hand": DMZone.HAND,
    "battle_zone": DMZone.BATTLE,
    "mana_zone": DMZone.MANA,
    "shields": DMZone.SHIELD,
    "graveyard": DMZone.GRAVEYARD,
    "deck": DMZone.DECK,
}


def rules_for(scenario: DMScenario, ruleset: TurnEndRules | str | None = None) -> TurnEndRules:
    """The rules a scenario runs under: ``ruleset`` if given, else its own, else seed 004's."""
    if isinstance(ruleset, TurnEndRules):
        return ruleset
    return get_rules(ruleset or scenario.ruleset or "duel_masters")


def initial_state(scenario: DMScenario, ruleset: TurnEndRules | str | None = None) -> DMState:
    """The position a scenario starts in (the attack step or the Turn End Step)."""
    rules = rules_for(scenario, ruleset)
    listed = list(scenario.labels())
    uid_of = {label: i for i, (_p, _z, _c, label) in enumerate(listed)}
    cards = []
    decks: dict[str, list[int]] = {"A": [], "B": []}
    destroyed = set()
    for uid, (player, zone, spec, label) in enumerate(listed):
        cards.append(DMCard(
            uid=uid, name=spec.name, owner=player, zone=_ZONE[zone], label=label, tapped=spec.tapped,
            side=spec.name, equipped_to=uid_of[spec.equipped_to] if spec.equipped_to else -1,
            power=spec.power if spec.power is not None else behaviour(spec.name).power, tags=spec.tags))
        if zone == "deck":
            decks[player].append(uid)
        if "destroyed_this_turn" in spec.tags:
            destroyed.add(uid)
    lingering = tuple(
        Lingering(item.source, item.controller, item.effect,
                  uid_of[item.target] if item.target is not None else -1, DURATIONS[item.duration])
        for item in scenario.lingering)
    return DMState(
        turn_player=scenario.turn_player,
        ruleset=rules,
        cards=tuple(cards),
        decks=(tuple(decks["A"]), tuple(decks["B"])),
        step=DMStep.ATTACK if scenario.start == "attack" else DMStep.BEGIN,
        lingering=lingering,
        delayed=tuple((d.source, d.controller, d.effect) for d in scenario.delayed),
        destroyed_this_turn=frozenset(destroyed),
    )


def with_rules(state: DMState, ruleset: TurnEndRules | str) -> DMState:
    """The same position under other Turn End Step rules."""
    rules = ruleset if isinstance(ruleset, TurnEndRules) else get_rules(ruleset)
    return state.evolve(ruleset=rules)

"""Duel Masters' Turn End Step as a :class:`~toolkit.core.game.Game`.

Its rulings are undated, so the game has no ``rules_at``: its rule sets are
seed 004's reading and one-flag counterfactual variants.

>>> from toolkit.duel_masters.game import GAME
>>> GAME.dated, GAME.today().name
(False, 'duel_masters')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from toolkit.core.game import Counterfactual, DecidingRules, Flag, Game
from toolkit.duel_masters.event_fields import EVENT_FIELDS as DM_EVENT_FIELDS
import toolkit.duel_masters.rule_ids  # noqa: F401 - registers the Turn End Step's rules (toolkit.core.rules)
from toolkit.duel_masters import procedure
from toolkit.duel_masters.cards import card_names
from toolkit.fields import CardNames
from toolkit.duel_masters.events import EventKind
from toolkit.duel_masters.rules import FLAGS, RULES, TurnEndRules, get_rules, rules_names
from toolkit.duel_masters.scenario import TAGS, DMScenario, list_seed_scenarios, scenario_from_dict, seed_scenario
from toolkit.duel_masters.setup import initial_state, with_rules
from toolkit.duel_masters.state import DMState, DMZone
from toolkit.duel_masters.words import EVENT_KIND_NAMES, describe_action, describe_event, describe_state


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


def _today() -> TurnEndRules:
    return get_rules("duel_masters")


def _initial_state(scenario: Any, ruleset: Any) -> DMState:
    return initial_state(scenario, ruleset)


@lru_cache(maxsize=1)
def _names_of(names: tuple[str, ...]) -> CardNames:
    """The cards' names for look-ups: one table while the cards are unchanged."""
    return CardNames(names)


GAME = Game(
    name="duel_masters",
    listed_first=1,
    event_fields=DM_EVENT_FIELDS,
    deciding=DecidingRules(explain=("D3", "D1", "D2(1)", "D2(4)", "D2(5)", "D2(6)")),
    title="Duel Masters",
    step="Turn End Step",
    state_type=DMState,
    scenario_type=DMScenario,
    rules_type=TurnEndRules,
    legal_actions=procedure.legal_actions,
    transition=procedure.transition,
    explain=procedure.explain,
    withheld=procedure.withheld,
    initial_state=_initial_state,
    with_ruleset=with_rules,
    today=_today,
    ruleset=get_rules,
    ruleset_names=rules_names,
    scenario_names=list_seed_scenarios,
    seed_scenario=seed_scenario,
    scenario_from_data=scenario_from_dict,
    event_kinds=frozenset(k.value for k in EventKind),
    zones=frozenset(z.value for z in DMZone),
    scenario_folder="duel_masters",
    variants=rules_names,
    counterfactuals=counterfactuals,
    flags=_flags,
    card_names=lambda: _names_of(card_names()),
    describe_action=describe_action,
    describe_event=describe_event,
    event_kind_names=EVENT_KIND_NAMES,
    describe_state=describe_state,
    scenario_tags=TAGS,
)

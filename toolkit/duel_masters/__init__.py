"""Duel Masters' Turn End Step (seed 004, spec §7) on the End Phase engine's core.

The game has its own positions (:class:`DMState`), rules
(:mod:`~toolkit.duel_masters.procedure`, D1–D3) and cards, and shares the
rest with the OCG engine: actions, events, outcomes, the search
(``toolkit.resolve`` / ``explore`` / ``can_force`` / ``evaluate``), traces,
ruling checks and ``toolkit.verify_rulings``.

>>> from toolkit import explore
>>> found = explore(seed_scenario("dm_gurje_gurje_welcome_hell"))
>>> any(o.outcome.has("entered", "グルジェ・グルジェ") for o in found.outcomes)
False
"""

from __future__ import annotations

from toolkit.duel_masters import procedure
from toolkit.duel_masters.cards import behaviour, card_names
from toolkit.duel_masters.procedure import explain, legal_actions, transition, withheld
from toolkit.duel_masters.rules import FLAGS, RULES, TurnEndRules, get_rules, rules_names
from toolkit.duel_masters.scenario import (
    DMScenario,
    list_seed_scenarios,
    load_scenario,
    parse_scenario,
    scenario_from_dict,
    seed_scenario,
)
from toolkit.duel_masters.setup import initial_state, with_rules
from toolkit.duel_masters.state import DMCard, DMState, DMStep, DMZone, Waiting

__all__ = [
    "FLAGS",
    "GAME",
    "RULES",
    "DMCard",
    "DMScenario",
    "DMState",
    "DMStep",
    "DMZone",
    "TurnEndRules",
    "Waiting",
    "behaviour",
    "card_names",
    "explain",
    "get_rules",
    "initial_state",
    "legal_actions",
    "list_seed_scenarios",
    "load_scenario",
    "parse_scenario",
    "procedure",
    "rules_names",
    "scenario_from_dict",
    "seed_scenario",
    "transition",
    "with_rules",
    "withheld",
]

from toolkit.duel_masters.game import GAME  # noqa: E402  (after the names it is built from)

"""The engine as one namespace, for every registered game: the core's search
(``resolve``, ``explore``, ``can_force``, ``evaluate``, ``play``) and actions, and
the scenario functions of :mod:`toolkit.engine.scenarios` (``load_scenario``,
``seed_scenario``, ``initial_state``, ``legal_actions``, ``transition``, ``apply``,
``withheld``, ``get_ruleset``), each going to the game of the position, scenario,
file or rule set name it is given (the OCG's, for the OCG, unchanged). The types
(``State``, ``Scenario``, ``Ruleset``) and the dated rule sets (``ruleset_at``,
``RULESETS``, ``rule_change_dates``) are the OCG's, the one dated game; each game's
own are in its package (:mod:`toolkit.ocg`, :mod:`toolkit.duel_masters`).

>>> from toolkit.engine import RULESETS, ruleset_at
>>> ruleset_at("2013-03-30").end_phase_triggers_after_adjustment
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.core import actions
from toolkit.core.actions import Action, Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.core.durations import Duration, Lingering
from toolkit.core.errors import IllegalActionError, SearchBudgetExceeded
from toolkit.core.game import Actor, Game, as_state, game_of, games
from toolkit.core.search import (
    Exploration,
    ForceResult,
    Resolution,
    Verdict,
    can_force,
    default_policy,
    evaluate,
    explore,
    naive_line_count,
    play,
    resolve,
    scripted,
)
from toolkit.core.values import Event, Outcome
from toolkit.engine.scenarios import (
    apply,
    get_ruleset,
    initial_state,
    legal_actions,
    load_scenario,
    seed_scenario,
    transition,
    withheld,
)
from toolkit.ocg.actions import ChangePosition, Discard, EnterPhase
from toolkit.ocg.cards import load_card_definitions
from toolkit.ocg.rulesets import (
    RULESETS,
    VIDEO_GAME,
    Ruleset,
    rule_change_dates,
    ruleset_at,
    ruleset_names,
)
from toolkit.ocg.scenario import Scenario, save_scenario
from toolkit.ocg.state import State, Step
from toolkit.ocg.values import EventKind, Process, ProcessKind

if TYPE_CHECKING:  # imported when first asked for (explore reads no predicate): see __getattr__
    from toolkit.core.predicates import parse_predicate as parse_predicate
    from toolkit.core.predicates import parse_query as parse_query


def card_schema() -> dict[str, Any]:
    """The JSON Schema of an OCG card file (the card format loads PyYAML only when used)."""
    from toolkit.ocg.cards.data import card_schema as schema

    return schema()


__all__ = [
    "Scenario",
    "VIDEO_GAME",
    "load_scenario",
    "save_scenario",
    "seed_scenario",
    "card_schema",
    "load_card_definitions",
    "RULESETS",
    "Action",
    "Activate",
    "Actor",
    "Attack",
    "ChangePosition",
    "Declare",
    "Decline",
    "Discard",
    "EnterPhase",
    "Duration",
    "Event",
    "EventKind",
    "Exploration",
    "ForceResult",
    "Game",
    "IllegalActionError",
    "Lingering",
    "Outcome",
    "Pass",
    "Perform",
    "Proceed",
    "Process",
    "ProcessKind",
    "Resolution",
    "Respond",
    "Ruleset",
    "SearchBudgetExceeded",
    "State",
    "Step",
    "Verdict",
    "actions",
    "apply",
    "as_state",
    "can_force",
    "default_policy",
    "evaluate",
    "explore",
    "play",
    "game_of",
    "games",
    "get_ruleset",
    "initial_state",
    "legal_actions",
    "naive_line_count",
    "parse_predicate",
    "parse_query",
    "resolve",
    "rule_change_dates",
    "ruleset_at",
    "ruleset_names",
    "scripted",
    "transition",
    "withheld",
]


def __getattr__(name: str) -> Any:
    """Duel Masters' own action kinds, imported when first asked for (importing the engine for the
    OCG does not load the other game); the readers of predicates and queries likewise (``explore``
    reads none: ``evaluate`` and ``can_force`` import them when asked)."""
    if name in ("parse_predicate", "parse_query"):
        from toolkit.core import predicates

        return getattr(predicates, name)
    if name in ("Declare", "Decline"):
        from toolkit.duel_masters import actions as dm_actions

        return getattr(dm_actions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

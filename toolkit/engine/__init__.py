"""The End Phase engine as one namespace (kept for notebooks and scripts that
import it): the core's search and actions with the OCG's positions and rule
sets.  New code imports :mod:`toolkit.core` and :mod:`toolkit.ocg`.

>>> from toolkit.engine import RULESETS, ruleset_at
>>> ruleset_at("2013-03-30").end_phase_triggers_after_adjustment
True
"""

from __future__ import annotations

from typing import Any

from toolkit.core import actions
from toolkit.core.actions import Action, Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.ocg.actions import ChangePosition, Discard, EnterPhase
from toolkit.core.durations import Duration, Lingering
from toolkit.core.errors import IllegalActionError, SearchBudgetExceeded
from toolkit.core.game import Game, as_state, game_of, games
from toolkit.core.predicates import parse_predicate, parse_query
from toolkit.ocg.procedure import apply, legal_actions, transition, withheld
from toolkit.ocg.rulesets import (
    RULESETS,
    VIDEO_GAME,
    Ruleset,
    get_ruleset,
    rule_change_dates,
    ruleset_at,
    ruleset_names,
)
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
from toolkit.ocg.cards import load_card_definitions
from toolkit.ocg.scenario import Scenario, load_scenario, save_scenario, seed_scenario
from toolkit.ocg.setup import initial_state
from toolkit.core.game import Actor
from toolkit.ocg.state import State, Step
from toolkit.core.values import Event, Outcome
from toolkit.ocg.values import EventKind, Process, ProcessKind

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
    OCG does not load the other game)."""
    if name in ("Declare", "Decline"):
        from toolkit.duel_masters import actions as dm_actions

        return getattr(dm_actions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

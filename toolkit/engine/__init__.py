"""The End Phase engine: positions, the rules of any date, and search.

>>> from toolkit.engine import RULESETS, ruleset_at
>>> ruleset_at("2013-03-30").end_phase_triggers_after_adjustment
True
"""

from __future__ import annotations

from toolkit.engine import actions
from toolkit.engine.actions import Action, Activate, Discard, Pass, Perform, Proceed, Respond
from toolkit.engine.durations import Duration, Lingering
from toolkit.engine.errors import IllegalActionError, SearchBudgetExceeded
from toolkit.engine.game import Game, as_state, game_of, games
from toolkit.engine.predicates import parse_predicate, parse_query
from toolkit.engine.procedure import apply, legal_actions, transition, withheld
from toolkit.engine.rulesets import (
    RULESETS,
    Ruleset,
    get_ruleset,
    rule_change_dates,
    ruleset_at,
    ruleset_names,
)
from toolkit.engine.search import (
    Exploration,
    ForceResult,
    Resolution,
    Verdict,
    can_force,
    default_policy,
    evaluate,
    explore,
    naive_line_count,
    resolve,
    scripted,
)
from toolkit.engine.setup import initial_state
from toolkit.engine.state import Actor, State, Step
from toolkit.engine.values import Event, EventKind, Outcome, Process, ProcessKind

__all__ = [
    "RULESETS",
    "Action",
    "Activate",
    "Actor",
    "Discard",
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

"""The Yu-Gi-Oh! OCG End Phase: positions, cards, the rules of any date.

The game is one value, :data:`toolkit.ocg.game.GAME`, registered with the
toolkit by :mod:`toolkit.games`; it is played with the core's search
(:mod:`toolkit.core.search`).  The pieces: :mod:`~toolkit.ocg.state` and
:mod:`~toolkit.ocg.board` (positions), :mod:`~toolkit.ocg.procedure` (the
rules R1-R8, H1-H5, E1, P1, X, V), :mod:`~toolkit.ocg.rulesets` (dated
flags), :mod:`~toolkit.ocg.cards` (card behaviours), :mod:`~toolkit.ocg.scenario`
(scenario files).

>>> from toolkit.ocg import RULESETS, ruleset_at
>>> ruleset_at("2013-03-30").end_phase_triggers_after_adjustment
True
"""

from __future__ import annotations

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
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State, Step
from toolkit.ocg.values import Card, EventKind, Process, ProcessKind, Zone

__all__ = [
    "RULESETS",
    "VIDEO_GAME",
    "Card",
    "EventKind",
    "Process",
    "ProcessKind",
    "Ruleset",
    "State",
    "Step",
    "Zone",
    "apply",
    "get_ruleset",
    "initial_state",
    "legal_actions",
    "rule_change_dates",
    "ruleset_at",
    "ruleset_names",
    "transition",
    "withheld",
]

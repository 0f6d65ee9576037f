"""Helpers for the card-behaviour tests: build a position with the Scenario
builder, then play named actions through the engine's procedure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolkit.core.finding import find_action
from toolkit.engine import Event, State, initial_state, legal_actions, transition
from toolkit.ocg.scenario import CardSpec, Scenario, ScenarioDraft

CardEntry = str | CardSpec | Mapping[str, Any]
"""What a builder zone accepts: a name, a CardSpec or a YAML-like mapping."""

FILLERS = ("死者蘇生", "強欲な壺", "落とし穴", "おろかな埋葬", "増援", "大嵐", "天使の施し")


def draft(title: str = "card test", turn_player: str = "A") -> ScenarioDraft:
    return Scenario.build(title).turn_player(turn_player)


def start(position: ScenarioDraft) -> State:
    return initial_state(position.done())


def moves(state: State) -> list[str]:
    """The legal actions, as the code-like strings they print as."""
    return [repr(a) for a in legal_actions(state)]


def play(state: State, *wanted: str) -> tuple[State, list[Event]]:
    """Play each action whose repr equals (or starts with) the given text; return the
    final state and every event on the way, in order."""
    events: list[Event] = []
    for text in wanted:
        result = transition(state, find_action(state, text))
        events.extend(result.events)
        state = result.state
    return state, events


def kinds(events: list[Event], card: str | None = None) -> list[str]:
    return [str(e.kind) for e in events if card is None or e.card == card]

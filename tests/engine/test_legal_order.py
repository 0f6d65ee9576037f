"""``legal_actions`` builds the actions of the steps a search meets most as a list; it must give
exactly ``tuple(iter_actions(state))`` — the same actions in the same order — in every position.
Checked over every position reached from the benchmark families and the shipped scenarios."""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import reachable

import toolkit.games
from toolkit.core.game import as_state
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import iter_actions, legal_actions
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State, Step


def _reachable(start: Any, limit: int) -> list[Any]:
    return [s for s in reachable(start, limit) if isinstance(s, State)]


def _compare(states: list[State]) -> set[Step]:
    steps = set()
    for state in states:
        assert legal_actions(state) == tuple(iter_actions(state)), state.describe()
        steps.add(state.step)
    return steps


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_families_list_the_actions_in_the_same_order(family: str) -> None:
    steps = _compare(_reachable(initial_state(FAMILIES[family](6)), 3000))
    assert {Step.OPEN, Step.FORCED} <= steps


def test_the_shipped_scenarios_list_the_actions_in_the_same_order() -> None:
    steps: set[Step] = set()
    for name in toolkit.games.shipped_scenario_names():
        steps |= _compare(_reachable(as_state(toolkit.games.shipped_scenario(name)), 500))
    assert {Step.OPEN, Step.FORCED, Step.CHAIN, Step.ADJUST} <= steps

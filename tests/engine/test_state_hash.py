"""A State's hash is the hash of its field values, however the State was built.

The engine builds the States of a search in several ways — ``State(...)``, the
Board's ``freeze``, ``evolve``, ``passed_to``, a remembered change
(``procedure.remembered``) — and keeps its cards' part of the hash
(``state.cards_hash``) from one State to the next, changing it only for the
cards a step changed.  A wrong kept value would not make two equal States
unequal (``==`` compares the fields), but it would hash them apart: a search
would then count one position twice.  These tests rebuild every State reached
from the benchmark families and the shipped scenarios with ``State(...)`` and
compare the hashes (``procedure.remembered`` also refuses to keep a change whose State
hashes apart from the one the whole procedure made).
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import reachable

import toolkit.games
from toolkit.core.game import as_state
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import STATE_FIELDS, State, cards_hash


def _reachable(start: Any, limit: int = 3000) -> list[Any]:
    return sorted(reachable(start, limit), key=repr)


def _rebuilt(state: State) -> State:
    return State(**{name: getattr(state, name) for name in STATE_FIELDS})


def _check(states: list[Any]) -> None:
    for state in states:
        if not isinstance(state, State):
            continue
        again = _rebuilt(state)
        assert again == state
        assert state._cards_hash == cards_hash(state.cards), state.describe()
        assert hash(again) == hash(state), state.describe()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_state_of_a_family_hashes_as_its_fields(family: str) -> None:
    states = _reachable(initial_state(FAMILIES[family](6)))
    assert len(states) > 100
    _check(states)


def test_every_state_of_the_shipped_scenarios_hashes_as_its_fields() -> None:
    count = 0
    for name in toolkit.games.shipped_scenario_names():
        start = as_state(toolkit.games.shipped_scenario(name))
        states = _reachable(start, limit=400)
        count += len(states)
        _check(states)
    assert count > 1000


def test_a_wrong_kept_cards_hash_is_caught() -> None:
    """The control: the check above fails for a State whose kept value is off."""
    state = initial_state(FAMILIES["mixed"](4))
    wrong = state.passed_to("B")
    object.__setattr__(wrong, "_cards_hash", wrong._cards_hash ^ 1)
    with pytest.raises(AssertionError):
        _check([wrong])

"""The order a position's waiting effects (待機状態) were queued in is no part of the position: each player
resolves its own in the order it picks (D2 (3); D2 (5): 「好きな順番で」), and the turn player's new ones go
first by whose they are, not by where they stand. A DMState keeps them in one order, so two positions that
differ only in the order their effects were queued are one position (they were two: the search went over the
same position twice), while every outcome and line count stays what it was."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

import toolkit.duel_masters.state as dm_state
from toolkit import explore
from toolkit.duel_masters import initial_state
from toolkit.duel_masters.cards import DMBehaviour, EndAbility, Triggered, register, unregister
from toolkit.duel_masters.scenario import scenario_from_dict
from toolkit.duel_masters.state import DMState, Waiting

BELL = "テスト・砕ける鐘"
"""At the end of your turn it destroys itself; when it is destroyed, its owner draws a card."""


@pytest.fixture
def bells() -> Iterator[None]:
    def destroy_itself(board: Any, card: Any, choice: Any) -> None:
        board.destroy(card.uid)

    def draw(board: Any, card: Any, choice: Any) -> None:
        board.draw(card.owner, 1)

    register(DMBehaviour(BELL, "creature", "test card",
                         end_of_turn=(EndAbility("destroy itself", True, destroy_itself),),
                         on_destroyed=(Triggered("draw a card", True, draw),)))
    try:
        yield
    finally:
        unregister(BELL)


def _start() -> Any:
    return initial_state(scenario_from_dict({
        "game": "duel_masters", "title": "two bells", "turn_player": "A",
        "players": {"A": {"battle_zone": [BELL, BELL], "deck": ["（カード）", "（カード）"]}, "B": {}}}))


def test_two_states_differing_only_in_the_order_of_their_waiting_effects_are_one(bells: None) -> None:
    start = _start()
    one = Waiting("A", 1, "draw a card", f"{BELL}#1: draw a card", "triggered", True)
    two = Waiting("A", 2, "draw a card", f"{BELL}#2: draw a card", "triggered", True)
    first, second = start.evolve(waiting=(one, two)), start.evolve(waiting=(two, one))
    assert first == second and hash(first) == hash(second) and first.waiting == second.waiting
    assert dataclasses.replace(start, waiting=(two, one)) == first
    assert DMState(**{f.name: getattr(second, f.name) for f in dataclasses.fields(DMState) if f.init}) == first


def _searched(start: Any) -> tuple[Any, ...]:
    found = explore(start, reduce=False)
    return found.states, found.total_lines, tuple(sorted((o.outcome.text(), o.lines) for o in found.outcomes))


def test_the_search_meets_the_position_once_with_the_same_outcomes_and_lines(
        bells: None, monkeypatch: pytest.MonkeyPatch) -> None:
    start = _start()
    states, lines, outcomes = _searched(start)
    monkeypatch.setattr(dm_state, "in_waiting_order", lambda waiting: waiting)  # (queued as they came)
    queued_states, queued_lines, queued_outcomes = _searched(start)
    assert (lines, outcomes) == (queued_lines, queued_outcomes) and lines > 1
    assert states < queued_states, "the same position, queued in two orders, was searched twice"

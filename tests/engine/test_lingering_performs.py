"""``transitions._LINGERING_PERFORMS``: what performing a process a lingering effect creates looks up (the
effect, its text, the event), kept per lingering tuple. A step gives the same answer whether the memo is
empty, warm or holds an entry left by another tuple under the same id; it stays within its bound."""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import controls_and_a_way_out, reachable

from toolkit.core.actions import Perform
from toolkit.core.game import game_of
from toolkit.ocg.procedure import transitions


def _lingering_performs() -> list[tuple[Any, Perform]]:
    """Every perform of a process a lingering effect creates, from the positions of ``controls_and_a_way_out``."""
    start = controls_and_a_way_out(4)
    game = game_of(start)
    edges = [(state, action) for state in reachable(start, 3_000) for action in game.legal_actions(state)
             if isinstance(action, Perform) and any(p.pid == action.ref and p.lingering for p in state.pending)]
    assert len(edges) > 20
    return edges


def test_a_lingering_perform_is_the_same_with_the_memo_cold_warm_or_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    edges = _lingering_performs()
    cold = []
    for state, action in edges:
        transitions._LINGERING_PERFORMS.clear()
        cold.append(transitions.successor(state, action))
    warm = [transitions.successor(state, action) for state, action in edges]
    assert warm == cold
    for state, action in edges:  # an entry under the tuple's id, left by another tuple (an id handed on): ignored
        other = tuple(state.lingering)[:-1]
        transitions._LINGERING_PERFORMS.clear()
        transitions._LINGERING_PERFORMS[id(state.lingering)] = (other, state.tables, dict.fromkeys(state.pending))
        assert transitions.successor(state, action) == cold[edges.index((state, action))]


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transitions, "LINGERING_PERFORMS_KEPT", 3)
    transitions._LINGERING_PERFORMS.clear()
    tuples = {id(state.lingering): state.lingering for state, _ in _lingering_performs()}
    assert len(tuples) > 3
    for state, action in _lingering_performs():
        transitions.successor(state, action)
        assert len(transitions._LINGERING_PERFORMS) <= 3

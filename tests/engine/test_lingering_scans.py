"""What a process reaches (``procedure.remembered.reached_by``) reads the position's lingering effects
through ``PositionTables.lingering_scans``: one scan per lingering tuple, found by the tuple's
identity, bounded and emptied when full.  Whatever is kept, ``_reach`` must answer what looking at
every lingering effect answers: whether each is of a kind ``independence`` knows, which apply to the
process's card, and which one the process ends (and where it stands)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import toolkit.games
from toolkit.core.actions import Perform
from toolkit.core.game import as_state, game_of
from toolkit.ocg import independence
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import remembered
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State


def _positions() -> list[Any]:
    """Every position reachable in the families (n = 6) and the shipped scenarios that has lingering effects."""
    starts = [initial_state(FAMILIES[f](6)) for f in sorted(FAMILIES)]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    starts = [s for s in starts if isinstance(s, State)]  # the OCG's (a Duel Masters turn has no lingering effects)
    found: list[Any] = []
    for start in starts:
        game = game_of(start)
        seen, todo = {start}, [start]
        while todo:
            state = todo.pop()
            if state.is_over:
                continue
            found.append(state)
            for action in game.legal_actions(state):
                child = game.transition(state, action, check=False).state
                if child not in seen and len(seen) < 3000:
                    seen.add(child)
                    todo.append(child)
    return [s for s in found if s.lingering]


POSITIONS = _positions()


def _by_looking(state: Any, reach: Any) -> tuple[bool, Any, int]:
    """(whether ``_reach`` may go on past the lingering effects, the one it ends, its index), found
    by looking at each lingering effect of the position."""
    process = reach.process if reach is not None else None
    if process is None:
        return False, None, -1
    if not all(independence.lingering_known(state.tables, (item,)) for item in state.lingering):
        return False, None, -1
    on_it = [(i, item) for i, item in enumerate(state.lingering) if item.target == process.source]
    if process.lingering:
        if len(on_it) != 1 or process.key != "end:" + on_it[0][1].key:
            return False, None, -1
        return True, on_it[0][1], on_it[0][0]
    return (not on_it), None, -1


def _performs(state: Any) -> list[Perform]:
    return [a for a in game_of(state).legal_actions(state) if isinstance(a, Perform)]


def _answers() -> list[tuple[Any, ...]]:
    out = []
    for state in POSITIONS:
        for action in _performs(state):
            reach = remembered.reached_by(state, action)
            out.append((reach is None,) if reach is None else (reach.ended, reach.ended_at, reach.key))
    return out


def test_the_positions_hold_lingering_effects_a_process_ends() -> None:
    ended = [r for s in POSITIONS for a in _performs(s) if (r := remembered.reached_by(s, a)) is not None and r.ended]
    assert len(POSITIONS) > 300 and len(ended) > 300
    assert any(r.ended_at > 0 for r in ended)  # not always the first lingering effect


def test_reach_answers_what_looking_at_every_lingering_effect_answers() -> None:
    checked = 0
    for state in POSITIONS:
        for action in _performs(state):
            reach = remembered.reached_by(state, action)
            if reach is None:
                continue
            may, ended, at = _by_looking(state, reach)
            assert may, (state, action)
            assert reach.ended is ended and reach.ended_at == at
            if at >= 0:
                assert state.lingering[at] is reach.ended
            checked += 1
    assert checked > 300


def test_a_kept_scan_of_another_tuple_is_not_used() -> None:
    state = next(s for s in POSITIONS for a in _performs(s)
                 if (r := remembered.reached_by(s, a)) is not None and r.ended is not None)
    action = next(a for a in _performs(state) if (r := remembered.reached_by(state, a)) is not None and r.ended)
    usual = remembered.reached_by(state, action)
    tables = state.tables
    # the entry under this tuple's id, as if it had been kept for another tuple that once had the id
    tables.lingering_scans[id(state.lingering)] = (tuple(list(state.lingering)), {})
    try:
        assert remembered.reached_by(state, action) == usual
        assert tables.lingering_scans[id(state.lingering)][0] is state.lingering  # scanned again
    finally:
        remembered.forget(tables)


@pytest.mark.parametrize("kept", [1, 2, 256])
def test_the_answers_do_not_depend_on_how_many_scans_are_kept(kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    usual = _answers()
    for state in POSITIONS:
        remembered.forget(state.tables)
    monkeypatch.setattr(remembered, "_SCANS_KEPT", kept)
    assert _answers() == usual
    assert all(len(s.tables.lingering_scans) <= kept for s in POSITIONS)


def test_a_card_under_two_lingering_effects_is_not_reached() -> None:
    """Two lingering effects on one card: the process ending one is performed by the whole procedure."""
    state, action, reach = next((s, a, r) for s in POSITIONS for a in _performs(s)
                                if (r := remembered.reached_by(s, a)) is not None and r.ended is not None)
    ended = reach.ended
    assert ended is not None
    other = dataclasses.replace(ended, controller="B" if ended.controller == "A" else "A")
    twice = dataclasses.replace(state, lingering=state.lingering + (other,))
    assert _by_looking(twice, reach)[0] is False
    assert remembered.reached_by(twice, action) is None
    assert remembered.reached_by(state, action) == reach  # the position it came from is still reached

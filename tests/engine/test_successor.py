"""A game's ``Game.stepper()`` (the OCG's: ``transition`` as a plain tuple), what the search asks of
every edge (``core.graph``), must be, value for value, what ``transition`` answers — the next state
(equal, with the same hash), its events and its notes — in every position of the benchmark families
and the shipped scenarios, for every legal action; and a game keeping the default stepper is searched
through ``transition``."""

from __future__ import annotations

from typing import Any

from engine_positions import controls_and_a_way_out

import toolkit.games
from toolkit.core.game import Transition, as_state, game_of
from toolkit.core.graph import Graph
from toolkit.core.limits import Limits
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import remembered
from toolkit.ocg.setup import initial_state


def _starts() -> list[Any]:
    starts = [initial_state(FAMILIES[f](6)) for f in sorted(FAMILIES)]
    return starts + [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]


def test_successor_is_transition_as_a_plain_tuple() -> None:
    compared = 0
    for start in _starts():
        game = game_of(start)
        if game.name != "ocg":
            continue  # Duel Masters' stepper is its procedure's transition itself
        successor = game.stepper()
        remembered.forget(start.tables)
        seen, todo = {start}, [start]
        while todo:
            state = todo.pop()
            for action in game.legal_actions(state):
                plain = successor(state, action, check=False)  # first: the procedure performs it
                named = game.transition(state, action, check=False)  # then: recalled where remembered
                assert type(plain) is tuple and isinstance(named, Transition)
                assert plain == tuple(named) and hash(plain[0]) == hash(named.state), (state, action)
                again = successor(state, action, check=False)
                assert again == plain and hash(again[0]) == hash(plain[0])
                compared += 1
                if plain[0] not in seen and len(seen) < 2000:
                    seen.add(plain[0])
                    todo.append(plain[0])
    assert compared > 5000


def test_a_game_without_successor_is_searched_through_transition() -> None:
    start = initial_state(FAMILIES["mixed"](6))
    game = game_of(start)
    class ThroughTransition(type(game)):  # type: ignore[misc]
        def stepper(self) -> Any:
            return self.transition  # the core's default

    through_transition = Graph(Limits(), ThroughTransition())
    usual = Graph(Limits(), game)
    todo: list[Any] = [start]
    seen: set[Any] = {start}
    while todo:
        state = todo.pop()
        edges = usual.edges(state)
        assert through_transition.edges(state) == edges
        for _action, child, _events, _n in edges:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    assert through_transition.transitions == usual.transitions > 100


def test_a_chain_resolved_on_the_activation_board_is_the_chain_resolved_after_it(monkeypatch: Any) -> None:
    """A quick effect nobody can answer resolves on the board of its activation (``resolves_on_this_board``):
    the same next state, events and notes as freezing the activation and resolving the chain from there."""
    from toolkit.ocg.procedure import remembered_quick, transitions

    # the remembered activation (``remembered_quick``) answers most of these without resolving any board:
    # switched off, every activation here goes through the path this test is about
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    starts = [controls_and_a_way_out(5)] + [s for s in _starts() if game_of(s).name == "ocg"]
    edges: list[tuple[Any, Any]] = []
    for start in starts:
        game = game_of(start)
        seen, todo = {start}, [start]
        while todo and len(seen) < 1500:
            state = todo.pop()
            for action in game.legal_actions(state):
                after = transitions.successor(state, action, check=False)
                edges.append((state, action, after))
                if after[0] not in seen:
                    seen.add(after[0])
                    todo.append(after[0])
    fused = 0
    resolves = transitions.resolves_on_this_board

    def counted(board: Any, card: Any) -> bool:
        nonlocal fused
        fused += resolves(board, card)
        return False  # the copy: freeze the activation, resolve the chain on the state it makes

    monkeypatch.setattr(transitions, "resolves_on_this_board", counted)
    for state, action, after in edges:
        apart = transitions.successor(state, action, check=False)
        assert apart == after and hash(apart[0]) == hash(after[0]), (state, action)
    assert fused > 100

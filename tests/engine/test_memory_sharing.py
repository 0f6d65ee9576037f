"""What a search's memory relies on: in one search, equal positions and equal
sets of events are one object each (benchmarks/engine_speed.py section 2 measures the bytes)."""

from __future__ import annotations

import pytest

from toolkit.core.game import GameState, as_state, game_of
from toolkit.core.graph import Edge, Graph
from toolkit.core.limits import Limits
from toolkit.ocg.positions import FAMILIES


def _walk(reduce: bool) -> tuple[Graph, list[Edge]]:
    start = as_state(FAMILIES["mixed"](5))
    graph = Graph(Limits(100_000, None, None, None), game_of(start), reduce)
    edges: list[Edge] = []
    todo: list[GameState] = [start]
    seen = {start}
    while todo:
        state = todo.pop()
        if state.is_over:
            continue
        for edge in graph.edges(state):
            edges.append(edge)
            if edge[1] not in seen:
                seen.add(edge[1])
                todo.append(edge[1])
    return graph, edges


@pytest.mark.parametrize("reduce", [False, True])
def test_equal_positions_and_event_sets_are_one_object(reduce: bool) -> None:
    graph, edges = _walk(reduce)
    positions: dict[GameState, GameState] = {}
    event_sets: dict[object, object] = {}
    for _action, child, events, _weight in edges:
        assert positions.setdefault(child, child) is child, "two objects for one position"
        assert event_sets.setdefault(events, events) is events, "two objects for one set of events"
        assert graph.states[child] is child
    # the walk met positions reached by several edges and event sets on several edges
    assert len(positions) < len(edges) and len(event_sets) < len(edges)
    expanded = [state for state in graph.succ]
    assert all(graph.states.get(s, s) is s for s in expanded)


def test_merged_edges_are_listed_for_the_start_only() -> None:
    graph, _edges = _walk(True)
    assert graph.reduced
    start = next(iter(graph.succ))
    assert set(graph.listed) <= {start}
    assert all(state is start for state, _i in graph.stands_for)

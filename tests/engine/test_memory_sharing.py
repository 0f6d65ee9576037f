"""What a search's memory relies on: in one search, equal positions, equal
sets of events and equal counts of lines are one object each, and the peak
per position of the two largest reduced searches stays within issue 14's
2 KB (benchmarks/engine_speed.py section 2 (b) prints the bytes)."""

from __future__ import annotations

import gc
import sys
import tracemalloc
from typing import Any

import pytest

from toolkit.core import graph as graph_module
from toolkit.core.game import GameState, as_state, game_of
from toolkit.core.graph import Edge, Graph
from toolkit.core.limits import Limits
from toolkit.core.search import ENTRY, explore
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


def _tables(monkeypatch: pytest.MonkeyPatch, family: str, n: int, reduce: bool) -> list[tuple[Any, ...]]:
    """The outcome tables of one search, read as the search releases them."""
    seen: list[tuple[Any, ...]] = []
    release = Graph.release

    def keep(self: Graph, *tables: dict[Any, Any]) -> None:
        seen.extend(tables[0].values())  # the memo: position -> table
        release(self, *tables)

    monkeypatch.setattr(graph_module.Graph, "release", keep)
    explore(FAMILIES[family](n), reduce=reduce)
    return seen


@pytest.mark.parametrize("reduce", [False, True])
def test_equal_counts_in_the_tables_are_one_object(monkeypatch: pytest.MonkeyPatch, reduce: bool) -> None:
    tables = _tables(monkeypatch, "mandatory", 9, reduce)
    counts: dict[int, int] = {}
    big = 0
    for table in tables:
        assert (len(table) - 1) % ENTRY == 0
        for number in (table[0], *table[1::ENTRY]):
            assert counts.setdefault(number, number) is number, f"two objects for the count {number}"
            big += number > 256  # Python shares the small ints anyway
    assert big > sum(1 for c in counts if c > 256)  # some big count is in several entries


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the figures are Python 3.11's (environment.yml)")
@pytest.mark.parametrize("family, n", [("mandatory", 20), ("all distinct", 17)])
def test_peak_memory_per_position_of_the_reduced_searches(family: str, n: int) -> None:
    scenario = FAMILIES[family](n)
    explore(scenario, reduce=True)  # the cards' texts and tables, kept between searches, are not counted
    gc.collect()  # also empties the free lists of small objects
    tracemalloc.start()
    try:
        found = explore(scenario, reduce=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found.states > 500
    assert peak / found.states <= 2048, f"{peak / found.states:.0f} bytes per position"


def test_the_grouping_tables_hold_one_search_at_a_time() -> None:
    """``symmetry.key_parts`` keeps the groupings of the positions it keyed (bounded): keying a position of
    other cards (another search's tables) empties them first, so that a search's memory — what the peak
    above measures — does not depend on the searches that ran before it in the process (with the groupings
    of an earlier search left in them the peak of 17 different cards moved between 1,835 and 2,064 bytes
    per position, with the order the test files ran in)."""
    from engine_positions import reachable

    from toolkit.ocg import symmetry
    from toolkit.ocg.setup import initial_state

    earlier: list[Any] = reachable(initial_state(FAMILIES["other cards"](6)), 200)
    for position in earlier:
        symmetry.key_parts(position)
    assert symmetry._GROUPED_PENDING and symmetry._GROUPED_DONE
    now = initial_state(FAMILIES["all distinct"](4))
    symmetry.key_parts(now)
    assert [entry[0] for entry in symmetry._GROUPED_PENDING.values()] == [now.pending]
    assert [entry[0] for entry in symmetry._GROUPED_DONE.values()] == [now.done]
    assert {id(p) for p in now.pending} >= symmetry._PROCESS_PART.keys()

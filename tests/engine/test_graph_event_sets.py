"""The search finds a step's event set by the identity of its events tuple (``Graph.sets_by_tuple``:
a game hands out the same tuple again for a step it remembers).  The table is bounded and emptied
when full; whatever its bound, every search must find the same outcomes with the same events."""

from __future__ import annotations

from typing import Any

import pytest

import toolkit.core.graph as graph_module
import toolkit.games
from toolkit.core.game import as_state
from toolkit.engine import explore
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.setup import initial_state


def _starts() -> list[Any]:
    starts = [initial_state(FAMILIES[f](7)) for f in sorted(FAMILIES)]
    return starts + [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]


def _found(start: Any) -> tuple[Any, ...]:
    found = explore(start, reduce=False)
    return found.states, found.total_lines, tuple(
        sorted((repr(o.outcome.summary), sorted(map(repr, o.outcome.events)), o.lines) for o in found.outcomes))


def test_the_event_sets_do_not_depend_on_how_many_tuples_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = _starts()
    usual = [_found(s) for s in starts]
    largest = [0]
    edges = graph_module.Graph.edges

    def watched(self: Any, state: Any) -> Any:
        out = edges(self, state)
        largest[0] = max(largest[0], len(self.sets_by_tuple))
        return out

    monkeypatch.setattr(graph_module.Graph, "edges", watched)
    monkeypatch.setattr(graph_module, "_TUPLES_KEPT", 1)  # emptied at nearly every step with events
    assert [_found(s) for s in starts] == usual
    assert largest[0] == 1
    largest[0] = 0
    monkeypatch.setattr(graph_module, "_TUPLES_KEPT", 256)
    assert [_found(s) for s in starts] == usual
    assert 1 < largest[0] <= 256

"""The graph of positions that every search walks, computed once per search.

:class:`Graph` holds each position's successors (its transposition table),
one Event object per event value, and the search's :class:`~toolkit.core.limits.Limits`;
:func:`search_mode` is the interpreter set-up searches run in; :func:`replay`
describes the steps of a line given by edge indices.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from toolkit.core.actions import Action, Pass
from toolkit.core.game import Game, GameState, game_of
from toolkit.core.limits import Limits
from toolkit.core.trace import LineStep, line_step
from toolkit.core.values import Event

Edge = tuple[Action, GameState, frozenset[Event]]
"""An action, the position it leads to and the events on the way."""

INF = sys.maxsize


def default_policy(state: GameState, actions: tuple[Action, ...]) -> Action:
    """Both players pass whenever the rules let them; otherwise the first listed choice."""
    for action in actions:
        if isinstance(action, Pass):
            return action
    return actions[0]


@contextmanager
def search_mode() -> Iterator[None]:
    """Deep recursion allowed and the cyclic GC paused (searches allocate many
    small acyclic values; pausing the collector makes them ~30% faster)."""
    limit = sys.getrecursionlimit()
    was_enabled = gc.isenabled()
    sys.setrecursionlimit(max(limit, 20_000))
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        sys.setrecursionlimit(limit)


class Graph:
    """Successors of each state, computed once (the transposition table)."""

    __slots__ = ("limits", "game", "succ", "transitions", "events")

    def __init__(self, limits: Limits, game: Game) -> None:
        self.limits = limits
        self.game = game
        self.succ: dict[GameState, tuple[Edge, ...]] = {}
        self.transitions = 0
        self.events: dict[tuple[str, str | None, str | None, int | None, str | None], Event] = {}
        """One Event object per event value (keyed by its fields: tuples hash and compare in C), so
        the event sets of outcomes merged from different lines compare by identity."""

    def edges(self, state: GameState) -> tuple[Edge, ...]:
        found = self.succ.get(state)
        if found is None:
            known_states = len(self.succ)
            if known_states >= self.limits.max_states:
                raise self.limits.too_many()
            if not known_states & 255:
                self.limits.check(known_states)
            out = []
            canon = self.events
            transition = self.game.transition
            for action in self.game.legal_actions(state):
                result = transition(state, action, check=False)
                events = []
                for e in result.events:
                    key = (e.kind, e.card, e.player, e.amount, e.detail)
                    known = canon.get(key)
                    if known is None:
                        known = canon[key] = e
                    events.append(known)
                out.append((action, result.state, frozenset(events)))
            self.transitions += len(out)
            found = tuple(out)
            self.succ[state] = found
        return found

    def release(self, *tables: dict[Any, Any]) -> None:
        """Empty a finished search's transposition table and memo tables: the
        search's recursive closures form reference cycles holding them; emptied
        while the collector is paused, the positions are freed at once and
        re-enabling the collector does not make it walk the whole search's garbage."""
        self.limits.finish(len(self.succ))
        self.succ.clear()
        self.events.clear()
        for table in tables:
            table.clear()


Replayed = dict[tuple[GameState, int], tuple[LineStep, GameState]]


def replay(start: GameState, indices: Sequence[int], graph: Graph | None = None,
           replayed: Replayed | None = None) -> tuple[LineStep, ...]:
    """The steps of the line that takes edge ``indices[k]`` at its k-th position.

    Example lines share prefixes: with ``replayed`` (one dict per search) each
    (position, edge) is described once; ``graph`` supplies the actions already listed.
    """
    memo: Replayed = {} if replayed is None else replayed
    game = game_of(start)
    steps: list[LineStep] = []
    state = start
    for i in indices:
        found = memo.get((state, i))
        if found is None:
            edges = graph.succ.get(state) if graph is not None else None
            action = edges[i][0] if edges is not None else game.legal_actions(state)[i]
            result = game.transition(state, action, check=False)
            found = (line_step(len(steps) + 1, state, action, result), result.state)
            memo[(state, i)] = found
        step, state = found
        if step.step != len(steps) + 1:
            step = replace(step, step=len(steps) + 1)
        steps.append(step)
    return tuple(steps)

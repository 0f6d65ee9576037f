"""The graph of positions that every search walks, computed once per search.

:class:`Graph` holds each position's successors (its transposition table),
one Event object per event value, and the search's :class:`~toolkit.core.limits.Limits`;
:func:`search_mode` is the interpreter set-up searches run in; :func:`line_actions`
reads the actions of a line given by edge indices and :func:`replay_actions`
describes its steps (rules and notes).

Reduction (partial-order reduction by interchangeable actions): when the
game says that some of a position's actions stand for each other
(``Game.grouping``: e.g. two processes of the same player that touch
only their own cards, in a position where no response window, trigger or
continuous effect can see which was done first), the graph keeps the first
of each group as one edge of weight ``len(group)``: the search follows it
once and counts its lines once per member.  Outcomes, line counts and
can_force answers are those of the full search (tests/perft,
tests/engine/test_reduction.py); the positions visited drop from every
subset of the processes done to one order of them.  The OCG also groups actions whose
positions differ only by which identical copy is which (``toolkit.ocg.symmetry``: n copies meet
n + 1 positions, not 2^n).  Lines that end in a loop
carry their path, which a reduction cannot stand for: a reduced search that
meets a loop is run again in full (``Graph.reduced`` tells the searches).
``explore`` also searches once the positions equal up to renaming cards that differ only by
name (:mod:`toolkit.core.renaming`).  ``reduce=False`` on a search, or the environment variable
``ENDPHASE_FULL_SEARCH=1``, runs the full search.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from toolkit.core.actions import Action, Pass
from toolkit.core.game import Game, GameState, game_of
from toolkit.core.later import LaterStep, StepsBeforeGrouping
from toolkit.core.limits import Limits
from toolkit.core.trace import LineStep, line_step
from toolkit.core.values import Event

Edge = tuple[Action, GameState, frozenset[Event], int]
"""An action, the position it leads to, the events on the way, and how many
actions it stands for (1 unless the graph is reduced)."""

INF = sys.maxsize

NO_EVENTS: frozenset[Event] = frozenset()
"""The events of an edge on which nothing happened (one object for every such edge)."""


def default_policy(state: GameState, actions: tuple[Action, ...]) -> Action:
    """Both players pass whenever the rules let them; otherwise the first listed choice."""
    for action in actions:
        if isinstance(action, Pass):
            return action
    return actions[0]


_UNDER_WAY = threading.Lock()
_SEARCHES: list[tuple[int, bool]] = []
"""The searches under way in the process (any thread), each with the recursion limit and GC state it found
(:func:`search_mode`: the first sets the interpreter up, the last one out puts back what the first found)."""


@contextmanager
def search_mode() -> Iterator[None]:
    """Deep recursion allowed and the cyclic GC paused (searches allocate many
    small acyclic values; pausing the collector makes them ~30% faster). Both are the process's: set by
    the first search under way, put back by the last (a search in another thread, e.g. a thread pool's
    rulings, is not left with the GC running and the recursion limit lowered under it)."""
    with _UNDER_WAY:
        if not _SEARCHES:
            limit = sys.getrecursionlimit()
            found = (limit, gc.isenabled())
            sys.setrecursionlimit(max(limit, 20_000))
            gc.disable()
        else:
            found = _SEARCHES[0]
        _SEARCHES.append(found)
    try:
        yield
    finally:
        with _UNDER_WAY:
            _SEARCHES.pop()
            if not _SEARCHES:
                if found[1]:
                    gc.enable()
                sys.setrecursionlimit(found[0])


def reduction_wanted(reduce: bool | None) -> bool:
    """``reduce`` as given, or (None) unless ``ENDPHASE_FULL_SEARCH`` is set to 1."""
    if reduce is not None:
        return reduce
    return os.environ.get("ENDPHASE_FULL_SEARCH", "").strip() not in ("1", "true", "yes")


_TUPLES_KEPT = 256
"""How many events tuples ``Graph.sets_by_tuple`` keeps (emptied when full: the few a game hands out
again come back at once, and the memory it holds stays small)."""


class Graph:
    """Successors of each state, computed once (the transposition table)."""

    __slots__ = ("limits", "game", "succ", "states", "transitions", "events", "event_sets", "grouping", "later", "reduced",
                 "stands_for", "listed", "watched", "sets_by_ids", "sets_by_tuple")

    def __init__(self, limits: Limits, game: Game, reduce: bool = False) -> None:
        self.limits = limits
        self.watched = limits.time_limit is not None or limits.progress is not None
        """Whether the clock is read at each new position (a time limit or progress reports)."""
        self.game = game
        self.grouping = game.grouping() if reduce else None
        hook = getattr(game, "steps_before_grouping", None) if self.grouping is not None else None
        self.later: StepsBeforeGrouping | None = None if hook is None else hook()
        """The game's ``steps_before_grouping()`` where positions are grouped (optional: see
        :mod:`toolkit.core.later`; None: each step made at once)."""
        self.reduced = False
        """Whether some position's edges were merged (see the module docstring)."""
        self.stands_for: dict[tuple[GameState, int], tuple[int, ...]] = {}
        """(position, edge index) -> the indices in ``listed[position]`` of the actions a merged edge stands for
        (kept for the first position expanded, the search's start: what the lines per first action read)."""
        self.listed: dict[GameState, tuple[Action, ...]] = {}
        """The legal actions of the start, when its edges were merged."""
        self.succ: dict[GameState, tuple[Edge, ...]] = {}
        self.states: dict[GameState, GameState] = {}
        """One object per position (the first one computed): every edge to a position leads to that
        object, so an equal position computed again is freed at once (a third of a search's memory)
        and the tables' lookups of it compare by identity."""
        self.transitions = 0
        self.events: dict[Event, Event] = {}
        """One Event object per event value, so the event sets of outcomes merged from different lines
        compare by identity (looked up only for a step whose events ``sets_by_ids`` does not know)."""
        self.event_sets: dict[frozenset[Event], frozenset[Event]] = {}
        """One frozenset per set of events on an edge (many edges share one: a 216-byte set each otherwise)."""
        self.sets_by_ids: dict[tuple[int, ...], frozenset[Event]] = {}
        """The ids of a step's events, in order -> their set of ``event_sets``: keyed only by objects of
        ``events`` (alive while the search runs, so an id names one of them), a step that records those
        objects again, as steps mostly do (the game hands out one object per event value), finds its set
        without hashing an event or building a key of its fields."""
        self.sets_by_tuple: dict[int, tuple[tuple[Event, ...], frozenset[Event]]] = {}
        """id of a step's events tuple -> (that tuple, its set): a game hands out the same tuple again for a
        step it remembers (nearly every step of a big search), found here by one lookup. The entry holds
        the tuple, so its id names no other object while it is kept; at most ``_TUPLES_KEPT`` are kept."""

    def edges(self, state: GameState) -> tuple[Edge, ...]:
        found = self.succ.get(state)
        if found is None:
            known_states = len(self.succ)
            if known_states >= self.limits.max_states:
                raise self.limits.too_many()
            if self.watched:
                self.limits.check(known_states)
            actions = self.game.legal_actions(state)
            self.transitions += len(actions)
            if self.grouping is not None and len(actions) > 1:
                later = self.later
                if later is not None:  # (some steps made only if the grouping or the search reads them)
                    steps: list[Any] = later(state, actions)
                else:
                    transition = self.game.stepper()
                    steps = [transition(state, action, check=False) for action in actions]
                found = self._merged(state, actions, steps, self.grouping(state, actions, steps))
            else:
                transition = self.game.stepper()  # (state, events, notes): a Transition or a plain tuple
                results = [transition(state, action, check=False) for action in actions]
                found = tuple([self._edge(action, result, 1) for action, result in zip(actions, results)])
            self.succ[state] = found
        return found

    def _edge(self, action: Action, result: Any, weight: int) -> Edge:
        """The edge of ``action`` whose step gave ``result`` (next state, events, notes), standing for
        ``weight`` actions: to the search's one object of that position, with the search's one set of
        its events."""
        if isinstance(result, LaterStep):
            result = result.made()
        events = result[1]
        if events:
            by_tuple = self.sets_by_tuple
            known = by_tuple.get(id(events))
            if known is not None and known[0] is events:
                evs = known[1]
            else:
                # (a tuple from a list: of its exact size, so Python's tuple free lists reuse it)
                seen = self.sets_by_ids.get(tuple(list(map(id, events))))  # the search's own Event objects
                evs = seen if seen is not None else self._event_set(events)
                if len(by_tuple) >= _TUPLES_KEPT:
                    by_tuple.clear()
                by_tuple[id(events)] = (events, evs)
        else:
            evs = NO_EVENTS
        child = result[0]
        return (action, self.states.setdefault(child, child), evs, weight)

    def _event_set(self, events: tuple[Event, ...]) -> frozenset[Event]:
        """The search's one set of these events, made of its one object per event value, and
        remembered by the ids of those objects in this order (``sets_by_ids``)."""
        one_event = self.events.setdefault
        known = [one_event(e, e) for e in events]
        evs = frozenset(known)
        evs = self.event_sets.setdefault(evs, evs)
        self.sets_by_ids[tuple(list(map(id, known)))] = evs
        return evs

    def _merged(self, state: GameState, actions: tuple[Action, ...], results: list[Any],
                groups: tuple[tuple[int, ...], ...]) -> tuple[Edge, ...]:
        """The edges of ``state``: each group's first, standing for the whole group, and the other
        actions' (the edges of the actions a group's first stands for are not made: their
        children are not kept)."""
        first: dict[int, tuple[int, ...]] = {}
        dropped: set[int] = set()
        for group in groups:
            if len(group) > 1:
                first[group[0]] = group
                dropped.update(group[1:])
        edge = self._edge
        if not first:
            return tuple([edge(action, result, 1) for action, result in zip(actions, results)])
        root = not self.succ
        merged: list[Edge] = []
        for i, (action, result) in enumerate(zip(actions, results)):
            if i in dropped:
                continue
            members = first.get(i)
            if members is not None:
                if root:
                    self.stands_for[(state, len(merged))] = members
                merged.append(edge(action, result, len(members)))
            else:
                merged.append(edge(action, result, 1))
        self.reduced = True
        if root:
            self.listed[state] = tuple(actions)
        return tuple(merged)

    def release(self, *tables: dict[Any, Any]) -> None:
        """Empty a finished search's transposition table and memo tables: the
        search's recursive closures form reference cycles holding them; emptied
        while the collector is paused, the positions are freed at once and
        re-enabling the collector does not make it walk the whole search's garbage."""
        self.succ.clear()
        self.states.clear()
        self.events.clear()
        self.event_sets.clear()
        self.sets_by_ids.clear()
        self.sets_by_tuple.clear()
        self.stands_for.clear()
        self.listed.clear()
        for table in tables:
            table.clear()


Replayed = dict[tuple[GameState, Any], tuple[LineStep, GameState]]


def event_masker(bits: dict[Event, int], masks: dict[int, int],
                 matters: Callable[[Event], bool] | None = None) -> Callable[[frozenset[Event]], int]:
    """The mask of an edge's set of events for one search: each event its bit in ``bits`` (given in
    the order met), the mask kept in ``masks`` by the set's id — one object per set in a search
    (:attr:`Graph.event_sets`), so an id stands for its set while the graph lives; ``matters``: the
    events a question reads (the others get no bit).

    >>> bits, masks = {}, {}
    >>> mask_of = event_masker(bits, masks)
    >>> drew, milled = frozenset({"drew"}), frozenset({"milled"})  # alive while their masks are asked
    >>> mask_of(drew), mask_of(milled), mask_of(drew | milled), len(masks)
    (1, 2, 3, 3)
    """
    def mask_of(events: frozenset[Event]) -> int:
        found = masks.get(id(events))
        if found is None:
            found = 0
            for event in events:
                if matters is not None and not matters(event):
                    continue
                bit = bits.get(event)
                if bit is None:
                    bit = bits[event] = 1 << len(bits)
                found |= bit
            masks[id(events)] = found
        return found

    return mask_of


def line_actions(start: GameState, indices: Sequence[int], graph: Graph) -> tuple[Action, ...]:
    """The actions of the line that takes edge ``indices[k]`` at its k-th
    position, read from the graph's edges (no transition is computed)."""
    actions: list[Action] = []
    state = start
    for i in indices:
        action, state, _events, _weight = graph.succ[state][i]
        actions.append(action)
    return tuple(actions)


def replay_actions(start: GameState, actions: Sequence[Action], replayed: Replayed | None = None,
                   game: Game | None = None) -> tuple[LineStep, ...]:
    """The steps of the line that plays ``actions`` from ``start`` (a position of ``game``; None: the
    game it belongs to), each step described with its rule notes; with ``replayed`` (shared by the
    example lines of one search) a (position, action) is described once."""
    memo: Replayed = {} if replayed is None else replayed
    game = game_of(start) if game is None else game
    steps: list[LineStep] = []
    state = start
    for action in actions:
        found = memo.get((state, action))
        if found is None:
            result = game.transition(state, action, check=False)
            found = (line_step(len(steps) + 1, state, action, result, game), result.state)
            memo[(state, action)] = found
        step, state = found
        if step.step != len(steps) + 1:
            step = replace(step, step=len(steps) + 1)
        steps.append(step)
    return tuple(steps)

"""Who can force what: minimax over the graph of positions.

* :func:`can_force` decides whether a player can guarantee a predicate
  whatever the other does, with a witness line;
* :func:`forcing_players` answers, in ONE search, for every outcome of an
  exploration and each player whether that player can force exactly that
  outcome (what the builder's Explore shows) — the same answers as one
  ``can_force`` per outcome and player; :func:`forcing_groups` does the same
  for groups of outcomes ("the outcome is one of these").

A node of the search is a position with the events its line has had so far
(the predicate reads the events of the whole line).  A node that repeats on
the line ends it as a loop, as in :func:`toolkit.core.search.explore`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from toolkit.core.actions import Action
from toolkit.core.game import GameState, RulesArg, as_state, game_of, position_card_names
from toolkit.core.graph import INF, Graph, default_policy, reduction_wanted, search_mode
from toolkit.core.limits import DEFAULT_MAX_STATES, Limits, ProgressCallback, source_of
from toolkit.core.trace import LineStep, line_step, steps_html, trace_frame, words_frame
from toolkit.core.values import LOOP, PLAYERS, Event, Outcome
from toolkit.errors import quoted

if TYPE_CHECKING:
    import pandas as pd

    from toolkit.core.predicates import Predicate

LOOP_EVENT = Event(LOOP)


@dataclass(frozen=True)
class ForceResult:
    """Whether ``player`` can guarantee ``predicate``; ``line`` is a witness:
    the player's winning choices against the opponent's default replies when
    True, the opponent's refutation against the player's default choices when False."""

    value: bool
    player: str
    predicate: Predicate
    line: tuple[LineStep, ...]
    positions: int

    def __bool__(self) -> bool:
        return self.value

    @property
    def trace(self) -> pd.DataFrame:
        return trace_frame(self.line)

    @property
    def words(self) -> pd.DataFrame:
        """The line as people read it (:func:`toolkit.core.trace.words_frame`)."""
        return words_frame(self.line)

    def _repr_html_(self) -> str:
        import html

        verdict = "can" if self.value else "cannot"
        return (f"<div><b>{html.escape(self.player)} {verdict} force</b> "
                f"<code>{html.escape(repr(self.predicate))}</code>"
                f"{steps_html(self.line, game=next((s.game for s in self.line if s.game), None))}</div>")


def can_force(position: Any, player: str, predicate: Predicate | Mapping[str, Any], *,
              ruleset: RulesArg = None, max_states: int = DEFAULT_MAX_STATES,
              time_limit: float | None = None, progress: ProgressCallback | None = None,
              reduce: bool | None = None) -> ForceResult:
    """Can ``player`` ("A", "B", "TP", "NTP") make ``predicate`` hold whatever the other does?

    ``max_states``, ``time_limit``, ``progress`` and ``reduce``: as for ``explore``
    (a reduced search drops only choices that stand for a kept one, so the answer is the same;
    positions equal up to renaming cards are each searched — ``explore`` alone renames: a predicate
    may name a renamed card).
    """
    from toolkit.core.absent_cards import refuse_absent
    from toolkit.core.predicates import (  # explore reads no predicate: loaded when one is asked
        ROLES,
        PredicateError,
        copy_labels,
        parse_predicate,
        resolve_role,
    )

    limits = Limits(max_states, time_limit, progress, source_of(position))
    start = as_state(position, ruleset=ruleset)  # first: a scenario may bring cards of its own
    if player not in ROLES:
        raise PredicateError(f"can_force(): the player is one of {', '.join(ROLES)}, not {quoted(player)}")
    if isinstance(predicate, (Mapping, str)):  # a card no game has is refused, as on the command line
        game, cards = game_of(start), position_card_names([start])
        pred = parse_predicate(predicate, known_cards_only=True, game=game, cards=cards, copies=copy_labels(start))
        refuse_absent(pred, position, game, cards, "predicate")  # a card it can never name: no silent "no"
    elif callable(getattr(predicate, "holds", None)) and callable(getattr(predicate, "relevant", None)):
        pred = predicate
    else:
        raise PredicateError(f"can_force(): the predicate is a mapping such as {{event: activated, card: ...}}, "
                             f"its YAML text, or a Predicate, not {quoted(predicate)}")
    who = resolve_role(player, start.turn_player)
    found = _can_force(start, who, pred, limits, reduction_wanted(reduce))
    if found is None:  # a reduced search met a loop: the full search
        found = _can_force(start, who, pred, limits, False)
    assert found is not None
    limits.finish(found.positions)
    return found


V = TypeVar("V")
_UNKNOWN: Any = object()


class _Minimax(Generic[V]):
    """The minimax both searches of this module walk: nodes are (position, the
    events its line has had), each valued once (``memo``); a node already on
    the line ends it as a loop (``leaf`` with the cycle); ``combine`` folds the
    values of a node's children, read lazily so that it may stop early; ``step``
    is the events a child's node carries. A value depending on a node still on
    the line is not memoised (the lowest depth it depends on is returned)."""

    def __init__(self, graph: Graph, leaf: Callable[[GameState, frozenset[Event], tuple[str, ...] | None], V],
                 combine: Callable[[GameState, Iterator[V]], V],
                 step: Callable[[frozenset[Event], frozenset[Event]], frozenset[Event]]) -> None:
        self.graph = graph
        self.leaf = leaf
        self.combine = combine
        self.step = step
        self.memo: dict[tuple[GameState, frozenset[Event]], V] = {}
        self.on_stack: dict[tuple[GameState, frozenset[Event]], int] = {}
        self.path: list[Action] = []
        self.looped = False

    def value(self, state: GameState, evs: frozenset[Event], depth: int) -> tuple[V, int]:
        key = (state, evs)
        found = self.memo.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found, INF
        if state.is_over:
            found = self.memo[key] = self.leaf(state, evs, None)
            return found, INF
        self.on_stack[key] = depth
        low = [INF]
        result = self.combine(state, self._children(state, evs, depth, low))
        del self.on_stack[key]
        if low[0] >= depth:
            self.memo[key] = result
            return result, INF
        return result, low[0]

    def _children(self, state: GameState, evs: frozenset[Event], depth: int, low: list[int]) -> Iterator[V]:
        for action, child, events, _weight in self.graph.edges(state):
            child_evs = self.step(evs, events)
            where = self.on_stack.get((child, child_evs))
            if where is not None:
                self.looped = True
                cycle = tuple(repr(a) for a in self.path[where:]) + (repr(action),)
                low[0] = min(low[0], where)
                yield self.leaf(child, child_evs, cycle)
            else:
                self.path.append(action)
                v, sub_low = self.value(child, child_evs, depth + 1)
                self.path.pop()
                low[0] = min(low[0], sub_low)
                yield v


def _can_force(start: GameState, who: str, pred: Predicate, limits: Limits, reduce: bool) -> ForceResult | None:
    tp = start.turn_player
    graph = Graph(limits, game_of(start), reduce)

    def relevant(events: frozenset[Event]) -> frozenset[Event]:
        return frozenset(e for e in events if pred.relevant(e, tp))

    def leaf(state: GameState, evs: frozenset[Event], loop: tuple[str, ...] | None) -> bool:
        events = evs | {LOOP_EVENT} if loop is not None else evs
        return pred.holds(Outcome(state.summary(), events, loop), tp)

    def combine(state: GameState, values: Iterator[bool]) -> bool:
        # the player's choice: one child will do; the other's (or nobody's): every child must
        return any(values) if state.acting_player == who else all(values)

    search = _Minimax(graph, leaf, combine, lambda evs, events: evs | relevant(events))
    with search_mode():
        try:
            verdict, _ = search.value(start, frozenset(), 0)
            if search.looped and graph.reduced:
                return None
            line = _witness(start, who, verdict, graph, search.value, relevant)
            positions = len(graph.succ)
        finally:
            graph.release(search.memo, search.on_stack)
    return ForceResult(verdict, who, pred, line, positions)


def _witness(start: GameState, who: str, verdict: bool, graph: Graph,
             value: Callable[[GameState, frozenset[Event], int], tuple[bool, int]],
             relevant: Callable[[frozenset[Event]], frozenset[Event]]) -> tuple[LineStep, ...]:
    steps: list[LineStep] = []
    state, evs = start, frozenset[Event]()
    seen = {state}
    while not state.is_over and len(steps) < 10_000:
        edges = graph.edges(state)
        mine = state.acting_player == who
        # the side whose choice matters picks an edge keeping the verdict;
        # the other side plays its default policy
        chooser_matters = mine == verdict
        pick = None
        if chooser_matters:
            for i, (action, child, events, _weight) in enumerate(edges):
                if value(child, evs | relevant(events), 1)[0] == verdict:
                    pick = i
                    break
        if pick is None:
            default = default_policy(state, tuple(e[0] for e in edges))
            pick = next(i for i, e in enumerate(edges) if e[0] == default)
        action, child, events, _weight = edges[pick]
        result = graph.game.transition(state, action, check=False)
        steps.append(line_step(len(steps) + 1, state, action, result))
        state, evs = child, evs | relevant(events)
        if state in seen:
            break
        seen.add(state)
    return tuple(steps)


def forcing_players(start: GameState, outcomes: Sequence[Outcome], *, max_states: int = DEFAULT_MAX_STATES,
                    time_limit: float | None = None, progress: ProgressCallback | None = None,
                    source: str | None = None, reduce: bool | None = None) -> tuple[frozenset[str], ...]:
    """For each of ``outcomes`` (an exploration's), the players who can force
    exactly it: its final position, its events and its loop.

    One minimax over the nodes ``can_force`` walks, with every outcome at
    once: a node's value is, per player, the set of outcomes (a bit mask) that
    player can force from it — the union over the children where the player
    chooses, the intersection where the other player (or nobody) does.
    """
    singletons = [frozenset([i]) for i in range(len(outcomes))]
    return forcing_groups(start, outcomes, singletons, max_states=max_states, time_limit=time_limit,
                          progress=progress, source=source, reduce=reduce)


def forcing_groups(start: GameState, outcomes: Sequence[Outcome], groups: Sequence[frozenset[int]], *,
                   max_states: int = DEFAULT_MAX_STATES, time_limit: float | None = None,
                   progress: ProgressCallback | None = None, source: str | None = None,
                   reduce: bool | None = None) -> tuple[frozenset[str], ...]:
    """For each group of ``outcomes`` (indices into them), the players who can
    force the line to end in one of the group's outcomes whatever the other
    does — the answer of ``can_force`` with the predicate "the outcome is one
    of these", for every group in ONE search (a bit per group; a leaf sets the
    bits of the groups holding its outcome).
    """
    limits = Limits(max_states, time_limit, progress, source)
    found = _forcing(start, outcomes, groups, limits, reduction_wanted(reduce))
    if found is None:  # a reduced search met a loop: the full search
        found = _forcing(start, outcomes, groups, limits, False)
    assert found is not None
    return found


def _forcing(start: GameState, outcomes: Sequence[Outcome], groups: Sequence[frozenset[int]], limits: Limits,
             reduce: bool) -> tuple[frozenset[str], ...] | None:
    bits = [0] * len(outcomes)
    for g, members in enumerate(groups):
        for i in members:
            bits[i] |= 1 << g
    index = {o: bits[i] for i, o in enumerate(outcomes)}
    players = PLAYERS
    graph = Graph(limits, game_of(start), reduce)
    Masks = tuple[int, ...]
    nothing: Masks = tuple(0 for _ in players)
    everything = (1 << len(groups)) - 1

    def leaf(state: GameState, evs: frozenset[Event], loop: tuple[str, ...] | None) -> Masks:
        events = evs | {LOOP_EVENT} if loop is not None else evs
        mask = index.get(Outcome(state.summary(), events, loop))
        return nothing if mask is None else tuple(mask for _ in players)

    def combine(state: GameState, values: Iterator[Masks]) -> Masks:
        acting = state.acting_player
        result: list[int] | None = None
        for v in values:
            if result is None:
                result = list(v)
            else:
                for k, p in enumerate(players):
                    result[k] = result[k] | v[k] if p == acting else result[k] & v[k]
        if result is None:  # no legal action: what nobody can choose holds vacuously for the one not acting
            result = [0 if p == acting else everything for p in players]
        return tuple(result)

    search = _Minimax(graph, leaf, combine, frozenset.__or__)
    with search_mode():
        try:
            masks, _ = search.value(start, frozenset(), 0)
            if search.looped and graph.reduced:
                return None
            positions = len(graph.succ)
        finally:
            graph.release(search.memo, search.on_stack)
    limits.finish(positions)
    return tuple(frozenset(p for k, p in enumerate(players) if masks[k] >> g & 1) for g in range(len(groups)))

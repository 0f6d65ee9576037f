"""A search that stops as soon as a ``possible`` / ``always`` question is settled.

:func:`~toolkit.core.search.explore` finds every outcome with its line count and an example line;
a caller that needs only the answer of ``{possible: P}`` or ``{always: P}`` (a counterfactual
asked whether it flips a ruling's answer) needs one outcome that settles it: a line ending where
``P`` holds answers ``possible`` (yes), one ending where it fails answers ``always`` (no).
:func:`decide` walks the lines depth first, each with the events seen so far, and stops at the
first such outcome; only when none exists does it walk every line, as ``explore`` would.

Why the answer is the full search's: a line of ``explore`` is a path from the start to an
ended position, or to the first position that repeats.  The walk follows paths whose positions
are all different; one that ends where the game is over is a line of the full search, and its
outcome (the final position and the set of events on the way) is the one ``explore`` gives it.
A pair (position, events so far) is walked once: every line through it from there ends in the
same outcomes.  When a step leads back to a position on the path (a loop, whose outcome carries
the path), the walk gives up and returns None: the caller runs the full search.  A walk that
ends without meeting a loop has met every line (a reachable cycle always leads back to a
position on the path of a depth-first walk), so "no outcome settles it" is the full answer.
The positions are those of :class:`~toolkit.core.graph.Graph`, with the reduction ``explore``
makes (one of interchangeable actions followed: the same outcomes).

Up to renaming (``Game.renaming``, issue 34): when the question's reads are known exactly (the
predicates of :mod:`toolkit.core.predicates`, as for the events it reads) and name no card the game
may rename, a pair is keyed by the position's key up to renaming card names and the events so far
renamed by the renaming ``σ`` that takes the position to its key — a set, as an outcome's events
are (no predicate counts events: ``HasEvent`` asks whether one is there).  Why that is still the
full answer: if two pairs (s₁, E₁) and (s₂, E₂) have one key, then s₂ = π s₁ and E₂ = π E₁ for the
renaming π = σ₂⁻¹σ₁ (and a renumbering of the renamed cards).  The dynamics commute with π (the
game's promise: π s₁'s actions lead to π of s₁'s successors, with their events renamed), so the
outcomes of the lines from (s₂, E₂) are those from (s₁, E₁) renamed; and the predicate's value is a
function of the renamed outcome: an event predicate compares an event's kind, player, amount and
detail (never renamed but for a name: a name it reads is never renamed) and its card and ``by``
with names it reads (never renamed, and no renamed name becomes one), a count counts cards, a zone
predicate looks for a name never renamed.  So the pair walked settles the question iff the other
would.  Loops: a step to a position whose key is that of a position on the path is a loop of the
walk (π s on a line from s: following the renamed steps returns to s once π's order is reached),
so the walk gives up as for a repeated position; a walk that ends meeting none has met no cycle of
the positions up to renaming, hence none of the positions.

Limits: the same ``max_states`` / ``time_limit`` / longest line as ``explore``; a walk that
settles the question early may answer where the full search would have stopped on a limit.

>>> from toolkit.games import shipped_scenario
>>> from toolkit.core.game import game_of
>>> from toolkit.core.predicates import parse_query
>>> from toolkit.core.search import evaluate_in
>>> position = shipped_scenario("grimoire_ipiria_2014")
>>> game = game_of(position)
>>> start = game.state_of(position, None)
>>> for text in ({"possible": {"hand": "TP", "at_most": 6}}, {"always": {"hand": "TP", "at_most": 6}}):
...     query = parse_query(text, game=game)
...     decide(game, start, query) == evaluate_in(game, start, query).value
True
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from itertools import islice
from typing import Any

from toolkit.core.game import Game, GameState, Renaming
from toolkit.core.graph import Graph, event_masker, reduction_wanted, search_mode
from toolkit.core.limits import DEFAULT_MAX_STATES, MAX_LINE_STEPS, Limits
from toolkit.core.predicates import AllOf, AnyOf, Count, HasEvent, InZone, Not, Predicate, Query
from toolkit.core.values import Event, Outcome, renamed_event

__all__ = ["DECIDED", "decide", "decide_order"]

DECIDED = ("possible", "always")
"""The quantifiers :func:`decide` answers."""


_STATE_ONLY = (InZone, Count)
"""Predicates read from the final position alone (no event)."""

_KNOWN = (HasEvent, Not, AllOf, AnyOf, *_STATE_ONLY)
"""The predicate types whose ``relevant`` names every event their answer reads."""


def _events_read(predicate: Predicate, tp: str) -> Callable[[Event], bool] | None:
    """Which events the answer of ``predicate`` on an outcome may depend on (None: any): for the
    predicates of :mod:`toolkit.core.predicates`, the events it finds relevant (a question about
    the final position reads none), so that lines which saw different other events are walked as
    one; a predicate of another kind (a subclass of one of those too: it may read more than its
    ``relevant`` says) is taken to read every event.

    >>> from toolkit.core.values import Event
    >>> _events_read(Count("hand", "TP", at_most=6), "A")(Event("drew", "X"))
    False
    >>> _events_read(Not(HasEvent("drew")), "A")(Event("drew", "X"))
    True
    >>> from toolkit.core.predicates import IsLoop
    >>> _events_read(IsLoop(), "A") is None  # (a loop is left to the full search)
    True
    """
    if not _known_exactly(predicate):
        return None
    return lambda event: predicate.relevant(event, tp)


def _known_exactly(p: Predicate) -> bool:
    """Is ``p`` made of predicates of the kinds :data:`_KNOWN` only (the exact types: a subclass may
    read more than it says)?"""
    if type(p) not in _KNOWN:
        return False
    if isinstance(p, Not):
        return _known_exactly(p.inner)
    return not isinstance(p, (AllOf, AnyOf)) or all(_known_exactly(i) for i in p.items)


def _names_read(predicate: Predicate) -> frozenset[str] | None:
    """The card names ``predicate`` reads (None: a predicate of a kind not known exactly, which may
    read any): an event's ``card``, ``by`` and ``detail``, a zone's card; a count reads none.

    >>> _names_read(AllOf((HasEvent("discarded", card="増援"), Not(Count("hand", "TP", at_most=6)))))
    frozenset({'増援'})
    >>> from toolkit.core.predicates import IsLoop
    >>> _names_read(Not(IsLoop())) is None
    True
    """
    kind = type(predicate)
    if kind is HasEvent:  # (its detail too: a detail a renamed event carries could be a name)
        assert isinstance(predicate, HasEvent)
        return frozenset(name for name in (predicate.card, predicate.by, predicate.detail) if name is not None)
    if kind is InZone:
        assert isinstance(predicate, InZone)
        return frozenset((predicate.card,))
    if kind is Count:
        return frozenset()
    if kind is Not:
        assert isinstance(predicate, Not)
        return _names_read(predicate.inner)
    if kind in (AllOf, AnyOf):
        assert isinstance(predicate, (AllOf, AnyOf))
        found: frozenset[str] = frozenset()
        for item in predicate.items:
            names = _names_read(item)
            if names is None:
                return None
            found |= names
        return found
    return None


def _renamed_masker(bits: dict[Event, int]) -> Callable[[int, Mapping[str, str]], int]:
    """The mask of a set of events (a mask of ``bits``, which grows as a walk meets events) renamed by
    a renaming: its events renamed (:func:`~toolkit.core.values.renamed_event`), each given a bit of
    its own in the order met, kept per (mask, renaming).

    >>> bits = {Event("discarded", "増援"): 1, Event("discarded", "死者蘇生"): 2, Event("drew", player="A"): 4}
    >>> renamed_mask = _renamed_masker(bits)
    >>> renamed_mask(1, {"増援": "C"}) == renamed_mask(2, {"死者蘇生": "C"}) != renamed_mask(1 | 4, {"増援": "C"})
    True
    >>> renamed_mask(1, {}) == renamed_mask(2, {})
    False
    """
    order: list[Event] = []  # the events of ``bits``, by bit number
    renamed_bits: dict[Event, int] = {}
    renamed_masks: dict[tuple[int, int], tuple[Mapping[str, str], int]] = {}  # (mask, id of a renaming) ->
    #                                                                             (the renaming, kept alive; mask)

    def renamed_mask(mask: int, renaming: Mapping[str, str]) -> int:
        if not mask:
            return 0
        found = renamed_masks.get((mask, id(renaming)))
        if found is not None:
            return found[1]
        if len(order) < len(bits):
            order.extend(islice(bits, len(order), None))
        renamed, rest, index = 0, mask, 0
        while rest:
            if rest & 1:
                event = renamed_event(order[index], renaming)
                bit = renamed_bits.get(event)
                if bit is None:
                    bit = renamed_bits[event] = 1 << len(renamed_bits)
                renamed |= bit
            rest >>= 1
            index += 1
        renamed_masks[(mask, id(renaming))] = (renaming, renamed)
        return renamed

    return renamed_mask


class _RenamedWalk:
    """:func:`decide`'s walk with a pair (position, events so far) keyed up to renaming: the
    position's key and the events' set renamed by the renaming that takes the position there (the
    module docstring says why); a position the game does not key is keyed as itself. (An object that
    calls itself, not a closure: a closure that calls itself is a reference cycle, which would keep
    every position keyed alive until the cyclic GC finds it.)"""

    def __init__(self, renamer: Renaming, graph: Graph, limits: Limits, seen: set[tuple[Any, int]],
                 holds: Callable[[GameState, int], bool], mask_of: Callable[[frozenset[Event]], int],
                 bits: dict[Event, int], wanted: bool) -> None:
        self.renamer, self.graph, self.limits, self.seen = renamer, graph, limits, seen
        self.holds, self.mask_of, self.wanted = holds, mask_of, wanted
        self.keys: dict[GameState, tuple[Hashable, Mapping[str, str] | None]] = {}
        self.renamed_mask = _renamed_masker(bits)
        self.on_path: set[Hashable] = set()

    def key_of(self, state: GameState) -> tuple[Hashable, Mapping[str, str] | None]:
        found = self.keys.get(state)
        if found is None:
            keyed = self.renamer(state)
            found = self.keys[state] = (state, None) if keyed is None else (("renamed", keyed[0]), keyed[1])
        return found

    def __call__(self, state: GameState, mask: int, depth: int) -> None:
        if state.is_over:
            if self.holds(state, mask) == self.wanted:
                raise _Settled
            return
        if depth >= MAX_LINE_STEPS:
            raise self.limits.too_long()
        key_of, seen, on_path = self.key_of, self.seen, self.on_path
        here = key_of(state)[0]
        if not depth:
            seen.add((here, 0))
        on_path.add(here)
        for _action, child, events, _weight in self.graph.edges(state):
            position, renaming = key_of(child)
            if position in on_path:  # (the child, or a renaming of it, is on the path: a loop)
                raise _Loop
            child_mask = mask | self.mask_of(events) if events else mask
            key = (position, child_mask if renaming is None else self.renamed_mask(child_mask, renaming))
            if key not in seen:
                seen.add(key)
                self(child, child_mask, depth + 1)
        on_path.discard(here)


class _Settled(Exception):
    """An outcome that settles the question was met (the walk unwinds)."""


class _Loop(Exception):
    """A step led back to a position on the path: the full search decides."""


def decide(game: Game, start: GameState, query: Query, *, max_states: int = DEFAULT_MAX_STATES,
           time_limit: float | None = None, source: str | None = None,
           reduce: bool | None = None, rename: bool = True) -> bool | None:
    """The answer of ``query`` (``possible`` or ``always``) from ``start``, a state of ``game``, as
    :func:`~toolkit.core.search.evaluate_in` gives it; None when a line loops (ask the full search).
    ``rename``: walk positions the same up to renaming cards once (``Game.renaming``; False: never)."""
    if query.quantifier not in DECIDED:
        raise ValueError(f"decide() answers {' and '.join(DECIDED)} questions, not {query.quantifier}")
    wanted = query.quantifier == "possible"  # the value of P that settles the question
    predicate, tp = query.predicate, start.turn_player
    limits = Limits(max_states, time_limit, None, source)
    graph = Graph(limits, game, reduction_wanted(reduce))
    bits: dict[Event, int] = {}
    masks: dict[int, int] = {}  # id of an edge's set of events (one object per set: Graph) -> its mask
    seen: set[tuple[Any, int]] = set()
    on_path: set[GameState] = set()
    judged: dict[tuple[Any, int], bool] = {}  # (final position's summary, events) -> does P hold
    summaries: dict[GameState, Any] = {}
    event_sets: dict[int, frozenset[Event]] = {}

    matters = _events_read(predicate, tp)

    mask_of = event_masker(bits, masks, matters)

    def holds(state: GameState, mask: int) -> bool:
        summary = summaries.get(state)
        if summary is None:
            summary = summaries[state] = state.summary()
        value = judged.get((summary, mask))
        if value is None:
            events = event_sets.get(mask)
            if events is None:
                events = event_sets[mask] = frozenset(e for e, bit in bits.items() if mask & bit)
            value = judged[(summary, mask)] = predicate.holds(Outcome(summary, events), tp)
        return value

    def walk(state: GameState, mask: int, depth: int) -> None:
        if state.is_over:
            if holds(state, mask) == wanted:
                raise _Settled
            return
        if depth >= MAX_LINE_STEPS:
            raise limits.too_long()
        on_path.add(state)
        for _action, child, events, _weight in graph.edges(state):
            if child in on_path:
                raise _Loop
            key = (child, mask | mask_of(events) if events else mask)
            if key not in seen:
                seen.add(key)
                walk(child, key[1], depth + 1)  # noqa: F821 (deleted in the finally below, once done)
        on_path.discard(state)

    named = _names_read(predicate) if rename and matters is not None else None
    renamer = game.renaming(start, named) if named is not None else None
    run = walk if renamer is None else _RenamedWalk(renamer, graph, limits, seen, holds, mask_of, bits, wanted)
    if renamer is None:
        seen.add((start, 0))

    with search_mode():
        try:
            run(start, 0, 0)
        except _Settled:
            answer = wanted
        except _Loop:
            return None
        else:
            answer = not wanted
        finally:
            graph.release(masks, judged, summaries, event_sets)
            seen.clear()
            on_path.clear()
            del walk, run  # (``walk`` calls itself through its cell: a cycle reference counting frees once cut)
    return answer


def decide_order(game: Game, start: GameState, order: tuple[Predicate, ...], advance: Callable[[Any, int], int],
                 *, every: bool, without: Predicate | None = None, limits: Limits) -> bool | None:
    """The answer of an order question (``possible_order`` / ``always_order``, see
    :func:`toolkit.history.checks.order_search`: does some / every line see events matching ``order``
    one after the other), walking the pairs (position, items seen) the same up to renaming cards once;
    ``advance(events, k)``: the items seen after a step's events, ``k`` seen before it. None when
    nothing can be renamed (no card's name trades with another's, or a predicate of a kind not known
    exactly) or a line loops: ask the order search itself.

    Why the answer is the order search's: its value at a pair (position, k) with no loop below it is
    a function of the pair; two pairs of one key are (s, k) and (π s, k) for a renaming π of names no
    item reads (``named``: every name an item or ``without`` reads is kept out of the classes), the
    lines from π s are those from s renamed, and an item finds a renamed event relevant iff it finds
    the event relevant (it compares an event's card, ``by`` and detail only with names it reads); so
    k moves alike on both and the answers are one. A step to a pair whose key is on the path (the
    pair itself, or a renaming of it) gives up, as :func:`decide` does: a walk that meets none has
    met no loop, and every value it kept is a function of its pair alone. Limits: the order search's
    ``max_states`` and time limit, counted on the positions expanded (fewer: a walk may answer where
    the order search would have stopped on a limit).

    >>> from toolkit.games import shipped_scenario
    >>> from toolkit.core.game import game_of
    >>> from toolkit.core.predicates import parse_predicate
    >>> position = shipped_scenario("grimoire_compulsory_cyclone_2014")
    >>> game = game_of(position)
    >>> start = game.state_of(position, None)
    >>> items = (parse_predicate({"event": "hand_adjusted"}), parse_predicate({"event": "discarded"}))
    >>> step = lambda events, k: k + 1 if k < 2 and any(items[k].relevant(e, "A") for e in events) else k
    >>> decide_order(game, start, items, step, every=False, limits=Limits(10_000, None, None, None))
    True
    """
    named = _names_read(AllOf(order if without is None else (*order, without)))
    renamer = game.renaming(start, named) if named is not None else None
    if renamer is None:
        return None
    n = len(order)
    legal_actions, transition = game.legal_actions, game.transition
    succ: dict[GameState, tuple[tuple[GameState, tuple[Event, ...]], ...]] = {}
    keys: dict[GameState, Hashable] = {}
    known: dict[tuple[Hashable, int], bool] = {}
    on_path: set[tuple[Hashable, int]] = set()

    def key_of(state: GameState) -> Hashable:
        found = keys.get(state)
        if found is None:
            keyed = renamer(state)
            found = keys[state] = state if keyed is None else ("renamed", keyed[0])
        return found

    def edges(state: GameState) -> tuple[tuple[GameState, tuple[Event, ...]], ...]:
        found = succ.get(state)
        if found is None:
            if len(succ) >= limits.max_states:
                raise limits.too_many()
            limits.check(len(succ))
            results = [transition(state, action, check=False) for action in legal_actions(state)]
            found = succ[state] = tuple((result.state, result.events) for result in results)
        return found

    def value(state: GameState, k: int) -> bool:
        if k == n:
            return True
        if state.is_over:
            return False
        here = (key_of(state), k)
        found = known.get(here)
        if found is not None:
            return found
        on_path.add(here)
        result = every
        for child, events in edges(state):
            ck = advance(events, k)
            if ck < n and (key_of(child), ck) in on_path:  # (a loop, or a loop up to renaming)
                raise _Loop
            if value(child, ck) != every:  # noqa: F821 (deleted in the finally below, once done)
                result = not every
                break
        on_path.discard(here)
        known[here] = result
        return result

    with search_mode():
        try:
            return value(start, 0)
        except _Loop:
            return None
        finally:
            succ.clear()
            keys.clear()
            known.clear()
            on_path.clear()
            del value  # (it calls itself through its cell: a cycle reference counting frees once cut)

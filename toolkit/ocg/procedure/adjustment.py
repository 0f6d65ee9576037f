"""The hand-size adjustment: how many cards go (R1), all at once (R2), and
adjusting again when the hand grew after it (H4)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.game import Note
from toolkit.core.rules import implements
from toolkit.core.values import PLAYERS, other
from toolkit.ocg.actions import Discard
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import ContinuousKind
from toolkit.ocg.procedure._shared import EventLog, evolved, flush_events
from toolkit.ocg.procedure.pending import settle
from toolkit.ocg.state import Cause, State, Step
from toolkit.ocg.values import EventKind, Zone


@implements("R1", game="ocg")
def r1_excess(state: State) -> int:
    """R1: how many cards the turn player must discard (hand limit 6, or what a
    continuous ``hand_limit`` effect makes it: :func:`hand_limit`)."""
    limit = hand_limit(state, state.turn_player)
    return 0 if limit is None else max(0, state.hand_size(state.turn_player) - limit)


def hand_limit(state: State, player: str) -> int | None:
    """The most cards ``player``'s hand may hold at the adjustment: the ruleset's, unless an active
    ``hand_limit`` continuous effect applies to that hand (the lowest such limit; None when they
    all lift it, 《無限の手札》).  No such effect: the rule's number."""
    if ContinuousKind.HAND_LIMIT not in state.tables.continuous_kinds and not state.lingering:
        return int(state.ruleset.hand_limit)
    limits = [eff.amount for who, _card, eff in state.continuous_effects(ContinuousKind.HAND_LIMIT)
              if player in _whom(who, eff.player)]
    if not limits:
        return int(state.ruleset.hand_limit)
    numbers = [n for n in limits if n > 0]
    return min(numbers) if numbers else None


def _whom(controller: str, player: str) -> tuple[str, ...]:
    return {"you": (controller,), "opponent": (other(controller),), "each": PLAYERS}[player]


@implements("R2", game="ocg")
def r2_discard_choices(state: State) -> Iterator[Discard]:
    """R2: every distinct multiset of ``r1_excess`` cards (discarded at once).

    Cards of one name are one option however many copies the hand holds, and
    the choices are made one at a time, never as every combination of the
    hand's cards: a 100-card hand with a few names has few choices.  The
    order is that of the cards in hand (the first copies of a name first).
    """
    k = r1_excess(state)
    tp = state.turn_player
    named = [c for c in state.cards if c.zone is Zone.HAND and c.controller == tp]
    unnamed = state.anonymous[0 if tp == "A" else 1][1]
    pool: list[tuple[str, int]] = [(c.name, c.uid) for c in named] + [("(unnamed)", -1)] * unnamed
    for picked in _canonical_picks(tuple(name for name, _uid in pool), k):
        yield Discard(tuple(pool[i][0] for i in picked), ref=tuple(pool[i][1] for i in picked))


def _canonical_picks(names: tuple[str, ...], k: int) -> Iterator[tuple[int, ...]]:
    """The positions of each distinct multiset of ``k`` of ``names``, one per multiset:
    the earliest copies of each name, in increasing order of positions (the order in
    which a walk of every k-combination would first meet each multiset).

    A position may be picked only when no earlier copy of its name was passed
    over; a branch stops as soon as too few pickable positions remain.

    >>> list(_canonical_picks(("a", "b", "a", "c"), 2))
    [(0, 1), (0, 2), (0, 3), (1, 3)]
    >>> [len(list(_canonical_picks(("x",) * 60 + ("y",) * 40, k))) for k in (1, 50, 94)]
    [2, 41, 7]
    """
    n = len(names)
    after: dict[str, list[int]] = {}
    """name -> for each position i, how many copies of the name lie at positions >= i."""
    for name in set(names):
        counts = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            counts[i] = counts[i + 1] + (names[i] == name)
        after[name] = counts
    picked: list[int] = []

    def pickable_from(i: int, passed: frozenset[str]) -> int:
        return (n - i) - sum(after[b][i] for b in passed)

    def walk(start: int, left: int, passed: frozenset[str]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield tuple(picked)
            return
        for i in range(start, n):
            if pickable_from(i, passed) < left:
                return
            name = names[i]
            if name in passed:
                continue
            picked.append(i)
            yield from walk(i + 1, left - 1, passed)  # noqa: F821 (deleted in the finally below, once done)
            picked.pop()
            passed = passed | {name}

    try:
        if 0 <= k <= n:
            yield from walk(0, k, frozenset())
    finally:
        del walk  # (it calls itself through its cell: a cycle reference counting frees once cut)


@implements("R2", game="ocg")
def r2_discard(state: State, action: Discard, log: EventLog) -> State:
    """R2: the whole excess is discarded at once; then H2 triggers, H5."""
    tp = state.turn_player
    board = Board(state, Cause.ADJUSTMENT, by_effect=False)
    board.by_adjustment = True
    unnamed = 0
    for uid in action.ref:
        if uid < 0:
            unnamed += 1
        else:
            board.discard(uid)
    if unnamed:
        board.discard_unnamed(tp, unnamed)
    board.record(board.tables.event(EventKind.HAND_ADJUSTED, player=tp, amount=len(action.ref)))
    pending, waiting = settle(board, state, Cause.ADJUSTMENT, True)
    flush_events(board, log)
    return board.freeze(step=Step.OPEN, adjusted=True, pending=pending, waiting=state.waiting + waiting,
                        forced=None, priority=None, passes=0)


@implements("H4", game="ocg")
def h4_readjust(state: State, log: EventLog) -> State | None:
    """H4 (08/08/03): after the adjustment the hand grew past the limit — adjust again."""
    if r1_excess(state) == 0:
        return None
    if not state.ruleset.readjust_after_hand_grows:
        log[1].append(Note("H4", f"reversed: {state.turn_player}'s hand grew to {state.hand_size(state.turn_player)} "
                                 f"after the adjustment, but it is not adjusted again"))
        return None
    log[1].append(Note("H4", f"{state.turn_player}'s hand grew to {state.hand_size(state.turn_player)} after "
                             f"the adjustment: adjust again"))
    return evolved(state, step=Step.ADJUST, forced=state.turn_player, priority=None, passes=0)

"""The hand-size adjustment: how many cards go (R1), all at once (R2), and
adjusting again when the hand grew after it (H4)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from toolkit.core.actions import Discard
from toolkit.core.game import Note
from toolkit.core.rules import implements
from toolkit.core.values import Event
from toolkit.ocg.board import Board
from toolkit.ocg.procedure._shared import _Log, _flush, _with
from toolkit.ocg.procedure.pending import _settle
from toolkit.ocg.state import Cause, State, Step
from toolkit.ocg.values import EventKind, Zone


@implements("R1", game="ocg")
def r1_excess(state: State) -> int:
    """R1: how many cards the turn player must discard (hand limit 6)."""
    return max(0, state.hand_size(state.turn_player) - state.ruleset.hand_limit)


@implements("R2", game="ocg")
def r2_discard_choices(state: State) -> Iterator[Discard]:
    """R2: every distinct multiset of ``r1_excess`` cards (discarded at once)."""
    k = r1_excess(state)
    tp = state.turn_player
    named = [c for c in state.cards if c.zone is Zone.HAND and c.controller == tp]
    unnamed = state.anonymous[0 if tp == "A" else 1][1]
    pool: list[tuple[str, int]] = [(c.name, c.uid) for c in named] + [("(unnamed)", -1)] * unnamed
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(range(len(pool)), k):
        names = tuple(pool[i][0] for i in combo)
        key = tuple(sorted(names))
        if key in seen:
            continue
        seen.add(key)
        yield Discard(names, ref=tuple(pool[i][1] for i in combo))


@implements("R2", game="ocg")
def r2_discard(state: State, action: Discard, log: _Log) -> State:
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
    board.record(Event(EventKind.HAND_ADJUSTED, player=tp, amount=len(action.ref)))
    pending, waiting = _settle(board, state, Cause.ADJUSTMENT, True)
    _flush(board, log)
    return board.freeze(step=Step.OPEN, adjusted=True, pending=pending, waiting=state.waiting + waiting,
                        forced=None, priority=None, passes=0)


@implements("H4", game="ocg")
def h4_readjust(state: State, log: _Log) -> State | None:
    """H4 (08/08/03): after the adjustment the hand grew past the limit — adjust again."""
    if r1_excess(state) == 0:
        return None
    if not state.ruleset.readjust_after_hand_grows:
        log[1].append(Note("H4", f"reversed: {state.turn_player}'s hand grew to {state.hand_size(state.turn_player)} "
                                 f"after the adjustment, but it is not adjusted again"))
        return None
    log[1].append(Note("H4", f"{state.turn_player}'s hand grew to {state.hand_size(state.turn_player)} after "
                             f"the adjustment: adjust again"))
    return _with(state, step=Step.ADJUST, forced=state.turn_player, priority=None, passes=0)

"""What every part of the procedure uses: card texts and process lookups
(X1), the log of a step, and how a phase is named in a note."""

from __future__ import annotations

from typing import TypeVar

from toolkit.core.durations import Lingering
from toolkit.core.game import Note
from toolkit.core.rules import implements
from toolkit.core.values import Event
from toolkit.ocg.board import Board
from toolkit.ocg.cards.base import CardText, EndPhaseEffect, LingeringEffect
from toolkit.ocg.state import PHASE_TITLES, Cause, Phase, State
from toolkit.ocg.values import Card, Process, Zone

EventLog = tuple[list[Event], list[Note]]
"""The events and notes a step has produced so far (filled as it goes)."""

_V = TypeVar("_V")


class SearchMemo(dict[int, _V]):
    """A step's memo by an object's id (each entry holds the object, so its id names no other object while it
    is kept), for the positions of one :class:`~toolkit.ocg.tables.PositionTables` at a time — a search's:
    :meth:`make_room`, asked before an entry is added, empties it when it is full or its entries are of other
    tables (so it keeps no other position's tables alive).

    >>> memo: SearchMemo[str] = SearchMemo(2)
    >>> memo.make_room("tables 1"); memo[1] = "a"; memo.make_room("tables 1"); memo[2] = "b"
    >>> memo.make_room("tables 1"); len(memo)
    0
    >>> memo[3] = "c"; memo.make_room("tables 2"); len(memo), memo.tables
    (0, 'tables 2')
    """

    __slots__ = ("tables", "kept")

    def __init__(self, kept: int) -> None:
        super().__init__()
        self.tables: object = None
        self.kept = kept
        """How many entries it keeps."""

    def make_room(self, tables: object) -> None:
        if tables is not self.tables or len(self) >= self.kept:
            self.clear()
            self.tables = tables


# --------------------------------------------------------------------------
# Card texts and process lookups (X1)
# --------------------------------------------------------------------------


@implements("X1", game="ocg")
def x1_card_text(state: State | Board, card: Card) -> CardText:
    """X1: the text version of ``card`` in force at the ruleset's date."""
    return state.tables.text_of(card.name)


def lingering_effect(state: State | Board, item: Lingering) -> LingeringEffect | None:
    return state.tables.text_of(item.source).lingering_effect(item.effect)


def find_lingering(state: State, process: Process) -> Lingering | None:
    for item in state.lingering:
        if item.target == process.source and process.key in (item.key, "end:" + item.key):
            return item
    return None


def end_phase_effect(state: State, process: Process) -> EndPhaseEffect | None:
    if process.source < 0:
        return None
    found = state.tables.effect_named(state.cards[process.source].name, process.key)
    return found if isinstance(found, EndPhaseEffect) else None


# --------------------------------------------------------------------------
# Small helpers of every step
# --------------------------------------------------------------------------


def evolved(state: State, **changes: object) -> State:
    return state._evolve_in_order(**changes)  # (the steps keep R6's order of the pending processes)


def flush_events(board: Board, log: EventLog) -> None:
    if board.events:
        log[0].extend(board.events)
        board.events.clear()
    if board.notes:
        known = board.tables.notes  # one Note per (rule, text) in these positions: found, not built
        notes = log[1]
        for key in board.notes:
            note = known.get(key)
            if note is None:
                note = known[key] = Note(*key)
            notes.append(note)
        board.notes.clear()


def cause_of(state: State) -> Cause:
    if state.phase is Phase.TURN_END:
        return Cause.TURN_END
    return Cause.AFTER_ADJUSTMENT if state.adjusted else Cause.END_PHASE


def phase_named(phase: Phase) -> str:
    """'the Standby Phase', 'Main Phase 1' (how a phase is named in a note)."""
    title = PHASE_TITLES[phase]
    return title if title.startswith("Main") else f"the {title}"


def monsters_of(state: State | Board, player: str) -> list[Card]:
    behaviour = state.tables.behaviour
    return [c for c in state.cards_in(player, Zone.FIELD) if behaviour(c.name).is_monster]

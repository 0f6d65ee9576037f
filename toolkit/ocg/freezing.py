"""``Board.freeze``: the next State from a board, built in place.

A step ends by building the next State from the board's position and the step fields the procedure
gives (step, priority, pending processes, …).  :func:`freeze` fills a State's slots itself, as
``state.make_state`` does (a :class:`~toolkit.ocg.state.StateBeingBuilt` whose class becomes
:class:`~toolkit.ocg.state.State`), without a call that passes the 22 field values on: the fields
the step left as they were are the base State's own objects, and the State's hash is
``state.hash_expression`` of its fields (checked when this module is imported).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from toolkit.ocg.state import State, StateBeingBuilt, hash_expression
from toolkit.ocg.values import EventKind, Process, Zone

if TYPE_CHECKING:
    from toolkit.ocg.board import Board
    from toolkit.ocg.state import Link, Phase, Step, WaitingTrigger

NO_MOMENT: frozenset[str] = frozenset()
"""The moment of most positions, one object (an empty frozenset is 216 bytes)."""


class _Keep(Enum):
    """The type of :data:`KEEP`."""

    KEEP = "keep"


KEEP = _Keep.KEEP
"""``Board.freeze``'s default for a field whose None is a value (priority, forced, after_chain): keep the base's."""

_new = object.__new__
_E_ADDED_TO_HAND, _DECK = EventKind.ADDED_TO_HAND, Zone.DECK

_HASHED = ("turn_player, _cards_hash, life, step, priority, passes, forced, len(pending), done, len(lingering), "
           "chain, waiting, adjusted, after_chain, skipped, phase, declared, attacker, moment")
assert hash_expression(str) == f"hash(({_HASHED}))", "a State's hash changed: update freeze's"


def freeze(board: Board, *, step: Step | None = None, priority: str | None | _Keep = KEEP, passes: int = -1,
           forced: str | None | _Keep = KEEP, pending: tuple[Process, ...] | None = None,
           done: frozenset[tuple[int, str]] | None = None, chain: tuple[Link, ...] | None = None,
           waiting: tuple[WaitingTrigger, ...] | None = None, adjusted: bool | None = None,
           after_chain: str | None | _Keep = KEEP, phase: Phase | None = None, declared: bool | None = None,
           attacker: int | None = None) -> State:
    """The next State: this board's position plus the given step fields
    (step, priority, passes, forced, pending, done, chain, waiting, adjusted,
    after_chain, phase, declared, attacker; a field not given keeps the
    base State's value, except ``done`` and ``chain``: the board's own, like
    the card zones, decks, LP, lingering effects and skipped turns)."""
    base = board.base
    new: Any = _new(StateBeingBuilt)  # (its slots are State's: see ``state.StateBeingBuilt``)
    # fields the step left as they were are handed on as the same objects (a frozenset keeps its
    # hash; equal positions then compare by identity in the transposition table)
    new.turn_player = turn_player = base.turn_player
    new.ruleset = base.ruleset
    # the cards' hash is the board's, kept at each write (``Board.set_card``); cards the step left as
    # they were are the base's tuple
    new._cards_hash = cards_hash = board.cards_hash
    new.cards = old_cards = base.cards
    written = board.changed
    if written:
        now = board.cards
        if cards_hash != base._cards_hash or any(now[uid] is not old_cards[uid] for uid in written):
            new.cards = tuple(now)
    decks, old_decks = board.decks, base.decks
    new.decks = old_decks if decks is old_decks or (decks[0] == list(old_decks[0]) and decks[1] == list(old_decks[1])) \
        else (tuple(decks[0]), tuple(decks[1]))
    anonymous, old_anonymous = board.anonymous, base.anonymous
    new.anonymous = old_anonymous if anonymous is old_anonymous or (
        anonymous[0] == list(old_anonymous[0]) and anonymous[1] == list(old_anonymous[1])) \
        else (tuple(anonymous[0]), tuple(anonymous[1]))
    life, old_life = board.life, base.life
    new.life = life = old_life if life is old_life or (life[0] == old_life[0] and life[1] == old_life[1]) \
        else (life[0], life[1])
    new.step = step = base.step if step is None else step
    new.priority = priority = base.priority if priority is KEEP else priority
    new.passes = passes = base.passes if passes < 0 else passes
    new.forced = forced = base.forced if forced is KEEP else forced
    new.pending = pending = base.pending if pending is None else pending
    if done is None:
        done = base.done if board.done == base.done else frozenset(board.done)
    new.done = done
    lingering, old_lingering = board.lingering, base.lingering
    if lingering is not old_lingering and len(lingering) == len(old_lingering) and all(
            a is b for a, b in zip(lingering, old_lingering)):
        lingering = old_lingering
    new.lingering = lingering
    new.chain = chain = tuple(board.chain) if chain is None else chain
    new.waiting = waiting = base.waiting if waiting is None else waiting
    new.adjusted = adjusted = base.adjusted if adjusted is None else adjusted
    new.after_chain = after_chain = base.after_chain if after_chain is KEEP else after_chain
    skipped = board.skipped
    new.skipped = skipped = base.skipped if skipped is base.skipped or skipped == base.skipped \
        else frozenset(skipped)
    new.phase = phase = base.phase if phase is None else phase
    new.declared = declared = base.declared if declared is None else declared
    new.attacker = attacker = base.attacker if attacker is None else attacker
    tables = board.tables
    new.moment = moment = moment_of(board) if tables.moment_kinds else NO_MOMENT
    new._hash = hash((turn_player, cards_hash, life, step, priority, passes, forced, len(pending), done,
                      len(lingering), chain, waiting, adjusted, after_chain, skipped, phase, declared, attacker,
                      moment))
    new.tables = tables  # the same cards (uids keep their names): the same tables
    new.__class__ = State
    frozen: State = new
    return frozen


def moment_of(board: Board) -> frozenset[str]:
    """What this change did that a "when …" effect of the position answers
    (an addition to the hand counts only from the deck)."""
    kinds = board.tables.moment_kinds
    if not kinds:
        return NO_MOMENT
    return frozenset(
        f"{h.kind}:{h.player}:{h.uid}" for h in board.happenings
        if h.kind in kinds and (h.kind != _E_ADDED_TO_HAND or h.from_zone is _DECK)) or NO_MOMENT

"""What a card condition reads, so the engine knows which answers it may remember.

A condition is ``(source card, state) -> bool``.  One marked :func:`card_local` reads only its card
and the turn player (R6 remembers its answer per card); one marked :func:`board_local` reads only
the position's cards (an optional process's "may be performed only if …" is answered once per set
of cards).  :func:`all_of` and :func:`any_of` keep the mark their parts share (:func:`marked_as`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from toolkit.ocg.values import Card

if TYPE_CHECKING:
    from toolkit.ocg.state import State

Condition = Callable[[Card, "State"], bool]
"""``(source card, state) -> bool``."""


CARD_LOCAL = "_card_local"
"""The attribute :func:`card_local` sets on a condition."""


def card_local(condition: Condition) -> Condition:
    """Mark ``condition`` as reading nothing but the card and ``state.turn_player``.

    The engine may then remember its answer per (card, turn player) instead of
    asking again after every process (R6 re-checks every card's End Phase
    conditions).  Mark only pure tests of the card's own fields (zone,
    position, tags, controller) and the turn player; a condition that looks
    at other cards, the chain or lingering effects must stay unmarked.

    >>> from toolkit.ocg.cards.base import face_up_on_field, has_tag
    >>> is_card_local(face_up_on_field), is_card_local(all_of(face_up_on_field, has_tag("x")))
    (True, True)
    >>> is_card_local(lambda card, state: True)
    False
    """
    setattr(condition, CARD_LOCAL, True)
    return condition


def is_card_local(condition: Condition) -> bool:
    """Whether ``condition`` was marked with :func:`card_local`."""
    return getattr(condition, CARD_LOCAL, False) is True


BOARD_LOCAL = "_board_local"
"""The attribute :func:`board_local` sets on a condition."""


def board_local(condition: Condition) -> Condition:
    """Mark ``condition`` as reading nothing but the position's cards (each card's fields, the
    decks' order) and ``state.turn_player`` — not the chain, the phase, life points, the hands'
    unnamed cards or lingering effects.

    The engine may then remember its answer per (process, turn player, cards) — a process's
    "may be performed only if …" is asked in every position where it is pending.  A
    :func:`card_local` condition is board-local too.

    >>> from toolkit.ocg.cards.base import face_up_on_field
    >>> from toolkit.ocg.cards.data.conditions import CONDITIONS
    >>> exists = CONDITIONS.build({"exists": {"zones": ["deck"], "name": "x"}})
    >>> is_board_local(exists), is_board_local(all_of(exists, face_up_on_field)), is_card_local(exists)
    (True, True, False)
    >>> is_board_local(lambda card, state: True)
    False
    """
    setattr(condition, BOARD_LOCAL, True)
    return condition


def is_board_local(condition: Condition) -> bool:
    """Whether ``condition`` was marked with :func:`board_local` (or :func:`card_local`)."""
    return getattr(condition, BOARD_LOCAL, False) is True or is_card_local(condition)


def marked_as(test: Condition, parts: Iterable[Condition]) -> Condition:
    """``test``, a condition made of ``parts``, marked card-local when every part is, else
    board-local when every part is, else unmarked."""
    parts = tuple(parts)
    if all(is_card_local(c) for c in parts):
        return card_local(test)
    if all(is_board_local(c) for c in parts):
        return board_local(test)
    return test


def all_of(*conditions: Condition) -> Condition:
    """Every condition holds."""

    def test(card: Card, state: State) -> bool:
        for c in conditions:  # a loop, not all(generator): this runs in the engine's hot path
            if not c(card, state):
                return False
        return True

    return marked_as(test, conditions)


def any_of(*conditions: Condition) -> Condition:
    def test(card: Card, state: State) -> bool:
        return any(c(card, state) for c in conditions)

    return marked_as(test, conditions)


_Test = TypeVar("_Test", bound=Callable[..., bool])

LINK_LOCAL = "_link_local"
"""The attribute :func:`link_local` sets on a chain-link test."""


def link_local(test: _Test) -> _Test:
    """Mark a chain-link test ``(card, state, link) -> bool`` as reading nothing but the card's fields
    and the link's (not ``state``): the engine may then ask it first, alone, whether a quick effect
    could answer a chain at all (``procedure.legal.nobody_can_respond``).

    >>> from toolkit.ocg.cards.data.conditions import LINK_TESTS
    >>> is_link_local(LINK_TESTS.build("opponents_link")), is_link_local(LINK_TESTS.build("summon_trigger"))
    (True, False)
    """
    setattr(test, LINK_LOCAL, True)
    return test


def is_link_local(test: object) -> bool:
    """Whether the chain-link test ``test`` was marked with :func:`link_local`."""
    return getattr(test, LINK_LOCAL, False) is True

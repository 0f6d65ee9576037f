"""What a card effect's verbs say they touch (the search's reduction and its
remembered steps read it: ``toolkit.ocg.independence``, ``procedure.remembered``).

The card format's verbs mark the resolve they build; an effect written with
other verbs, or acting on other cards, stays unmarked: it may touch anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.ocg.cards.base import Resolve

TOUCHES = "_touches"
"""The attribute :func:`touches_only` sets on a resolve."""

ITSELF, LIFE, DECK = "itself", "life", "deck"
"""What :func:`touches_only` may name: the card's own zone (moved to the hand, the GY or
banished — never into a deck or onto the field), life points, the top of a deck sent to the GY."""


def touches_only(resolve: Resolve, *parts: str) -> Resolve:
    """Mark ``resolve`` as reading and changing nothing but ``parts`` (:data:`ITSELF`,
    :data:`LIFE`, :data:`DECK`).

    The search's reduction (``toolkit.ocg.independence``) reads the mark: two
    mandatory processes that each move only their own card can be performed in
    either order with the same result.  Mark only what the verbs do for certain;
    a resolve that looks at other cards, the chain or lingering effects stays
    unmarked.

    >>> touched_by(touches_only(lambda board, act: None, ITSELF, LIFE)) == {"itself", "life"}
    True
    >>> touched_by(lambda board, act: None) is None
    True
    """
    setattr(resolve, TOUCHES, frozenset(parts))
    return resolve


def touched_by(resolve: object) -> frozenset[str] | None:
    """What :func:`touches_only` says ``resolve`` touches (None: not marked, anything)."""
    found = getattr(resolve, TOUCHES, None)
    return found if isinstance(found, frozenset) else None

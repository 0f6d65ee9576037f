"""The kinds of event the Turn End Step records (the words its predicates use).

>>> EventKind.FLIPPED.value
'flipped'
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """Duel Masters' vocabulary of queryable facts."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    ACTIVATED = "activated"
    """An ability was used (its card named)."""
    RESOLVED = "resolved"
    """An ability or a waiting effect resolved."""
    DECLARED = "declared"
    """A player declared the use of an ability (使用宣言, D2); ``card`` names it."""
    DESTROYED = "destroyed"
    """A creature was destroyed."""
    DREW = "drew"
    """A player drew a card."""
    EFFECT_ENDED = "effect_ended"
    """A lasting effect ended (D2 (6))."""
    ATTACKED = "attacked"
    """A creature attacked (``player``: its controller)."""
    LOOP = "loop"
    """The line reached a position it had already been in."""
    WAITING = "waiting"
    """An ability went into the waiting state (待機状態, D2)."""
    CANCELLED = "cancelled"
    """A waiting ability left the waiting state without resolving (D3: its card left)."""
    ENTERED = "entered"
    """A card was put into the battle zone (``detail``: where from)."""
    PUT_INTO_MANA = "put_into_mana"
    """A card was put into the mana zone."""
    FLIPPED = "flipped"
    """A dragheart flipped (龍解); ``detail``: the side now face up."""
    BROKEN = "broken"
    """A shield was broken (``player``: the shield's owner)."""
    CAST = "cast"
    """A spell was cast (e.g. for free through 侵略ZERO)."""
    REST_SKIPPED = "rest_skipped"
    """The rest of the turn was skipped (終末の時計 ザ・クロック)."""
    TURN_STARTED = "turn_started"
    """The next turn started (``player``: whose turn it is)."""



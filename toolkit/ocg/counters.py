"""Counters on a card, kept among its tags as ``counters:N``.

A card on the field may carry counters (a turn count, Venom Counters, ...):
a scenario gives them (``{name: X, counters: 2}``), the verbs
``place_counters`` / ``remove_counters`` change them, the condition
``counters_at_least`` reads them, and they go when the card leaves the field
(a card that moves is a new card).  One kind of counter per card: the card
format has no card that counts two kinds at once.

>>> tags = with_counters(frozenset({"summoned_this_turn"}), 2)
>>> counters_on(tags), sorted(tags)
(2, ['counters:2', 'summoned_this_turn'])
>>> counters_on(with_counters(tags, 0)), sorted(with_counters(tags, 0))
(0, ['summoned_this_turn'])
"""

from __future__ import annotations

PREFIX = "counters:"
"""The tag prefix holding a card's number of counters."""

COUNTERS_MAX = 99
"""The most counters a scenario may put on one card."""


def counters_on(tags: frozenset[str]) -> int:
    """How many counters the tags hold (0 without a counters tag)."""
    for tag in tags:
        if tag.startswith(PREFIX):
            return int(tag[len(PREFIX):])
    return 0


def without_counters(tags: frozenset[str]) -> frozenset[str]:
    """The tags with no counters tag (what a card keeps when it leaves the field)."""
    if not any(t.startswith(PREFIX) for t in tags):
        return tags
    return frozenset(t for t in tags if not t.startswith(PREFIX))


def with_counters(tags: frozenset[str], n: int) -> frozenset[str]:
    """The tags with exactly ``n`` counters (none at 0; never below 0)."""
    kept = without_counters(tags)
    return kept | {f"{PREFIX}{n}"} if n > 0 else kept

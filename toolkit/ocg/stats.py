"""A monster's ATK and DEF now: its printed values less what its effects made it lose.

As far as the End Phase rulings need them: a card that pays with its own ATK and DEF each time
(《光と闇の竜》 loses 500 of each to negate an activation) keeps what it lost as a tag of the card
on the field (``atk_def_lost:N``), so two positions that differ in it are two positions, and the
tag goes with every other field-only tag when the card leaves the field.

>>> tags = with_atk_def_lost(frozenset({"summoned_this_turn"}), 500)
>>> sorted(tags), atk_def_lost(tags)
(['atk_def_lost:500', 'summoned_this_turn'], 500)
>>> atk_def_lost(with_atk_def_lost(tags, 500))
1000
>>> sorted(without_stat_changes(tags))
['summoned_this_turn']
"""

from __future__ import annotations

from typing import Any

LOST = "atk_def_lost:"
"""The mark of the tag saying how much ATK and DEF a card on the field has lost."""


def atk_def_lost(tags: frozenset[str]) -> int:
    """How much ATK (and as much DEF) a card with these tags has lost (0: none)."""
    for tag in tags:
        if tag.startswith(LOST):
            return int(tag[len(LOST):])
    return 0


def with_atk_def_lost(tags: frozenset[str], amount: int) -> frozenset[str]:
    """``tags`` of a card that loses ``amount`` more ATK and DEF."""
    total = atk_def_lost(tags) + amount
    return frozenset({t for t in tags if not t.startswith(LOST)} | {f"{LOST}{total}"})


def without_stat_changes(tags: frozenset[str]) -> frozenset[str]:
    """``tags`` without the stat changes (what a card that leaves the field keeps)."""
    if not any(t.startswith(LOST) for t in tags):
        return tags
    return frozenset(t for t in tags if not t.startswith(LOST))


def atk_def_now(card: Any, tables: Any) -> tuple[int | None, int | None]:
    """The card's ATK and DEF now (None: not a value the card has, or not modelled)."""
    printed = tables.behaviour(card.name)
    lost = atk_def_lost(card.tags)
    atk = None if printed.atk is None else max(0, printed.atk - lost)
    defense = None if printed.defense is None else max(0, printed.defense - lost)
    return atk, defense

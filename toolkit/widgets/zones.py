"""Pure helpers behind the builder's zone editors (no widgets here).

A zone editor shows card names; the scenario needs :class:`CardSpec` values
that also carry a position and what happened to the card this turn. When the
list of names changes, :func:`reconcile` keeps the details of every card that
is still there.

>>> from toolkit.ocg.scenario import CardSpec
>>> horus = CardSpec("ホルスの黒炎竜 LV６", tags=frozenset({"destroyed_monster_by_battle"}))
>>> reconcile([horus], ["サイクロン", "ホルスの黒炎竜 LV６"])
(CardSpec(name='サイクロン', position='face_up', tags=frozenset()), CardSpec(name='ホルスの黒炎竜 LV６', position='face_up', tags=frozenset({'destroyed_monster_by_battle'})))
>>> copy_name("光神機−桜火", taken=["光神機−桜火"])
'光神機−桜火#2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toolkit.ocg.scenario import COPY_MARK, CardSpec, PlayerSetup, base_name

NAME_ZONES: tuple[str, ...] = ("hand", "deck")
"""Zones that hold bare names (order matters: the deck is listed top first)."""

CARD_ZONES: tuple[str, ...] = ("field", "graveyard", "banished")
"""Zones whose cards carry a position and this-turn tags."""

ZONES: tuple[str, ...] = ("hand", "field", "graveyard", "banished", "deck")
"""Every zone the builder edits, in the order it shows them."""

ZONE_LABELS: dict[str, str] = {
    "hand": "Hand",
    "field": "Field",
    "graveyard": "Graveyard",
    "banished": "Banished",
    "deck": "Deck (top first)",
}


def reconcile(old: Sequence[CardSpec], names: Sequence[str]) -> tuple[CardSpec, ...]:
    """CardSpecs for ``names``: a name already present keeps its position and tags.

    Each old spec is reused at most once, so two entries of one name keep
    their own details in order.
    """
    unused = list(old)
    out: list[CardSpec] = []
    for name in names:
        match = next((spec for spec in unused if spec.name == name), None)
        if match is None:
            out.append(CardSpec(name))
        else:
            unused.remove(match)
            out.append(match)
    return tuple(out)


def copy_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name#n`` with the smallest free n >= 2 when it is taken.

    A scenario refuses one player listing the same physical card twice; a
    second copy is told apart by a copy mark.
    """
    used = set(taken)
    if name not in used:
        return name
    base = base_name(name)
    n = 2
    while f"{base}{COPY_MARK}{n}" in used:
        n += 1
    return f"{base}{COPY_MARK}{n}"


def names_held(setup: PlayerSetup) -> list[str]:
    """Every card name one player lists, zone by zone.

    >>> names_held(PlayerSetup(hand=("サイクロン",), field=(CardSpec("オネスト"),)))
    ['サイクロン', 'オネスト']
    """
    out: list[str] = []
    for zone in ZONES:
        for entry in getattr(setup, zone):
            out.append(entry.name if isinstance(entry, CardSpec) else entry)
    return out

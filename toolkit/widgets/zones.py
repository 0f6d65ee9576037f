"""Pure helpers behind the builder's zone editors (no widgets here).

A zone editor shows card names; the scenario needs :class:`CardSpec` values
that also carry a position and what happened to the card this turn. When the
list of names changes, :func:`reconcile` keeps the details of every card that
is still there.

>>> from toolkit.ocg.scenario import CardSpec
>>> horus = CardSpec("ホルスの黒炎竜 LV６", tags=frozenset({"destroyed_monster_by_battle"}))
>>> reconcile([horus], ["サイクロン", "ホルスの黒炎竜 LV６"])
(CardSpec(name='サイクロン', position='face_up', tags=frozenset(), counters=0), CardSpec(name='ホルスの黒炎竜 LV６', position='face_up', tags=frozenset({'destroyed_monster_by_battle'}), counters=0))
>>> copy_name("光神機−桜火", taken=["光神機−桜火"])
'光神機−桜火#2'

A name typed into a zone box is read at once (:func:`check_entries`): the
card it names (English, kana, width folded) replaces it, and a name no card
has is taken out again and reported with the nearest names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

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


ZONE_WORDS: dict[str, str] = {
    "hand": "hand",
    "field": "field",
    "graveyard": "graveyard",
    "banished": "banished cards",
    "deck": "deck",
}
"""A zone as a sentence names it ("Added X to A's hand")."""


def zone_phrase(player: str, zone: str) -> str:
    """``"A's hand"``, ``"B's banished cards"``."""
    return f"{player}'s {ZONE_WORDS.get(zone, zone)}"


@dataclass(frozen=True)
class EntryCheck:
    """What became of the names typed into one zone box."""

    names: tuple[str, ...]
    """The box's new list: every name a card's key, the unknown ones left out."""
    added: tuple[tuple[str, str], ...] = ()
    """(as typed, the card's key) for each name added."""
    refused: tuple[str, ...] = ()
    """Names no card has, as typed."""


def check_entries(old: Sequence[str], new: Sequence[str], lookup: Callable[[str], str | None]) -> EntryCheck:
    """Read the names ``new`` adds to ``old`` with ``lookup`` (a name to its
    card's key, or None). Names already in ``old`` are kept as they are.

    >>> keys = {"effect veiler": "エフェクト・ヴェーラー", "サイクロン": "サイクロン"}
    >>> check_entries(["サイクロン"], ["サイクロン", "effect veiler", "灰流うらら"], keys.get)
    EntryCheck(names=('サイクロン', 'エフェクト・ヴェーラー'), added=(('effect veiler', 'エフェクト・ヴェーラー'),), refused=('灰流うらら',))
    """
    kept = list(old)
    names: list[str] = []
    added: list[tuple[str, str]] = []
    refused: list[str] = []
    for name in new:
        if name in kept:
            kept.remove(name)
            names.append(name)
            continue
        key = lookup(name)
        if key is None:
            refused.append(name)
        elif key not in names:
            names.append(key)
            added.append((name, key))
    return EntryCheck(tuple(names), tuple(added), tuple(refused))


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

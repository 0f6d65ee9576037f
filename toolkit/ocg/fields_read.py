"""Which printed data of a card the cards of a position can read (for :mod:`toolkit.ocg.renaming`).

Two textless cards whose printed data differ — a Normal Monster and an Effect Monster, a
「ハーピィ」 card and one of no archetype, a Beast and a Beast-Warrior — still trade names in a
search when nothing of the position reads the field they differ in.  This module proves, per
position, which of these fields nothing reads; :mod:`toolkit.ocg.renaming` then leaves them out of
what must be equal for two names to form a class.

**The proof** rests on where the engine reads each field (``tests/engine/test_fields_read.py``
checks the list below against the source, so a new reader fails the tests until it is added):

* a card's ``archetypes``, ``attribute``, ``level``, ``race`` (its monster type, or the one
  :func:`toolkit.ocg.cards.plain.monster_type` gives by name) and ``subtype`` are read by a card
  filter (``toolkit.ocg.cards.data.conditions.CardFilter``) only through the keys of
  :data:`FIELD_READERS`, written in the filter's mapping in some card's text;
* a *monster's* ``subtype`` is also read by the negation of every face-up Effect Monster
  (``toolkit.ocg.negation.is_effect_monster``, asked only where a card has such a continuous effect):
  no field is left out while any card of the position has a continuous effect, or a lingering effect
  that applies one;
* a Spell's or Trap's ``subtype`` is read when its activation resolves (a Continuous, Field or Equip
  card stays on the field: ``toolkit.ocg.procedure.chains``): left out only for monsters;
* ``atk``, ``defense`` (battle, ATK changes, costs that compare them) and ``card_type`` are read by
  the rules themselves: never left out.

A card written in Python may read anything: where one with an effect is in the position the
renaming module makes no class at all (before asking this module).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping

from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.plain import monster_type

__all__ = ["FIELD_READERS", "blank_unread", "differing", "unread_fields", "written_keys"]

FIELD_READERS: dict[str, tuple[str, ...]] = {
    "archetypes": ("archetype", "not_archetype"),
    "attribute": ("attribute",),
    "level": ("level_at_least", "level_at_most"),
    "race": ("monster_type_in",),
    "subtype": ("kind", "not_kind"),
}
"""Each printed field a position may leave unread -> the keys of a card's written text that read it
(a card filter's fields)."""

_DATA_KEYS = frozenset({"name", "english", "reading", "aliases", "type", "subtype", "archetypes", "rulings", "atk",
                        "def", "attribute", "level", "race"})
"""The top-level keys of a written card that are its own printed data (not a text that reads others')."""


def _keys(written: object) -> Iterator[str]:
    if isinstance(written, Mapping):
        for key, value in written.items():
            if isinstance(key, str):
                yield key
            yield from _keys(value)
    elif isinstance(written, (list, tuple, set, frozenset)):
        for item in written:
            yield from _keys(item)


def written_keys(written: object) -> frozenset[str]:
    """Every key written in a card's texts (and any other part of it but its own printed data).

    >>> sorted(written_keys({"name": "x", "subtype": "effect", "texts": [{"quick": [{"choose": {"target":
    ...     {"monster": True, "archetype": "ハーピィ"}}}]}]}))
    ['archetype', 'choose', 'monster', 'quick', 'target', 'texts']
    """
    if not isinstance(written, Mapping):
        return frozenset(_keys(written))
    return frozenset(key for top, value in written.items() if top not in _DATA_KEYS
                     for key in (top, *_keys(value)) if isinstance(key, str))


def unread_fields(readers: Iterable[CardBehaviour]) -> frozenset[str]:
    """The fields of :data:`FIELD_READERS` that none of ``readers`` (every card of the position with
    an effect, each written as data) reads, in any of its text versions.

    >>> from toolkit.ocg.cards import behaviour
    >>> sorted(unread_fields([behaviour("強制脱出装置"), behaviour("月読命")]))
    ['archetypes', 'attribute', 'level', 'race', 'subtype']
    >>> sorted(unread_fields([behaviour("暗黒のマンティコア")]))  # (a cost of Beasts: the monster type is read)
    ['archetypes', 'attribute', 'level', 'subtype']
    """
    keys: set[str] = set()
    continuous = False
    for card in readers:
        keys |= written_keys(card.written)
        continuous = continuous or any(t.continuous or any(item.continuous for item in t.lingering) for t in card.texts)
    if continuous:
        return frozenset()  # (a continuous effect, or one a lingering effect applies, may negate every Effect Monster)
    return frozenset(field for field, words in FIELD_READERS.items() if keys.isdisjoint(words))


def blank_unread(behaviour: CardBehaviour, name: str, unread: frozenset[str]) -> tuple[object, ...]:
    """What the engine reads of a card without an effect, but for its name and the ``unread`` fields:
    its data with the name, English names, reading, rulings and texts blanked, and those fields (a
    Spell's or Trap's subtype is kept: its resolution reads it); its monster type by name (unless
    ``race`` is unread).

    >>> from toolkit.ocg.cards import behaviour
    >>> wolf, dog = behaviour("ジェネティック・ワーウルフ"), behaviour("フレムベル・ヘルドッグ")
    >>> blank_unread(wolf, wolf.name, frozenset()) == blank_unread(dog, dog.name, frozenset())
    False
    >>> every = frozenset(FIELD_READERS)
    >>> blank_unread(wolf, wolf.name, every) == blank_unread(dog, dog.name, every)
    True
    """
    blank = dataclasses.replace(behaviour, name="", english="", aliases=(), reading="", rulings=(), texts=(
        dataclasses.replace(behaviour.texts[0], since=None, evidence=(), note=""),))
    changes: dict[str, object] = {}
    if "archetypes" in unread:
        changes["archetypes"] = frozenset()
    if "attribute" in unread:
        changes["attribute"] = ""
    if "level" in unread:
        changes["level"] = None
    if "race" in unread:
        changes["race"] = ""
    if "subtype" in unread and behaviour.is_monster:
        changes["subtype"] = ""
    if changes:
        blank = dataclasses.replace(blank, **changes)  # type: ignore[arg-type]
    return blank, None if "race" in unread else monster_type(name)


_WORDS = {"subtype": "kinds", "archetypes": "archetypes", "attribute": "attributes", "level": "Levels",
          "race": "monster types"}
"""Each field of :data:`FIELD_READERS` as a note names it."""


def differing(cards: Iterable[CardBehaviour]) -> tuple[str, ...]:
    """The fields of :data:`FIELD_READERS` in which ``cards`` differ, in words (what a note says
    nothing here reads where they trade names).

    >>> from toolkit.ocg.cards import behaviour
    >>> differing([behaviour("ジェネティック・ワーウルフ"), behaviour("ハーピィ・レディ")])
    ('kinds', 'archetypes', 'monster types')
    >>> differing([behaviour("ジェネティック・ワーウルフ"), behaviour("ブラッド・ヴォルス")])
    ()
    """
    found: dict[str, set[object]] = {field: set() for field in _WORDS}
    for card in cards:
        found["subtype"].add(card.subtype)
        found["archetypes"].add(card.archetypes)
        found["attribute"].add(card.attribute)
        found["level"].add(card.level)
        found["race"].add(card.race or monster_type(card.name))
    return tuple(_WORDS[field] for field in ("subtype", "archetypes", "attribute", "level", "race")
                 if len(found[field]) > 1)

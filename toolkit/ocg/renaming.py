"""Cards that differ only in their names: positions the same up to renaming (issue 34, a cold verify).

A hand of seven different cards, most of which do nothing in the End Phase, is adjusted by
discarding one of them: discarding 《死者蘇生》 or 《増援》 leads to positions that are the same but
for which name lies in the graveyard.  :mod:`toolkit.ocg.symmetry` merges identical copies (one
name); this module finds the *names* that may trade places, so that a search may meet such
positions once.

**Classes** (:func:`name_classes`).  Two names ``x`` and ``y`` of a position are in one class when
the rules and every card of the position treat a card named ``x`` as they treat one named ``y``:

* what the engine reads of a card by its name is the same: the card data (type, subtype,
  archetypes, printed values, the monster type of :mod:`toolkit.ocg.cards.plain`) but for the name,
  its English names and reading, and neither card has an effect of any kind in any text version
  (no phase process, trigger, quick effect, no-chain-link effect or lingering effect: nothing of
  either is keyed by the name, e.g. a hard once per turn or a process key);
* nothing of the position names them: no card's written text mentions either name or filters by a
  part of a name that one matches (``name_contains: ハーピィ`` and 《ハーピィ・レディ》), no lingering
  effect or chain link is theirs, and the question (``named``) names neither;
* every card of the position has its text written as data (a card written in Python may read names
  in ways no scan sees: then no class at all), and the rule set does not order processes by the
  cards' places (``process_order``, V1, as for copies).

"Same name" rules (a hard once per turn by name, the adjustment offering each name once, "distinct
names") read only which cards share a name, which a one-to-one renaming keeps.  When unsure, a name
is in no class.  A class is a set of names, not of cards: a card keeps its owner, zone, tags and
processes, and each name may have several copies.

**The key** (:func:`renamed_key`).  Renaming a class's names one to one (a permutation ``π``) maps a
position ``s`` onto a position ``π s``; the dynamics commute with it: an action of ``s`` is an
action of ``π s`` and leads to ``π`` of its successor with its events renamed (``card``, ``by``),
since nothing the rules compute reads the names but through what is equal (above).  The key of ``s``
is :func:`~toolkit.ocg.symmetry.canonical_key` of ``σ s``, where ``σ`` gives each class's names, in
the order of what their cards are (each card as :data:`~toolkit.ocg.symmetry.CardPart` reads it but
for its name, with the number something pointing at it gives it), the class's names in sorted order:
two positions with one key are the same up to a renaming within the classes and which copy is
which.  (Two names whose cards are alike get either canonical name: both give one key, as no card
something points at can be in both.)  ``σ`` is returned with the key: an outcome reached from ``s``,
renamed by ``σ`` (:func:`rename_event`, i.e. :func:`toolkit.core.values.renamed_event`, and
:func:`rename_summary`), is the outcome reached from the key.

>>> from toolkit.games import shipped_scenario
>>> from toolkit.ocg.setup import initial_state
>>> start = initial_state(shipped_scenario("q_readjust_after_hand_grows"))
>>> name_classes(start)
(('おろかな埋葬', '増援', '強欲な壺', '死者蘇生'), ('ジェネティック・ワーウルフ', 'ブラッド・ヴォルス'))
>>> name_classes(start, named={"増援"})[0]
('おろかな埋葬', '強欲な壺', '死者蘇生')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Hashable, Iterator, Mapping
from functools import lru_cache

from toolkit.core.values import PositionSummary
from toolkit.core.values import renamed_event as rename_event
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.plain import monster_type
from toolkit.ocg.state import State
from toolkit.ocg.symmetry import key_of, key_parts
from toolkit.ocg.tables import PositionTables

__all__ = ["Classes", "RenamedKeys", "name_classes", "rename_event", "rename_summary", "renamed_key"]

Classes = tuple[tuple[str, ...], ...]
"""Classes of interchangeable names, each sorted (its canonical names), at least two names each."""

_NAME_KEYS = ("name", "archetype", "contains", "prefix", "suffix")
"""A written key holding one of these words may read a part of a card's name (``name_contains``)."""


def _effects(behaviour: CardBehaviour) -> bool:
    """Whether any text version of the card has an effect of any kind."""
    return any(t.end_phase or t.triggers or t.quick or t.continuous or t.lingering for t in behaviour.texts)


def _strings(written: object, under: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a card's written data (keys too), each with the key it is written under."""
    if isinstance(written, str):
        yield under, written
    elif isinstance(written, Mapping):
        for key, value in written.items():
            if isinstance(key, str):
                yield under, key
            yield from _strings(value, key if isinstance(key, str) else under)
    elif isinstance(written, (list, tuple, set, frozenset)):
        for item in written:
            yield from _strings(item, under)


def _what_but_name(behaviour: CardBehaviour, name: str) -> object:
    """What the engine reads of a card without an effect, but for its name (its data with the
    name, English names, reading, rulings and texts blanked; its monster type by name)."""
    blank = dataclasses.replace(behaviour, name="", english="", aliases=(), reading="", rulings=(), texts=(
        dataclasses.replace(behaviour.texts[0], since=None, evidence=(), note=""),))
    return blank, monster_type(name)


def name_classes(state: State, named: Collection[str] = ()) -> Classes:
    """The classes of names of ``state`` whose cards may trade names (see the module docstring);
    ``named``: the names a question reads (never in a class).

    >>> from toolkit.ocg.scenario import scenario_from_dict
    >>> from toolkit.ocg.setup import initial_state
    >>> hand = ["死者蘇生", "増援", "ハーピィの羽根帚", "ヒステリック・サイン"]
    >>> name_classes(initial_state(scenario_from_dict({"title": "t", "turn_player": "A",
    ...     "players": {"A": {"hand": hand}, "B": {}}})))  # (the Duster: its name holds ハーピィ)
    (('増援', '死者蘇生'),)
    """
    names = frozenset(card.name for card in state.cards)
    found = _classes(state.tables, names, state.ruleset.process_order is not None,
                     frozenset(item.source for item in state.lingering) | frozenset(link.name for link in state.chain),
                     frozenset(named) & names)
    return found


@lru_cache(maxsize=256)
def _classes(tables: PositionTables, names: frozenset[str], ordered: bool, read: frozenset[str],
             named: frozenset[str]) -> Classes:
    """``name_classes`` remembered by the position's tables (its cards' texts and date) and what
    else it reads (bounded)."""
    if ordered or len(names) < 2:
        return ()
    behaviour = tables.behaviour
    written: list[tuple[str, str]] = []
    for name in sorted(names | read):
        card = behaviour(name)
        if card.written is None:
            if _effects(card):
                return ()  # (a card written in Python: what it reads of names is not seen)
            continue
        if _effects(card):
            written += _strings(card.written)
    candidates: dict[object, list[str]] = {}
    for name in sorted(names - read - named):
        card = behaviour(name)
        if _effects(card) or any(name in text or (text and text in name and any(w in under for w in _NAME_KEYS))
                                 for under, text in written):
            continue
        candidates.setdefault(_what_but_name(card, name), []).append(name)
    return tuple(sorted(tuple(same) for same in candidates.values() if len(same) > 1))


def renamed_key(state: State, classes: Classes) -> tuple[Hashable, Mapping[str, str]] | None:
    """The key of ``state`` up to renaming within ``classes`` and which copy is which, with the
    renaming ``σ`` (name -> canonical name; names outside the classes stay) that takes ``state`` to
    it (None: a position :func:`~toolkit.ocg.symmetry.canonical_key` does not key).

    >>> from toolkit.games import shipped_scenario
    >>> from toolkit.core.search import play
    >>> from toolkit.ocg.setup import initial_state
    >>> start = initial_state(shipped_scenario("q_readjust_after_hand_grows"))
    >>> at = play(start, "Pass", "Pass")
    >>> one, two = play(at, "Discard(('死者蘇生',))"), play(at, "Discard(('増援',))")
    >>> classes = name_classes(start)
    >>> renamed_key(one, classes)[0] == renamed_key(two, classes)[0], one == two
    (True, False)
    >>> renamed_key(two, classes)[1]["増援"]
    'おろかな埋葬'
    """
    parts = key_parts(state)
    if parts is None:
        return None
    renaming: dict[str, str] = {}
    if classes:
        signature: dict[str, list[tuple[int, tuple[object, ...]]]] = {}
        for number, name, what in parts[1]:
            signature.setdefault(name, []).append((-1 if number is None else number, what))
        for names in classes:
            ordered = sorted(names, key=lambda name: sorted(signature.get(name, ())))
            renaming.update(zip(ordered, names))
    return key_of(parts, renaming), renaming


def rename_summary(summary: PositionSummary, renaming: Mapping[str, str]) -> PositionSummary:
    """An outcome's final position with its card names renamed by ``renaming`` (zones sorted again,
    decks kept in order)."""
    if not renaming:
        return summary
    zones = tuple((player, zone, tuple(renaming.get(n, n) for n in names) if zone == "deck"
                   else tuple(sorted(renaming.get(n, n) for n in names))) for player, zone, names in summary.zones)
    return PositionSummary(zones, summary.life, summary.anonymous)


class RenamedKeys:
    """The OCG's ``Game.renaming`` for a search whose renamed names are ``classes``: called with a
    position, :func:`renamed_key`; and what the search needs to carry outcomes and lines across a
    renaming (:class:`toolkit.core.game.Renaming`)."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes

    def __call__(self, state: State) -> tuple[Hashable, Mapping[str, str]] | None:
        return renamed_key(state, self.classes)

    def rename_summary(self, summary: PositionSummary, renaming: Mapping[str, str]) -> PositionSummary:
        return rename_summary(summary, renaming)

    def cards_onto(self, state: State, other: State, renaming: Mapping[str, str]) -> Mapping[int, int]:
        """Each card of ``state`` -> the card in its place in ``other`` (``state`` with the names of
        ``renaming`` renamed, up to which copy is which; the two of one key): the one with the same
        number (something points at it), the name it is renamed to and what it is (only those that differ).

        >>> from toolkit.games import shipped_scenario
        >>> from toolkit.core.search import play
        >>> from toolkit.ocg.setup import initial_state
        >>> start = initial_state(shipped_scenario("q_readjust_after_hand_grows"))
        >>> at = play(start, "Pass", "Pass")
        >>> one, two = play(at, "Discard(('死者蘇生',))"), play(at, "Discard(('増援',))")
        >>> keys = RenamedKeys(name_classes(start))
        >>> moved = keys.cards_onto(one, two, {"死者蘇生": "増援", "増援": "死者蘇生"})
        >>> sorted((one.cards[u].name, two.cards[v].name) for u, v in moved.items())
        [('増援', '死者蘇生'), ('死者蘇生', '増援')]
        """
        mine, theirs = key_parts(state), key_parts(other)
        if mine is None or theirs is None:
            raise ValueError("cards_onto: a position with no key")
        places: dict[tuple[object, ...], list[int]] = {}
        for uid, (number, name, what) in enumerate(theirs[1]):
            places.setdefault((number, name, what), []).append(uid)
        moved: dict[int, int] = {}
        for uid, (number, name, what) in enumerate(mine[1]):
            there = places.get((number, renaming.get(name, name), what))
            if not there:
                raise ValueError(f"cards_onto: no card in place of {state.cards[uid].label} in the other position")
            to = there.pop(0)
            if to != uid:
                moved[uid] = to
        return moved

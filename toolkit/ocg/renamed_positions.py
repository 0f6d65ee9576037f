"""The OCG's positions up to renaming card names, as a search reads them (``Game.renaming``).

:mod:`toolkit.ocg.renaming` finds the classes of names no rule or card reads and keys a position up
to renaming its *free* class names (those whose cards nothing points at): fast, and what a hand of
textless cards needs.  A class card something points at — a monster whose control was taken (a
lingering effect and the return of control, pending then done, name it) — is kept as it is there.
:func:`pinned_key` also renames those: it is :func:`~toolkit.ocg.symmetry.canonical_key` of the
position renamed, the cards something points at numbered by where they are first pointed at, so two
monsters whose control was taken trade names as two textless cards in a hand do (issue 34's family
(e): 28,536 positions at 10 processes → 12,724), at a few times the cost of a key.
:class:`RenamedKeys` takes :func:`pinned_key` where a class card is pointed at in the search's first
position, the free names' key otherwise; and gives what the search needs to carry outcomes and
example lines across a renaming (:class:`toolkit.core.game.Renaming`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from toolkit.core.values import PositionSummary
from toolkit.ocg.renaming import Classes, rename_summary, renamed_key
from toolkit.ocg.state import State
from toolkit.ocg.symmetry import KeyParts, key_of, key_parts
from toolkit.ocg.values import Card

__all__ = ["RenamedKeys", "pinned_key"]


def _parts(state: State, seen: dict[Card, tuple[object, ...]]) -> KeyParts | None:
    """:func:`~toolkit.ocg.symmetry.key_parts` of ``state``, what each card is but for its processes
    kept in ``seen`` (a search's cards are a few objects met again and again: one per search)."""
    return key_parts(state, seen)


def pinned_key(state: State, classes: Classes, seen: dict[Card, tuple[object, ...]] | None = None,
               names: frozenset[str] | None = None) -> tuple[Hashable, Mapping[str, str]] | None:
    """The key of ``state`` up to renaming within ``classes`` (any class name, whatever points at its
    cards) and which copy is which, with the renaming ``σ`` (name -> canonical name) that takes
    ``state`` there: ``canonical_key`` of ``σ state``, each class's names ordered by what their cards
    are (the number something pointing at a card gives it, and the rest but its name) onto the
    class's names sorted (None: a position ``canonical_key`` does not key).  ``names``: the names of
    ``classes`` (found from them when None).

    >>> import dataclasses
    >>> from toolkit.core.search import play
    >>> from toolkit.ocg.positions import all_distinct
    >>> from toolkit.ocg.renaming import name_classes
    >>> from toolkit.ocg.setup import initial_state
    >>> start = initial_state(all_distinct(5))  # A took control of three monsters until the End Phase
    >>> classes = name_classes(start)
    >>> queen, lady = (play(start, f"エネミーコントローラー: end control until the End Phase on {name}")
    ...                for name in ("ハーピィ・クィーン", "ハーピィ・レディ"))
    >>> pinned_key(queen, classes)[0] == pinned_key(lady, classes)[0], queen == lady
    (True, False)
    >>> renamed_key(queen, classes)[0] == renamed_key(lady, classes)[0]  # (their control effects point at them)
    False
    """
    parts = key_parts(state) if seen is None else _parts(state, seen)
    if parts is None:
        return None
    cards = parts[1]
    if names is None:
        names = frozenset(name for class_names in classes for name in class_names)
    signature: dict[str, list[tuple[int, tuple[object, ...]]]] = {}
    for number, name, what in cards:
        if name in names:
            signature.setdefault(name, []).append((-1 if number is None else number, what))
    for sig in signature.values():
        if len(sig) > 1:
            sig.sort()
    renaming: dict[str, str] = {}
    for class_names in classes:
        ordered = sorted(class_names, key=lambda name: signature.get(name, []))
        renaming.update(zip(ordered, class_names))
    return key_of(parts, renaming), renaming


class RenamedKeys:
    """The OCG's ``Game.renaming`` for a search from ``start`` whose renamed names are ``classes``:
    called with a position, its key up to renaming (:func:`pinned_key` when a class card of ``start``
    is pointed at, else :func:`~toolkit.ocg.renaming.renamed_key`)."""

    def __init__(self, start: State, classes: Classes) -> None:
        self.classes = classes
        names = self.names = frozenset(name for names in classes for name in names)
        """The names of ``classes``."""
        parts = key_parts(start)
        self.pinned = parts is not None and any(number is not None or what[5] or what[6]
                                                for number, name, what in parts[1] if name in names)
        """Whether a class card of the first position is pointed at (a number, a process pending or done)."""
        self.seen: dict[Card, tuple[object, ...]] = {}
        """What each card met is but for its uid, name and processes (:func:`_parts`)."""

    def __call__(self, state: State) -> tuple[Hashable, Mapping[str, str]] | None:
        if self.pinned:
            return pinned_key(state, self.classes, self.seen, self.names)
        return renamed_key(state, self.classes)

    def rename_summary(self, summary: PositionSummary, renaming: Mapping[str, str]) -> PositionSummary:
        return rename_summary(summary, renaming)

    def cards_onto(self, state: State, other: State, renaming: Mapping[str, str]) -> Mapping[int, int]:
        """Each card of ``state`` -> the card in its place in ``other`` (``state`` with the names of
        ``renaming`` renamed, up to which card of a name is which; the two of one key): the one with
        the same number (something points at it), the name it is renamed to and what it is — itself
        where it is one; only those that differ.

        >>> from toolkit.games import shipped_scenario
        >>> from toolkit.core.search import play
        >>> from toolkit.ocg.renaming import name_classes
        >>> from toolkit.ocg.setup import initial_state
        >>> start = initial_state(shipped_scenario("q_readjust_after_hand_grows"))
        >>> at = play(start, "Pass", "Pass")
        >>> one, two = play(at, "Discard(('死者蘇生',))"), play(at, "Discard(('増援',))")
        >>> keys = RenamedKeys(start, name_classes(start))
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
            to = uid if uid in there else there[0]  # (a card of a name not renamed keeps its uid where it can)
            there.remove(to)
            if to != uid:
                moved[uid] = to
        return moved

"""Positions equal up to renaming cards, searched once (:func:`toolkit.core.search.explore`; issue 34).

A game may know that some cards of a position differ only by their names — the same owner,
controller, zone, battle position, tags, processes and lingering effects, the same behaviour, and
nothing in the position reads their names (``Game.renaming``: the OCG's is
``toolkit.ocg.renaming``).  Then two positions that are the same but for which of those cards is
where are one position *renamed*: their lines correspond one for one, each line's outcome the
other's with the names swapped, with the same number of lines.  The game gives each position a
:data:`Canonical` form: a key (equal for two positions equal up to such a renaming) with the
renamed cards in one order; the search (:class:`Renamer`) searches the first position of a key and,
for each later one, renames the first one's outcomes — its final positions (:func:`renamed_summary`)
and events (:func:`renamed_event`) — instead of searching it (:class:`Hop`).  An example line that
goes through a renamed position follows the first one's line with its actions renamed
(:func:`example_actions`): a real line of the position, which replays.

What a renaming cannot keep exact falls back to the search without it: a line that ends in a loop
(it carries its actions), an event that names a renamed card inside a longer text
(:class:`CannotRename`).  ``can_force`` and ``Exploration.forcing`` do not rename (a predicate may
name a renamed card): they search every position as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from toolkit.core.actions import Action, Choice
from toolkit.core.game import Game, GameState
from toolkit.core.values import Event, PositionSummary

__all__ = ["Canonical", "CannotRename", "Hop", "Renamer", "Renaming", "example_actions", "renamed_action",
           "renamed_event", "renamed_summary"]

Canonical = tuple[Hashable, tuple[int, ...], tuple[str, ...]]
"""A position's form up to renaming: the key, and cards (their ids and their names) in the order
the key lists them — two positions with one key are each other with the i-th card of one in place
of the i-th card of the other (the cards not listed in place of themselves); copies of one name
may be listed, as long as each name stands for one name (else the position is searched)."""

OutcomeKey = tuple[PositionSummary, int, Any]
"""An outcome while a search runs (``toolkit.core.search``): the final position, the events as a
bit mask, the loop."""


class CannotRename(Exception):
    """An outcome or a line the renaming cannot carry exactly: the search runs again without it."""


class Renaming(Protocol):
    """A game's cards that differ only by name (``Game.renaming()``)."""

    ordered_zones: frozenset[str]
    """The zones whose names a position summary lists in order (a deck, top first): the others are sorted."""

    def key(self, state: Any) -> Canonical | None:
        """The position's :data:`Canonical` form (None: it is searched as it is)."""
        ...


class _Swap:
    """One renaming's names, with the outcomes it has renamed (one object per renaming in a search)."""

    __slots__ = ("names", "outcomes", "masks", "bits", "summaries")

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.outcomes: dict[int, OutcomeKey] = {}
        """id of an outcome (one object per outcome in a search) -> the outcome renamed."""
        self.masks: dict[int, int] = {}
        self.bits: dict[int, int] = {}
        """An event's bit -> the bit of the event renamed."""
        self.summaries: dict[int, PositionSummary] = {}
        """id of a final position (kept alive by the search's outcomes) -> it renamed."""


@dataclass(frozen=True, slots=True, eq=False)
class Hop:
    """An edge whose position was not searched: it is ``rep`` (searched, its table ``table``) with
    the card ids of ``uids`` (``rep``'s id -> the position's) and the names of ``names`` swapped."""

    table: tuple[Any, ...]
    rep: GameState
    uids: Mapping[int, int]
    swap: _Swap

    @property
    def names(self) -> Mapping[str, str]:
        return self.swap.names


def renamed_summary(summary: PositionSummary, names: Mapping[str, str], ordered: frozenset[str]) -> PositionSummary:
    """``summary`` with the names of ``names`` swapped, each zone's names sorted again (but ``ordered`` zones').

    >>> s = PositionSummary(zones=(("A", "hand", ("x", "z")), ("A", "deck", ("y", "x"))), life=(("A", 8000),))
    >>> renamed_summary(s, {"x": "y", "y": "x"}, frozenset({"deck"})).zones
    (('A', 'hand', ('y', 'z')), ('A', 'deck', ('x', 'y')))
    """
    rows = []
    for player, zone, listed in summary.zones:
        renamed = tuple(names.get(name, name) for name in listed)
        rows.append((player, zone, renamed if zone in ordered else tuple(sorted(renamed))))
    return PositionSummary(zones=tuple(rows), life=summary.life, anonymous=summary.anonymous)


def renamed_event(event: Event, names: Mapping[str, str]) -> Event:
    """``event`` with the card it concerns, its cause and its detail renamed; an event that names a
    renamed card inside a longer text cannot be renamed (:class:`CannotRename`).

    >>> renamed_event(Event("control_changed", card="x", player="B", by="y"), {"x": "w", "w": "x"})
    Event('control_changed', card='w', player='B', by='y')
    """
    detail = event.detail
    if detail is not None and detail not in names and any(name in detail for name in names):
        raise CannotRename(f"the event {event!r} names a renamed card in its detail")
    card, by = event.card, event.by
    return Event(event.kind, None if card is None else names.get(card, card), event.player, event.amount,
                 None if detail is None else names.get(detail, detail), None if by is None else names.get(by, by))


class Renamer:
    """A search's positions up to renaming: which position stands for a new one (:meth:`hop`), and
    the outcomes of the one renamed (:meth:`outcome`).  ``bits``: the search's bit per event;
    ``one_key``: its one object per outcome."""

    def __init__(self, renaming: Renaming, bits: dict[Event, int],
                 one_key: Callable[[OutcomeKey, OutcomeKey], OutcomeKey]) -> None:
        self.key = renaming.key
        self.ordered = renaming.ordered_zones
        self.bits = bits
        self.one_key = one_key
        self.searched: dict[Hashable, tuple[GameState, tuple[int, ...], tuple[str, ...]]] = {}
        """A key -> the position of that key that was searched (with its renamed cards' ids and names)."""
        self.forms: dict[GameState, Canonical | None] = {}
        """The positions met whose key was asked, not searched yet -> their form."""
        self.hops: dict[GameState, Hop] = {}
        self.swaps: dict[tuple[tuple[str, str], ...], _Swap] = {}
        self.by_bit: list[Event] = []
        self.used = False
        """Whether a position was answered by renaming another."""

    def hop(self, child: GameState, memo: Mapping[GameState, tuple[Any, ...]]) -> Hop | None:
        """How ``child`` (not searched) is a searched position renamed, or None (then it is searched)."""
        found = self.hops.get(child)
        if found is not None:
            return found
        if child in self.forms:
            form = self.forms[child]
        else:
            form = self.forms[child] = self.key(child)
        if form is None:
            return None
        rep = self.searched.get(form[0])
        if rep is None:
            return None
        state, uids, names = rep
        table = memo[state]
        moved = {u: v for u, v in zip(uids, form[1]) if u != v}
        pairs: dict[str, str] = {}
        for a, b in zip(names, form[2]):
            if pairs.setdefault(a, b) != b:
                return None  # (copies of one name in place of two names: no renaming of names says so)
        if len(set(pairs.values())) != len(pairs):
            return None
        swapped = tuple((a, b) for a, b in pairs.items() if a != b)
        swap = self.swaps.get(swapped)
        if swap is None:
            swap = self.swaps[swapped] = _Swap(dict(swapped))
        found = self.hops[child] = Hop(table, state, moved, swap)
        self.used = True
        return found

    def searched_now(self, child: GameState) -> None:
        """``child`` was searched (its table is in the memo): it stands for the positions of its key."""
        form = self.forms.pop(child, None)
        if form is not None:
            self.searched.setdefault(form[0], (child, form[1], form[2]))

    def outcome(self, outcome: OutcomeKey, hop: Hop) -> OutcomeKey:
        """``outcome`` (of ``hop.rep``) renamed as ``hop`` says (one object per outcome, as the search keeps them)."""
        swap = hop.swap
        if not swap.names:
            return outcome
        found = swap.outcomes.get(id(outcome))
        if found is None:
            summary, mask, loop = outcome
            if loop is not None:
                raise CannotRename("a line ends in a loop")
            renamed = swap.summaries.get(id(summary))
            if renamed is None:
                renamed = swap.summaries[id(summary)] = renamed_summary(summary, swap.names, self.ordered)
            key = (renamed, self._mask(mask, swap), None)
            found = swap.outcomes[id(outcome)] = self.one_key(key, key)
        return found

    def _mask(self, mask: int, swap: _Swap) -> int:
        """The events of ``mask`` renamed, as a mask (each event renamed once per renaming)."""
        found = swap.masks.get(mask)
        if found is None:
            found = 0
            left = mask
            while left:
                bit = left & -left
                left ^= bit
                new = swap.bits.get(bit)
                if new is None:
                    new = swap.bits[bit] = self._renamed_bit(bit, swap.names)
                found |= new
            swap.masks[mask] = found
        return found

    def _renamed_bit(self, bit: int, names: Mapping[str, str]) -> int:
        """The bit of the event of ``bit`` renamed (a new bit for an event the search has not met)."""
        index = bit.bit_length() - 1
        if index >= len(self.by_bit):
            self.by_bit = list(self.bits)  # the events in the order of their bits (given in the order met)
        renamed = renamed_event(self.by_bit[index], names)
        new = self.bits.get(renamed)
        if new is None:
            new = self.bits[renamed] = 1 << len(self.bits)
        return new


def _mapped(value: Any, uids: Mapping[int, int]) -> Any:
    """An action's ``ref`` (a card id, a tuple of ids, or (id, effect key)) with its ids renamed."""
    if isinstance(value, int):
        return uids.get(value, value)
    if isinstance(value, tuple):
        return tuple(_mapped(v, uids) if isinstance(v, int) else v for v in value)
    return value


def _signature(action: Action, uids: Mapping[int, int]) -> Hashable:
    """What names ``action``'s cards, by ids renamed by ``uids``: its kind, ``ref``, ``choice`` and
    ``option`` (the action itself when it names no card by id)."""
    ref = getattr(action, "ref", None)
    if ref is None:
        return action
    choice = getattr(action, "choice", None)
    picked = None if not isinstance(choice, Choice) else (
        _mapped(choice.targets, uids), _mapped(choice.cost, uids), _mapped(choice.picks, uids), choice.option)
    return (type(action), _mapped(ref, uids), picked, getattr(action, "option", None))


def renamed_action(action: Action, uids: Mapping[int, int], legal: Sequence[Action]) -> Action:
    """The action of ``legal`` that is ``action`` with the cards of ``uids`` renamed.

    >>> from toolkit.core.actions import Pass, Perform
    >>> mine = Perform("x: return", ref=(1, "return"))
    >>> renamed_action(mine, {1: 2}, (Pass(), Perform("y: return", ref=(2, "return"))))
    Perform('y: return')
    """
    wanted = _signature(action, uids)
    found = [a for a in legal if _signature(a, {}) == wanted]
    if len(found) != 1:
        raise CannotRename(f"no one action is {action!r} renamed")
    return found[0]


def example_actions(start: GameState, table: Sequence[Any], at: int, succ: Mapping[GameState, Sequence[Any]],
                    game: Game) -> tuple[Action, ...]:
    """The actions of the example line the entry at ``at`` of ``table`` (``start``'s) starts: the
    edge indices of its linked list read off the graph's edges ``succ``, and after a :class:`Hop`,
    off the searched position's edges, each action renamed onto the line's own position."""
    actions: list[Action] = []
    rep, real = start, start
    uids: dict[int, int] = {}
    renamed = False
    link: Any = table
    while link is not None and link[at + 1] >= 0:
        action, child = succ[rep][link[at + 1]][:2]
        if renamed:
            action = renamed_action(action, uids, game.legal_actions(real))
            real = game.transition(real, action, check=False).state
        actions.append(action)
        link, at = link[at + 2], link[at + 3]
        if type(link) is Hop:
            if not renamed:
                real, renamed = child, True
            uids = {u: uids.get(link.uids.get(u, u), link.uids.get(u, u)) for u in {*uids, *link.uids}}
            uids = {u: v for u, v in uids.items() if u != v}
            rep, link = link.rep, link.table
        else:
            rep = child
    return tuple(actions)

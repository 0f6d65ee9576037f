"""Positions equal up to renaming cards, searched once (:func:`toolkit.core.search.explore`; issue 34).

A game may know that some cards differ only by their names — the same behaviour, and nothing in
the position reads their names (``Game.renaming``; the OCG's: :mod:`toolkit.ocg.renaming`).  Then
two positions that are the same but for which of those names lies where are one position
*renamed*: their lines correspond one for one, each line's outcome the other's with the names
swapped, with the same number of lines.  The game gives each position a key and the renaming that
takes it there; the search (:class:`Renamer`) searches the first position of a key and, for each
later one, renames the first one's outcomes — final positions (``Renaming.rename_summary``) and
events (:func:`~toolkit.core.values.renamed_event`) — instead of searching it (a :class:`Hop`).
An example line through a renamed position follows the first one's line with each action renamed
onto the line's own position (:func:`example_actions`): a real line of the position, which replays.

What a renaming cannot keep exact falls back to the search without it: a line that ends in a loop
(it carries its actions; the whole search runs in full, as for the other reductions), an event that
names a renamed card inside a longer text, an example line no action of the position continues
(:class:`CannotRename`: the search runs again without renaming).  ``can_force`` and
``Exploration.forcing`` do not rename (a predicate may name a renamed card): they search every
position, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.core.actions import Action, Choice
from toolkit.core.values import Event, PositionSummary, renamed_event

if TYPE_CHECKING:
    from toolkit.core.game import Game, GameState, Renaming

    Replays = tuple[dict[GameState, tuple[Action, ...]], dict[tuple[GameState, Action], GameState],
                    dict[tuple[int, GameState], Mapping[int, int]]]
    """What the example lines of one search found of the positions they replay after a hop: each position's
    legal actions, the position after each action taken, and each hop's cards in place (by the hop, alive in
    the search's table, and the position it hops from); the lines of many outcomes share them."""

__all__ = ["CannotRename", "Hop", "Renamer", "example_actions", "renamed_action", "renamed_event_checked"]

OutcomeKey = tuple[PositionSummary, int, Any]
"""An outcome while a search runs (``toolkit.core.search``): the final position, the events as a
bit mask, the loop."""


class CannotRename(Exception):
    """An outcome or a line the renaming cannot carry exactly: the search runs again without it."""


def renamed_event_checked(event: Event, names: Mapping[str, str]) -> Event:
    """``event`` renamed (:func:`~toolkit.core.values.renamed_event`); an event that names a renamed
    card inside a longer text cannot be renamed (:class:`CannotRename`).

    >>> renamed_event_checked(Event("control_changed", card="x", player="B", by="y"), {"x": "w", "w": "x"})
    Event('control_changed', card='w', player='B', by='y')
    >>> renamed_event_checked(Event("performed", detail="end:x:control"), {"x": "w", "w": "x"})
    Traceback (most recent call last):
    ...
    toolkit.core.renaming.CannotRename: the event Event('performed', detail='end:x:control') names a renamed card in its detail
    """
    detail = event.detail
    if detail is not None and detail not in names and any(name in detail for name in names):
        raise CannotRename(f"the event {event!r} names a renamed card in its detail")
    return renamed_event(event, names)


class _Swap:
    """One renaming of names (rep's name -> the position's), with what it has renamed (one object
    per renaming in a search)."""

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
    """An edge whose position was not searched: it is ``rep`` (searched; its table ``table``) with
    the names of ``swap`` renamed (and maybe other copies in place of some)."""

    table: tuple[Any, ...]
    rep: GameState
    swap: _Swap

    @property
    def names(self) -> Mapping[str, str]:
        return self.swap.names


class Renamer:
    """A search's positions up to renaming: which searched position stands for a new one
    (:meth:`hop`), and its outcomes renamed (:meth:`outcome`).  ``bits``: the search's bit per
    event; ``one_key``: its one object per outcome."""

    def __init__(self, renaming: Renaming, bits: dict[Event, int],
                 one_key: Callable[[OutcomeKey, OutcomeKey], OutcomeKey]) -> None:
        self.renaming = renaming
        self.bits = bits
        self.one_key = one_key
        self.searched: dict[int, list[GameState]] = {}
        """The hash of a key -> the searched positions of a key of that hash (a key, a few KB, is kept
        only for the positions that stand for others: ``reps``)."""
        self.reps: dict[GameState, tuple[Hashable, Mapping[str, str]]] = {}
        """A searched position that stood for another -> its key and the renaming that takes it there."""
        self.forms: dict[GameState, tuple[Hashable, Mapping[str, str]] | None] = {}
        """The positions whose key was asked and that are being searched -> their key and renaming."""
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
        form = self.forms[child] = self.renaming(child)
        if form is None:
            return None
        rep = self._searched(form[0])
        if rep is None:
            return None
        del self.forms[child]
        state, to_key = rep
        from_key = {canonical: name for name, canonical in form[1].items()}
        swapped = tuple((name, from_key[canonical]) for name, canonical in to_key.items()
                        if from_key.get(canonical, name) != name)
        swap = self.swaps.get(swapped)
        if swap is None:
            swap = self.swaps[swapped] = _Swap(dict(swapped))
        found = self.hops[child] = Hop(memo[state], state, swap)
        self.used = True
        return found

    def release(self) -> None:
        """Empty what the search kept (see ``Graph.release``: the search's closures hold this object)."""
        for table in (self.searched, self.reps, self.forms, self.hops, self.swaps):
            table.clear()
        self.by_bit.clear()

    def _searched(self, key: Hashable) -> tuple[GameState, Mapping[str, str]] | None:
        """A searched position of ``key``, with its renaming to the key (None: none)."""
        for state in self.searched.get(hash(key), ()):
            form = self.reps.get(state)
            if form is None:
                form = self.renaming(state)  # (a position searched has a key)
                assert form is not None
                self.reps[state] = form
            if form[0] == key:
                return state, form[1]
        return None

    def searched_now(self, child: GameState) -> None:
        """``child`` was searched (its table is in the memo): it stands for the positions of its key."""
        form = self.forms.pop(child, None)
        if form is not None:
            self.searched.setdefault(hash(form[0]), []).append(child)

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
                renamed = swap.summaries[id(summary)] = self.renaming.rename_summary(summary, swap.names)
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
        renamed = renamed_event_checked(self.by_bit[index], names)
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
    """The action of ``legal`` that is ``action`` with the cards of ``uids`` in place of its own.

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
                    game: Game, renaming: Renaming, replays: Replays | None = None) -> tuple[Action, ...]:
    """The actions of the example line the entry at ``at`` of ``table`` (``start``'s) starts: the
    edge indices of its linked list read off the graph's edges ``succ`` and, after a :class:`Hop`,
    off the searched position's edges, each action renamed onto the line's own position (the cards
    in place of the searched position's: ``Renaming.cards_onto``). ``replays``: shared by the example
    lines of one search (None: this line's own)."""
    legal_of, after, onto_of = ({}, {}, {}) if replays is None else replays
    actions: list[Action] = []
    rep, real = start, start
    uids: dict[int, int] = {}
    renamed = False
    link: Any = table
    while link is not None and link[at + 1] >= 0:
        action, child = succ[rep][link[at + 1]][:2]
        if renamed:
            legal = legal_of.get(real)
            if legal is None:
                legal = legal_of[real] = game.legal_actions(real)
            action = renamed_action(action, uids, legal)
            following = after.get((real, action))
            if following is None:
                following = after[(real, action)] = game.transition(real, action, check=False).state
            real = following
        actions.append(action)
        link, at = link[at + 2], link[at + 3]
        if type(link) is Hop:
            if not renamed:
                real, renamed = child, True
            onto = onto_of.get((id(link), child))
            if onto is None:
                try:
                    onto = renaming.cards_onto(link.rep, child, link.names)  # the rep's card -> the child's
                except ValueError as error:
                    raise CannotRename(str(error)) from None
                onto_of[(id(link), child)] = onto
            uids = {u: uids.get(onto.get(u, u), onto.get(u, u)) for u in {*uids, *onto}}
            uids = {u: v for u, v in uids.items() if u != v}
            rep, link = link.rep, link.table
        else:
            rep = child
    return tuple(actions)

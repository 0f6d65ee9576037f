"""Identical copies counted, not enumerated (the search's symmetry reduction, issue 34 item 2).

Two copies of one card that agree on everything the rules read — name, owner, controller, zone,
battle position, tags, their pending processes and the processes they have done — and that
whatever else in the position points at them points at both alike (a deck's order, a lingering
effect, a chain link, a waiting trigger) can trade places: the position with the two
swapped is the same position but for the copy marks, which only name a copy on a line.  So two
actions of one position whose successors are the same up to such a swap (and whose events are
the same: events name cards, never copies) start, one for one, lines with the same outcomes: the
search follows the first and counts it for both (:func:`symmetric`, merged by
:mod:`toolkit.core.graph` with the groups of :mod:`toolkit.ocg.independence`).  Where n copies
had 2^n positions (every subset done) the search now meets n + 1 (how many are done).

Where the copies' actions are one effect with nothing chosen, the groups are found from the
position alone (:func:`twins`: cards that agree on all the key reads and that nothing points at —
swapping them maps the position onto itself), so only the other actions' successors are keyed.

The test is the successors' :func:`canonical_key`: the position with each such copy replaced by
what it is (no uid, no mark), as a sorted multiset; the cards something points at (a chain link,
a waiting trigger, a deck's order, a lingering effect) are numbered by where they are first
pointed at, not by uid, so two copies whose chain links a set Trap may answer, or two copies in
one deck, are interchangeable where they lie alike.  A position with an attack or a "when …"
moment is not keyed (None: no merge).  Nor is anything merged where the system orders the
processes (``process_order``, the video game, V1): its order breaks ties by the card's place in
the position, so two copies are not interchangeable there (the copy before another card's
process and the copy after it).  A reduced search that meets a loop is run in full (loops name
their actions).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from itertools import chain as chained
from typing import Any

from toolkit.core.actions import NO_CHOICE, Action, Activate, Perform, Respond
from toolkit.core.game import Successor
from toolkit.core.later import LaterStep
from toolkit.core.values import Event
from toolkit.ocg.independence import interchangeable
from toolkit.ocg.state import State
from toolkit.ocg.values import Card

__all__ = ["CardPart", "KeyParts", "canonical_key", "has_copies", "key_of", "key_parts", "ohka", "reduced_groups",
           "symmetric", "symmetric_by_successors", "twins", "union_groups"]


def ohka(n: int) -> Any:
    """A position of ``n`` tribute-less copies of 《光神機−桜火》 (each sends itself to the GY in the End
    Phase), the turn player's (the doctests' example of copies)."""
    from toolkit.ocg.scenario import scenario_from_dict

    return scenario_from_dict({"title": f"{n} Ohka", "turn_player": "A", "date": "2024-01-01", "players": {
        "A": {"field": [{"name": f"光神機−桜火#{i}", "tags": ["tribute_less_summoned"]} for i in range(1, n + 1)]},
        "B": {}}})


def has_copies(state: State) -> bool:
    """Whether two cards of the position share a name and an owner (only then can a swap leave it
    unchanged: the key reads each card's owner, which never changes — a copy in each player's deck
    never trades places with the other).

    >>> from toolkit.ocg.setup import initial_state
    >>> has_copies(initial_state(ohka(3))), has_copies(initial_state(ohka(1)))
    (True, False)
    """
    tables = state.tables
    found = _NAMESAKES.get(id(tables))
    if found is None or found[0] is not tables:
        if len(_NAMESAKES) >= _NAMESAKES_KEPT:
            _NAMESAKES.clear()
        found = _NAMESAKES[id(tables)] = (tables, _namesakes(state.cards))
    cards = state.cards
    for uids in found[1]:  # (a card's owner never changes, yet a hand-built position may give any: read here)
        if len({cards[uid].owner for uid in uids}) < len(uids):
            return True
    return False


def _namesakes(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], ...]:
    """The uids of each name that two or more of ``cards`` share."""
    by_name: dict[str, list[int]] = {}
    for card in cards:
        by_name.setdefault(card.name, []).append(card.uid)
    return tuple(tuple(uids) for uids in by_name.values() if len(uids) > 1)


_NAMESAKES: dict[int, tuple[object, tuple[tuple[int, ...], ...]]] = {}
"""id of a position's tables -> (the tables, :func:`_namesakes` of its cards): the tables are made per
list of card names in uid order (``tables.position_tables``), so every position holding them has the
same names at the same uids. The entry holds the tables, so its id names no other object while kept."""
_NAMESAKES_KEPT = 16


def _number(pinned: dict[int, int], uids: tuple[int, ...]) -> tuple[int, ...]:
    """``uids`` by their numbers in ``pinned``, numbering the new ones next (below 0: kept)."""
    for uid in uids:
        if uid >= 0:
            pinned.setdefault(uid, len(pinned))
    return tuple(pinned.get(uid, uid) for uid in uids)


def _pinned(state: State) -> tuple[dict[int, int], tuple[object, ...]] | None:
    """The uids something in the position points at besides the card itself, each numbered by where
    it is first pointed at — the chain's links (their card, subjects, targets, costs, picks), the
    waiting triggers, the decks top first, then the lingering effects in order — so that two
    positions the same but for which copy is which number their cards alike; with the chain and the
    waiting triggers written with those numbers (None: an attack or a moment — not keyed)."""
    if state.moment or state.attacker != -1:
        return None
    pinned: dict[int, int] = {}
    chain: list[object] = []
    for link in state.chain:
        choice = link.choice
        target = link.lingering
        chain.append((_number(pinned, (link.source,)), link.name, link.key, link.controller, link.speed, link.cause,
                      _number(pinned, link.subjects), _number(pinned, choice.targets), _number(pinned, choice.cost),
                      _number(pinned, choice.picks), choice.option, link.card_activation, link.card_type,
                      None if link.process is None else (_number(pinned, (link.process[0],)), link.process[1]),
                      None if target is None else (target.source, target.controller, target.effect,
                                                   _number(pinned, (target.target,)), target.duration),
                      link.negated, link.activation_negated))
    waiting = tuple((_number(pinned, (w.source,)), w.key, w.controller, w.mandatory, w.cause,
                     _number(pinned, w.subjects)) for w in state.waiting)
    point = pinned.setdefault  # (_number's numbering, written out: every position keyed comes here)
    for deck in state.decks:
        for uid in deck:
            if uid >= 0:
                point(uid, len(pinned))
    for item in state.lingering:
        if item.target >= 0:
            point(item.target, len(pinned))
    for process in state.pending:
        if process.lingering and process.source >= 0:
            point(process.source, len(pinned))
    return pinned, (tuple(chain), waiting)



pinned_numbers = _pinned
"""The cards something points at, numbered, and the chain and waiting triggers so written (:func:`_pinned`;
read by ``toolkit.ocg.renamed_positions``)."""

CardPart = tuple[int | None, str, tuple[object, ...]]
"""A card as :func:`canonical_key` reads it: (its number when something points at it, else None; its
name; what it is but for its name and uid — owner, controller, zone, battle position, tags, pending
processes and processes done)."""

KeyParts = tuple[tuple[object, ...], tuple[CardPart, ...], tuple[object, ...]]
"""What :func:`key_parts` reads of a position: (the parts that name no card of the position — who
acts, life, the pending processes of no card, ...; the cards; the parts that name cards by number)."""


_PROCESS_PART: dict[int, tuple[object, tuple[object, ...]]] = {}
"""id of a pending process -> (the process, held; what :func:`key_parts` reads of it)."""
_GROUPED_PENDING: dict[int, tuple[object, tuple[object, ...], dict[int, tuple[object, ...]]]] = {}
"""id of a position's pending processes -> (that tuple, held; the processes of no card; each card's, sorted)."""
_GROUPED_DONE: dict[int, tuple[object, frozenset[tuple[int, str]], dict[int, tuple[str, ...]]]] = {}
"""id of a position's processes done -> (that set, held; those of no card; each card's keys, sorted)."""
_GROUPS_KEPT = 128
"""How many pending tuples and done sets the tables above keep (emptied when full: a position's
successors, met one after the other, share a few of each; a bigger table keeps a search's groupings
alive for nothing — at 4,096 the reduced search of 17 different cards peaked at 2,379 bytes per position
instead of 1,965, no faster)."""
_GROUPS_OF: list[object] = [None]
"""The position tables whose positions the three grouping tables above hold (a search's): keying a position of other
tables empties them first, so that they keep nothing of an earlier search alive and a search's memory does not
depend on which searches ran before it in the process (tests/engine/test_memory_sharing.py measures it)."""


def _forget_groupings(tables: object) -> None:
    """Empty the grouping tables for the positions of ``tables``."""
    _GROUPED_PENDING.clear()
    _GROUPED_DONE.clear()
    _PROCESS_PART.clear()
    _GROUPS_OF[0] = tables


def _grouped_pending(pending: tuple[Any, ...]) -> tuple[tuple[object, ...], dict[int, tuple[object, ...]]]:
    """The processes of no card, and each card's processes as :func:`key_parts` reads them (sorted)."""
    found = _GROUPED_PENDING.get(id(pending))
    if found is not None and found[0] is pending:
        return found[1], found[2]
    if len(_GROUPED_PENDING) >= _GROUPS_KEPT or len(_PROCESS_PART) >= _GROUPS_KEPT:
        _GROUPED_PENDING.clear()
        _PROCESS_PART.clear()
    unowned: list[object] = []
    per_card: dict[int, list[tuple[object, ...]]] = {}
    for process in pending:
        if process.source < 0:
            unowned.append(process)
            continue
        known = _PROCESS_PART.get(id(process))
        if known is None or known[0] is not process:
            known = _PROCESS_PART[id(process)] = (process, (
                process.key, process.controller, int(process.kind), process.mandatory, process.chain_link,
                process.lingering))
        per_card.setdefault(process.source, []).append(known[1])
    grouped: dict[int, tuple[object, ...]] = {uid: tuple(sorted(parts)) for uid, parts in per_card.items()}
    _GROUPED_PENDING[id(pending)] = (pending, tuple(unowned), grouped)
    return tuple(unowned), grouped


def _grouped_done(done: frozenset[tuple[int, str]]) -> tuple[frozenset[tuple[int, str]], dict[int, tuple[str, ...]]]:
    """The processes done of no card, and each card's keys done (sorted)."""
    found = _GROUPED_DONE.get(id(done))
    if found is not None and found[0] is done:
        return found[1], found[2]
    if len(_GROUPED_DONE) >= _GROUPS_KEPT:
        _GROUPED_DONE.clear()
    unowned: list[tuple[int, str]] = []
    per_card: dict[int, list[str]] = {}
    for uid, key in done:
        if uid < 0:
            unowned.append((uid, key))
        else:
            per_card.setdefault(uid, []).append(key)
    grouped = {uid: tuple(sorted(keys)) for uid, keys in per_card.items()}
    _GROUPED_DONE[id(done)] = (done, frozenset(unowned), grouped)
    return frozenset(unowned), grouped


def key_parts(state: State, seen: dict[Card, tuple[object, ...]] | None = None) -> KeyParts | None:
    """The parts of a position :func:`canonical_key` is made of (None: an attack or a moment, not
    keyed): the cards each as a :data:`CardPart`, so that a key may rename cards (:func:`key_of`).
    ``seen``: what each card is but for its processes, kept across calls (a search's cards are a few
    objects met again and again: one dict per search).  A position's pending processes and processes
    done are grouped by card once per tuple (successors share them)."""
    found = _pinned(state)
    if found is None:
        return None
    pinned, links = found
    if state.tables is not _GROUPS_OF[0]:
        _forget_groupings(state.tables)
    unowned, per_card = _grouped_pending(state.pending)
    unowned_done, done_per_card = _grouped_done(state.done)
    if seen is None:
        seen = {}
    parts: list[CardPart] = []
    number, pending_of, done_of, append = pinned.get, per_card.get, done_per_card.get, parts.append
    for card in state.cards:
        base = seen.get(card)
        if base is None:
            base = seen[card] = (card.owner, card.controller, card.zone.value, card.position.value,
                                 tuple(sorted(card.tags)))
        uid = card.uid
        append((number(uid), card.name, (*base, pending_of(uid, ()), done_of(uid, ()))))
    cards = tuple(parts)
    decks = tuple(tuple(pinned[uid] for uid in deck) for deck in state.decks)
    lingering = tuple((item.source, item.controller, item.effect, pinned.get(item.target, item.target), item.duration)
                      for item in state.lingering)
    return ((state.turn_player, state.life, state.step, state.priority, state.passes, state.forced,
             state.adjusted, state.after_chain, state.skipped, state.phase, state.declared, decks,
             state.anonymous, lingering),
            cards, (unowned, unowned_done, links))


def key_of(parts: KeyParts, renaming: Mapping[str, str] | None = None) -> Hashable:
    """The key of the position whose :func:`key_parts` are ``parts``, its cards named by ``renaming``
    (name -> the name it stands as; a name not in it stays): the cards something points at by their
    numbers, the others as a sorted multiset."""
    fixed_cards: list[tuple[int, tuple[object, ...]]] = []
    free: list[tuple[object, ...]] = []
    for number, name, what in parts[1]:
        named = (name if renaming is None else renaming.get(name, name),) + what
        if number is not None:
            fixed_cards.append((number, named))
        else:
            free.append(named)
    free.sort()
    fixed_cards.sort()
    unowned, unowned_done, links = parts[2]
    return (*parts[0], tuple(fixed_cards), tuple(free), unowned, unowned_done, links)


def canonical_key(state: State) -> Hashable | None:
    """The position with its free copies as an unordered multiset of what they are, and the cards
    something points at numbered as :func:`_pinned` does, never by uid (see the module docstring);
    two positions with one key are the same but for which copy is which.

    >>> from toolkit.core.search import play
    >>> from toolkit.ocg.setup import initial_state
    >>> start = initial_state(ohka(3))
    >>> first, second = (play(start, "光神機−桜火#1: send itself to the GY"), play(start, "光神機−桜火#2: send itself to the GY"))
    >>> first == second, canonical_key(first) == canonical_key(second)
    (False, True)
    """
    parts = key_parts(state)
    return None if parts is None else key_of(parts)


_EVENT_SETS: dict[int, tuple[tuple[Event, ...], frozenset[Event]]] = {}
"""id of a step's events tuple -> (the tuple, its set): a remembered step hands out one tuple per change
(``procedure.remembered``), so its set (an Event's hash is Python code) is made once. The entry holds the
tuple, so its id names no other object while it is kept."""
_EVENT_SETS_KEPT = 1024


def _event_set(events: tuple[Event, ...]) -> frozenset[Event]:
    """``frozenset(events)``, kept by the tuple's id (see ``_EVENT_SETS``)."""
    found = _EVENT_SETS.get(id(events))
    if found is not None and found[0] is events:
        return found[1]
    made = frozenset(events)
    if len(_EVENT_SETS) >= _EVENT_SETS_KEPT:
        _EVENT_SETS.clear()
    _EVENT_SETS[id(events)] = (events, made)
    return made


_TWIN_ACTIONS = (Perform, Activate, Respond)
"""The actions that name a card's effect by ``ref`` = (the card's uid, the effect's key)."""


def _copy_of(state: State, uid: int, pending: dict[int, list[tuple[object, ...]]],
             done: dict[int, list[str]]) -> tuple[object, ...]:
    """What the copy ``uid`` is, but for its uid and mark (the ``what`` of :func:`canonical_key`)."""
    card = state.cards[uid]
    return (card.owner, card.controller, card.zone, card.position, card.tags, tuple(sorted(pending.get(uid, ()))),
            tuple(sorted(done.get(uid, ()))))


def twins(state: State, actions: tuple[Action, ...], results: Sequence[Successor],
          among: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Groups of indices of ``actions`` (of ``among``) that are one action of copies the position
    cannot tell apart: the same effect, nothing chosen, of cards that agree on everything
    :func:`canonical_key` reads of a copy and that nothing points at (so swapping them leaves the
    key unchanged).  Swapping the two copies maps the position onto itself and one action onto the
    other, so their successors are the same but for which copy is which — what :func:`symmetric`
    finds by keying both successors, found here from the position alone (the successors are only
    checked to agree on their events, who acts and the life points, a cheap guard)."""
    if state.moment or state.attacker != -1 or state.ruleset.process_order is not None:
        return ()
    by_effect: dict[tuple[object, ...], list[int]] = {}
    cards = state.cards
    for i in among:
        action = actions[i]
        if type(action) not in _TWIN_ACTIONS:
            continue
        assert isinstance(action, (Perform, Activate, Respond))
        if action.choice is not NO_CHOICE or action.target or action.cost or action.picks or action.option is not None:
            continue
        uid, key = action.ref
        if uid >= 0:
            by_effect.setdefault((type(action), key, cards[uid].name), []).append(i)
    alike = [same for same in by_effect.values() if len(same) > 1]
    if not alike:
        return ()
    pinned: Collection[int]
    if state.chain or state.waiting or state.lingering or any(p.lingering for p in state.pending):
        found = _pinned(state)
        assert found is not None  # (no attack, no moment: above)
        pinned = found[0]
    else:  # nothing points at a card but a deck's order (what ``_pinned`` finds then)
        pinned = set(chained.from_iterable(state.decks))
    uids = {actions[i].ref[0] for same in alike for i in same}  # type: ignore[attr-defined]
    pending: dict[int, list[tuple[object, ...]]] = {}
    for process in state.pending:
        if process.source in uids:
            pending.setdefault(process.source, []).append(
                (process.key, process.controller, int(process.kind), process.mandatory, process.chain_link,
                 process.lingering))
    done: dict[int, list[str]] = {}
    for uid, key in state.done:
        if uid in uids:
            done.setdefault(uid, []).append(key)
    groups: list[tuple[int, ...]] = []
    for same in alike:
        copies: dict[tuple[object, ...], list[int]] = {}
        for i in same:
            uid = actions[i].ref[0]  # type: ignore[attr-defined]
            child = results[i][0]
            if uid not in pinned and isinstance(child, State):
                copies.setdefault((_copy_of(state, uid, pending, done), _event_set(results[i][1]), child.step,
                                   child.priority, child.passes, child.life, len(child.pending), len(child.done)),
                                  []).append(i)
        groups += (tuple(g) for g in copies.values() if len(g) > 1)
    return tuple(groups)


def symmetric_by_successors(state: State, actions: tuple[Action, ...], results: Sequence[Successor],
                            among: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], ...]:
    """Groups of indices of ``actions`` (those of ``among``; None: all) whose successors are the same
    but for which copy is which, with the same events (the first of a group stands for the others).
    The successors are first sorted by a few cheap fields (events, who acts, passes, life, how many
    processes are pending): only those that agree there are keyed (:func:`canonical_key`)."""
    indices = range(len(actions)) if among is None else among
    if len(indices) < 2 or state.ruleset.process_order is not None:
        return ()
    buckets: dict[Hashable, list[int]] = {}
    for i in indices:
        result = results[i]
        child = result[0]
        if isinstance(child, State):
            buckets.setdefault((_event_set(result[1]), child.step, child.priority, child.passes, child.life,
                                len(child.pending), len(child.done)), []).append(i)
    candidates = [bucket for bucket in buckets.values() if len(bucket) > 1]
    if not candidates or not has_copies(state):
        return ()
    groups: list[tuple[int, ...]] = []
    for bucket in candidates:
        same: dict[Hashable, list[int]] = {}
        for i in bucket:
            key = canonical_key(results[i][0])  # a State: bucketed above
            if key is not None:
                same.setdefault(key, []).append(i)
        groups += (tuple(g) for g in same.values() if len(g) > 1)
    return tuple(sorted(groups))


def union_groups(size: int, *partitions: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The groups of several answers joined where they share a member (each answer's groups stand
    for each other, so their unions do too), each sorted, in the order of its first member.

    >>> union_groups(5, ((0, 2),), ((2, 3),), ())
    ((0, 2, 3),)
    """
    members = [i for groups in partitions for group in groups for i in group]
    if len(set(members)) == len(members):  # no two groups share a member: nothing to join
        return tuple(sorted(tuple(sorted(g)) for groups in partitions for g in groups if len(g) > 1))
    parent = list(range(size))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for groups in partitions:
        for group in groups:
            first = root(group[0])
            for member in group[1:]:
                other = root(member)
                if other != first:
                    parent[other] = first
    joined: dict[int, list[int]] = {}
    for i in range(size):
        joined.setdefault(root(i), []).append(i)
    return tuple(tuple(g) for g in sorted(joined.values()) if len(g) > 1)


def symmetric(state: State, actions: tuple[Action, ...], results: Sequence[Successor],
              among: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], ...]:
    """:func:`symmetric_by_successors`'s groups, found with fewer successors keyed: the :func:`twins`
    first, then the successors of the rest and of each twin group's first keyed (the same groups:
    twins have successors with one key)."""
    indices = tuple(range(len(actions))) if among is None else among
    if len(indices) < 2 or state.ruleset.process_order is not None or not has_copies(state):
        return ()
    found = twins(state, actions, results, indices)
    if not found:
        return symmetric_by_successors(state, actions, results, indices)
    stood_for = {i for group in found for i in group[1:]}
    rest = symmetric_by_successors(state, actions, results, tuple(i for i in indices if i not in stood_for))
    return union_groups(len(actions), found, rest)


def _made(results: Sequence[Successor | LaterStep], among: tuple[int, ...]) -> Sequence[Successor]:
    """``results`` with the later steps of ``among`` made (written back where ``results`` is a list)."""
    made = results
    for i in among:
        result = made[i]
        if isinstance(result, LaterStep):
            if not isinstance(made, list):
                made = list(made)
            made[i] = result.made()
    return made  # type: ignore[return-value]


def reduced_groups(state: State, actions: tuple[Action, ...],
                   results: Sequence[Successor | LaterStep]) -> tuple[tuple[int, ...], ...]:
    """The OCG's ``Game.grouping``: interchangeable processes (:mod:`toolkit.ocg.independence`)
    joined with symmetric copies (:func:`symmetric`)."""
    independent = interchangeable(state, actions, results, mills=True)
    folded = {i for group in independent for i in group[1:]}  # already stood for by their group's first
    among = tuple([i for i in range(len(actions)) if i not in folded])
    made = _made(results, among)
    copies = symmetric(state, actions, made, among)
    if not copies:
        return independent
    return union_groups(len(actions), independent, copies)

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
  its English names and reading — and but for the fields no text of the position reads
  (:mod:`toolkit.ocg.fields_read`: a monster's kind, archetypes, attribute, Level, monster type,
  each left out only where no card filter of the position names it and no card has a continuous
  effect) —, and neither card has an effect of any kind in any text version
  (no phase process, trigger, quick effect, no-chain-link effect or lingering effect: nothing of
  either is keyed by the name, e.g. a hard once per turn or a process key);
* nothing of the position names them: no card's written text mentions either name or filters by a
  part of a name that one matches (``name_contains: ハーピィ`` and 《ハーピィ・レディ》), no lingering
  effect or chain link is theirs, and the question (``named``) names neither;
* every card of the position has its text written as data (a card written in Python may read names
  in ways no scan sees: then no class at all), no card's text picks "the first" of cards a class card
  may be among (the order of uids, which the key does not keep: then no class at all either), and
  the rule set does not order processes by the cards' places (``process_order``, V1, as for copies).

"Same name" rules (a hard once per turn by name, the adjustment offering each name once, "distinct
names") read only which cards share a name, which a one-to-one renaming keeps.  When unsure, a name
is in no class.  A class is a set of names, not of cards: a card keeps its owner, zone, tags and
processes, and each name may have several copies.

**The key** (:func:`renamed_key`).  Renaming a class's names one to one (a permutation ``π``) maps a
position ``s`` onto a position ``π s``; the dynamics commute with it: an action of ``s`` is an
action of ``π s`` and leads to ``π`` of its successor with its events renamed (``card``, ``by``),
since nothing the rules compute reads the names but through what is equal (above), and a uid keeps
its name along a search.  The key keeps a position's cards of no class as they are, and per class
the cards of its free names (those none of whose cards something points at by uid: a chain link,
a waiting trigger, a deck's order, ...) as bundles of what they are but for name and uid, sorted:
two positions with one key are the same up to renaming free names within classes (and
renumbering their cards, as copies are renumbered by :mod:`toolkit.ocg.symmetry`).  The renaming
``σ`` returned with the key takes the position to it: an outcome reached from ``s``, renamed by
``σ`` (:func:`rename_event`, i.e. :func:`toolkit.core.values.renamed_event`, and
:func:`rename_summary`), is one reached from any position with that key, renamed by its ``σ``.

>>> from toolkit.games import shipped_scenario
>>> from toolkit.ocg.setup import initial_state
>>> start = initial_state(shipped_scenario("q_readjust_after_hand_grows"))
>>> name_classes(start)
(('おろかな埋葬', '増援', '強欲な壺', '死者蘇生'), ('ジェネティック・ワーウルフ', 'ブラッド・ヴォルス'))
>>> name_classes(start, named={"増援"})[0]
('おろかな埋葬', '強欲な壺', '死者蘇生')
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping
from functools import lru_cache
from operator import attrgetter

from toolkit.core.values import PositionSummary
from toolkit.core.values import renamed_event as rename_event
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.fields_read import blank_unread, unread_fields
from toolkit.ocg.state import STATE_FIELDS, State
from toolkit.ocg.symmetry import canonical_key
from toolkit.ocg.tables import PositionTables
from toolkit.ocg.values import Card

__all__ = ["Classes", "name_classes", "rename_event", "rename_summary", "renamed_key"]

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


_ORDERED = ("first", "first_of_each", "up_to_distinct_names")
"""The selectors that pick cards by their order (the first matching card, the first of each name)."""

_NAMING = ("name", "name_in", "name_contains")
"""A filter holding one of these matches only cards of names its text writes (never in a class)."""


def _reads_order(written: object) -> bool:
    """Whether a card's written text picks the first of the cards a filter matches (by the order of
    uids, which a key up to renaming does not keep) among cards a class card may be: a filter that
    names the cards (``name``, ``name_in`` listing a name at least, ``name_contains``) or looks only at
    the deck (whose order a key keeps) does not.

    >>> _reads_order({"do": {"send_to_gy": {"first": {"monster": True, "not_itself": True}}}})
    True
    >>> _reads_order({"do": {"special_summon": {"first": {"zones": ["hand", "deck"], "name": "X"}}}})
    False
    >>> _reads_order({"do": {"send_to_gy": {"first": {"zones": "hand", "name_in": []}}}})  # (no name listed)
    True
    """
    if isinstance(written, Mapping):
        for key, value in written.items():
            if key in _ORDERED:
                found = value.get("filter", value) if key == "up_to_distinct_names" and isinstance(value, Mapping) \
                    else value
                for one in (found if isinstance(found, (list, tuple)) else (found,)):
                    if not isinstance(one, Mapping) or not (any(one.get(k) for k in _NAMING)  # (name_in: []: any name)
                                                            or one.get("zones") in ("deck", ["deck"], ("deck",))):
                        return True
            elif _reads_order(value):
                return True
    elif isinstance(written, (list, tuple)):
        return any(_reads_order(item) for item in written)
    return False


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
    readers: list[CardBehaviour] = []
    for name in sorted(names | read):
        card = behaviour(name)
        if card.written is None:
            if _effects(card):
                return ()  # (a card written in Python: what it reads of names is not seen)
            continue
        if _effects(card):
            if _reads_order(card.written):
                return ()  # (it picks the first of cards a class card may be among: their order is read)
            written += _strings(card.written)
            readers.append(card)
    unread = unread_fields(readers)  # (the printed fields no text of the position reads)
    candidates: dict[object, list[str]] = {}
    for name in sorted(names - read - named):
        card = behaviour(name)
        if _effects(card) or any(name in text or (text and text in name and any(w in under for w in _NAME_KEYS))
                                 for under, text in written):
            continue
        candidates.setdefault(blank_unread(card, name, unread), []).append(name)
    return tuple(sorted(tuple(same) for same in candidates.values() if len(same) > 1))


_REST = attrgetter(*(name for name in STATE_FIELDS if name not in ("cards", "ruleset")))
"""A position's fields but its cards and rule set (one search's positions share it, as in
:func:`~toolkit.ocg.symmetry.canonical_key`)."""


_Named = tuple[tuple[object, ...], dict[str, str], tuple[int, ...]]
"""What :func:`_bundled` finds: the bundles of the free names per class, the renaming, the other uids."""


class _Plan:
    """For the positions of one search (one position tables: a uid keeps its name): the uids of the
    cards of no class, in order; per class, each of its names with the uids of its cards; every class
    card's uid, in order; and what the class cards met were named (kept by the cards' values)."""

    __slots__ = ("others", "by_class", "class_uids", "in_classes", "named")

    def __init__(self, names: tuple[str, ...], classes: Classes) -> None:
        of_class = {name for names_ in classes for name in names_}
        by_name: dict[str, list[int]] = {}
        for uid, name in enumerate(names):
            by_name.setdefault(name, []).append(uid)
        self.others = tuple(uid for uid, name in enumerate(names) if name not in of_class)
        self.by_class = tuple(tuple((name, tuple(by_name.get(name, ()))) for name in names_) for names_ in classes)
        self.class_uids = frozenset(uid for uid, name in enumerate(names) if name in of_class)
        self.in_classes = tuple(sorted(self.class_uids))
        self.named: dict[tuple[tuple[Card, ...], frozenset[int]], _Named] = {}
        """(the class cards in uid order, those something points at) -> :func:`_bundled`."""


_PLANS: dict[tuple[PositionTables, Classes], _Plan] = {}
_PLANS_KEPT = 64
_NAMED_KEPT = 1 << 16


def _plan(state: State, classes: Classes) -> _Plan:
    """The :class:`_Plan` of ``state``'s search (its tables are those of its card names in uid order,
    ``position_tables``; bounded)."""
    found = _PLANS.get((state.tables, classes))
    if found is None:
        if len(_PLANS) >= _PLANS_KEPT:
            _PLANS.clear()
        elif sum(len(plan.named) for plan in tuple(_PLANS.values())) >= _NAMED_KEPT:  # (a copy: threads add plans)
            for plan in tuple(_PLANS.values()):  # (all plans together keep at most about twice _NAMED_KEPT names)
                plan.named.clear()
        found = _PLANS[(state.tables, classes)] = _Plan(tuple(card.name for card in state.cards), classes)
    elif len(found.named) >= _NAMED_KEPT:
        found.named.clear()
    return found


_NOTHING: frozenset[int] = frozenset()


def _pointed(state: State, uids: frozenset[int]) -> frozenset[int] | None:
    """The uids of ``uids`` something of ``state`` besides the cards names — a chain link (its card,
    subjects, targets, costs, picks, process, lingering effect), a waiting trigger, a deck's order, a
    lingering effect, a pending or done process, an attack — or None for a position with a moment
    (what it answers names a uid: not keyed, as in :func:`~toolkit.ocg.symmetry.canonical_key`)."""
    if state.moment:
        return None
    found: set[int] = set()
    for link in state.chain:
        choice = link.choice
        found.update((link.source, *link.subjects, *choice.targets, *choice.cost, *choice.picks))
        if link.process is not None:
            found.add(link.process[0])
        if link.lingering is not None:
            found.add(link.lingering.target)
    for trigger in state.waiting:
        found.update((trigger.source, *trigger.subjects))
    for deck in state.decks:
        found.update(deck)
    found.update(item.target for item in state.lingering)
    found.update(process.source for process in state.pending)
    found.update(uid for uid, _key in state.done)
    found.add(state.attacker)
    return _NOTHING if uids.isdisjoint(found) else uids.intersection(found)


def _bundled(plan: _Plan, cards: tuple[Card, ...], classes: Classes, pointed: frozenset[int]) -> _Named:
    """The renaming of the names of ``classes`` none of whose cards is ``pointed`` at (the free names),
    in the order of what their cards are (each but for its name and uid, sorted), onto the same names
    sorted; and what the key keeps: per class, those bundles in that order, and the uids of the other
    cards (of no class or of a name something points at), in order."""
    renaming: dict[str, str] = {}
    bundles: list[tuple[tuple[tuple[object, ...], ...], ...]] = []
    fixed: list[int] = list(plan.others)
    for names, in_class in zip(classes, plan.by_class):
        ordered = []
        for name, uids in in_class:
            if pointed.isdisjoint(uids):
                ordered.append((tuple(sorted((card.owner, card.controller, str(card.zone), str(card.position),
                                              tuple(sorted(card.tags))) for card in (cards[uid] for uid in uids))),
                                name))
            else:
                fixed += uids
        ordered.sort()
        renaming.update(zip((name for _what, name in ordered), sorted(name for _what, name in ordered)))
        bundles.append(tuple(what for what, _name in ordered))
    return tuple(bundles), renaming, tuple(sorted(fixed))


def renamed_key(state: State, classes: Classes) -> tuple[Hashable, Mapping[str, str]] | None:
    """The key of ``state`` up to renaming within ``classes``, with the renaming ``σ`` (name ->
    canonical name; other names stay) that takes ``state`` to it (None: a position with a moment,
    not keyed; no classes: :func:`~toolkit.ocg.symmetry.canonical_key`, no renaming).

    The key is the position's fields but its cards (the rule set left out, as in ``canonical_key``);
    its cards of no class, and those of a name one of whose cards something points at (a chain link,
    a waiting trigger, a deck's order, ... — :func:`_pointed`), as they are (uid and name); and per
    class, the other ("free") names' cards, each name's as the sorted tuple of what they are but for
    name and uid, in sorted order.  Two positions with one key have the same cards of fixed names
    and fields that name no free card, and per class the same bundles: renaming the free names one
    to one (and renumbering their cards) takes one to the other.  ``σ`` gives the free names of each
    class, in the order of their bundles, the same names in sorted order.

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
    if not classes:
        key = canonical_key(state)
        return None if key is None else (key, {})
    plan = _plan(state, classes)
    pointed = _pointed(state, plan.class_uids)
    if pointed is None:
        return None
    cards = state.cards
    class_cards = tuple(cards[uid] for uid in plan.in_classes)
    found = plan.named.get((class_cards, pointed))
    if found is None:
        found = plan.named[(class_cards, pointed)] = _bundled(plan, cards, classes, pointed)
    return (tuple(cards[uid] for uid in found[2]), found[0], _REST(state)), found[1]


def rename_summary(summary: PositionSummary, renaming: Mapping[str, str]) -> PositionSummary:
    """An outcome's final position with its card names renamed by ``renaming`` (zones sorted again,
    decks kept in order)."""
    if not renaming:
        return summary
    zones = tuple((player, zone, tuple(renaming.get(n, n) for n in names) if zone == "deck"
                   else tuple(sorted(renaming.get(n, n) for n in names))) for player, zone, names in summary.zones)
    return PositionSummary(zones, summary.life, summary.anonymous)

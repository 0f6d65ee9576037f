"""Which End Phase processes stand for each other (the search's reduction).

Two mandatory processes of the player who must act commute when each moves
only its own card and nothing else in the position can tell which was done
first.  Then every line that performs one first has, one for one, a line
that performs the other first with the same outcome, and the search follows
one order only and counts the others (:mod:`toolkit.core.graph`).

This module says so only when it can be sure, and otherwise nothing (the
search is then the full one).  It is sure when ALL of these hold:

* the position: the End Phase before the adjustment, an open game state or a
  forced process (R7), no chain and no waiting trigger, the paper rules (no
  ``process_order``: under V1 the system orders the processes);
* every card of the position (in any zone, deck included) has only End
  Phase processes known (below) to read and move only their own card or a
  deck, no trigger effect, no continuous effect, and
  quick effects only of the kinds below (they look at the chain alone) — or,
  for a card with nothing but triggers and quick effects, it lies where it can
  never act: in a deck, or (triggers about itself only) in a graveyard or
  banished, while no other card's process moves anything but its own card;
  for a card with quick effects only (a Trap), in a graveyard or banished
  where none of them is activated from — so a set 《強制脱出装置》 keeps the
  positions before it is used unreduced, and no longer those after
  (:func:`cards_are_known_at`, asked of each position); every
  lingering effect is one listed below — so no response window can open on
  these processes, nothing triggers on them, and no later process, quick
  effect or continuous effect reads the cards they move;
* the processes: mandatory (every line that ends the turn performs them:
  R3), of the acting player, with no choice, cost or extra requirement, whose
  condition reads only their own card and whose effect moves only their own
  card (to the hand, the GY or banished) and perhaps deals damage — read off
  the card's text (:func:`own_card_only`: the verbs mark what they touch,
  ``toolkit.ocg.cards.reach.touches_only``), so a card of one's own written
  that way is reduced like a shipped one — on different cards that no other
  process or lingering effect points at;
* what they did here: each left the control fields alike (who acts,
  passes, chain, triggers) — a chain link nobody can answer resolves at once
  and leaves them as a process that is no chain link does, so both kinds may
  stand for each other — removed only itself from the pending processes,
  changed no card but its own, no deck and no life points other than its
  text allows.

A mandatory mill of the acting player (its own card, life points, the top of a deck: 《ライトロード・
マジシャン ライラ》) stands for such processes too where no deck can run short (:func:`_mills_uncapped`):
every mill of the position's cards is done or performed here, from decks that hold no named card (it
changed no card: none of these kinds puts one back), and each deck holds more unnamed cards than
they send together — then each mill sends its text's count whenever it is performed, so mills
commute with each other and with every process, and nothing else reads the unnamed cards' counts.
Where a deck may run short the order decides how many each mill sends, and no mill is grouped.

The few texts the verbs cannot vouch for (a level-up that summons from the
deck, a control change that ends, a quick effect that looks only at the
chain) are listed by name below, and trusted only as shipped: a user's card
that replaces one of them (``shadows: true``) is read off its own text.

A reduced search that meets a loop is run in full (loops remember their path).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Literal

from toolkit.core.actions import NO_CHOICE, Action, Perform
from toolkit.core.durations import Lingering
from toolkit.core.game import Successor
from toolkit.core.later import LaterStep
from toolkit.ocg.cards.base import EndPhaseEffect, Scope, is_card_local
from toolkit.ocg.cards.reach import DECK, ITSELF, LIFE, touched_by
from toolkit.ocg.quiet_changes import judge_change, milled_between
from toolkit.ocg.state import Phase, PositionTables, State, Step
from toolkit.ocg.values import Process, ProcessKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.procedure.remembered import Remembered

__all__ = ["LINGERING_OWN_CARD", "OTHER_PROCESSES", "QUICK_ON_CHAIN_ONLY", "idle_here", "interchangeable", "may_group",
           "name_known", "own_card_only"]

LINGERING_OWN_CARD: dict[str, str] = {
    "end:エネミーコントローラー:control": "エネミーコントローラー",
    "end:傀儡虫:control": "傀儡虫",
    "end:ファントム・オブ・カオス:copy": "ファントム・オブ・カオス",
}
"""The ends of shipped lingering effects that read and change only the card they apply to
(control goes back to its owner; a copied name ends), keyed by the process key, with the card
whose text says so."""

OTHER_PROCESSES: frozenset[tuple[str, str]] = frozenset({
    ("ホルスの黒炎竜 LV６", "level up to LV8"),
})
"""Shipped processes that may be in the position as well: they read and move their own card
and their controller's hand and deck (a card no process above moves), never another card on the
field or in a graveyard.  A process whose text only moves its own card or mills
(:func:`own_card_only`, :func:`_reads_own_card_and_decks`) is known without being listed."""

QUICK_ON_CHAIN_ONLY: frozenset[tuple[str, str]] = frozenset({
    ("ホルスの黒炎竜 LV８", "negate a Spell activation"),
})
"""Shipped quick effects that look only at the chain link they answer (a Spell's):
never at the processes above, which are not Spells."""

OWN_CARD_PARTS = frozenset({ITSELF, LIFE})
"""What a process that stands for others may touch: its own card, life points."""


def own_card_only(effect: EndPhaseEffect) -> bool | None:
    """Whether the process of ``effect`` reads and moves only its own card, as its text
    says: True when it may also change life points, False when not, None when its text
    does not say so (a choice, a cost, an extra requirement, a condition or a verb that
    looks further).

    >>> from toolkit.ocg.cards import behaviour
    >>> [own_card_only(e) for name in ("月読命", "ミストデーモン", "ヒステリック・サイン")
    ...  for e in behaviour(name).texts[0].end_phase]
    [False, True, None]
    """
    if effect.cost is not None or effect.choices is not None or effect.can_perform is not None \
            or not is_card_local(effect.applies):
        return None
    parts = touched_by(effect.resolve)
    if parts is None or not parts <= OWN_CARD_PARTS:
        return None
    return LIFE in parts


def _reads_own_card_and_decks(effect: EndPhaseEffect) -> bool:
    """A process whose text reads its own card and moves it or the top of a deck (a mill)."""
    if effect.cost is not None or effect.choices is not None or effect.can_perform is not None \
            or not is_card_local(effect.applies):
        return False
    parts = touched_by(effect.resolve)
    return parts is not None and parts <= {ITSELF, LIFE, DECK}


def _known_process(tables: PositionTables, name: str, effect: EndPhaseEffect) -> bool:
    if own_card_only(effect) is not None or _reads_own_card_and_decks(effect):
        return True
    return (name, effect.key) in OTHER_PROCESSES and not tables.catalogue.is_user_card(name)


def cards_are_known(tables: PositionTables) -> bool:
    """Whether every card of the position is of the kinds this module knows (see the module docstring);
    asked once per position tables (every position of a search shares them), kept there."""
    found = tables.known_kinds
    if found is None:
        user = tables.catalogue.is_user_card
        found = tables.known_kinds = (
            not tables.trigger_events and not tables.continuous_kinds
            and all(_known_process(tables, name, e) for (name, _phase), effects in tables.end_phase.items()
                    for e in effects)
            and all((name, q.key) in QUICK_ON_CHAIN_ONLY and not user(name) for name in tables.quick_names
                    for q in tables.text[name].quick))
    return found


def cards_are_known_at(state: State) -> bool:
    """:func:`cards_are_known`, or — in the End Phase — every card that is not of those kinds has
    nothing in its text but triggers and quick effects and lies where none of them can ever apply
    (:func:`_idle_candidates`): a card with triggers in a deck (no quick effect is activated from a
    deck, and a trigger needs the card to move), or, when its triggers are all about itself, in a
    graveyard or banished — while every other card's processes move only their own card (no mill,
    draw or search) and none has a quick effect, so nothing ever moves those cards and no line gives
    them a chance to act (a 《ダンディライオン》 in a deck or a graveyard beside Spirits); a card with
    quick effects only (a Trap), in a graveyard or banished where none of them is activated from —
    nothing of the kinds this module knows takes a card out of there — or in a deck while nothing
    moves a deck card (a 《強制脱出装置》 once used: it lies in the GY, and is activated only from the
    field).  The hand-size adjustment moves only hand cards.  Asked of each position, so a card
    that could act at the start no longer keeps the positions after it can no more act unreduced."""
    tables = state.tables
    if cards_are_known(tables):
        return True
    idle = tables.idle_in_decks
    if idle is False:
        idle = tables.idle_in_decks = _idle_candidates(tables, state)
    if not isinstance(idle, tuple) or state.phase is not Phase.END:
        return False
    cards = state.cards
    return all(cards[uid].zone in zones for uid, zones in idle)


_DECK_ONLY = frozenset({Zone.DECK})
_OUT_OF_PLAY = frozenset({Zone.DECK, Zone.GY, Zone.BANISHED})
_LEFT_BEHIND = frozenset({Zone.GY, Zone.BANISHED})
"""Where no process of the kinds this module knows takes a card from."""


def _name_known(tables: PositionTables, name: str) -> bool:
    """Whether the card ``name`` is of the kinds this module knows (see :func:`cards_are_known`)."""
    text = tables.text[name]
    return (not text.triggers and not text.continuous
            and all(_known_process(tables, name, e) for e in text.end_phase)
            and all((name, q.key) in QUICK_ON_CHAIN_ONLY and not tables.catalogue.is_user_card(name)
                    for q in text.quick))


name_known = _name_known
"""Whether the card ``name`` is of the kinds this module knows (read by ``procedure.remembered_quick``)."""


def _idle_candidates(tables: PositionTables, state: State) -> tuple[tuple[int, frozenset[Zone]], ...] | None:
    """Each card :func:`cards_are_known_at` needs out of play, with the zones it may lie in, or None
    when the other cards could move such a card (or watch the board: a continuous or quick effect)."""
    watchers: list[str] = []  # triggers: they need their card to move
    zones: dict[str, frozenset[Zone]] = {}
    moves_decks = False
    for name, text in tables.text.items():
        if _name_known(tables, name):
            if text.quick or any(own_card_only(e) is None for e in text.end_phase):
                moves_decks = True  # a quick effect, a mill, a level-up that searches a deck: a deck card may move
        elif text.end_phase or text.continuous:
            return None  # it may act where it is, or watch the board
        elif text.triggers:
            watchers.append(name)
        else:  # quick effects only: they act only from the zones they are activated from
            zones[name] = frozenset(zone for q in text.quick for zone in q.zones)  # (for now: where it acts)
    if watchers and moves_decks:
        return None
    for name in watchers:
        zones[name] = _OUT_OF_PLAY if not tables.text[name].quick \
            and all(t.scope is Scope.SELF for t in tables.text[name].triggers) else _DECK_ONLY
    for name in zones.keys() - set(watchers):
        zones[name] = (_LEFT_BEHIND if moves_decks else _OUT_OF_PLAY) - zones[name]
    return tuple((card.uid, zones[card.name]) for card in state.cards if card.name in zones)


_ZONE_WORDS = {Zone.GY: "in the GY", Zone.BANISHED: "banished", Zone.DECK: "in the deck", Zone.FIELD: "on the field",
               Zone.HAND: "in the hand"}
"""Where a card lies, in words."""
_ACTIVATED_FROM = {Zone.GY: "from the GY", Zone.BANISHED: "while banished", Zone.DECK: "from the deck",
                   Zone.FIELD: "from the field", Zone.HAND: "from the hand"}
"""Where an effect is activated from, in words."""


def idle_here(state: State) -> tuple[str, ...]:
    """Why each card that is not of the kinds this module knows cannot act from ``state`` (the cards
    :func:`cards_are_known_at` found idle where they lie), in words; empty when every card is known.

    >>> from toolkit.ocg.symmetry import ohka
    >>> from toolkit.ocg.setup import initial_state
    >>> import dataclasses
    >>> from toolkit.ocg.scenario import CardSpec, PlayerSetup
    >>> start = ohka(2)
    >>> used = dataclasses.replace(start, players={**start.players, "B": PlayerSetup(graveyard=(CardSpec("強制脱出装置"),))})
    >>> idle_here(initial_state(used))
    ('《強制脱出装置》 cannot act: it lies in the GY, and its effect is activated only from the field',)
    """
    if not cards_are_known_at(state):
        return ()
    idle = state.tables.idle_in_decks  # (known once cards_are_known_at has looked)
    if not isinstance(idle, tuple):
        return ()
    said: list[str] = []
    for uid, _zones in idle:
        card = state.cards[uid]
        text = state.tables.text[card.name]
        where = _ZONE_WORDS[card.zone]
        if text.triggers:
            why = ("nothing here can move it, and its triggers need it to move" if card.zone is Zone.DECK
                   else "nothing here can move it, and its triggers are about itself moving")
        else:
            places = sorted({_ACTIVATED_FROM[z] for q in text.quick for z in q.zones})
            effect = "effect is" if len(text.quick) == 1 else "effects are"
            why = f"its {effect} activated only {' or '.join(places)}"
        line = f"《{card.name}》 cannot act: it lies {where}, and {why}"
        if line not in said:
            said.append(line)
    return tuple(said)


def lingering_known(tables: PositionTables, items: tuple[Lingering, ...]) -> bool:
    return all(_lingering_end_known(tables, "end:" + item.key) for item in items)


def _lingering_end_known(tables: PositionTables, key: str) -> bool:
    source = LINGERING_OWN_CARD.get(key)
    return source is not None and not tables.catalogue.is_user_card(source)


def _effect(state: State, process: Process) -> EndPhaseEffect | None:
    """The End Phase effect of a card's process (None for a lingering effect's)."""
    if process.lingering:
        return None
    text = state.tables.text[state.cards[process.source].name]
    return next((e for e in text.end_phase if e.key == process.key), None)


MILL = 2
"""What :func:`_own_card_or_mill` says of a mill (see :func:`_mills_uncapped`)."""


def _is_mill(effect: EndPhaseEffect) -> bool:
    parts = touched_by(effect.resolve)
    return parts is not None and DECK in parts and _reads_own_card_and_decks(effect)


def _own_card_or_mill(state: State, process: Process) -> bool | int | None:
    """:func:`process_own_card_life`, or :data:`MILL` for a card's mill with nothing to choose (which
    may join a group where :func:`_mills_uncapped` holds)."""
    own = process_own_card_life(state, process)
    if own is not None or process.lingering:
        return own
    effect = _effect(state, process)
    return MILL if effect is not None and _is_mill(effect) else None


def _mills_uncapped(state: State, facts: _Facts, milled: dict[tuple[int, str], tuple[int, int]]) -> bool:
    """Whether every mill of every line from ``state`` sends as many cards as its text says, so that
    mills commute with each other and with every process (nothing else reads the unnamed cards'
    counts) and each stands for an own-card process: every mill of the position's cards is done or
    pending and performed here (``milled``: its process's pid -> the cards it sent from each deck,
    none of them named: their decks hold no named card, and no process of these kinds puts one
    back), and each deck holds more unnamed cards than all of them send from it together (so each
    performed here sent its full count, fixed by its text: a later one sends the same)."""
    done = state.done
    for pid in facts.mill_pids(state):
        if pid not in milled and pid not in done:
            return False
    decks = state.anonymous[0][0], state.anonymous[1][0]
    return all(sum(m[p] for m in milled.values()) < decks[p] for p in (0, 1))


def process_own_card_life(state: State, process: Process) -> bool | None:
    """:func:`own_card_only` of the process (a listed lingering effect's end: False)."""
    if process.lingering:
        return False if _lingering_end_known(state.tables, process.key) else None
    effect = _effect(state, process)
    return None if effect is None else own_card_only(effect)


Reach = Literal["itself", "decks", "target", "hands and decks"]
"""What a process may touch (:func:`process_reach`)."""


def process_reach(state: State, process: Process) -> Reach | None:
    """What performing ``process`` may touch, as its text says: ``"itself"`` (its own card, life
    points: :func:`own_card_only`), ``"decks"`` (its own card and the top of a deck: a mill),
    ``"target"`` (the end of a listed lingering effect: the card it applies to), ``"hands and
    decks"`` (a listed shipped process: its own card, the hands and decks — a level-up), None (more)."""
    if process.lingering:
        return "target" if process.kind is ProcessKind.DURATION_END and _lingering_end_known(state.tables, process.key) else None
    effect = _effect(state, process)
    if effect is None:
        return None
    if own_card_only(effect) is not None:
        return "itself"
    if _reads_own_card_and_decks(effect):
        return "decks"
    name = state.cards[process.source].name
    return "hands and decks" if (name, process.key) in OTHER_PROCESSES and not state.tables.catalogue.is_user_card(name) else None


def _process_known(state: State, process: Process) -> bool:
    if process.lingering:
        return _lingering_end_known(state.tables, process.key)
    effect = _effect(state, process)
    return effect is not None and _known_process(state.tables, state.cards[process.source].name, effect)


_FACTS_KEPT = 16
"""How many positions' tables :func:`_facts` keeps facts for (emptied when full: a search's positions share
one tables object)."""
_BY_ID_KEPT = 4096
"""How many process objects ``_Facts.by_id`` keeps (emptied when full)."""


class _Facts:
    """What :func:`_process_known` and :func:`process_own_card_life` say of each process met in positions
    with one tables object (both read only the process, its card's name — a uid keeps its card — and the
    tables), and the set of the processes known (so that a position's test is one ``issuperset``)."""

    __slots__ = ("tables", "of", "known", "mill_ids", "by_id", "known_ids")

    def __init__(self, tables: PositionTables) -> None:
        self.tables = tables
        """Held, so that the id keying this object names no other tables while it is kept."""
        self.of: dict[Process, tuple[bool, bool | int | None]] = {}
        self.known: set[Process] = set()
        self.by_id: dict[int, tuple[Process, tuple[bool | None, bool]]] = {}
        """id of a process object -> (the object, :meth:`life_and_mill`): looked up without hashing the process
        (its ``__hash__`` is Python code); the entry holds the object, so its id names no other one while kept."""
        self.known_ids: dict[int, Process] = {}
        """id -> process object, of the objects found known (``all_known`` without hashing them)."""
        self.mill_ids: tuple[tuple[int, str], ...] | None = None
        """:meth:`mill_pids`, once asked."""

    def life_and_mill(self, state: State, process: Process) -> tuple[bool | None, bool]:
        """Whether the process may change life points (None: it may not join a group) and whether it is
        a mill (:func:`_own_card_or_mill`), kept in ``by_id`` by the process object's id."""
        life = (self.of.get(process) or self.get(state, process))[1]
        mill = life == MILL
        if mill:
            parts = touched_by(_effect_of(state, process).resolve)
            life = parts is not None and LIFE in parts
        answer = (None if life is None else bool(life), mill)
        if len(self.by_id) >= _BY_ID_KEPT:
            self.by_id.clear()
        self.by_id[id(process)] = (process, answer)
        return answer

    def mill_pids(self, state: State) -> tuple[tuple[int, str], ...]:
        """The (uid, key) of every mill (:func:`_reads_own_card_and_decks` with a deck) of the position's
        cards: the same in every position of the tables (made per list of names in uid order)."""
        if self.mill_ids is None:
            keys = {name: [e.key for e in text.end_phase if _is_mill(e)] for name, text in self.tables.text.items()}
            self.mill_ids = tuple((card.uid, key) for card in state.cards for key in keys[card.name])
        return self.mill_ids

    def get(self, state: State, process: Process) -> tuple[bool, bool | int | None]:
        found = self.of.get(process)
        if found is None:
            found = self.of[process] = (_process_known(state, process), _own_card_or_mill(state, process))
            if found[0]:
                self.known.add(process)
        return found

    def all_known(self, state: State) -> bool:
        pending = state.pending
        known_ids = self.known_ids
        if all(map(known_ids.__contains__, map(id, pending))):  # (in C: a Process's hash is Python code)
            return True
        if not self.known.issuperset(pending) and not all(self.get(state, p)[0] for p in pending):
            return False
        if len(known_ids) >= _BY_ID_KEPT:
            known_ids.clear()
        known_ids.update(zip(map(id, pending), pending))
        return True


_facts_by_tables: dict[int, _Facts] = {}


def _facts(tables: PositionTables) -> _Facts:
    """The :class:`_Facts` of positions with these tables (keyed by the tables' id; bounded)."""
    found = _facts_by_tables.get(id(tables))
    if found is None or found.tables is not tables:
        if len(_facts_by_tables) >= _FACTS_KEPT:
            _facts_by_tables.clear()
        found = _facts_by_tables[id(tables)] = _Facts(tables)
    return found


def _own_card(state: State, process: Process) -> int:
    """The card a process moves: its card, or the card its lingering effect applies to."""
    if process.lingering:
        for item in state.lingering:
            if "end:" + item.key == process.key and item.target == process.source:
                return item.target
        return -2
    return process.source


_control = attrgetter("step", "priority", "passes", "forced", "chain", "waiting", "adjusted", "after_chain", "declared",
                      "phase", "attacker", "skipped")
"""A position's control fields (who acts, passes, chain, triggers …) as a tuple (built in C)."""


def _quiet(state: State, process: Process, at: int, own: int, child: State, life_ok: bool, mill: bool = False) -> bool:
    """The process did nothing here but move its own card (see the module docstring) — a ``mill``: and
    send unnamed cards from a deck to the GY (:func:`~toolkit.ocg.quiet_changes.milled_between`)."""
    if child.chain or child.waiting:
        return False
    if (child.decks != state.decks or child.anonymous != state.anonymous) and not mill:
        return False
    if child.life != state.life and not life_ok:
        return False
    pending, left = state.pending, child.pending
    if len(left) != len(pending) - 1:
        return False
    # (``at``: the process's index among the pending ones; the order kept: compared in C; else as sets)
    if (left[:at] != pending[:at] or left[at:] != pending[at + 1:]) and set(left) != set(pending) - {process}:
        return False
    if process.lingering:
        if set(child.lingering) != {i for i in state.lingering if not ("end:" + i.key == process.key and i.target == own)}:
            return False
    elif child.lingering != state.lingering:
        return False
    cards, after = state.cards, child.cards  # ``cards[uid].uid == uid``: all but the own card the same
    return len(cards) == len(after) and cards[:own] == after[:own] and cards[own + 1:] == after[own + 1:]


_PID = attrgetter("pid")
_SOURCE = attrgetter("source")
_LINGERING = attrgetter("lingering")


def _effect_of(state: State, process: Process) -> EndPhaseEffect:
    effect = _effect(state, process)
    assert effect is not None  # (a mill: found by its effect)
    return effect


def _candidates(state: State, actions: tuple[Action, ...]) -> list[tuple[int, Process, int, int, bool, bool]]:
    """(index, process, its index among the pending ones, its card, may change life points, a mill) of
    each action that may join a group."""
    acting = state.acting_player
    pending = state.pending
    at_of = {p.pid: at for at, p in enumerate(pending)}
    sources = [*map(_SOURCE, pending)]
    pointed: Counter[int] | None = None  # (None: each card pointed at by its processes alone: counted from sources)
    if state.lingering or any(map(_LINGERING, pending)):
        pointed = Counter(sources)
        for p in pending:
            if p.lingering:  # it points at the card its effect applies to, not at its source
                pointed[p.source] -= 1
                card = _own_card(state, p)
                pointed[card] = pointed.get(card, 0) + 1
        for item in state.lingering:
            pointed[item.target] = pointed.get(item.target, 0) + 1
    facts = _facts(state.tables)
    by_id = facts.by_id
    found: list[tuple[int, Process, int, int, bool, bool]] = []
    for i, action in enumerate(actions):
        if type(action) is not Perform or action.choice is not NO_CHOICE or action.target or action.cost:
            continue
        at = at_of.get(action.ref)
        if at is None:
            continue
        process = pending[at]
        if not process.mandatory or process.controller != acting:
            continue
        seen = by_id.get(id(process))
        life, mill = seen[1] if seen is not None and seen[0] is process else facts.life_and_mill(state, process)
        if life is None:  # no choice, cost or extra requirement either
            continue
        own = _own_card(state, process) if process.lingering else process.source
        # its card is pointed at by this process alone (a lingering process: by it and its effect)
        if own < 0 or (sources.count(own) if pointed is None else pointed.get(own, 0)) != (
                2 if process.lingering else 1):
            continue
        found.append((i, process, at, own, life, mill))
    return found


def may_group(state: State) -> bool:
    """Whether some of the position's processes may stand for each other (the
    position's part of the test: a cheap look before :func:`interchangeable`)."""
    if (state.step not in (Step.OPEN, Step.FORCED) or state.phase is not Phase.END or state.adjusted
            or state.chain or state.waiting or state.declared or state.ruleset.process_order is not None
            or len(state.pending) < 2):
        return False
    if not cards_are_known_at(state) or not lingering_known(state.tables, state.lingering):
        return False
    return _facts(state.tables).all_known(state)


def interchangeable(state: State, actions: tuple[Action, ...], results: Sequence[Successor | LaterStep], *,
                    mills: bool = False) -> tuple[tuple[int, ...], ...]:
    """Groups of indices of ``actions`` that stand for each other (the OCG's ``Game.grouping``, joined
    with copies by ``toolkit.ocg.symmetry``); ``mills``: with the mills that :func:`_mills_uncapped`
    lets stand for own-card processes (the search's groups; an explanation's note names only processes
    that move their own card alone)."""
    if not may_group(state):
        return ()
    groups: list[tuple[tuple[object, ...], list[int]]] = []  # (control fields, indices): a few, compared in C
    milled: dict[int, tuple[int, int]] = {}
    for i, process, at, own, life, mill in _candidates(state, actions):
        if mill and not mills:
            continue
        result = results[i]
        if isinstance(result, LaterStep):  # a remembered change not applied: judged from the change
            later: Remembered = result  # type: ignore[assignment]
            judged = judge_change(state, process, at, own, later.reach, later.change, life, mill)
            if judged is not None:
                if judged:
                    if mill:
                        milled[i] = judged[1]  # type: ignore[assignment]
                    _join(groups, judged[0], i)
                continue
            result = later.made()
            if isinstance(results, list):
                results[i] = result
        child = result[0]
        if not isinstance(child, State) or not _quiet(state, process, at, own, child, life, mill):
            continue
        if mill:
            sent = milled_between(state, child.decks, child.anonymous)
            if sent is None:
                continue
            milled[i] = sent
        _join(groups, _control(child), i)
    if milled and not _mills_uncapped(state, _facts(state.tables), {actions[i].ref: m  # type: ignore[attr-defined]
                                                                     for i, m in milled.items()}):
        groups = [(key, [i for i in group if i not in milled]) for key, group in groups]
    return tuple(tuple(g) for _key, g in groups if len(g) > 1)


def _join(groups: list[tuple[tuple[object, ...], list[int]]], control: tuple[object, ...], i: int) -> None:
    """``i`` added to the group of positions whose control fields are ``control`` (compared, not hashed: the
    steps and phases are enums, hashed by Python code; the fields are mostly the same objects)."""
    for key, group in groups:
        if key == control:
            group.append(i)
            return
    groups.append((control, [i]))

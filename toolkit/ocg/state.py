"""The immutable position: the End Phase, and the phases before it (P1–P3).

A :class:`State` is small and hashable (tuples, frozensets; no dicts of
lists): search uses it as its transposition key.  It holds the game position
and nothing of the path that led to it — the decisions and events of a line
live in the search/trace layer — so positions reached by different orders
merge.

Who acts is explicit (:attr:`State.actor`):

=============  ==============================================================
``PRIORITY``   the priority holder may Pass, Perform a process, Activate a
               quick effect (open game state) or Respond (chain window)
``FORCED``     a player must choose: a mandatory process after both passed
               (R7), the cards to discard (R1), triggers to put on the chain,
               the phase after Main Phase 1 (P3), the process the system
               reached under a video-game ruleset (V1)
``AUTOMATIC``  the game proceeds by itself (the end of the turn, E1;
               damage calculation, where no player acts: P1)
``OVER``       the turn has ended
=============  ==============================================================

>>> Step.OPEN.actor, Step.ADJUST.actor, Step.OVER.actor
(<Actor.PRIORITY: 'priority'>, <Actor.FORCED: 'forced'>, <Actor.OVER: 'over'>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import InitVar, dataclass, field, fields
from enum import Enum, StrEnum
from functools import reduce
from operator import attrgetter, is_, xor
from typing import TYPE_CHECKING

from toolkit.core.durations import Lingering
from toolkit.core.game import Actor
from toolkit.core.values import PLAYERS, PositionSummary, player_index, rebuilt_when_unpickled, slot_init
from toolkit.ocg.cards.base import Choice
from toolkit.ocg.cards.catalogue import Catalogue
from toolkit.ocg.reader import PositionReader as PositionReader
from toolkit.ocg.tables import Applying as Applying
from toolkit.ocg.tables import PositionTables as PositionTables
from toolkit.ocg.tables import position_tables
from toolkit.ocg.values import Card, Process, Zone

if TYPE_CHECKING:
    from toolkit.ocg.rulesets import Ruleset


PROCESS_ORDER = attrgetter("controller", "source", "key")
"""How R6 lists the pending processes: by controller, then card (uid), then effect key — the one
order of a State's ``pending`` under every ruleset (a video game's ``process_order``, V1, is the
order the *system* performs them in: read from this list at each step, never stored)."""


def in_process_order(pending: Iterable[Process]) -> tuple[Process, ...]:
    """``pending`` listed as R6 lists it (:data:`PROCESS_ORDER`): what a State built from outside
    the procedure (``State(...)``, ``evolve(pending=...)``, ``build_state``, unpickling) keeps, so
    that one position is one State however its processes were listed.

    >>> from toolkit.ocg.values import ProcessKind
    >>> b = Process(0, "x", "B", ProcessKind.MANDATORY_EFFECT, True, False, "B's")
    >>> a2 = Process(2, "y", "A", ProcessKind.OPTIONAL_EFFECT, False, True, "A's second")
    >>> a1 = Process(1, "z", "A", ProcessKind.MANDATORY_EFFECT, True, False, "A's first")
    >>> [p.label for p in in_process_order([b, a2, a1])]
    ["A's first", "A's second", "B's"]
    >>> listed = (a1, a2, b)
    >>> in_process_order(listed) is listed  # (a tuple in order already is kept: States share it)
    True
    """
    listed = pending if type(pending) is tuple else tuple(pending)
    ordered = sorted(listed, key=PROCESS_ORDER)
    return listed if all(map(is_, ordered, listed)) else tuple(ordered)


class Step(Enum):
    """Where in the End Phase procedure a state is."""

    __hash__ = object.__hash__  # members are singletons compared by identity: hashed in C

    OPEN = "open"
    """Open game state: the priority holder may pass, perform, activate (R7)."""
    CHAIN = "chain"
    """A chain is being built: the priority holder may respond or pass (R5)."""
    FORCED = "forced"
    """Both passed: ``forced`` must perform one of their mandatory processes (R7)."""
    TRIGGERS = "triggers"
    """Triggered effects wait: ``forced`` puts theirs on the chain (TP first)."""
    ADJUST = "adjust"
    """The hand-size adjustment: the turn player picks the discards (R1, R2, H4)."""
    TURN_END = "turn_end"
    """The turn ends (E1): the automatic sweep."""
    OVER = "over"
    """The turn has ended."""
    NEXT_PHASE = "next_phase"
    """Main Phase 1 ended: the turn player picks the Battle or the End Phase (P3)."""
    DAMAGE = "damage"
    """Damage calculation: no player may act, nor move on (P1's exception)."""

    @property
    def actor(self) -> Actor:
        """Who acts at this step (priority holder, a forced player, nobody, or the turn is over)."""
        return _STEP_ACTORS[self]


class Phase(StrEnum):
    """The phase of the turn, in the order a turn runs through them (seed 002).

    A scenario may start in any of the first six; the engine then plays the
    turn to its end.  The Draw Phase starts after the normal draw.
    """

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    DRAW = "draw"
    STANDBY = "standby"
    MAIN1 = "main1"
    BATTLE = "battle"
    MAIN2 = "main2"
    END = "end"
    TURN_END = "turn_end"
    """The moment the turn ends (E1): only what E1 allows happens here."""
    OVER = "over"


# Members read as module constants in the hot paths (see ``values.ZONE_FIELD``: reading one off
# its Enum class costs about 1,000 machine instructions on Python 3.11).
STEP_OPEN, STEP_CHAIN, STEP_FORCED, STEP_OVER = Step.OPEN, Step.CHAIN, Step.FORCED, Step.OVER
PHASE_END = Phase.END

_STEP_ACTORS: dict[Step, Actor] = {
    step: (Actor.PRIORITY if step in (Step.OPEN, Step.CHAIN) else Actor.AUTOMATIC
           if step in (Step.TURN_END, Step.DAMAGE) else Actor.OVER if step is Step.OVER else Actor.FORCED)
    for step in Step}
"""``Step.actor`` of each step (a lookup: asked of every position a forcing search visits)."""
_ACTING_FIELD: dict[Step, str] = {
    Step.OPEN: "priority", Step.CHAIN: "priority", Step.FORCED: "forced", Step.TRIGGERS: "forced",
    Step.ADJUST: "turn_player", Step.NEXT_PHASE: "turn_player"}
"""The field that holds the player to choose at each step where one chooses (``State.acting_player``)."""


class Cause(StrEnum):
    """Why an effect is on the chain or a trigger is waiting (H1–H3, E1)."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    END_PHASE = "end_phase"
    """Before the adjustment."""
    ADJUSTMENT = "adjustment"
    """The hand-size adjustment met its condition (H2); chaining to it is allowed (H1)."""
    AFTER_ADJUSTMENT = "after_adjustment"
    """Anything after the adjustment that the adjustment did not cause (H3, H5)."""
    TURN_END = "turn_end"
    """The end of the turn (E1)."""


@rebuilt_when_unpickled
@slot_init
@dataclass(frozen=True, slots=True)
class Link:
    """One chain link (spec R5)."""

    source: int
    name: str
    label: str
    key: str
    controller: str
    speed: int
    cause: Cause
    choice: Choice = Choice()
    subjects: tuple[int, ...] = ()
    card_activation: bool = False
    card_type: str = ""
    process: tuple[int, str] | None = None
    lingering: Lingering | None = None
    negated: bool = False
    activation_negated: bool = False
    """Its activation was negated (not only its effect): a mandatory process it was is still to be done (R8b)."""
    negated_by: str | None = field(default=None, compare=False)
    """The card whose effect negated this link (its ``negated`` event's ``by``; not part of the position)."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the hash dataclasses would compute, once: every State holding the link hashes it
        object.__setattr__(self, "_hash", hash((
            self.source, self.name, self.label, self.key, self.controller, self.speed, self.cause, self.choice,
            self.subjects, self.card_activation, self.card_type, self.process, self.lingering, self.negated,
            self.activation_negated)))

    def __hash__(self) -> int:
        return self._hash


@rebuilt_when_unpickled
@slot_init
@dataclass(frozen=True, slots=True)
class WaitingTrigger:
    """A trigger whose condition was met and which waits to be put on a chain."""

    source: int
    key: str
    controller: str
    mandatory: bool
    label: str
    cause: Cause
    subjects: tuple[int, ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the hash dataclasses would compute, once: every State holding the trigger hashes it
        object.__setattr__(self, "_hash", hash((
            self.source, self.key, self.controller, self.mandatory, self.label, self.cause, self.subjects)))

    def __hash__(self) -> int:
        return self._hash


_KEEP: object = object()
"""``State.to_step``'s mark for a field left as it is."""


@dataclass(frozen=True, slots=True, eq=True)
class State(PositionReader):
    """An End Phase position.  Build one with ``toolkit.ocg.setup.initial_state``.

    ``cards[uid].uid == uid`` for every card; ``decks`` lists each player's
    named deck cards (uids, top first) above ``anonymous[p][0]`` unnamed ones;
    ``anonymous[p]`` = (deck, hand, graveyard) counts of unnamed cards.
    """

    turn_player: str
    ruleset: Ruleset = field(hash=False)
    """Compared but not hashed: a search's positions share one ruleset."""
    cards: tuple[Card, ...]
    decks: tuple[tuple[int, ...], tuple[int, ...]] = field(hash=False)
    anonymous: tuple[tuple[int, int, int], tuple[int, int, int]] = field(hash=False)
    """``decks`` and ``anonymous`` are compared but not hashed: a named card that enters or leaves a
    deck changes ``cards`` (its zone), and the counts of unnamed cards change when a process is done
    (``done``, ``pending``); hashing these nested tuples again for every new State is a tenth of its
    construction."""
    life: tuple[int, int]
    step: Step = Step.OPEN
    priority: str | None = None
    passes: int = 0
    forced: str | None = None
    pending: tuple[Process, ...] = ()
    """In R6's order (:data:`PROCESS_ORDER`), whatever order they are given in (:func:`in_process_order`).
    Hashed too, although R6 makes the pending processes from the cards, the done processes and the
    lingering effects: leaving them out makes the hash key a 20-field tuple, a size Python 3.11
    keeps on a free list, and a reduced search of 20 processes then holds ~40% more memory per
    position (tests/engine/test_memory_sharing.py)."""
    done: frozenset[tuple[int, str]] = frozenset()
    lingering: tuple[Lingering, ...] = ()
    chain: tuple[Link, ...] = ()
    waiting: tuple[WaitingTrigger, ...] = ()
    adjusted: bool = False
    after_chain: str | None = None
    skipped: frozenset[str] = frozenset()
    phase: Phase = Phase.END
    declared: bool = False
    """The chain being built answers the turn player's declaration to move on
    (set only where it matters: under a ruleset where the phase then moves on, V2)."""
    attacker: int = -1
    """The uid of the monster whose attack is under way (Battle Phase), or -1."""
    moment: frozenset[str] = frozenset()
    """What the last change of the board did that a "when …" quick effect of the
    position answers (``"kind:player:uid"``, e.g. a monster just Special
    Summoned); kept only in positions holding such an effect, cleared by the
    next change of the board."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    _cards_hash: int = field(default=0, init=False, repr=False, compare=False)
    """What the State's hash takes for its cards: ``cards_hash(cards)``, kept so that a step that changes
    one card updates it with an exclusive or (``procedure.remembered`` keeps each change's) instead of
    hashing every card again."""
    tables: PositionTables = field(init=False, repr=False, compare=False)
    """The position's fixed lookups (``position_tables`` of its card names and date: found when the
    State is built, then handed on to its successors; a plain slot, read at every step)."""

    catalogue: InitVar[Catalogue | None] = None
    """Where the position's cards are looked up (None: the default catalogue, the shipped cards and the
    user's card folder); not a field: the State keeps it in its tables."""

    def __post_init__(self, catalogue: Catalogue | None = None) -> None:
        object.__setattr__(self, "pending", in_process_order(self.pending))  # (one position, however listed)
        object.__setattr__(self, "tables", _tables_of(self.cards, self.ruleset, catalogue))
        object.__setattr__(self, "_cards_hash", cards_hash(self.cards))
        object.__setattr__(self, "_hash", _STATE_HASH(self))

    def __hash__(self) -> int:
        return self._hash

    def evolve(self, **changes: object) -> State:
        """This state with ``changes`` (like ``dataclasses.replace``, without its
        per-call field validation; the position tables are handed on while the
        cards and the ruleset stay); ``pending`` processes, when given, are put in
        R6's order (:func:`in_process_order`), whatever order they are listed in."""
        if "pending" in changes:
            changes["pending"] = in_process_order(changes["pending"])  # type: ignore[arg-type]
        return self._evolve_in_order(**changes)

    def _evolve_in_order(self, **changes: object) -> State:
        """:meth:`evolve` for the procedure's own steps, whose ``pending`` processes, when
        given, are in R6's order already (kept as they are listed: not sorted again)."""
        values = list(_FIELD_VALUES(self))
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        if "cards" in changes or "ruleset" in changes:
            tables = _tables_of(values[_CARDS], values[_RULESET], self.tables.catalogue)
            return make_state(tables, None if "cards" in changes else self._cards_hash, *values)
        return make_state(self.tables, self._cards_hash, *values)

    def __reduce__(self) -> tuple[Callable[..., State], tuple[object, ...]]:
        """Pickled by its field values and the scenario's own cards it reads (:mod:`toolkit.ocg.state_pickling`):
        unpickled, it is built again (pending processes in R6's order) and hashed again."""
        from toolkit.ocg.state_pickling import own_cards, unpickled_state

        return unpickled_state, (_FIELD_VALUES(self), own_cards(self.tables.catalogue, self.tables.user_files))

    def __copy__(self) -> State:
        """This state (it is immutable) with its pending processes in R6's order and the cards it was
        looked up in (a scenario's own cards written in Python too, which ``__reduce__`` cannot carry)."""
        return self.evolve(pending=self.pending)

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self.__copy__()

    def with_catalogue(self, catalogue: Catalogue) -> State:
        """This state with its cards looked up in ``catalogue`` (a scenario's own cards)."""
        if catalogue is self.tables.catalogue:
            return self
        return make_state(_tables_of(self.cards, self.ruleset, catalogue), self._cards_hash, *_FIELD_VALUES(self))

    def passed_to(self, holder: str) -> State:
        """This state after a pass that leaves the other player ``holder`` the priority
        (``evolve(priority=holder, passes=passes + 1)``, the search's most common step, built directly)."""
        return make_state(self.tables, self._cards_hash, self.turn_player, self.ruleset, self.cards, self.decks, self.anonymous,
                          self.life, self.step, holder, self.passes + 1, self.forced, self.pending, self.done,
                          self.lingering, self.chain, self.waiting, self.adjusted, self.after_chain, self.skipped,
                          self.phase, self.declared, self.attacker, self.moment)

    # --- who acts -------------------------------------------------------

    @property
    def actor(self) -> Actor:
        return self.step.actor

    @property
    def acting_player(self) -> str | None:
        """The player to choose now (None when AUTOMATIC or OVER)."""
        field = _ACTING_FIELD.get(self.step)
        return None if field is None else getattr(self, field)

    @property
    def is_over(self) -> bool:
        return self.step is STEP_OVER

    def holds_mandatory(self, player: str) -> bool:
        """Whether ``player`` controls a pending mandatory process (``pending_of(player, mandatory=True)``
        is not empty; asked at every pass)."""
        for process in self.pending:  # (a loop reads the slot in bytecode: twice as fast as map(attrgetter))
            if process.mandatory_for == player:
                return True
        return False

    def to_step(self, step: Step, priority: str | None, forced: str | None, passes: int = 0,
                after_chain: str | None | object = _KEEP) -> State:
        """This state at ``step`` with ``priority``, ``forced``, ``passes`` and (when given)
        ``after_chain`` (``evolve`` with those fields, built directly: the procedure moves from step
        to step this way)."""
        return make_state(self.tables, self._cards_hash, self.turn_player, self.ruleset, self.cards, self.decks,
                          self.anonymous, self.life, step, priority, passes, forced, self.pending, self.done,
                          self.lingering, self.chain, self.waiting, self.adjusted,
                          self.after_chain if after_chain is _KEEP else after_chain, self.skipped,
                          self.phase, self.declared, self.attacker, self.moment)

    def pending_of(self, player: str, *, mandatory: bool | None = None) -> tuple[Process, ...]:
        return tuple(
            p for p in self.pending
            if p.controller == player and (mandatory is None or p.mandatory == mandatory)
        )

    # --- summaries ------------------------------------------------------

    def summary(self, labelled: bool = False) -> PositionSummary:
        """The position by card names (what an Outcome keeps); ``labelled``: each copy
        with its mark (光神機−桜火#2), as the steps of a line name it (display only)."""
        rows = []
        for p in PLAYERS:
            for zone in (Zone.HAND, Zone.FIELD, Zone.GY, Zone.BANISHED, Zone.DECK):
                if zone is Zone.DECK:
                    names = tuple(_named(self.cards[u], labelled) for u in self.decks[player_index(p)])
                else:
                    names = tuple(sorted(_named(c, labelled) for c in self.cards
                                         if c.zone is zone and c.controller == p))
                rows.append((p, zone.value, names))
        anonymous = []
        for p in PLAYERS:
            deck, hand, gy = self.anonymous[player_index(p)]
            anonymous.extend([(p, Zone.DECK.value, deck), (p, Zone.HAND.value, hand), (p, Zone.GY.value, gy)])
        return PositionSummary(
            zones=tuple(rows),
            life=tuple((p, self.life[player_index(p)]) for p in PLAYERS),
            anonymous=tuple(anonymous),
        )

    def describe(self) -> str:
        """One line: step, who acts, passes, pending processes."""
        who = self.acting_player or "-"
        pend = ", ".join(p.label for p in self.pending) or "none"
        extra = f"; chain: {len(self.chain)}" if self.chain else ""
        adj = "; adjusted" if self.adjusted else ""
        where = "" if self.phase in (Phase.END, Phase.TURN_END, Phase.OVER) else f"[{self.phase.value}] "
        attack = f"; attack by {self.cards[self.attacker].shown()}" if self.attacker >= 0 else ""
        return f"{where}{self.step.value} ({who}), passes {self.passes}; pending: {pend}{extra}{adj}{attack}"

    def _repr_html_(self) -> str:
        from html import escape as esc

        from toolkit.ocg.words import describe_state

        rows = []
        for p in PLAYERS:
            role = "TP" if p == self.turn_player else "NTP"
            for zone in (Zone.HAND, Zone.FIELD, Zone.GY, Zone.BANISHED):
                cards = [c for c in self.cards if c.zone is zone and c.controller == p]
                names = ", ".join(
                    esc(c.shown()) + (" <i>(negated)</i>" if self.is_negated(c.uid) else "") for c in cards
                )
                extra = self.anonymous[player_index(p)]
                unnamed = {Zone.HAND: extra[1], Zone.GY: extra[2]}.get(zone, 0)
                if unnamed:
                    names += f" +{unnamed} unnamed"
                rows.append(f"<tr><td>{p} ({role})</td><td>{zone.value}</td><td>{names}</td></tr>")
            rows.append(
                f"<tr><td>{p} ({role})</td><td>deck / LP</td>"
                f"<td>{len(self.decks[player_index(p)]) + self.anonymous[player_index(p)][0]} cards"
                f" / {self.life[player_index(p)]} LP</td></tr>"
            )
        pending = "".join(
            f"<li>{esc(x.label)} — {x.controller}, {'mandatory' if x.mandatory else 'optional'}"
            f", {'chain link' if x.chain_link else 'no chain link'} (R6 kind {int(x.kind)})</li>"
            for x in self.pending
        )
        return (
            f"<div><b>{PHASE_TITLES.get(self.phase, 'End Phase')}</b> — ruleset <code>{esc(self.ruleset.name)}</code>; "
            f"<span title='{esc(self.describe())}'>{esc(describe_state(self))}</span>"
            f"<table>{''.join(rows)}</table>"
            f"<div>Pending processes:<ul>{pending or '<li>none</li>'}</ul></div></div>"
        )


def _catalogue_of_state(state: State) -> Catalogue:
    """Where the state's cards are looked up (a scenario's own cards on the default ones)."""
    return state.tables.catalogue


setattr(State, "catalogue", property(_catalogue_of_state))
"""``State.catalogue`` reads the one the State was built with (set after the class: ``__init__`` keeps its
default, None): ``dataclasses.replace`` hands it on, as it does an ``InitVar`` with a default it can read."""


STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(State) if f.init)
"""The fields a State is built from (everything but the cached hash and tables), in order."""

HASHED_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(State) if (f.compare if f.hash is None else f.hash))
"""The fields a State's hash is computed from: those its ``==`` compares, less
the ones marked ``hash=False`` (the dataclass rule, read from the fields)."""

_FIELD_INDEX: dict[str, int] = {name: i for i, name in enumerate(STATE_FIELDS)}
_CARDS, _RULESET, _PENDING = _FIELD_INDEX["cards"], _FIELD_INDEX["ruleset"], _FIELD_INDEX["pending"]
_FIELD_VALUES = attrgetter(*STATE_FIELDS)
"""A State's field values in ``STATE_FIELDS`` order, as one tuple (built in C)."""
COUNTED_FIELDS: frozenset[str] = frozenset({"pending", "lingering"})
"""Hashed fields whose length stands in the hash for their items: R6 makes the pending processes
from the hashed cards, done processes and lingering effects, and a lingering effect begins or ends
with a change of the cards it applies to or of the done processes, so two positions rarely differ
in them alone (``==`` still compares them); hashing a Process or a Lingering is a Python call per
item."""


CACHED_HASHES: dict[str, str] = {"cards": "_cards_hash"}
"""Hashed fields whose hash a State keeps in a slot of its own (named here), taken in its place."""


def cards_hash(cards: Iterable[Card]) -> int:
    """What a State's hash takes for its cards: the exclusive or of the cards' own hashes (computed in
    C; ``cards[uid].uid == uid`` and a Card's hash covers its uid, so the order is covered too).

    >>> from toolkit.ocg.values import Card, Zone
    >>> a, b = Card(0, "x", "A", "A", Zone.HAND), Card(1, "y", "B", "B", Zone.GY)
    >>> cards_hash((a, b)) == hash(a) ^ hash(b), cards_hash(()) == 0
    (True, True)
    """
    return reduce(xor, map(_CARD_HASH, cards), 0)


_CARD_HASH = attrgetter("_hash")


def hash_expression(read: Callable[[str], str]) -> str:
    """The expression of a State's hash, each hashed field read by ``read(name)``: the hash of the
    tuple of ``HASHED_FIELDS`` (lengths for ``COUNTED_FIELDS``, the kept slot for ``CACHED_HASHES``)
    — a tuple of their number, so the key is a size that Python's tuple free lists do not keep (see
    ``pending``)."""
    items = ", ".join(f"len({read(name)})" if name in COUNTED_FIELDS else read(CACHED_HASHES.get(name, name))
                      for name in HASHED_FIELDS)
    return f"hash(({items}))"


def _hash_function() -> Callable[[State], int]:
    namespace: dict[str, object] = {}
    exec(f"def state_hash(s):\n    return {hash_expression(lambda name: 's.' + name)}\n", namespace)
    return namespace["state_hash"]  # type: ignore[return-value]


_STATE_HASH = _hash_function()
"""A State's hash from its fields (``hash_expression``)."""


class StateBeingBuilt(PositionReader):
    """A State's slots without its frozen ``__setattr__``: ``make_state`` fills one with plain
    attribute stores (each a few machine instructions, where a frozen class's slot is written by
    calling its descriptor), then makes it a :class:`State` by assigning ``__class__`` — allowed
    because the two classes have the same base and the same slots.  No reference to an object of
    this class escapes ``make_state``."""

    __slots__ = State.__slots__


def _tables_of(cards: tuple[Card, ...], ruleset: Ruleset, catalogue: Catalogue | None = None) -> PositionTables:
    """The position tables of a State of these cards under ``ruleset`` (their behaviours from
    ``catalogue``; None: the default catalogue)."""
    return position_tables(tuple(c.name for c in cards), ruleset.as_of, catalogue)


def _state_maker() -> Callable[..., State]:
    """A function building a State from its position tables, its ``cards_hash`` (None: computed) and
    its field values, positionally in ``STATE_FIELDS`` order (see :class:`StateBeingBuilt`)."""
    namespace: dict[str, object] = {"_new": object.__new__, "_Built": StateBeingBuilt, "_State": State,
                                    "_cards_hash_of": cards_hash, "_tables_of": _tables_of}
    body = "".join(f"    new.{name} = {name}\n" for name in STATE_FIELDS)
    exec(f"def make(tables, _cards_hash, {', '.join(STATE_FIELDS)}):\n"
         f"    if _cards_hash is None:\n        _cards_hash = _cards_hash_of(cards)\n"
         f"    new = _new(_Built)\n{body}"
         f"    new._cards_hash = _cards_hash\n    new._hash = {hash_expression(str)}\n"
         f"    new.tables = tables if tables is not None else _tables_of(cards, ruleset)\n"
         f"    new.__class__ = _State\n    return new\n", namespace)
    return namespace["make"]  # type: ignore[return-value]


make_state = _state_maker()
assert STATE_FIELDS == ("turn_player", "ruleset", "cards", "decks", "anonymous", "life", "step", "priority", "passes",
                        "forced", "pending", "done", "lingering", "chain", "waiting", "adjusted", "after_chain",
                        "skipped", "phase", "declared", "attacker", "moment"), \
    "State.passed_to, to_step and procedure.remembered build States positionally: update them"
"""``make_state(tables, cards_hash, *values)``: the State of these field values (``STATE_FIELDS`` order)
whose position tables are ``tables`` (None: found from the cards and the ruleset) and whose ``cards_hash`` is
``cards_hash`` (None: computed) — what ``State(*values)`` builds, faster, but for the pending processes: kept
as listed (the procedure's own steps, which list them in R6's order; :func:`build_state` sorts them)."""


def build_state(values: Iterable[object], tables: PositionTables | None) -> State:
    """A State from its field values in ``STATE_FIELDS`` order (what ``State(*values)``
    builds, faster: its pending processes put in R6's order too) with its position tables
    already known (None: found from the cards and the ruleset)."""
    listed = list(values)
    listed[_PENDING] = in_process_order(listed[_PENDING])  # type: ignore[arg-type]
    return make_state(tables, None, *listed)


PHASE_TITLES: dict[Phase, str] = {
    Phase.DRAW: "Draw Phase",
    Phase.STANDBY: "Standby Phase",
    Phase.MAIN1: "Main Phase 1",
    Phase.BATTLE: "Battle Phase",
    Phase.MAIN2: "Main Phase 2",
    Phase.END: "End Phase",
}


def _named(card: Card, labelled: bool) -> str:
    return card.label if labelled else card.name

"""Small immutable values the engine passes around.

Everything here is hashable, so states built from these values can serve as
transposition-table keys.

* players are the strings ``"A"`` and ``"B"`` (as in a Scenario); "turn
  player" / "non-turn player" are roles, resolved through ``State.turn_player``;
* :class:`Card` is one physical card in one zone;
* :class:`Process` is one End Phase process (R6) still to be done;
* :class:`Event` is a queryable fact that happened on a line (issue 4 asks
  questions such as "was Hysteric Sign's effect activated?" of them);
* :class:`Outcome` is where a line ends: the final position plus its events.

>>> Event("activated", card="ヒステリック・サイン")
Event('activated', card='ヒステリック・サイン')
>>> other("A")
'B'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any, TypeVar

PLAYERS: tuple[str, str] = ("A", "B")


T = TypeVar("T")


def slot_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass a faster ``__init__`` with the same signature.

    The ``__init__`` dataclasses writes for a frozen class sets each field with
    ``object.__setattr__(self, name, value)``; this one calls each slot's
    descriptor directly (then ``__post_init__``, if any).  The engine builds
    these values by the hundred thousand in a search.  Plain defaults only
    (no ``default_factory``, no keyword-only fields: a TypeError says so).

    >>> @slot_init
    ... @dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     left: int
    ...     right: int = 0
    >>> Pair(1), Pair(1, right=2) == Pair(1, 2)
    (Pair(left=1, right=0), True)
    """
    namespace: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not dataclasses.MISSING or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: slot_init supports plain defaults only")
        setter = f"_set_{f.name}"
        namespace[setter] = cls.__dict__[f.name].__set__
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
        if f.init:
            params.append(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}")
            body.append(f"    {setter}(self, {f.name})")
        elif f.default is dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a field outside __init__ needs a default")
        else:
            body.append(f"    {setter}(self, _default_{f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"]) + "\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)
    return cls


def other(player: str) -> str:
    """The opponent of ``player`` ("A" <-> "B")."""
    return "B" if player == "A" else "A"


def player_index(player: str) -> int:
    """0 for "A", 1 for "B" (index into per-player tuples of a State)."""
    return 0 if player == "A" else 1


class Zone(StrEnum):
    """Where a card is."""

    HAND = "hand"
    FIELD = "field"
    GY = "graveyard"
    BANISHED = "banished"
    DECK = "deck"


class Position(StrEnum):
    """How a card lies on the field (the Scenario's ``CardSpec.position``)."""

    FACE_UP = "face_up"
    FACE_UP_DEFENSE = "face_up_defense"
    FACE_DOWN = "face_down"
    SET = "set"


FACE_UP_POSITIONS = frozenset({Position.FACE_UP, Position.FACE_UP_DEFENSE})


class ProcessKind(IntEnum):
    """The six kinds of End Phase process (spec R6, seed 000 「エンドフェイズに行う処理の種類」)."""

    MANDATORY_EFFECT = 1
    """A mandatory effect that must be activated/applied in the End Phase."""
    OPTIONAL_EFFECT = 2
    """An optional effect that may be activated in the End Phase (trigger or ignition)."""
    LINGERING = 3
    """What an already-resolved effect does in the End Phase (《真炎の爆発》's banish)."""
    MAINTENANCE_COST = 4
    """A maintenance cost paid in the End Phase (Koa'ki Meiru)."""
    DURATION_END = 5
    """The end of an effect that lasts "until the End Phase" (pre-2014 《エフェクト・ヴェーラー》)."""
    QUICK_EFFECT = 6
    """A quick effect activated in the End Phase (not a pending process; listed for completeness)."""


@slot_init
@dataclass(frozen=True, slots=True)
class Card:
    """One card in one zone.

    ``uid`` is fixed when the position is built (scenario order) and kept when
    the card moves, so a position that repeats is recognised as the same
    position (loop detection).  ``label`` is the name, suffixed ``#k`` when a
    position holds several copies, and is what actions print.
    ``tags`` record what happened to this card this turn ("summoned_this_turn",
    "tribute_less_summoned", "sent_to_gy_this_turn", ...).
    """

    uid: int
    name: str
    owner: str
    controller: str
    zone: Zone
    position: Position = Position.FACE_UP
    tags: frozenset[str] = frozenset()
    label: str = ""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_hash",
            hash((self.uid, self.name, self.owner, self.controller, self.zone, self.position, self.tags, self.label)),
        )

    def __hash__(self) -> int:
        return self._hash

    @property
    def face_up(self) -> bool:
        """Face-up in any zone where that matters (hand and GY count as face-up)."""
        return self.position in FACE_UP_POSITIONS or self.zone in (Zone.GY, Zone.BANISHED)

    @property
    def on_field_face_up(self) -> bool:
        return self.zone is Zone.FIELD and self.position in FACE_UP_POSITIONS

    def shown(self) -> str:
        return self.label or self.name


@slot_init
@dataclass(frozen=True, slots=True, order=True)
class Process:
    """One End Phase process still to be done (spec R6).

    ``source`` is the uid of the card it belongs to (the affected card for a
    lingering effect, or -1); ``key`` names the effect in that card's text
    (or ``"<source card>:<effect>"`` for lingering effects).  ``(source, key)``
    identifies the process; ``label`` is what the trace prints.
    """

    source: int
    key: str
    controller: str
    kind: ProcessKind
    mandatory: bool
    chain_link: bool
    label: str
    lingering: bool = False
    """It belongs to a lingering effect (an expiry or a lingering action), not to a card's text."""
    pid: tuple[int, str] = field(default=(-1, ""), init=False, repr=False, compare=False)
    """``(source, key)``: what identifies the process."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pid", (self.source, self.key))
        object.__setattr__(
            self, "_hash",
            hash((self.source, self.key, self.controller, self.kind, self.mandatory, self.chain_link, self.label,
                  self.lingering)),
        )

    def __hash__(self) -> int:
        return self._hash


class EventKind(StrEnum):
    """The vocabulary of queryable facts (predicates use these words)."""

    ACTIVATED = "activated"
    PERFORMED = "performed"
    RESOLVED = "resolved"
    NEGATED = "negated"
    SUMMONED = "summoned"
    SPECIAL_SUMMONED = "special_summoned"
    SENT_TO_GY = "sent_to_gy"
    DISCARDED = "discarded"
    DESTROYED = "destroyed"
    BANISHED = "banished"
    RETURNED_TO_HAND = "returned_to_hand"
    ADDED_TO_HAND = "added_to_hand"
    DREW = "drew"
    MILLED = "milled"
    DAMAGE = "damage"
    DAMAGE_PREVENTED = "damage_prevented"
    LP_GAINED = "lp_gained"
    CONTROL_CHANGED = "control_changed"
    EFFECT_ENDED = "effect_ended"
    TURN_SKIPPED = "turn_skipped"
    HAND_ADJUSTED = "hand_adjusted"
    BANISH_PREVENTED = "banish_prevented"
    LOOP = "loop"
    DECLARED = "declared"
    """OCG: the turn player's declaration to move on from a phase other than the
    End Phase (P1: it includes the pass); ``detail`` names the phase.  Duel
    Masters: a player declared the use of an ability (使用宣言, D2); ``card``
    names it."""
    PHASE_STARTED = "phase_started"
    """A phase began during the line (``detail``: its name, e.g. "main1")."""
    POSITION_CHANGED = "position_changed"
    """A monster's battle position changed (``player``: who changed it;
    ``detail``: the new position, "attack" or "defense")."""
    ATTACKED = "attacked"
    """A monster (a creature, in Duel Masters) declared an attack (``player``: its controller)."""
    # -- Duel Masters' Turn End Step (toolkit.duel_masters) ------------------
    WAITING = "waiting"
    """An ability went into the waiting state (待機状態, D2)."""
    CANCELLED = "cancelled"
    """A waiting ability left the waiting state without resolving (D3: its card left)."""
    ENTERED = "entered"
    """A card was put into the battle zone (``detail``: where from)."""
    PUT_INTO_MANA = "put_into_mana"
    """A card was put into the mana zone."""
    FLIPPED = "flipped"
    """A dragheart flipped (龍解); ``detail``: the side now face up."""
    BROKEN = "broken"
    """A shield was broken (``player``: the shield's owner)."""
    CAST = "cast"
    """A spell was cast (e.g. for free through 侵略ZERO)."""
    REST_SKIPPED = "rest_skipped"
    """The rest of the turn was skipped (終末の時計 ザ・クロック)."""
    TURN_STARTED = "turn_started"
    """The next turn started (``player``: whose turn it is)."""


@slot_init
@dataclass(frozen=True, slots=True)
class Event:
    """A fact on a line: ``kind`` (an :class:`EventKind` value), and the card
    (Japanese name), player ("A"/"B"), amount and detail it concerns."""

    kind: str
    card: str | None = None
    player: str | None = None
    amount: int | None = None
    detail: str | None = None

    def __repr__(self) -> str:
        parts = [repr(str(self.kind))]
        for name in ("card", "player", "amount", "detail"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        return f"Event({', '.join(parts)})"

    def sort_key(self) -> tuple[str, str, str, int, str]:
        return (self.kind, self.card or "", self.player or "", self.amount or 0, self.detail or "")


def sorted_events(events: frozenset[Event] | tuple[Event, ...]) -> tuple[Event, ...]:
    """Events in a deterministic order."""
    return tuple(sorted(events, key=Event.sort_key))


@dataclass(frozen=True, slots=True)
class PositionSummary:
    """The final position of a line, by card names (copies are not told apart).

    ``zones`` holds ``(player, zone, names)`` rows, names sorted; ``life`` holds
    ``(player, LP)``; ``anonymous`` counts unnamed deck cards per player and zone.
    """

    zones: tuple[tuple[str, str, tuple[str, ...]], ...]
    life: tuple[tuple[str, int], ...]
    anonymous: tuple[tuple[str, str, int], ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # every Outcome a search merges events into re-hashes its summary: hash once
        object.__setattr__(self, "_hash", hash((self.zones, self.life, self.anonymous)))

    def __hash__(self) -> int:
        return self._hash

    def names(self, player: str, zone: str) -> tuple[str, ...]:
        for p, z, names in self.zones:
            if p == player and z == zone:
                return names
        return ()

    def count(self, player: str, zone: str) -> int:
        extra = sum(n for p, z, n in self.anonymous if p == player and z == zone)
        return len(self.names(player, zone)) + extra

    def text(self) -> str:
        rows = []
        for p, z, names in self.zones:
            if names:
                rows.append(f"{p}.{z}: {', '.join(names)}")
        rows.extend(f"{p}.{z}: +{n} unnamed" for p, z, n in self.anonymous if n)
        rows.extend(f"{p}.LP: {lp}" for p, lp in self.life)
        return "; ".join(rows)


@slot_init
@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a line ends: the final position, the set of events on the line,
    and, for a line that reached a repeating position, the cycle (action reprs).
    """

    summary: PositionSummary
    events: frozenset[Event]
    loop: tuple[str, ...] | None = None
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # searches key dicts by outcomes many times over: hash once
        object.__setattr__(self, "_hash", hash((self.summary, self.events, self.loop)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_loop(self) -> bool:
        return self.loop is not None

    def has(self, kind: str, card: str | None = None) -> bool:
        return any(e.kind == kind and (card is None or e.card == card) for e in self.events)

    def text(self) -> str:
        head = "LOOP: " + " -> ".join(self.loop) if self.loop is not None else self.summary.text()
        return head + " | " + ", ".join(repr(e) for e in sorted_events(self.events))

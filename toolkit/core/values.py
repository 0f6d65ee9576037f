"""Small immutable values every game passes around.

Everything here is hashable, so states built from these values can serve as
transposition-table keys.

* players are the strings ``"A"`` and ``"B"`` (as in a Scenario); "turn
  player" / "non-turn player" are roles, resolved through ``State.turn_player``;
* :class:`Event` is a queryable fact that happened on a line ("was Hysteric
  Sign's effect activated?" is asked of them); each game names its kinds of
  event (its ``Game.event_kinds``);
* :class:`Outcome` is where a line ends: the final position plus its events.

>>> Event("activated", card="ヒステリック・サイン")
Event('activated', card='ヒステリック・サイン')
>>> other("A")
'B'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
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
        namespace[setter] = next(k.__dict__[f.name] for k in cls.__mro__ if f.name in k.__dict__).__set__
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


def rebuilt_when_unpickled(cls: type[T]) -> type[T]:
    """Pickle a dataclass that caches its hash by its ``__init__`` fields, so an
    unpickled copy is built again — and hashed again: ``str`` hashes differ from
    one process to the next, so a hash cached in another process (a process
    pool's worker) would not find equal values in this one's dicts and sets.

    >>> import pickle
    >>> summary = PositionSummary(zones=(("A", "hand", ("ライトロード・マジシャン ライラ",)),), life=(("A", 8000),))
    >>> summary.__reduce__()[1]
    ((('A', 'hand', ('ライトロード・マジシャン ライラ',)),), (('A', 8000),), ())
    >>> pickle.loads(pickle.dumps(summary)) in {summary}
    True
    """
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)  # type: ignore[arg-type]

    def __reduce__(self: Any) -> tuple[type[T], tuple[Any, ...]]:
        return cls, tuple(getattr(self, name) for name in names)

    setattr(cls, "__reduce__", __reduce__)
    return cls


def other(player: str) -> str:
    """The opponent of ``player`` ("A" <-> "B")."""
    return "B" if player == "A" else "A"


LOOP = "loop"
"""The event kind the search records when a line reaches a position it has already been in."""


def player_index(player: str) -> int:
    """0 for "A", 1 for "B" (index into per-player tuples of a State)."""
    return 0 if player == "A" else 1


@slot_init
@dataclass(frozen=True, slots=True)
class Event:
    """A fact on a line: ``kind`` (an :class:`EventKind` value), and the card
    (Japanese name), player ("A"/"B"), amount and detail it concerns; ``by``: the
    card whose effect or process caused it (None: a rule of the game, or a player's move).

    ``card`` is the card the event happened to (the milled card, the destroyed card), ``by``
    the card that made it happen. ``by`` is not part of the event's identity: two events that
    differ only in their cause are one event (so an outcome, a set of events, and the
    counts of outcomes do not change with it; an outcome reached by several lines shows
    the cause of the first line the search met).

    >>> Event("milled", player="A", amount=3, by="ライトロード・サモナー ルミナス")
    Event('milled', player='A', amount=3, by='ライトロード・サモナー ルミナス')
    >>> Event("milled", player="A", amount=3, by="X") == Event("milled", player="A", amount=3)
    True
    """

    kind: str
    card: str | None = None
    player: str | None = None
    amount: int | None = None
    detail: str | None = None
    by: str | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        parts = [repr(str(self.kind))]
        for name in ("card", "player", "amount", "detail", "by"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        return f"Event({', '.join(parts)})"

    def sort_key(self) -> tuple[str, str, str, int, str]:
        return (self.kind, self.card or "", self.player or "", self.amount or 0, self.detail or "")


EventTexts = dict[int, tuple[tuple[str, str, str, int, str], str]]
"""id of an event -> (its sort key, its text): what :meth:`Outcome.text` reads events by."""


def renamed_event(event: Event, renaming: Mapping[str, str]) -> Event:
    """``event`` with the card names it carries renamed by ``renaming`` (name -> new name; a name not
    in it stays): its ``card``, its cause ``by``, and a ``detail`` that is a name (a game's
    ``Game.renaming`` renames outcomes so).

    >>> renamed_event(Event("discarded", "増援", "A", by="X"), {"増援": "死者蘇生"})
    Event('discarded', card='死者蘇生', player='A', by='X')
    """
    card, by, detail = event.card, event.by, event.detail
    if card not in renaming and by not in renaming and detail not in renaming:
        return event
    return Event(event.kind, card if card is None else renaming.get(card, card), event.player, event.amount,
                 detail if detail is None else renaming.get(detail, detail), by if by is None else renaming.get(by, by))


def sorted_events(events: frozenset[Event] | tuple[Event, ...]) -> tuple[Event, ...]:
    """Events in a deterministic order."""
    return tuple(sorted(events, key=Event.sort_key))


@rebuilt_when_unpickled
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


@rebuilt_when_unpickled
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

    def text(self, shown: EventTexts | None = None) -> str:
        """The outcome in the engine's compact form (what sorts a search's outcomes),
        its events in ``Event.sort_key`` order (ties by their text).

        ``shown``: a memo of each event's sort key and text by ``id``, for sorting
        many outcomes that share their event objects, as one search's do (the
        caller keeps the events alive while the memo is used).
        """
        head = "LOOP: " + " -> ".join(self.loop) if self.loop is not None else self.summary.text()
        memo: EventTexts = {} if shown is None else shown
        parts = []
        for e in self.events:
            known = memo.get(id(e))
            if known is None:
                known = memo[id(e)] = (e.sort_key(), repr(e))
            parts.append(known)
        parts.sort()
        return head + " | " + ", ".join(text for _key, text in parts)


def event_code_text(event: Event, *, kind_mark: str = ":", hide_detail_of: frozenset[str] = frozenset()) -> str:
    """An event in the engine's compact form, ``kind: card (player) amount [detail]``
    (what tables of outcomes compare; people read ``Game.describe_event``).
    ``kind_mark`` follows the kind; the detail of a kind in ``hide_detail_of`` is left out.

    >>> event_code_text(Event("damage", player="B", amount=300))
    'damage: B 300'
    >>> event_code_text(Event("activated", card="重力解除", player="B", detail="x"), kind_mark="",
    ...                 hide_detail_of=frozenset({"activated"}))
    'activated 重力解除 (B)'
    """
    parts = [str(event.kind) + kind_mark]
    if event.card is not None:
        parts.append(event.card)
    if event.player is not None:
        parts.append(f"({event.player})" if event.card is not None else event.player)
    if event.amount is not None:
        parts.append(str(event.amount))
    if event.detail is not None and event.kind not in hide_detail_of:
        parts.append(f"[{event.detail}]")
    return " ".join(parts)

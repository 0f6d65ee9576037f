"""An immutable Duel Masters position at the end of a turn.

The same contract as the OCG :class:`toolkit.ocg.state.State`: hashable
(a transposition-table key), who acts next is explicit (``actor``:
:class:`toolkit.ocg.state.Actor`), ``summary()`` gives the
:class:`toolkit.core.values.PositionSummary` an outcome keeps.

Cards keep their ``uid`` when they move; ``arrival`` counts how often a card
has entered the battle zone, so "the card that was there when the step came"
and "the same card, back again" are told apart (D3).
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from toolkit.core.durations import Lingering
from toolkit.core.game import Actor
from toolkit.core.values import PLAYERS, PositionSummary, other, rebuilt_when_unpickled
from toolkit.duel_masters.rules import TurnEndRules

__all__ = ["DMCard", "DMState", "DMStep", "DMZone", "Waiting"]


class DMZone(StrEnum):
    """Where a Duel Masters card is."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    HAND = "hand"
    BATTLE = "battle_zone"
    MANA = "mana_zone"
    SHIELD = "shield_zone"
    GRAVEYARD = "graveyard"
    DECK = "deck"


ZONE_ORDER = (DMZone.HAND, DMZone.BATTLE, DMZone.MANA, DMZone.SHIELD, DMZone.GRAVEYARD, DMZone.DECK)


class DMStep(Enum):
    """Where in the end of the turn a position is."""

    __hash__ = object.__hash__  # members are singletons compared by identity: hashed in C

    ATTACK = "attack"
    """The attack step: the turn player attacks with a creature or ends the step (D1)."""
    SHIELD_TRIGGER = "shield_trigger"
    """A broken shield is a shield trigger: its owner uses it or keeps it in hand."""
    BEGIN = "begin"
    """The Turn End Step comes: end-of-turn abilities go waiting (D2 (1)); automatic."""
    TP_DECLARE = "tp_declare"
    """The turn player declares the abilities that need a declaration (D2 (2))."""
    TP_RESOLVE = "tp_resolve"
    """The turn player resolves its waiting effects in the order it picks (D2 (3))."""
    NTP_DECLARE = "ntp_declare"
    """The non-turn player declares (D2 (4))."""
    NTP_RESOLVE = "ntp_resolve"
    """The non-turn player resolves its waiting effects; the turn player's new ones go first (D2 (5))."""
    TURN_ENDS = "turn_ends"
    """Durations end and the next turn starts (D2 (6)); automatic."""
    OVER = "over"


_CHOOSER = {
    DMStep.ATTACK: "tp",
    DMStep.SHIELD_TRIGGER: "ntp",
    DMStep.TP_DECLARE: "tp",
    DMStep.TP_RESOLVE: "tp",
    DMStep.NTP_DECLARE: "ntp",
}


@dataclass(frozen=True, slots=True)
class DMCard:
    """One card.  ``label`` is the name (``#k`` for copies) actions print;
    ``side`` is the name of the face up now (a flipped dragheart shows its
    other side); ``equipped_to`` is the uid of the creature a Dragheart
    Weapon is equipped to (-1: none); ``power`` is the printed power when the
    scenario gives one."""

    uid: int
    name: str
    owner: str
    zone: DMZone
    label: str
    tapped: bool = False
    flipped: bool = False
    side: str = ""
    equipped_to: int = -1
    arrival: int = 0
    power: int | None = None
    tags: frozenset[str] = frozenset()

    def shown(self) -> str:
        if self.flipped:
            return f"{self.label} → {self.side}" if self.side != self.name else f"{self.label} (龍解)"
        return self.label

    def moved(self, zone: DMZone, **changes: object) -> DMCard:
        """The card in another zone: untapped, unflipped and unequipped unless told otherwise;
        entering the battle zone counts as a new arrival (D3)."""
        arrival = self.arrival + 1 if zone is DMZone.BATTLE else self.arrival
        base: dict[str, object] = {"zone": zone, "tapped": False, "flipped": False, "side": self.name,
                                   "equipped_to": -1, "arrival": arrival}
        base.update(changes)
        return dataclasses.replace(self, **base)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Waiting:
    """An effect in the waiting state (待機状態): whose it is, which card and
    ability, and the card it is anchored to as it was when it went waiting
    (``anchor``, ``anchor_arrival``: the card itself, or for a Dragheart
    Weapon the creature it is equipped to)."""

    controller: str
    source: int
    key: str
    label: str
    kind: str
    """``end_of_turn`` (D2 (1)), ``declared`` (D2 (2)/(4)), ``triggered`` (during the step) or ``delayed``."""
    mandatory: bool
    anchor: int = -1
    anchor_arrival: int = 0


_KIND_ORDER = {"end_of_turn": 0, "delayed": 1, "declared": 2, "triggered": 3}
"""The kinds of waiting effect in the order the step queues them: D2 (1)'s abilities (the turn's delayed
ones after them), the declared ones (D2 (2), (4)), then those that trigger during the step."""


def waiting_order(w: Waiting) -> tuple[object, ...]:
    """Where a waiting effect stands in a position's list: by its kind in the order the step queues them
    (:data:`_KIND_ORDER`), the card it comes from, the ability, then its other fields.

    The order the effects went waiting in is no part of the position: each player resolves its own in the
    order it picks (D2 (3), (5): 「好きな順番で」), and the turn player's new ones go first by whose they
    are, not by where they stand (D2 (5)). Kept in this one order, two positions that differ only in the
    order their effects were queued are one position."""
    return (_KIND_ORDER.get(w.kind, len(_KIND_ORDER)), w.source, w.key, w.anchor_arrival, w.anchor, w.controller,
            w.kind, w.label, w.mandatory)


def in_waiting_order(waiting: tuple[Waiting, ...]) -> tuple[Waiting, ...]:
    """``waiting`` in :func:`waiting_order` (the same tuple when it is in that order already)."""
    ordered = tuple(sorted(waiting, key=waiting_order))
    return waiting if ordered == waiting else ordered


@rebuilt_when_unpickled
@dataclass(frozen=True, slots=True)
class DMState:
    """A position at the end of a Duel Masters turn."""

    turn_player: str
    ruleset: TurnEndRules
    cards: tuple[DMCard, ...]
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    step: DMStep = DMStep.BEGIN
    waiting: tuple[Waiting, ...] = ()
    declared: frozenset[tuple[int, str]] = frozenset()
    lingering: tuple[Lingering, ...] = ()
    delayed: tuple[tuple[str, str, str], ...] = ()
    """Delayed end-of-turn abilities created earlier in the turn: (card, controller, effect)."""
    rest_skipped: bool = False
    broken: int = -1
    """The uid of a shield just broken whose trigger its owner may use (SHIELD_TRIGGER)."""
    used: frozenset[str] = frozenset()
    """One-time abilities already used this turn (e.g. a D Switch), as ``"<uid>:<key>"``."""
    destroyed_this_turn: frozenset[int] = frozenset()
    left_weapons: tuple[tuple[int, int], ...] = ()
    """(creature, Dragheart Weapon) pairs: the weapon was left unequipped when the creature left the battle zone."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.waiting) > 1:
            object.__setattr__(self, "waiting", in_waiting_order(self.waiting))
        object.__setattr__(self, "_hash", hash((
            self.turn_player, self.cards, self.decks, self.step, self.waiting, self.declared, self.lingering,
            self.delayed, self.rest_skipped, self.broken, self.used, self.destroyed_this_turn, self.left_weapons)))

    def __hash__(self) -> int:
        return self._hash

    def evolve(self, **changes: object) -> DMState:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    # --- who acts ---------------------------------------------------------

    @property
    def non_turn_player(self) -> str:
        return other(self.turn_player)

    @property
    def next_turn_player(self) -> str | None:
        """Whose turn starts once this one is over (the other player's, after an extra turn too); None before."""
        return self.non_turn_player if self.is_over else None

    @property
    def priority(self) -> str | None:
        """Duel Masters has no priority: always None (the trace's priority column stays empty)."""
        return None

    @property
    def actor(self) -> Actor:
        if self.step is DMStep.OVER:
            return Actor.OVER
        if self.step in (DMStep.BEGIN, DMStep.TURN_ENDS):
            return Actor.AUTOMATIC
        return Actor.FORCED

    @property
    def acting_player(self) -> str | None:
        """Who chooses now (None when the game goes on by itself)."""
        who = _CHOOSER.get(self.step)
        if who == "tp":
            return self.turn_player
        if who == "ntp":
            return self.non_turn_player
        if self.step is DMStep.NTP_RESOLVE:
            tp_first = self.ruleset.tp_triggers_jump_ahead and self.waiting_of(self.turn_player)
            return self.turn_player if tp_first or not self.waiting_of(self.non_turn_player) else self.non_turn_player
        return None

    @property
    def is_over(self) -> bool:
        return self.step is DMStep.OVER

    # --- reading the position ------------------------------------------------

    def card(self, uid: int) -> DMCard:
        return self.cards[uid]

    def in_zone(self, player: str | None, zone: DMZone) -> tuple[DMCard, ...]:
        return tuple(c for c in self.cards if c.zone is zone and (player is None or c.owner == player))

    def waiting_of(self, player: str) -> tuple[Waiting, ...]:
        return tuple(w for w in self.waiting if w.controller == player)

    def summary(self, labelled: bool = False) -> PositionSummary:
        """The position by card names (what an Outcome keeps); ``labelled``: each copy
        with its mark, as the steps of a line name it (display only)."""
        rows = []
        for p in PLAYERS:
            for zone in ZONE_ORDER:
                if zone is DMZone.DECK:
                    names = tuple((self.cards[u].label if labelled else self.cards[u].name)
                                  for u in self.decks[0 if p == "A" else 1])
                else:
                    names = tuple(sorted(_summary_name(c, labelled) for c in self.cards
                                         if c.zone is zone and c.owner == p))
                rows.append((p, zone.value, names))
        return PositionSummary(zones=tuple(rows), life=())

    def describe(self) -> str:
        who = self.acting_player or "-"
        waiting = ", ".join(f"{w.label} ({w.controller})" for w in self.waiting) or "none"
        skipped = "; rest of turn skipped" if self.rest_skipped else ""
        return f"{self.step.value} ({who}); waiting: {waiting}{skipped}"

    def _repr_html_(self) -> str:
        from toolkit.duel_masters.words import describe_state

        esc = html.escape
        rows = []
        for p in PLAYERS:
            role = "TP" if p == self.turn_player else "NTP"
            for zone in ZONE_ORDER:
                cards = [c for c in self.cards if c.zone is zone and c.owner == p]
                if zone is DMZone.DECK:
                    cards = [self.cards[u] for u in self.decks[0 if p == "A" else 1]]
                text = ", ".join(esc(c.shown()) + (" <i>(tapped)</i>" if c.tapped else "") for c in cards)
                rows.append(f"<tr><td>{p} ({role})</td><td>{zone.value}</td><td>{text}</td></tr>")
        waiting = "".join(f"<li>{esc(w.label)} — {w.controller}, {w.kind}</li>" for w in self.waiting)
        return (f"<div><b>Turn End Step</b> — rules <code>{esc(self.ruleset.name)}</code>; <span title='{esc(self.describe())}'>{esc(describe_state(self))}</span>"
                f"<table>{''.join(rows)}</table><div>Waiting:<ul>{waiting or '<li>none</li>'}</ul></div></div>")


FLIPPED_MARK = " (龍解)"
"""What a summary adds to the name of a dragheart flipped to a side of its own name."""
TAPPED_MARK = " (tapped)"
"""What a summary adds to the name of a card left tapped in the battle zone."""


def _summary_name(card: DMCard, labelled: bool = False) -> str:
    own = card.label if labelled else card.name
    name = card.side if card.flipped and card.side and card.side != card.name else own
    suffix = FLIPPED_MARK if card.flipped and name == own else ""
    return name + suffix + (TAPPED_MARK if card.tapped and card.zone is DMZone.BATTLE else "")


def card_of_summary_name(text: str) -> str:
    """The card a name in a summary is, without the marks of its state (a flipped dragheart is
    listed by the side face up, so that side's name is the card).

    >>> card_of_summary_name("煉獄刃 ヘルフエズ (龍解) (tapped)")
    '煉獄刃 ヘルフエズ'
    >>> card_of_summary_name("グルジェ・グルジェ")
    'グルジェ・グルジェ'
    """
    return text.removesuffix(TAPPED_MARK).removesuffix(FLIPPED_MARK)

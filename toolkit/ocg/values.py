"""The OCG's values: zones, battle positions, cards, End Phase processes and
the kinds of event the OCG procedure records.

>>> Zone.GY.value, ProcessKind.DURATION_END.value
('graveyard', 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from toolkit.core.values import rebuilt_when_unpickled, slot_init


class Zone(StrEnum):
    """Where a card is."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    HAND = "hand"
    FIELD = "field"
    GY = "graveyard"
    BANISHED = "banished"
    DECK = "deck"


class Position(StrEnum):
    """How a card lies on the field (the Scenario's ``CardSpec.position``)."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

    FACE_UP = "face_up"
    FACE_UP_DEFENSE = "face_up_defense"
    FACE_DOWN = "face_down"
    SET = "set"


FACE_UP_POSITIONS = frozenset({Position.FACE_UP, Position.FACE_UP_DEFENSE})

# Reading a member off an Enum class (``Zone.FIELD``) costs about 1,000 machine instructions on
# Python 3.11: EnumType defines ``__getattr__``, which makes every attribute lookup on the class a
# slow call (3.12 removed it).  The engine's hot paths read these module constants instead.
ZONE_FIELD, ZONE_HAND, ZONE_DECK = Zone.FIELD, Zone.HAND, Zone.DECK
_SHOWN_ZONES = frozenset({Zone.GY, Zone.BANISHED})


class ProcessKind(IntEnum):
    """The six kinds of End Phase process (spec R6, seed 000 「エンドフェイズに行う処理の種類」)."""

    __hash__ = int.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

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


@rebuilt_when_unpickled
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
        return self.position in FACE_UP_POSITIONS or self.zone in _SHOWN_ZONES

    @property
    def on_field_face_up(self) -> bool:
        return self.zone is ZONE_FIELD and self.position in FACE_UP_POSITIONS

    def shown(self) -> str:
        return self.label or self.name


@rebuilt_when_unpickled
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
    mandatory_for: str | None = field(default=None, init=False, repr=False, compare=False)
    """The controller when the process is mandatory, else None (what ``State.holds_mandatory`` reads)."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pid", (self.source, self.key))
        object.__setattr__(self, "mandatory_for", self.controller if self.mandatory else None)
        object.__setattr__(
            self, "_hash",
            hash((self.source, self.key, self.controller, self.kind, self.mandatory, self.chain_link, self.label,
                  self.lingering)),
        )

    def __hash__(self) -> int:
        return self._hash


class EventKind(StrEnum):
    """The OCG's vocabulary of queryable facts (predicates use these words)."""

    __hash__ = str.__hash__  # the value's hash, computed in C (Enum's own __hash__ is a Python call)

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
    """The turn player's declaration to move on from a phase other than the
    End Phase (P1: it includes the pass); ``detail`` names the phase."""
    PHASE_STARTED = "phase_started"
    """A phase began during the line (``detail``: its name, e.g. "main1")."""
    POSITION_CHANGED = "position_changed"
    """A monster's battle position changed (``player``: who changed it;
    ``detail``: the new position, "attack" or "defense")."""
    ATTACKED = "attacked"
    """A monster declared an attack (``player``: its controller)."""

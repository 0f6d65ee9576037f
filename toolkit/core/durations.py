"""How long lingering effects last, and the ONE place they end.

Spec R4: an effect that lasts "until the End Phase" (「エンドフェイズ時まで」)
ends through a *process* performed in the End Phase (R6 kind 5) — a mandatory
process of the player who applied the effect; an effect that lasts "this
turn" / "until the end of the turn" (「ターン終了時まで」) ends *with* the turn,
with no process (E1).  Which one a card has can depend on the date: the
2014-07-10 errata moved most negations and stat changes from the first to the
second (X1), which the cards express as dated text versions.

Every lingering effect of a position ends through :func:`expire`:

* ``Moment.PROCESS`` — its "until the End Phase" expiry process was performed;
* ``Moment.TURN_END`` — the turn ends (E1): every UNTIL_END_OF_TURN / THIS_TURN
  effect ends at once;
* ``Moment.CARD_LEFT`` — the card it applied to left its zone (a card that
  moves becomes a new card for the effects applied to it).

>>> Duration.UNTIL_END_PHASE.has_expiry_process
True
>>> Duration.UNTIL_END_OF_TURN.has_expiry_process
False
>>> l = Lingering("エフェクト・ヴェーラー", "B", "negate", 3, Duration.UNTIL_END_OF_TURN)
>>> kept, ended = expire((l,), Moment.TURN_END)
>>> kept, [e.source for e in ended]
((), ['エフェクト・ヴェーラー'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from toolkit.core.values import rebuilt_when_unpickled


class Duration(Enum):
    """How long a lingering effect applies."""

    __hash__ = object.__hash__  # members are singletons compared by identity: hashed in C

    UNTIL_END_PHASE = "until_end_phase"
    """「エンドフェイズ時まで」: ends by an expiry process in the End Phase (R4, R6 kind 5)."""
    UNTIL_END_OF_TURN = "until_end_of_turn"
    """「ターン終了時まで」: ends simultaneously with the end of the turn (R4, E1)."""
    THIS_TURN = "this_turn"
    """「このターン」: ends with the turn, like UNTIL_END_OF_TURN (e.g. 《ピケルの魔法陣》)."""
    DURING_THIS_END_PHASE = "during_this_end_phase"
    """An effect that acts once in this End Phase (《真炎の爆発》's banish): a lingering
    process (R6 kind 3); the effect is gone once the process is done or the turn ends."""
    DURING_YOUR_TURN = "during_your_turn"
    """"During your turn" / "until the end of your turn" (from its controller's view,
    e.g. Duel Masters' 「自分のターン中」): ends with the turn."""
    DURING_OPPONENTS_TURN = "during_opponents_turn"
    """"During the opponent's turn" (e.g. Duel Masters' 「相手のターン中」): ends with the turn."""
    PERMANENT = "permanent"
    """Never expires in the scope of one turn."""

    @property
    def has_expiry_process(self) -> bool:
        """Whether ending it is an End Phase process someone must perform (R6 kind 5)."""
        return self is Duration.UNTIL_END_PHASE


class Moment(Enum):
    """The moments at which lingering effects can end (see :func:`expire`)."""

    PROCESS = "process"
    TURN_END = "turn_end"
    CARD_LEFT = "card_left"


@rebuilt_when_unpickled
@dataclass(frozen=True, slots=True)
class Lingering:
    """A lingering effect in a position.

    ``source`` is the card name whose resolved effect lingers (its behaviour
    defines ``effect``); ``controller`` is the player who applied it; ``target``
    is the uid of the card it applies to (-1: none).
    """

    source: str
    controller: str
    effect: str
    target: int
    duration: Duration
    key: str = field(default="", init=False, repr=False, compare=False)
    """The process key of anything this effect does in the End Phase (``"<source>:<effect>"``)."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a search hashes and keys these values many times: both are computed once
        object.__setattr__(self, "key", f"{self.source}:{self.effect}")
        object.__setattr__(self, "_hash", hash((self.source, self.controller, self.effect, self.target,
                                                 self.duration)))

    def __hash__(self) -> int:
        return self._hash


# Members read as module constants in the hot paths (see ``toolkit.ocg.values.ZONE_FIELD``).
_PROCESS, _TURN_END, _PERMANENT = Moment.PROCESS, Moment.TURN_END, Duration.PERMANENT


def expire(
    lingering: tuple[Lingering, ...],
    moment: Moment,
    *,
    which: Lingering | None = None,
    left: frozenset[int] = frozenset(),
) -> tuple[tuple[Lingering, ...], tuple[Lingering, ...]]:
    """Split ``lingering`` into (kept, ended) at ``moment``.

    * ``Moment.PROCESS``: ``which`` ends (its expiry process was performed);
    * ``Moment.TURN_END``: every effect whose duration ends with the turn ends
      (UNTIL_END_PHASE effects whose process was never performed also end here —
      they cannot outlive the turn in which they had to end);
    * ``Moment.CARD_LEFT``: every effect targeting a uid in ``left`` ends.
    """
    if moment is _PROCESS:  # (equal effects have equal hashes: most are told apart without __eq__)
        assert which is not None
        wanted = which._hash
        at = 0
        for item in lingering:
            if item is which or (item._hash == wanted and item == which):
                rest = lingering[at + 1:]
                for later in rest:
                    if later._hash == wanted and (later is which or later == which):
                        break  # (another equal effect: rare, split item by item below)
                else:  # (the usual case: one effect ends, the others are kept by slicing)
                    return lingering[:at] + rest, lingering[at:at + 1]
                break
            at += 1
        else:
            return tuple(lingering), ()
        kept: list[Lingering] = []
        ended: list[Lingering] = []
        for item in lingering:
            (ended if item is which or (item._hash == wanted and item == which) else kept).append(item)
        return tuple(kept), tuple(ended)
    kept = []
    ended = []
    for item in lingering:
        if moment is _TURN_END:
            gone = item.duration is not _PERMANENT
        else:
            gone = item.target in left
        (ended if gone else kept).append(item)
    return tuple(kept), tuple(ended)

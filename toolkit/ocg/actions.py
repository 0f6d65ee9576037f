"""The OCG's own kinds of action, beside the core's (``Pass``, ``Perform``, ``Activate``, …).

>>> Discard(("ヒステリック・サイン",)), EnterPhase("battle"), ChangePosition("漆黒の戦士 ワーウルフ")
(Discard(('ヒステリック・サイン',)), EnterPhase('battle'), ChangePosition('漆黒の戦士 ワーウルフ'))
>>> Discard(("ヒステリック・サイン",)).words(), EnterPhase("battle").words()
('Discard ヒステリック・サイン', 'Enter the Battle Phase')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.core.words import names, words

__all__ = ["PHASE_NAMES", "ChangePosition", "Discard", "EnterPhase"]

PHASE_NAMES = {
    "draw": "Draw Phase",
    "standby": "Standby Phase",
    "main1": "Main Phase 1",
    "battle": "Battle Phase",
    "main2": "Main Phase 2",
    "end": "End Phase",
}
"""How a phase value reads."""


@dataclass(frozen=True, slots=True)
class Discard:
    """The hand-size adjustment: the turn player's whole discard, at once (R1, R2)."""

    cards: tuple[str, ...]
    ref: tuple[int, ...] = field(default=(), repr=False)

    def __repr__(self) -> str:
        return f"Discard({self.cards!r})"

    def words(self) -> str:
        return f"Discard {names(self.cards)}" if self.cards else "Discard nothing"


@dataclass(frozen=True, slots=True)
class EnterPhase:
    """After Main Phase 1 ended, the turn player picks the next phase:
    ``"battle"`` or ``"end"`` (P3: chosen after both passed, 08/07/14)."""

    phase: str

    def __repr__(self) -> str:
        return f"EnterPhase({self.phase!r})"

    def words(self) -> str:
        return f"Enter the {PHASE_NAMES.get(self.phase, words(self.phase))}"


@dataclass(frozen=True, slots=True)
class ChangePosition:
    """The turn player changes a monster's battle position in its Main Phase
    (a game action, once per monster per turn; not a chain link)."""

    monster: str
    ref: int = field(default=-1, repr=False)

    def __repr__(self) -> str:
        return f"ChangePosition({self.monster!r})"

    def words(self) -> str:
        return f"Change the battle position of {self.monster}"

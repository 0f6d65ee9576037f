"""Duel Masters' own kinds of action, beside the core's.

>>> Declare("ZERO ハンド: 侵略ZERO"), Decline("極魔王殿 ウェルカム・ヘル: 龍解")
(Declare('ZERO ハンド: 侵略ZERO'), Decline('極魔王殿 ウェルカム・ヘル: 龍解'))
>>> Declare("ZERO ハンド: 侵略ZERO").words()
'Declare ZERO ハンド: 侵略ZERO'
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Declare", "Decline"]


@dataclass(frozen=True, slots=True)
class Declare:
    """Duel Masters: declare the use of an ability that needs a declaration
    (使用宣言, D2), or use a broken shield's shield trigger."""

    ability: str
    ref: tuple[int, str] = field(default=(-1, ""), repr=False)

    def __repr__(self) -> str:
        return f"Declare({self.ability!r})"

    def words(self) -> str:
        return f"Declare {self.ability}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Duel Masters: resolve an optional waiting effect ("may") without using it."""

    effect: str
    ref: tuple[int, str] = field(default=(-1, ""), repr=False)

    def __repr__(self) -> str:
        return f"Decline({self.effect!r})"

    def words(self) -> str:
        return f"Decline {self.effect}"

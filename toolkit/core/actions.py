"""What a player (or the game) can do in a state: tiny frozen values whose
repr reads like code.

>>> Pass()
Pass()
>>> Perform("ライトロード・マジシャン ライラ: mill 3")
Perform('ライトロード・マジシャン ライラ: mill 3')
>>> Activate("サイクロン", target="王宮の鉄壁")
Activate('サイクロン', target='王宮の鉄壁')

These are the kinds every game may use; a game adds its own beside them
(:mod:`toolkit.ocg.actions`, :mod:`toolkit.duel_masters.actions`).

The hidden ``ref``/``choice`` fields say exactly which process, effect and
cards are meant (two copies print alike but are different actions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from toolkit.core.values import slot_init


@slot_init
@dataclass(frozen=True, slots=True)
class Choice:
    """What a player picks when activating or performing: targets and cost cards (uids),
    cards chosen without targeting them (``picks``: "add 1 ... from your Deck") and,
    for an effect that does one thing *or* another, the alternative taken (``option``)."""

    targets: tuple[int, ...] = ()
    cost: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()
    option: str = ""

    @property
    def target(self) -> int | None:
        return self.targets[0] if self.targets else None


NO_CHOICE = Choice()


def _args(main: str, target: str | None, cost: tuple[str, ...], picks: tuple[str, ...] = (),
          option: str | None = None) -> str:
    parts = [repr(main)]
    if target is not None:
        parts.append(f"target={target!r}")
    if cost:
        parts.append(f"cost={cost!r}")
    if picks:
        parts.append(f"picks={picks!r}")
    if option is not None:
        parts.append(f"option={option!r}")
    return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up priority (R7); in a trigger step: decline the remaining optional triggers."""

    def __repr__(self) -> str:
        return "Pass()"


@slot_init
@dataclass(frozen=True, slots=True)
class Perform:
    """Perform one pending End Phase process (R6, R7)."""

    process: str
    target: str | None = None
    cost: tuple[str, ...] = ()
    ref: tuple[int, str] = field(default=(-1, ""), repr=False)
    choice: Choice = field(default=NO_CHOICE, repr=False)
    picks: tuple[str, ...] = ()
    option: str | None = None

    def __repr__(self) -> str:
        return f"Perform({_args(self.process, self.target, self.cost, self.picks, self.option)})"


@dataclass(frozen=True, slots=True)
class _EffectAction:
    """An effect chosen with its target and cost: what Activate and Respond share
    (each prints its own class name; an Activate never equals a Respond)."""

    effect: str
    target: str | None = None
    cost: tuple[str, ...] = ()
    ref: tuple[int, str] = field(default=(-1, ""), repr=False)
    choice: Choice = field(default=NO_CHOICE, repr=False)
    picks: tuple[str, ...] = ()
    option: str | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({_args(self.effect, self.target, self.cost, self.picks, self.option)})"


@slot_init
@dataclass(frozen=True, slots=True, repr=False)
class Activate(_EffectAction):
    """Activate a quick effect at open game state, or put a waiting trigger on the chain."""


@slot_init
@dataclass(frozen=True, slots=True, repr=False)
class Respond(_EffectAction):
    """Chain a quick effect (spell speed 2+) to the current chain (R5)."""


@dataclass(frozen=True, slots=True)
class Proceed:
    """Let the game go on by itself (the end of the turn, E1)."""

    def __repr__(self) -> str:
        return "Proceed()"


@dataclass(frozen=True, slots=True)
class Attack:
    """The turn player declares a direct attack with a monster in the Battle Phase."""

    monster: str
    ref: int = field(default=-1, repr=False)

    def __repr__(self) -> str:
        return f"Attack({self.monster!r})"


class Action(Protocol):
    """An action of any game: a small frozen value, hashable, whose repr reads like code and which
    says itself in words for people (``words()``; the core's own actions are worded by
    :func:`toolkit.core.words.action_words`).  A game defines its own kinds beside the core's
    (the OCG's ``Discard`` and ``EnterPhase``, Duel Masters' ``Declare``): the core names none."""

    def __hash__(self) -> int: ...

    def __eq__(self, other: object) -> bool: ...

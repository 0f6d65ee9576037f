"""Actions, events and positions in words for people (the code stays in ``repr``).

Every game phrases what happens on a line through its :class:`~toolkit.core.game.Game`
(``describe_action``, ``describe_event``, ``describe_state``); the functions
here are the neutral phrasing a game gets when it gives none of its own, and
the small pieces the games' own phrasings share.  The core's action kinds are
worded here; a game's own kind says itself (its ``words()``):

>>> from toolkit.core.actions import Activate, Pass, Perform
>>> action_words(Pass())
'Pass'
>>> action_words(Perform("ライトロード・マジシャン ライラ: mill 3"))
'Perform: ライトロード・マジシャン ライラ: mill 3'
>>> action_words(Activate("サイクロン", target="王宮の鉄壁", cost=("ミストデーモン",)))
'Activate サイクロン targeting 王宮の鉄壁, paying ミストデーモン'
>>> action_words(Perform("テスト: add or summon", option="add it to the hand"))
'Perform: テスト: add or summon, choosing to add it to the hand'
>>> action_words(Perform("テスト: search", picks=("ハーピィ・レディ",)))
'Perform: テスト: search, choosing ハーピィ・レディ'
>>> event_words(Event("hand_adjusted", player="A", amount=1))
'hand adjusted: A, 1'
>>> count(1, "card"), count(3, "card"), names(("a", "b", "c"))
('1 card', '3 cards', 'a, b and c')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolkit.core.actions import Activate, Attack, Pass, Perform, Proceed, Respond
from toolkit.core.values import Event

__all__ = ["action_words", "count", "event_words", "names", "state_words", "words"]

def words(text: str) -> str:
    """A snake_case name as words: ``hand_adjusted`` -> ``hand adjusted``."""
    return text.replace("_", " ").strip()


def count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``, ``2 passes``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def names(items: Sequence[str]) -> str:
    """Names joined for reading: ``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _extras(target: str | None, cost: tuple[str, ...], picks: tuple[str, ...] = (), option: str | None = None) -> str:
    text = f" targeting {target}" if target else ""
    text += f", paying {names(cost)}" if cost else ""
    text += f", choosing {names(picks)}" if picks else ""
    return text + (f", choosing to {option}" if option else "")


def _chosen(action: Perform | Activate | Respond) -> str:
    return _extras(action.target, action.cost, action.picks, action.option)


def action_words(action: Any) -> str:
    """An action as a short phrase: the core's kinds here, a game's own by its ``words()``, anything
    else by its repr."""
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Perform):
        return f"Perform: {action.process}{_chosen(action)}"
    if isinstance(action, Respond):
        return f"Chain {action.effect}{_chosen(action)}"
    if isinstance(action, Activate):
        return f"Activate {action.effect}{_chosen(action)}"
    if isinstance(action, Proceed):
        return "Go on"
    if isinstance(action, Attack):
        return f"Attack directly with {action.monster}"
    own = getattr(action, "words", None)
    return str(own()) if callable(own) else str(action)


def event_words(event: Event) -> str:
    """An event in plain words, whatever its kind: ``hand adjusted: A, 1``."""
    who = f"{event.card} ({event.player})" if event.card and event.player else event.card or event.player
    parts = [p for p in (who, None if event.amount is None else str(event.amount), event.detail) if p]
    head = words(str(event.kind))
    return f"{head}: {', '.join(parts)}" if parts else head


def state_words(state: Any) -> str:
    """A position in words from what every game's state has: who acts, or that it is over."""
    if state.is_over:
        return "the turn is over"
    who = state.acting_player
    return f"{who} to act" if who else "the game goes on by itself"

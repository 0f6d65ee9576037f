"""Duel Masters' actions, events and positions in words for people (``Game.describe_*``).

>>> from toolkit.core.values import Event
>>> describe_event(Event("waiting", card="煉獄刃 ヘルフエズ", player="A", detail="龍解"))
'煉獄刃 ヘルフエズ: 龍解 waits (A)'
>>> describe_event(Event("turn_started", player="B"))
"B's turn starts"
>>> from toolkit.core.actions import Proceed
>>> describe_action(Proceed())
'Go on (the game moves by itself)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.core.actions import Proceed
from toolkit.core.values import Event
from toolkit.core.words import action_words, count, event_words, names

__all__ = ["EVENT_KIND_NAMES", "describe_action", "describe_event", "describe_state"]


def describe_action(action: Any) -> str:
    """A Duel Masters action as a short phrase ("Declare ZERO ハンド: 侵略ZERO")."""
    if isinstance(action, Proceed):
        return "Go on (the game moves by itself)"
    return action_words(action)


def _card(e: Event) -> str:
    return e.card or "a card"


def _by(e: Event) -> str:
    return f" ({e.player})" if e.player else ""


def _ability(e: Event) -> str:
    """The card and its ability, without the engine's "<card>:" key prefix."""
    if not e.detail:
        return _card(e)
    return f"{_card(e)}: {str(e.detail).split(':')[-1].replace('_', ' ')}"


EVENT_KIND_NAMES: dict[str, str] = {
    "activated": "abilities used",
    "resolved": "resolutions",
    "declared": "declarations",
    "destroyed": "creatures destroyed",
    "drew": "draws",
    "effect_ended": "effects ended",
    "attacked": "attacks",
    "waiting": "abilities waiting",
    "cancelled": "abilities no longer waiting",
    "entered": "cards entering the battle zone",
    "put_into_mana": "cards put into the mana zone",
    "flipped": "flips (龍解)",
    "broken": "shields broken",
    "cast": "spells cast",
    "rest_skipped": "turns cut short",
    "turn_started": "turns started",
}
"""Each kind of Duel Masters event named as a group, for a summary's rows."""


_PHRASES: dict[str, Callable[[Event], str]] = {
    "activated": lambda e: f"{e.player or 'a player'} uses {_ability(e)}",
    "resolved": lambda e: f"{_ability(e)} resolves{_by(e)}",
    "declared": lambda e: f"{e.player or 'a player'} declares {_ability(e)}",
    "destroyed": lambda e: f"{_card(e)} is destroyed{_by(e)}",
    "drew": lambda e: f"{e.player} draws " + (count(e.amount, "card") if e.amount is not None else _card(e)),
    "effect_ended": lambda e: f"{_card(e)}: {e.detail or 'its effect'} ends{_by(e)}",
    "attacked": lambda e: f"{_card(e)} attacks{_by(e)}",
    "loop": lambda e: "the position repeats",
    "waiting": lambda e: f"{_ability(e)} waits{_by(e)}",
    "cancelled": lambda e: f"{_ability(e)} no longer waits{_by(e)}",
    "entered": lambda e: f"{_card(e)} enters the battle zone{_by(e)}" + (f" from {e.detail}" if e.detail else ""),
    "put_into_mana": lambda e: f"{_card(e)} is put into the mana zone{_by(e)}",
    "flipped": lambda e: f"{_card(e)} flips (龍解)" + (f" to {e.detail}" if e.detail else "") + _by(e),
    "broken": lambda e: f"a shield of {e.player} is broken" + (f": {e.card}" if e.card else ""),
    "cast": lambda e: f"{e.player or 'a player'} casts {_card(e)}",
    "rest_skipped": lambda e: f"the rest of {e.player}'s turn is skipped" if e.player else "the rest of the turn is skipped",
    "turn_started": lambda e: f"{e.player}'s turn starts",
}


def describe_event(event: Event) -> str:
    """A Duel Masters event as a short phrase; an unknown kind reads neutrally."""
    phrase = _PHRASES.get(str(event.kind))
    return phrase(event) if phrase is not None else event_words(event)


_STEPS = {
    "attack": "{who} attacks or ends the attack step",
    "shield_trigger": "{who} may use a shield trigger",
    "begin": "the Turn End Step comes",
    "tp_declare": "{who} (turn player) declares",
    "tp_resolve": "{who} (turn player) resolves its waiting abilities",
    "ntp_declare": "{who} (non-turn player) declares",
    "ntp_resolve": "{who} (non-turn player) resolves its waiting abilities",
    "turn_ends": "the durations end and the next turn starts",
}


def describe_state(state: Any) -> str:
    """A Turn End Step position in words: the step, who chooses, what waits."""
    if state.is_over:
        return "the turn is over"
    step = str(state.step.value)
    text = _STEPS.get(step, step.replace("_", " ")).format(who=state.acting_player or "nobody")
    waiting = [f"{w.label} ({w.controller})" for w in state.waiting]
    text += f"; waiting: {names(waiting)}" if waiting else "; nothing waits"
    if state.rest_skipped:
        text += "; the rest of the turn is skipped"
    return text

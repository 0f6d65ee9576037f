"""The OCG's events and positions in words for people (``Game.describe_*``).

Card names stay as the cards print them (Japanese); the code of an event or
action stays in its ``repr``.

>>> from toolkit.core.values import Event
>>> describe_event(Event("hand_adjusted", player="A", amount=1))
'A: 1 card discarded by the hand-size adjustment'
>>> describe_event(Event("hand_adjusted", player="A", amount=0))
"A's hand is within the limit: nothing discarded"
>>> describe_event(Event("activated", card="ヒステリック・サイン", player="A", detail="add up to 3 Harpie cards"))
'A activates ヒステリック・サイン (add up to 3 Harpie cards)'
>>> describe_event(Event("damage", player="B", amount=300))
'B takes 300 damage'
>>> from toolkit.core.actions import Proceed
>>> describe_action(Proceed())
'Go on (nobody chooses)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.core.actions import Proceed
from toolkit.core.values import Event
from toolkit.core.words import action_words, count, event_words, names, words
from toolkit.ocg.actions import PHASE_NAMES

__all__ = ["EVENT_KIND_NAMES", "describe_action", "describe_event", "describe_state"]


def describe_action(action: Any) -> str:
    """An OCG action as a short phrase ("Pass", "Discard ヒステリック・サイン")."""
    if isinstance(action, Proceed):
        return "Go on (nobody chooses)"
    return action_words(action)


def _of(event: Event) -> str:
    return f"{event.player}'s " if event.player else ""


def _how(event: Event) -> str:
    """What the event was about, without the engine's process key: "end:<card>:negate"
    (a lingering effect's expiry) reads "its “negate” effect ends", "<card>:banish_in_end_phase"
    reads "banish in end phase".

    >>> _how(Event("performed", card="エフェクト・ヴェーラー", detail="end:エフェクト・ヴェーラー:negate"))
    ' (its “negate” effect ends)'
    >>> _how(Event("performed", card="真炎の爆発", detail="真炎の爆発:banish_in_end_phase"))
    ' (banish in end phase)'
    """
    if not event.detail:
        return ""
    parts = str(event.detail).split(":")
    if len(parts) > 1 and parts[0] == "end":
        return f" (its “{parts[-1].replace('_', ' ')}” effect ends)"
    if len(parts) > 1:
        return f" ({parts[-1].replace('_', ' ')})"
    return f" ({event.detail})"


def _card(event: Event) -> str:
    return event.card or "a card"


_PHRASES: dict[str, Callable[[Event], str]] = {
    "activated": lambda e: f"{e.player or 'a player'} activates {_card(e)}{_how(e)}",
    "performed": lambda e: f"{e.player or 'a player'} performs {_card(e)}{_how(e)}",
    "resolved": lambda e: f"{_card(e)} resolves{_how(e)}",
    "negated": lambda e: f"{_card(e)} is negated{_how(e)}",
    "summoned": lambda e: f"{_card(e)} is Summoned ({e.player})" if e.player else f"{_card(e)} is Summoned",
    "special_summoned": lambda e: f"{_card(e)} is Special Summoned" + (f" ({e.player})" if e.player else ""),
    "sent_to_gy": lambda e: f"{_card(e)} goes to {_of(e)}graveyard",
    "discarded": lambda e: (f"{e.player} discards {count(e.amount, 'unnamed card')}" if e.card == "(unnamed)"
                            and e.amount else f"{e.player or 'a player'} discards {_card(e)}"),
    "destroyed": lambda e: f"{_card(e)} is destroyed" + (f" ({e.player})" if e.player else ""),
    "banished": lambda e: f"{_card(e)} is banished" + (f" ({e.player})" if e.player else ""),
    "returned_to_hand": lambda e: f"{_card(e)} returns to {_of(e)}hand",
    "added_to_hand": lambda e: f"{e.player or 'a player'} adds {_card(e)} to the hand",
    "drew": lambda e: f"{e.player} draws " + (count(e.amount, "card") if e.amount is not None else _card(e)),
    "milled": lambda e: f"{e.player} sends {count(e.amount or 0, 'card')} from the deck to the graveyard",
    "damage": lambda e: f"{e.player} takes {e.amount} {'battle ' if e.detail == 'battle' else ''}damage"
                        + (f" from {e.card}" if e.card else ""),
    "damage_prevented": lambda e: f"{e.amount} damage to {e.player} prevented" + (f" ({e.card})" if e.card else ""),
    "lp_gained": lambda e: f"{e.player} gains {e.amount} LP",
    "control_changed": lambda e: f"{e.player} takes control of {_card(e)}",
    "effect_ended": lambda e: f"{_card(e)}: its effect ends{_how(e)}",
    "turn_skipped": lambda e: f"{e.player} skips a turn",
    "banish_prevented": lambda e: f"{_card(e)} cannot be banished",
    "loop": lambda e: "the position repeats",
    "declared": lambda e: f"{e.player} declares the end of the {PHASE_NAMES.get(e.detail or '', words(e.detail or 'phase'))}",
    "phase_started": lambda e: f"the {PHASE_NAMES.get(e.detail or '', words(e.detail or 'phase'))} begins",
    "position_changed": lambda e: f"{_card(e)} changes to {e.detail or 'another'} position",
    "attacked": lambda e: f"{_card(e)} attacks" + (f" ({e.player})" if e.player else ""),
}


EVENT_KIND_NAMES: dict[str, str] = {
    "activated": "activations",
    "performed": "processes performed",
    "resolved": "resolutions",
    "negated": "negations",
    "summoned": "Summons",
    "special_summoned": "Special Summons",
    "sent_to_gy": "cards sent to the graveyard",
    "discarded": "cards discarded",
    "destroyed": "cards destroyed",
    "banished": "cards banished",
    "returned_to_hand": "cards returned to the hand",
    "added_to_hand": "cards added to the hand",
    "drew": "draws",
    "milled": "cards sent from the deck to the graveyard",
    "damage": "damage taken",
    "damage_prevented": "damage prevented",
    "lp_gained": "LP gained",
    "control_changed": "control taken",
    "effect_ended": "effects ended",
    "turn_skipped": "turns skipped",
    "hand_adjusted": "hand-size adjustments",
    "banish_prevented": "banishments prevented",
    "declared": "declarations",
    "phase_started": "phases begun",
    "position_changed": "battle positions changed",
    "attacked": "attacks",
}
"""Each kind of OCG event named as a group, for a summary's rows ("cards discarded (A): …")."""


def describe_event(event: Event) -> str:
    """An OCG event as a short phrase; an unknown kind reads neutrally."""
    if event.kind == "hand_adjusted":
        if not event.amount:
            return f"{_of(event)}hand is within the limit: nothing discarded"
        return f"{event.player}: {count(event.amount, 'card')} discarded by the hand-size adjustment"
    phrase = _PHRASES.get(str(event.kind))
    return phrase(event) if phrase is not None else event_words(event)


_STEPS = {
    "open": "{who} has priority",
    "chain": "a chain is being built; {who} may respond",
    "forced": "both passed: {who} must perform a mandatory process",
    "triggers": "triggered effects wait: {who} puts them on the chain",
    "adjust": "{who} adjusts the hand",
    "next_phase": "{who} chooses the next phase",
    "damage": "damage calculation",
    "turn_end": "the turn ends",
}


def describe_state(state: Any) -> str:
    """An OCG position in words: who acts, what is pending, passes so far."""
    if state.is_over:
        return "the turn is over"
    who = state.acting_player or "nobody"
    text = _STEPS.get(state.step.value, words(state.step.value)).format(who=who)
    if state.phase.value not in ("end", "turn_end", "over"):
        text = f"{PHASE_NAMES.get(state.phase.value, words(state.phase.value))}: {text}"
    if state.passes and state.step.value in ("open", "chain"):
        text += f" ({count(state.passes, 'pass')} in a row)"
    if state.chain:
        text += f"; chain of {count(len(state.chain), 'link')}"
    pending = [p.label for p in state.pending]
    text += f"; pending: {names(pending)}" if pending else "; nothing pending"
    if state.adjusted:
        text += "; the hand has been adjusted"
    return text

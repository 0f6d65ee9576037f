"""Which card ability a waiting effect or a trigger is, and what it may choose
(the look-ups the Turn End Step's procedure makes of the card behaviours)."""

from __future__ import annotations

from toolkit.core.actions import NO_CHOICE, Choice
from toolkit.duel_masters.board import DMBoard
from toolkit.duel_masters.cards import EndAbility, Triggered, behaviour
from toolkit.duel_masters.state import DMCard, DMState, Waiting


def ability_of(state: DMState | DMBoard, w: Waiting) -> EndAbility | None:
    if w.kind == "delayed":
        source, effect = w.key.split(":", 1)
        return behaviour(source).delayed[effect]
    if w.kind != "end_of_turn":
        return None
    card = state.card(w.source)
    shown = card.side if card.flipped and card.side else card.name
    for ability in behaviour(shown).end_of_turn + behaviour(card.name).end_of_turn:
        if ability.key == w.key:
            return ability
    return None


def triggered(card: DMCard, key: str) -> Triggered:
    """The "when …" ability ``key`` of a card (either side of a dragheart)."""
    names = (card.side or card.name, card.name)
    for name in names:
        for t in behaviour(name).on_flip + behaviour(name).on_destroyed:
            if t.key == key:
                return t
    raise KeyError(f"{card.label} has no triggered ability {key!r}")


def choices(state: DMState, w: Waiting) -> tuple[Choice, ...]:
    if w.kind == "triggered":
        card = state.card(w.source)
        return triggered(card, w.key).choices(state, card)
    ability = ability_of(state, w)
    if ability is None or w.source < 0:
        return (NO_CHOICE,)
    return ability.choices(state, state.card(w.source))


def choice_text(state: DMState, choice: Choice) -> tuple[str | None, tuple[str, ...]]:
    target = state.card(choice.target).label if choice.target is not None else None
    return target, tuple(state.card(u).label for u in choice.cost)

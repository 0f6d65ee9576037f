"""《非常食》 Emergency Provisions (Quick-Play Spell).

Cost: send any number (at least one) of the other Spells/Traps its
controller controls to the graveyard; effect: gain 1000 LP for each. A
quick effect (spell speed 2) usable in the End Phase: set on the field (not
the turn it was set) or, in its controller's own turn, from the hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from toolkit.ocg.cards import behaviour, register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    Choice,
    QuickEffect,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

PROVISIONS = "非常食"


def _other_spells_traps(card: Card, state: State) -> list[Card]:
    return [
        c
        for c in state.cards_in(card.controller, Zone.FIELD)
        if c.uid != card.uid and not behaviour(c.name).is_monster
    ]


def _can_activate(card: Card, state: State) -> bool:
    if card.zone is Zone.HAND and card.controller != state.turn_player:
        return False
    if card.zone is Zone.FIELD and "set_this_turn" in card.tags:
        return False
    return bool(_other_spells_traps(card, state))


def _costs(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    fodder = _other_spells_traps(card, state)
    for size in range(1, len(fodder) + 1):
        for group in combinations(fodder, size):
            yield Choice(cost=tuple(c.uid for c in group))


def _send_cost(board: Board, act: Activation) -> None:
    for uid in act.choice.cost:
        board.send_to_gy(uid)


def _gain(board: Board, act: Activation) -> None:
    board.gain_life(act.controller, 1000 * len(act.choice.cost))


register(
    CardBehaviour(
        name=PROVISIONS,
        english="Emergency Provisions",
        card_type=CardType.SPELL,
        subtype="quick-play",
        rulings=("ocg-130324-rekindling-imperial-iron-wall",),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="send Spells/Traps, gain 1000 LP each",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD, Zone.HAND}),
                        can_activate=_can_activate,
                        choices=_costs,
                        cost=_send_cost,
                        resolve=_gain,
                    ),
                ),
            ),
        ),
    )
)

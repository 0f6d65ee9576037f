"""《Ｕ.Ａ.パーフェクトエース》 U.A. Perfect Ace.

Once per chain, during the opponent's turn, its controller may discard one
card (cost) to negate the activation of a card or effect — a quick effect
(spell speed 2) chained to an opponent's link. The hidden 15/10/26 question
(could it answer Graff's trigger activated as the turn ends?) was answered
"under review": whatever the engine allows there is the model's reading.
The card it negates is also destroyed by the real text; the Board protocol
has no way to name the negated link's card, so only the negation is done.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.ocg.cards import register
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
    from toolkit.ocg.state import Link, State


def _can_activate(card: Card, state: State) -> bool:
    return (
        card.on_field_face_up
        and card.controller != state.turn_player
        and bool(state.cards_in(card.controller, Zone.HAND))
        and all(link.source != card.uid for link in state.chain)
    )


def _opponents_link(card: Card, state: State, link: Link) -> bool:
    return link.controller != card.controller


def _discards(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in state.cards_in(card.controller, Zone.HAND):
        yield Choice(cost=(c.uid,))


def _discard_cost(board: Board, act: Activation) -> None:
    for uid in act.choice.cost:
        board.discard(uid)


def _negate(board: Board, act: Activation) -> None:
    board.negate_link(-2)


register(
    CardBehaviour(
        name="Ｕ.Ａ.パーフェクトエース",
        english="U.A. Perfect Ace",
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({"Ｕ.Ａ."}),
        rulings=("ocg-151026-ua-perfect-ace-at-turn-end",),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="discard 1, negate an activation",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD}),
                        can_activate=_can_activate,
                        responds_to=_opponents_link,
                        choices=_discards,
                        cost=_discard_cost,
                        resolve=_negate,
                        card_activation=False,
                    ),
                ),
            ),
        ),
    )
)

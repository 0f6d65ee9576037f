"""《暗黒のマンティコア》 Manticore of Darkness.

In the End Phase of a turn it was sent from the hand or the field to the
graveyard, its controller may send a Beast, Beast-Warrior or Winged Beast
monster from the hand or field to the graveyard (cost) to Special Summon it —
an OPTIONAL "during the End Phase" effect, a chain link. Discarded by the
hand-size adjustment it finds no End Phase left (13/03/30, H5): optional
"during the End Phase" effects were never activated after the adjustment.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.ocg.cards import behaviour, register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    Choice,
    EndPhaseEffect,
)
from toolkit.ocg.cards.plain import monster_type
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

MANTICORE = "暗黒のマンティコア"
COST_TYPES = frozenset({"beast", "beast-warrior", "winged beast"})


def _sent_from_hand_or_field_this_turn(card: Card, state: State) -> bool:
    return (
        card.zone is Zone.GY
        and "sent_to_gy_this_turn" in card.tags
        and "sent_to_gy_from_deck" not in card.tags
    )


def _fodder(card: Card, state: State) -> list[Card]:
    return [
        c
        for zone in (Zone.HAND, Zone.FIELD)
        for c in state.cards_in(card.controller, zone)
        if behaviour(c.name).is_monster and monster_type(c.name) in COST_TYPES
    ]


def _can_perform(card: Card, state: State) -> bool:
    return bool(_fodder(card, state))


def _costs(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _fodder(card, state):
        yield Choice(cost=(c.uid,))


def _send_cost(board: Board, act: Activation) -> None:
    for uid in act.choice.cost:
        board.send_to_gy(uid)


def _revive(board: Board, act: Activation) -> None:
    if board.card(act.card.uid).zone is Zone.GY:
        board.special_summon(act.card.uid, act.controller)


register(
    CardBehaviour(
        name=MANTICORE,
        english="Manticore of Darkness",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-130330-manticore-adjustment",),
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="send a Beast, revive itself",
                        mandatory=False,
                        chain_link=True,
                        applies=_sent_from_hand_or_field_this_turn,
                        can_perform=_can_perform,
                        choices=_costs,
                        cost=_send_cost,
                        resolve=_revive,
                    ),
                ),
            ),
        ),
    )
)

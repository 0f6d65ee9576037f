"""《闇・道化師のペーテン》 Peten the Dark Clown.

When it is sent to the GY: banish it from the GY (cost) to Special Summon
another 《闇・道化師のペーテン》 from the hand or deck — an OPTIONAL "when"
trigger.  Discarded by the hand-size adjustment it may activate (13/03/27, H2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    ContinuousKind,
    Trigger,
)
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

PETEN = "闇・道化師のペーテン"


def _can(card: Card, state: State) -> bool:
    if state.continuous_active(ContinuousKind.NO_BANISH):
        return False
    return any(
        c.name == PETEN and c.uid != card.uid
        for zone in (Zone.HAND, Zone.DECK)
        for c in state.cards_in(card.owner, zone)
    )


def _banish_itself(board: Board, act: Activation) -> None:
    board.banish(act.card.uid)


def _summon_peten(board: Board, act: Activation) -> None:
    for zone in (Zone.HAND, Zone.DECK):
        for c in board.cards_in(act.controller, zone):
            if c.name == PETEN and c.uid != act.card.uid:
                board.special_summon(c.uid, act.controller)
                return


register(
    CardBehaviour(
        name=PETEN,
        english="Peten the Dark Clown",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="summon another Peten",
                        on=frozenset({EventKind.SENT_TO_GY}),
                        mandatory=False,
                        zones=frozenset({Zone.GY}),
                        can_activate=_can,
                        cost=_banish_itself,
                        resolve=_summon_peten,
                    ),
                ),
            ),
        ),
    )
)

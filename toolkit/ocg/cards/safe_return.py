"""《生還の宝札》 Card of Safe Return (Continuous Trap).

When a monster is Special Summoned from its controller's graveyard, that
player may draw one card — an OPTIONAL "when" trigger watching from the
field. The 08/08/03 answer uses it as the example of a hand that grows after
the hand-size adjustment, which must then be adjusted again (H4).
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
    Happening,
    Scope,
    Trigger,
)
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State


def _from_own_graveyard(card: Card, happening: Happening, state: State) -> bool:
    if happening.from_zone is not Zone.GY or happening.uid < 0:
        return False
    return state.card(happening.uid).owner == card.controller


def _draw_one(board: Board, act: Activation) -> None:
    board.draw(act.controller, 1)


register(
    CardBehaviour(
        name="生還の宝札",
        english="Card of Safe Return",
        card_type=CardType.TRAP,
        subtype="continuous",
        rulings=("ocg-080803-readjust-after-hand-grows",),
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="draw 1",
                        on=frozenset({EventKind.SPECIAL_SUMMONED}),
                        mandatory=False,
                        scope=Scope.ANY,
                        zones=frozenset({Zone.FIELD}),
                        condition=_from_own_graveyard,
                        resolve=_draw_one,
                    ),
                ),
            ),
        ),
    )
)

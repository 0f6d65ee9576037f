"""《イピリア》 Ipiria.

When it is Normal or Special Summoned, its controller draws one card — a
MANDATORY "when" trigger (a chain link). Special Summoned by 《暗黒界の書物》
after the hand-size adjustment it is not activated (23/01/16, H3); under the
2014 rulings it was assumed to activate (14/06/01), and its draw could make
the hand grow again (H4).
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import Activation, Board, CardBehaviour, CardText, CardType, Trigger
from toolkit.ocg.values import EventKind, Zone


def _draw_one(board: Board, act: Activation) -> None:
    board.draw(act.controller, 1)


register(
    CardBehaviour(
        name="イピリア",
        english="Ipiria",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-230116-ipiria-grimoire-no-activation", "ocg-140601-grimoire-summon-torrential-tribute"),
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="draw 1",
                        on=frozenset({EventKind.SUMMONED, EventKind.SPECIAL_SUMMONED}),
                        mandatory=True,
                        zones=frozenset({Zone.FIELD}),
                        resolve=_draw_one,
                    ),
                ),
            ),
        ),
    )
)

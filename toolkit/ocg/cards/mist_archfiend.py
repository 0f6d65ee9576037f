"""《ミストデーモン》 Mist Archfiend.

It may be Normal Summoned without Tributing; if it was, it is destroyed in
the End Phase and its controller takes 1000 damage — a MANDATORY End Phase
trigger (a chain link, per the 12/05/05 answer), in every End Phase, of the
player who controls it then. With 《エネミーコントローラー》's control change
pending, the two processes can be done in either order (12/05/05), and the
order decides who takes the damage.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    all_of,
    face_up_on_field,
    has_tag,
)
from toolkit.ocg.values import Zone

MIST_ARCHFIEND = "ミストデーモン"


def _destroy_and_burn(board: Board, act: Activation) -> None:
    if board.card(act.card.uid).zone is not Zone.FIELD:
        return
    board.destroy(act.card.uid)
    board.damage(act.controller, 1000)


register(
    CardBehaviour(
        name=MIST_ARCHFIEND,
        english="Mist Archfiend",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-120505-mist-archfiend-control-return-order",),
        atk=2400,
        defense=0,
        attribute="DARK",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="destroy itself, 1000 damage to its controller",
                        mandatory=True,
                        chain_link=True,
                        applies=all_of(face_up_on_field, has_tag("tribute_less_summoned")),
                        resolve=_destroy_and_burn,
                    ),
                ),
            ),
        ),
    )
)

"""《邪悪なるワーム・ビースト》 The Wicked Worm Beast.

During its controller's End Phase, return it to the owner's hand: a MANDATORY
"during the End Phase" trigger.  With 《暗黒界の書物》 it made an infinite loop
while such triggers still activated after the hand-size adjustment (H5).
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    all_of,
    face_up_on_field,
    if_still_on_field,
    your_end_phase,
)


_return = if_still_on_field(lambda board, uid: board.return_to_hand(uid))


register(
    CardBehaviour(
        name="邪悪なるワーム・ビースト",
        english="The Wicked Worm Beast",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="return to the hand",
                        mandatory=True,
                        chain_link=True,
                        applies=all_of(face_up_on_field, your_end_phase),
                        resolve=_return,
                    ),
                ),
            ),
        ),
    )
)

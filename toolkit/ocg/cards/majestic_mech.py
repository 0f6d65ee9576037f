"""《光神機−桜火》 Majestic Mech - Ohka.

Summoned without tributing, it is sent to the GY in the End Phase: a MANDATORY
End Phase effect (a chain link).  Used in the 12/09/21 answer (two Ohka, a
negated 《アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ》, NTP's 《エフェクト・ヴェーラー》).
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
    has_tag,
    if_still_on_field,
)


_send_itself = if_still_on_field(lambda board, uid: board.send_to_gy(uid))


register(
    CardBehaviour(
        name="光神機−桜火",
        english="Majestic Mech - Ohka",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="send itself to the GY",
                        mandatory=True,
                        chain_link=True,
                        applies=all_of(face_up_on_field, has_tag("tribute_less_summoned")),
                        resolve=_send_itself,
                    ),
                ),
            ),
        ),
    )
)

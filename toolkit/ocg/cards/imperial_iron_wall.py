"""《王宮の鉄壁》 Imperial Iron Wall (Continuous Trap).

While it is face-up on the field, neither player can banish cards: a
no-chain-link effect (the engine's NO_BANISH) that every banish — a cost or
an effect — must respect.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, Continuous, ContinuousKind

register(
    CardBehaviour(
        name="王宮の鉄壁",
        english="Imperial Iron Wall",
        card_type=CardType.TRAP,
        subtype="continuous",
        rulings=("ocg-130324-rekindling-imperial-iron-wall",),
        texts=(CardText(continuous=(Continuous(ContinuousKind.NO_BANISH),)),),
    )
)

"""《エフェクト・ヴェーラー》 Effect Veiler.

Discarded in the opponent's Main Phase to negate an opponent's effect monster:
no use in the End Phase itself, so its quick effect is never offered here;
what matters is the negation it leaves behind (``effect: negate``):

* original text (2011 rules, seed 003): 「エンドフェイズ時まで無効にする」 —
  UNTIL_END_PHASE, so ending it is a mandatory End Phase process of the
  Veiler player (R6 kind 5);
* from the 2014-07-10 errata (X1): "until the end of the turn" — no process,
  it ends with the turn (E1).
"""

from __future__ import annotations

import datetime

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, LingeringEffect
from toolkit.core.durations import Duration

VEILER = register(
    CardBehaviour(
        name="エフェクト・ヴェーラー",
        english="Effect Veiler",
        card_type=CardType.MONSTER,
        subtype="tuner",
        rulings=("ocg-undated-2011-horus-lv6-veiler", "ocg-undated-2011-lyla-veiler", "ocg-120916-zerato-veiler",
                 "ocg-120921-arcana-world-ohka-veiler", "ocg-130214-systie-veiler"),
        texts=(
            CardText(
                lingering=(
                    LingeringEffect(
                        effect="negate", duration=Duration.UNTIL_END_PHASE, negates=True,
                        label="negation until the End Phase",
                    ),
                ),
                note="pre-errata text: negates until the End Phase",
            ),
            CardText(
                since=datetime.date(2014, 7, 10),
                lingering=(
                    LingeringEffect(
                        effect="negate", duration=Duration.UNTIL_END_OF_TURN, negates=True,
                        label="negation until the end of the turn",
                    ),
                ),
                evidence=("errata-2014-07-10", "ocg-undated-2011-horus-lv6-veiler", "ocg-undated-2011-lyla-veiler"),
                note="2014-07-10 errata: negates until the end of the turn",
            ),
        ),
    )
)

"""Negations that last until the end of the turn: 《禁じられた聖杯》, 《ブレイクスルー・スキル》.

* 《禁じられた聖杯》 Forbidden Chalice (Quick-Play Spell): a face-up monster
  gains 400 ATK and its effects are negated until the end of the turn.
* 《ブレイクスルー・スキル》 Breakthrough Skill (Normal Trap): an opponent's
  face-up monster's effects are negated until the end of the turn.

Both leave a lingering ``negate`` effect that ends with the turn (no End
Phase process, R4); when it ends, a 「彼岸」 monster's self-destruct comes back
as the turn ends (E1; 17/10/26, 15/10/23). The worked examples are dated after
the 2014-07-10 errata; whether either card's text before it said "until the
End Phase" is not in the seeds, so each has a single text version. Their
activation (a Main/Battle Phase play) is not offered: scenarios start after it.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, LingeringEffect
from toolkit.core.durations import Duration

NEGATE_UNTIL_END_OF_TURN = LingeringEffect(
    effect="negate",
    duration=Duration.UNTIL_END_OF_TURN,
    negates=True,
    label="negation until the end of the turn",
)

register(
    CardBehaviour(
        name="禁じられた聖杯",
        english="Forbidden Chalice",
        card_type=CardType.SPELL,
        subtype="quick-play",
        rulings=(
            "ocg-171026-farfa-macro-cosmos",
            "ocg-171026-farfa-skull-invitation",
            "ocg-171026-farfa-damage-pikeru-des-wombat",
        ),
        texts=(CardText(lingering=(NEGATE_UNTIL_END_OF_TURN,)),),
    )
)

register(
    CardBehaviour(
        name="ブレイクスルー・スキル",
        english="Breakthrough Skill",
        card_type=CardType.TRAP,
        subtype="normal",
        rulings=("ocg-151023-graff-breakthrough-skill", "ocg-151026-ua-perfect-ace-at-turn-end"),
        texts=(CardText(lingering=(NEGATE_UNTIL_END_OF_TURN,)),),
    )
)

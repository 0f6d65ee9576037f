"""No-chain-link effects that still apply as the turn ends (E1, 17/10/26).

* 《マクロコスモス》 Macro Cosmos (Continuous Trap): a card that would be sent
  to the graveyard is banished instead.
* 《死霊の誘い》 Skull Invitation (Continuous Trap): each time cards are sent
  to the graveyard, each card's owner takes 300 damage per card.
* 《デス・ウォンバット》 Des Wombat (monster): while it is face-up, its
  controller takes no effect damage.
* 《ピケルの魔法陣》 Pikeru's Circle of Enchantment (Quick-Play Spell): its
  controller takes no effect damage this turn — a lingering effect
  (``no_effect_damage``) that ends with the turn, so it no longer protects when
  a self-destruct happens as the turn ends (17/10/26; our reading of why).

The continuous effects themselves are applied by the engine's Board verbs
(ContinuousKind); these behaviours only declare them.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    CardBehaviour,
    CardText,
    CardType,
    Continuous,
    ContinuousKind,
    LingeringEffect,
)
from toolkit.core.durations import Duration

FARFA_RULINGS = (
    "ocg-171026-farfa-macro-cosmos",
    "ocg-171026-farfa-skull-invitation",
    "ocg-171026-farfa-damage-pikeru-des-wombat",
)

register(
    CardBehaviour(
        name="マクロコスモス",
        english="Macro Cosmos",
        card_type=CardType.TRAP,
        subtype="continuous",
        rulings=FARFA_RULINGS[:1],
        texts=(CardText(continuous=(Continuous(ContinuousKind.BANISH_INSTEAD_OF_GY),)),),
    )
)

register(
    CardBehaviour(
        name="死霊の誘い",
        english="Skull Invitation",
        card_type=CardType.TRAP,
        subtype="continuous",
        rulings=FARFA_RULINGS[1:],
        texts=(CardText(continuous=(Continuous(ContinuousKind.DAMAGE_ON_SENT_TO_GY, amount=300),)),),
    )
)

register(
    CardBehaviour(
        name="デス・ウォンバット",
        english="Des Wombat",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=FARFA_RULINGS[2:],
        texts=(CardText(continuous=(Continuous(ContinuousKind.NO_EFFECT_DAMAGE),)),),
    )
)

register(
    CardBehaviour(
        name="ピケルの魔法陣",
        english="Pikeru's Circle of Enchantment",
        card_type=CardType.SPELL,
        subtype="quick-play",
        rulings=FARFA_RULINGS[2:],
        texts=(
            CardText(
                lingering=(
                    LingeringEffect(
                        effect="no_effect_damage",
                        duration=Duration.THIS_TURN,
                        continuous=(Continuous(ContinuousKind.NO_EFFECT_DAMAGE),),
                        label="no effect damage this turn",
                    ),
                ),
            ),
        ),
    )
)

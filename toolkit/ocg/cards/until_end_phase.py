"""Effects that still last "until the End Phase" after the 2014-07-10 errata (X2).

The errata moved negations and stat changes to "until the end of the turn";
control changes, temporary banishment and copied names/effects kept their End
Phase timing, so ending them is still a mandatory End Phase process (R6 kind
5) of the player who applied them, on every date. Seed 000 names two of them
as examples of that kind of process:

* 《ファントム・オブ・カオス》 Phantom of Chaos: copies a banished monster's
  name and effects until the End Phase (lingering ``copy`` on itself);
* 《傀儡虫》 Marionette Mite: takes control of an opponent's monster until the
  End Phase (lingering ``control``; the monster goes back to its owner).

What the copied effects do is not modelled (a scenario names no copied card).
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import CardBehaviour, CardText, CardType, LingeringEffect
from toolkit.ocg.cards.enemy_controller import give_back_control
from toolkit.core.durations import Duration

X2 = "not changed by the 2014-07-10 errata (X2)"

register(
    CardBehaviour(
        name="ファントム・オブ・カオス",
        english="Phantom of Chaos",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                lingering=(
                    LingeringEffect(
                        effect="copy",
                        duration=Duration.UNTIL_END_PHASE,
                        label="copied name and effects until the End Phase",
                    ),
                ),
                note=f"copying: {X2}",
            ),
        ),
    )
)

register(
    CardBehaviour(
        name="傀儡虫",
        english="Marionette Mite",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                lingering=(
                    LingeringEffect(
                        effect="control",
                        duration=Duration.UNTIL_END_PHASE,
                        on_end=give_back_control,
                        label="control until the End Phase",
                    ),
                ),
                note=f"control change: {X2}",
            ),
        ),
    )
)

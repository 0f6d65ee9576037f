"""《エネミーコントローラー》 Enemy Controller (Quick-Play Spell).

Its second mode (Tribute a monster as the cost) takes control of an
opponent's face-up monster until the End Phase. Control changes were NOT
changed by the 2014-07-10 errata (X2), so the return of control stays an End
Phase process of the player who took control (R6 kind 5, no chain link) on
every date. A scenario gives the taken monster the tag ``control_taken`` and a
lingering ``control`` effect.

The activation itself (a Main Phase or opponent's-turn play) is not offered:
the worked examples start after it resolved.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    LingeringEffect,
)
from toolkit.core.durations import Duration
from toolkit.ocg.values import Zone


def give_back_control(board: Board, act: Activation) -> None:
    """A control-changing lingering effect ends: the monster goes back to its owner."""
    if act.lingering is None or act.lingering.target < 0:
        return
    taken = board.card(act.lingering.target)
    if taken.zone is Zone.FIELD and taken.controller != taken.owner:
        board.set_control(taken.uid, taken.owner)


register(
    CardBehaviour(
        name="エネミーコントローラー",
        english="Enemy Controller",
        card_type=CardType.SPELL,
        subtype="quick-play",
        rulings=("ocg-120505-mist-archfiend-control-return-order",),
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
                note="control change: not affected by the 2014-07-10 errata (X2)",
            ),
        ),
    )
)

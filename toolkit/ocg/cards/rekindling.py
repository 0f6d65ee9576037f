"""《真炎の爆発》 Rekindling (Normal Spell).

It Special Summons FIRE monsters with 200 DEF from the graveyard; they are
banished during this turn's End Phase. That banishment is a lingering effect
of the resolved spell: a MANDATORY End Phase process of its controller with no
chain link (R6 kind 3). Being a process, it is ordered freely against other
processes and quick effects (13/03/24: resolve it while 《王宮の鉄壁》 stands
and the monsters stay, or send the Iron Wall away first with 《非常食》 and
they are banished). A scenario lists one ``banish_in_end_phase`` lingering
effect per summoned monster.
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
    LingeringProcess,
)
from toolkit.core.durations import Duration
from toolkit.ocg.values import Zone


def _banish_summoned(board: Board, act: Activation) -> None:
    if act.lingering is None or act.lingering.target < 0:
        return
    if board.card(act.lingering.target).zone is Zone.FIELD:
        board.banish(act.lingering.target)


register(
    CardBehaviour(
        name="真炎の爆発",
        english="Rekindling",
        card_type=CardType.SPELL,
        subtype="normal",
        rulings=("ocg-130324-rekindling-imperial-iron-wall",),
        texts=(
            CardText(
                lingering=(
                    LingeringEffect(
                        effect="banish_in_end_phase",
                        duration=Duration.DURING_THIS_END_PHASE,
                        process=LingeringProcess(
                            label="banish the monster it summoned",
                            resolve=_banish_summoned,
                            mandatory=True,
                            chain_link=False,
                        ),
                        label="banish in this End Phase",
                    ),
                ),
            ),
        ),
    )
)

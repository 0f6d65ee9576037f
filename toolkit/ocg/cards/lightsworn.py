"""《ライトロード・マジシャン ライラ》 Lyla, Lightsworn Sorceress.

Each of its controller's End Phases, mill the top 3 cards of the own deck: a
MANDATORY trigger (a chain link).  Seed 003 uses it with 《エフェクト・ヴェーラー》
under the 2011 rules: with both players passing, the mill comes first and
resolves while negated (R8).
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
    your_end_phase,
)


def _mill_three(board: Board, act: Activation) -> None:
    board.mill(act.controller, 3)


LYLA = register(
    CardBehaviour(
        name="ライトロード・マジシャン ライラ",
        english="Lyla, Lightsworn Sorceress",
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({"ライトロード"}),
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="mill 3",
                        mandatory=True,
                        chain_link=True,
                        applies=all_of(face_up_on_field, your_end_phase),
                        resolve=_mill_three,
                    ),
                ),
            ),
        ),
    )
)

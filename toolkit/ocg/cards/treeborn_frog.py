"""《黄泉ガエル》 Treeborn Frog (DARK, ATK 100 / DEF 100).

During its controller's Standby Phase, while it is in the graveyard and its
controller has no Spell/Trap on the field, it may Special Summon itself — an
OPTIONAL Standby Phase effect (a chain link), not while a face-up
《黄泉ガエル》 is already on its controller's field.  It is a process of the
Standby Phase, done under the same procedure as End Phase processes (seed
002, P2b).  Seed 002's example: destroyed by 《魔のデッキ破壊ウイルス》
activated at the declaration to leave the Standby Phase, it may revive again
in that same Standby Phase, because the phase has not ended (P1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.ocg.cards import behaviour, register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    all_of,
    in_zone,
    own_turn,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

TREEBORN_FROG = "黄泉ガエル"


def no_spell_trap(card: Card, state: State) -> bool:
    """Its controller has no Spell/Trap card on the field."""
    return not any(not behaviour(c.name).is_monster for c in state.cards_in(card.controller, Zone.FIELD))


def no_frog_on_field(card: Card, state: State) -> bool:
    """No face-up 《黄泉ガエル》 on its controller's field."""
    return not any(c.name == TREEBORN_FROG and c.on_field_face_up for c in state.cards_in(card.controller, Zone.FIELD))


def _revive(board: Board, act: Activation) -> None:
    uid = act.card.uid
    if board.card(uid).zone is Zone.GY and not any(
        c.name == TREEBORN_FROG and c.on_field_face_up for c in board.cards_in(act.controller, Zone.FIELD)
    ):
        board.special_summon(uid, act.controller)


register(
    CardBehaviour(
        name=TREEBORN_FROG,
        english="Treeborn Frog",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-undated-treeborn-frog-virus-standby",),
        atk=100,
        defense=100,
        attribute="DARK",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="special summon itself",
                        mandatory=False,
                        chain_link=True,
                        phase="standby",
                        applies=all_of(in_zone(Zone.GY), own_turn, no_spell_trap),
                        can_perform=no_frog_on_field,
                        resolve=_revive,
                    ),
                ),
            ),
        ),
    )
)

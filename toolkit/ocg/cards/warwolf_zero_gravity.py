"""《漆黒の戦士 ワーウルフ》 Pitch-Black Warwolf and 《重力解除》 Zero Gravity.

《漆黒の戦士 ワーウルフ》 (DARK, ATK 2000 / DEF 1600): while it is face-up on
the field, its controller's opponent cannot activate Trap cards during the
Battle Phase (a no-chain-link restriction).  《重力解除》 (Normal Trap) changes
the battle position of every face-up monster on the field.

Seed 002's example: the opponent, barred from Traps in the Battle Phase,
activates Zero Gravity when the turn player declares the end of the Main
Phase; the Main Phase does not end (P1), so the turn player may still change
the Warwolf back to attack position (its own once-per-turn change) and attack.
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
    Continuous,
    ContinuousKind,
    QuickEffect,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

WARWOLF = "漆黒の戦士 ワーウルフ"
ZERO_GRAVITY = "重力解除"


def _face_up_monsters(state: State | Board) -> list[Card]:
    return [c for c in state.cards_in(None, Zone.FIELD) if c.on_field_face_up and behaviour(c.name).is_monster]


def _any_face_up_monster(card: Card, state: State) -> bool:
    return bool(_face_up_monsters(state))


def _change_all(board: Board, act: Activation) -> None:
    for c in _face_up_monsters(board):
        board.change_position(c.uid, act.controller)


register(
    CardBehaviour(
        name=WARWOLF,
        english="Pitch-Black Warwolf",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-undated-warwolf-zero-gravity-main",),
        atk=2000,
        defense=1600,
        attribute="DARK",
        texts=(CardText(continuous=(Continuous(ContinuousKind.NO_OPPONENT_TRAPS_IN_BATTLE),)),),
    )
)

register(
    CardBehaviour(
        name=ZERO_GRAVITY,
        english="Zero Gravity",
        card_type=CardType.TRAP,
        subtype="normal",
        rulings=("ocg-undated-warwolf-zero-gravity-main",),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="change every face-up monster's battle position",
                        spell_speed=2,
                        can_activate=_any_face_up_monster,
                        resolve=_change_all,
                    ),
                ),
            ),
        ),
    )
)

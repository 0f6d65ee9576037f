"""《ヒステリック・サイン》 Hysteric Sign, and the Harpie cards it fetches.

Sign: in the End Phase of a turn it was sent from the hand or field to the GY,
add up to 3 「ハーピィ」 cards with different names from the deck to the hand —
a MANDATORY "during the End Phase" trigger (「エンドフェイズ時」, H5).
Discarded by the hand-size adjustment it activated under the rules of
2013-03-30 and does not since 2016-07-08 (flag
``end_phase_triggers_after_adjustment``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    vanilla,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

SIGN = "ヒステリック・サイン"


def _sent_from_hand_or_field_this_turn(card: Card, state: State) -> bool:
    return (
        card.zone is Zone.GY
        and "sent_to_gy_this_turn" in card.tags
        and "sent_to_gy_from_deck" not in card.tags
    )


def _fetch_harpies(board: Board, act: Activation) -> None:
    taken: set[str] = set()
    for c in board.cards_in(act.card.owner, Zone.DECK):
        if "ハーピィ" in c.name and c.name not in taken and len(taken) < 3:
            taken.add(c.name)
            board.add_to_hand(c.uid)


register(
    CardBehaviour(
        name=SIGN,
        english="Hysteric Sign",
        card_type=CardType.SPELL,
        subtype="normal",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="add up to 3 Harpie cards",
                        mandatory=True,
                        chain_link=True,
                        applies=_sent_from_hand_or_field_this_turn,
                        resolve=_fetch_harpies,
                    ),
                ),
            ),
        ),
    )
)

for _name, _english in (
    ("ハーピィ・レディ", "Harpie Lady"),
    ("ハーピィ・レディ三姉妹", "Harpie Lady Sisters"),
    ("ハーピィ・クィーン", "Harpie Queen"),
):
    register(vanilla(_name, english=_english, archetypes=("ハーピィ",)))

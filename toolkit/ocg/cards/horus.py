"""《ホルスの黒炎竜 LV６》 and 《ホルスの黒炎竜 LV８》 (Horus the Black Flame Dragon).

LV6: in the End Phase of a turn it destroyed a monster by battle, send it to
the GY (cost) to Special Summon LV8 from the hand or deck — an OPTIONAL End
Phase effect (seed 003), a chain link.  LV8: when a Spell Card is activated,
it may negate the activation and destroy it (a spell-speed-2 response).
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
    QuickEffect,
    all_of,
    face_up_on_field,
    has_tag,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State

LV6 = "ホルスの黒炎竜 LV６"
LV8 = "ホルスの黒炎竜 LV８"


def _lv8_available(card: Card, state: State) -> bool:
    return any(
        c.name == LV8 for zone in (Zone.HAND, Zone.DECK) for c in state.cards_in(card.controller, zone)
    )


def _send_itself(board: Board, act: Activation) -> None:
    board.send_to_gy(act.card.uid)


def _summon_lv8(board: Board, act: Activation) -> None:
    for zone in (Zone.HAND, Zone.DECK):
        for c in board.cards_in(act.controller, zone):
            if c.name == LV8:
                board.special_summon(c.uid, act.controller)
                return


def _spell_activation(card: Card, state: State, link: Link) -> bool:
    return link.card_activation and link.card_type == "spell" and link.controller != card.controller


def _negate_spell(board: Board, act: Activation) -> None:
    board.negate_link(-2)


register(
    CardBehaviour(
        name=LV6,
        english="Horus the Black Flame Dragon LV6",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="level up to LV8",
                        mandatory=False,
                        chain_link=True,
                        applies=all_of(face_up_on_field, has_tag("destroyed_monster_by_battle")),
                        can_perform=_lv8_available,
                        cost=_send_itself,
                        resolve=_summon_lv8,
                    ),
                ),
            ),
        ),
    )
)

register(
    CardBehaviour(
        name=LV8,
        english="Horus the Black Flame Dragon LV8",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="negate a Spell activation",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD}),
                        can_activate=face_up_on_field,
                        responds_to=_spell_activation,
                        resolve=_negate_spell,
                        card_activation=False,
                    ),
                ),
            ),
        ),
    )
)

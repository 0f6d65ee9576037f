"""《アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ》 Arcana Force XXI - The World.

Heads (the default; tag ``coin_tails`` for tails): in its controller's End
Phase, send 2 other monsters it controls to the GY (cost) to skip the
opponent's next turn — an OPTIONAL End Phase effect (a chain link).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from toolkit.ocg.cards import behaviour, register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    Choice,
    EndPhaseEffect,
    all_of,
    face_up_on_field,
    lacks_tag,
    your_end_phase,
)
from toolkit.core.values import other
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State


def _others(card: Card, state: State) -> list[Card]:
    return [
        c
        for c in state.cards_in(card.controller, Zone.FIELD)
        if c.uid != card.uid and behaviour(c.name).is_monster
    ]


def _enough(card: Card, state: State) -> bool:
    return len(_others(card, state)) >= 2


def _pairs(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for a, b in combinations(_others(card, state), 2):
        yield Choice(cost=(a.uid, b.uid))


def _pay(board: Board, act: Activation) -> None:
    for uid in act.choice.cost:
        board.send_to_gy(uid)


def _skip(board: Board, act: Activation) -> None:
    board.skip_next_turn(other(act.controller))


register(
    CardBehaviour(
        name="アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ",
        english="Arcana Force XXI - The World",
        card_type=CardType.MONSTER,
        subtype="effect",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="skip the opponent's next turn",
                        mandatory=False,
                        chain_link=True,
                        applies=all_of(face_up_on_field, your_end_phase, lacks_tag("coin_tails")),
                        can_perform=_enough,
                        choices=_pairs,
                        cost=_pay,
                        resolve=_skip,
                    ),
                ),
            ),
        ),
    )
)

"""《強制脱出装置》 Compulsory Evacuation Device (Normal Trap).

Return one monster on the field to its owner's hand. A set Trap (not set this
turn), spell speed 2. In the 14/06/01 and 14/06/02 answers it is chained to
the effect of a monster that 《暗黒界の書物》 summoned after the adjustment;
bouncing that monster makes the hand grow, so the hand is adjusted again (H4),
and no Cyclone may be activated before that second adjustment (14/06/02).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.ocg.cards import behaviour, register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    Choice,
    QuickEffect,
)
from toolkit.ocg.values import Card, Position, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State


def set_trap_ready(card: Card, state: State) -> bool:
    """A Trap may be activated: set on the field before this turn."""
    return card.zone is Zone.FIELD and card.position is Position.SET and "set_this_turn" not in card.tags


def _monsters(state: State) -> list[Card]:
    return [c for c in state.cards_in(None, Zone.FIELD) if behaviour(c.name).is_monster]


def _can_activate(card: Card, state: State) -> bool:
    return set_trap_ready(card, state) and bool(_monsters(state))


def _targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _monsters(state):
        yield Choice(targets=(c.uid,))


def _bounce(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.FIELD:
        board.return_to_hand(uid)


register(
    CardBehaviour(
        name="強制脱出装置",
        english="Compulsory Evacuation Device",
        card_type=CardType.TRAP,
        subtype="normal",
        rulings=(
            "ocg-140601-grimoire-summon-torrential-tribute",
            "ocg-140602-grimoire-bounce-before-second-adjustment",
            "ocg-140608-grimoire-summon-no-torrential-without-effect",
        ),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="return a monster to the hand",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD}),
                        can_activate=_can_activate,
                        choices=_targets,
                        resolve=_bounce,
                    ),
                ),
            ),
        ),
    )
)

"""《サイクロン》 Mystical Space Typhoon (Quick-Play Spell).

Destroy one Spell/Trap on the field. A quick effect (spell speed 2): set on
the field (not the turn it was set) at any open game state or in a chain, or
from the hand in its controller's own turn. "End-Phase Cyclone": the non-turn
player may activate it when the turn player declares the end of the turn
(seed 000's walk-through); after the hand-size adjustment it cannot be
(12/08/08, 14/06/02) except by chaining to a trigger the adjustment caused
(12/08/08) — the engine enforces both (H1).
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

CYCLONE = "サイクロン"


def quick_play_ready(card: Card, state: State) -> bool:
    """A Quick-Play Spell may be activated: set before this turn, or from the hand in its owner's turn."""
    if card.zone is Zone.HAND:
        return card.controller == state.turn_player
    return card.zone is Zone.FIELD and card.position is Position.SET and "set_this_turn" not in card.tags


def _spells_traps(card: Card, state: State) -> list[Card]:
    return [
        c for c in state.cards_in(None, Zone.FIELD)
        if c.uid != card.uid and not behaviour(c.name).is_monster
    ]


def _can_activate(card: Card, state: State) -> bool:
    return quick_play_ready(card, state) and bool(_spells_traps(card, state))


def _targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _spells_traps(card, state):
        yield Choice(targets=(c.uid,))


def _destroy(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.FIELD:
        board.destroy(uid)


register(
    CardBehaviour(
        name=CYCLONE,
        english="Mystical Space Typhoon",
        card_type=CardType.SPELL,
        subtype="quick-play",
        rulings=(
            "ocg-120808-no-quick-effect-after-adjustment",
            "ocg-120808-chain-to-adjustment-trigger",
            "ocg-140602-grimoire-bounce-before-second-adjustment",
        ),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="destroy a Spell/Trap",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD, Zone.HAND}),
                        can_activate=_can_activate,
                        choices=_targets,
                        resolve=_destroy,
                    ),
                ),
            ),
        ),
    )
)

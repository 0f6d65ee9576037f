"""《強烈なはたき落とし》 Drastic Drop Off (Counter Trap).

When the opponent adds a card from the deck to the hand (other than by
drawing), the opponent discards that card. Its window is the moment right
after the addition — not a chain link to respond to. The engine offers quick
effects at open game states and in chains only and keeps no record of what
just happened, so that window is not modelled and this card is never
offered. In the 14/06/04 answer (after the hand-size adjustment, Red Gadget
summoned by 《暗黒界の書物》 adds Yellow Gadget) the answer is "cannot
activate" on the real rules' grounds (H1: after the adjustment only chaining
to a trigger the adjustment caused is allowed); here it holds because no
window is offered at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import Activation, Board, CardBehaviour, CardText, CardType, QuickEffect
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State


def _no_addition_window(card: Card, state: State, link: Link) -> bool:
    """No chain link is an "addition from the deck" window (see the module docstring)."""
    return False


def _discard_added(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.HAND:
        board.discard(uid)


register(
    CardBehaviour(
        name="強烈なはたき落とし",
        english="Drastic Drop Off",
        card_type=CardType.TRAP,
        subtype="counter",
        rulings=("ocg-140604-grimoire-gadget-drastic-drop-off",),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="discard the card just added",
                        spell_speed=3,
                        zones=frozenset({Zone.FIELD}),
                        responds_to=_no_addition_window,
                        resolve=_discard_added,
                    ),
                ),
            ),
        ),
    )
)

"""《強烈なはたき落とし》 Drastic Drop Off (Counter Trap).

When the opponent adds a card from the deck to the hand (other than by
drawing), the opponent discards that card. Its window is the moment right
after the addition (``State.moment``: the open game state that follows it,
until someone changes the board) — not a chain link to respond to. In the
14/06/04 answer (after the hand-size adjustment, Red Gadget summoned by
《暗黒界の書物》 adds Yellow Gadget) it cannot be activated because after the
adjustment there is no open game state (H1); where quick effects may follow
the adjustment (the reversed H1) it is offered, and that answer fails.
"""

from __future__ import annotations

from collections.abc import Iterator

# stays Python: it answers the moment the opponent adds a card from the deck, and its targets are read from that moment (the board's last change), which the card format has no words for yet
from typing import TYPE_CHECKING

from toolkit.core.values import other
from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import Activation, Board, CardBehaviour, CardText, CardType, Choice, QuickEffect
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State


def _no_addition_window(card: Card, state: State, link: Link) -> bool:
    """No chain link is an "addition from the deck" window (see the module docstring)."""
    return False


def _added_by_the_opponent(card: Card, state: State) -> list[int]:
    """The cards the opponent just added from the deck to the hand, still there."""
    found = []
    for item in state.moment:
        kind, player, uid = item.split(":")
        if kind == EventKind.ADDED_TO_HAND and player == other(card.controller) \
                and state.card(int(uid)).zone is Zone.HAND:
            found.append(int(uid))
    return sorted(found)


def _the_opponent_just_added(card: Card, state: State) -> bool:
    return bool(_added_by_the_opponent(card, state))


def _targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for uid in _added_by_the_opponent(card, state):
        yield Choice(targets=(uid,))


def _discard_added(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.HAND:
        board.discard(uid)


register(
    CardBehaviour(
        name="強烈なはたき落とし",
        english="Drastic Drop Off",
        reading="きょうれつなはたきおとし",
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
                        moment_kinds=frozenset({EventKind.ADDED_TO_HAND}),
                        at_moment=_the_opponent_just_added,
                        choices=_targets,
                        resolve=_discard_added,
                    ),
                ),
            ),
        ),
    )
)

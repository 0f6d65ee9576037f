"""《ダンディライオン》 Dandelion.

When it is sent to the graveyard, its controller Special Summons two Fluff
Tokens in Defense Position — a MANDATORY "when" trigger. Discarded by the
hand-size adjustment it is activated (H2), and cards may be chained to it
(12/08/08, H1). The Board has no verb that creates cards, so the tokens are
recorded as a ``special_summoned`` event (card 綿毛トークン, amount 2) and do
not appear on the field.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import Activation, Board, CardBehaviour, CardText, CardType, Trigger
from toolkit.core.values import Event
from toolkit.ocg.values import EventKind, Zone

TOKEN = "綿毛トークン"


def _two_tokens(board: Board, act: Activation) -> None:
    board.record(Event(EventKind.SPECIAL_SUMMONED, card=TOKEN, player=act.controller, amount=2))


register(
    CardBehaviour(
        name="ダンディライオン",
        english="Dandelion",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=("ocg-120808-chain-to-adjustment-trigger",),
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="summon two Fluff Tokens",
                        on=frozenset({EventKind.SENT_TO_GY}),
                        mandatory=True,
                        zones=frozenset({Zone.GY}),
                        resolve=_two_tokens,
                    ),
                ),
            ),
        ),
    )
)

"""《古尖兵ケルベク》 Kelbek and 《ティアラメンツ・メイルゥ》 Tearlaments Merrli.

Kelbek (2): when it is sent to the graveyard, its controller may send the top
five cards of each player's deck to the graveyard — an OPTIONAL "when"
trigger. Sent there by the hand-size adjustment it may be activated (H2).

Merrli (2): when it is sent to the graveyard by a card effect, its
controller may Fusion Summon a 「ティアラメンツ」 Fusion Monster, returning
the materials (Merrli among them) to the deck — an OPTIONAL "when" trigger.
Milled by Kelbek's post-adjustment effect it cannot be activated (23/01/16,
H3). Scenarios hold no Extra Deck: activating it is assumed possible, and its
resolution returns Merrli to the deck and records the Fusion Summon as an
event (the Fusion Monster itself is not modelled).
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
    Happening,
    Trigger,
)
from toolkit.core.values import PLAYERS, Event
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

KELBEK = "古尖兵ケルベク"
MERRLI = "ティアラメンツ・メイルゥ"
RULINGS = ("ocg-230116-kelbek-tearlaments-merrli",)


def _mill_five_each(board: Board, act: Activation) -> None:
    for player in PLAYERS:
        board.mill(player, 5)


def _by_card_effect(card: Card, happening: Happening, state: State) -> bool:
    return happening.by_effect


def _fusion(board: Board, act: Activation) -> None:
    board.record(
        Event(
            EventKind.SPECIAL_SUMMONED,
            player=act.controller,
            detail="a ティアラメンツ Fusion Monster (Extra Deck not modelled)",
        )
    )


register(
    CardBehaviour(
        name=KELBEK,
        english="Kelbek the Ancient Vanguard",
        card_type=CardType.MONSTER,
        subtype="effect",
        rulings=RULINGS,
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="(2) mill 5 from each deck",
                        on=frozenset({EventKind.SENT_TO_GY}),
                        mandatory=False,
                        zones=frozenset({Zone.GY}),
                        resolve=_mill_five_each,
                    ),
                ),
            ),
        ),
    )
)

register(
    CardBehaviour(
        name=MERRLI,
        english="Tearlaments Merrli",
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({"ティアラメンツ"}),
        rulings=RULINGS,
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="(2) Fusion Summon",
                        on=frozenset({EventKind.SENT_TO_GY}),
                        mandatory=False,
                        zones=frozenset({Zone.GY}),
                        condition=_by_card_effect,
                        resolve=_fusion,
                    ),
                ),
            ),
        ),
    )
)

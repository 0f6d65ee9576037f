"""The 「ＴＧ」 (T.G.) family: 《ＴＧ ストライカー》 and a monster it can fetch.

《ＴＧ ストライカー》 T.G. Striker: in the End Phase of a turn it was destroyed
and sent to the graveyard, its controller may add one 「ＴＧ」 monster from the
deck to the hand — an OPTIONAL "during the End Phase" effect (a chain link).
Destroyed by a 《魔轟神獣キャシー》 that the hand-size adjustment discarded, it
cannot be activated (15/01/17, H5), like the optional Manticore of Darkness
discarded by the adjustment (13/03/30). A scenario marks a Striker destroyed earlier this turn with the
tags ``destroyed_this_turn`` and ``sent_to_gy_this_turn``.
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
    EndPhaseEffect,
    vanilla,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

STRIKER = "ＴＧ ストライカー"
TG = "ＴＧ"


def _destroyed_this_turn(card: Card, state: State) -> bool:
    return card.zone is Zone.GY and "destroyed_this_turn" in card.tags


def _tg_monsters_in_deck(card: Card, state: State) -> list[Card]:
    return [
        c for c in state.cards_in(card.controller, Zone.DECK)
        if TG in behaviour(c.name).archetypes and behaviour(c.name).is_monster
    ]


def _can_perform(card: Card, state: State) -> bool:
    return bool(_tg_monsters_in_deck(card, state))


def _search(board: Board, act: Activation) -> None:
    for c in board.cards_in(act.controller, Zone.DECK):
        if TG in behaviour(c.name).archetypes and behaviour(c.name).is_monster:
            board.add_to_hand(c.uid)
            return


register(
    CardBehaviour(
        name=STRIKER,
        english="T.G. Striker",
        card_type=CardType.MONSTER,
        subtype="tuner",
        archetypes=frozenset({TG}),
        rulings=("ocg-150117-catsith-tg-striker",),
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="add a ＴＧ monster",
                        mandatory=False,
                        chain_link=True,
                        applies=_destroyed_this_turn,
                        can_perform=_can_perform,
                        resolve=_search,
                    ),
                ),
            ),
        ),
    )
)

# Its own effect acts only when it is destroyed by battle, so here it is a
# plain 「ＴＧ」 monster for Striker to fetch.
register(vanilla("ＴＧ ラッシュ・ライノ", english="T.G. Rush Rhino", archetypes=(TG,), subtype="effect"))

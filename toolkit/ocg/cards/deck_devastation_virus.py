"""《魔のデッキ破壊ウイルス》 Deck Devastation Virus (Normal Trap).

Tribute one DARK monster with 2000 or more ATK you control (the cost) to
destroy every monster with 1500 or less ATK on the opponent's field and in
their hand (their hand is shown).  Seed 002 activates it when the opponent
declares the end of their Standby Phase: the phase does not end, so
《黄泉ガエル》, destroyed by it, may revive again in that Standby Phase (P1).

Not modelled: the check of the cards the opponent draws over their next three
turns (no draw happens in the rest of a modelled turn), and monsters whose ATK
the registry does not know (they are left alone).
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
from toolkit.core.values import other
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

VIRUS = "魔のデッキ破壊ウイルス"


def _tributes(card: Card, state: State) -> list[Card]:
    found = []
    for c in state.cards_in(card.controller, Zone.FIELD):
        b = behaviour(c.name)
        if b.is_monster and c.on_field_face_up and b.attribute == "DARK" and (b.atk or 0) >= 2000:
            found.append(c)
    return found


def _can_activate(card: Card, state: State) -> bool:
    return bool(_tributes(card, state))


def _choices(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _tributes(card, state):
        yield Choice(cost=(c.uid,))


def _tribute(board: Board, act: Activation) -> None:
    for uid in act.choice.cost:
        board.send_to_gy(uid)


def _weak(card: Card) -> bool:
    b = behaviour(card.name)
    return b.is_monster and b.atk is not None and b.atk <= 1500


def _destroy_weak(board: Board, act: Activation) -> None:
    opponent = other(act.controller)
    for zone in (Zone.FIELD, Zone.HAND):
        for c in board.cards_in(opponent, zone):
            if _weak(c):
                board.destroy(c.uid)


register(
    CardBehaviour(
        name=VIRUS,
        english="Deck Devastation Virus",
        card_type=CardType.TRAP,
        subtype="normal",
        rulings=("ocg-undated-treeborn-frog-virus-standby",),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="destroy monsters with 1500 or less ATK",
                        spell_speed=2,
                        can_activate=_can_activate,
                        choices=_choices,
                        cost=_tribute,
                        resolve=_destroy_weak,
                    ),
                ),
            ),
        ),
    )
)

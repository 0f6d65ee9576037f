"""《魔轟神獣キャシー》 The Fabled Catsith.

When it is discarded from the hand to the graveyard, destroy one face-up card
on the field — a MANDATORY "when" trigger (a chain link) that needs a
face-up card to choose. Discarded by the hand-size adjustment it is activated
(H2); what its resolution destroys is then "after the adjustment":
《ヒステリック・サイン》 (a "during the End Phase" trigger) activated on
13/03/30 and not on 17/03/05 (H5); 《ＴＧ ストライカー》 (optional) never
(15/01/17); 《闇・道化師のペーテン》 ("when sent to the graveyard") did on
13/06/08 and does not since 23/01/16 (H3).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    Activation,
    Board,
    CardBehaviour,
    CardText,
    CardType,
    Choice,
    Happening,
    Trigger,
)
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

CATSITH = "魔轟神獣キャシー"


def _from_hand(card: Card, happening: Happening, state: State) -> bool:
    return happening.from_zone in (None, Zone.HAND)


def _face_up_cards(state: State) -> list[Card]:
    return [c for c in state.cards_in(None, Zone.FIELD) if c.on_field_face_up]


def _has_target(card: Card, state: State) -> bool:
    return bool(_face_up_cards(state))


def _targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _face_up_cards(state):
        yield Choice(targets=(c.uid,))


def _destroy_target(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).on_field_face_up:
        board.destroy(uid)


register(
    CardBehaviour(
        name=CATSITH,
        english="The Fabled Catsith",
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({"魔轟神"}),
        rulings=(
            "ocg-130330-catsith-hysteric-sign",
            "ocg-170305-catsith-hysteric-sign",
            "ocg-150117-catsith-tg-striker",
            "ocg-130608-catsith-peten",
        ),
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="destroy a face-up card",
                        on=frozenset({EventKind.DISCARDED}),
                        mandatory=True,
                        zones=frozenset({Zone.GY}),
                        condition=_from_hand,
                        can_activate=_has_target,
                        choices=_targets,
                        resolve=_destroy_target,
                    ),
                ),
            ),
        ),
    )
)

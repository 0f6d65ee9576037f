"""Spirit monsters: 《月読命》, 《阿修羅》, 《八俣大蛇》, 《火之迦具土》.

A Spirit that was Normal Summoned or flipped face-up this turn must return to
its owner's hand in the End Phase — whoever's turn it is. It is a MANDATORY
End Phase trigger of the Spirit's controller ("during the End Phase" type), a
chain link. Seed 000's walk-through uses four of them: with both players
passing, the turn player's two return first (in either order), then the
non-turn player's two (R7).

Their other effects (Tsukuyomi turning a monster face-down, Asura attacking
every monster, Yamata's draw and Hino-Kagu-Tsuchi's discard on battle damage)
act outside the End Phase and are not modelled.
"""

from __future__ import annotations

from toolkit.ocg.cards import register
from toolkit.ocg.cards.base import (
    CardBehaviour,
    CardText,
    CardType,
    EndPhaseEffect,
    all_of,
    any_of,
    face_up_on_field,
    has_tag,
    if_still_on_field,
)

SPIRITS: dict[str, str] = {
    "月読命": "Tsukuyomi",
    "阿修羅": "Asura Priest",
    "八俣大蛇": "Yamata Dragon",
    "火之迦具土": "Hino-Kagu-Tsuchi",
}

_RETURNS_THIS_TURN = all_of(
    face_up_on_field, any_of(has_tag("summoned_this_turn"), has_tag("flipped_this_turn"))
)


_return_to_hand = if_still_on_field(lambda board, uid: board.return_to_hand(uid))


def spirit(name: str, english: str) -> CardBehaviour:
    """The behaviour shared by every Spirit: return to the hand in the End Phase."""
    return CardBehaviour(
        name=name,
        english=english,
        card_type=CardType.MONSTER,
        subtype="spirit",
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="return to the hand",
                        mandatory=True,
                        chain_link=True,
                        applies=_RETURNS_THIS_TURN,
                        resolve=_return_to_hand,
                    ),
                ),
            ),
        ),
    )


for _name, _english in SPIRITS.items():
    register(spirit(_name, _english))

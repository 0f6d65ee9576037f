"""《暗黒界の書物》 Dark World Grimoire (Continuous Spell).

In its controller's End Phase, when monsters are discarded from the hand by the
hand-size limit, it may Special Summon one of them — an OPTIONAL "when"
trigger watching the adjustment (H1, H2; with 《邪悪なるワーム・ビースト》 the
2013-era infinite loop, H5).
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
    Happening,
    Scope,
    Trigger,
)
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

GRIMOIRE = "暗黒界の書物"


def _monster_discarded_by_adjustment(card: Card, happening: Happening, state: State) -> bool:
    if not happening.by_adjustment or happening.player != card.controller:
        return False
    if card.controller != state.turn_player:
        return False
    return behaviour(state.card(happening.uid).name).is_monster


def _targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for uid in subjects:
        c = state.card(uid)
        if c.zone is Zone.GY and behaviour(c.name).is_monster:
            yield Choice(targets=(uid,))


def _summon(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.GY:
        board.special_summon(uid, act.controller)


register(
    CardBehaviour(
        name=GRIMOIRE,
        english="Dark World Grimoire",
        card_type=CardType.SPELL,
        subtype="continuous",
        archetypes=frozenset({"暗黒界"}),
        texts=(
            CardText(
                triggers=(
                    Trigger(
                        key="special summon a monster discarded by the hand-size limit",
                        on=frozenset({EventKind.DISCARDED}),
                        mandatory=False,
                        scope=Scope.ANY,
                        zones=frozenset({Zone.FIELD}),
                        condition=_monster_discarded_by_adjustment,
                        choices=_targets,
                        resolve=_summon,
                    ),
                ),
            ),
        ),
    )
)

"""《激流葬》 Torrential Tribute (Normal Trap).

When a monster is summoned, destroy every monster on the field. A set Trap
(not set this turn) with its real activation condition: the moment a monster
is summoned (``State.moment``: at the open game state right after the summon,
until someone changes the board), or chained to an effect the summon set off
(e.g. 《イピリア》's draw). After the hand-size adjustment there is no open
game state (H1), so only the second remains — the 14/06/01 answer ("only by
chaining to the effect the Grimoire-summoned monster activates"); with no such
effect there is nothing to chain to (14/06/08). Where quick effects may follow
the adjustment (the reversed H1) the moment itself is offered too, and "only
by chaining" fails.
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
    QuickEffect,
    Trigger,
)
from toolkit.ocg.cards.compulsory_escape import set_trap_ready
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import Link, State

SUMMON_EVENTS = frozenset({EventKind.SUMMONED, EventKind.SPECIAL_SUMMONED})


def triggered_by_a_summon(link: Link, state: State) -> bool:
    """The link is a trigger effect that a summon set off (e.g. 《イピリア》's draw)."""
    effect = behaviour(link.name).text_at(state.as_of).effect_named(link.key)
    return isinstance(effect, Trigger) and bool(effect.on & SUMMON_EVENTS)


def _chained_to_summon_trigger(card: Card, state: State, link: Link) -> bool:
    return triggered_by_a_summon(link, state)


def a_monster_was_just_summoned(card: Card, state: State) -> bool:
    """The board's last change summoned a monster (``State.moment``)."""
    return any(m.split(":", 1)[0] in SUMMON_EVENTS for m in state.moment)


def _can_activate(card: Card, state: State) -> bool:
    return set_trap_ready(card, state) and any(
        behaviour(c.name).is_monster for c in state.cards_in(None, Zone.FIELD)
    )


def _destroy_all_monsters(board: Board, act: Activation) -> None:
    for c in board.cards_in(None, Zone.FIELD):
        if behaviour(c.name).is_monster:
            board.destroy(c.uid)


register(
    CardBehaviour(
        name="激流葬",
        english="Torrential Tribute",
        card_type=CardType.TRAP,
        subtype="normal",
        rulings=(
            "ocg-140601-grimoire-summon-torrential-tribute",
            "ocg-140608-grimoire-summon-no-torrential-without-effect",
        ),
        texts=(
            CardText(
                quick=(
                    QuickEffect(
                        key="destroy all monsters",
                        spell_speed=2,
                        zones=frozenset({Zone.FIELD}),
                        can_activate=_can_activate,
                        responds_to=_chained_to_summon_trigger,
                        moment_kinds=frozenset(SUMMON_EVENTS),
                        at_moment=a_monster_was_just_summoned,
                        resolve=_destroy_all_monsters,
                    ),
                ),
            ),
        ),
    )
)

"""The Spellbook family: 《魔導教士 システィ》 and what it fetches.

《魔導教士 システィ》 (Justice of Prophecy): in its controller's End Phase of a
turn they activated a 「魔導書」 Spell, banish it (cost) to add from the deck
one LIGHT or DARK Spellcaster of Level 5 or more and one 「魔導書」 Spell — an
OPTIONAL "during the End Phase" effect, a chain link. A scenario shows the
Spellbook activated this turn as a 「魔導書」 card with the tag
``activated_this_turn`` (in the graveyard after resolving, or on the field).

The 13/02/14 answer: negated by a pre-errata 《エフェクト・ヴェーラー》, if
both players decline to go first, the Veiler's mandatory expiry comes first,
and then Systie's effect can still be used.
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
    ContinuousKind,
    EndPhaseEffect,
    all_of,
    face_up_on_field,
    vanilla,
    your_end_phase,
)
from toolkit.ocg.values import Card, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

SYSTIE = "魔導教士 システィ"
SPELLBOOK = "魔導書"

HIGH_LEVEL_LIGHT_DARK_SPELLCASTERS: frozenset[str] = frozenset({"魔導法士 ジュノン"})
"""Registered monsters that are LIGHT or DARK Spellcasters of Level 5 or more."""


def _is_spellbook(name: str) -> bool:
    return SPELLBOOK in name


def _spellbook_activated_this_turn(card: Card, state: State) -> bool:
    for zone in (Zone.GY, Zone.FIELD):
        for c in state.cards_in(card.controller, zone):
            if _is_spellbook(c.name) and "activated_this_turn" in c.tags:
                return True
    return False


def _first_in_deck(board: Board, player: str, wanted: frozenset[str] | None) -> int | None:
    for c in board.cards_in(player, Zone.DECK):
        if (wanted is None and _is_spellbook(c.name)) or (wanted is not None and c.name in wanted):
            return c.uid
    return None


def _can_perform(card: Card, state: State) -> bool:
    if state.continuous_active(ContinuousKind.NO_BANISH):
        return False
    deck = [c.name for c in state.cards_in(card.controller, Zone.DECK)]
    return any(n in HIGH_LEVEL_LIGHT_DARK_SPELLCASTERS for n in deck) and any(_is_spellbook(n) for n in deck)


def _banish_itself(board: Board, act: Activation) -> None:
    board.banish(act.card.uid)


def _search_two(board: Board, act: Activation) -> None:
    monster = _first_in_deck(board, act.controller, HIGH_LEVEL_LIGHT_DARK_SPELLCASTERS)
    book = _first_in_deck(board, act.controller, None)
    if monster is not None and book is not None:
        board.add_to_hand(monster)
        board.add_to_hand(book)


register(
    CardBehaviour(
        name=SYSTIE,
        english="Justice of Prophecy",
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({"魔導"}),
        rulings=("ocg-130214-systie-veiler",),
        texts=(
            CardText(
                end_phase=(
                    EndPhaseEffect(
                        key="banish itself, add a Spellcaster and a Spellbook",
                        mandatory=False,
                        chain_link=True,
                        applies=all_of(face_up_on_field, your_end_phase, _spellbook_activated_this_turn),
                        can_perform=_can_perform,
                        cost=_banish_itself,
                        resolve=_search_two,
                    ),
                ),
            ),
        ),
    )
)

# What Systie fetches. ジュノン is a LIGHT Spellcaster of Level 7 whose own
# effects are ignition effects (not usable in the End Phase).
register(vanilla("魔導法士 ジュノン", english="High Priestess of Prophecy", archetypes=("魔導",), subtype="effect"))
for _name, _english in (("グリモの魔導書", "Spellbook of Secrets"), ("セフェルの魔導書", "Spellbook of the Master")):
    # Normal Spells (Main Phase only); they matter as "a Spellbook activated this turn".
    register(vanilla(_name, CardType.SPELL, english=_english, archetypes=(SPELLBOOK,), subtype="normal"))

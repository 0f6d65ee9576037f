"""The 「彼岸」 (Burning Abyss) monsters: 《彼岸の悪鬼 ファーファレル》, 《彼岸の悪鬼 グラバースニッチ》.

Both share (1): while their controller controls a monster that is not a
「彼岸」 monster, they are destroyed — a no-chain-link effect (the engine's
SELF_DESTRUCT, applied unless negated). Negated "until the end of the turn"
(《禁じられた聖杯》, 《ブレイクスルー・スキル》), the negation ends with the turn
and the card destroys itself as the turn ends, before the next Draw Phase (E1).

* Farfa (3): when sent to the graveyard, its controller may banish one monster
  on the field until the next Standby Phase — an OPTIONAL "when" trigger. As
  the turn ends it cannot be activated (17/10/26; E1).
* Graff (3): when sent to the graveyard, its controller may Special Summon a
  「彼岸」 monster other than Graff from the deck — an OPTIONAL "when" trigger.
  The hidden 15/10/23 answer let it be activated as the turn ended (flag
  ``turn_end_triggers_activate``, until March 2017).

The banished monster's return at the next Standby Phase is outside the End
Phase and is not modelled.
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
    Choices,
    Condition,
    Continuous,
    ContinuousKind,
    Resolve,
    Trigger,
)
from toolkit.ocg.values import Card, EventKind, Zone

if TYPE_CHECKING:
    from toolkit.ocg.state import State

ARCHETYPE = "彼岸"
FARFA = "彼岸の悪鬼 ファーファレル"
GRAFF = "彼岸の悪鬼 グラバースニッチ"


def _controls_an_outsider(card: Card, state: State) -> bool:
    """Its controller controls a monster that is not a 「彼岸」 monster."""
    for c in state.cards_in(card.controller, Zone.FIELD):
        b = behaviour(c.name)
        if b.is_monster and ARCHETYPE not in b.archetypes:
            return True
    return False


SELF_DESTRUCT = Continuous(ContinuousKind.SELF_DESTRUCT, condition=_controls_an_outsider)


def _monsters_on_field(state: State) -> list[Card]:
    return [c for c in state.cards_in(None, Zone.FIELD) if behaviour(c.name).is_monster]


def _any_monster(card: Card, state: State) -> bool:
    return bool(_monsters_on_field(state))


def _monster_targets(card: Card, state: State, subjects: tuple[int, ...]) -> Iterator[Choice]:
    for c in _monsters_on_field(state):
        yield Choice(targets=(c.uid,))


def _banish_target(board: Board, act: Activation) -> None:
    uid = act.target
    if uid is not None and board.card(uid).zone is Zone.FIELD:
        board.banish(uid)


def _other_abyss_in_deck(card: Card, state: State) -> bool:
    return any(
        ARCHETYPE in behaviour(c.name).archetypes and c.name != GRAFF
        for c in state.cards_in(card.controller, Zone.DECK)
    )


def _summon_from_deck(board: Board, act: Activation) -> None:
    for c in board.cards_in(act.controller, Zone.DECK):
        if ARCHETYPE in behaviour(c.name).archetypes and c.name != GRAFF and behaviour(c.name).is_monster:
            board.special_summon(c.uid, act.controller)
            return


def _abyss(
    name: str,
    english: str,
    key: str,
    resolve: Resolve,
    rulings: tuple[str, ...],
    can_activate: Condition,
    choices: Choices | None = None,
) -> CardBehaviour:
    """A 「彼岸」 monster: the shared self-destruct plus its own (3) trigger."""
    trigger = Trigger(
        key=key,
        on=frozenset({EventKind.SENT_TO_GY}),
        mandatory=False,
        zones=frozenset({Zone.GY}),
        resolve=resolve,
        can_activate=can_activate,
        choices=choices,
    )
    return CardBehaviour(
        name=name,
        english=english,
        card_type=CardType.MONSTER,
        subtype="effect",
        archetypes=frozenset({ARCHETYPE}),
        rulings=rulings,
        texts=(CardText(continuous=(SELF_DESTRUCT,), triggers=(trigger,)),),
    )


register(
    _abyss(
        FARFA,
        "Farfa, Malebranche of the Burning Abyss",
        "(3) banish a monster until the next Standby Phase",
        _banish_target,
        (
            "ocg-171026-farfa-macro-cosmos",
            "ocg-171026-farfa-skull-invitation",
            "ocg-171026-farfa-damage-pikeru-des-wombat",
        ),
        can_activate=_any_monster,
        choices=_monster_targets,
    )
)
register(
    _abyss(
        GRAFF,
        "Graff, Malebranche of the Burning Abyss",
        "(3) summon a 彼岸 monster from the deck",
        _summon_from_deck,
        ("ocg-151023-graff-breakthrough-skill", "ocg-151026-ua-perfect-ace-at-turn-end"),
        can_activate=_other_abyss_in_deck,
    )
)

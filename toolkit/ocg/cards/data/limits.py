"""Activation limits of the card format that read more than the card itself.

``once_per_turn_by_name`` is 「このカード名の効果は1ターンに1度しか使用できない」
(a hard once per turn by card name, per player): written in an End Phase
process's ``when``, the process applies only while no card of the same name
its controller controls has used an effect this turn.  "Used" is what the
position knows of the turn:

* a card of that name with the tag ``effect_used_this_turn`` (a scenario's
  way of saying an effect was used earlier in the turn), and
* an End Phase process of that name's text already done this phase (the
  position's record of processes done, which every card's conditions see),
  by this copy or another one.

So two copies on the field each have their process pending; once one is done
the other's condition ends and it is no longer pending (R6), as the ruling
says.  The condition reads other cards, so it is not card-local: the engine
asks it again after every change and searches every order of such processes
(no reduction, nothing remembered for them).

What it cannot see: a quick effect or trigger of that name activated during
the line (the position does not record which effects were activated; it
would take a record of used names in ``State``, set where an activation is
made in ``transitions.py`` and read here).
"""

from __future__ import annotations

from typing import Any

from toolkit.ocg.cards.data.conditions import CONDITIONS
from toolkit.ocg.values import Card

__all__ = ["once_per_turn_by_name"]

USED_TAG = "effect_used_this_turn"


def once_per_turn_by_name(card: Card, state: Any) -> bool:
    """No card named as ``card`` of its controller's has used an effect this turn (see the module docstring).

    ``state``: a State or a Board (both have ``cards``, ``done`` and ``text``)."""
    cards = state.cards
    for other in cards:
        if other.name == card.name and other.controller == card.controller and USED_TAG in other.tags:
            return False
    if state.done:
        text = state.text(card)
        for uid, key in state.done:
            if 0 <= uid < len(cards):
                other = cards[uid]
                if other.name == card.name and other.controller == card.controller \
                        and text.effect_named(key) is not None:
                    return False
    return True


CONDITIONS.add("once_per_turn_by_name",
               "「このカード名の効果は1ターンに1度しか使用できない」: no card of this name of its controller's has "
               "used an effect this turn (tag effect_used_this_turn, or an End Phase process of its text done "
               "this phase by any copy)")(lambda: once_per_turn_by_name)

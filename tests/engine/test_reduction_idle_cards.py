"""A card that can never act from where it lies no longer switches the reduction off (issue: the cliff).

15 《光神機−桜火》 took 0.03 s alone and 15 s with one 《ダンディライオン》 in the opponent's deck, which
can never act there: nothing in the position moves a deck card.  ``independence.cards_are_known_at``
now says so per position — a card with only triggers and quick effects in a deck, or with only
triggers about itself in a graveyard or banished, while every other card moves only its own card;
a card with only quick effects (a Trap) in a graveyard or banished, where none of them is activated
from and nothing the reduction knows takes a card from —
and the reduced search must still equal the full one exactly (outcomes, lines, example lines,
forcing answers), also where the proof does not hold and the search stays full.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_reduction import _same

from toolkit.ocg import independence, symmetry
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

OHKA, DANDELION, LYLA = "光神機−桜火", "ダンディライオン", "ライトロード・マジシャン ライラ"
EVACUATION = "強制脱出装置"
"""A Trap with a quick effect that may answer an Ohka's chain link (returning a monster to the hand)."""
SET_EVACUATION = {"name": EVACUATION, "position": "set"}


def _ohkas(n: int, b: dict[str, Any], a_extra: list[Any] | None = None) -> Any:
    field = [{"name": f"{OHKA}#{i}", "tags": ["tribute_less_summoned"]} for i in range(1, n + 1)]
    return scenario_from_dict({"title": "Ohka copies", "turn_player": "A", "date": "2024-01-01",
                               "players": {"A": {"field": field + (a_extra or []), "deck_filler": 5}, "B": b}})


@pytest.mark.parametrize("where", [{"deck": [DANDELION]}, {"graveyard": [DANDELION]}, {"banished": [DANDELION]},
                                   {"deck": [EVACUATION, DANDELION]}, {"graveyard": [EVACUATION]},
                                   {"banished": [EVACUATION], "graveyard": [DANDELION]}])
@pytest.mark.parametrize("n", [3, 5])
def test_a_card_that_cannot_act_where_it_lies_is_searched_reduced_and_the_same(where: dict[str, Any], n: int) -> None:
    position = _ohkas(n, where)
    assert independence.cards_are_known_at(initial_state(position))
    reduced, full = _same(position)
    assert reduced.states < full.states


@pytest.mark.parametrize("where", [{"field": [SET_EVACUATION]}, {"hand": [DANDELION]}, {"hand": [EVACUATION]}])
def test_a_card_that_could_act_keeps_the_search_full(where: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    position = _ohkas(4, where)
    assert not independence.cards_are_known_at(initial_state(position))
    _same(position)  # the copies may still be counted (toolkit.ocg.symmetry): the same answers
    monkeypatch.setattr(symmetry, "symmetric", lambda *_args: ())
    reduced, full = _same(position)
    assert reduced.states == full.states  # without the copies counted: no process stands for another


def test_a_card_that_moves_a_deck_keeps_the_search_full() -> None:
    position = _ohkas(3, {"deck": [DANDELION]}, a_extra=[LYLA])  # Lyla mills: the Dandelion may reach the GY
    assert not independence.cards_are_known_at(initial_state(position))
    _same(position)


def test_a_used_trap_stays_idle_beside_a_mill() -> None:
    """A mill moves deck cards to the GY, never a card out of it: a Trap activated only from the field
    that lies in the GY still can never act (a Dandelion in the deck could: the mill may send it)."""
    position = _ohkas(3, {"graveyard": [EVACUATION]}, a_extra=[LYLA])
    assert independence.cards_are_known_at(initial_state(position))
    reduced, full = _same(position)
    assert reduced.states < full.states

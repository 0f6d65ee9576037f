"""A card of one's own whose End Phase effect asks how the card got to the GY:
"destroyed while face-up on the field" — ``destroyed_this_turn: {face_up: true,
destroyed_in: field}``.

The board now remembers that a card was face-up when it left the field (tag
``left_field_face_up``, which a scenario may also give a card already in the
GY); before, the condition could only say ``destroyed_this_turn``, true of a
card destroyed face-down too.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.game import as_state, game_of
from toolkit.engine import explore
from toolkit.errors import ToolkitError
from toolkit.ocg.scenario import scenario_from_dict

REMNANT, SWEEPER = "テスト用残骸", "テスト用一掃者"
FACE_UP_ONLY = {"destroyed_this_turn": {"face_up": True, "destroyed_in": "field"}}


def remnant(name: str, when: Any) -> dict[str, Any]:
    return {"name": name, "type": "monster", "texts": [{"end_phase": [
        {"key": "draw 1", "mandatory": False, "chain_link": False, "when": when, "do": {"draw": 1}}]}]}


SWEEPER_CARD = {"name": SWEEPER, "type": "monster", "texts": [{"end_phase": [
    {"key": "destroy the other monsters", "mandatory": True, "chain_link": False,
     "when": ["face_up_on_field", "your_end_phase"],
     "do": {"destroy": {"each": {"zones": "field", "monster": True, "not_itself": True}}}}]}]}


def drew(name: str, when: Any, position: str) -> bool:
    """Whether some line draws with the remnant's effect after the sweeper destroyed it
    (the remnant starting face-up or set on the field)."""
    data = {"title": "the sweeper destroys the remnant", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"field": [SWEEPER, {"name": name, "position": position}], "deck": ["死者蘇生"]}},
            "cards": [SWEEPER_CARD, remnant(name, when)]}
    return any(any(e.kind == "drew" for e in o.outcome.events) for o in explore(scenario_from_dict(data)).outcomes)


def test_destroyed_while_face_up_holds_for_a_face_up_card_and_not_for_a_set_one() -> None:
    assert drew(REMNANT + "1", [FACE_UP_ONLY], "face_up")
    assert not drew(REMNANT + "2", [FACE_UP_ONLY], "set")
    # the control: plain destroyed_this_turn cannot tell the two apart
    assert drew(REMNANT + "3", ["destroyed_this_turn"], "set")


@pytest.mark.parametrize("tags,offered", [
    (["destroyed_this_turn", "sent_to_gy_from_field", "left_field_face_up"], True),
    (["destroyed_this_turn", "sent_to_gy_from_field"], False),
    (["destroyed_this_turn", "sent_to_gy_from_hand", "left_field_face_up"], False),
])
def test_a_scenario_may_say_how_a_card_in_the_gy_got_there(tags: list[str], offered: bool) -> None:
    name = REMNANT + "-" + "-".join(tags)
    data = {"title": "the remnant in the GY", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"graveyard": [{"name": name, "tags": tags}], "deck": ["死者蘇生"]}},
            "cards": [remnant(name, [FACE_UP_ONLY])]}
    state = as_state(scenario_from_dict(data))
    performs = [a for a in game_of(state).legal_actions(state) if repr(a).startswith("Perform")]
    assert bool(performs) is offered


def test_a_misspelt_parameter_is_refused_in_one_line() -> None:
    data = {"title": "t", "turn_player": "A", "players": {"A": {}},
            "cards": [remnant(REMNANT + "x", [{"destroyed_this_turn": {"face_upp": True}}])]}
    with pytest.raises(ToolkitError) as caught:
        scenario_from_dict(data)
    message = str(caught.value)
    assert "\n" not in message and REMNANT + "x" in message and "did you mean: face_up" in message

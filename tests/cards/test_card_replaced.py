"""A card the user replaces (``shadows: true``) is answered with its new text,
also after the engine has already worked with the shipped one in this process,
and the shipped card is answered with its own text again afterwards.

The engine remembers each position's card texts (its position tables) and the
answers of ruling checks by the cards the position may use (its catalogue,
compared by content), so what was remembered for one definition is never
handed out for another.
"""

from __future__ import annotations

from typing import Any

from toolkit.engine import explore
from toolkit.ocg.scenario import scenario_from_dict

BANISHING_TSUKUYOMI = {"name": "月読命", "type": "monster", "shadows": True, "texts": [{"end_phase": [
    {"key": "banish itself", "mandatory": True, "chain_link": True, "when": ["face_up_on_field"],
     "do": {"banish": "itself"}}]}]}


def _scenario(cards: list[dict[str, Any]] | None = None) -> Any:
    data: dict[str, Any] = {"title": "Tsukuyomi in the End Phase", "turn_player": "A", "date": "2024-01-01",
                            "players": {"A": {"field": [{"name": "月読命", "tags": ["summoned_this_turn"]}]}}}
    if cards:
        data["cards"] = cards
    return scenario_from_dict(data)


def _kinds(scenario: Any) -> list[set[str]]:
    return [{str(e.kind) for e in o.outcome.events} for o in explore(scenario).outcomes]


SHIPPED = [{"activated", "resolved", "returned_to_hand", "hand_adjusted"}]
BANISHED = [{"activated", "resolved", "banished", "hand_adjusted"}]


def test_a_replaced_card_is_answered_with_its_new_text_after_the_shipped_one_was_used() -> None:
    assert _kinds(_scenario()) == SHIPPED
    assert _kinds(_scenario([BANISHING_TSUKUYOMI])) == BANISHED
    assert _kinds(_scenario()) == SHIPPED  # the replacement stays in its own scenario


def test_reading_the_same_inline_card_again_gives_the_same_catalogue() -> None:
    first, again = _scenario([BANISHING_TSUKUYOMI]), _scenario([BANISHING_TSUKUYOMI])
    assert first == again and first.catalogue is again.catalogue  # what was remembered for it is used again
    other = _scenario([dict(BANISHING_TSUKUYOMI, english="Tsukuyomi (banishing)")])
    assert other != first and other.catalogue != first.catalogue

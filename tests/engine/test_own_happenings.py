"""A happening to a card is left unrecorded only when nothing but triggers on their own card read its kind
(``PositionTables.own_happenings``, read by ``Board``): beside such a trigger (《ダンディライオン》's, on its own
card sent to the GY), a card that watches any card sent to the GY, or a "when …" Trap that answers a summon,
still meets the happening of another card — searched to the end, not only the table's helper.

Positions written for this test in the wiki's style (cards of the test's own beside shipped ones)."""

from __future__ import annotations

from typing import Any

from toolkit.core.search import explore
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state


def _monster(name: str, text: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": "monster", "subtype": "effect", "level": 4, "attribute": "DARK",
            "race": "spellcaster", "texts": [text]}


SENDER = _monster("墓守の送り手", {"end_phase": [{
    "key": "send itself to the GY", "mandatory": True, "chain_link": False,
    "when": ["face_up_on_field", "your_end_phase"], "do": {"send_to_gy": "itself"}}]})
"""Its End Phase process sends itself to the GY (no chain link)."""

WATCHER = _monster("墓守の傍観者", {"triggers": [{
    "key": "gain 100 LP", "on": "sent_to_gy", "mandatory": True, "scope": "any", "zones": "field",
    "do": {"gain_life": {"amount": 100}}}]})
"""Its trigger watches any card sent to the GY (from the field, where it stays)."""

SUMMONER = _monster("墓守の招き手", {"end_phase": [{
    "key": "Special Summon a monster from the hand", "mandatory": True, "chain_link": False,
    "when": ["face_up_on_field", "your_end_phase"],
    "do": {"special_summon": {"first": {"zones": "hand", "monster": True}}}}]})
"""Its End Phase process Special Summons the first monster of its controller's hand (no chain link)."""

OWN_SUMMON = _monster("墓守の目覚め", {"triggers": [{
    "key": "draw 1", "on": "special_summoned", "mandatory": False, "zones": "field", "do": {"draw": 1}}]})
"""Its trigger answers only its own Special Summon (scope: self)."""

ANSWER = {"name": "墓守の落とし穴", "type": "trap", "subtype": "normal", "texts": [{"quick": [{
    "key": "gain 500 LP", "spell_speed": 2, "zones": "field", "can_activate": ["set_trap_ready"],
    "responds_to": "summon_trigger", "moment_kinds": ["special_summoned"], "at_moment": "a_monster_was_just_summoned",
    "do": {"gain_life": {"amount": 500}}}]}]}
"""A set Trap that may be activated when a monster was just summoned (a "when …" quick effect)."""


def _outcome_events(data: dict[str, Any]) -> list[set[tuple[str, str | None, int | None]]]:
    found = explore(initial_state(scenario_from_dict(data)), max_states=20_000)
    return [{(e.kind, e.card, e.amount) for e in o.outcome.events} for o in found.outcomes]


def test_a_watcher_beside_an_own_trigger_meets_another_card_sent_to_the_gy() -> None:
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [SENDER, WATCHER],
            "players": {"A": {"field": ["ダンディライオン", SENDER["name"], WATCHER["name"]]}, "B": {}}}
    outcomes = _outcome_events(data)
    assert outcomes and all(("sent_to_gy", SENDER["name"], None) in events for events in outcomes)
    assert all(("lp_gained", None, 100) in events for events in outcomes)  # (the watcher met it)
    # (Dandelion stayed on the field: its own trigger met nothing)
    assert not any(("sent_to_gy", "ダンディライオン", None) in events for events in outcomes)


def test_a_when_trap_beside_an_own_trigger_answers_another_card_summoned() -> None:
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [SUMMONER, OWN_SUMMON, ANSWER],
            "players": {"A": {"hand": ["ブラッド・ヴォルス"], "field": [SUMMONER["name"], OWN_SUMMON["name"]]},
                        "B": {"field": [{"name": ANSWER["name"], "position": "set"}]}}}
    outcomes = _outcome_events(data)
    assert any(("special_summoned", "ブラッド・ヴォルス", None) in events for events in outcomes)
    assert any(("lp_gained", None, 500) in events for events in outcomes)  # (the Trap answered the summon)

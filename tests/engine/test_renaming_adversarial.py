"""Cards of the user's own that read names in ways the class finder (``toolkit.ocg.renaming``) must
not miss: each position is either refused (the names read are in no class) or searched up to renaming
with exactly the full search's outcomes and line counts.

* a "first matching card" pick whose filter names no card (it matches every card in the zone): it reads
  the order of the cards (``name_in: []``, which the card format took as such a filter, is now refused);
* a part of a name read deep inside a condition (``name_contains`` under ``not`` / ``all_of`` /
  ``count_at_least``, in one option of an ``either``);
* an event text quoting a name (a Special Summon the board does not model, whose words are a
  textless card's name or quote it): the name is in no class — and were it taken into one, the event
  quoting it inside a longer text would not be renamed (the search runs without renaming).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from toolkit.core.game import game_of
from toolkit.core.search import explore
from toolkit.ocg.renamed_positions import RenamedKeys
from toolkit.ocg.renaming import name_classes
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state

SPELLS = ("死者蘇生", "強欲な壺", "おろかな埋葬", "増援")
"""Textless Normal Spells: one class when nothing reads their names."""


def _monster(name: str, *effects: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": "monster", "subtype": "effect", "level": 4, "attribute": "DARK",
            "race": "spellcaster", "texts": [{"end_phase": list(effects)}]}


PICKER = _monster("墓守の選別者", {
    "key": "send a card of your choice from your hand to the GY", "mandatory": False, "chain_link": False,
    "when": ["face_up_on_field", "your_end_phase"],
    "choose": {"pick": {"zones": "hand"}}, "do": {"send_to_gy": {"card": "picked", "if_in": "hand"}}})
"""Sends the card its controller picks: the positions after each pick are the same up to renaming."""


def _first_of_hand(selector: str) -> dict[str, Any]:
    """A monster whose End Phase process sends "the first" card of the hand, whatever its name
    (``selector``: how the pick is written)."""
    anything: dict[str, Any] = {"zones": "hand"}
    picks = {"first": {"first": anything},
             "first_of_each": {"first_of_each": [anything]},
             "up_to_distinct_names": {"up_to_distinct_names": {"n": 1, "filter": anything}}}[selector]
    return _monster("墓守の整列者", {
        "key": "send the first card of your hand to the GY", "mandatory": True, "chain_link": False,
        "when": ["face_up_on_field", "your_end_phase"], "do": {"send_to_gy": picks}})


def _start(hand: list[str], field: list[str], cards: list[dict[str, Any]]) -> Any:
    data = {"title": "t", "turn_player": "A", "date": "2024-01-01",
            "players": {"A": {"hand": hand, "field": field}, "B": {}}, "cards": cards}
    return initial_state(scenario_from_dict(data))


def _same_as_full(start: Any) -> bool:
    found, full = explore(start), explore(start, reduce=False)
    return Counter((o.outcome, o.lines) for o in found.outcomes) == \
        Counter((o.outcome, o.lines) for o in full.outcomes) and found.total_lines == full.total_lines


@pytest.mark.parametrize("selector", ["first", "first_of_each", "up_to_distinct_names"])
def test_a_first_pick_whose_filter_names_no_card_leaves_no_class(selector: str) -> None:
    # (without the class finder seeing it, 20 of the 24 orders of this hand searched renamed gave other outcomes)
    cards = [PICKER, _first_of_hand(selector)]
    for hand in itertools.permutations(SPELLS):
        assert _same_as_full(_start(list(hand), [PICKER["name"], cards[1]["name"]], cards)), hand
    assert name_classes(_start(list(SPELLS), [PICKER["name"], cards[1]["name"]], cards)) == ()


def test_a_part_of_a_name_read_deep_inside_a_condition_keeps_those_names_out() -> None:
    # "if you hold no card whose name holds 「壺」 (and you hold a Spell)": 強欲な壺 is read
    counter = _monster("壺数えの魔術師", {
        "key": "send a card of your choice from your hand to the GY, or gain 500 LP", "mandatory": False,
        "chain_link": False, "when": ["face_up_on_field", "your_end_phase"],
        "do": {"either": [
            {"label": "gain 500 LP", "can_choose": {"all_of": [
                {"not": {"count_at_least": {"n": 1, "filter": {"zones": "hand", "name_contains": "壺"}}}},
                {"exists": {"zones": "hand", "monster": False}}]},
             "do": {"gain_life": {"amount": 500}}},
            {"label": "nothing", "do": {"not_modelled": "nothing"}}]}})
    start = _start(list(SPELLS), [PICKER["name"], counter["name"]], [PICKER, counter])
    assert _same_as_full(start)
    assert name_classes(start) == (("おろかな埋葬", "増援", "死者蘇生"),)


@pytest.mark.parametrize("words", ["死者蘇生", "《死者蘇生》の名を持つトークン"], ids=["the name", "in a longer text"])
def test_an_event_text_quoting_a_name_keeps_that_name_out(words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a token named in words that name 死者蘇生: an event's detail is the name, or quotes it in a longer text
    summoner = _monster("蘇生の語り部", {
        "key": "summon a token", "mandatory": True, "chain_link": True,
        "when": ["face_up_on_field", "your_end_phase"],
        "do": {"record_special_summon": {"amount": 1, "detail": words}}})
    start = _start(list(SPELLS), [PICKER["name"], summoner["name"]], [PICKER, summoner])
    assert _same_as_full(start)
    assert name_classes(start) == (("おろかな埋葬", "増援", "強欲な壺"),)
    if words != "死者蘇生":
        # were 死者蘇生 taken into the class, the event quoting it inside a longer text is not renamed
        # (CannotRename): the search runs without renaming, the same outcomes again
        monkeypatch.setattr(type(game_of(start)), "renaming",
                            lambda self, start, named: RenamedKeys(start, (tuple(sorted(SPELLS)),)))
        assert _same_as_full(start)

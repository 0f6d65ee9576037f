"""The End Phase cards written as a user would (datasets/cards/written_as_a_user.yaml): each
scenario asked the question its description answers — checked by hand against the card's
rulings — and the same position changed in one respect (the counterfactual), where the answer
must flip.  A card written wrongly (a mandatory effect as optional, a condition dropped) fails
here."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.history.asking import ask
from toolkit.ocg.scenario import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "datasets" / "scenarios"

Change = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Change:
    """Set ``players.A.field.0.tags`` style paths (list indices as numbers)."""
    def change(data: dict[str, Any]) -> None:
        *parts, last = path.split(".")
        node: Any = data
        for part in parts:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if value is None:
            del node[int(last) if isinstance(node, list) else last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


# scenario -> (question, answer, counterfactual change, what the change is)
CASES: dict[str, tuple[dict[str, Any], str, Change, str]] = {
    "titaniklad_ecclesia_end_phase": (
        {"possible": {"all": [{"zone": "hand", "card": "白の聖女エクレシア"},
                              {"event": "special_summoned", "card": "アルバスの落胤"}]}}, "yes",
        _set("players.A.graveyard.0", "灰燼竜バスタード"), "Titaniklad went to the GY in an earlier turn"),
    "return_from_dd_scout_plane": (
        {"always": {"all": [{"zone": "field", "card": "異次元の偵察機"}, {"zone": "banished", "card": "ブラッド・ヴォルス"},
                            {"event": "banished", "card": "異次元の偵察機"}]}}, "yes",
        _set("lingering", None), "no effect of Return from the Different Dimension lingering"),
    "dd_scout_plane_banished_face_up": (
        {"always": {"zone": "field", "card": "異次元の偵察機"}}, "yes",
        _set("players.B.banished.0.tags", ["banished_this_turn", "banished_face_down"]), "banished face-down"),
    "infinite_cards_no_adjustment": (
        {"always": {"not": {"event": "discarded"}}}, "yes",
        _set("players.A.field.0", {"name": "無限の手札", "position": "set"}), "Infinite Cards set face-down"),
    "swords_of_revealing_light_third_turn": (
        {"always": {"event": "destroyed", "card": "光の護封剣"}}, "yes",
        _set("players.A.field.0.counters", 2), "two of the opponent's turns still to go"),
    "yubel_tribute_or_destroy": (
        {"possible": {"zone": "field", "card": "ユベル"}}, "yes",
        _set("players.A.field.1", None), "no other monster to Tribute"),
    "koakimeiru_drago_maintenance": (
        {"possible": {"zone": "field", "card": "コアキメイル・ドラゴ"}}, "yes",
        _set("players.A.hand.0", "死者蘇生"), "no Iron Core (nor Dragon) in the hand"),
    "yata_garasu_returns": (
        {"always": {"zone": "hand", "card": "八汰烏"}}, "yes",
        _set("players.A.field.0", "八汰烏"), "summoned in an earlier turn"),
    "card_of_demise_hand_to_gy": (
        {"always": {"all": [{"not": {"event": "discarded"}}, {"hand": "A", "equals": 0}]}}, "yes",
        _set("lingering", None), "Card of Demise not resolved this turn"),
    "thor_revives_in_the_end_phase": (
        {"possible": {"zone": "field", "card": "極神皇トール"}}, "yes",
        _set("players.A.graveyard.1", None), "no Nordic Tuner in the GY"),
    "lightsworn_mills_end_phase": (
        {"always": {"all": [{"event": "milled", "player": "A", "amount": 2},
                            {"event": "milled", "player": "A", "amount": 3}]}}, "yes",
        _set("players.A.field.0", {"name": "ライトロード・ドルイド オルクス", "position": "face_down"}),
        "Aurkus set face-down"),
    "rescue_rabbit_end_phase": (
        {"always": {"not": {"zone": "field", "card": "ジェネティック・ワーウルフ"}}}, "yes",
        _set("lingering", None), "no effect of Rescue Rabbit lingering"),
    "emergency_teleport_banish": (
        {"always": {"zone": "banished", "card": "サイコ・コマンダー"}}, "yes",
        _set("lingering", None), "no effect of Emergency Teleport lingering"),
    "divine_wrath_own_link": (
        {"possible_order": [{"event": "activated", "card": "ライトロード・マジシャン ライラ"},
                            {"event": "activated", "card": "天罰"}]}, "yes",
        _set("players.A.field.1", {"name": "天罰", "position": "set", "tags": ["set_this_turn"]}),
        "Divine Wrath set this turn"),
}


def _data(name: str) -> dict[str, Any]:
    return dict(yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8")))


def _answer(data: dict[str, Any], question: dict[str, Any]) -> str:
    return ask(scenario_from_dict(data), question, "2024-01-01", why=False).answer


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_scenario_answers_as_checked_by_hand(name: str) -> None:
    question, expected, _change, _what = CASES[name]
    assert _answer(_data(name), question) == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_counterfactual_flips_the_answer(name: str) -> None:
    question, expected, change, what = CASES[name]
    data = copy.deepcopy(_data(name))
    change(data)
    flipped = "no" if expected == "yes" else "yes"
    assert _answer(data, question) == flipped, f"{name}, {what}: the answer did not flip"


def test_divine_wrath_answers_any_link_not_only_the_opponents() -> None:
    """The same card with responds_to: opponents_link cannot answer its controller's own Lyla."""
    from toolkit.ocg.cards import shipped_catalogue
    from toolkit.ocg.cards.data.compile import compile_card

    written = copy.deepcopy(shipped_catalogue().behaviour("天罰").written)
    written["texts"][0]["quick"][0]["responds_to"] = "opponents_link"
    written["shadows"] = True
    data = _data("divine_wrath_own_link")
    question = CASES["divine_wrath_own_link"][0]
    scenario = scenario_from_dict(data, cards=[compile_card(written)])
    assert ask(scenario, question, "2024-01-01", why=False).answer == "no"


def test_every_written_card_has_a_scenario() -> None:
    """Each End Phase card of the file appears in one of the scenarios above (the fillers —
    cards with no End Phase effect of their own — need none)."""
    from toolkit.ocg.cards import shipped_catalogue

    catalogue = shipped_catalogue()
    written = [name for name, origin in catalogue.origins().items() if origin == "data:written_as_a_user.yaml"]
    used = "".join((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8") for name in CASES)
    missing = [name for name in written if name not in used]
    assert not missing, missing
    assert len(written) >= 15


@pytest.mark.parametrize("name,card,activated", [
    ("koakimeiru_drago_maintenance", "コアキメイル・ドラゴ", "no"),  # a maintenance cost: no activation (R6 kind 4)
    ("yubel_tribute_or_destroy", "ユベル", "yes"),  # a mandatory trigger: a chain link
    ("swords_of_revealing_light_third_turn", "光の護封剣", "no"),  # its count is no chain link
])
def test_a_process_activates_only_where_the_card_says(name: str, card: str, activated: str) -> None:
    assert _answer(_data(name), {"possible": {"event": "activated", "card": card}}) == activated

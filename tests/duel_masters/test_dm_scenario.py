"""Duel Masters scenarios: the shipped ones load and round-trip; bad input gets
an error naming the file and field (one test per kind of mistake)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.duel_masters import card_names, list_seed_scenarios, load_scenario, seed_scenario
from toolkit.duel_masters.scenario import parse_scenario, scenario_data, scenario_from_dict
from toolkit.errors import ScenarioError
from toolkit.ocg.scenario import load_scenario as load_ocg_scenario


def base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "duel_masters", "title": "t", "turn_player": "A",
                            "players": {"A": {"battle_zone": ["グルジェ・グルジェ"]}}}
    data.update(changes)
    return data


def test_the_shipped_scenarios_load_and_name_their_rulings() -> None:
    names = list_seed_scenarios()
    assert len(names) >= 10
    rulings = [r for n in names for r in seed_scenario(n).rulings]
    assert len(rulings) == len(set(rulings)) == 9  # the seven Q&As and the two dragheart examples


@pytest.mark.parametrize("name", list_seed_scenarios())
def test_shipped_scenarios_round_trip_through_plain_data(name: str) -> None:
    s = seed_scenario(name)
    again = scenario_from_dict(yaml.safe_load(yaml.safe_dump(scenario_data(s), allow_unicode=True)))
    assert again == s


def test_every_card_of_the_rulings_is_known_to_the_engine() -> None:
    import toolkit

    cards = toolkit.load_cards()
    dm_cards = set(cards.loc[cards["game"] == "duel_masters", "name_ja"])
    placeholders = {"（クリーチャー）", "（魔導具）", "（カード）"}
    assert set(card_names()) - placeholders == dm_cards


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (base(players={"A": {"battle_zone": ["グルジェ・グルジエ"]}}), "players.A.battle_zone[0]",
         "did you mean 「グルジェ・グルジェ」, "),
        (base(players={"A": {"battlezone": []}}), "players.A.battlezone", "did you mean 'battle_zone'?"),
        (base(players={"C": {}}), "players.C", "unknown key 'C'"),
        (base(turn_player="C"), "turn_player", "must be 'A' or 'B'"),
        (base(start="main"), "start", "start must be one of turn_end, attack"),
        (base(ruleset="duel_master"), "ruleset", "did you mean 'duel_masters'?"),
        (base(game="ocg"), "game", "says game: duel_masters"),
        (base(players={"A": {"battle_zone": [{"name": "グルジェ・グルジェ", "tapped": "yes"}]}}),
         "players.A.battle_zone[0].tapped", "tapped must be true or false"),
        (base(players={"A": {"battle_zone": [{"name": "グルジェ・グルジェ", "power": -5}]}}),
         "players.A.battle_zone[0].power", "power must be a whole number from 1 to 1,000,000, not -5"),
        (base(players={"A": {"battle_zone": [{"name": "グルジェ・グルジェ", "tags": ["destroyed"]}]}}),
         "players.A.battle_zone[0].tags[0]", "did you mean 'destroyed_this_turn'?"),
        (base(players={"A": {"battle_zone": [{"name": "グルジェ・グルジェ", "equipped_to": "x"}]}}),
         "players.A.battle_zone[0].equipped_to", "only a Dragheart Weapon can be equipped"),
        (base(players={"A": {"battle_zone": ["グルジェ・グルジェ",
                                             {"name": "煉獄刃 ヘルフエズ", "equipped_to": "グルジェ"}]}}),
         "players.A.battle_zone", "is not a creature in the battle zone"),
        (base(lingering=[{"source": "夢見がちモッフル", "controller": "B", "effect": "power_plus_4000",
                          "duration": "forever"}]), "lingering[0].duration", "unknown duration 'forever'"),
        (base(lingering=[{"source": "夢見がちモッフル", "controller": "B", "effect": "power_plus_400",
                          "duration": "this_turn"}]), "lingering[0].effect", "did you mean 'power_plus_4000'?"),
        (base(lingering=[{"source": "夢見がちモッフル", "controller": "B", "effect": "power_plus_4000",
                          "duration": "this_turn", "target": "モッフル"}]), "lingering[0].target", "no card labelled"),
        (base(delayed=[{"source": "鬼ヶ王魔 エンド・ジャオウガ", "controller": "A", "effect": "win"}]),
         "delayed[0].effect", "has no delayed ability 'win'"),
        (base(delayed=[{"source": "鬼ヶ王魔 エンド・ジャオウガ", "controller": "A"}]), "delayed[0].effect",
         "missing required key 'effect'"),
    ],
)
def test_bad_scenarios_name_the_field(data: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_dict(data, source="mine.yaml")
    assert caught.value.field == field
    assert caught.value.file == "mine.yaml"
    assert message in str(caught.value)


def test_yaml_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("game: duel_masters\ntitle: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"broken.yaml \(line 3, column 1\): not valid YAML"):
        load_scenario(path)


def test_the_ocg_loader_points_a_duel_masters_file_to_its_own_loader(tmp_path: Path) -> None:
    path = tmp_path / "dm.yaml"
    path.write_text(yaml.safe_dump(base(), allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioError, match="this is a scenario of the game 'duel_masters', not an OCG one: "
                                            "read it with toolkit.games.load_any_scenario"):
        load_ocg_scenario(path)
    assert load_scenario(path).players["A"].battle_zone[0].name == "グルジェ・グルジェ"


def test_copies_are_labelled_in_listing_order() -> None:
    s = parse_scenario("game: duel_masters\ntitle: t\nturn_player: A\nplayers:\n"
                       "  A: {battle_zone: [（クリーチャー）, グルジェ・グルジェ, （クリーチャー）]}\n"
                       "  B: {battle_zone: [（クリーチャー）]}\n")
    assert [label for _p, _z, _c, label in s.labels()] == [
        "（クリーチャー）#1", "グルジェ・グルジェ", "（クリーチャー）#2", "（クリーチャー）#3"]


def test_unknown_shipped_name_suggests_one() -> None:
    with pytest.raises(ScenarioError, match="did you mean 'dm_moffle_zanjibar'"):
        seed_scenario("dm_moffle_zanjibal")

"""A question about a card no event of its scenario can name is refused, never answered a silent "no".

Each game says which names a search of a scenario may carry (``Game.names_events_may_carry``): its cards,
the sources of its lingering effects, the tokens its cards' texts make (OCG) and the other side a dragheart
flips to (Duel Masters). A known card outside them is refused in card words, naming the scenario; a card
inside them is answered; a name that is no card keeps the "Unknown card" error. The scenarios are written
here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit import load_scenario, seed_scenario
from toolkit.cli import main
from toolkit.core.predicates import PredicateError
from toolkit.core.search import can_force, evaluate
from toolkit.history.asking import ask
from toolkit.history.checks import CheckError, parse_check, run_check

Capture = pytest.CaptureFixture[str]

SOWER = "テスト用：綿帽子の種まき"
SEED_TOKEN = "テスト用：綿帽子トークン"

OCG_SCENARIO = f"""\
title: 手札調整で捨てた種まきの誘発（自作）
description: >-
  ターンプレイヤーのAは手札が7枚のままエンドフェイズを迎え、調整で種まきを捨てる。
  墓地へ送られた種まきはトークン1体の特殊召喚を記録する。
date: 2012-08-08
turn_player: A
players:
  A:
    hand: [{SOWER}, ブラッド・ヴォルス, 死者蘇生, 強欲な壺, 落とし穴, 増援, 大嵐]
  B:
    field:
      - {{name: サイクロン, position: set}}
cards:
  - name: {SOWER}
    english: Test Fluff Sower
    type: monster
    subtype: effect
    texts:
      - triggers:
          - key: summon a Fluff Seed Token
            on: sent_to_gy
            mandatory: true
            zones: gy
            do: {{record_special_summon: {{card: {SEED_TOKEN}, amount: 1}}}}
"""

DM_SCENARIO = """\
game: duel_masters
title: ウェルカム・ヘルの龍解（自作）
description: >-
  Aのターンの終わりに、Aはグルジェ・グルジェ4体を破壊してウェルカム・ヘルを龍解させる。
turn_player: A
players:
  A:
    battle_zone: [極魔王殿 ウェルカム・ヘル, グルジェ・グルジェ, グルジェ・グルジェ, グルジェ・グルジェ, グルジェ・グルジェ]
  B:
    battle_zone: [{name: （クリーチャー）, power: 2000}]
"""


@pytest.fixture()
def sower(tmp_path: Path) -> object:
    path = tmp_path / "sower_seed_token.yaml"
    path.write_text(OCG_SCENARIO, encoding="utf-8")
    return load_scenario(path)


@pytest.fixture()
def flip(tmp_path: Path) -> object:
    path = tmp_path / "welcome_hell_flip.yaml"
    path.write_text(DM_SCENARIO, encoding="utf-8")
    return load_scenario(path)


def _refusal(scenario: object, question: dict[str, object]) -> str:
    with pytest.raises(CheckError) as caught:
        ask(scenario, question, why=False)
    return str(caught.value)


@pytest.mark.parametrize("named", ["ホルスの黒炎竜 LV６", "Effect Veiler", "こせんぺいけるべく"])
def test_a_card_the_scenario_lacks_is_refused_by_any_of_its_names(sower: object, named: str) -> None:
    message = _refusal(sower, {"possible": {"event": "activated", "card": named}})
    assert message.startswith("question: 「") and " is not in sower_seed_token: no event of it can name that card" \
        in message
    assert "\n" not in message and "None" not in message
    by = _refusal(sower, {"not": {"possible": {"event": "destroyed", "by": named}}})  # a silent "yes" under not
    assert "is not in sower_seed_token" in by


def test_the_refusal_speaks_of_the_card_in_card_words(sower: object) -> None:
    message = _refusal(sower, {"always": {"not": {"zone": "graveyard", "card": "Effect Veiler"}}})
    assert "「エフェクト・ヴェーラー」 (Effect Veiler) is not in sower_seed_token" in message


def test_a_card_present_and_the_token_a_card_makes_are_answered(sower: object) -> None:
    assert ask(sower, {"possible": {"event": "special_summoned", "card": SEED_TOKEN}}, why=False).answer == "yes"
    assert ask(sower, {"possible": {"event": "activated", "card": "Mystical Space Typhoon"}}, why=False).answer \
        in ("yes", "no")
    by = {"possible": {"event": "special_summoned", "card": SEED_TOKEN, "by": "Test Fluff Sower"}}
    assert ask(sower, by, why=False).answer == "yes"


def test_a_name_that_is_no_card_keeps_its_own_error(sower: object) -> None:
    message = _refusal(sower, {"possible": {"event": "activated", "card": "テスト用：どこにもないカード"}})
    assert "Unknown card" in message and "is not in" not in message


def test_duel_masters_cards_and_the_side_a_card_flips_to(flip: object) -> None:
    assert ask(flip, {"possible": {"event": "resolved", "card": "極・魔壊王 デスゴロス"}}, why=False).answer == "yes"
    assert ask(flip, {"possible": {"event": "destroyed", "card": "グルジェ・グルジェ"}}, why=False).answer == "yes"
    message = _refusal(flip, {"possible": {"event": "destroyed", "card": "終末の時計 ザ・クロック"}})
    assert "「終末の時計 ザ・クロック」 is not in welcome_hell_flip: no event of it can name that card" in message


def test_the_command_line_refuses_it_with_exit_2(sower: object, tmp_path: Path, capsys: Capture) -> None:
    scenario = str(tmp_path / "sower_seed_token.yaml")
    assert main(["ask", scenario, "{possible: {event: activated, card: サイクロン}}", "--no-why"]) in (0, 1)
    capsys.readouterr()
    assert main(["ask", scenario, "{possible: {event: activated, card: エフェクト・ヴェーラー}}", "--no-why"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not in sower_seed_token" in err and "Traceback" not in err
    assert main(["can-force", scenario, "B", "{not: {event: activated, card: エフェクト・ヴェーラー}}"]) == 2
    assert "PREDICATE: 「エフェクト・ヴェーラー」 (Effect Veiler) is not in sower_seed_token" in capsys.readouterr().err


def test_a_ruling_check_and_the_python_questions_refuse_it_too(sower: object) -> None:
    absent = {"possible": {"event": "activated", "card": "エフェクト・ヴェーラー"}}
    with pytest.raises(CheckError, match=r"^check\.and\[1\]: 「エフェクト・ヴェーラー」 .* is not in sower_seed_token"):
        run_check(parse_check({"and": [{"possible": {"loop": False}}, absent]}), {"sower.yaml": sower})
    both = {"sower.yaml": sower, "horus.yaml": seed_scenario("horus_lv6_veiler_2011")}
    veiler_on_horus = {"possible": {"event": "effect_ended", "card": "Effect Veiler"}, "scenario": "horus.yaml"}
    assert run_check(parse_check(veiler_on_horus), both).answer == "yes"  # each query: the scenario it runs on
    token_on_horus = {"possible": {"event": "special_summoned", "card": SEED_TOKEN}, "scenario": "horus.yaml"}
    with pytest.raises(CheckError, match="is not in horus_lv6_veiler_2011"):
        run_check(parse_check(token_on_horus), both)
    with pytest.raises(PredicateError, match="is not in sower_seed_token"):
        evaluate(sower, absent)
    with pytest.raises(PredicateError, match="is not in sower_seed_token"):
        can_force(sower, "B", absent["possible"])


LINGERING_ONLY = """\
title: 墓地を離れたヴェーラーの無効が残る局面（自作）
description: >-
  Bのヴェーラーはすでに除外されて盤面の記録にはなく、ホルスLV６を無効にする効果だけが残っている。
ruleset: ocg-2011
turn_player: A
players:
  A:
    field:
      - {name: ホルスの黒炎竜 LV６, tags: [destroyed_monster_by_battle]}
    deck: [ホルスの黒炎竜 LV８]
  B:
    hand: [ブラッド・ヴォルス]
lingering:
  - {source: エフェクト・ヴェーラー, controller: B, target: ホルスの黒炎竜 LV６, effect: negate}
"""


def test_the_source_of_a_lingering_effect_in_no_zone_is_answered(tmp_path: Path) -> None:
    path = tmp_path / "veiler_effect_only.yaml"
    path.write_text(LINGERING_ONLY, encoding="utf-8")
    only = load_scenario(path)
    assert ask(only, {"possible": {"event": "effect_ended", "card": "Effect Veiler"}}, why=False).answer == "yes"
    assert "is not in veiler_effect_only" in _refusal(only, {"possible": {"event": "activated", "card": "サイクロン"}})


# A zone predicate can only ever hold for a card the board holds: the board is set up from the scenario's
# zones and no card enters one from outside it. A token is recorded by the event of its summon, and an
# effect's source in no zone stays in none: asked in a zone, each is refused, never answered "no".


def test_a_token_asked_in_a_zone_is_refused_and_pointed_at_its_event(sower: object) -> None:
    message = _refusal(sower, {"possible": {"zone": "field", "card": SEED_TOKEN}})
    assert message.startswith(f"question: 「{SEED_TOKEN}」 is never in a zone of sower_seed_token: ")
    assert f"{{event: special_summoned, card: {SEED_TOKEN}}}" in message and "\n" not in message
    under_not = {"always": {"not": {"any": [{"zone": "graveyard", "card": SEED_TOKEN}, {"loop": True}]}}}
    assert "is never in a zone of sower_seed_token" in _refusal(sower, under_not)  # a silent "yes" under not
    with pytest.raises(PredicateError, match="is never in a zone of sower_seed_token"):
        evaluate(sower, {"possible": {"zone": "field", "card": SEED_TOKEN}})
    with pytest.raises(PredicateError, match="is never in a zone of sower_seed_token"):
        can_force(sower, "A", {"zone": "field", "card": SEED_TOKEN})
    with pytest.raises(CheckError, match=r"^check\.and\[1\]: .* is never in a zone of sower_seed_token"):
        run_check(parse_check({"and": [{"possible": {"loop": False}},
                                       {"always": {"not": {"zone": "field", "card": SEED_TOKEN}}}]}),
                  {"sower.yaml": sower})


def test_a_card_of_the_scenario_asked_in_a_zone_is_answered(sower: object) -> None:
    assert ask(sower, {"possible": {"zone": "graveyard", "card": "Test Fluff Sower"}}, why=False).answer == "yes"
    assert ask(sower, {"possible": {"zone": "deck", "card": "サイクロン"}}, why=False).answer == "no"


def test_a_lingering_source_in_no_zone_asked_in_a_zone_is_refused(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "veiler_effect_only.yaml"
    path.write_text(LINGERING_ONLY, encoding="utf-8")
    only = load_scenario(path)
    message = _refusal(only, {"possible": {"zone": "banished", "card": "Effect Veiler"}})
    assert "「エフェクト・ヴェーラー」 (Effect Veiler) is never in a zone of veiler_effect_only: " in message
    assert main(["ask", str(path), "{possible: {zone: graveyard, card: エフェクト・ヴェーラー}}", "--no-why"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is never in a zone of veiler_effect_only" in err and "Traceback" not in err


def test_duel_masters_a_flipped_side_may_be_in_a_zone_a_lingering_source_never(flip: object, tmp_path: Path) -> None:
    assert ask(flip, {"possible": {"zone": "battle_zone", "card": "極・魔壊王 デスゴロス"}}, why=False).answer == "yes"
    assert ask(flip, {"possible": {"zone": "graveyard", "card": "グルジェ・グルジェ"}}, why=False).answer == "yes"
    path = tmp_path / "moffle_effect_only.yaml"
    path.write_text(MOFFLE_EFFECT_ONLY, encoding="utf-8")
    only = load_scenario(path)
    assert ask(only, {"possible": {"event": "effect_ended", "card": "夢見がちモッフル"}}, why=False).answer == "yes"
    message = _refusal(only, {"possible": {"zone": "battle_zone", "card": "夢見がちモッフル"}})
    assert "「夢見がちモッフル」 is never in a zone of moffle_effect_only: " in message


MOFFLE_EFFECT_ONLY = """\
game: duel_masters
title: 効果だけが残るモッフル（自作）
turn_player: A
players:
  A:
    battle_zone: [{name: 黒神龍ザンジバル, tags: [summoned_this_turn]}]
  B:
    battle_zone: [{name: （クリーチャー）, power: 2000}]
lingering:
  - {source: 夢見がちモッフル, controller: B, effect: power_plus_4000, duration: during_opponents_turn}
"""


def test_a_card_a_without_can_never_name_is_refused(sower: object) -> None:
    order = [{"event": "sent_to_gy", "card": SOWER}, {"event": "special_summoned", "card": SEED_TOKEN}]
    kept = {"possible_order": order, "without": {"event": "activated", "card": "サイクロン"}}
    assert ask(sower, kept, why=False).answer == "yes"
    never = {"possible_order": order, "without": {"event": "activated", "card": "エフェクト・ヴェーラー"}}
    assert "is not in sower_seed_token: no event of it can name that card" in _refusal(sower, never)
    with pytest.raises(CheckError, match=r"^check: 「エフェクト・ヴェーラー」 .* is not in sower_seed_token"):
        run_check(parse_check(never), {"sower.yaml": sower})

"""Every shipped worked example (datasets/scenarios/*.yaml) resolves under its
date's rules with the answer its ruling gives.

One test per worked example, named after its file. Answers are asked as the
quantified queries issue 4 uses (``possible``, ``always``, ``default``,
``force:TP`` ...), so a test fails if the engine or a card behaviour gives
another answer. Where the model (not a ruling) decides, the test says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from toolkit.engine import (
    Activate,
    Event,
    Pass,
    Perform,
    Respond,
    State,
    apply,
    evaluate,
    explore,
    initial_state,
    legal_actions,
    resolve,
)
from toolkit.ocg.scenario import Scenario, list_seed_scenarios, seed_scenario
from toolkit.ocg.values import Zone

VEILER = "エフェクト・ヴェーラー"
CYCLONE = "サイクロン"


def scenario(name: str, on: str | None = None) -> Scenario:
    s = seed_scenario(name)
    return s.at(on) if on is not None else s


def holds(name: str, query: Mapping[str, Any], *, on: str | None = None) -> bool:
    return evaluate(scenario(name, on), query).value


def activated(card: str, **extra: Any) -> dict[str, Any]:
    return {"event": "activated", "card": card, **extra}


def default_events(name: str, on: str | None = None) -> list[Event]:
    """The events of the default line (both pass whenever they may), in order."""
    return [e for step in resolve(scenario(name, on)).steps for e in step.events]


def first_index(events: list[Event], kind: str, card: str | None = None) -> int:
    for i, e in enumerate(events):
        if e.kind == kind and (card is None or e.card == card):
            return i
    raise AssertionError(f"no {kind} {card or ''} in {events}")


def reachable(start: State, limit: int = 50_000) -> Iterator[State]:
    """Every position reachable from ``start`` (each once)."""
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        yield state
        for action in legal_actions(state):
            child = apply(state, action)
            if child not in seen:
                seen.add(child)
                assert len(seen) <= limit, "position budget exceeded"
                stack.append(child)


def offers(state: State, card: str) -> bool:
    return any(
        isinstance(a, (Activate, Respond)) and a.effect.startswith(card) for a in legal_actions(state)
    )


# --------------------------------------------------------------------------
# Every file: loads, validates and plays to the end without error
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", list_seed_scenarios())
def test_every_seed_scenario_resolves_and_explores(name: str) -> None:
    s = seed_scenario(name)
    line = resolve(s)
    assert line.final.is_over or line.loop is not None
    found = explore(s)
    assert found.total_lines >= 1 and found.outcomes
    assert any(o.outcome == line.outcome for o in found.outcomes), "the default line is one of the explored outcomes"


def test_every_worked_example_has_a_test_here() -> None:
    # ``q_*`` files are per-question positions run by the ruling checks (toolkit.history).
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    missing = [n for n in list_seed_scenarios() if n not in tested and not n.startswith("q_")]
    assert not missing, f"worked examples without a test: {missing}"


# --------------------------------------------------------------------------
# Seed 003: the 2011 rules
# --------------------------------------------------------------------------


def test_lyla_veiler_2011() -> None:
    # Both keep passing: Lyla's mandatory mill comes first, while negated.
    assert holds("lyla_veiler_2011", {"default": {"not": {"event": "milled"}}})
    events = default_events("lyla_veiler_2011")
    assert first_index(events, "negated", "ライトロード・マジシャン ライラ") < first_index(events, "effect_ended", VEILER)
    # ... and the Veiler player can make sure of it.
    assert holds("lyla_veiler_2011", {"force:NTP": {"not": {"event": "milled"}}})
    # Under today's text the negation lasts the whole turn: never milled.
    assert not holds("lyla_veiler_2011", {"possible": {"event": "milled"}}, on="2015-01-01")


def test_horus_lv6_veiler_2011() -> None:
    summoned = {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}
    assert holds("horus_lv6_veiler_2011", {"force:TP": summoned})
    # The default line (both pass) never uses the optional effect.
    assert holds("horus_lv6_veiler_2011", {"default": {"not": summoned}})


def test_horus_lv6_veiler_2015() -> None:
    summoned = {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}
    assert not holds("horus_lv6_veiler_2015", {"possible": summoned})
    assert holds("horus_lv6_veiler_2015", {"possible": summoned}, on="2014-07-09"), "the day before the errata"


# --------------------------------------------------------------------------
# Seed 000: order and priority
# --------------------------------------------------------------------------


def test_tsukuyomi_asura_vs_yamata_hino() -> None:
    events = default_events("tsukuyomi_asura_vs_yamata_hino")
    returns = [e.card for e in events if e.kind == "returned_to_hand"]
    assert set(returns[:2]) == {"月読命", "阿修羅"} and set(returns[2:]) == {"八俣大蛇", "火之迦具土"}
    found = explore(scenario("tsukuyomi_asura_vs_yamata_hino"))
    assert len(found.outcomes) == 1, "every order ends in the same position"


def test_mist_archfiend_enemy_controller() -> None:
    name = "mist_archfiend_enemy_controller"
    assert holds(name, {"possible": {"event": "damage", "player": "B", "amount": 1000}})
    assert holds(name, {"possible": {"event": "damage", "player": "A", "amount": 1000}})
    # Both processes are B's: B chooses the order, so B decides who is burned.
    assert holds(name, {"force:B": {"event": "damage", "player": "A"}})
    assert not holds(name, {"force:A": {"event": "damage", "player": "B"}})


def test_rekindling_iron_wall_provisions() -> None:
    name = "rekindling_iron_wall_provisions"
    banished = {"zone": "banished", "card": "フレムベル・ヘルドッグ"}
    assert holds(name, {"force:TP": banished})
    assert holds(name, {"force:TP": {"zone": "field", "card": "フレムベル・ヘルドッグ"}})
    assert holds(name, {"default": {"event": "banish_prevented", "card": "フレムベル・ヘルドッグ"}})


def test_priority_mandatory_pass_2019() -> None:
    start = initial_state(scenario("priority_mandatory_pass_2019"))
    assert any(p.mandatory for p in start.pending_of("A"))
    first = legal_actions(start)
    assert Pass() in first, "holding a mandatory process, the turn player may still pass"
    after_ntp = apply(start, Pass())
    assert offers(after_ntp, CYCLONE), "the opponent may use the pass to activate a quick effect"
    both = apply(after_ntp, Pass())
    forced = legal_actions(both)
    assert forced and all(isinstance(a, Perform) for a in forced)
    assert Pass() not in forced


def test_cyclone_on_end_declaration() -> None:
    start = initial_state(scenario("cyclone_on_end_declaration"))
    assert not offers(start, CYCLONE), "the turn player has priority first"
    declared = apply(start, Pass())
    assert declared.acting_player == "B" and offers(declared, CYCLONE)
    assert holds("cyclone_on_end_declaration", {"force:NTP": {"event": "destroyed", "card": "生還の宝札"}})


# --------------------------------------------------------------------------
# The pre-errata ordering game (X3)
# --------------------------------------------------------------------------


def test_arcana_force_ohka_veiler_2012() -> None:
    name = "arcana_force_ohka_veiler_2012"
    events = default_events(name)
    ohka = [i for i, e in enumerate(events) if e.kind == "sent_to_gy" and e.card == "光神機−桜火"]
    assert len(ohka) == 2 and max(ohka) < first_index(events, "effect_ended", VEILER)
    world = "アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ"
    assert holds(name, {"force:TP": activated(world)})
    assert holds(name, {"force:TP": {"event": "turn_skipped", "player": "B"}})


def test_darklord_zerato_veiler_2012() -> None:
    zerato_destroyed = {"event": "destroyed", "card": "堕天使ゼラート"}
    assert holds("darklord_zerato_veiler_2012", {"force:TP": {"not": zerato_destroyed}})
    # Without the Veilers' negation the self-destructs happen on every line.
    bare = dataclasses.replace(scenario("darklord_zerato_veiler_2012"), lingering=())
    assert evaluate(bare, {"always": zerato_destroyed}).value


def test_justice_of_prophecy_veiler_2013() -> None:
    name = "justice_of_prophecy_veiler_2013"
    events = default_events(name)
    assert first_index(events, "effect_ended", VEILER) >= 0
    assert holds(name, {"force:TP": activated("魔導教士 システィ")})
    assert holds(name, {"force:TP": {"zone": "hand", "card": "魔導法士 ジュノン"}})
    # After the errata the negation outlasts the End Phase: no Systie.
    assert not holds(name, {"possible": activated("魔導教士 システィ")}, on="2014-07-10")


# --------------------------------------------------------------------------
# The hand-size adjustment (H1-H5)
# --------------------------------------------------------------------------


def test_peten_adjustment_2013() -> None:
    assert holds("peten_adjustment_2013", {"possible": activated("闇・道化師のペーテン")})
    assert not holds("peten_adjustment_2013", {"possible": activated("闇・道化師のペーテン")}, on="2008-01-01")


def test_manticore_adjustment_2013() -> None:
    assert not holds("manticore_adjustment_2013", {"possible": activated("暗黒のマンティコア")})


def test_hysteric_sign_adjustment_2013() -> None:
    name = "hysteric_sign_adjustment_2013"
    assert holds(name, {"possible": activated("ヒステリック・サイン")})
    # Sign adds Harpie cards: the hand grows and is adjusted again (H4).
    assert holds(name, {"always": {"hand": "TP", "at_most": 6}})


def test_hysteric_sign_adjustment_2016() -> None:
    assert not holds("hysteric_sign_adjustment_2016", {"possible": activated("ヒステリック・サイン")})


def test_catsith_hysteric_sign_2013() -> None:
    name = "catsith_hysteric_sign_2013"
    assert holds(name, {"possible": {"all": [activated("魔轟神獣キャシー"), activated("ヒステリック・サイン")]}})


def test_catsith_hysteric_sign_2017() -> None:
    name = "catsith_hysteric_sign_2017"
    assert holds(name, {"possible": {"event": "destroyed", "card": "ヒステリック・サイン"}})
    assert not holds(name, {"possible": activated("ヒステリック・サイン")})


def test_catsith_tg_striker_2015() -> None:
    name = "catsith_tg_striker_2015"
    assert holds(name, {"possible": {"event": "destroyed", "card": "ＴＧ ストライカー"}})
    assert not holds(name, {"possible": activated("ＴＧ ストライカー")})
    assert not holds(name, {"possible": activated("ＴＧ ストライカー")}, on="2013-03-30"), "optional: never"


def test_catsith_peten_2013() -> None:
    assert holds("catsith_peten_2013", {"possible": activated("闇・道化師のペーテン")})
    assert not holds("catsith_peten_2013", {"possible": activated("闇・道化師のペーテン")}, on="2023-01-16")


def test_grimoire_ipiria_2023() -> None:
    name = "grimoire_ipiria_2023"
    assert holds(name, {"possible": {"event": "special_summoned", "card": "イピリア"}})
    assert not holds(name, {"possible": activated("イピリア")})


def test_grimoire_ipiria_2014() -> None:
    name = "grimoire_ipiria_2014"
    assert holds(name, {"possible": activated("イピリア")})
    # Ipiria's draw refills the hand to 7, so it is adjusted again (H4).
    assert holds(name, {"always": {"hand": "TP", "at_most": 6}})
    assert holds(name, {"possible": {"all": [activated("イピリア"), {"event": "hand_adjusted", "amount": 1}]}})


def test_kelbek_merrli_2023() -> None:
    name = "kelbek_merrli_2023"
    assert holds(name, {"possible": activated("古尖兵ケルベク")})
    assert holds(name, {"possible": {"zone": "graveyard", "card": "ティアラメンツ・メイルゥ"}})
    assert not holds(name, {"possible": activated("ティアラメンツ・メイルゥ")})
    assert holds(name, {"possible": activated("ティアラメンツ・メイルゥ")}, on="2022-12-31")


def test_grimoire_red_gadget_drop_off_2014() -> None:
    name = "grimoire_red_gadget_drop_off_2014"
    assert holds(name, {"possible": {"event": "added_to_hand", "card": "イエロー・ガジェット"}})
    assert not holds(name, {"possible": activated("強烈なはたき落とし")})


def test_grimoire_torrential_2014() -> None:
    name = "grimoire_torrential_2014"
    assert holds(name, {"possible": activated("激流葬")})
    assert holds(name, {"possible": activated("強制脱出装置")})
    # Only chained to Ipiria's effect: wherever Torrential is offered, Ipiria's link is on the chain.
    for state in reachable(initial_state(scenario(name))):
        if offers(state, "激流葬"):
            assert state.chain and any(link.name == "イピリア" for link in state.chain)
    # Today Ipiria's effect is not activated, so there is nothing to chain to.
    assert not holds(name, {"possible": activated("激流葬")}, on="2023-01-16")


def test_grimoire_no_effect_torrential_2014() -> None:
    name = "grimoire_no_effect_torrential_2014"
    assert holds(name, {"possible": {"event": "special_summoned", "card": "ブラッド・ヴォルス"}})
    assert not holds(name, {"possible": {"any": [activated("激流葬"), activated("強制脱出装置")]}})


def test_grimoire_compulsory_cyclone_2014() -> None:
    name = "grimoire_compulsory_cyclone_2014"
    bounce = {"all": [activated("強制脱出装置"), {"event": "returned_to_hand", "card": "イピリア"}]}
    assert holds(name, {"possible": bounce})
    # Between the bounce and the second adjustment B gets no chance to activate Cyclone.
    checked = 0
    for state in reachable(initial_state(scenario(name))):
        bounced = any(c.name == "イピリア" for c in state.cards_in("A", Zone.HAND))
        if state.adjusted and bounced and state.hand_size("A") > 6 and not state.chain:
            checked += 1
            assert not offers(state, CYCLONE), state.describe()
            assert state.step.name in ("ADJUST", "TRIGGERS"), state.describe()
    assert checked


def test_card_of_safe_return_readjust_2008() -> None:
    """08/08/03 (H4) on its own date: Grimoire's post-adjustment summon lets
    Card of Safe Return draw, and the grown hand is adjusted again. The ruling
    is what dates the H2 flag (adjustment triggers activate) at 2008-08-03."""
    name = "card_of_safe_return_readjust_2008"
    drew_then_readjust = {"all": [activated("生還の宝札"), {"event": "hand_adjusted", "amount": 1}]}
    assert holds(name, {"possible": drew_then_readjust}, on="2008-08-03")
    # the day before, triggers met by the adjustment could not be activated
    assert not holds(name, {"possible": drew_then_readjust}, on="2008-08-02")


def test_card_of_safe_return_readjust_2008_on_its_own_date() -> None:
    drew_then_readjust = {"all": [activated("生還の宝札"), {"event": "hand_adjusted", "amount": 1}]}
    assert holds("card_of_safe_return_readjust_2008", {"possible": drew_then_readjust})


def test_worm_beast_grimoire_loop_2013() -> None:
    name = "worm_beast_grimoire_loop_2013"
    assert holds(name, {"possible": "loop"})
    found = explore(scenario(name))
    assert found.loops and all(o.outcome.has("loop") for o in found.loops)
    assert holds(name, {"default": {"not": "loop"}}), "Grimoire is optional: the default line declines it"


def test_worm_beast_grimoire_today() -> None:
    assert not holds("worm_beast_grimoire_today", {"possible": "loop"})
    assert holds("worm_beast_grimoire_today", {"possible": {"zone": "field", "card": "邪悪なるワーム・ビースト"}})


def test_quick_effect_after_adjustment_2012() -> None:
    name = "quick_effect_after_adjustment_2012"
    start = initial_state(scenario(name))
    assert offers(apply(start, Pass()), CYCLONE), "before the adjustment B may use it"
    checked = 0
    for state in reachable(start):
        if state.adjusted:
            checked += 1
            assert not offers(state, CYCLONE), state.describe()
    assert checked


def _chaining_offered(name: str, trigger_card: str) -> bool:
    for state in reachable(initial_state(scenario(name))):
        if state.adjusted and state.chain and state.chain[0].name == trigger_card and offers(state, CYCLONE):
            return True
    return False


def test_chain_to_dandelion_2012() -> None:
    assert _chaining_offered("chain_to_dandelion_2012", "ダンディライオン")
    assert holds("chain_to_dandelion_2012", {"possible": {"event": "special_summoned", "card": "綿毛トークン"}})


def test_chain_to_grimoire_2012() -> None:
    assert _chaining_offered("chain_to_grimoire_2012", "暗黒界の書物")
    assert not _chaining_offered("chain_to_grimoire_2012", "ブラッド・ヴォルス")


# --------------------------------------------------------------------------
# The end of the turn (E1)
# --------------------------------------------------------------------------

FARFA = "彼岸の悪鬼 ファーファレル"


def test_farfa_chalice_macro_cosmos_2017() -> None:
    name = "farfa_chalice_macro_cosmos_2017"
    assert holds(name, {"always": {"all": [{"zone": "banished", "card": FARFA}, {"not": activated(FARFA)}]}})


def test_farfa_chalice_skull_invitation_2017() -> None:
    assert holds("farfa_chalice_skull_invitation_2017", {"always": {"life": "A", "equals": 7700}})
    assert not holds("farfa_chalice_skull_invitation_2017", {"possible": activated(FARFA)})


def test_farfa_skull_invitation_pikeru_2017() -> None:
    assert holds("farfa_skull_invitation_pikeru_2017", {"always": {"event": "damage", "player": "A", "amount": 300}})


def test_farfa_skull_invitation_des_wombat_2017() -> None:
    name = "farfa_skull_invitation_des_wombat_2017"
    assert holds(name, {"always": {"all": [{"life": "A", "equals": 8000}, {"event": "damage_prevented", "player": "A"}]}})


def test_graff_breakthrough_skill_2015() -> None:
    graff = "彼岸の悪鬼 グラバースニッチ"
    assert holds("graff_breakthrough_skill_2015", {"possible": activated(graff)})
    # Graff's effect summons Farfa, which destroys itself at once (a non-「彼岸」 monster is there).
    assert holds("graff_breakthrough_skill_2015", {"possible": {"event": "special_summoned", "card": FARFA}})


def test_graff_breakthrough_skill_2017() -> None:
    graff = "彼岸の悪鬼 グラバースニッチ"
    assert holds("graff_breakthrough_skill_2017", {"always": {"event": "destroyed", "card": graff}})
    assert not holds("graff_breakthrough_skill_2017", {"possible": activated(graff)})


def test_graff_perfect_ace_2015() -> None:
    # Konami's answer was "under review": this pins the MODEL's reading
    # (nothing may respond to a trigger activated as the turn ends), not a ruling.
    name = "graff_perfect_ace_2015"
    assert holds(name, {"possible": activated("彼岸の悪鬼 グラバースニッチ")})
    assert not holds(name, {"possible": {"event": "activated", "card": "Ｕ.Ａ.パーフェクトエース"}})


# --------------------------------------------------------------------------
# Seed 002: phase transitions (P1–P3); the video-game positions (V1)
# --------------------------------------------------------------------------

FROG = "黄泉ガエル"
WARWOLF = "漆黒の戦士 ワーウルフ"


def test_p_treeborn_frog_virus_standby() -> None:
    name = "p_treeborn_frog_virus_standby"
    revived_again = {"all": [{"event": "destroyed", "card": FROG}, activated(FROG)]}
    assert holds(name, {"possible": revived_again})
    # B's only way to keep the Frog down is to wait: the Virus after the Standby Phase.
    assert holds(name, {"force:NTP": {"all": [{"event": "destroyed", "card": FROG}, {"not": activated(FROG)}]}})
    assert not evaluate(scenario(name), {"possible": revived_again}, ruleset="video_game").value


def test_p_warwolf_zero_gravity_main() -> None:
    name = "p_warwolf_zero_gravity_main"
    damage = {"event": "damage", "player": "NTP", "amount": 2000}
    assert holds(name, {"force:TP": damage})
    assert not evaluate(scenario(name), {"force:TP": damage}, ruleset="video_game").value
    assert evaluate(scenario(name), {"force:NTP": {"not": damage}}, ruleset="video_game").value


def test_p_treeborn_frog_standby_pass() -> None:
    name = "p_treeborn_frog_standby_pass"
    assert holds(name, {"possible": activated(FROG)})  # performed before passing
    assert not holds(name, {"default": activated(FROG)})  # both pass: the phase (and the chance) ends
    phases = [e.detail for e in default_events(name) if e.kind == "phase_started"]
    assert phases == ["main1", "battle", "main2", "end"]


def test_p_main_phase_both_pass() -> None:
    name = "p_main_phase_both_pass"
    assert holds(name, {"possible": {"event": "phase_started", "detail": "battle"}})
    assert holds(name, {"possible": {"event": "phase_started", "detail": "end"}})
    assert holds(name, {"force:TP": {"event": "damage", "player": "NTP", "amount": 2000}})


def test_vg_world_ohka_order() -> None:
    name = "vg_world_ohka_order"
    others_stay = {"all": [{"event": "turn_skipped"}, {"zone": "field", "card": "ブラッド・ヴォルス"},
                           {"zone": "field", "card": "ジェネティック・ワーウルフ"}]}
    assert holds(name, {"possible": others_stay})
    assert not evaluate(scenario(name), {"possible": others_stay}, ruleset="video_game").value
    assert evaluate(scenario(name), {"possible": {"event": "turn_skipped"}}, ruleset="video_game").value


# --------------------------------------------------------------------------
# The End Phase cards written as a user would (issue 29): each scenario's
# hand-checked question (tests/test_written_cards.py holds them with their
# counterfactuals); here, each also answers as checked under the rules of
# 2012-01-01, before the 2014 errata and the 2016 H5 change (none of them turns
# on those).
# --------------------------------------------------------------------------


def _written(name: str) -> None:
    from tests.test_written_cards import CASES
    from toolkit.history.asking import ask

    question, expected, _change, _what = CASES[name]
    for day in ("2012-01-01", "2024-01-01"):
        assert ask(scenario(name), question, day, why=False).answer == expected, day


def test_titaniklad_ecclesia_end_phase() -> None:
    _written("titaniklad_ecclesia_end_phase")


def test_return_from_dd_scout_plane() -> None:
    _written("return_from_dd_scout_plane")


def test_dd_scout_plane_banished_face_up() -> None:
    _written("dd_scout_plane_banished_face_up")


def test_infinite_cards_no_adjustment() -> None:
    _written("infinite_cards_no_adjustment")


def test_swords_of_revealing_light_third_turn() -> None:
    _written("swords_of_revealing_light_third_turn")


def test_yubel_tribute_or_destroy() -> None:
    _written("yubel_tribute_or_destroy")


def test_koakimeiru_drago_maintenance() -> None:
    _written("koakimeiru_drago_maintenance")


def test_yata_garasu_returns() -> None:
    _written("yata_garasu_returns")


def test_card_of_demise_hand_to_gy() -> None:
    _written("card_of_demise_hand_to_gy")


def test_thor_revives_in_the_end_phase() -> None:
    _written("thor_revives_in_the_end_phase")


def test_lightsworn_mills_end_phase() -> None:
    _written("lightsworn_mills_end_phase")


def test_rescue_rabbit_end_phase() -> None:
    _written("rescue_rabbit_end_phase")


def test_emergency_teleport_banish() -> None:
    _written("emergency_teleport_banish")


def test_divine_wrath_own_link() -> None:
    _written("divine_wrath_own_link")


# --------------------------------------------------------------------------
# Answers of 2011-06-08 outside the source pages: negated activation vs negated effect (R8b, R8)
# --------------------------------------------------------------------------


def test_light_and_darkness_dragon_spirit_2011() -> None:
    name = "light_and_darkness_dragon_spirit_2011"
    assert holds(name, {"always": {"event": "returned_to_hand", "card": "月読命"}})  # activated until it resolves
    assert holds(name, {"possible": {"event": "negated", "card": "月読命", "by": "光と闇の竜"}})
    assert [e.kind for e in default_events(name)].count("negated") == 4  # DEF 2400: four payments of 500


def test_skill_drain_spirit_2011() -> None:
    name = "skill_drain_spirit_2011"
    assert holds(name, {"always": {"all": [{"event": "negated", "card": "月読命", "by": "スキルドレイン"},
                                           {"zone": "field", "card": "月読命"}]}})
    assert [e.kind for e in default_events(name)].count("activated") == 1  # its effect negated: done once

"""The video-game ruleset (spec §6): one test per rule V1, V2 — and the ordering
function as the one replaceable assumption."""

from __future__ import annotations

from card_play import draft, moves, play, start

from toolkit.engine import Actor, Step, evaluate, explore, initial_state, legal_actions, transition
from toolkit.ocg.rulesets import RULESETS, VIDEO_GAME, get_ruleset
from toolkit.ocg.scenario import seed_scenario
from toolkit.ocg.state import Phase
from toolkit.ocg.video_game import reversed_kind_order, system_head, video_game_process_order

WORLD = "アルカナフォースＸＸＩ−ＴＨＥ ＷＯＲＬＤ"
OHKA = "光神機−桜火"
FROG = "黄泉ガエル"
VIRUS = "魔のデッキ破壊ウイルス"
VG = RULESETS[VIDEO_GAME]


def world(ruleset: object = VIDEO_GAME):  # type: ignore[no-untyped-def]
    return initial_state(seed_scenario("vg_world_ohka_order"), ruleset=ruleset)  # type: ignore[arg-type]


# --- V1: the system orders the End Phase processes --------------------------


def test_v1_the_system_hands_out_processes_in_its_order() -> None:
    state = world()
    assert state.step is Step.FORCED and state.actor is Actor.FORCED and state.acting_player == "A"
    assert moves(state) == [f"Perform('{OHKA}#1: send itself to the GY')"], "mandatory first, no Pass"
    state, _ = play(state, f"Perform('{OHKA}#1")
    assert moves(state) == [f"Perform('{OHKA}#2: send itself to the GY')"]
    state, _ = play(state, f"Perform('{OHKA}#2")
    # the optional process comes last: perform it (paying with what is left) or decline it
    assert moves(state) == ["Pass()", f"Perform(\"{WORLD}: skip the opponent's next turn\", "
                                      f"cost=('ブラッド・ヴォルス', 'ジェネティック・ワーウルフ'))"]
    declined, _ = play(state, "Pass()")
    assert declined.step is Step.OPEN and not declined.pending, "a declined process is gone"
    assert declined.priority == "A", "the open game state starts with the turn player"


def test_v1_players_cannot_pick_another_order() -> None:
    ocg = world("ocg")
    assert any(m.startswith(f"Perform(\"{WORLD}") for m in moves(ocg)), "in the OCG The World may go first"
    others_stay = {"all": [{"event": "turn_skipped"}, {"zone": "field", "card": "ブラッド・ヴォルス"}]}
    assert evaluate(ocg, {"possible": others_stay}).value
    assert not evaluate(world(), {"possible": others_stay}).value


def test_v1_no_quick_effect_before_a_process_without_a_chain_link() -> None:
    # 13/03/24: in the OCG Emergency Provisions may come first and the monster is banished
    rekindling = seed_scenario("rekindling_iron_wall_provisions")
    banished = {"possible": {"event": "banished", "card": "フレムベル・ヘルドッグ"}}
    assert evaluate(rekindling, banished, ruleset="ocg").value
    assert not evaluate(rekindling, banished, ruleset=VIDEO_GAME).value
    start_state = initial_state(rekindling, ruleset=VIDEO_GAME)
    assert start_state.step is Step.FORCED and not any(m.startswith("Activate") for m in moves(start_state))


def test_v1_the_ordering_is_one_replaceable_function() -> None:
    assert VG.process_order is video_game_process_order
    reversed_rules = VG.with_flags(process_order=reversed_kind_order, name="video_game/reversed kinds")
    state = world(reversed_rules)
    assert [m[:30] for m in moves(state)][0].startswith("Pass()"), "The World (optional) now comes first"
    assert any(m.startswith(f"Perform(\"{WORLD}") for m in moves(state))
    others_stay = {"all": [{"event": "turn_skipped"}, {"zone": "field", "card": "ブラッド・ヴォルス"}]}
    assert evaluate(world(reversed_rules), {"possible": others_stay}).value
    assert VG.with_flags(process_order=reversed_kind_order).name.endswith("process_order=reversed_kind_order")


def test_v1_an_optional_process_that_cannot_be_performed_is_passed_by() -> None:
    # 2011 texts with a system order: Horus LV6's optional process comes first
    # (the turn player's), but Veiler still negates it — the system passes it by, for good
    horus = seed_scenario("horus_lv6_veiler_2011")
    rules = get_ruleset("ocg-2011").with_flags(process_order=video_game_process_order, name="video_game@2011")
    state = initial_state(horus, ruleset=rules)
    assert state.acting_player == "B" and moves(state) == [
        "Perform('エフェクト・ヴェーラー: end negation until the End Phase on ホルスの黒炎竜 LV６')"]
    assert [p.controller for p in state.pending] == ["B"] and len(state.done) == 1
    level_up = {"possible": {"event": "special_summoned", "card": "ホルスの黒炎竜 LV８"}}
    assert not evaluate(state, level_up).value
    assert evaluate(horus, level_up).value, "in the OCG of 2011 Horus waits for the negation to end (seed 003)"


def test_v1_turn_players_processes_before_the_opponents() -> None:
    mist = initial_state(seed_scenario("mist_archfiend_enemy_controller"), ruleset=VIDEO_GAME)
    head = system_head(mist)
    assert head is not None and head.controller == "B" and head.label.startswith("ミストデーモン")
    found = explore(seed_scenario("mist_archfiend_enemy_controller"), ruleset=VIDEO_GAME)
    assert len(found.outcomes) == 1
    assert len(explore(seed_scenario("mist_archfiend_enemy_controller"), ruleset="ocg").outcomes) == 2


# --- V2: after a response to the declaration the game moves on --------------


def test_v2_the_phase_moves_on_after_a_response() -> None:
    state = initial_state(seed_scenario("p_treeborn_frog_virus_standby"), ruleset=VIDEO_GAME)
    answered = state
    for text in ("Pass()", f"Activate('{VIRUS}'"):
        answered, _ = play(answered, text)
    assert answered.phase is Phase.MAIN1 and answered.priority == "A"
    result = transition(*_last_step(state))
    assert any(n.rule == "V2" for n in result.notes)
    assert not any(FROG in m for m in moves(answered))


def _last_step(state):  # type: ignore[no-untyped-def]
    declared, _ = play(state, "Pass()")
    action = next(a for a in legal_actions(declared) if repr(a).startswith(f"Activate('{VIRUS}'"))
    return declared, action


def test_v2_in_the_end_phase_the_turn_ends_after_end_phase_cyclone() -> None:
    d = (draft().under(VIDEO_GAME).field("A", ["生還の宝札", "サイクロン"])
         .field("B", [{"name": "サイクロン", "position": "set"}]))
    answered, _ = play(start(d), "Pass()", "Activate('サイクロン', target='生還の宝札')")
    assert answered.step is Step.TURN_END or answered.adjusted, "no priority back to the turn player"
    ocg, _ = play(start(d.under("ocg")), "Pass()", "Activate('サイクロン', target='生還の宝札')")
    assert ocg.step is Step.OPEN and ocg.priority == "A" and not ocg.adjusted


def test_v2_mandatory_processes_are_still_done_after_moving_on() -> None:
    # End-Phase Cyclone on a face-up Hysteric Sign: Sign now has a mandatory End Phase process
    d = (draft().under(VIDEO_GAME).field("A", ["ヒステリック・サイン"])
         .deck("A", ["ハーピィ・レディ"]).field("B", [{"name": "サイクロン", "position": "set"}]))
    answered, _ = play(start(d), "Pass()", "Activate('サイクロン', target='ヒステリック・サイン')")
    assert answered.step is Step.FORCED and answered.acting_player == "A", "no priority, but the process is done"
    assert moves(answered) == ["Perform('ヒステリック・サイン: add up to 3 Harpie cards')"]
    ocg, _ = play(start(d.under("ocg")), "Pass()", "Activate('サイクロン', target='ヒステリック・サイン')")
    assert ocg.step is Step.OPEN and ocg.priority == "A"

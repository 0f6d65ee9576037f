"""One test per rule of spec §7 (D1–D3), named after it, and per flag of the
Turn End Step rules: the rule holds under seed 004's rules and its
counterfactual gives the other answer (so each test can fail)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from toolkit import explore, resolve
from toolkit.core.actions import Pass, Perform, Proceed
from toolkit.core.game import Actor
from toolkit.duel_masters import DMStep, TurnEndRules, explain, initial_state, legal_actions, seed_scenario, transition
from toolkit.duel_masters.actions import Declare
from toolkit.duel_masters.cards import Declaration, DMBehaviour, Triggered, register, unregister
from toolkit.duel_masters.scenario import scenario_from_dict
from toolkit.history.checks import parse_check, run_check

RULES = TurnEndRules()


def off(flag: str) -> TurnEndRules:
    return RULES.with_flags(**{flag: False})


def answer(name: str, check: dict[str, Any], rules: TurnEndRules = RULES) -> str:
    return run_check(parse_check(check), {name: seed_scenario(name)}, rules).answer


def dm(**top: Any) -> Any:
    return scenario_from_dict({"game": "duel_masters", "title": "test", "turn_player": "A", **top})


# --------------------------------------------------------------------------
# D1: the step comes after the attack step; skipping the rest skips it
# --------------------------------------------------------------------------


def test_d1_attack_step_ends_then_the_turn_end_step_comes() -> None:
    start = initial_state(seed_scenario("dm_the_clock_extra_turn"))
    assert start.step is DMStep.ATTACK and start.acting_player == "A"
    actions = legal_actions(start)
    assert [repr(a) for a in actions] == ["Attack('鬼ヶ王魔 エンド・ジャオウガ')", "Pass()"]
    line = resolve(start, "pass")  # the pass line: no attack, the step comes
    assert [s.rule for s in line.steps][:2] == ["D1", "D2(1)"]
    assert line.outcome.has("destroyed", "鬼ヶ王魔 エンド・ジャオウガ")


def test_attack_step_notes_cite_their_kind_and_ending_the_step_is_d1() -> None:
    state = initial_state(seed_scenario("dm_the_clock_extra_turn"))
    assert state.step is DMStep.ATTACK
    attack = next(a for a in legal_actions(state) if not isinstance(a, Pass))
    assert explain(state, attack).rule == "D1"
    notes = transition(state, attack).notes
    assert notes and {n.rule for n in notes} == {"attack"} and "shield is broken" in notes[0].text
    assert explain(state, Pass()).rule == "D1"


def test_d1_skipping_the_rest_of_the_turn_skips_the_step() -> None:
    check = {"possible": {"all": [{"event": "rest_skipped"}, {"event": "destroyed", "card": "鬼ヶ王魔 エンド・ジャオウガ"}]}}
    assert answer("dm_the_clock_extra_turn", check) == "no"
    assert answer("dm_the_clock_extra_turn", check, off("skip_rest_skips_step")) == "yes"


def test_d1_the_skip_note_names_the_abilities_that_never_trigger() -> None:
    found = explore(seed_scenario("dm_the_clock_extra_turn"))
    skipped = next(o for o in found.outcomes if o.outcome.has("rest_skipped"))
    notes = [n.text for s in skipped.example for n in s.notes if n.rule == "D1"]
    assert any("鬼ヶ王魔 エンド・ジャオウガ: destroy your creatures never triggers" in t for t in notes)


# --------------------------------------------------------------------------
# D2 (1): abilities go waiting as the step comes; what triggered is fixed
# --------------------------------------------------------------------------


def test_d2_1_end_of_turn_abilities_go_waiting_when_the_step_comes() -> None:
    start = initial_state(seed_scenario("dm_gurje_gurje_welcome_hell"))
    assert start.step is DMStep.BEGIN and start.actor is Actor.AUTOMATIC
    assert legal_actions(start) == (Proceed(),)
    first = resolve(start).steps[0]
    waiting = [e for e in first.events if e.kind == "waiting"]
    assert sorted(e.card or "" for e in waiting) == ["グルジェ・グルジェ"] * 4 + ["極魔王殿 ウェルカム・ヘル"]


def test_d2_1_a_triggered_ability_cannot_be_ignored_later() -> None:
    survives = {"possible": {"not": {"event": "destroyed", "card": "オオダテ入道"}}}
    assert answer("dm_oodate_nyudo_oni_time", survives) == "no"
    assert answer("dm_oodate_nyudo_oni_time", survives, off("triggered_cannot_be_ignored")) == "yes"


def test_d2_1_oni_time_already_on_when_the_step_comes_means_no_trigger() -> None:
    s = dm(players={"A": {"battle_zone": [{"name": "オオダテ入道", "tapped": True}],
                          "shields": ["（カード）"] * 3}, "B": {"shields": ["（カード）"] * 3}})
    line = resolve(s)
    assert not line.outcome.has("destroyed", "オオダテ入道")
    assert any("ignored under 鬼タイム" in n.text for n in line.steps[0].notes)


# --------------------------------------------------------------------------
# D2 (2)-(5): declarations and resolution order
# --------------------------------------------------------------------------


def test_d2_2_the_turn_player_declares_before_its_waiting_effects_resolve() -> None:
    state = initial_state(dm(players={"A": {"battle_zone": ["グルジェ・グルジェ", "（魔導具）"],
                                            "hand": ["卍月 ガ・リュザーク 卍"]}}))
    come = transition(state, Proceed()).state
    assert come.step is DMStep.TP_DECLARE and [w.label for w in come.waiting] == ["グルジェ・グルジェ: return destroyed creatures"]
    declare, stop = legal_actions(come)
    assert (repr(declare), stop) == ("Declare('卍月 ガ・リュザーク 卍: 無月の門・絶')", Pass())
    assert explain(come, declare).rule == "D2(2)"
    declared = transition(come, declare).state
    assert [w.label for w in declared.waiting][-1] == "卍月 ガ・リュザーク 卍: 無月の門・絶"
    resolving = transition(declared, Pass()).state
    assert resolving.step is DMStep.TP_RESOLVE
    assert {a.process for a in legal_actions(resolving) if isinstance(a, Perform)} == {
        "グルジェ・グルジェ: return destroyed creatures", "卍月 ガ・リュザーク 卍: 無月の門・絶"}


def test_d2_3_the_turn_player_picks_the_order_of_its_waiting_effects() -> None:
    state = initial_state(seed_scenario("dm_gurje_gurje_welcome_hell"))
    after = transition(state, Proceed()).state
    assert after.step is DMStep.TP_RESOLVE and after.acting_player == "A"
    labels = {a.process for a in legal_actions(after) if isinstance(a, Perform)}
    assert labels == {"極魔王殿 ウェルカム・ヘル: 龍解"} | {f"グルジェ・グルジェ#{i}: return destroyed creatures"
                                                   for i in range(1, 5)}
    assert explain(after, next(iter(legal_actions(after)))).rule == "D2(3)"


def test_d2_4_the_non_turn_player_declares_after_the_turn_players_effects() -> None:
    before = {"possible_order": [{"event": "declared", "card": "ZERO ハンド"},
                                 {"event": "resolved", "card": "天獄の正義 ヘブンズ・ヘブン"}]}
    assert answer("dm_zero_hand_heavens_heaven", before) == "no"
    assert answer("dm_zero_hand_heavens_heaven", before, off("ntp_declares_after_tp")) == "yes"


def test_d2_4_a_card_drawn_during_the_step_can_be_declared() -> None:
    drawn = {"possible": {"all": [{"event": "drew", "card": "ZERO ハンド"}, {"event": "declared", "card": "ZERO ハンド"}]}}
    assert answer("dm_zero_hand_mcguffin", drawn) == "yes"
    assert answer("dm_zero_hand_mcguffin", drawn, off("ntp_declares_after_tp")) == "no"


def test_d2_4_withheld_says_why_the_non_turn_player_waits() -> None:
    from toolkit.duel_masters import withheld

    state = transition(initial_state(seed_scenario("dm_zero_hand_heavens_heaven")), Proceed()).state
    assert state.step is DMStep.TP_RESOLVE
    notes = withheld(state)
    assert [n.rule for n in notes] == ["D2(4)"] and "ZERO ハンド: 侵略ZERO" in notes[0].text


@pytest.fixture
def test_cards() -> Iterator[None]:
    """Two cards for D2 (5): a turn-player creature with a "when destroyed"
    ability, and a non-turn-player spell declared at the end of the opponent's
    turn that destroys one of the opponent's creatures."""

    def destroy_one(board: Any, card: Any) -> None:
        targets = [c for c in board.creatures("A")]
        if targets:
            board.destroy(targets[0].uid)

    def draw(board: Any, card: Any, choice: Any) -> None:
        board.draw(card.owner, 1)

    register(DMBehaviour("テスト・遺言クリーチャー", "creature", "test card",
                         on_destroyed=(Triggered("draw a card", True, draw),)))
    register(DMBehaviour("テスト・除去呪文", "spell", "test card",
                         declarations=(Declaration("除去", "opponents", destroy_one),)))
    try:
        yield
    finally:
        unregister("テスト・遺言クリーチャー")
        unregister("テスト・除去呪文")


def test_d2_5_a_turn_player_trigger_jumps_ahead_of_the_non_turn_players_effects(test_cards: None) -> None:
    s = dm(players={"A": {"battle_zone": ["テスト・遺言クリーチャー"], "deck": ["（カード）"]},
                    "B": {"hand": ["テスト・除去呪文", "テスト・除去呪文"]}})
    late = parse_check({"possible_order": [{"event": "resolved", "card": "テスト・除去呪文"},
                                           {"event": "resolved", "card": "テスト・除去呪文"},
                                           {"event": "drew", "player": "A"}]})
    jump = parse_check({"possible_order": [{"event": "resolved", "card": "テスト・除去呪文"},
                                           {"event": "drew", "player": "A"},
                                           {"event": "resolved", "card": "テスト・除去呪文"}]})
    assert run_check(jump, {"s": s}).answer == "yes"
    assert run_check(late, {"s": s}).answer == "no"
    assert run_check(jump, {"s": s}, off("tp_triggers_jump_ahead")).answer == "no"
    assert run_check(late, {"s": s}, off("tp_triggers_jump_ahead")).answer == "yes"


# --------------------------------------------------------------------------
# D2 (6): durations end after the abilities, with the next turn's start
# --------------------------------------------------------------------------


def test_d2_6_durations_end_only_after_the_end_of_turn_abilities() -> None:
    enters = {"possible": {"event": "entered", "card": "卍月 ガ・リュザーク 卍"}}
    assert answer("dm_ga_ryuzak_kentnark", enters) == "no"
    assert answer("dm_ga_ryuzak_kentnark", enters, off("durations_end_after_abilities")) == "yes"


def test_d2_6_the_next_turn_starts_at_the_same_moment() -> None:
    destroyed = {"possible": {"event": "destroyed", "card": "夢見がちモッフル"}}
    assert answer("dm_moffle_zanjibar", destroyed) == "no"
    assert answer("dm_moffle_zanjibar", destroyed, off("next_turn_starts_at_once")) == "yes"
    final = resolve(seed_scenario("dm_moffle_zanjibar")).final
    assert final.is_over and final.next_turn_player == "B" and not final.lingering


# --------------------------------------------------------------------------
# D3: arrivals and departures during the step
# --------------------------------------------------------------------------


def test_d3_a_card_that_left_does_not_resolve_its_waiting_ability() -> None:
    back = {"possible": {"all": [{"event": "destroyed", "card": "グルジェ・グルジェ"},
                                 {"event": "entered", "card": "グルジェ・グルジェ"}]}}
    assert answer("dm_gurje_gurje_welcome_hell", back) == "no"
    assert answer("dm_gurje_gurje_welcome_hell", back, off("leaving_cancels_waiting")) == "yes"


def test_d3_a_card_that_left_and_came_back_does_not_resolve_it_either() -> None:
    flips = {"possible": {"event": "flipped", "card": "煉獄刃 ヘルフエズ"}}
    assert answer("dm_hellfuez_harridelberg", flips) == "no"
    assert answer("dm_hellfuez_harridelberg", flips, off("leaving_cancels_waiting")) == "yes"


def test_d3_a_condition_is_read_when_the_ability_resolves() -> None:
    flips = {"possible": {"event": "flipped", "card": "煉獄刃 ヘルフエズ"}}
    assert answer("dm_hellfuez_welcome_hell", flips) == "yes"
    assert answer("dm_hellfuez_welcome_hell", flips, off("conditions_read_at_resolution")) == "no"


def test_d3_a_card_arriving_during_the_step_has_no_waiting_ability() -> None:
    draws = {"possible": {"event": "drew", "player": "NTP"}}
    assert answer("dm_d3_arrival_d_switch", draws) == "no"
    assert answer("dm_d3_arrival_d_switch", draws, off("arrivals_do_not_wait")) == "yes"


# --------------------------------------------------------------------------
# The contract shared with the OCG engine
# --------------------------------------------------------------------------


def test_every_flag_has_a_rule_test_that_turns_it_off() -> None:
    """Each flag of the Turn End Step rules is turned off in some test of this
    module (``off("<flag>")``), whose answer then flips: a new flag without
    such a test fails here."""
    import inspect
    import re
    import sys

    from toolkit.duel_masters import FLAGS

    source = inspect.getsource(sys.modules[__name__])
    tested = set(re.findall(r'off\("([a-z_]+)"\)', source))
    assert tested == set(FLAGS)


def test_every_flag_names_rulings_of_the_table() -> None:
    import toolkit
    from toolkit.core.rules import rule
    from toolkit.duel_masters import FLAGS, RULES

    ids = set(toolkit.load_rulings()["ruling_id"])
    for name, flag in FLAGS.items():
        assert set(flag.rulings) <= ids, name
        assert name in rule(flag.rule, "duel_masters").flags, name  # a registered rule, which lists the flag
    for name, rules in RULES.items():  # each counterfactual variant turns exactly one flag off
        off = [f for f, v in rules.flags().items() if not v]
        assert rules.name == name and len(off) == (0 if name == "duel_masters" else 1)


def test_states_are_immutable_and_hashable() -> None:
    start = initial_state(seed_scenario("dm_zero_hand_mcguffin"))
    copy = initial_state(seed_scenario("dm_zero_hand_mcguffin"))
    assert start == copy and hash(start) == hash(copy)
    with pytest.raises(AttributeError):
        start.step = DMStep.OVER  # type: ignore[misc]


def test_actions_read_like_code() -> None:
    state = initial_state(seed_scenario("dm_zero_hand_heavens_heaven"))
    line = ["Proceed()", "Perform('天獄の正義 ヘブンズ・ヘブン: put a blocker into the battle zone', target='（クリーチャー）')"]
    for text in line:
        action = next(a for a in legal_actions(state) if repr(a) == text)
        state = transition(state, action).state
    declare = [a for a in legal_actions(state) if isinstance(a, Declare)]
    assert [repr(a) for a in declare] == ["Declare('ZERO ハンド: 侵略ZERO')"]
    assert Pass() in legal_actions(state)


def test_can_force_answers_who_controls_a_duel_masters_outcome() -> None:
    from toolkit import can_force

    zero = seed_scenario("dm_zero_hand_heavens_heaven")
    declared = {"event": "declared", "card": "ZERO ハンド"}
    assert can_force(zero, "NTP", declared)
    assert not can_force(zero, "TP", {"not": declared})  # the turn player cannot stop the declaration
    clock = seed_scenario("dm_the_clock_extra_turn")
    refutation = can_force(clock, "NTP", {"not": {"event": "destroyed", "card": "鬼ヶ王魔 エンド・ジャオウガ"}})
    assert not refutation  # A need not attack into The Clock
    assert repr(refutation.line[0].action) == "Pass()"

"""One test per rule of the spec (R1–R8, H1–H5, E1, X1–X4) and for the kind of step
``continuous``."""

from __future__ import annotations

import datetime

from engine_positions import (
    FILLERS,
    GRIMOIRE,
    HORUS6,
    HORUS8,
    LYLA,
    PETEN,
    SIGN,
    VEILER,
    VORSE,
    card,
    player,
    scenario,
    seed,
)

from toolkit.core.durations import Duration
from toolkit.core.finding import find_action
from toolkit.engine import (
    Activate,
    Actor,
    Discard,
    EventKind,
    Pass,
    Perform,
    ProcessKind,
    Respond,
    Step,
    apply,
    can_force,
    evaluate,
    explore,
    initial_state,
    legal_actions,
    resolve,
    transition,
    withheld,
)
from toolkit.history.checks import parse_check, run_check
from toolkit.ocg.cards import text_at
from toolkit.ocg.rulesets import get_ruleset, ruleset_at


def play(state, *wanted):
    """Apply actions given by their repr, checking each is legal."""
    for want in wanted:
        assert want in [repr(a) for a in legal_actions(state)], f"{want} not in {legal_actions(state)}"
        state = apply(state, find_action(state, want))
    return state


def only(state, kind):
    return [a for a in legal_actions(state) if isinstance(a, kind)]


# --- R1 / R2 / R3: the hand-size adjustment --------------------------------


def test_r1_hand_limit_six_discard_the_excess():
    s = initial_state(scenario(player(hand=(VORSE,) + FILLERS[:7])))  # 8 cards
    s = play(s, "Pass()", "Pass()")
    assert s.step is Step.ADJUST and s.actor is Actor.FORCED and s.acting_player == "A"
    discards = only(s, Discard)
    assert discards and all(len(d.cards) == 2 for d in discards)
    end = apply(s, discards[0])
    assert end.hand_size("A") == 6


def test_r1_no_discard_at_six_or_fewer():
    s = initial_state(scenario(player(hand=FILLERS[:6])))
    s = play(s, "Pass()", "Pass()")
    assert s.step is Step.TURN_END and s.hand_size("A") == 6


def test_r2_distinct_multisets_discarded_at_once():
    hand = (f"{VORSE}#1", f"{VORSE}#2") + FILLERS[:5]  # 7 cards, two alike
    s = play(initial_state(scenario(player(hand=hand))), "Pass()", "Pass()")
    discards = only(s, Discard)
    assert len(discards) == 6  # not 7: the two Vorses are one choice
    result = transition(s, discards[0])
    adjusted = [e for e in result.events if e.kind == EventKind.HAND_ADJUSTED]
    assert adjusted == [adjusted[0]] and adjusted[0].amount == 1


def test_r2_two_cards_go_in_one_step():
    s = play(initial_state(scenario(player(hand=FILLERS + (VORSE,)))), "Pass()", "Pass()")
    result = transition(s, only(s, Discard)[0])
    discarded = [e for e in result.events if e.kind == EventKind.DISCARDED]
    assert len(discarded) == 2 and result.state.hand_size("A") == 6


def test_r3_adjustment_only_when_no_mandatory_left():
    s = initial_state(scenario(player(hand=FILLERS, field=(LYLA,))))
    s = play(s, "Pass()", "Pass()")
    assert s.step is Step.FORCED  # not the adjustment: Lyla's mill is mandatory
    s = play(s, f"Perform('{LYLA}: mill 3')", "Pass()", "Pass()")
    assert s.step is Step.ADJUST


def test_r3_optional_processes_left_undone_are_gone_at_the_adjustment():
    a = player(hand=FILLERS, field=(card(HORUS6, "destroyed_monster_by_battle"),), deck=(HORUS8,))
    s = initial_state(scenario(a))
    assert [p.mandatory for p in s.pending] == [False]
    result = transition(play(s, "Pass()"), Pass())
    assert result.state.step is Step.ADJUST and result.state.pending == ()
    assert any(n.rule == "R3" for n in result.notes)


# --- R4: durations -----------------------------------------------------------


def test_r4_until_end_phase_is_a_process_until_end_of_turn_is_not():
    position = seed("horus_lv6_veiler_2011")
    old = initial_state(position)
    expiry = [p for p in old.pending if p.kind is ProcessKind.DURATION_END]
    assert len(expiry) == 1 and expiry[0].controller == "B" and expiry[0].mandatory
    today = initial_state(position, ruleset="ocg")
    assert not [p for p in today.pending if p.kind is ProcessKind.DURATION_END]
    end = resolve(position, ruleset="ocg")
    ended = [s for s in end.steps if any(e.kind == EventKind.EFFECT_ENDED for e in s.events)]
    assert ended and ended[0].rule == "E1"  # it ended with the turn, not in the End Phase


# --- R5: one at a time; chains only for activations ------------------------------


def test_r5_processes_do_not_chain_with_each_other():
    s = initial_state(seed("tsukuyomi_asura_vs_yamata_hino"))
    assert len(s.pending) == 4
    after = apply(s, only(s, Perform)[0])
    assert after.chain == () and len(after.pending) == 3


def test_r5_spell_speed_two_may_respond_to_an_activated_process():
    b = player(field=(card("サイクロン", position="set"),))
    s = initial_state(scenario(player(field=(LYLA, GRIMOIRE)), b))
    s = apply(s, only(s, Perform)[0])  # A activates Lyla's mill
    assert s.step is Step.CHAIN and s.priority == "B"
    responses = only(s, Respond)
    assert responses and {r.target for r in responses} == {GRIMOIRE}


def test_r5_nothing_to_respond_resolves_at_once():
    s = initial_state(scenario(player(field=(LYLA,))))
    s = apply(s, only(s, Perform)[0])
    assert s.step is Step.OPEN and s.chain == () and s.priority == "A"


# --- R6: the kinds of process -----------------------------------------------------


def test_r6_kinds_of_processes():
    mandatory = initial_state(scenario(player(field=(LYLA,)))).pending[0]
    optional = initial_state(scenario(player(field=(card(HORUS6, "destroyed_monster_by_battle"),),
                                             deck=(HORUS8,)))).pending[0]
    lingering = [p for p in initial_state(seed("rekindling_iron_wall_provisions")).pending]
    expiry = [p for p in initial_state(seed("lyla_veiler_2011")).pending if p.controller == "B"]
    assert (mandatory.kind, mandatory.mandatory, mandatory.chain_link) == (ProcessKind.MANDATORY_EFFECT, True, True)
    assert (optional.kind, optional.mandatory) == (ProcessKind.OPTIONAL_EFFECT, False)
    assert [(p.kind, p.chain_link) for p in lingering] == [(ProcessKind.LINGERING, False)]
    assert [(p.kind, p.chain_link) for p in expiry] == [(ProcessKind.DURATION_END, False)]


def test_r6_process_dropped_when_its_card_leaves():
    from engine_positions import WORLD

    s = initial_state(scenario(player(field=(WORLD, LYLA, VORSE))))
    assert {p.label for p in s.pending} == {f"{LYLA}: mill 3", f"{WORLD}: skip the opponent's next turn"}
    world = next(a for a in only(s, Perform) if a.cost == (LYLA, VORSE))
    result = transition(s, world)
    assert [p.label for p in result.state.pending] == []
    assert any(n.rule == "R6" and LYLA in n.text for n in result.notes)


# --- R7: priority -----------------------------------------------------------------


def test_r7_turn_player_first_and_passing_moves_priority():
    s = initial_state(seed("lyla_veiler_2011"))
    assert s.step is Step.OPEN and s.priority == "A" and Pass() in legal_actions(s)
    s = play(s, "Pass()")
    assert s.priority == "B" and s.passes == 1


def test_r7_both_passed_turn_player_mandatory_first():
    s = play(initial_state(seed("lyla_veiler_2011")), "Pass()", "Pass()")
    assert s.step is Step.FORCED and s.forced == "A"
    assert [a.process for a in legal_actions(s)] == [f"{LYLA}: mill 3"]


def test_r7_then_non_turn_player_mandatory():
    s = play(initial_state(seed("lyla_veiler_2011")), "Pass()", "Pass()", f"Perform('{LYLA}: mill 3')",
             "Pass()", "Pass()")
    assert s.step is Step.FORCED and s.forced == "B"


def test_r7_performer_keeps_priority_by_default_and_the_flag_changes_it():
    s = play(initial_state(seed("lyla_veiler_2011")), "Pass()", "Pass()", f"Perform('{LYLA}: mill 3')")
    assert s.priority == "A"
    rules = get_ruleset("ocg-2011").with_flags(priority_after_forced_process="opponent")
    t = play(initial_state(seed("lyla_veiler_2011"), ruleset=rules), "Pass()", "Pass()",
             f"Perform('{LYLA}: mill 3')")
    assert t.priority == "B"


def test_r7_turn_ends_only_when_both_pass_with_nothing_mandatory():
    s = initial_state(scenario(player(field=(card(HORUS6, "destroyed_monster_by_battle"),), deck=(HORUS8,))))
    s = play(s, "Pass()")
    assert s.step is Step.OPEN  # one pass is not enough
    s = play(s, "Pass()")
    assert s.step is Step.TURN_END


# --- R8: negation ---------------------------------------------------------------


def test_r8_negated_optional_not_offered_negated_mandatory_resolves_as_negated():
    horus = initial_state(seed("horus_lv6_veiler_2011"))
    assert not only(horus, Perform)
    assert any(n.rule == "R8" and HORUS6 in n.text for n in withheld(horus))
    lyla = play(initial_state(seed("lyla_veiler_2011")), "Pass()", "Pass()")
    result = transition(lyla, only(lyla, Perform)[0])
    kinds = [e.kind for e in result.events]
    assert EventKind.NEGATED in kinds and EventKind.MILLED not in kinds


# --- H1–H5 ------------------------------------------------------------------------


def test_h1_chaining_to_a_trigger_the_adjustment_caused():
    position = seed("chain_to_grimoire_2012")
    s = play(initial_state(position), "Pass()", "Pass()")
    s = apply(s, next(d for d in only(s, Discard) if d.cards == (VORSE,)))
    s = apply(s, only(s, Activate)[0])  # Grimoire's trigger
    assert s.step is Step.CHAIN and s.adjusted
    assert any(isinstance(a, Respond) for a in legal_actions(s) + legal_actions(play(s, "Pass()")))


def test_h1_no_quick_effect_after_the_adjustment_otherwise():
    position = seed("quick_effect_after_adjustment_2012")
    found = explore(position)
    for o in found.outcomes:
        actions = [s for s in o.example]
        adjusted_at = next(i for i, s in enumerate(actions) if any(e.kind == EventKind.HAND_ADJUSTED for e in s.events))
        assert not any(isinstance(s.action, (Activate, Respond)) for s in actions[adjusted_at + 1:])


def test_h2_adjustment_triggers_activate_from_2008():
    peten = scenario(player(hand=(PETEN,) + FILLERS[:6], deck=(f"{PETEN}#2",)), date="2013-03-27")
    s = play(initial_state(peten), "Pass()", "Pass()")
    s = apply(s, next(d for d in only(s, Discard) if d.cards == (PETEN,)))
    assert s.step is Step.TRIGGERS and only(s, Activate)
    before = play(initial_state(peten, ruleset="ocg-2008"), "Pass()", "Pass()")
    result = transition(before, next(d for d in only(before, Discard) if d.cards == (PETEN,)))
    assert result.state.step is Step.TURN_END
    assert any(n.rule == "H2" for n in result.notes)


def test_h3_no_trigger_from_the_resolution_of_post_adjustment_triggers():
    question = {"possible": {"event": "activated", "card": "イピリア"}}
    assert evaluate(seed("grimoire_ipiria_2014"), question).value
    verdict = evaluate(seed("grimoire_ipiria_2023"), question)
    assert not verdict.value


def test_h4_hand_grows_after_adjustment_adjust_again():
    s = play(initial_state(seed("hysteric_sign_adjustment_2013")), "Pass()", "Pass()")
    s = apply(s, next(d for d in only(s, Discard) if d.cards == (SIGN,)))
    assert s.step is Step.FORCED and s.adjusted  # Sign's mandatory trigger (old H5)
    s = apply(s, only(s, Perform)[0])
    assert s.step is Step.ADJUST and s.hand_size("A") == 9
    assert all(len(d.cards) == 3 for d in only(s, Discard))


def test_h5_end_phase_triggers_after_adjustment_by_date():
    question = {"possible": {"event": "activated", "card": SIGN}}
    assert evaluate(seed("hysteric_sign_adjustment_2013"), question).value
    assert not evaluate(seed("hysteric_sign_adjustment_2016"), question).value
    manticore = {"possible": {"event": "activated", "card": "暗黒のマンティコア"}}
    assert not evaluate(seed("manticore_adjustment_2013"), manticore).value  # optional: never


# --- E1: the end of the turn -----------------------------------------------------------


def test_e1_continuous_effects_apply_triggers_do_not():
    macro = resolve(seed("farfa_chalice_macro_cosmos_2017"))
    assert macro.has(EventKind.BANISHED, "彼岸の悪鬼 ファーファレル")
    assert not macro.has(EventKind.ACTIVATED)
    burn = resolve(seed("farfa_chalice_skull_invitation_2017"))
    assert burn.final.lp("A") == 7700
    assert resolve(seed("farfa_skull_invitation_pikeru_2017")).final.lp("A") == 7700
    assert resolve(seed("farfa_skull_invitation_des_wombat_2017")).final.lp("A") == 8000


def test_e1_turn_end_triggers_before_2017():
    query = {"possible": {"event": "activated", "card": "彼岸の悪鬼 グラバースニッチ"}}
    assert evaluate(seed("graff_breakthrough_skill_2015"), query).value
    assert not evaluate(seed("graff_breakthrough_skill_2017"), query).value


# --- X1 / X4 --------------------------------------------------------------------------


def test_x1_veiler_text_versions():
    assert text_at(VEILER, datetime.date(2014, 7, 9)).lingering[0].duration is Duration.UNTIL_END_PHASE
    assert text_at(VEILER, datetime.date(2014, 7, 10)).lingering[0].duration is Duration.UNTIL_END_OF_TURN
    assert text_at(VEILER, None).lingering[0].duration is Duration.UNTIL_END_OF_TURN


def test_x2_control_changes_keep_their_end_phase_process_after_the_errata():
    # Enemy Controller's control is given back by an End Phase process on every date (X2),
    # while Veiler's negation stops needing one from 2014-07-10 (X1)
    for day in ("2011-09-01", "2014-07-10", None):
        returned = initial_state(seed("mist_archfiend_enemy_controller"), ruleset=ruleset_at(day))
        kinds = {p.label.split(":")[0]: p.kind for p in returned.pending}
        assert kinds["エネミーコントローラー"] is ProcessKind.DURATION_END, day
        lyla = initial_state(seed("lyla_veiler_2011"), ruleset=ruleset_at(day))
        expiry = [p for p in lyla.pending if p.kind is ProcessKind.DURATION_END]
        assert bool(expiry) == (day == "2011-09-01"), day


def test_x3_the_pre_errata_ordering_answers_follow_from_r7_and_r8():
    def answer(name, check, rules=None):
        return run_check(parse_check(check), {name: seed(name)}, rules).answer

    zerato = {"possible_order": [{"event": "performed", "card": "堕天使ゼラート"},
                                 {"event": "performed", "card": "堕天使ゼラート"},
                                 {"event": "performed", "card": VEILER}]}
    assert answer("darklord_zerato_veiler_2012", zerato) == "yes", "12/09/16: both self-destructs before Veiler ends"
    assert answer("darklord_zerato_veiler_2012", zerato, get_ruleset("ocg")) == "no", "today Veiler needs no process"
    activated = {"event": "activated", "card": "魔導教士 システィ"}
    systie = {"and": [{"possible_order": [{"event": "performed", "card": VEILER}, activated]}, {"force:TP": activated}]}
    assert answer("justice_of_prophecy_veiler_2013", systie) == "yes", "13/02/14: Veiler's expiry, then Systie"
    assert answer("justice_of_prophecy_veiler_2013", systie, get_ruleset("ocg")) == "no"


def test_x4_rekindling_iron_wall_provisions_both_ways():
    position = seed("rekindling_iron_wall_provisions")
    banished = {"possible": {"event": "banished", "card": "フレムベル・ヘルドッグ"}}
    stays = {"possible": {"not": {"event": "banished", "card": "フレムベル・ヘルドッグ"}}}
    assert evaluate(position, banished).value and evaluate(position, stays).value
    assert can_force(position, "TP", banished["possible"]).value
    assert can_force(position, "TP", stays["possible"]).value


def test_x4_mist_archfiend_enemy_controller_either_order():
    position = seed("mist_archfiend_enemy_controller")
    owner_burnt = {"event": "damage", "player": "A", "amount": 1000}
    taker_burnt = {"event": "damage", "player": "B", "amount": 1000}
    assert evaluate(position, {"possible": owner_burnt}).value
    assert evaluate(position, {"possible": taker_burnt}).value
    assert can_force(position, "B", taker_burnt).value and can_force(position, "B", owner_burnt).value


def test_r5_simultaneous_triggers_mandatory_before_optional():
    hand = ("ダンディライオン", VORSE) + FILLERS[:6]  # 8 cards: discard 2
    s = play(initial_state(scenario(player(hand=hand, field=(GRIMOIRE,)), date="2013-03-30")), "Pass()", "Pass()")
    s = apply(s, next(d for d in only(s, Discard) if sorted(d.cards) == sorted(("ダンディライオン", VORSE))))
    assert s.step is Step.TRIGGERS
    first = legal_actions(s)
    assert Pass() not in first and [a.effect.split(":")[0] for a in first] == ["ダンディライオン"]
    s = apply(s, first[0])
    assert Pass() in legal_actions(s) and any(a.effect.startswith(GRIMOIRE) for a in only(s, Activate))


# --- continuous effects: their own kind of step, at any moment ------------------------


def test_continuous_effects_cite_their_kind_of_step_in_the_end_phase_and_as_the_turn_ends():
    iron_wall = resolve(seed("rekindling_iron_wall_provisions"))
    walled = [(st.rule, n.rule) for st in iron_wall.steps for n in st.notes if "cannot be banished" in n.text]
    assert walled and {n for _, n in walled} == {"continuous"} and "E1" not in {s for s, _ in walled}
    cosmos = resolve(seed("farfa_chalice_macro_cosmos_2017"))
    at_turn_end = [(st.rule, n.rule) for st in cosmos.steps for n in st.notes if "no chain link" in n.text]
    assert at_turn_end == [("E1", "continuous"), ("E1", "continuous")], "the step is E1, the notes the effects"

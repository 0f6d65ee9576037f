"""Phase transitions (spec §5, seed 002): one test per rule P1–P3, plus
scenarios that start before the End Phase and run to the end of the turn."""

from __future__ import annotations

import dataclasses
import random

import pytest
from card_play import draft, moves, play, start

from toolkit.engine import (
    Actor,
    EventKind,
    Pass,
    Proceed,
    Step,
    explore,
    initial_state,
    legal_actions,
    resolve,
    transition,
)
from toolkit.errors import ScenarioError
from toolkit.ocg.actions import EnterPhase
from toolkit.ocg.procedure import explain
from toolkit.ocg.rulesets import RULESETS
from toolkit.ocg.scenario import PHASES, parse_scenario, seed_scenario
from toolkit.ocg.state import Phase

FROG = "黄泉ガエル"
VIRUS = "魔のデッキ破壊ウイルス"
WARWOLF = "漆黒の戦士 ワーウルフ"
ZERO_GRAVITY = "重力解除"
SET = "set"


def frog_virus():  # type: ignore[no-untyped-def]
    return initial_state(seed_scenario("p_treeborn_frog_virus_standby"))


def warwolf_zero_gravity():  # type: ignore[no-untyped-def]
    return initial_state(seed_scenario("p_warwolf_zero_gravity_main"))


# --- P1: the declaration to move on includes the turn player's pass -------


def test_p1_turn_player_pass_is_the_declaration_and_the_opponent_may_answer() -> None:
    state = frog_virus()
    assert state.phase is Phase.STANDBY and state.priority == "A" and state.actor is Actor.PRIORITY
    declared, events = play(state, "Pass()")
    assert declared.phase is Phase.STANDBY, "the pass alone does not end the phase"
    assert declared.priority == "B" and declared.passes == 1
    assert [(e.kind, e.player, e.detail) for e in events] == [(EventKind.DECLARED, "A", "standby")]
    assert f"Activate('{VIRUS}', cost=('ミストデーモン',))" in moves(declared)


def test_p1_an_answer_keeps_the_phase_open_and_priority_returns_to_the_turn_player() -> None:
    answered, events = play(frog_virus(), "Pass()", f"Activate('{VIRUS}'")
    assert ("destroyed", FROG) in [(e.kind, e.card) for e in events]
    assert answered.phase is Phase.STANDBY and answered.step is Step.OPEN
    assert answered.priority == "A" and answered.passes == 0
    assert f"Perform('{FROG}: special summon itself')" in moves(answered)
    revived, events = play(answered, f"Perform('{FROG}")
    assert ("special_summoned", FROG) in [(e.kind, e.card) for e in events]
    assert revived.phase is Phase.STANDBY


def test_p1_the_same_in_the_main_phase() -> None:
    answered, events = play(warwolf_zero_gravity(), "Pass()", f"Activate('{ZERO_GRAVITY}')")
    assert [(e.kind, e.detail) for e in events if e.kind == "position_changed"] == [("position_changed", "defense")]
    assert answered.phase is Phase.MAIN1 and answered.priority == "A"
    back, events = play(answered, f"ChangePosition('{WARWOLF}')")
    assert [(e.player, e.detail) for e in events] == [("A", "attack")]
    assert f"ChangePosition('{WARWOLF}')" not in moves(back), "once per turn"


def test_p1_no_window_at_damage_calculation() -> None:
    d = (draft().phase("battle").field("A", [WARWOLF, "生還の宝札"])
         .field("B", [{"name": "サイクロン", "position": SET}]))
    attacking, events = play(start(d), f"Attack('{WARWOLF}')")
    assert [e.kind for e in events] == ["attacked"]
    # the Battle Step still has its window: B may answer the attack ...
    after_pass, _ = play(attacking, "Pass()")
    assert any(m.startswith("Activate('サイクロン'") for m in moves(after_pass))
    assert not [e for e in _ if e.kind == EventKind.DECLARED], "passing during an attack is no phase declaration"
    # ... but once both passed, damage calculation has none: nobody acts, nothing moves on
    calc, _ = play(after_pass, "Pass()")
    assert calc.step is Step.DAMAGE and calc.actor is Actor.AUTOMATIC and calc.acting_player is None
    assert legal_actions(calc) == (Proceed(),)
    done, events = play(calc, "Proceed()")
    assert [(e.kind, e.player, e.amount, e.detail) for e in events] == [("damage", "B", 2000, "battle")]
    assert done.phase is Phase.BATTLE and done.priority == "A" and done.attacker == -1


def test_p1_warwolf_bars_the_opponents_traps_in_the_battle_phase() -> None:
    d = draft().phase("battle").field("A", [WARWOLF]).field("B", [{"name": ZERO_GRAVITY, "position": SET}])
    declared, _ = play(start(d), "Pass()")
    assert not any(ZERO_GRAVITY in m for m in moves(declared))
    main, _ = play(start(d.phase("main2")), "Pass()")
    assert f"Activate('{ZERO_GRAVITY}')" in moves(main)


def test_game_actions_belong_to_the_turn_player_with_priority_and_cite_their_kind() -> None:
    d = draft().phase("main1").field("A", [WARWOLF]).field("B", [WARWOLF])
    state = start(d)
    assert f"ChangePosition('{WARWOLF}')" in moves(state)
    assert explain(state, next(a for a in legal_actions(state) if repr(a).startswith("ChangePosition"))).rule == "game"
    passed, _ = play(state, "Pass()")
    assert passed.priority == "B" and not any(m.startswith("ChangePosition") for m in moves(passed))
    battle = start(d.phase("battle"))
    assert not any(m.startswith("Attack") for m in moves(battle)), "no direct attack while B has a monster"
    alone = start(draft().phase("battle").field("A", [WARWOLF]))
    attacking, _ = play(alone, f"Attack('{WARWOLF}')")
    assert [n.rule for n in transition(alone, legal_actions(alone)[-1]).notes] == ["game"]


# --- P2: both passing with nothing done ends the phase ----------------------


def test_p2_both_passing_ends_the_phase_whatever_the_turn_player_meant() -> None:
    state = initial_state(seed_scenario("p_treeborn_frog_standby_pass"))
    assert f"Perform('{FROG}: special summon itself')" in moves(state)
    over, events = play(state, "Pass()", "Pass()")
    assert over.phase is Phase.MAIN1 and over.priority == "A"
    assert [(e.kind, e.detail) for e in events] == [("declared", "standby"), ("phase_started", "main1")]
    assert not any(FROG in m for m in moves(over)), "the optional process went with its phase"


def test_p2_every_pass_of_the_turn_player_is_a_declaration() -> None:
    # 12/10/04: there is no way to pass that is not a declaration to move on
    state = initial_state(seed_scenario("p_main_phase_both_pass"))
    passes = [a for a in legal_actions(state) if isinstance(a, Pass)]
    assert passes == [Pass()]
    _, events = play(state, "Pass()")
    assert [e.kind for e in events] == [EventKind.DECLARED]


def test_p2_opponent_pass_first_then_turn_player_pass_also_ends_it() -> None:
    d = draft().phase("main2").field("A", [WARWOLF]).field("B", [{"name": ZERO_GRAVITY, "position": SET}])
    answered, _ = play(start(d), "Pass()", f"Activate('{ZERO_GRAVITY}')")
    assert answered.priority == "A"
    ended, events = play(answered, "Pass()", "Pass()")
    assert ended.phase is Phase.END
    assert ("phase_started", "end") in [(e.kind, e.detail) for e in events]


def test_p2b_each_phase_runs_its_own_processes_by_the_end_phase_procedure() -> None:
    zerato = {"name": "堕天使ゼラート", "tags": ["effect_used_this_turn"]}
    state = start(draft().phase("standby").graveyard("A", [FROG]).field("A", [zerato]))
    assert [p.label for p in state.pending] == [f"{FROG}: special summon itself"], "only the Standby Phase's"
    assert state.priority == "A" and f"Perform('{FROG}: special summon itself')" in moves(state)
    revived, _ = play(state, f"Perform('{FROG}")
    assert revived.phase is Phase.STANDBY and revived.priority == "A", "the performer keeps priority (R7)"
    line = resolve(state)
    entered = next(i for i, st in enumerate(line.steps) if any("the End Phase begins" in n.text for n in st.notes))
    forced = [st for st in line.steps[entered + 1:] if repr(st.action).startswith("Perform('堕天使ゼラート")]
    assert forced and forced[0].rule == "R7", "the End Phase's own process comes only in the End Phase"


# --- P3: after Main Phase 1, Battle or End is chosen after both pass ----------


def test_p3_next_phase_is_chosen_only_after_both_passed() -> None:
    state = initial_state(seed_scenario("p_main_phase_both_pass"))
    declared, _ = play(state, "Pass()")
    assert declared.phase is Phase.MAIN1 and not any(m.startswith("EnterPhase") for m in moves(declared))
    choosing, _ = play(declared, "Pass()")
    assert choosing.step is Step.NEXT_PHASE and choosing.actor is Actor.FORCED and choosing.acting_player == "A"
    assert legal_actions(choosing) == (EnterPhase("battle"), EnterPhase("end"))
    battle, events = play(choosing, "EnterPhase('battle')")
    assert battle.phase is Phase.BATTLE and [(e.kind, e.detail) for e in events] == [("phase_started", "battle")]
    skipped, _ = play(choosing, "EnterPhase('end')")
    assert skipped.phase is Phase.END


def test_p3_no_choice_after_the_battle_phase() -> None:
    state = start(draft().phase("battle"))
    main2, events = play(state, "Pass()", "Pass()")
    assert main2.phase is Phase.MAIN2 and main2.step is Step.OPEN
    assert [(e.kind, e.detail) for e in events][-1] == ("phase_started", "main2")


def test_p3_entering_the_end_phase_brings_its_processes() -> None:
    d = draft().phase("main1").field("A", [{"name": "月読命", "tags": ["summoned_this_turn"]}])
    state = start(d)
    assert not state.pending, "a Spirit's return is an End Phase process"
    end, _ = play(state, "Pass()", "Pass()", "EnterPhase('end')")
    assert [p.label for p in end.pending] == ["月読命: return to the hand"]


# --- starting phases, bad input -------------------------------------------


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("ruleset", ["ocg", "video_game"])
def test_a_scenario_may_start_in_any_phase_and_runs_to_the_end_of_the_turn(phase: str, ruleset: str) -> None:
    d = (draft().phase(phase).under(ruleset).field("A", [WARWOLF, {"name": "月読命", "tags": ["summoned_this_turn"]}])
         .field("B", [{"name": ZERO_GRAVITY, "position": SET}]))
    line = resolve(d.done())
    assert line.final.is_over
    order = [p.value for p in (Phase.DRAW, Phase.STANDBY, Phase.MAIN1, Phase.BATTLE, Phase.MAIN2, Phase.END)]
    started = [e.detail for s in line.steps for e in s.events if e.kind == "phase_started"]
    assert started == order[order.index(phase) + 1:]
    rng = random.Random(phase)
    for _ in range(5):
        walk = resolve(d.done(), lambda state, actions: actions[rng.randrange(len(actions))])
        assert walk.final.is_over


def test_unknown_phase_is_a_scenario_error_naming_the_field() -> None:
    text = "title: t\nturn_player: A\nphase: main3\nplayers: {A: {}, B: {}}\n"
    with pytest.raises(ScenarioError, match=r"field 'phase'.*unknown phase 'main3'.*main1"):
        parse_scenario(text, source="x.yaml")

    @dataclasses.dataclass(frozen=True)
    class Loose:  # a ScenarioLike that skipped the Scenario checks
        title: str = "t"
        turn_player: str = "A"
        players: object = None
        date: object = None
        ruleset: str | None = None
        lingering: tuple[object, ...] = ()
        phase: str = "main3"
        source: str | None = "loose.yaml"

    with pytest.raises(ScenarioError, match=r"loose.yaml, field 'phase': unknown phase 'main3'"):
        initial_state(Loose(players=seed_scenario("p_main_phase_both_pass").players))  # type: ignore[arg-type]


def test_unknown_ruleset_is_a_scenario_error_naming_the_field() -> None:
    text = "title: t\nturn_player: A\nruleset: vidoe_game\nplayers: {A: {}, B: {}}\n"
    with pytest.raises(ScenarioError, match=r"field 'ruleset'.*unknown ruleset 'vidoe_game'.*did you mean 'video_game'"):
        parse_scenario(text, source="x.yaml")
    with pytest.raises(ScenarioError, match=r"field 'ruleset'.*vidoe_game"):
        initial_state(seed_scenario("p_main_phase_both_pass"), ruleset="vidoe_game")


def test_end_phase_scenarios_are_untouched_by_the_phase_machinery() -> None:
    # the End Phase default: no phase events, and the same counts as before phases existed
    found = explore(seed_scenario("lyla_veiler_2011"))
    assert (found.total_lines, len(found.outcomes), found.states) == (6, 2, 17)
    assert not [e for o in found.outcomes for e in o.outcome.events
                if e.kind in (EventKind.DECLARED, EventKind.PHASE_STARTED)]
    assert RULESETS["ocg"].process_order is None and RULESETS["ocg"].phase_continues_after_response

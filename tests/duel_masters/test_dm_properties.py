"""Hypothesis properties of the Turn End Step on random positions and random
rule variants: searches terminate, never change their input, the turn always
ends with the next player's turn, nothing is left waiting or lingering, every
step names a rule of §7, and the memoised line count equals a naive walk."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit import explore, resolve
from toolkit.core.rules import rule_ids
from toolkit.core.search import naive_line_count
from toolkit.duel_masters import FLAGS, DMState, TurnEndRules, initial_state
from toolkit.duel_masters.scenario import scenario_from_dict

CREATURES = ("グルジェ・グルジェ", "劇の根源 マクガフィン", "月と破壊と魔王と天使", "（クリーチャー）", "黒神龍ザンジバル",
             "スパダチ ケントナークR")
FIELDS = ("極魔王殿 ウェルカム・ヘル", "天獄の正義 ヘブンズ・ヘブン", "Dの地獄 ハリデルベルグ")
HAND = ("ZERO ハンド", "卍月 ガ・リュザーク 卍", "（クリーチャー）", "劇の根源 マクガフィン")
RULE_IDS = rule_ids("duel_masters")
"""The registered rules of the Turn End Step (toolkit.duel_masters.rule_ids)."""


@st.composite
def positions(draw: st.DrawFn) -> Any:
    players: dict[str, Any] = {}
    for p in ("A", "B"):
        battle: list[Any] = [draw(st.sampled_from(CREATURES)) for _ in range(draw(st.integers(0, 3)))]
        if draw(st.booleans()):
            battle.append({"name": "オオダテ入道", "tapped": draw(st.booleans())})
        if p == "B" and draw(st.booleans()):
            battle.append({"name": "夢見がちモッフル", "tapped": draw(st.booleans()), "power": 2000})
        if p == "A" and draw(st.booleans()):
            battle.append(draw(st.sampled_from(FIELDS)))
        players[p] = {
            "battle_zone": battle,
            "hand": [draw(st.sampled_from(HAND)) for _ in range(draw(st.integers(0, 2)))],
            "shields": ["（カード）"] * draw(st.integers(0, 4)),
            "graveyard": [{"name": "劇の根源 マクガフィン", "tags": ["destroyed_this_turn"]}]
            if draw(st.booleans()) else [],
            "deck": ["（カード）"] * draw(st.integers(0, 2)),
        }
    lingering = []
    if draw(st.booleans()):
        lingering.append({"source": "スパダチ ケントナークR", "controller": "A",
                          "effect": "opponents_creatures_to_mana", "duration": "this_turn"})
    if any(isinstance(c, dict) and c["name"] == "夢見がちモッフル" for c in players["B"]["battle_zone"]):
        lingering.append({"source": "夢見がちモッフル", "controller": "B", "effect": "power_plus_4000",
                          "target": "夢見がちモッフル", "duration": "during_opponents_turn"})
    data = {"game": "duel_masters", "title": "random", "turn_player": "A",
            "start": draw(st.sampled_from(["turn_end", "attack"])), "players": players, "lingering": lingering}
    return scenario_from_dict(data)


rule_variants = st.fixed_dictionaries({name: st.booleans() for name in FLAGS}).map(
    lambda flags: TurnEndRules().with_flags(**flags))

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions(), rule_variants)
def test_search_terminates_and_never_changes_its_input(scenario: Any, rules: TurnEndRules) -> None:
    start = initial_state(scenario, rules)
    before = (hash(start), repr(start))
    found = explore(start, max_states=50_000)
    assert found.total_lines >= 1 and found.outcomes
    assert (hash(start), repr(start)) == before
    assert initial_state(scenario, rules) == start


@SETTINGS
@given(positions(), rule_variants)
def test_every_line_ends_the_turn_and_hands_it_over(scenario: Any, rules: TurnEndRules) -> None:
    found = explore(initial_state(scenario, rules), max_states=50_000)
    for o in found.outcomes:
        started = [e for e in o.outcome.events if e.kind == "turn_started"]
        assert [e.player for e in started] == ["B"]
    final: DMState = resolve(initial_state(scenario, rules)).final
    assert final.is_over and final.next_turn_player == "B"
    assert final.waiting == () and final.lingering == () and final.delayed == ()


@SETTINGS
@given(positions(), rule_variants)
def test_every_step_names_a_rule_of_section_7(scenario: Any, rules: TurnEndRules) -> None:
    line = resolve(initial_state(scenario, rules))
    for step in line.steps:
        assert step.rule in RULE_IDS, step.rule
        assert step.reason
        for note in step.notes:
            assert note.rule in RULE_IDS, note


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_memoised_count_equals_a_naive_walk(scenario: Any) -> None:
    start = initial_state(scenario)
    found = explore(start, max_states=50_000)
    if found.total_lines <= 2_000:
        assert naive_line_count(start) == found.total_lines

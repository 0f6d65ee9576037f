"""The reduced search (interchangeable processes followed in one order) equals the full one.

Same outcomes, same line counts (per outcome and per first action), same
naive tree size, same "who can force it" answers — on every shipped scenario,
the position families of the benchmarks, random positions, and positions
built to break the reduction's conditions.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import HORUS8, VEILER, card, player, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_properties import positions

import toolkit.games
from toolkit.core.search import can_force, explore
from toolkit.core.values import PLAYERS
from toolkit.ocg import independence
from toolkit.ocg.positions import FAMILIES, all_distinct, mandatory_processes
from toolkit.ocg.setup import initial_state
from toolkit.widgets.runs import ExactOutcome


def _same(position: Any, *, forcing: bool = True) -> tuple[Any, Any]:
    reduced = explore(position, max_states=200_000)
    full = explore(position, max_states=200_000, reduce=False)
    assert [(o.outcome, o.lines) for o in reduced.outcomes] == [(o.outcome, o.lines) for o in full.outcomes]
    assert reduced.total_lines == full.total_lines and reduced.first_actions == full.first_actions
    assert reduced.tree_nodes == full.tree_nodes and reduced.states <= full.states
    assert [o.example for o in reduced.outcomes] == [o.example for o in full.outcomes]
    if forcing:
        assert reduced.forcing() == full.forcing(reduce=False)
    return reduced, full


@pytest.mark.parametrize("name", toolkit.games.shipped_scenario_names())
def test_every_shipped_scenario_explores_the_same_reduced(name: str) -> None:
    _same(toolkit.games.shipped_scenario(name))


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("n", [3, 6, 8])
def test_the_benchmark_families_explore_the_same_reduced(family: str, n: int) -> None:
    _same(FAMILIES[family](n))


def test_the_reduction_visits_far_fewer_positions_where_it_applies() -> None:
    reduced, full = _same(all_distinct(9), forcing=False)
    assert full.states > 10 * reduced.states
    reduced, full = _same(mandatory_processes(9), forcing=False)
    assert full.states > 10 * reduced.states


def test_can_force_gives_the_same_answers_reduced() -> None:
    position = initial_state(mandatory_processes(7))
    for lines in explore(position).outcomes:
        for p in PLAYERS:
            target = ExactOutcome(lines.outcome)
            assert can_force(position, p, target).value == can_force(position, p, target, reduce=False).value


def test_the_environment_variable_runs_the_full_search(monkeypatch: pytest.MonkeyPatch) -> None:
    full_states = explore(all_distinct(7), reduce=False).states
    monkeypatch.setenv("ENDPHASE_FULL_SEARCH", "1")
    assert explore(all_distinct(7)).states == full_states
    monkeypatch.delenv("ENDPHASE_FULL_SEARCH")
    assert explore(all_distinct(7)).states < full_states


def _groups(position: Any) -> tuple[tuple[int, ...], ...]:
    from toolkit.ocg.procedure import legal_actions, transition

    state = initial_state(position)
    actions = legal_actions(state)
    return independence.interchangeable(state, actions, tuple(transition(state, a, check=False) for a in actions))


def test_two_spirits_of_the_acting_player_stand_for_each_other() -> None:
    spirits = [card("月読命", "summoned_this_turn"), card("阿修羅", "summoned_this_turn")]
    assert _groups(scenario(player(field=spirits), player())) == ((1, 2),)


def test_no_group_when_a_card_could_respond_or_trigger_or_the_process_is_optional() -> None:
    spirits = [card("月読命", "summoned_this_turn"), card("阿修羅", "summoned_this_turn")]
    # a quick effect (a set Compulsory Evacuation Device) could open a response window
    device = card("強制脱出装置", position="set")
    assert _groups(scenario(player(field=spirits), player(field=[device]))) == ()
    # a card with a trigger where the adjustment can send it to the GY (Peten in the hand)
    assert _groups(scenario(player(field=spirits, hand=["闇・道化師のペーテン"]), player())) == ()
    # ... but not in the deck, which nothing here moves: it can never act (independence.cards_are_known_at)
    assert _groups(scenario(player(field=spirits, deck=["闇・道化師のペーテン"]), player())) == ((1, 2),)
    # optional processes (Horus LV6's level-up) are never grouped
    horus = [card("ホルスの黒炎竜 LV６#1", "destroyed_monster_by_battle"),
             card("ホルスの黒炎竜 LV６#2", "destroyed_monster_by_battle")]
    assert _groups(scenario(player(field=horus, deck=[HORUS8]), player())) == ()
    # a lingering negation points at the card
    negated = scenario(player(field=spirits), player(), lingering=[(VEILER, "B", "月読命", "negate")])
    assert _groups(negated) == ()


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions(max_field=3, max_hand=6))
def test_property_random_positions_explore_the_same_reduced(position: Any) -> None:
    _same(position)


_REDUCIBLE_FIELD = [
    ("月読命", ("summoned_this_turn",)), ("阿修羅", ("flipped_this_turn",)), ("八俣大蛇", ("summoned_this_turn",)),
    ("火之迦具土", ("summoned_this_turn",)), ("光神機−桜火", ("tribute_less_summoned",)),
    ("堕天使ゼラート", ("effect_used_this_turn",)), ("ミストデーモン", ("tribute_less_summoned",)),
    ("ライトロード・マジシャン ライラ", ()), ("ホルスの黒炎竜 LV６", ("destroyed_monster_by_battle",)),
    ("ブラッド・ヴォルス", ()),
]
_PLAIN_HAND = ["ブラッド・ヴォルス", "ジェネティック・ワーウルフ", "死者蘇生", "強欲な壺", "落とし穴"]


@st.composite
def reducible_positions(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    """Random positions made only of the cards the reduction knows, so that it applies."""
    from toolkit.engine import RULESETS

    sides = {}
    lingering = []
    for p, other_p in (("A", "B"), ("B", "A")):
        picks = draw(st.lists(st.sampled_from(_REDUCIBLE_FIELD), max_size=3))
        field = [card(f"{name}#{p}{i}", *tags) for i, (name, tags) in enumerate(picks)]
        taken = draw(st.lists(st.sampled_from(["ハーピィ・レディ", "フレムベル・ヘルドッグ"]), max_size=2, unique=True))
        for name in taken:
            field.append(card(f"{name}#t{p}", "control_taken"))
            lingering.append(("エネミーコントローラー", p, f"{name}#t{p}", "control"))
        hand = [f"{n}#h{p}{i}" for i, n in enumerate(draw(st.lists(st.sampled_from(_PLAIN_HAND), max_size=7)))]
        deck = [f"ホルスの黒炎竜 LV８#d{p}"] if draw(st.booleans()) else []
        sides[p] = player(hand=hand, field=field, deck=deck, filler=draw(st.integers(0, 4)),
                          graveyard=["エネミーコントローラー"] if taken else [])
    return scenario(sides["A"], sides["B"], turn=draw(st.sampled_from(["A", "B"])),
                    ruleset=draw(st.sampled_from(sorted(RULESETS))), lingering=lingering)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(reducible_positions())
def test_property_random_reducible_positions_explore_the_same_reduced(position: Any) -> None:
    reduced, full = _same(position)
    event("reduced" if reduced.states < full.states else "not reduced")

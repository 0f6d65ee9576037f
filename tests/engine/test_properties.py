"""Hypothesis properties over random End Phase positions and random play."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine_positions import (
    GRIMOIRE,
    HORUS6,
    HORUS8,
    LYLA,
    OHKA,
    PETEN,
    SIGN,
    VEILER,
    VORSE,
    WOLF,
    WORLD,
    WORM,
    card,
    player,
    scenario,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.core.actions import Action
from toolkit.core.search import default_policy
from toolkit.engine import (
    RULESETS,
    Perform,
    Step,
    apply,
    explore,
    initial_state,
    legal_actions,
    resolve,
    transition,
)
from toolkit.ocg.state import State

FIELD = [
    (LYLA, ()), (OHKA, ("tribute_less_summoned",)), (WORM, ()), (HORUS6, ("destroyed_monster_by_battle",)),
    ("月読命", ("summoned_this_turn",)), ("八俣大蛇", ("flipped_this_turn",)), (WORLD, ()), (GRIMOIRE, ()),
    (VORSE, ()), ("ミストデーモン", ("tribute_less_summoned",)), ("マクロコスモス", ()), ("王宮の鉄壁", ()),
    ("死霊の誘い", ()), ("デス・ウォンバット", ()), ("生還の宝札", ()),
]
HAND = [PETEN, SIGN, WORM, VORSE, WOLF, "魔轟神獣キャシー", "ダンディライオン", "イピリア", "死者蘇生", "強欲な壺"]
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _marked(names: list[str], prefix: str) -> list[str]:
    return [f"{name}#{prefix}{i}" for i, name in enumerate(names)]


@st.composite
def positions(draw: st.DrawFn, max_field: int = 3, max_hand: int = 8):  # type: ignore[no-untyped-def]
    sides = {}
    for p in ("A", "B"):
        picks = draw(st.lists(st.sampled_from(FIELD), max_size=max_field))
        field = [card(f"{name}#{p}{i}", *tags) for i, (name, tags) in enumerate(picks)]
        hand = _marked(draw(st.lists(st.sampled_from(HAND), max_size=max_hand if p == "A" else 2)), f"h{p}")
        grave = [card(f"{SIGN}#g{p}", "sent_to_gy_this_turn")] if draw(st.booleans()) else []
        deck = [f"{HORUS8}#d{p}", f"{PETEN}#d{p}", f"ハーピィ・レディ#d{p}"]
        sides[p] = player(hand=hand, field=field, graveyard=grave, deck=deck, filler=draw(st.integers(0, 5)))
    turn = draw(st.sampled_from(["A", "B"]))
    lingering = []
    targets = [c.name for c in sides[turn].field if c.name.split("#")[0] not in (GRIMOIRE, "マクロコスモス",
                                                                             "王宮の鉄壁", "死霊の誘い", "生還の宝札")]
    if targets and draw(st.booleans()):
        other_side = "B" if turn == "A" else "A"
        lingering.append((VEILER, other_side, draw(st.sampled_from(targets)), "negate"))
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    a, b = sides["A"], sides["B"]
    return scenario(a, b, turn=turn, ruleset=ruleset, lingering=lingering)


def random_policy(seed: int) -> Callable[[State, tuple[Action, ...]], Action]:
    rng = random.Random(seed)

    def choose(state: State, actions: tuple[Action, ...]) -> Action:
        return actions[rng.randrange(len(actions))]

    return choose


def walk(state: State, policy, limit: int = 3000) -> list[tuple[State, Action, State]]:  # type: ignore[no-untyped-def]
    seen = {state}
    steps = []
    while not state.is_over and len(steps) < limit:
        action = policy(state, legal_actions(state))
        nxt = transition(state, action).state
        steps.append((state, action, nxt))
        if nxt in seen:
            break
        seen.add(nxt)
        state = nxt
    return steps


@SETTINGS
@given(positions(), st.integers(0, 2**32 - 1))
def test_property_terminates_or_reports_a_loop(position, seed) -> None:  # type: ignore[no-untyped-def]
    res = resolve(position, random_policy(seed), max_steps=3000)
    assert res.final.is_over or res.loop is not None


@SETTINGS
@given(positions(), st.integers(0, 2**32 - 1))
def test_property_turn_player_never_ends_above_the_hand_limit(position, seed) -> None:  # type: ignore[no-untyped-def]
    res = resolve(position, random_policy(seed), max_steps=3000)
    if res.loop is None:
        assert res.final.hand_size(res.final.turn_player) <= res.final.ruleset.hand_limit


def _left(before: State, after: State, proc) -> bool:  # type: ignore[no-untyped-def]
    if proc.lingering:
        return not any(ln.target == proc.source and proc.key in (ln.key, "end:" + ln.key) for ln in after.lingering)
    a, b = before.card(proc.source), after.card(proc.source)
    return (a.zone, a.controller, a.position) != (b.zone, b.controller, b.position)


@SETTINGS
@given(positions(), st.integers(0, 2**32 - 1))
def test_property_every_mandatory_process_is_performed_unless_its_card_left(position, seed) -> None:  # type: ignore[no-untyped-def]
    for before, action, after in walk(initial_state(position), random_policy(seed)):
        still = {p.pid for p in after.pending}
        for proc in before.pending:
            if not proc.mandatory or proc.pid in still:
                continue
            performed = isinstance(action, Perform) and action.ref == proc.pid
            assert performed or _left(before, after, proc), (proc.label, repr(action))
    # and a finished turn leaves no mandatory process behind
    final = resolve(position, random_policy(seed), max_steps=3000).final
    assert not [p for p in final.pending if p.mandatory]


@SETTINGS
@given(positions())
def test_property_both_passing_turn_player_mandatory_first(position) -> None:  # type: ignore[no-untyped-def]
    for before, action, _after in walk(initial_state(position), default_policy):
        if before.step is Step.FORCED and before.forced == before.non_turn_player and not before.adjusted:
            assert not before.pending_of(before.turn_player, mandatory=True)
        if isinstance(action, Perform) and before.step is Step.FORCED:
            assert before.forced == before.turn_player or not before.pending_of(before.turn_player, mandatory=True)


@SETTINGS
@given(positions(), st.integers(0, 2**32 - 1))
def test_property_apply_never_mutates_its_input(position, seed) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = initial_state(position)
    for _ in range(60):
        if state.is_over:
            break
        before = (repr(state), hash(state), legal_actions(state))
        action = rng.choice(before[2])
        nxt = apply(state, action)
        assert (repr(state), hash(state), legal_actions(state)) == before
        state = nxt


@SETTINGS
@given(positions(), st.integers(0, 2**32 - 1))
def test_property_same_seed_same_trace(position, seed) -> None:  # type: ignore[no-untyped-def]
    first = resolve(position, random_policy(seed), max_steps=3000)
    second = resolve(position, random_policy(seed), max_steps=3000)
    assert first.trace.equals(second.trace)
    assert first.outcome == second.outcome


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions(max_field=2, max_hand=7))
def test_property_default_line_is_one_of_the_explored_outcomes(position) -> None:  # type: ignore[no-untyped-def]
    found = explore(position, max_states=50_000)
    default = resolve(position)
    assert default.outcome in {o.outcome for o in found.outcomes}
    assert sum(n for _, n in found.first_actions) == found.total_lines

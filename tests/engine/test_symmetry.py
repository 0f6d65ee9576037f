"""Identical copies counted, not enumerated (``toolkit.ocg.symmetry``, issue 34 item 2).

The reduced search merges actions whose successors differ only by which copy is which; it must
still equal the full search exactly: outcomes, line counts (per outcome and per first action),
tree size, example lines, "who can force it" answers — on random positions full of copies (on
the field, in the hand where the adjustment discards among them, in the graveyard; copies that
can respond, trigger or choose), and it must visit n + 1 positions where n copies had 2^n.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_positions import HORUS6, LYLA, OHKA, PETEN, SIGN, VEILER, VORSE, WOLF, WORM, card, player, scenario
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_reduction import _same

from toolkit.core.search import can_force, explore
from toolkit.ocg import symmetry
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state
from toolkit.widgets.runs import ExactOutcome

DANDELION, EVACUATION = "ダンディライオン", "強制脱出装置"
FIELD_COPIES = [
    (OHKA, ("tribute_less_summoned",)), (LYLA, ()), (HORUS6, ("destroyed_monster_by_battle",)),
    ("月読命", ("summoned_this_turn",)), ("ミストデーモン", ("tribute_less_summoned",)), (WORM, ()), (VORSE, ()),
    ("堕天使ゼラート", ("effect_used_this_turn",)),
]
HAND_COPIES = [PETEN, SIGN, WORM, VORSE, WOLF, DANDELION, "イピリア", "死者蘇生"]


@st.composite
def positions_with_copies(draw: st.DrawFn):  # type: ignore[no-untyped-def]
    """Random positions whose cards come in identical copies (and some copies told apart: by a
    tag, a lingering negation, a set Trap that may answer them)."""
    from toolkit.engine import RULESETS

    sides = {}
    for p in ("A", "B"):
        field: list[Any] = []
        for k, (name, tags) in enumerate(draw(st.lists(st.sampled_from(FIELD_COPIES), max_size=2 if p == "A" else 1, unique=True))):
            copies = draw(st.integers(1, 2))
            field += [card(f"{name}#{p}{k}{i}", *tags) for i in range(copies)]
            if draw(st.integers(0, 4)) == 0:  # one more copy, told apart by its tags
                field.append(card(f"{name}#{p}{k}x", *tags, "summoned_this_turn"))
        if draw(st.integers(0, 5)) == 0:
            field.append(card(f"{EVACUATION}#{p}", position="set"))
        hand: list[str] = []
        for k, name in enumerate(draw(st.lists(st.sampled_from(HAND_COPIES), max_size=2 if p == "A" else 1, unique=True))):
            hand += [f"{name}#h{p}{k}{i}" for i in range(draw(st.integers(1, 3 if p == "A" else 2)))]
        grave = [card(f"{SIGN}#g{p}{i}", "sent_to_gy_this_turn") for i in range(draw(st.integers(0, 2)))]
        sides[p] = player(hand=hand, field=field, graveyard=grave, filler=draw(st.integers(0, 3)))
    turn = draw(st.sampled_from(["A", "B"]))
    lingering = []
    targets = [c.name for c in sides[turn].field if c.name.startswith(("月読命", OHKA, "ミストデーモン"))]
    if targets and draw(st.booleans()):
        lingering.append((VEILER, "B" if turn == "A" else "A", draw(st.sampled_from(targets)), "negate"))
    return scenario(sides["A"], sides["B"], turn=turn, ruleset=draw(st.sampled_from(sorted(RULESETS))),
                    lingering=lingering)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_copies())
def test_property_random_positions_with_copies_explore_the_same_reduced(position: Any) -> None:
    reduced, full = _same(position)
    event("reduced" if reduced.states < full.states else "not reduced")


def _ohkas(n: int, b: dict[str, Any]) -> Any:
    field = [{"name": f"{OHKA}#{i}", "tags": ["tribute_less_summoned"]} for i in range(1, n + 1)]
    return scenario_from_dict({"title": "Ohka copies", "turn_player": "A", "date": "2024-01-01",
                               "players": {"A": {"field": field, "deck_filler": 5}, "B": b}})


def test_copies_are_counted_where_the_independence_proof_does_not_reach() -> None:
    """Where a card could act (a Dandelion in the hand the adjustment may discard), no process
    stands for another: the copies alone make the n + 1."""
    b = {"hand": [DANDELION]}
    small, full = _same(_ohkas(4, b))
    assert small.states < full.states
    sizes = [explore(_ohkas(n, b)).states for n in (6, 8, 10)]
    assert sizes[2] - sizes[1] == sizes[1] - sizes[0]  # linear in the copies (the full search: 3 * 2^n + …)


@pytest.mark.parametrize("hand", [[PETEN] * 4 + [SIGN] * 3, [PETEN] * 3 + [DANDELION] * 2 + [WORM] * 3,
                                  [VORSE] * 5 + [WOLF] * 2 + ["死者蘇生"]])
def test_the_adjustment_discards_among_copies_the_same_reduced(hand: list[str]) -> None:
    """Over six cards in the hand: which copy is discarded is counted, which card is not merged."""
    position = scenario(player(hand=[f"{name}#{i}" for i, name in enumerate(hand)],
                               field=[card(f"{OHKA}#{i}", "tribute_less_summoned") for i in range(3)]),
                        player(hand=[f"{SIGN}#b{i}" for i in range(2)]))
    reduced, full = _same(position)
    assert reduced.states < full.states


@pytest.mark.parametrize("turn", ["A", "B"])
def test_copies_a_lingering_effect_points_at_explore_the_same_reduced(turn: str) -> None:
    """Three copies taken until the End Phase (each pointed at by its own lingering effect): the
    control returns are counted, as the cards' places in the lingering effects, not their uids."""
    other = "B" if turn == "A" else "A"
    taken = player(field=[card(f"ハーピィ・レディ#t{i}", "control_taken") for i in range(3)]
                   + [card(f"{OHKA}#{i}", "tribute_less_summoned") for i in range(2)],
                   graveyard=["エネミーコントローラー"], hand=[DANDELION])
    sides = {turn: taken, other: player(hand=[SIGN])}
    position = scenario(sides["A"], sides["B"], turn=turn, lingering=[
        ("エネミーコントローラー", turn, f"ハーピィ・レディ#t{i}", "control") for i in range(3)])
    reduced, full = _same(position)
    assert reduced.states < full.states


@pytest.mark.parametrize("n", [3, 4])
def test_copies_whose_chain_links_a_set_trap_may_answer_explore_the_same_reduced(n: int) -> None:
    """A set 《強制脱出装置》 may answer each copy's chain link: the links are keyed by their copy's
    place on the chain, and the copies are counted."""
    reduced, full = _same(_ohkas(n, {"field": [{"name": EVACUATION, "position": "set"}]}))
    assert reduced.states < full.states


def test_copies_told_apart_are_not_merged() -> None:
    """Two copies with different tags, or one a lingering effect points at, are different cards."""
    start = initial_state(_ohkas(3, {}))
    from toolkit.core.search import play

    one, two = (play(start, f"{OHKA}#{i}: send itself to the GY") for i in (1, 2))
    assert symmetry.canonical_key(one) == symmetry.canonical_key(two)
    tagged = scenario(player(field=[card(f"{OHKA}#1", "tribute_less_summoned"),
                                    card(f"{OHKA}#2", "tribute_less_summoned", "summoned_this_turn")]), player())
    s = initial_state(tagged)
    a, b = (play(s, f"{OHKA}#{i}: send itself to the GY") for i in (1, 2))
    assert symmetry.canonical_key(a) != symmetry.canonical_key(b)


def test_can_force_the_same_with_copies() -> None:
    position = initial_state(_ohkas(4, {"hand": [DANDELION]}))
    for lines in explore(position, reduce=False).outcomes:
        for p in ("A", "B"):
            target = ExactOutcome(lines.outcome)
            assert can_force(position, p, target).value == can_force(position, p, target, reduce=False).value


def test_the_key_tells_apart_every_thing_the_rules_read_of_a_copy() -> None:
    """Each thing a copy is — zone, battle position, controller, owner, tags, a process it has done,
    one it has pending — changed on one copy alone gives another key (a merge of those two positions
    would count lines of one as lines of the other); the copy mark alone does not."""
    import dataclasses

    from toolkit.ocg.values import Position, Zone

    start = initial_state(_ohkas(2, {}))
    key = symmetry.canonical_key(start)
    second = next(c for c in start.cards if c.label.endswith("#2"))

    def with_second(**changes: Any) -> Any:
        return start.evolve(cards=tuple(dataclasses.replace(c, **changes) if c.uid == second.uid else c
                                        for c in start.cards))

    for changes in ({"zone": Zone.GY}, {"position": Position.FACE_UP_DEFENSE}, {"controller": "B"}, {"owner": "B"},
                    {"tags": second.tags | {"summoned_this_turn"}}):
        assert symmetry.canonical_key(with_second(**changes)) != key, changes
    assert symmetry.canonical_key(with_second(label="another mark")) == key
    process = next(p for p in start.pending if p.source == second.uid)
    assert symmetry.canonical_key(start.evolve(done=start.done | {(second.uid, process.key)})) != key
    assert symmetry.canonical_key(start.evolve(pending=tuple(p for p in start.pending if p is not process))) != key

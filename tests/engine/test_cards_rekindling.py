"""《真炎の爆発》, 《王宮の鉄壁》, 《非常食》 (13/03/24)."""

from __future__ import annotations

from card_play import CardEntry, draft, kinds, moves, play, start

from toolkit.engine import ProcessKind, State

DOG = "フレムベル・ヘルドッグ"


def position(*a_field: CardEntry) -> State:
    return start(
        draft()
        .field("A", [{"name": DOG, "tags": ["special_summoned_this_turn"]}, *a_field])
        .graveyard("A", ["真炎の爆発"])
        .lingering("真炎の爆発", "A", target=DOG, effect="banish_in_end_phase")
    )


def test_rekindling_banish_is_a_mandatory_lingering_process() -> None:
    state = position()
    [process] = state.pending
    assert process.kind is ProcessKind.LINGERING and process.mandatory and not process.chain_link
    _, events = play(state, "Pass()", "Pass()", "Perform('真炎の爆発")
    assert "banished" in kinds(events, DOG)


def test_imperial_iron_wall_stops_the_banish() -> None:
    _, events = play(position("王宮の鉄壁"), "Pass()", "Pass()", "Perform('真炎の爆発")
    assert "banish_prevented" in kinds(events, DOG) and "banished" not in kinds(events, DOG)


def test_emergency_provisions_sends_the_wall_and_gains_life() -> None:
    state = position("王宮の鉄壁", {"name": "非常食", "position": "set"})
    offered = [m for m in moves(state) if m.startswith("Activate('非常食'")]
    assert offered == ["Activate('非常食', cost=('王宮の鉄壁',))"]
    after, events = play(state, offered[0])  # nobody can respond: it resolves at once
    assert any(e.kind == "lp_gained" and e.amount == 1000 for e in events)
    _, banish = play(after, "Perform('真炎の爆発")
    assert "banished" in kinds(banish, DOG)


def test_provisions_set_this_turn_or_without_fodder_is_not_offered() -> None:
    fresh = position("王宮の鉄壁", {"name": "非常食", "position": "set", "tags": ["set_this_turn"]})
    assert not any(m.startswith("Activate('非常食'") for m in moves(fresh))
    alone = position({"name": "非常食", "position": "set"})
    assert not any(m.startswith("Activate('非常食'") for m in moves(alone))

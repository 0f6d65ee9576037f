"""The 「彼岸」 self-destruct, the negations that end with the turn, and the
no-chain-link effects that still apply then (E1; 17/10/26, 15/10/23)."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start

from toolkit.engine import Event, State, resolve
from toolkit.ocg.scenario import ScenarioDraft

FARFA = "彼岸の悪鬼 ファーファレル"
GRAFF = "彼岸の悪鬼 グラバースニッチ"


def chalice_farfa(*a_field: str, b_field: tuple[str, ...] = (), when: str = "2017-10-26") -> ScenarioDraft:
    d = (
        draft()
        .field("A", [FARFA, *a_field])
        .graveyard("A", ["禁じられた聖杯"])
        .lingering("禁じられた聖杯", "A", target=FARFA, effect="negate")
        .on(when)
    )
    return d.field("B", list(b_field)) if b_field else d


def turn_end_events(position: ScenarioDraft) -> list[Event]:
    line = resolve(position.done())
    return [e for step in line.steps for e in step.events]


def _self_destruct_applies(*field: str) -> bool:
    from toolkit.ocg.cards import behaviour

    state = start(draft().field("A", list(field)))
    farfa = next(c for c in state.cards if c.name == FARFA)
    [effect] = behaviour(FARFA).text_at(None).continuous
    assert effect.condition is not None
    return effect.condition(farfa, state)


def test_farfa_self_destruct_condition() -> None:
    assert _self_destruct_applies(FARFA, "ブラッド・ヴォルス")
    assert not _self_destruct_applies(FARFA, GRAFF)
    assert not _self_destruct_applies(FARFA, "死者蘇生#1"), "a Spell is not a monster"


def test_farfa_three_banishes_a_monster_when_turn_end_triggers_still_activated() -> None:
    state, _ = play(start(chalice_farfa("ブラッド・ヴォルス", when="2015-10-23")), "Pass()", "Pass()", "Proceed()")
    offered = [m for m in moves(state) if m.startswith(f"Activate('{FARFA}")]
    assert offered == [f"Activate('{FARFA}: (3) banish a monster until the next Standby Phase', target='ブラッド・ヴォルス')"]
    _, events = play(state, offered[0])
    assert "banished" in kinds(events, "ブラッド・ヴォルス")


def test_negated_farfa_survives_the_end_phase_and_dies_as_the_turn_ends() -> None:
    events = turn_end_events(chalice_farfa("ブラッド・ヴォルス"))
    assert "destroyed" in kinds(events, FARFA)
    ended = next(i for i, e in enumerate(events) if e.kind == "effect_ended" and e.card == "禁じられた聖杯")
    destroyed = next(i for i, e in enumerate(events) if e.kind == "destroyed" and e.card == FARFA)
    assert ended < destroyed
    assert "activated" not in kinds(events, FARFA)


def test_macro_cosmos_banishes_it_instead() -> None:
    events = turn_end_events(chalice_farfa("ブラッド・ヴォルス", "マクロコスモス"))
    assert "banished" in kinds(events, FARFA) and "sent_to_gy" not in kinds(events, FARFA)


def test_skull_invitation_burns_the_owner_300() -> None:
    events = turn_end_events(chalice_farfa("ブラッド・ヴォルス", b_field=("死霊の誘い",)))
    assert [(e.player, e.amount) for e in events if e.kind == "damage"] == [("A", 300)]


def test_des_wombat_prevents_pikeru_does_not() -> None:
    wombat = turn_end_events(chalice_farfa("デス・ウォンバット", b_field=("死霊の誘い",)))
    assert not [e for e in wombat if e.kind == "damage"]
    assert [e.player for e in wombat if e.kind == "damage_prevented"] == ["A"]
    pikeru = chalice_farfa("ブラッド・ヴォルス", b_field=("死霊の誘い",)).lingering(
        "ピケルの魔法陣", "A", effect="no_effect_damage"
    )
    assert [(e.player, e.amount) for e in turn_end_events(pikeru) if e.kind == "damage"] == [("A", 300)]


def test_pikeru_does_prevent_damage_during_the_turn() -> None:
    state: State = start(
        draft().field("A", [{"name": "ミストデーモン", "tags": ["tribute_less_summoned"]}])
        .lingering("ピケルの魔法陣", "A", effect="no_effect_damage")
    )
    _, events = play(state, "Pass()", "Pass()", "Perform('ミストデーモン")
    assert [e.player for e in events if e.kind == "damage_prevented"] == ["A"]


def test_graff_negated_by_breakthrough_skill_2015_summons_from_the_deck() -> None:
    d = (
        draft()
        .field("A", [GRAFF, "ブラッド・ヴォルス"])
        .deck("A", [FARFA])
        .graveyard("B", ["ブレイクスルー・スキル"])
        .lingering("ブレイクスルー・スキル", "B", target=GRAFF, effect="negate")
        .on("2015-10-23")
    )
    state, _ = play(start(d), "Pass()", "Pass()", "Proceed()")
    assert any(m.startswith(f"Activate('{GRAFF}") for m in moves(state))
    _, events = play(state, f"Activate('{GRAFF}")
    assert "special_summoned" in kinds(events, FARFA)


def test_negators_end_with_the_turn_not_in_the_end_phase() -> None:
    from toolkit.engine import Duration
    from toolkit.ocg.cards import behaviour

    for name in ("禁じられた聖杯", "ブレイクスルー・スキル"):
        effect = behaviour(name).text_at(None).lingering_effect("negate")
        assert effect is not None and effect.negates and effect.duration is Duration.UNTIL_END_OF_TURN

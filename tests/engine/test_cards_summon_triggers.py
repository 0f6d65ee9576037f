"""Triggers on a summon: 《イピリア》 and the Gadgets, reached through 《暗黒界の書物》."""

from __future__ import annotations

from card_play import FILLERS, draft, kinds, moves, play, start

from toolkit.engine import Event, State

GRIMOIRE = "暗黒界の書物"


def grimoire_summons(monster: str, when: str, deck: list[str] | None = None) -> tuple[State, list[Event]]:
    d = draft().hand("A", [monster, *FILLERS[:6]]).field("A", [GRIMOIRE]).on(when)
    if deck:
        d = d.deck("A", deck)
    state, events = play(start(d), "Pass()", "Pass()", f"Discard(('{monster}',))", f"Activate('{GRIMOIRE}")
    return state, events


def test_ipiria_draws_when_summoned_2014() -> None:
    state, events = grimoire_summons("イピリア", "2014-06-01")
    assert "special_summoned" in kinds(events, "イピリア")
    offered = moves(state)
    assert offered == ["Activate('イピリア: draw 1')"], "mandatory: no Pass"
    after, drew = play(state, offered[0])
    assert any(e.kind == "drew" and e.player == "A" for e in drew)
    assert after.hand_size("A") <= 7


def test_ipiria_not_activated_after_grimoire_2023() -> None:
    state, events = grimoire_summons("イピリア", "2023-01-16")
    assert "special_summoned" in kinds(events, "イピリア")
    assert not any("イピリア" in m for m in moves(state))


def test_red_gadget_adds_yellow_gadget() -> None:
    state, _ = grimoire_summons("レッド・ガジェット", "2014-06-04", deck=["イエロー・ガジェット"])
    _, events = play(state, "Activate('レッド・ガジェット: add イエロー・ガジェット')")
    assert "added_to_hand" in kinds(events, "イエロー・ガジェット")


def test_the_gadget_cycle() -> None:
    from toolkit.ocg.cards import behaviour

    for name, wanted in (("レッド・ガジェット", "イエロー"), ("イエロー・ガジェット", "グリーン"), ("グリーン・ガジェット", "レッド")):
        [trigger] = behaviour(name).text_at(None).triggers
        assert trigger.mandatory and wanted in trigger.key

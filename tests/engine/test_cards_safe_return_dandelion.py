"""《生還の宝札》 (draw on a summon from the GY) and 《ダンディライオン》 (tokens when sent to the GY)."""

from __future__ import annotations

from card_play import FILLERS, draft, kinds, moves, play, start

GRIMOIRE = "暗黒界の書物"


def test_safe_return_draws_when_grimoire_revives_and_the_hand_is_adjusted_again() -> None:
    d = draft().hand("A", ["ブラッド・ヴォルス", *FILLERS[:6]]).field("A", [GRIMOIRE, "生還の宝札"]).on("2013-03-27")
    state, _ = play(start(d), "Pass()", "Pass()", "Discard(('ブラッド・ヴォルス',))", f"Activate('{GRIMOIRE}")
    assert any(m.startswith("Activate('生還の宝札") for m in moves(state))
    after, events = play(state, "Activate('生還の宝札")
    assert any(e.kind == "drew" for e in events)
    assert after.step.name == "ADJUST" and after.hand_size("A") == 7, after.describe()


def test_safe_return_ignores_summons_from_elsewhere() -> None:
    from toolkit.ocg.cards import behaviour

    [trigger] = behaviour("生還の宝札").text_at(None).triggers
    assert not trigger.mandatory and trigger.condition is not None


def test_dandelion_discarded_summons_tokens() -> None:
    d = draft().hand("A", ["ダンディライオン", *FILLERS[:6]]).on("2012-08-08")
    state, _ = play(start(d), "Pass()", "Pass()", "Discard(('ダンディライオン',))")
    assert moves(state) == ["Activate('ダンディライオン: summon two Fluff Tokens')"], "mandatory"
    _, events = play(state, "Activate('ダンディライオン")
    tokens = [e for e in events if e.kind == "special_summoned" and e.card == "綿毛トークン"]
    assert tokens and tokens[0].amount == 2


def test_dandelion_before_triggers_could_follow_the_adjustment() -> None:
    d = draft().hand("A", ["ダンディライオン", *FILLERS[:6]]).on("2008-01-01")
    state, events = play(start(d), "Pass()", "Pass()", "Discard(('ダンディライオン',))")
    assert "discarded" in kinds(events, "ダンディライオン")
    assert state.is_over or not any("ダンディライオン" in m for m in moves(state))

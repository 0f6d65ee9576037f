"""《暗黒のマンティコア》: optional "during the End Phase" revival, paid with a Beast."""

from __future__ import annotations

from card_play import FILLERS, draft, kinds, moves, play, start

MANTICORE = "暗黒のマンティコア"
SENT = {"name": MANTICORE, "tags": ["sent_to_gy_this_turn", "sent_to_gy_from_hand"]}


def test_sent_this_turn_it_may_revive_paying_a_beast_warrior() -> None:
    state = start(draft().graveyard("A", [SENT]).field("A", ["ブラッド・ヴォルス"]))
    [process] = state.pending
    assert not process.mandatory
    offered = [m for m in moves(state) if m.startswith("Perform('暗黒のマンティコア")]
    assert offered == ["Perform('暗黒のマンティコア: send a Beast, revive itself', cost=('ブラッド・ヴォルス',))"]
    _, events = play(state, offered[0])
    assert "special_summoned" in kinds(events, MANTICORE)
    assert "sent_to_gy" in kinds(events, "ブラッド・ヴォルス")


def test_no_beast_no_revival() -> None:
    state = start(draft().graveyard("A", [SENT]).field("A", ["フレムベル・ヘルドッグ#1"]).hand("A", ["死者蘇生"]))
    offered = [m for m in moves(state) if m.startswith("Perform('暗黒のマンティコア")]
    assert offered == ["Perform('暗黒のマンティコア: send a Beast, revive itself', cost=('フレムベル・ヘルドッグ#1',))"]
    none = start(draft().graveyard("A", [SENT]).hand("A", ["死者蘇生"]))
    assert not any(m.startswith("Perform('暗黒のマンティコア") for m in moves(none))


def test_milled_from_the_deck_it_does_not_qualify() -> None:
    milled = {"name": MANTICORE, "tags": ["sent_to_gy_this_turn", "sent_to_gy_from_deck"]}
    assert not start(draft().graveyard("A", [milled]).field("A", ["ブラッド・ヴォルス"])).pending


def test_discarded_by_the_adjustment_never_activates() -> None:
    for when in ("2013-03-30", "2020-01-01"):
        state = start(draft().hand("A", [MANTICORE, *FILLERS[:6]]).field("A", ["ブラッド・ヴォルス"]).on(when))
        adjust, _ = play(state, "Pass()", "Pass()")
        after, events = play(adjust, f"Discard(('{MANTICORE}',))")
        assert "discarded" in kinds(events, MANTICORE)
        assert after.is_over or not any("マンティコア" in m for m in moves(after)), when

"""Quick effects: 《サイクロン》, 《強制脱出装置》, 《激流葬》, 《強烈なはたき落とし》, 《Ｕ.Ａ.パーフェクトエース》."""

from __future__ import annotations

from card_play import FILLERS, draft, kinds, moves, play, start

SET_CYCLONE = {"name": "サイクロン", "position": "set"}


def test_cyclone_set_answers_the_end_declaration() -> None:
    state = start(draft().field("A", ["生還の宝札"]).field("B", [SET_CYCLONE]))
    declared, _ = play(state, "Pass()")
    assert "Activate('サイクロン', target='生還の宝札')" in moves(declared)
    _, events = play(declared, "Activate('サイクロン'")
    assert "destroyed" in kinds(events, "生還の宝札")


def test_cyclone_needs_a_target_and_a_turn_to_wait() -> None:
    no_target = start(draft().field("B", [SET_CYCLONE]))
    assert not any("サイクロン" in m for m in moves(play(no_target, "Pass()")[0]))
    fresh = start(draft().field("A", ["生還の宝札"]).field("B", [{**SET_CYCLONE, "tags": ["set_this_turn"]}]))
    assert not any("サイクロン" in m for m in moves(play(fresh, "Pass()")[0]))


def test_cyclone_from_the_hand_only_in_its_owners_turn() -> None:
    own = start(draft().hand("A", ["サイクロン"]).field("B", [{"name": "落とし穴", "position": "set"}]))
    assert "Activate('サイクロン', target='落とし穴')" in moves(own)
    theirs = start(draft().hand("B", ["サイクロン"]).field("A", ["生還の宝札"]))
    assert not any("サイクロン" in m for m in moves(play(theirs, "Pass()")[0]))


def test_compulsory_returns_a_monster() -> None:
    state = start(draft().field("A", ["ブラッド・ヴォルス"]).field("B", [{"name": "強制脱出装置", "position": "set"}]))
    declared, _ = play(state, "Pass()")
    _, events = play(declared, "Activate('強制脱出装置', target='ブラッド・ヴォルス')")
    assert "returned_to_hand" in kinds(events, "ブラッド・ヴォルス")


def test_torrential_only_chained_to_a_summon_trigger() -> None:
    open_state = start(draft().field("A", ["ブラッド・ヴォルス"]).field("B", [{"name": "激流葬", "position": "set"}]))
    assert not any("激流葬" in m for m in moves(play(open_state, "Pass()")[0])), "no summon to answer"
    d = (
        draft()
        .hand("A", ["イピリア", *FILLERS[:6]])
        .field("A", ["暗黒界の書物"])
        .field("B", [{"name": "激流葬", "position": "set"}])
        .on("2014-06-01")
    )
    state, _ = play(start(d), "Pass()", "Pass()", "Discard(('イピリア',))", "Activate('暗黒界の書物")
    chained, _ = play(state, "Activate('イピリア", "Pass()")  # the turn player may chain first
    assert "Respond('激流葬')" in moves(chained)
    _, events = play(chained, "Respond('激流葬')")
    assert "destroyed" in kinds(events, "イピリア")


def test_drastic_drop_off_is_never_offered() -> None:
    d = (
        draft()
        .hand("A", ["レッド・ガジェット", *FILLERS[:6]])
        .field("A", ["暗黒界の書物"])
        .deck("A", ["イエロー・ガジェット"])
        .field("B", [{"name": "強烈なはたき落とし", "position": "set"}])
        .on("2014-06-04")
    )
    state, _ = play(start(d), "Pass()", "Pass()", "Discard(('レッド・ガジェット',))", "Activate('暗黒界の書物")
    while not state.is_over:
        assert not any("強烈なはたき落とし" in m for m in moves(state))
        state, _ = play(state, moves(state)[0])


def test_perfect_ace_negates_an_opponents_activation_in_their_turn() -> None:
    d = (
        draft()
        .field("A", [{"name": "月読命", "tags": ["summoned_this_turn"]}])
        .field("B", ["Ｕ.Ａ.パーフェクトエース"])
        .hand("B", ["ブラッド・ヴォルス"])
    )
    state, _ = play(start(d), "Perform('月読命")
    offered = [m for m in moves(state) if "パーフェクトエース" in m]
    assert offered == ["Respond('Ｕ.Ａ.パーフェクトエース: discard 1, negate an activation', cost=('ブラッド・ヴォルス',))"]
    after, events = play(state, offered[0], "Pass()")
    assert "discarded" in kinds(events, "ブラッド・ヴォルス")
    assert "returned_to_hand" not in kinds(events, "月読命")


def test_perfect_ace_not_in_its_controllers_turn() -> None:
    d = (
        draft("t", "B")
        .field("B", ["Ｕ.Ａ.パーフェクトエース", {"name": "月読命", "tags": ["summoned_this_turn"]}])
        .hand("B", ["ブラッド・ヴォルス"])
    )
    state, _ = play(start(d), "Perform('月読命")
    assert not any("パーフェクトエース" in m for m in moves(state))

"""《魔轟神獣キャシー》: discarded, it destroys a face-up card (mandatory)."""

from __future__ import annotations

from card_play import FILLERS, CardEntry, draft, kinds, moves, play, start

from toolkit.engine import State

CATSITH = "魔轟神獣キャシー"


def adjusted(field_a: list[CardEntry], when: str, field_b: list[CardEntry] | None = None) -> State:
    d = draft().hand("A", [CATSITH, *FILLERS[:6]]).field("A", field_a).on(when)
    if field_b:
        d = d.field("B", field_b)
    state, _ = play(start(d), "Pass()", "Pass()", f"Discard(('{CATSITH}',))")
    return state


def test_discarded_by_the_adjustment_it_must_destroy_a_face_up_card() -> None:
    state = adjusted(["生還の宝札", {"name": "落とし穴#2", "position": "set"}], "2020-01-01")
    offered = moves(state)
    assert offered == ["Activate('魔轟神獣キャシー: destroy a face-up card', target='生還の宝札')"], offered
    _, events = play(state, offered[0])
    assert "destroyed" in kinds(events, "生還の宝札")


def test_no_face_up_card_nothing_to_activate() -> None:
    state = adjusted([{"name": "サイクロン#2", "position": "set"}], "2020-01-01")
    assert state.is_over or not any(CATSITH in m for m in moves(state))


def test_the_sign_it_destroys_activates_only_before_2016() -> None:
    for when, expected in (("2013-03-30", True), ("2017-03-05", False)):
        state = adjusted(["ヒステリック・サイン"], when)
        after, _ = play(state, "Activate('魔轟神獣キャシー")
        everything = [m for m in moves(after)]
        assert any("ヒステリック・サイン" in m for m in everything) is expected, (when, everything)

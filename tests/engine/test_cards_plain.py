"""Filler cards: registered, nothing to do in the End Phase."""

from __future__ import annotations

from card_play import FILLERS, draft, moves, play, start

from toolkit.ocg.cards import behaviour
from toolkit.ocg.cards.plain import MONSTER_TYPES, monster_type


def test_fillers_have_no_end_phase_text() -> None:
    for name in (*FILLERS, "ブラッド・ヴォルス", "ジェネティック・ワーウルフ", "フレムベル・ヘルドッグ"):
        text = behaviour(name).text_at(None)
        assert not (text.end_phase or text.triggers or text.quick or text.continuous or text.lingering), name


def test_fillers_are_monsters_spells_and_traps_as_printed() -> None:
    assert behaviour("ブラッド・ヴォルス").is_monster
    assert not behaviour("死者蘇生").is_monster
    assert behaviour("落とし穴").card_type.value == "trap"


def test_monster_types_are_recorded_for_costs() -> None:
    assert monster_type("ブラッド・ヴォルス") == "beast-warrior"
    assert monster_type("死者蘇生") is None
    assert all(behaviour(name).is_monster for name in MONSTER_TYPES)


def test_a_hand_of_fillers_only_meets_the_hand_size_rule() -> None:
    state = start(draft().hand("A", [*FILLERS, "ブラッド・ヴォルス"]))
    assert not state.pending
    adjust, _ = play(state, "Pass()", "Pass()")
    assert all(m.startswith("Discard(") for m in moves(adjust))
    assert len(moves(adjust)) == 28, "two of the eight cards, discarded together: C(8, 2) choices"

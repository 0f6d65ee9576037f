"""《ＴＧ ストライカー》: optional search in the End Phase of the turn it was destroyed."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start

STRIKER = "ＴＧ ストライカー"
DESTROYED = {"name": STRIKER, "tags": ["destroyed_this_turn", "sent_to_gy_this_turn"]}


def test_destroyed_this_turn_it_may_add_a_tg_monster() -> None:
    state = start(draft().graveyard("A", [DESTROYED]).deck("A", ["ＴＧ ラッシュ・ライノ"]))
    [process] = state.pending
    assert not process.mandatory
    _, events = play(state, "Perform('ＴＧ ストライカー")
    assert "added_to_hand" in kinds(events, "ＴＧ ラッシュ・ライノ")


def test_not_destroyed_no_search() -> None:
    sent = {"name": STRIKER, "tags": ["sent_to_gy_this_turn"]}
    assert not start(draft().graveyard("A", [sent]).deck("A", ["ＴＧ ラッシュ・ライノ"])).pending


def test_no_tg_monster_in_the_deck_nothing_offered() -> None:
    state = start(draft().graveyard("A", [DESTROYED]).deck("A", ["ブラッド・ヴォルス"]))
    assert not any(m.startswith("Perform('ＴＧ") for m in moves(state))

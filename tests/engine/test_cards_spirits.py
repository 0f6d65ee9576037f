"""Spirits return to the hand in the End Phase of the turn they were summoned or flipped."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start


def test_summoned_spirit_must_return() -> None:
    state = start(draft().field("A", [{"name": "月読命", "tags": ["summoned_this_turn"]}]))
    [process] = state.pending
    assert process.mandatory and process.chain_link and process.controller == "A"
    forced, _ = play(state, "Pass()", "Pass()")
    assert moves(forced) == ["Perform('月読命: return to the hand')"]
    after, events = play(forced, "Perform('月読命")
    assert "returned_to_hand" in kinds(events, "月読命")
    assert [c.name for c in after.cards_in("A", after.cards[0].zone)] == ["月読命"]


def test_spirit_not_summoned_this_turn_stays() -> None:
    state = start(draft().field("A", ["阿修羅"]))
    assert not state.pending


def test_opponents_flipped_spirit_returns_in_this_turn() -> None:
    state = start(
        draft().field("B", [{"name": "火之迦具土", "position": "face_up_defense", "tags": ["flipped_this_turn"]}])
    )
    [process] = state.pending
    assert process.controller == "B"
    _, events = play(state, "Pass()", "Pass()", "Perform('火之迦具土")
    assert "returned_to_hand" in kinds(events, "火之迦具土")


def test_face_down_spirit_has_no_process() -> None:
    state = start(draft().field("B", [{"name": "八俣大蛇", "position": "face_down", "tags": ["flipped_this_turn"]}]))
    assert not state.pending

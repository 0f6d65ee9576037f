"""《魔導教士 システィ》 and the Spellbook cards it reads and fetches."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start

SYSTIE = "魔導教士 システィ"
BOOK_USED = {"name": "グリモの魔導書", "tags": ["activated_this_turn"]}


def test_systie_after_a_spellbook_banishes_itself_and_adds_two() -> None:
    state = start(
        draft().field("A", [SYSTIE]).graveyard("A", [BOOK_USED]).deck("A", ["魔導法士 ジュノン", "セフェルの魔導書"])
    )
    [process] = state.pending
    assert not process.mandatory and process.chain_link
    after, events = play(state, "Perform('魔導教士 システィ")
    assert "banished" in kinds(events, SYSTIE)
    hand = {c.name for c in after.cards if c.zone.value == "hand"}
    assert hand == {"魔導法士 ジュノン", "セフェルの魔導書"}


def test_no_spellbook_this_turn_no_process() -> None:
    state = start(draft().field("A", [SYSTIE]).graveyard("A", ["グリモの魔導書"]).deck("A", ["魔導法士 ジュノン", "セフェルの魔導書"]))
    assert not state.pending


def test_not_offered_without_both_cards_in_the_deck() -> None:
    state = start(draft().field("A", [SYSTIE]).graveyard("A", [BOOK_USED]).deck("A", ["セフェルの魔導書"]))
    assert not any(m.startswith("Perform('魔導教士") for m in moves(state))


def test_not_in_the_opponents_end_phase() -> None:
    state = start(
        draft("t", "B").field("A", [SYSTIE]).graveyard("A", [BOOK_USED]).deck("A", ["魔導法士 ジュノン", "セフェルの魔導書"])
    )
    assert not state.pending

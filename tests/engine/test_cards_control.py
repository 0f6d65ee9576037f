"""《ミストデーモン》 and 《エネミーコントローラー》: two processes, either order (12/05/05)."""

from __future__ import annotations

from card_play import draft, kinds, moves, play, start

from toolkit.engine import ProcessKind, State

MIST = "ミストデーモン"
TAKEN = {"name": MIST, "tags": ["tribute_less_summoned", "control_taken"]}


def taken_mist() -> State:
    return start(
        draft()
        .field("B", [TAKEN])
        .graveyard("B", ["エネミーコントローラー"])
        .lingering("エネミーコントローラー", "B", target=MIST, effect="control")
    )


def test_tribute_less_mist_destroys_itself_and_burns_its_controller() -> None:
    state = start(draft().field("A", [{"name": MIST, "tags": ["tribute_less_summoned"]}]))
    _, events = play(state, "Pass()", "Pass()", "Perform('ミストデーモン")
    assert "destroyed" in kinds(events, MIST)
    assert any(e.kind == "damage" and e.player == "A" and e.amount == 1000 for e in events)


def test_mist_summoned_with_tributes_stays() -> None:
    assert not start(draft().field("A", [MIST])).pending


def test_control_return_is_a_process_of_the_taker() -> None:
    state = taken_mist()
    owner = next(c for c in state.cards if c.name == MIST)
    assert owner.owner == "A" and owner.controller == "B"
    [ret] = [p for p in state.pending if p.kind is ProcessKind.DURATION_END]
    assert ret.controller == "B" and ret.mandatory and not ret.chain_link


def test_return_first_burns_the_owner() -> None:
    forced, _ = play(taken_mist(), "Pass()", "Pass()")
    assert len(moves(forced)) == 2, "B orders its two processes freely"
    after, events = play(forced, "Perform('エネミーコントローラー")
    assert next(c for c in after.cards if c.name == MIST).controller == "A"
    assert "control_changed" in kinds(events, MIST)
    _, burn = play(after, "Pass()", "Pass()", "Perform('ミストデーモン")
    assert any(e.kind == "damage" and e.player == "A" for e in burn)


def test_destroy_first_burns_the_taker() -> None:
    _, events = play(taken_mist(), "Pass()", "Pass()", "Perform('ミストデーモン")
    assert any(e.kind == "damage" and e.player == "B" and e.amount == 1000 for e in events)

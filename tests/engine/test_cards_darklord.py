"""《堕天使ゼラート》: destroyed in the End Phase of the turn its effect was used."""

from __future__ import annotations

from card_play import draft, kinds, play, start

ZERATO = "堕天使ゼラート"


def test_used_zerato_must_destroy_itself() -> None:
    state = start(draft().field("A", [{"name": ZERATO, "tags": ["effect_used_this_turn"]}]))
    [process] = state.pending
    assert process.mandatory and not process.chain_link
    _, events = play(state, "Pass()", "Pass()", "Perform('堕天使ゼラート")
    assert "destroyed" in kinds(events, ZERATO)


def test_unused_zerato_stays() -> None:
    assert not start(draft().field("A", [ZERATO])).pending


def test_negated_zerato_destroys_nothing_2012() -> None:
    state = start(
        draft()
        .field("A", [{"name": ZERATO, "tags": ["effect_used_this_turn"]}])
        .graveyard("B", ["エフェクト・ヴェーラー"])
        .lingering("エフェクト・ヴェーラー", "B", target=ZERATO, effect="negate")
        .on("2012-09-16")
    )
    _, events = play(state, "Pass()", "Pass()", "Perform('堕天使ゼラート")
    assert "negated" in kinds(events, ZERATO) and "destroyed" not in kinds(events, ZERATO)

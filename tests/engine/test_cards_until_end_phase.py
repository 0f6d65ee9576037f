"""《ファントム・オブ・カオス》 and 《傀儡虫》: still "until the End Phase" on every date (X2)."""

from __future__ import annotations

import datetime

from card_play import draft, kinds, moves, play, start

from toolkit.engine import Duration, ProcessKind
from toolkit.ocg.cards import behaviour


def test_their_durations_did_not_change_with_the_errata() -> None:
    for name, effect in (("ファントム・オブ・カオス", "copy"), ("傀儡虫", "control"), ("エネミーコントローラー", "control")):
        for when in ("2011-09-01", "2014-07-10", "2024-01-01"):
            text = behaviour(name).text_at(datetime.date.fromisoformat(when))
            lingering = text.lingering_effect(effect)
            assert lingering is not None and lingering.duration is Duration.UNTIL_END_PHASE, (name, when)


def test_phantom_copy_ends_by_a_mandatory_process() -> None:
    state = start(
        draft().field("A", ["ファントム・オブ・カオス"]).lingering(
            "ファントム・オブ・カオス", "A", target="ファントム・オブ・カオス", effect="copy"
        )
    )
    [process] = state.pending
    assert process.kind is ProcessKind.DURATION_END and process.mandatory and process.controller == "A"
    _, events = play(state, "Pass()", "Pass()", "Perform('ファントム・オブ・カオス")
    assert "effect_ended" in kinds(events, "ファントム・オブ・カオス")


def test_marionette_mite_control_goes_back() -> None:
    state = start(
        draft("t", "B")
        .field("A", [{"name": "ブラッド・ヴォルス", "tags": ["control_taken"]}])
        .graveyard("A", ["傀儡虫"])
        .lingering("傀儡虫", "A", target="ブラッド・ヴォルス", effect="control")
    )
    assert moves(state) == ["Pass()"], "the taker (A) is not the turn player here"
    after, events = play(state, "Pass()", "Pass()", "Perform('傀儡虫")
    assert "control_changed" in kinds(events, "ブラッド・ヴォルス")
    assert next(c for c in after.cards if c.name == "ブラッド・ヴォルス").controller == "B"

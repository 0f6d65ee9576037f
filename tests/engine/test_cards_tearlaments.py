"""《古尖兵ケルベク》 mills five from each deck; 《ティアラメンツ・メイルゥ》 answers a mill."""

from __future__ import annotations

from card_play import FILLERS, draft, kinds, moves, play, start

from toolkit.engine import Event, State

KELBEK = "古尖兵ケルベク"
MERRLI = "ティアラメンツ・メイルゥ"


def kelbek_resolved(when: str) -> tuple[State, list[Event]]:
    d = draft().hand("A", [KELBEK, *FILLERS[:6]]).deck("A", [MERRLI]).on(when)
    state, _ = play(start(d), "Pass()", "Pass()", f"Discard(('{KELBEK}',))")
    assert any(m.startswith(f"Activate('{KELBEK}") for m in moves(state))
    return play(state, f"Activate('{KELBEK}")


def test_kelbek_mills_five_from_each_deck() -> None:
    state, events = kelbek_resolved("2023-01-16")
    milled = {e.player: e.amount for e in events if e.kind == "milled"}
    assert milled == {"A": 5, "B": 5}
    assert "sent_to_gy" in kinds(events, MERRLI)


def test_merrli_milled_by_kelbek_before_and_after_2023() -> None:
    old, _ = kelbek_resolved("2022-12-31")
    assert any(m.startswith(f"Activate('{MERRLI}") for m in moves(old))
    new, _ = kelbek_resolved("2023-01-16")
    assert not any(MERRLI in m for m in moves(new))


def test_merrli_needs_a_card_effect() -> None:
    from toolkit.ocg.cards import behaviour

    [trigger] = behaviour(MERRLI).text_at(None).triggers
    assert trigger.condition is not None and not trigger.mandatory

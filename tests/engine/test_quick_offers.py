"""R5's quick effects with no chain link to respond to are looked for only among the effects that
can be activated without one (``PositionTables.open_quick_uids``: an effect that only "responds to"
something needs a link, or a moment it answers).  The shortcut must offer exactly what looking at
every card with a quick effect offers, in every position reached from the benchmark families and
the shipped scenarios."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from engine_positions import reachable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import MIXED, position  # noqa: E402

import toolkit.games
from toolkit.core.game import as_state, game_of
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure.legal import nobody_can_respond, r5_quick_effects
from toolkit.ocg.setup import initial_state
from toolkit.ocg.state import State
from toolkit.ocg.tables import PositionTables

PLAYERS = ("A", "B")


@contextmanager
def _every_quick_effect(tables: PositionTables) -> Iterator[None]:
    """``tables`` with the shortcut off: every card with a quick effect is looked at."""
    kept = tables.open_quick_uids, tables.open_quick_zones
    tables.open_quick_uids, tables.open_quick_zones = tables.quick_uids, tables.quick_zones
    try:
        yield
    finally:
        tables.open_quick_uids, tables.open_quick_zones = kept


def _offers(state: State) -> tuple[Any, ...]:
    return (tuple(tuple(r5_quick_effects(state, p, responding=r)) for p in PLAYERS for r in (False, True)),
            nobody_can_respond(state))


def _positions() -> list[State]:
    starts = [initial_state(FAMILIES[f](8)) for f in sorted(FAMILIES)]
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    return [s for start in starts for s in reachable(start, 800) if isinstance(s, State)]


def test_quick_effects_offered_with_no_link_are_those_of_every_card() -> None:
    positions = _positions()
    narrowed = offered = 0
    for state in positions:
        fast = _offers(state)
        with _every_quick_effect(state.tables):
            full = _offers(state)
        assert fast == full, state.describe()
        narrowed += state.tables.open_quick_uids != state.tables.quick_uids
        offered += any(fast[0])
    # the check means something: positions where the shortcut leaves cards out, and offers made
    assert narrowed > 100 and offered > 100, (narrowed, offered)


def test_a_card_that_only_responds_is_not_looked_at_without_a_link() -> None:
    state = initial_state(FAMILIES["mixed"](8))  # 《ホルスの黒炎竜 LV８》 in the decks: negates a Spell's activation
    tables = state.tables
    lv8 = [c.uid for c in state.cards if c.name == "ホルスの黒炎竜 LV８"]
    assert lv8 and set(lv8) <= set(tables.quick_uids)
    assert not set(lv8) & set(tables.open_quick_uids)


def test_a_card_that_answers_a_moment_is_looked_at_without_a_link() -> None:
    # 《強烈なはたき落とし》 responds to no chain link but may be activated at the moment the
    # opponent adds a card from the deck to the hand: it must stay among the cards looked at
    state = as_state(toolkit.games.shipped_scenario("grimoire_red_gadget_drop_off_2014"))
    drop_off = [c.uid for c in state.cards if c.name == "強烈なはたき落とし"]
    assert drop_off and set(drop_off) <= set(state.tables.open_quick_uids)


def test_nobody_can_respond_exactly_when_no_response_is_offered() -> None:
    """``nobody_can_respond`` looks only at the cards whose quick effects may be activated where they are, and
    asks only whether an effect has a first choice: on a chain it answers as R5's full listing does."""
    chained = [s for s in _positions() if s.chain]
    answered = 0
    for state in chained:
        offered = any(tuple(r5_quick_effects(state, p, responding=True)) for p in PLAYERS)
        assert nobody_can_respond(state) is not offered, state.describe()
        answered += offered
    assert len(chained) > 50 and answered > 10, (len(chained), answered)



def test_a_link_local_test_that_refuses_the_link_answers_for_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """``nobody_can_respond`` first asks the held cards' quick effects' chain-link tests marked link-local
    (``cards.locality.link_local``: they read the card and the link only); where every such test refuses
    the link it answers at once. Every step of the mixed family (a 《ホルスの黒炎竜 LV８》 that negates only a
    Spell's activation, on the field after a level-up) and of the shipped scenarios (negators that answer
    any link, or the opponent's) is the same as with that shortcut off, and the shortcut answers in many of
    them; a test not marked is never taken for a refusal."""
    from toolkit.ocg.cards.locality import LINK_LOCAL, is_link_local
    from toolkit.ocg.procedure import legal, remembered

    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # every step on a board
    starts = [initial_state(position(MIXED, 9))]  # (the shortcut's case: a Spell's negator, no Spell)
    starts += [as_state(toolkit.games.shipped_scenario(n)) for n in toolkit.games.shipped_scenario_names()]
    game = game_of(starts[0])  # (the shipped scenarios' links include those the tests accept)
    edges = [(s, a) for start, limit in zip(starts, [1500] + [300] * len(starts))
             for s in reachable(start, limit) if isinstance(s, State) for a in game.legal_actions(s)]
    shortcut = legal._no_link_answered
    answered = []

    def counted(board: Any, top: Any, held: list[int]) -> bool:
        answered.append(shortcut(board, top, held))
        return answered[-1]

    monkeypatch.setattr(legal, "_no_link_answered", counted)
    fast = [game.transition(s, a, check=False) for s, a in edges]
    monkeypatch.setattr(legal, "_no_link_answered", lambda board, top, held: False)
    assert fast == [game.transition(s, a, check=False) for s, a in edges]
    assert sum(answered) > 100, sum(answered)

    def unmarked(card: object, state: object, link: object) -> bool:
        return False

    assert not is_link_local(unmarked)
    setattr(unmarked, LINK_LOCAL, True)
    assert is_link_local(unmarked)

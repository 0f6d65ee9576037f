"""A remembered activation (``procedure.remembered_quick``) gives exactly what the whole procedure
gives: the same next State, events and notes.

With ``remembered.CHECK_REMEMBERED`` on, every remembered activation is also made by the whole
procedure and compared; these tests turn it on and search family (e) of issue 34 (a set
《強制脱出装置》 that may return any monster), positions where it may end a control change, and random
positions with the Trap beside cards that can and cannot answer it — and check that activations were
remembered and used, that the check catches a wrong one, and that nothing is remembered where
another card could answer the activation.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_positions import card, controls_and_a_way_out, player, reachable, scenario
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import positions
from test_reduction import reducible_positions

from toolkit.core.actions import Activate, Respond
from toolkit.core.errors import SearchBudgetExceeded
from toolkit.core.search import explore
from toolkit.ocg.procedure import legal_actions, remembered, remembered_quick
from toolkit.ocg.scenario import CardSpec, scenario_from_dict
from toolkit.ocg.setup import initial_state

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

DEVICE = "強制脱出装置"


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """The check switched on; counts the activations recalled."""
    calls = {"recalled": 0, "answers recalled": 0}
    recall = remembered_quick.recall

    def counted(state: Any, action: Any) -> tuple[Any, Any]:
        reach, found = recall(state, action)
        calls["recalled"] += found is not None
        calls["answers recalled"] += found is not None and type(action) is Respond
        return reach, found

    monkeypatch.setattr(remembered, "CHECK_REMEMBERED", True)
    monkeypatch.setattr(remembered_quick, "recall", counted)
    yield calls


def _family_e(n: int) -> Any:
    from families import DIFFERENT, position

    return position(DIFFERENT, n)


@pytest.mark.parametrize("reduce", [False, True])
def test_family_e_recalls_what_the_procedure_does(reduce: bool, checked: dict[str, int]) -> None:
    start = initial_state(_family_e(6))
    remembered.forget(start.tables)
    explore(start, reduce=reduce)
    assert checked["recalled"] > 50


def test_ending_a_control_change_is_recalled_as_the_procedure_does_it(checked: dict[str, int]) -> None:
    # the Trap returns a monster whose control was taken: the lingering effect on it and its process go
    start = controls_and_a_way_out(5)
    remembered.forget(start.tables)
    explore(start, reduce=False)
    assert checked["recalled"] > 20


def test_the_searches_are_the_same_with_and_without_remembering() -> None:
    start = initial_state(_family_e(6))
    remembered.forget(start.tables)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
        plain = explore(start)
    kept = explore(start)
    assert [(o.outcome, o.lines) for o in kept.outcomes] == [(o.outcome, o.lines) for o in plain.outcomes]
    assert (kept.states, kept.transitions, kept.tree_nodes) == (plain.states, plain.transitions, plain.tree_nodes)
    assert [o.example for o in kept.outcomes] == [o.example for o in plain.outcomes]


@st.composite
def positions_with_the_device(draw: st.DrawFn) -> Any:  # type: ignore[no-untyped-def]
    """A random position with a set 《強制脱出装置》 for one player — of the cards the reduction knows
    (``test_reduction.reducible_positions``: control changes that end, hands that may go over the limit
    once the Trap returns a monster) or of cards that can respond and trigger (``test_properties.positions``)
    — and maybe a card that can answer it: a second one set, or 《サイクロン》 in the other player's hand."""
    base = draw(reducible_positions() if draw(st.integers(0, 3)) else positions(max_field=3, max_hand=3))
    side = draw(st.sampled_from(["A", "B"]))
    other = "B" if side == "A" else "A"
    players = dict(base.players)
    theirs = players[other]  # a monster to return, at least: a Spirit due back or one with nothing to do
    spirit = draw(st.sampled_from([card("月読命#x", "summoned_this_turn"), card("ハーピィ・レディ#x")]))
    players[other] = dataclasses.replace(theirs, field=(*theirs.field, spirit))
    mine = players[side]
    extra = draw(st.sampled_from(["none", "second device", "cyclone"]))
    field = (*mine.field, CardSpec(f"{DEVICE}#1", position="set"))
    if extra == "second device":
        field += (CardSpec(f"{DEVICE}#2", position="set"),)
    players[side] = dataclasses.replace(mine, field=field)
    if extra == "cyclone":
        theirs = players[other]
        players[other] = dataclasses.replace(theirs, hand=(*theirs.hand, "サイクロン"))
    return dataclasses.replace(base, players=players)


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions_with_the_device())
def test_random_positions_with_the_device_recall_what_the_procedure_does(position: Any) -> None:
    # (150 examples, by hand: 3,702 activations recalled, each the procedure's; a big position is
    # searched up to 1,000 positions: the activations met until then are compared all the same)
    with pytest.MonkeyPatch.context() as patch, contextlib.suppress(SearchBudgetExceeded):
        patch.setattr(remembered, "CHECK_REMEMBERED", True)
        explore(position, max_states=1_000)


def test_the_check_catches_an_activation_remembered_wrong(checked: dict[str, int]) -> None:
    start = initial_state(_family_e(4))
    remembered.forget(start.tables)
    explore(start, reduce=False)
    kept = start.tables.remembered
    changes = [key for key, change in kept.items() if isinstance(change, remembered_quick.QuickChange)]
    assert changes
    for key in changes:
        kept[key] = dataclasses.replace(kept[key], events=kept[key].events[:-1])  # one event lost
    with pytest.raises(AssertionError, match="a remembered activation differs"):
        explore(start, reduce=False)
    remembered.forget(start.tables)


def _activations(position: Any) -> list[tuple[Any, Activate]]:
    """Each reachable position's activations of a 《強制脱出装置》 (up to 400 positions)."""
    return [(state, action) for state in reachable(initial_state(position), 400)
            for action in legal_actions(state) if isinstance(action, Activate)]


SPIRITS = [card("月読命", "summoned_this_turn"), card("阿修羅", "summoned_this_turn")]


def test_nothing_is_remembered_where_another_card_could_answer() -> None:
    # the control: the Trap alone beside Spirits is remembered
    alone = _activations(scenario(player(field=SPIRITS), player(field=[card(DEVICE, position="set")])))
    assert any(remembered_quick.recall(s, a)[0] is not None for s, a in alone)
    # a second copy set, or a 《サイクロン》 in a hand: either could answer it
    for position in (scenario(player(field=SPIRITS), player(field=[card(f"{DEVICE}#1", position="set"),
                                                                   card(f"{DEVICE}#2", position="set")])),
                     scenario(player(field=SPIRITS, hand=["サイクロン"]), player(field=[card(DEVICE, position="set")]))):
        found = _activations(position)
        assert found and all(remembered_quick.recall(s, a) == (None, None) for s, a in found)


def test_an_answer_to_a_spirits_return_is_recalled_as_the_procedure_does_it(checked: dict[str, int]) -> None:
    # the Trap answers a Spirit's return (a chain link of a process that moves only its own card): the
    # chain resolves after it — the Trap first, then the return, which finds its card gone if it was the target
    position = scenario(player(field=[*SPIRITS, card("ハーピィ・レディ")]), player(field=[card(DEVICE, position="set")]))
    start = initial_state(position)
    remembered.forget(start.tables)
    answers = [(s, a) for s, a in _answers(position)]
    assert answers and all(remembered_quick.recall(s, a)[0] is not None for s, a in answers)
    explore(start, reduce=False)
    assert checked["answers recalled"] > 10


def _answers(position: Any) -> list[tuple[Any, Respond]]:
    """Each reachable position's answers with a 《強制脱出装置》 (up to 400 positions)."""
    return [(state, action) for state in reachable(initial_state(position), 400)
            for action in legal_actions(state) if isinstance(action, Respond)]


def test_a_card_of_ones_own_taking_the_traps_name_is_not_trusted() -> None:
    # the same words as the shipped text, but written by the user: its text is not vouched for
    own = {"name": DEVICE, "shadows": True, "type": "trap", "subtype": "normal", "texts": [{"quick": [
        {"key": "return a monster to the hand", "spell_speed": 2, "zones": "field", "can_activate": ["set_trap_ready"],
         "choose": {"target": {"side": "both", "monster": True}},
         "do": {"return_to_hand": {"card": "target", "if_in": "field"}}}]}]}
    position = scenario_from_dict({
        "title": "t", "turn_player": "A", "date": "2024-01-01", "cards": [own],
        "players": {"A": {"field": [{"name": "月読命", "tags": ["summoned_this_turn"]}]},
                    "B": {"field": [{"name": DEVICE, "position": "set"}]}}})
    found = _activations(position)
    assert found and all(remembered_quick.recall(s, a) == (None, None) for s, a in found)

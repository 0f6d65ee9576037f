"""A remembered change (``procedure.remembered``) gives exactly what the whole
procedure gives: the same next State, events and notes.

With ``remembered.CHECK_REMEMBERED`` on, every remembered change is also made
by the whole procedure and compared; these tests turn it on and play the
benchmark families, every shipped scenario and random positions, check that
changes were remembered and used — and that the check catches a wrong one, and
that a process whose change depends on more than the cards it reaches is
never remembered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from engine_positions import VEILER, card, player, reachable, scenario
from hypothesis import HealthCheck, given, settings
from test_properties import positions
from test_reduction import reducible_positions

import toolkit.games
from tests.cards.conftest import _forget_loaded_cards  # noqa: F401  (the cards a test loads are its own)
from toolkit.core.actions import Perform
from toolkit.core.game import Transition
from toolkit.core.search import explore
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import legal_actions, remembered
from toolkit.ocg.scenario import scenario_from_dict
from toolkit.ocg.setup import initial_state
from toolkit.ocg.values import Zone


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """The check switched on; counts the changes recalled."""
    calls = {"recalled": 0}
    recall = remembered.recall

    def counted(*args: Any) -> tuple[Any, Transition | None]:
        reach, found = recall(*args)
        calls["recalled"] += found is not None
        return reach, found

    monkeypatch.setattr(remembered, "CHECK_REMEMBERED", True)
    monkeypatch.setattr(remembered, "recall", counted)
    yield calls


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("reduce", [False, True])
def test_the_families_recall_what_the_procedure_does(family: str, reduce: bool, checked: dict[str, int]) -> None:
    explore(FAMILIES[family](7), reduce=reduce)
    assert checked["recalled"] > 20


def test_every_shipped_scenario_recalls_what_the_procedure_does(checked: dict[str, int]) -> None:
    for name in toolkit.games.shipped_scenario_names():
        explore(toolkit.games.shipped_scenario(name), reduce=False, max_states=200_000)
    assert checked["recalled"] > 30  # most shipped scenarios hold a card that can respond or trigger


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_positions_recall_what_the_procedure_does(position: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(remembered, "CHECK_REMEMBERED", True)
        explore(position, reduce=False, max_states=50_000)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(reducible_positions())
def test_random_positions_of_known_cards_recall_what_the_procedure_does(position: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(remembered, "CHECK_REMEMBERED", True)
        explore(position, reduce=False, max_states=50_000)


def test_the_check_catches_a_change_remembered_wrong(checked: dict[str, int]) -> None:
    position = FAMILIES["mandatory"](3)
    explore(position, reduce=False)
    kept = initial_state(position).tables.remembered
    assert kept
    for key, change in list(kept.items()):
        if isinstance(change, remembered.Change):
            kept[key] = dataclasses.replace(change, events=change.events[:-1])  # one event lost
    with pytest.raises(AssertionError, match="a remembered change differs"):
        explore(position, reduce=False)
    kept.clear()


def _kept_after(position: Any) -> list[remembered.Change]:
    """The changes remembered while exploring ``position`` (from nothing remembered)."""
    state = initial_state(position)
    remembered.forget(state.tables)
    explore(position, reduce=False, max_states=50_000)
    return [c for c in state.tables.remembered.values() if isinstance(c, remembered.Change)]


SPIRITS = [card("月読命", "summoned_this_turn"), card("阿修羅", "summoned_this_turn")]


def test_nothing_is_remembered_where_a_card_could_respond_or_trigger() -> None:
    assert _kept_after(scenario(player(field=SPIRITS), player()))  # the control: Spirits alone are remembered
    # a set Trap that may answer them: nothing is remembered from a position where it is still set (once
    # used, it lies in the GY, activated only from the field: the positions after it may be remembered)
    device = scenario(player(field=SPIRITS), player(field=[card("強制脱出装置", position="set")]))
    set_still = [s for s in reachable(initial_state(device), 500)
                 if any(c.name == "強制脱出装置" and c.zone is Zone.FIELD for c in s.cards)]
    assert set_still and all(remembered.recall(s, a) == (None, None) for s in set_still
                             for a in legal_actions(s) if isinstance(a, Perform))
    assert not _kept_after(scenario(player(field=SPIRITS, hand=["闇・道化師のペーテン"]), player()))  # discardable
    # in the deck, which nothing here moves, the same trigger can never fire: the change is remembered
    assert _kept_after(scenario(player(field=SPIRITS, deck=["闇・道化師のペーテン"]), player()))


def test_nothing_is_remembered_for_a_card_a_lingering_effect_negates() -> None:
    negated = scenario(player(field=SPIRITS), player(), lingering=[(VEILER, "B", "月読命", "negate")])
    assert not _kept_after(negated)


def test_nothing_is_remembered_for_a_process_that_looks_at_other_cards() -> None:
    only_with_another = {"key": "return to the hand", "mandatory": True, "chain_link": True,
                         "when": ["face_up_on_field", "summoned_this_turn"],
                         "only_if": {"exists": {"zones": "field", "monster": True, "not_itself": True}},
                         "do": {"return_to_hand": "itself"}}
    cards = [{"name": n, "type": "monster", "texts": [{"end_phase": [only_with_another]}]}
             for n in ("テスト用見張りＡ", "テスト用見張りＢ")]
    position = scenario_from_dict({"title": "t", "turn_player": "A", "date": "2024-01-01", "cards": cards,
                                   "players": {"A": {"field": [{"name": c["name"], "tags": ["summoned_this_turn"]}
                                                               for c in cards]}}})
    assert not _kept_after(position)
    assert len(explore(position).outcomes) == 2  # which one stays depends on the order


def test_a_change_is_remembered_per_turn_player(checked: dict[str, int]) -> None:
    # the same cards on the other player's turn, under rules where priority after a
    # process goes to the turn player: who acts next differs, and is not recalled wrong
    from toolkit.engine import RULESETS

    rules = dataclasses.replace(RULESETS["ocg"], priority_after_voluntary_process="turn_player",
                                priority_after_forced_process="turn_player")
    for turn in ("A", "B"):
        state = initial_state(dataclasses.replace(FAMILIES["mandatory"](5), turn_player=turn), ruleset=rules)
        explore(state, reduce=False)
    assert checked["recalled"] > 20

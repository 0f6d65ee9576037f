"""R6's incremental update (only the cards that changed are looked at again)
gives exactly the pending processes of the full recomputation.

With ``pending.CHECK_INCREMENTAL`` on, every incremental update is also
computed in full and compared; these tests turn it on and play every shipped
scenario, the benchmark families and random positions, and check the fast
path was taken — and that the check does catch a wrong update.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from engine_positions import controls_and_a_way_out
from hypothesis import HealthCheck, given, settings
from test_properties import positions

import toolkit.games
from toolkit.core.search import explore
from toolkit.ocg.positions import FAMILIES
from toolkit.ocg.procedure import pending, remembered, remembered_quick
from toolkit.ocg.values import Process


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """The check switched on; counts how often each path ran."""
    calls = {"changed": 0, "all": 0}
    sync_changed, sync_all = pending._sync_changed, pending._sync_all

    def counted_changed(*args: Any) -> tuple[Process, ...]:
        calls["changed"] += 1
        return sync_changed(*args)

    def counted_all(*args: Any) -> tuple[Process, ...]:
        calls["all"] += 1
        return sync_all(*args)

    monkeypatch.setattr(pending, "CHECK_INCREMENTAL", True)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))  # every process through R6
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    monkeypatch.setattr(pending, "_sync_changed", counted_changed)
    monkeypatch.setattr(pending, "_sync_all", counted_all)
    yield calls


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_families_sync_incrementally_as_in_full(family: str, checked: dict[str, int]) -> None:
    explore(FAMILIES[family](6), reduce=False)
    assert checked["changed"] > 10 * max(1, checked["all"] - checked["changed"])  # lingering control returns too


def test_every_shipped_scenario_syncs_incrementally_as_in_full(checked: dict[str, int]) -> None:
    for name in toolkit.games.shipped_scenario_names():
        explore(toolkit.games.shipped_scenario(name), reduce=False, max_states=200_000)
    assert checked["changed"] > 100


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_positions_sync_incrementally_as_in_full(position: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pending, "CHECK_INCREMENTAL", True)
        explore(position, reduce=False, max_states=50_000)


def test_the_check_catches_an_update_that_loses_a_process(checked: dict[str, int],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pending, "_sync_changed", lambda board, before, adjusted, *facts: before[:-1])
    with pytest.raises(AssertionError, match="incremental R6 differs"):
        explore(FAMILIES["mandatory"](3), reduce=False)


def test_lingering_effects_sync_incrementally_as_in_full(checked: dict[str, int]) -> None:
    start = controls_and_a_way_out(5)
    assert start.lingering
    explore(start, reduce=False)
    assert checked["changed"] > 10 * max(1, checked["all"] - checked["changed"])

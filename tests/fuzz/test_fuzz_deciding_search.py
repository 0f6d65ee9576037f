"""Every counterfactual of every shipped ruling: the search that stops once a question is settled
answers as the full search does (``make fuzz``; ``make test`` asks a few, see
tests/test_history_deciding_search.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for the comparison made there
from test_history_deciding_search import MODELLED, asked_differently  # noqa: E402


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_every_counterfactual_settles_as_the_full_search(ruling_id: str) -> None:
    assert asked_differently(ruling_id, counterfactuals=True) == []


SCENARIOS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "datasets" / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_event_of_every_scenario_settles_as_the_full_search(scenario: str) -> None:
    from test_history_deciding_search import asked_of_events

    assert asked_of_events(scenario) == []


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_every_counterfactual_settles_alike_with_and_without_renaming(ruling_id: str) -> None:
    """``decide`` walking positions the same up to renaming cards once answers as it does without
    renaming and as the full search (``make test`` asks a few rulings: tests/test_deciding_renaming.py)."""
    from test_deciding_renaming import renamed_differently

    assert renamed_differently(ruling_id, counterfactuals=True)[0] == []


@pytest.mark.parametrize("ruling_id", MODELLED)
def test_every_order_question_answers_alike_up_to_renaming(ruling_id: str) -> None:
    """Every ``possible_order`` / ``always_order`` question of every shipped ruling, under its own rules,
    today's and every counterfactual: the order walk up to renaming answers as the order search
    (``make test`` asks a few rulings: tests/test_history_order_renaming.py)."""
    from test_history_order_renaming import _renamed_and_plain

    assert _renamed_and_plain(ruling_id)[1] == []

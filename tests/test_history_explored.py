"""A run's exploration is searched once for it and its explanation (toolkit.history.explored), and only
where the answer cannot differ: the same position under rules of the same values and the same limits."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import toolkit.core.search as search
import toolkit.history.explored as explored_module
from toolkit.core.game import game_of
from toolkit.core.reads import recording
from toolkit.games import shipped_scenario
from toolkit.history.checks import run_check
from toolkit.history.deciding import what_decides
from toolkit.history.explored import explored
from toolkit.history.runs import read_check

SCENARIO = "grimoire_ipiria_2014"


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The explorations made (each start searched), with the memo emptied first."""
    made: list[object] = []
    real = search.explore_in

    def counted(game, start, **kwargs):  # type: ignore[no-untyped-def]
        made.append(start)
        return real(game, start, **kwargs)

    monkeypatch.setattr(explored_module, "explore_in", counted)
    monkeypatch.setattr(search, "explore_in", counted)  # (an explanation exploring by itself is counted too)
    monkeypatch.setattr(explored_module, "_EXPLORED", type(explored_module._EXPLORED)(8))
    return made


def test_equal_rules_share_one_exploration_and_a_read_flag_that_differs_does_not(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    first = explored(game, position, rules)
    assert explored(game, position, dataclasses.replace(rules)) is first  # equal values, another object
    other = dataclasses.replace(rules, hand_limit=rules.hand_limit + 1)  # a flag the search reads (R1)
    assert explored(game, position, other) is not first
    assert len(searches) == 2


def test_a_run_noting_its_reads_searches_for_itself(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    plain = explored(game, position, rules)
    with recording(rules) as (noting, reads):
        own = explored(game, position, noting)
        assert explored(game, position, noting) is own  # its own, asked again in the same run
    assert own is not plain and len(searches) == 2
    assert "hand_limit" in reads  # the search ran under the noting copy: what it read is known
    assert explored(game, position, rules) is own  # kept for the calls after it


def test_the_explanation_reads_the_exploration_its_run_made(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)
    check = read_check("t", '{"possible": {"hand": "TP", "at_least": 9}}')  # no: every line adjusts the hand
    with recording(rules) as (noting, _reads):
        result = run_check(check, {SCENARIO: position}, noting)
    assert not result.value and len(searches) == 1
    what_decides(check, {SCENARIO: position}, rules, result, ())
    assert len(searches) == 1  # the explanation's lines are those of the run's exploration


def test_a_ruling_runs_with_the_cyclic_gc_paused_and_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import toolkit.history.runs as runs

    seen: list[bool] = []
    real = runs.run_once

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(runs, "run_once", watched)
    assert gc.isenabled()
    runs.run_ruling("ocg-160708-hysteric-sign-adjustment")
    assert seen and not any(seen)  # (the bookkeeping between searches too: no collection in a ruling's run)
    assert gc.isenabled()


def test_rules_that_cannot_be_a_key_are_searched_not_kept(searches: list[object]) -> None:
    position = shipped_scenario(SCENARIO)
    game = game_of(position)
    rules: Any = game.rules_for(None, None)

    @dataclasses.dataclass(frozen=True)
    class Annotated(type(rules)):  # type: ignore[misc]
        remarks: list[str] = dataclasses.field(default_factory=list)  # (a value of one's own no key can hold)

    annotated = Annotated(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    first = explored(game, position, annotated)
    assert explored(game, position, annotated) is not first and len(searches) == 2  # searched each time
    assert first.outcomes == explored(game, position, rules).outcomes

"""Perft-style counts for the Turn End Step: distinct lines, outcomes and
positions of fixed positions, checked three ways — against a closed form
where one exists (n waiting effects of one player: n! orders), against a
naive walk of every path (no transposition table), and against recorded
counts for the shipped scenarios (dm_positions.yaml)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit import explore
from toolkit.core.search import naive_line_count
from toolkit.duel_masters import get_rules, initial_state, seed_scenario
from toolkit.duel_masters.scenario import scenario_from_dict

HERE = Path(__file__).resolve().parent
RECORDED: list[dict[str, Any]] = yaml.safe_load((HERE / "dm_positions.yaml").read_text(encoding="utf-8"))


def gurje(n: int) -> Any:
    return scenario_from_dict({"game": "duel_masters", "title": f"{n} waiting", "turn_player": "A",
                               "players": {"A": {"battle_zone": ["グルジェ・グルジェ"] * n}}})


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_n_waiting_effects_of_one_player_give_n_factorial_orders(n: int) -> None:
    found = explore(gurje(n))
    assert found.total_lines == math.factorial(n)
    assert len(found.outcomes) == 1
    assert found.states == 2 ** n + 2  # every subset of resolved effects, the start and the end


@pytest.mark.parametrize("entry", RECORDED, ids=[f"{e['scenario']}@{e['ruleset']}" for e in RECORDED])
def test_recorded_counts(entry: dict[str, Any]) -> None:
    found = explore(seed_scenario(entry["scenario"]), ruleset=entry["ruleset"])
    got = {"lines": found.total_lines, "outcomes": len(found.outcomes), "states": found.states}
    assert got == {k: entry[k] for k in got}, "\n".join(f"{n:>6} {a}" for a, n in found.first_actions)


@pytest.mark.parametrize("entry", RECORDED, ids=[f"{e['scenario']}@{e['ruleset']}" for e in RECORDED])
def test_dp_count_equals_naive_enumeration(entry: dict[str, Any]) -> None:
    start = initial_state(seed_scenario(entry["scenario"]), get_rules(entry["ruleset"]))
    assert naive_line_count(start) == entry["lines"]

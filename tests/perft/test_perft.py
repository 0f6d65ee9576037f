"""Perft-style counts: fixed positions -> distinct lines, outcomes, positions.

The expected numbers live in positions.yaml beside this file.  On a mismatch
the failure message lists the number of lines under each first action, so the
branch that changed is visible at once.  Positions marked ``naive: true`` are
also enumerated path by path, without memoisation, and the DP count must
equal that enumeration.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.core.search import naive_line_count
from toolkit.engine import explore, initial_state
from toolkit.ocg.scenario import load_scenario, scenario_from_dict

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE.parents[1] / "datasets" / "scenarios"
ENTRIES: list[dict[str, Any]] = yaml.safe_load((HERE / "positions.yaml").read_text(encoding="utf-8"))


def position(entry: dict[str, Any]) -> Any:
    if "scenario" in entry:
        return load_scenario(SCENARIOS / f"{entry['scenario']}.yaml")
    return scenario_from_dict(entry["inline"])


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft_counts(entry: dict[str, Any]) -> None:
    # the full search: its positions are the perft count (a reduced search visits fewer, same lines)
    found = explore(position(entry), ruleset=entry.get("ruleset"), reduce=False)
    got = {"lines": found.total_lines, "outcomes": len(found.outcomes), "states": found.states}
    want = {k: entry[k] for k in got}
    per_first = "\n".join(f"  {n:>8}  {action}" for action, n in found.first_actions)
    assert got == want, f"{entry['name']}: got {got}, want {want}; lines per first action:\n{per_first}"
    assert sum(n for _, n in found.first_actions) == found.total_lines


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.get("naive")],
                         ids=[e["name"] for e in ENTRIES if e.get("naive")])
def test_perft_dp_equals_naive_enumeration(entry: dict[str, Any]) -> None:
    start = initial_state(position(entry), ruleset=entry.get("ruleset"))
    assert naive_line_count(start) == entry["lines"]


def test_perft_mismatch_message_lists_first_actions() -> None:
    entry = dict(ENTRIES[0], lines=ENTRIES[0]["lines"] + 1)
    with pytest.raises(AssertionError) as failure:
        test_perft_counts(entry)
    assert "lines per first action" in str(failure.value) and "Pass()" in str(failure.value)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft_reduced_search_counts_the_same_lines(entry: dict[str, Any]) -> None:
    found = explore(position(entry), ruleset=entry.get("ruleset"))
    full = explore(position(entry), ruleset=entry.get("ruleset"), reduce=False)
    assert (found.total_lines, len(found.outcomes)) == (entry["lines"], entry["outcomes"])
    assert [(o.outcome, o.lines) for o in found.outcomes] == [(o.outcome, o.lines) for o in full.outcomes]
    assert found.first_actions == full.first_actions and found.states <= entry["states"]
    assert found.forcing() == full.forcing(reduce=False)

"""The engine's behaviour against golden files: traces, explorations, counts.

A mismatch means the engine now answers differently.  If the change is
meant, regenerate with ``python tests/engine/golden/regenerate.py`` and
review the diff; a speed-up must never need that.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
sys.path.insert(0, str(HERE))

from golden_cases import BENCHMARK_NS, benchmark_case, scenario_case, scenario_names  # noqa: E402


def load(name: str) -> Any:
    path = GOLDEN / name
    if not path.exists():
        pytest.fail(f"missing golden file {path}: run tests/engine/golden/regenerate.py")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_shipped_scenario_has_a_golden_file() -> None:
    recorded = {p.name[len("scenario_"):-len(".json")] for p in GOLDEN.glob("scenario_*.json")}
    assert recorded == set(scenario_names())


@pytest.mark.parametrize("name", scenario_names())
def test_scenario_trace_and_exploration_unchanged(name: str) -> None:
    want = load(f"scenario_{name}.json")
    got = json.loads(json.dumps(scenario_case(name), ensure_ascii=False))
    assert got["trace"] == want["trace"]
    assert got == want


@pytest.mark.parametrize("n", BENCHMARK_NS)
def test_benchmark_position_counts_unchanged(n: int) -> None:
    want = load(f"benchmark_n{n:02d}.json")
    got = json.loads(json.dumps(benchmark_case(n), ensure_ascii=False))
    assert got == want

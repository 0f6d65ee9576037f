"""The families of issue 34's benchmark (benchmarks/families.py) at small sizes: each position has the
pending processes it is named for, and the reduced search equals the full one on it (outcomes, line
counts, example lines, who can force what) with the per-card memo on and off. Correctness only: the
times are the benchmark's (``make bench``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from test_reduction import _same

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import FAMILY_NAMES, position  # noqa: E402

from toolkit.ocg.procedure import remembered  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

SMALL = [(family, n) for family in FAMILY_NAMES for n in ((3, 4) if family == FAMILY_NAMES[2] else (4, 6))]
"""(e) answers a set trap in every open game state: its small sizes are smaller."""


@pytest.mark.parametrize(("family", "n"), SMALL)
def test_a_family_position_has_its_processes_and_explores_the_same_reduced(family: str, n: int) -> None:
    start = initial_state(position(family, n))
    assert len(start.pending) == n
    _same(start)


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_the_memo_off_gives_the_same_search(family: str, monkeypatch: Any) -> None:
    start = initial_state(position(family, 4 if family == FAMILY_NAMES[2] else 5))
    remembered.forget(start.tables)
    with_memo = _same(start, forcing=False)[0]
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))
    without = _same(start, forcing=False)[0]
    assert [(o.outcome, o.lines, o.example) for o in with_memo.outcomes] == \
        [(o.outcome, o.lines, o.example) for o in without.outcomes]
    assert with_memo.states == without.states

"""R6's incremental update on every edge of issue 34's benchmark families (benchmarks/families.py), memo off:
the same pending processes as the full recomputation (``pending.CHECK_INCREMENTAL``), and the invariants its
shortcuts read — every position's pending processes are in R6's order (``PROCESS_ORDER``: a step that only
drops some keeps the others' order without sorting them again) and none of them is done."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from engine_positions import reachable
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from families import COPIES, DIFFERENT, MIXED, position  # noqa: E402

from toolkit.ocg.procedure import pending, remembered, remembered_quick  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

SIZES = {COPIES: 5, MIXED: 6, DIFFERENT: 4}
"""Small sizes: every edge of their graphs is walked."""


@pytest.fixture
def full_check(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every incremental update compared with the full one, every process performed through R6; counts the
    incremental updates."""
    calls = {"changed": 0}
    sync_changed = pending._sync_changed

    def counted(*args: Any) -> Any:
        calls["changed"] += 1
        return sync_changed(*args)

    monkeypatch.setattr(pending, "CHECK_INCREMENTAL", True)
    monkeypatch.setattr(pending, "_sync_changed", counted)
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    return calls


@pytest.mark.parametrize("family", sorted(SIZES))
def test_every_edge_of_a_benchmark_family_syncs_as_in_full_and_keeps_r6_order(
        family: str, full_check: dict[str, int]) -> None:
    states = reachable(initial_state(position(family, SIZES[family])), 20_000)
    assert len(states) > 50 and full_check["changed"] > len(states)  # (each position's edges were stepped)
    for state in states:
        listed = state.pending  # type: ignore[attr-defined]
        assert list(listed) == sorted(listed, key=pending.PROCESS_ORDER), state
        assert not {p.pid for p in listed} & state.done, state  # type: ignore[attr-defined]


_MIXED = initial_state(position(MIXED, 6))
"""A position with pending processes of several cards (some of one card), for the check below."""


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_all_stay_read_from_the_pending_facts_is_all_stay_of_the_list_less_the_performed(data: st.DataObject) -> None:
    """``_all_stay_without`` (the facts of a position's list, less the process a step performed) answers as
    ``_all_stay`` of that shorter list, whatever cards changed and processes are done or dropped."""
    listed = _MIXED.pending
    at = data.draw(st.integers(0, len(listed) - 1))
    performed, rest = listed[at], listed[:at] + listed[at + 1:]
    uids = sorted({p.source for p in listed} | {-1, 99})
    pids = [p.pid for p in listed] + [(99, "elsewhere")]
    changed = data.draw(st.lists(st.sampled_from(uids), max_size=3, unique=True))
    done = data.draw(st.sets(st.sampled_from(pids), max_size=3))
    dropped = data.draw(st.none() | st.frozensets(st.sampled_from(pids), max_size=3))
    facts = pending.pending_facts(_MIXED)
    assert pending._all_stay_without(facts, performed, changed, done, dropped) == \
        pending._all_stay(rest, changed, done, dropped)

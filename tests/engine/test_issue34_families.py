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
from _timing import Timing  # noqa: E402
from families import DIFFERENT, FAMILY_NAMES, IN_DECK, IN_GY, MIXED, issue34_targets, position  # noqa: E402

from toolkit.ocg.procedure import remembered, remembered_quick  # noqa: E402
from toolkit.ocg.setup import initial_state  # noqa: E402

SMALL = [(family, n) for family in FAMILY_NAMES for n in ((3, 4) if family == DIFFERENT else (4, 6))]
"""(e) answers a set trap in every open game state: its small sizes are smaller."""


@pytest.mark.parametrize(("family", "n"), SMALL)
def test_a_family_position_has_its_processes_and_explores_the_same_reduced(family: str, n: int) -> None:
    start = initial_state(position(family, n))
    assert len(start.pending) == n
    _same(start)


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_the_memo_off_gives_the_same_search(family: str, monkeypatch: Any) -> None:
    start = initial_state(position(family, 4 if family == DIFFERENT else 5))
    remembered.forget(start.tables)
    with_memo = _same(start, forcing=False)[0]
    monkeypatch.setattr(remembered, "recall", lambda state, action: (None, None))
    monkeypatch.setattr(remembered_quick, "recall", lambda state, action: (None, None))
    without = _same(start, forcing=False)[0]
    assert [(o.outcome, o.lines, o.example) for o in with_memo.outcomes] == \
        [(o.outcome, o.lines, o.example) for o in without.outcomes]
    assert with_memo.states == without.states


def _row(cpu: float, edges_per_second: float) -> dict[str, Any]:
    return {"cpu_on": cpu, "states_on": 49, "generic_edges": edges_per_second, "generic_cpu": 1.0}


def test_the_closing_table_judges_every_target_of_the_issue_by_its_bound() -> None:
    """``make bench``'s last table: each target of issue 34 once, with the number measured, met or NOT met
    at its bound (numbers made up here; the benchmark's are measured)."""
    rows = {(IN_DECK, 15): _row(0.099, 60.0), (IN_DECK, 40): _row(1.0, 200.0), (IN_GY, 15): _row(0.2, 100.0),
            (IN_GY, 40): _row(0.5, 100.0), (MIXED, 24): _row(0.4, 100.0), (DIFFERENT, 12): _row(0.49, 100.0)}
    imports = {"import pandas": [1.0, 1.2], "import toolkit; import toolkit.engine": [0.31, 0.2],
               "ready to explore (engine, cards loaded)": [0.51, 0.6]}
    verify = Timing(cpu=[2.5, 1.9], wall=[2.6, 4.0])  # the machine busy in the second run: its CPU seconds count
    table = issue34_targets(rows, 100.0, {IN_DECK: 1.2, MIXED: 2.0}, imports, verify)
    verdicts = {name.split(":")[0]: (reached, verdict) for name, reached, verdict in table.rows}
    assert verdicts == {
        "(a) 15 Ohka copies + one Dandelion in the opponent's deck": ("0.099 s (49 positions)", "met"),
        "(a) 40 Ohka copies + one Dandelion in the opponent's deck": ("1.000 s (49 positions)", "NOT met"),
        "(b) 15 Ohka copies + one Dandelion in the opponent's GY": ("0.200 s (49 positions)", "NOT met"),
        "(b) 40 Ohka copies + one Dandelion in the opponent's GY": ("0.500 s (49 positions)", "met"),
        "(d) the mixed level-up / mill / chain-link family at 27 processes": ("not reached (stopped at n = 24)",
                                                                             "NOT met"),
        "(e) a family of 12 different interacting cards": ("0.490 s (49 positions)", "met"),
        "legal actions + transition, memo off ('l+t off/s')": ("0.60 x at worst ((a) n = 15)", "NOT met"),
        "(a) growth per added process": ("n^1.20", "printed"),
        "(d) growth per added process": ("n^2.00", "printed"),
        "importing what explore needs": ("0.200 x (median 0.232 x)", "met"),
        "ready to explore (engine, cards loaded)": ("0.510 x (median 0.505 x)", "NOT met"),
        "cold verify_rulings() (a new process, imports included, CPU min of 2)": ("1.90 s (wall 2.60 s)", "met"),
    }
    bounds = [name for name, _reached, _verdict in table.rows if name.startswith("legal actions")]
    assert [b.split(">= ")[1].split(" ")[0] for b in bounds] == ["0.5", "1"]
    assert [v for n, _r, v in table.rows if n.startswith("legal actions")] == ["met", "NOT met"]


def test_the_bounds_of_family_e_are_measured_on_family_e() -> None:
    """benchmarks/family_e_bounds.py reads family (e) by its name: its rows count positions with the
    opponent's 《強制脱出装置》 still set and positions after it was used, the best grouping and the
    positions up to renaming below the full search, and the reduced search (which renames the eight
    monsters whose control was taken: it meets fewer than the best grouping without renaming) too."""
    from family_e_bounds import bounds

    row = bounds(4)
    assert row["set"] > 0 and row["used"] > 0 and row["set"] + row["used"] == row["full"]
    assert row["best grouping"] <= row["full"] and row["up to renaming"] <= row["full"]
    assert row["reduced"] < row["best grouping"]


def test_the_phases_of_family_e_add_up_and_leave_the_search_as_it_was() -> None:
    """benchmarks/family_e_phases.py puts every position the reduced search expands in one phase of the
    opponent's 《強制脱出装置》 (set, answering a chain link, just used, after it), its bounds stay below the
    search it measures, and its timers leave the graph, the renaming and the step as they were."""
    from family_e_phases import phases

    from toolkit.core import graph, renaming
    from toolkit.ocg import procedure

    before = (graph.Graph.edges, renaming.Renamer.hop, procedure.successor)
    row = phases(4)
    assert (graph.Graph.edges, renaming.Renamer.hop, procedure.successor) == before
    expanded = sum(cells[0] for cells in row["phases"].values())
    assert all(cells[0] > 0 for cells in row["phases"].values())
    assert expanded <= row["positions"] <= expanded + 20  # (final positions are counted, not expanded)
    assert row["floor"] < row["one line per tail"] <= expanded and row["inert renamed"] <= expanded
    assert row["phases"]["set"][2] == 0 < row["phases"]["tail"][2]  # merged only once the Trap is used

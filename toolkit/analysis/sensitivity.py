"""Which rule each ruling's check depends on: the rulings × counterfactuals grid.

A check that no counterfactual rule set can flip would pass whatever the
engine did: it tests nothing.  :func:`toolkit.history.verify_rulings`
reports each ruling's ``flipped_by`` and ``vacuous``; this module lays the
same runs out as a grid — one row per modelled ruling, one column per
counterfactual of its game (a dated flag, a card-text era, a named reversal
of a rule that never changed, a Turn End Step flag) — and draws it.

>>> grid = sensitivity_grid(["ocg-160708-hysteric-sign-adjustment"])
>>> row = grid.loc["ocg-160708-hysteric-sign-adjustment"]
>>> bool(row["H5 end_phase_triggers_after_adjustment"]), bool(row["H1 quick effects after the adjustment"])
(True, False)
>>> flips_per_ruling(grid).to_dict()
{'ocg-160708-hysteric-sign-adjustment': 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from toolkit.present.charts import Chart, new_figure

__all__ = ["flips_per_ruling", "plot_sensitivity", "sensitivity_grid"]

FLIP = "#b2182b"
SAME = "#e0e0e0"
NOT_RUN = "#ffffff"


def _modelled(rulings: pd.DataFrame) -> list[str]:
    return sorted(str(r) for r in rulings.loc[rulings["check"].notna(), "ruling_id"])


def sensitivity_grid(ruling_ids: Sequence[str] | None = None, rulings: pd.DataFrame | None = None) -> pd.DataFrame:
    """Rulings (index) × counterfactuals (columns, by their short name): True
    where the counterfactual flips the ruling's check, False where the answer
    stays, NA where the counterfactual does not apply (another game, or the
    ruling's own rules already read it so).  Columns keep the order the games
    list their counterfactuals in; rows are sorted by ruling id."""
    from toolkit.data import load_rulings
    from toolkit.games import game_of
    from toolkit.history import ruling_ruleset, run_ruling
    from toolkit.history.runs import scenarios_of

    table = load_rulings() if rulings is None else rulings
    ids = _modelled(table) if ruling_ids is None else sorted(ruling_ids)
    cells: dict[str, dict[str, bool]] = {}
    columns: list[str] = []
    for rid in ids:
        run = run_ruling(rid, table)
        row = {str(k): v for k, v in table[table["ruling_id"] == rid].iloc[0].to_dict().items()}
        flipped = set(run.flipped_by)
        names = tuple(str(n) for n in (row.get("scenario") or ()))
        scenarios = scenarios_of(rid, names)  # the counterfactuals of the texts of the cards they may use too
        variants = game_of(ruling_ruleset(row)).counterfactuals_on(run.rules, tuple(scenarios[n] for n in names))
        cells[rid] = {}
        for variant in variants:
            if variant.column not in columns:
                columns.append(variant.column)
            cells[rid][variant.column] = variant.label in flipped
    frame = pd.DataFrame.from_dict(cells, orient="index", columns=columns).astype("boolean")
    frame.index.name = "ruling_id"
    return frame.reindex(ids)


def flips_per_ruling(grid: pd.DataFrame) -> pd.Series:
    """How many counterfactuals flip each ruling's check (0: vacuous)."""
    return grid.fillna(False).astype(bool).sum(axis=1).astype("int64")


def plot_sensitivity(grid: pd.DataFrame, title: str = "Which counterfactual flips which ruling's check") -> Chart:
    """The grid as a chart: a dark cell where the counterfactual flips the
    check, grey where it does not, white where it does not apply; rulings
    that nothing flips are marked "vacuous".  ``Chart.data`` is the grid in
    long form (ruling_id, counterfactual, flips)."""
    import numpy as np
    from matplotlib.colors import ListedColormap

    values = np.full(grid.shape, 0.0)
    filled = grid.notna().to_numpy()
    flips = grid.fillna(False).astype(bool).to_numpy()
    values[filled] = 1.0
    values[flips] = 2.0
    height = max(4.0, 0.22 * len(grid) + 3.0)
    width = max(8.0, 0.32 * len(grid.columns) + 5.0)
    fig = new_figure(width, height)
    ax: Any = fig.add_subplot(1, 1, 1)
    ax.imshow(values, cmap=ListedColormap([NOT_RUN, SAME, FLIP]), vmin=0, vmax=2, aspect="auto",
              interpolation="nearest")
    counts = flips_per_ruling(grid)
    ax.set_yticks(range(len(grid)))
    ax.set_yticklabels([f"{rid}  ({n})" if n else f"{rid}  (vacuous)" for rid, n in counts.items()], fontsize=7)
    ax.set_xticks(range(len(grid.columns)))
    ax.set_xticklabels(list(grid.columns), rotation=60, ha="right", fontsize=7)
    ax.set_xticks(np.arange(-0.5, len(grid.columns)), minor=True)
    ax.set_yticks(np.arange(-0.5, len(grid)), minor=True)
    ax.grid(which="minor", color="white", linewidth=0.6)
    ax.tick_params(which="minor", length=0)
    ax.set_title(f"{title} - {int((counts > 0).sum())} of {len(counts)} checks flip under at least one",
                 fontsize=9)
    long = grid.reset_index().melt(id_vars="ruling_id", var_name="counterfactual", value_name="flips")
    long = long[long["flips"].notna()].reset_index(drop=True)
    return Chart(fig, long)

"""When each rule change must have happened, drawn against the rulings' dates.

One row per change left out of a game's history and found again
(:func:`toolkit.history.rediscovery.rediscover`): the window the rulings allow (a bar, open where
no ruling bounds it), the date the game models the change at (a diamond), the dated rulings that
need the old rule (circles) and those that need the new one (squares).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

import pandas as pd

from toolkit.present.charts import Chart, new_figure

__all__ = ["plot_windows"]

OLD = "#2166ac"
NEW = "#d6604d"
WINDOW = "#fddbc7"


def plot_windows(found: Sequence[Any], title: str = "When each rule change must have happened") -> Chart:
    """The windows of ``found`` (Rediscovery values) as a chart; ``Chart.data`` has one row per
    ruling that bounds or rests on a change (rule, ruling_id, date, needs) and one per modelled date."""
    import matplotlib.dates

    mdates: Any = matplotlib.dates  # untyped
    rows: list[dict[str, Any]] = []
    days: list[datetime.date] = [r.modelled for r in found]
    for r in found:
        w = r.window
        if w is not None:
            days += [d for d, _ in w.needs_old + w.needs_new]
    low = min(days) - datetime.timedelta(days=365)
    high = max(days) + datetime.timedelta(days=365)
    fig = new_figure(9.0, 0.7 * len(found) + 1.8)
    ax: Any = fig.add_subplot(1, 1, 1)
    labelled: set[str] = set()

    def label(text: str) -> str | None:
        """Each legend entry once."""
        if text in labelled:
            return None
        labelled.add(text)
        return text

    for y, r in enumerate(found):
        w = r.window
        rows.append({"rule": r.rule, "ruling_id": "", "date": r.modelled, "needs": "modelled"})
        if w is not None and w.consistent:
            start, end = w.after or low, w.by or high
            ax.barh(y, mdates.date2num(end) - mdates.date2num(start), left=mdates.date2num(start), height=0.5,
                    color=WINDOW, edgecolor=NEW, linewidth=0.6)
        if w is not None:
            for need, points, colour, marker in (("old", w.needs_old, OLD, "o"), ("new", w.needs_new, NEW, "s")):
                if points:
                    ax.scatter([mdates.date2num(d) for d, _ in points], [y] * len(points), color=colour,
                               marker=marker, s=22, zorder=3, label=label(f"a ruling needs the {need} rule"))
                rows.extend({"rule": r.rule, "ruling_id": rid, "date": d, "needs": need} for d, rid in points)
        ax.scatter([mdates.date2num(r.modelled)], [y], color="black", marker="D", s=30, zorder=4,
                   label=label("the date the game models"))
    ax.set_yticks(range(len(found)))
    ax.set_yticklabels([f"{r.rule} ({'never happened' if r.kept == 'before' else 'always in force'})"
                        for r in found], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(mdates.date2num(low), mdates.date2num(high))
    ax.xaxis.set_major_locator(mdates.YearLocator(2))
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%Y"))
    ax.set_xlabel("date (the bar: the dates the rulings allow for the change left out)", fontsize=8)
    ax.legend(fontsize=7, loc="lower left")
    ax.set_title(title, fontsize=9)
    data = pd.DataFrame(rows, columns=["rule", "ruling_id", "date", "needs"])
    data["date"] = pd.to_datetime(data["date"])
    return Chart(fig, data)

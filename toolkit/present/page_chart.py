"""A page's rulings across its revisions, as a chart: one row per ruling (its question, in
Japanese), one column per saved revision, each cell coloured by what the ruling is there —
shown, reworded, commented out by the editors, or not on the page.

>>> from toolkit.data.page_history import ruling_history
>>> revisions = {"2016-01-01": "Ｑ：《A》は？~\\nＡ：はい。(15/01/09)\\n",
...              "2018-01-01": "//Ｑ：《A》は？~\\n//Ａ：はい。(15/01/09)\\n"}
>>> chart = page_history_chart(ruling_history(revisions), revisions)
>>> chart.data["state"].tolist(), "hidden by the editors" in chart.texts()
(['shown', 'hidden'], True)
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from toolkit.present.chart_text import japanese_text
from toolkit.present.charts import Chart, new_figure

__all__ = ["STATE_COLOURS", "STATE_WORDS", "page_history_chart"]

STATE_COLOURS = {"shown": "#2e7d32", "reworded": "#f9a825", "hidden": "#9e9e9e", "absent": "#ffffff"}
STATE_WORDS = {"shown": "on the page", "reworded": "reworded", "hidden": "hidden by the editors",
               "absent": "not on the page"}


def _label(question: str, width: int = 28) -> str:
    return question if len(question) <= width else question[:width - 1] + "…"


def page_history_chart(history: pd.DataFrame, revisions: Any, title: str = "The page's rulings, revision by revision"
                       ) -> Chart:
    """The chart of ``history`` (:func:`toolkit.data.page_history.ruling_history`) over the revision
    dates of ``revisions``; its data has one row per ruling and revision (``question``, ``revision``,
    ``state``)."""
    from matplotlib.patches import Patch

    from toolkit.data.page_history import revision_states

    states = revision_states(history, revisions)
    data = pd.DataFrame([{"question": q, "revision": pd.Timestamp(d), "state": states.iat[i, j]}
                         for i, q in enumerate(states.index) for j, d in enumerate(states.columns)])
    figure = new_figure(width=6.5 + 1.2 * len(states.columns), height=2.0 + 0.5 * max(len(states), 1))
    with japanese_text():
        ax = figure.add_subplot()
        for i in range(len(states)):
            for j in range(len(states.columns)):
                state = str(states.iat[i, j])
                ax.add_patch(_cell(j, i, STATE_COLOURS[state]))
        ax.set_xlim(0, len(states.columns))
        ax.set_ylim(len(states), 0)
        ax.set_xticks([j + 0.5 for j in range(len(states.columns))],
                      [str(d) for d in states.columns], rotation=30, ha="right")
        ax.set_yticks([i + 0.5 for i in range(len(states))], [_label(str(q)) for q in states.index])
        ax.set_title(title)
        ax.legend(handles=[Patch(facecolor=STATE_COLOURS[s], edgecolor="#616161", label=STATE_WORDS[s])
                           for s in STATE_COLOURS], loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return Chart(figure, data)


def _cell(x: int, y: int, colour: str) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((x, y), 1, 1, facecolor=colour, edgecolor="#616161", linewidth=0.6)

"""Small figure and table builders used by the tour notebooks.

They live here, not in notebook cells, so they are tested like the rest of the
toolkit. matplotlib is imported inside the functions: ``import toolkit`` stays
cheap.

>>> from typing import Any

import pandas as pd
>>> from toolkit.data import load_rulings
>>> chart = rulings_per_year_chart(load_rulings())
>>> int(chart.data["total"].sum()) == int(load_rulings().query("game == 'ocg'")["date"].notna().sum())
True
>>> chart.png()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from toolkit.present.charts import Chart
from toolkit.data import DataSource, rulings_per_year_topic
from toolkit.present.tables import Table, show_table

__all__ = ["Table", "TOPIC_COLOURS", "rulings_per_year_chart", "show_table", "trace_table"]

# One colour per topic, fixed so the chart looks the same on every run.
TOPIC_COLOURS = {
    "hand_size_adjustment": "#1f77b4",
    "end_phase_order": "#ff7f0e",
    "end_of_turn": "#2ca02c",
    "errata_2014": "#d62728",
    "phase_transition": "#9467bd",
    "turn_end_step": "#8c564b",
}


def rulings_per_year_chart(rulings: DataSource = None, game: str = "ocg") -> Chart:
    """A stacked bar chart of dated rulings per year, one colour per topic.

    The data is :func:`toolkit.data.rulings_per_year_topic` (years without
    rulings included as zero rows); topics with no ruling at all are left out
    of the legend.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    table = rulings_per_year_topic(rulings, game=game)
    fig = Figure(figsize=(9.0, 4.0), layout="constrained")
    ax = fig.add_subplot()
    years = [str(y) for y in table.index]
    bottom = pd.Series(0, index=table.index, dtype="int64")
    for topic, colour in TOPIC_COLOURS.items():
        counts = table[topic]
        if counts.sum() == 0:
            continue
        ax.bar(years, counts.to_numpy(), bottom=bottom.to_numpy(), color=colour, label=topic)
        bottom = bottom + counts
    ax.set_xlabel("year of the ruling")
    ax.set_ylabel("rulings")
    ax.set_title(f"Dated {game.upper()} rulings per year, by topic")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(loc="upper right", fontsize="small", frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return Chart(fig, table)


def trace_table(result: Any, columns: tuple[str, ...] = ("step", "actor", "action", "rule", "reason")) -> Table:
    """A line (a Resolution, a forcing or evaluation result, or its steps) as
    people read it: actions and events in words with the action's code on
    hover (``Resolution.words``), left-aligned, nothing cut.

    >>> from toolkit.engine import resolve
    >>> from toolkit.games import shipped_scenario
    >>> shown = trace_table(resolve(shipped_scenario("hysteric_sign_adjustment_2013")))
    >>> shown.frame["action"].tolist()[:3]
    ['Pass', 'Pass', 'Discard ヒステリック・サイン']
    >>> shown.titles["action"][2], shown.titles["rule"][2][:36]
    ("Discard(('ヒステリック・サイン',))", 'R2 — The excess goes in one discard:')
    """
    from toolkit.core.trace import words_frame

    found: Any = getattr(result, "steps", None) or getattr(result, "line", None) or result
    steps = tuple(found)
    game = next((s.game for s in steps if s.game), "")
    frame = words_frame(steps, game)
    from toolkit.core.rules import rule_tooltip

    tips = [rule_tooltip(r, game) if r else "" for r in frame["rule"]]
    return show_table(frame[list(columns)], titles={"action": list(frame["code"]), "rule": tips})

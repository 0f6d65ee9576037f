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

from toolkit.data import DataSource, rulings_per_year_topic
from toolkit.present.charts import Chart
from toolkit.present.tables import Table, show_table

__all__ = ["Message", "Table", "TOPIC_COLOURS", "message", "record_table", "rulings_per_year_chart", "show_table",
           "trace_table"]

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


def record_table(record: pd.Series, names: tuple[str, str] = ("field", "value")) -> Table:
    """One row of a table (or any Series: a frame's ``dtypes``) as a two-column table,
    one field a line, every value in full (no ``dtype:`` footer, nothing cut).

    >>> shown = record_table(pd.Series({"date": pd.Timestamp("2016-07-08"), "cards": ["a", "b"]}))
    >>> print(repr(shown))
    field  value
    date   2016-07-08
    cards  a, b
    >>> record_table(pd.DataFrame({"n": [1]}).dtypes, ("column", "type")).frame.to_dict("list")
    {'column': ['n'], 'type': ['int64']}
    """
    values = [str(v) if hasattr(v, "kind") and hasattr(v, "name") else v for v in record.to_list()]
    return show_table(pd.DataFrame({names[0]: [str(i) for i in record.index], names[1]: values}))


class Message:
    """A widget's message (HTML) for a notebook cell: the HTML in the notebook,
    its text in ``repr`` (so a saved output reads as the sentence, not as an object)."""

    def __init__(self, html_text: str) -> None:
        self.html = html_text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        import html
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.html)).strip() or "(no message)"


def message(html_text: str) -> Message:
    """``html_text`` (a status line of a widget) shown as a sentence.

    >>> message('<div class="x">✘ Not added to A&#x27;s hand</div>')
    ✘ Not added to A's hand
    """
    return Message(html_text)

"""Tables as people read them, the same in notebooks and widgets.

Every cell left-aligned and wrapped (never cut with "…"), every missing value
(None, NaN, NaT, <NA>) an empty cell, every text escaped; a cell may carry a
hover text (``titles``: the code behind a phrase, a rule's statement).
:func:`show_table` wraps a DataFrame for a notebook cell: HTML in the
notebook, the same table as plain text in ``repr`` (so saved outputs compare
as text).

>>> import pandas as pd
>>> frame = pd.DataFrame({"a": ["<x>", None], "when": pd.to_datetime(["2016-07-08", None])})
>>> print(table_html(frame, "t"))  # doctest: +NORMALIZE_WHITESPACE
<table class="endphase-table t"><thead><tr><th style="text-align:left;vertical-align:top">a</th><th style="text-align:left;vertical-align:top">when</th></tr></thead><tbody><tr><td style="text-align:left;vertical-align:top">&lt;x&gt;</td><td style="text-align:left;vertical-align:top">2016-07-08</td></tr><tr><td style="text-align:left;vertical-align:top"></td><td style="text-align:left;vertical-align:top"></td></tr></tbody></table>
>>> repr(show_table(frame)).splitlines()
['a    when', '<x>  2016-07-08']
"""

from __future__ import annotations

import datetime
import html
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CELL_STYLE", "Table", "cell_text", "show_table", "table_html"]

CELL_STYLE = ' style="text-align:left;vertical-align:top"'
"""Every cell's style: left-aligned, top-aligned (wrapping is the browser's default)."""

WRAP_CSS = ("<style>.endphase-table td,.endphase-table th{text-align:left;vertical-align:top;white-space:pre-wrap;"
            "word-break:normal;overflow-wrap:break-word;max-width:40em}</style>")
"""Wrap long cells instead of widening the table (JupyterLab sets ``white-space: nowrap`` on tables)."""


def cell_text(value: Any) -> str:
    """A cell as text: missing values empty, a timestamp at midnight as its day,
    lists joined with ", ", booleans as yes/no.

    >>> cell_text(None), cell_text(float("nan")), cell_text(["a", "b"]), cell_text(True)
    ('', '', 'a, b', 'yes')
    """
    import pandas as pd

    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple, frozenset, set)):
        return ", ".join(cell_text(v) for v in value)
    if isinstance(value, float) and math.isnan(value):
        return ""
    try:
        if pd.isna(value):
            return ""
    except (TypeError, ValueError):
        pass
    if isinstance(value, pd.Timestamp):
        return value.date().isoformat() if value == value.normalize() else value.isoformat()
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if hasattr(value, "item") and not isinstance(value, str):
        return cell_text(value.item())
    return str(value)


def table_html(frame: pd.DataFrame, css_class: str = "", *,
               titles: Mapping[str, Sequence[str]] | None = None) -> str:
    """A full (never truncated) HTML table of ``frame``, no index: cells escaped,
    left-aligned, missing values blank; ``titles[column][i]`` is row i's hover text."""
    esc = html.escape
    titles = titles or {}
    head = "".join(f"<th{CELL_STYLE}>{esc(str(c))}</th>" for c in frame.columns)
    rows = []
    for i, row in enumerate(frame.itertuples(index=False, name=None)):
        cells = []
        for column, value in zip(frame.columns, row):
            hover = titles.get(str(column))
            tip = f' title="{esc(hover[i])}"' if hover is not None and i < len(hover) and hover[i] else ""
            cells.append(f"<td{CELL_STYLE}{tip}>{esc(cell_text(value))}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    name = f"endphase-table {css_class}".strip()
    return f'<table class="{name}"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


class Table:
    """A DataFrame shown for people: HTML (see :func:`table_html`) in a notebook,
    aligned plain text in ``repr``; the frame itself is ``.frame``."""

    def __init__(self, frame: pd.DataFrame, titles: Mapping[str, Sequence[str]] | None = None) -> None:
        self.frame = frame
        self.titles = dict(titles or {})

    def _repr_html_(self) -> str:
        return WRAP_CSS + table_html(self.frame, titles=self.titles)

    def __repr__(self) -> str:
        columns = [str(c) for c in self.frame.columns]
        body = [[cell_text(v) for v in row] for row in self.frame.itertuples(index=False, name=None)]
        widths = [max([len(c), *(len(r[i]) for r in body)]) for i, c in enumerate(columns)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()]
        lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in body]
        return "\n".join(lines)


def show_table(frame: pd.DataFrame, titles: Mapping[str, Sequence[str]] | None = None) -> Table:
    """``frame`` for a notebook cell: left-aligned, wrapped, blanks for missing values, nothing cut."""
    return Table(frame, titles)

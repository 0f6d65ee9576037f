"""Charts: each function returns the figure *and* the tidy DataFrame behind it.

Tests check the data, not pixels. Figures are built with the object-oriented
matplotlib API (no pyplot global state, no display needed) and render offline
as PNG; labels stay ASCII (ruling ids, topics) so no CJK font is required.

>>> import pandas as pd
>>> demo = pd.DataFrame({
...     "ruling_id": ["ocg-130330-a", "ocg-160708-b"],
...     "date": pd.to_datetime(["2013-03-30", "2016-07-08"]),
...     "topic": pd.Categorical(["hand_size_adjustment"] * 2),
...     "status": pd.Categorical(["superseded", "current"]),
...     "superseded_by": pd.array(["ocg-160708-b", pd.NA], dtype="string"),
...     "game": pd.Categorical(["ocg", "ocg"]),
... })
>>> chart = ruling_timeline(demo)
>>> chart.data[["ruling_id", "status", "successor_date"]].to_string(index=False)
'   ruling_id     status successor_date\\nocg-130330-a superseded     2016-07-08\\nocg-160708-b    current            NaT'
>>> chart.arrows
1
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

STATUS_COLOURS = {"current": "#1b7837", "superseded": "#c51b7d", "retracted": "#7f7f7f"}


@dataclass(frozen=True)
class Chart:
    """A figure with the tidy data it was drawn from."""

    figure: "Figure"
    data: pd.DataFrame
    arrows: int = 0

    def png(self) -> bytes:
        """The figure as PNG bytes, without a timestamp (stable across runs)."""
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        return buf.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()


def _new_figure(width: float = 9.0, height: float = 4.5) -> "Figure":
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def ruling_timeline(rulings: pd.DataFrame | None = None, game: str = "ocg") -> Chart:
    """Dated rulings by topic, coloured by status, with an arrow from each
    superseded ruling to its successor.

    The data has one row per dated ruling of ``game``: ``ruling_id``, ``date``,
    ``topic``, ``status``, ``superseded_by`` and the successor's date and topic
    (NaT / NA when there is none). Undated rulings cannot be placed on a time
    axis and are left out.
    """
    if rulings is None:
        from toolkit.data import load_rulings

        rulings = load_rulings()
    rows = rulings[(rulings["game"] == game) & rulings["date"].notna()]
    data = rows[["ruling_id", "date", "topic", "status", "superseded_by"]].copy()
    by_id = rulings.set_index("ruling_id")
    succ = data["superseded_by"].astype("string")
    data["successor_date"] = pd.to_datetime(
        [by_id.at[s, "date"] if isinstance(s, str) and s in by_id.index else pd.NaT for s in succ]
    )
    data["successor_topic"] = pd.array(
        [str(by_id.at[s, "topic"]) if isinstance(s, str) and s in by_id.index else pd.NA for s in succ],
        dtype="string",
    )
    data = data.sort_values(["date", "ruling_id"]).reset_index(drop=True)

    fig = _new_figure()
    ax = fig.add_subplot()
    topics = sorted(str(t) for t in data["topic"].dropna().unique())
    lane = {t: i for i, t in enumerate(topics)}
    # spread rulings of the same topic and date a little so they stay visible
    offsets = data.groupby(["topic", "date"], observed=True).cumcount() * 0.12
    y = [lane[str(t)] + o for t, o in zip(data["topic"], offsets)]
    ys = dict(zip(data["ruling_id"], y))
    for status, colour in STATUS_COLOURS.items():
        mask = (data["status"] == status).to_numpy()
        ax.scatter(data.loc[mask, "date"], [v for v, m in zip(y, mask) if m], s=36,
                   color=colour, label=status, zorder=3)
    arrows = 0
    for rid, date, succ_id, succ_date in zip(data["ruling_id"], data["date"], data["superseded_by"], data["successor_date"]):
        if isinstance(succ_id, str) and succ_id in ys and pd.notna(succ_date):
            ax.annotate("", xy=(succ_date, ys[succ_id]), xytext=(date, ys[rid]),
                        arrowprops={"arrowstyle": "->", "color": STATUS_COLOURS["superseded"], "alpha": 0.6})
            arrows += 1
    ax.set_yticks(range(len(topics)), topics)
    ax.set_xlabel("ruling date")
    ax.set_title(f"{game.upper()} rulings by topic (arrows: superseded -> successor)")
    ax.legend(loc="upper left", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    return Chart(fig, data, arrows)

"""Interactive charts: hover a point to read the ruling (Altair / Vega-Lite).

JupyterLab 4 renders Vega-Lite **v5** offline with its own renderer
(``@jupyterlab/vega5-extension``, which takes the ``vegalite.v3``–``v5``
mime types); Altair 6 writes Vega-Lite v6, so the ``notebooks`` extra keeps
Altair 5. A chart displays as that mime type with a PNG beside it (drawn
offline by ``vl-convert-python``, with IPAexGothic from matplotlib-fontja
for the card names): JupyterLab and Voilà show the interactive chart, a
static viewer and nbval the PNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pandas as pd

from toolkit.present.chart_text import (
    JAPANESE_FONT,
    card_label,
    check_labels,
    english_names,
    japanese_font_file,
    short_date,
    status_words,
)
from toolkit.present.charts import STATUS_COLOURS, timeline_data

VEGALITE_MIME = "application/vnd.vegalite.v5+json"
NO_CARDS = "no card named"
"""The tooltip's cards for a ruling about the rules alone (before: the start of its English summary)."""
NO_QUESTION = "(none: the page states the answer alone)"
"""The tooltip's question for a ruling the page gives without one (before: an empty line)."""
VL_VERSION = "5.20"
"""The Vega-Lite version vl-convert draws with (the one Altair 5 writes)."""


@lru_cache(maxsize=1)
def _vl_convert() -> Any:
    import vl_convert

    vl_convert.register_font_directory(str(japanese_font_file().parent))
    return vl_convert


@dataclass(frozen=True)
class InteractiveChart:
    """A Vega-Lite v5 specification with the tidy data it shows."""

    spec: dict[str, Any]
    data: pd.DataFrame

    def png(self, scale: float = 1.0) -> bytes:
        """The chart as PNG, drawn offline."""
        return bytes(_vl_convert().vegalite_to_png(self.spec, vl_version=VL_VERSION, scale=scale))

    def svg(self) -> str:
        """The chart as SVG, drawn offline (its text stays text)."""
        return str(_vl_convert().vegalite_to_svg(self.spec, vl_version=VL_VERSION))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        data = {VEGALITE_MIME: self.spec, "image/png": self.png(),
                "text/plain": f"<interactive chart: {len(self.data)} points; hover one to read its ruling>"}
        metadata = {VEGALITE_MIME: {"embed_options": {"renderer": "svg", "actions": False}}}
        return data, metadata


def interactive_timeline(rulings: pd.DataFrame | None = None, game: str = "ocg", labels: str = "ja") -> InteractiveChart:
    """The ruling timeline of :func:`toolkit.present.charts.ruling_timeline` to hover:
    each point's tooltip shows the ruling's id, date, cards, status, question
    and answer (Japanese, as the sources give them) and its English summary.
    """
    import altair as alt

    names = check_labels(labels)
    if rulings is None:
        from toolkit.data import load_rulings

        rulings = load_rulings()
    base = timeline_data(rulings, game, names)
    extra = rulings.set_index("ruling_id")
    english = english_names() if names == "en" else {}
    data = pd.DataFrame({
        "number": base["number"].astype(int),
        "ruling": base["ruling_id"].astype(str),
        "date": base["date"].dt.strftime("%Y-%m-%d"),
        "on": [short_date(d) for d in base["date"]],
        "label": base["label"].astype(str),
        "cards": [_cards_words(extra.at[r, "cards"], english, names) for r in base["ruling_id"]],
        "topic": base["topic_words"].astype(str),
        "status": base["status_words"].astype(str),
        "lane": base["y"].astype(float),
        "question": [_text(extra.at[r, "question_ja"]) or NO_QUESTION for r in base["ruling_id"]],
        "answer": [_text(extra.at[r, "answer_ja"]) for r in base["ruling_id"]],
        "summary": [_text(extra.at[r, "summary_en"]) for r in base["ruling_id"]],
    })
    shown = [s for s in STATUS_COLOURS if (base["status"] == s).any()]
    colours = alt.Scale(domain=[status_words(s) for s in shown], range=[STATUS_COLOURS[s] for s in shown])
    topics = sorted(set(zip(base["topic"].astype(str), base["topic_words"])))
    lanes = {words: i for i, (_t, words) in enumerate(topics)}
    axis = alt.Axis(values=list(lanes.values()), labelExpr=_label_expr(lanes), title=None, labelLimit=260)
    tooltip = [alt.Tooltip("ruling:N", title="ruling"), alt.Tooltip("on:N", title="date"),
               alt.Tooltip("cards:N", title="cards"), alt.Tooltip("status:N"), alt.Tooltip("topic:N"),
               alt.Tooltip("question:N"), alt.Tooltip("answer:N"), alt.Tooltip("summary:N")]
    points = alt.Chart(data).mark_point(filled=True, size=70).encode(
        x=alt.X("date:T", title="date of the ruling"),
        y=alt.Y("lane:Q", axis=axis, scale=alt.Scale(domain=[-0.6, len(lanes) - 0.4])),
        color=alt.Color("status:N", scale=colours, legend=alt.Legend(title="status", orient="bottom")),
        tooltip=tooltip,
    )
    numbers = points.mark_text(dx=8, dy=-6, fontSize=9).encode(text="number:Q", color=alt.Color("status:N", scale=colours,
                                                                                          legend=None))
    chart = (points + numbers).properties(
        width=620, height=360, title=f"{game.upper()} rulings by topic: hover a point to read the ruling",
    ).configure(font=f"DejaVu Sans, {JAPANESE_FONT}, sans-serif")
    return InteractiveChart(chart.to_dict(), data)


def _cards_words(cards: object, english: dict[str, str], labels: str) -> str:
    """Every card a ruling names (English names with ``labels="en"``), or that it names none.

    >>> _cards_words(["ヒステリック・サイン", "魔轟神獣キャシー"], {}, "ja"), _cards_words([], {}, "ja")
    ('ヒステリック・サイン, 魔轟神獣キャシー', 'no card named')
    """
    listed = list(cards) if isinstance(cards, (list, tuple)) else []
    return card_label(listed, english, "en" if labels == "en" else "ja", most=len(listed)) or NO_CARDS


def _text(value: object) -> str:
    return "" if value is None or pd.isna(value) else str(value)  # type: ignore[call-overload]


def _label_expr(lanes: dict[str, int]) -> str:
    """A Vega expression naming each lane (axis values are the lane numbers)."""
    cases = " : ".join(f"datum.value == {i} ? {words!r}" for words, i in lanes.items())
    return f"{cases} : ''"

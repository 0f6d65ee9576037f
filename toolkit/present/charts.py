"""Charts: each function returns the figure *and* the tidy DataFrame behind it.

Tests check the data and the figure's text. Figures are built with the
object-oriented matplotlib API (no pyplot global state, no display needed) and
render offline as PNG. Cards are named in Japanese (``labels="en"``: in
English where the cards table has a name), drawn with IPAexGothic from the
``matplotlib-fontja`` package (:mod:`toolkit.present.chart_text`); topics and statuses
are in words. Interactive versions (hover shows the ruling):
:mod:`toolkit.present.charts_interactive`.

>>> import pandas as pd
>>> demo = pd.DataFrame({
...     "ruling_id": ["ocg-130330-a", "ocg-160708-b"],
...     "date": pd.to_datetime(["2013-03-30", "2016-07-08"]),
...     "topic": pd.Categorical(["hand_size_adjustment"] * 2),
...     "status": pd.Categorical(["superseded", "current"]),
...     "superseded_by": pd.array(["ocg-160708-b", pd.NA], dtype="string"),
...     "game": pd.Categorical(["ocg", "ocg"]),
...     "cards": [[], []],
... })
>>> chart = ruling_timeline(demo)
>>> chart.data[["ruling_id", "status", "successor_date"]].to_string(index=False)
'   ruling_id     status successor_date\\nocg-130330-a superseded     2016-07-08\\nocg-160708-b    current            NaT'
>>> chart.arrows, list(chart.data["number"]), chart.data.loc[0, "label"]
(1, [1, 2], '13/03/30 ocg-130330-a')
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

from toolkit.present.chart_text import (
    Labels,
    card_label,
    check_labels,
    english_names,
    fact_words,
    japanese_text,
    short_date,
    status_words,
    topic_words,
)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

STATUS_COLOURS = {"current": "#1b7837", "superseded": "#c51b7d", "retracted": "#7f7f7f"}
INFERRED_LABEL = "hollow / dashed: date inferred by the project"
"""The legend entry of dates the sources do not give (``date_precision`` 'inferred')."""
INFERRED_COLOUR = "#e08214"
LABEL_OFFSETS = ((5, 4), (5, -11), (-13, 4), (-13, -11), (9, -3), (-17, -3), (0, 9), (0, -16))
"""Where a point's number may go (points right/up of the marker), tried in turn until it overlaps no other."""


def _inferred(frame: pd.DataFrame) -> pd.Series:
    """True where a row's date is the project's inference (False without a date_precision column)."""
    if "date_precision" not in frame.columns:
        return pd.Series(False, index=frame.index, dtype=bool)
    return (frame["date_precision"].astype("string") == "inferred").fillna(False).astype(bool)


def _scatter_by_status(ax: Any, dates: pd.Series, ys: list[float], status: pd.Series, inferred: pd.Series,
                       label: str = "{status}", **style: Any) -> None:
    """Filled markers for dates the sources give, hollow ones for inferred dates;
    the legend names only the statuses that have points."""
    for name, colour in STATUS_COLOURS.items():
        if not (status == name).any():
            continue
        for hollow in (False, True):
            mask = ((status == name) & (inferred == hollow)).to_numpy()
            if not mask.any() and hollow:
                continue
            points = (dates[mask], [v for v, m in zip(ys, mask) if m])
            if hollow:
                ax.scatter(*points, facecolors="none", edgecolors=colour, zorder=3, **style)
            else:
                ax.scatter(*points, color=colour, label=label.format(status=status_words(name)), zorder=3, **style)
    if inferred.any():
        ax.scatter([], [], facecolors="none", edgecolors=INFERRED_COLOUR, label=INFERRED_LABEL, **style)


@dataclass(frozen=True)
class Chart:
    """A figure with the tidy data it was drawn from."""

    figure: "Figure"
    data: pd.DataFrame
    arrows: int = 0

    def png(self) -> bytes:
        """The figure as PNG bytes, without a timestamp (stable across runs)."""
        buf = io.BytesIO()
        with japanese_text():
            self.figure.savefig(buf, format="png", dpi=100, metadata={"Software": None})
        return buf.getvalue()

    def texts(self) -> list[str]:
        """Every text the figure shows: titles, axis and tick labels, legends, annotations."""
        from matplotlib.text import Text

        self.figure.draw_without_rendering()
        found = self.figure.findobj(Text)
        return [t.get_text() for t in found if t.get_text() and t.get_visible()]

    def _repr_png_(self) -> bytes:
        return self.png()


def new_figure(width: float = 9.0, height: float = 4.5) -> "Figure":
    from matplotlib.figure import Figure

    with japanese_text():
        return Figure(figsize=(width, height), layout="constrained")


def _ruling_label(cards: object, summary: object, ruling_id: str, english: dict[str, str], labels: Labels) -> str:
    """A ruling named by its cards, or by the start of its summary when it names none."""
    named = card_label(cards, english, labels)
    if named:
        return named
    if isinstance(summary, str) and summary:
        return textwrap.shorten(summary, 46, placeholder="…")
    return ruling_id


def _place_numbers(ax: "Axes", data: pd.DataFrame) -> None:
    """Each point's number beside it, at the first offset where it overlaps no
    number already placed (the layout is fixed first, so offsets stay true)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = ax.get_figure()
    assert isinstance(fig, Figure)
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.draw_without_rendering()
    fig.set_layout_engine("none")
    placed: list[Any] = []
    for number, date, y, status in zip(data["number"], data["date"], data["y"], data["status"]):
        for dx, dy in LABEL_OFFSETS:
            text = ax.annotate(str(number), (date, y), xytext=(dx, dy), textcoords="offset points", fontsize=7,
                               color=STATUS_COLOURS.get(str(status), "black"), gid=f"ruling-{number}")
            box = text.get_window_extent(renderer)
            if not any(box.overlaps(other) for other in placed) or (dx, dy) == LABEL_OFFSETS[-1]:
                placed.append(box)
                break
            text.remove()


def _draw_key(ax: "Axes", data: pd.DataFrame) -> None:
    """The key beside the timeline: number, date, card(s) and status of each point."""
    ax.set_axis_off()
    ax.set_title("key: number, date, card", loc="left", fontsize="small")
    rows = len(data)
    for i, (number, date, label, status) in enumerate(zip(data["number"], data["date"], data["label"],
                                                          data["status"])):
        mark = "" if str(status) == "current" else f"  ({status_words(status)})"
        ax.text(0.0, 1.0 - (i + 0.5) / max(rows, 1), f"{number:>2}  {label}{mark}", transform=ax.transAxes,
                fontsize=7, va="center", color=STATUS_COLOURS.get(str(status), "black"))


def timeline_data(rulings: pd.DataFrame | None = None, game: str = "ocg", labels: str = "ja") -> pd.DataFrame:
    """The data of :func:`ruling_timeline` (one row per dated ruling of
    ``game``, with its point's ``number``, ``label`` and lane ``y``),
    without drawing the chart."""
    names = check_labels(labels)
    if rulings is None:
        from toolkit.data import load_rulings

        rulings = load_rulings()
    rows = rulings[(rulings["game"] == game) & rulings["date"].notna()]
    data = rows[["ruling_id", "date", "topic", "status", "superseded_by"]].copy()
    data["date_inferred"] = _inferred(rows)
    english = english_names() if names == "en" else {}
    cards = rows["cards"] if "cards" in rows.columns else pd.Series([[]] * len(rows), index=rows.index)
    summaries = rows["summary_en"] if "summary_en" in rows.columns else pd.Series([None] * len(rows), index=rows.index)
    data["label"] = [f"{short_date(d)} {_ruling_label(c, s, str(r), english, names)}"
                     for d, c, s, r in zip(rows["date"], cards, summaries, rows["ruling_id"])]
    by_id = rulings.set_index("ruling_id")
    succ = data["superseded_by"].astype("string")
    successor_dates: list[Any] = [by_id.at[s, "date"] if isinstance(s, str) and s in by_id.index else pd.NaT
                                  for s in succ]
    data["successor_date"] = pd.to_datetime(successor_dates)
    data["successor_topic"] = pd.array(
        [str(by_id.at[s, "topic"]) if isinstance(s, str) and s in by_id.index else pd.NA for s in succ],
        dtype="string",
    )
    data = data.sort_values(["date", "ruling_id"]).reset_index(drop=True)
    data["number"] = range(1, len(data) + 1)
    data["topic_words"] = [topic_words(t) for t in data["topic"]]
    data["status_words"] = [status_words(s) for s in data["status"]]
    topics = sorted(str(t) for t in data["topic"].dropna().unique())
    lane = {t: i for i, t in enumerate(topics)}
    # each ruling of a lane gets its own sub-row (cycling through five), so
    # rulings of one date and the arrows of different chains stand apart
    rank = data.groupby("topic", observed=True).cumcount()
    data["y"] = [lane[str(t)] + ((r % 5) - 2) * 0.16 for t, r in zip(data["topic"], rank)]
    return data


def ruling_timeline(rulings: pd.DataFrame | None = None, game: str = "ocg", labels: str = "ja") -> Chart:
    """Dated rulings by topic, coloured by status, with an arrow from each
    superseded ruling to its successor; each point carries a number, and the
    key beside the chart names its date and card(s).

    The data has one row per dated ruling of ``game``: ``ruling_id``, ``date``,
    ``topic``, ``status``, ``superseded_by``, the successor's date and topic
    (NaT / NA when there is none), ``date_inferred`` (the date is the
    project's inference, drawn as a hollow marker), the point's ``number``
    and ``label`` (date and card names, Japanese by default, ``labels="en"``
    for English), and ``topic_words`` / ``status_words``. Undated rulings
    cannot be placed on a time axis and are left out.
    """
    data = timeline_data(rulings, game, labels)
    topics = sorted(str(t) for t in data["topic"].dropna().unique())
    y = list(data["y"])
    with japanese_text():
        fig = new_figure(13.0, max(4.5, 0.15 * len(data) + 1.2))
        ax, key = fig.subplots(1, 2, width_ratios=[3, 2])
        ys = dict(zip(data["ruling_id"], y))
        _scatter_by_status(ax, data["date"], y, data["status"], data["date_inferred"], s=36)
        arrows = 0
        for rid, date, succ_id, succ_date in zip(data["ruling_id"], data["date"], data["superseded_by"],
                                                 data["successor_date"]):
            if isinstance(succ_id, str) and succ_id in ys and pd.notna(succ_date):
                ax.annotate("", xy=(succ_date, ys[succ_id]), xytext=(date, ys[rid]),
                            arrowprops={"arrowstyle": "->", "color": STATUS_COLOURS["superseded"], "alpha": 0.7,
                                        "connectionstyle": "arc3,rad=-0.15", "shrinkA": 4, "shrinkB": 4})
                arrows += 1
        ax.set_yticks(range(len(topics)), [textwrap.fill(topic_words(t), 22) for t in topics])
        ax.set_xlabel("date of the ruling")
        ax.set_title(f"{game.upper()} rulings by topic (arrow: to the answer that replaced it)", loc="left")
        ax.set_ylim(-0.6, len(topics) - 0.4)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncols=3, fontsize="small")
        ax.grid(axis="x", alpha=0.3)
        _draw_key(key, data)
        _place_numbers(ax, data)
    return Chart(fig, data, arrows)


# --------------------------------------------------------------------------
# One recurring question over time
# --------------------------------------------------------------------------

ANSWER_VALUES = {"no": 0, "yes": 1}


def _scenario_title(name: str) -> str:
    """A shipped scenario's title (its file name when it has none)."""
    from toolkit.games import shipped_scenario

    return str(getattr(shipped_scenario(name), "title", "") or name)


def answers_over_time(
    scenario: str,
    check: str | None = None,
    start: str | None = "2010-01-01",
    end: str | None = None,
    title: str | None = None,
) -> Chart:
    """The engine's answer to one recurring question at every rule change,
    with the rulings that asked it placed at their dates (each labelled with
    its date as the wiki writes it).

    ``scenario`` is a file of datasets/scenarios/ (its rulings' shared check
    is used unless ``check`` is given). The data has one row per point:
    ``series`` "engine" (date, ruleset, answer, changed) or "ruling"
    (date, ruling_id, status, expected answer, and the engine's answer on
    that date: ``agrees``). ``date_inferred`` marks a rule change dated only
    by an event whose date the project inferred (drawn dashed) and a ruling
    whose date is inferred (a hollow marker).
    """
    from toolkit.data import load_events, load_rulings
    from toolkit.history import changes, rulings_of

    swept = changes(scenario, start, end, check, all_dates=True)
    if not set(swept["after"].dropna()) <= set(ANSWER_VALUES):
        raise ValueError(f"{scenario}: the answers are not yes/no; give a check")
    rulings = rulings_of(scenario, load_rulings())
    events = load_events()
    inferred_events = set(events.loc[_inferred(events), "event_id"].astype(str))
    engine = pd.DataFrame({
        "series": "engine",
        "date": swept["date"],
        "answer": swept["after"],
        "changed": swept["changed"],
        "ruling_id": pd.array([pd.NA] * len(swept), dtype="string"),
        "status": pd.array([pd.NA] * len(swept), dtype="string"),
        "agrees": pd.array([pd.NA] * len(swept), dtype="boolean"),
        "date_inferred": [bool(set(map(str, cited)) & inferred_events) for cited in swept["events"]],
    })

    def answer_on(day: pd.Timestamp) -> str:
        before = swept[swept["date"] <= day]
        return str(before["after"].iloc[-1]) if len(before) else str(swept["after"].iloc[0])

    dated = rulings[rulings["date"].notna()]
    points = pd.DataFrame({
        "series": "ruling",
        "date": dated["date"].to_numpy(),
        "answer": pd.array([str(x) for x in dated["expected"]], dtype="string"),
        "changed": False,
        "ruling_id": pd.array([str(x) for x in dated["ruling_id"]], dtype="string"),
        "status": pd.array([str(x) for x in dated["status"]], dtype="string"),
        "agrees": pd.array([str(e) == answer_on(pd.Timestamp(d)) for e, d in zip(dated["expected"], dated["date"])],
                           dtype="boolean"),
        "date_inferred": _inferred(dated).to_numpy(),
    })
    data = pd.concat([engine, points], ignore_index=True)
    data["answer"] = data["answer"].astype("string")
    data = data.sort_values(["series", "date", "ruling_id"], kind="stable").reset_index(drop=True)

    with japanese_text():
        fig = new_figure(9.0, 3.2)
        ax = fig.add_subplot()
        end_day = pd.Timestamp(end) if end else pd.Timestamp.today().normalize()
        xs = list(engine["date"]) + [end_day]
        ys = [ANSWER_VALUES[str(a)] for a in engine["answer"]]
        ax.step(xs, ys + ys[-1:], where="post", color="#2166ac", label="the engine (rules of each date)")
        for status, colour in STATUS_COLOURS.items():
            for hollow in (False, True):
                mask = (points["status"] == status) & (points["date_inferred"] == hollow)
                if mask.any():
                    xy = (points.loc[mask, "date"], [ANSWER_VALUES[str(a)] for a in points.loc[mask, "answer"]])
                    if hollow:
                        ax.scatter(*xy, s=70, facecolors="none", edgecolors=colour, zorder=3)
                    else:
                        ax.scatter(*xy, s=70, color=colour, label=f"ruling ({status_words(status)})", zorder=3,
                                   edgecolors="black")
        for day, answer in zip(points["date"], points["answer"]):
            ax.annotate(short_date(day), (day, ANSWER_VALUES[str(answer)]), xytext=(0, 9), textcoords="offset points",
                        ha="center", fontsize="small")
        changed = engine[engine["changed"]]
        for day, inferred in zip(changed["date"], changed["date_inferred"]):
            ax.axvline(day, color=INFERRED_COLOUR if inferred else "#999999", linestyle="--" if inferred else ":",
                       linewidth=1)
            note = " (inferred)" if inferred else ""
            ax.annotate(pd.Timestamp(day).strftime("%Y-%m-%d") + note, (day, 0.5), rotation=90, fontsize="small",
                        ha="right", va="center")
        if changed["date_inferred"].any() or points["date_inferred"].any():
            ax.plot([], [], color=INFERRED_COLOUR, linestyle="--", linewidth=1, label=INFERRED_LABEL)
        ax.set_yticks([0, 1], ["no", "yes"])
        ax.set_ylim(-0.3, 1.4)
        ax.set_xlabel("date")
        ax.set_title(title or f"{_scenario_title(scenario)}: the answer over time")
        ax.legend(loc="center left", fontsize="small")
        ax.grid(axis="x", alpha=0.3)
    return Chart(fig, data)


# --------------------------------------------------------------------------
# The 2014-07-10 errata: which shipped positions changed
# --------------------------------------------------------------------------


def _facts_note(lost: list[str], gained: list[str], english: dict[str, str], most: int = 3) -> str:
    """What the errata took away or made possible, in words (at most ``most`` facts each)."""
    def listed(facts: list[str]) -> str:
        words = [fact_words(f, english) for f in facts[:most]]
        return "; ".join(words) + (f"; +{len(facts) - most} more" if len(facts) > most else "")

    parts = []
    if lost:
        parts.append("only before: " + listed(lost))
    if gained:
        parts.append("only after: " + listed(gained))
    return "\n".join(parts) or "same facts, other outcomes"


def _position_cards(position: Any, ruling_cards: dict[str, list[str]]) -> list[str]:
    """The cards of a position, those its rulings are about first."""
    first = [c for rid in position.rulings for c in ruling_cards.get(str(rid), [])]
    return list(dict.fromkeys(first + sorted(position.card_names())))


def errata_flips(date: str = "2014-07-10", scenarios: list[str] | None = None, only_changed: bool = False,
                 labels: str = "ja") -> Chart:
    """The shipped scenarios run under the rules of the day before ``date`` and
    of ``date`` itself: which outcomes changed, and how.

    One row per scenario: its ``title`` and ``cards`` (the position's cards,
    Japanese by default, ``labels="en"`` for English), ``outcomes_before`` /
    ``outcomes_after`` (numbers of distinct outcomes), ``changed`` (the set
    of outcomes differs), the facts (event kind and card) possible only
    before (``lost``) or only after (``gained``) and ``note``, those facts in
    words. The figure shows the changed scenarios, before vs after, each bar
    labelled by the position's title and cards and annotated with its note.
    """
    from toolkit.history import summarise_outcomes
    from toolkit.ocg.rulesets import ruleset_at
    from toolkit.ocg.scenario import list_seed_scenarios, seed_scenario

    names_in = check_labels(labels)
    english = english_names() if names_in == "en" else {}
    day = pd.Timestamp(date).date()
    before_rules = ruleset_at(day - pd.Timedelta(days=1))
    after_rules = ruleset_at(day)
    names = scenarios if scenarios is not None else list(list_seed_scenarios())
    from toolkit.data import load_rulings

    ruling_cards = {str(r): list(c) for r, c in zip(*load_rulings()[["ruling_id", "cards"]].T.to_numpy())}
    rows = []
    for name in names:
        stem = name[: -len(".yaml")] if name.endswith(".yaml") else name
        position = seed_scenario(stem)
        before = summarise_outcomes(position, before_rules)
        after = summarise_outcomes(position, after_rules)
        lost, gained = sorted(before.facts - after.facts), sorted(after.facts - before.facts)
        rows.append({
            "scenario": stem,
            "title": position.title,
            "cards": card_label(_position_cards(position, ruling_cards), english, names_in, most=2),
            "outcomes_before": before.count,
            "outcomes_after": after.count,
            "changed": before.label != after.label,
            "lost": lost,
            "gained": gained,
            "note": _facts_note(lost, gained, english),
        })
    columns = ["scenario", "title", "cards", "outcomes_before", "outcomes_after", "changed", "lost", "gained", "note"]
    data = pd.DataFrame(rows, columns=columns)
    data = data.astype({"scenario": "string", "title": "string", "cards": "string", "outcomes_before": "int64",
                        "outcomes_after": "int64", "changed": "bool", "note": "string"})
    data = data.sort_values("scenario").reset_index(drop=True)
    if only_changed:
        data = data[data["changed"]].reset_index(drop=True)

    shown = data[data["changed"]]
    with japanese_text():
        fig = new_figure(12.0, max(2.5, 0.8 * len(shown) + 1.5))
        ax = fig.add_subplot()
        ys = list(range(len(shown)))
        ax.barh([y + 0.2 for y in ys], shown["outcomes_before"], height=0.4, color="#c51b7d",
                label=f"under the rules of the day before {day.isoformat()}")
        ax.barh([y - 0.2 for y in ys], shown["outcomes_after"], height=0.4, color="#1b7837",
                label=f"under the rules from {day.isoformat()}")
        for y, note, n_before, n_after in zip(ys, shown["note"], shown["outcomes_before"], shown["outcomes_after"]):
            ax.annotate(textwrap.fill(str(note), 48), (max(n_before, n_after), y), xytext=(6, 0),
                        textcoords="offset points", va="center", fontsize="x-small")
        ax.set_yticks(ys, [f"{textwrap.shorten(str(t), 44, placeholder='…')}\n{c}"
                           for t, c in zip(shown["title"], shown["cards"])], fontsize="x-small")
        ax.invert_yaxis()
        ax.set_xlabel("distinct outcomes (ways the End Phase can end)")
        widest = max([*shown["outcomes_before"], *shown["outcomes_after"], 1])
        ax.set_xlim(0, widest * 3.2)  # room for the notes
        ax.set_title(f"Positions whose outcomes changed on {day.isoformat()} ({len(shown)} of {len(data)})")
        ax.legend(loc="lower right", fontsize="small")
    return Chart(fig, data)


# --------------------------------------------------------------------------
# Yes/no answers of several questions, side by side
# --------------------------------------------------------------------------


def answer_grid(answers: pd.DataFrame, questions: pd.Series | None = None,
                title: str = "Yes or no, question by question") -> Chart:
    """A grid of yes/no answers: one row per question, one column per game or
    date (green: yes, grey: no).

    ``answers`` has one row per question (its index the question's key) and
    one column per answerer; ``questions`` maps the keys to the questions in
    words, which label the rows (the key when a question is missing). The
    data is ``answers`` in long form: ``key``, ``question``, ``column``,
    ``answer``.

    >>> grid = answer_grid(pd.DataFrame({"ocg": ["yes"]}, index=["k"]), pd.Series({"k": "Does it?"}))
    >>> grid.data.to_dict("records")
    [{'key': 'k', 'question': 'Does it?', 'column': 'ocg', 'answer': 'yes'}]
    """
    from matplotlib.colors import ListedColormap

    words = {str(k): str(q) for k, q in (questions.items() if questions is not None else [])}
    rows = [str(k) for k in answers.index]
    data = pd.DataFrame(
        [{"key": key, "question": words.get(key, key), "column": str(col), "answer": str(answers.at[idx, col])}
         for key, idx in zip(rows, answers.index) for col in answers.columns],
        columns=["key", "question", "column", "answer"],
    )
    with japanese_text():
        fig = new_figure(11.0, 0.75 * len(rows) + 1.3)
        ax = fig.add_subplot()
        grid = (answers == "yes").astype(int).to_numpy()
        ax.imshow(grid, cmap=ListedColormap(["#d9d9d9", "#1b7837"]), vmin=0, vmax=1, aspect="auto")
        for i, key in enumerate(rows):
            for j, col in enumerate(answers.columns):
                answer = str(answers.iloc[i, j])
                ax.text(j, i, answer, ha="center", va="center", color="white" if answer == "yes" else "black")
        ax.set_xticks(range(answers.shape[1]), [str(c).replace("_", " ") for c in answers.columns])
        ax.set_yticks(range(len(rows)), [textwrap.fill(words.get(k, k), 60) for k in rows], fontsize="small")
        ax.xaxis.tick_top()
        ax.set_title(title, loc="left")
    return Chart(fig, data)

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
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

STATUS_COLOURS = {"current": "#1b7837", "superseded": "#c51b7d", "retracted": "#7f7f7f"}
INFERRED_LABEL = "hollow / dashed: date inferred by the project"
"""The legend entry of dates the sources do not give (``date_precision`` 'inferred')."""
INFERRED_COLOUR = "#e08214"


def _inferred(frame: pd.DataFrame) -> pd.Series:
    """True where a row's date is the project's inference (False without a date_precision column)."""
    if "date_precision" not in frame.columns:
        return pd.Series(False, index=frame.index, dtype=bool)
    return (frame["date_precision"].astype("string") == "inferred").fillna(False).astype(bool)


def _scatter_by_status(ax: Any, dates: pd.Series, ys: list[float], status: pd.Series, inferred: pd.Series,
                       label: str = "{status}", **style: Any) -> None:
    """Filled markers for dates the sources give, hollow ones for inferred dates."""
    for name, colour in STATUS_COLOURS.items():
        for hollow in (False, True):
            mask = ((status == name) & (inferred == hollow)).to_numpy()
            if not mask.any() and hollow:
                continue
            points = (dates[mask], [v for v, m in zip(ys, mask) if m])
            if hollow:
                ax.scatter(*points, facecolors="none", edgecolors=colour, zorder=3, **style)
            else:
                ax.scatter(*points, color=colour, label=label.format(status=name), zorder=3, **style)
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
    ``topic``, ``status``, ``superseded_by``, the successor's date and topic
    (NaT / NA when there is none) and ``date_inferred`` (the date is the
    project's inference, drawn as a hollow marker). Undated rulings cannot be
    placed on a time axis and are left out.
    """
    if rulings is None:
        from toolkit.data import load_rulings

        rulings = load_rulings()
    rows = rulings[(rulings["game"] == game) & rulings["date"].notna()]
    data = rows[["ruling_id", "date", "topic", "status", "superseded_by"]].copy()
    data["date_inferred"] = _inferred(rows)
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

    fig = _new_figure()
    ax = fig.add_subplot()
    topics = sorted(str(t) for t in data["topic"].dropna().unique())
    lane = {t: i for i, t in enumerate(topics)}
    # each ruling of a lane gets its own sub-row (cycling through five), so
    # rulings of one date and the arrows of different chains stand apart
    rank = data.groupby("topic", observed=True).cumcount()
    y = [lane[str(t)] + ((r % 5) - 2) * 0.16 for t, r in zip(data["topic"], rank)]
    data["y"] = y
    ys = dict(zip(data["ruling_id"], y))
    _scatter_by_status(ax, data["date"], y, data["status"], data["date_inferred"], s=36)
    arrows = 0
    for rid, date, succ_id, succ_date in zip(data["ruling_id"], data["date"], data["superseded_by"], data["successor_date"]):
        if isinstance(succ_id, str) and succ_id in ys and pd.notna(succ_date):
            ax.annotate("", xy=(succ_date, ys[succ_id]), xytext=(date, ys[rid]),
                        arrowprops={"arrowstyle": "->", "color": STATUS_COLOURS["superseded"], "alpha": 0.7,
                                    "connectionstyle": "arc3,rad=-0.15", "shrinkA": 4, "shrinkB": 4})
            arrows += 1
    ax.set_yticks(range(len(topics)), topics)
    ax.set_xlabel("ruling date")
    ax.set_title(f"{game.upper()} rulings by topic (arrows: superseded -> successor)")
    ax.set_ylim(-0.6, len(topics) - 0.4)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", title="status")
    ax.grid(axis="x", alpha=0.3)
    return Chart(fig, data, arrows)


# --------------------------------------------------------------------------
# One recurring question over time
# --------------------------------------------------------------------------

ANSWER_VALUES = {"no": 0, "yes": 1}


def _ascii(text: str) -> str:
    """Keep chart labels ASCII (no CJK font is needed to render them)."""
    return text.encode("ascii", "replace").decode("ascii")


def answers_over_time(
    scenario: str,
    check: str | None = None,
    start: str | None = "2010-01-01",
    end: str | None = None,
    title: str | None = None,
) -> Chart:
    """The engine's answer to one recurring question at every rule change,
    with the rulings that asked it placed at their dates.

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

    fig = _new_figure(9.0, 3.2)
    ax = fig.add_subplot()
    end_day = pd.Timestamp(end) if end else pd.Timestamp.today().normalize()
    xs = list(engine["date"]) + [end_day]
    ys = [ANSWER_VALUES[str(a)] for a in engine["answer"]]
    ax.step(xs, ys + ys[-1:], where="post", color="#2166ac", label="engine (rules of each date)")
    for status, colour in STATUS_COLOURS.items():
        for hollow in (False, True):
            mask = (points["status"] == status) & (points["date_inferred"] == hollow)
            if mask.any():
                xy = (points.loc[mask, "date"], [ANSWER_VALUES[str(a)] for a in points.loc[mask, "answer"]])
                if hollow:
                    ax.scatter(*xy, s=70, facecolors="none", edgecolors=colour, zorder=3)
                else:
                    ax.scatter(*xy, s=70, color=colour, label=f"ruling ({status})", zorder=3, edgecolors="black")
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
    ax.set_ylim(-0.3, 1.3)
    ax.set_xlabel("date")
    ax.set_title(_ascii(title or f"{scenario}: answer over time"))
    ax.legend(loc="center left", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    return Chart(fig, data)


# --------------------------------------------------------------------------
# The 2014-07-10 errata: which seed scenarios changed
# --------------------------------------------------------------------------


def errata_flips(date: str = "2014-07-10", scenarios: list[str] | None = None, only_changed: bool = False) -> Chart:
    """The seed scenarios run under the rules of the day before ``date`` and
    of ``date`` itself: which outcomes changed, and how.

    One row per scenario: ``outcomes_before`` / ``outcomes_after`` (numbers of
    distinct outcomes), ``changed`` (the set of outcomes differs), and the
    facts (event kind and card) possible only before (``lost``) or only after
    (``gained``). The figure shows the changed scenarios, before vs after.
    """
    from toolkit.ocg.rulesets import ruleset_at
    from toolkit.history import summarise_outcomes
    from toolkit.ocg.scenario import list_seed_scenarios, seed_scenario

    day = pd.Timestamp(date).date()
    before_rules = ruleset_at(day - pd.Timedelta(days=1))
    after_rules = ruleset_at(day)
    names = scenarios if scenarios is not None else list(list_seed_scenarios())
    rows = []
    for name in names:
        stem = name[: -len(".yaml")] if name.endswith(".yaml") else name
        position = seed_scenario(stem)
        before = summarise_outcomes(position, before_rules)
        after = summarise_outcomes(position, after_rules)
        rows.append({
            "scenario": stem,
            "outcomes_before": before.count,
            "outcomes_after": after.count,
            "changed": before.label != after.label,
            "lost": sorted(before.facts - after.facts),
            "gained": sorted(after.facts - before.facts),
        })
    data = pd.DataFrame(rows, columns=["scenario", "outcomes_before", "outcomes_after", "changed", "lost", "gained"])
    data = data.astype({"scenario": "string", "outcomes_before": "int64", "outcomes_after": "int64", "changed": "bool"})
    data = data.sort_values("scenario").reset_index(drop=True)
    if only_changed:
        data = data[data["changed"]].reset_index(drop=True)

    shown = data[data["changed"]]
    fig = _new_figure(9.0, max(2.5, 0.6 * len(shown) + 1.5))
    ax = fig.add_subplot()
    ys = list(range(len(shown)))
    ax.barh([y + 0.2 for y in ys], shown["outcomes_before"], height=0.4, color="#c51b7d",
            label=f"before {day.isoformat()}")
    ax.barh([y - 0.2 for y in ys], shown["outcomes_after"], height=0.4, color="#1b7837",
            label=f"from {day.isoformat()}")
    for y, lost, gained, n_before, n_after in zip(ys, shown["lost"], shown["gained"], shown["outcomes_before"],
                                                  shown["outcomes_after"]):
        note = f"facts: -{len(lost)} / +{len(gained)}"
        ax.annotate(note, (max(n_before, n_after), y), xytext=(6, 0), textcoords="offset points", va="center",
                    fontsize="small")
    ax.set_yticks(ys, [_ascii(s) for s in shown["scenario"]])
    ax.invert_yaxis()
    ax.set_xlabel("distinct outcomes")
    widest = max([*shown["outcomes_before"], *shown["outcomes_after"], 1])
    ax.set_xlim(0, widest * 1.3)  # room for the facts labels
    ax.set_title(f"Seed scenarios whose outcome changed on {day.isoformat()} ({len(shown)} of {len(data)})")
    ax.legend(loc="lower right", fontsize="small")
    return Chart(fig, data)

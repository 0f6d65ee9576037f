"""The rules timeline and the rulings table, both ways."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from toolkit.history.eras import causes
from toolkit.history.runs import ruling_ruleset
from toolkit.history.sweeps import changes, dated_rule_changes

if TYPE_CHECKING:  # pragma: no cover
    pass




# --------------------------------------------------------------------------
# The timeline and the table, both ways
# --------------------------------------------------------------------------


def timeline_links(rulings: pd.DataFrame | None = None, events: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per rule change (flag or card text): the ruling / event rows
    dated that day (or month) that it cites (``justified_by``) and the ids it
    cites that are in neither table (``unknown_ids``).

    >>> links = timeline_links()
    >>> bool(links["justified_by"].map(len).gt(0).all())
    True
    """
    from toolkit.data import load_events, load_rulings
    from toolkit.data.frames import table_with

    table = load_rulings() if rulings is None else table_with(rulings, ("ruling_id", "date"), "timeline_links",
                                                              paths=False)
    evs = load_events() if events is None else table_with(events, ("event_id", "date"), "timeline_links", "events",
                                                          paths=False)
    known = set(map(str, table["ruling_id"])) | set(map(str, evs["event_id"]))
    rows = []
    for change in dated_rule_changes():
        cited_rulings, cited_events = causes(change.date, [change], table, evs)
        rows.append({
            "date": pd.Timestamp(change.date),
            "kind": change.kind,
            "what": change.what,
            "rule": change.rule,
            "before": str(change.before),
            "after": str(change.after),
            "justified_by": cited_rulings + cited_events,
            "unknown_ids": [i for i in (*change.rulings, *change.events) if i not in known],
        })
    return pd.DataFrame(rows, columns=["date", "kind", "what", "rule", "before", "after", "justified_by",
                                       "unknown_ids"])


def _end_of(row: Mapping[str, Any], rulings: pd.DataFrame, events: pd.DataFrame) -> datetime.date | None:
    """The last day a superseded ruling can have held: its successor's date or
    the (end of the month of the) obsoleting event."""
    ends: list[datetime.date] = []
    succ = row.get("superseded_by")
    if isinstance(succ, str):
        found = rulings.loc[rulings["ruling_id"] == succ, "date"]
        if len(found) and pd.notna(found.iloc[0]):
            ends.append(pd.Timestamp(found.iloc[0]).date())
    event = row.get("obsoleted_by_event")
    if isinstance(event, str):
        matching = events[events["event_id"] == event]
        if len(matching) and pd.notna(matching["date"].iloc[0]):
            stamp = pd.Timestamp(matching["date"].iloc[0])
            if str(matching["date_precision"].iloc[0]) == "month":
                stamp = stamp + pd.offsets.MonthEnd(0)
            ends.append(stamp.date())
    return max(ends) if ends else None


def supersession_explanations(rulings: pd.DataFrame | None = None) -> pd.DataFrame:
    """For each superseded ruling with a check: the rule changes, between the
    ruling's own rules and the day it was replaced, at which its answer flips,
    and whether one of them cites the ruling, its successor or its event.
    """
    from toolkit.data import load_events, load_rulings
    from toolkit.data.frames import table_with
    from toolkit.games import game_of
    from toolkit.history.runs import scenarios_of

    table = load_rulings() if rulings is None else table_with(
        rulings, ("ruling_id", "status", "scenario", "check"), "supersession_explanations", paths=False)
    events = load_events()
    rows = []
    for _, series in table[(table["status"] == "superseded") & table["check"].notna()].iterrows():
        row = {str(k): v for k, v in series.to_dict().items()}
        rid = str(row["ruling_id"])
        rules = ruling_ruleset(row)
        begin = rules.as_of or datetime.date.today()
        end = _end_of(row, table, events)
        names = [str(n) for n in row["scenario"]]
        sweep = changes(names[0], begin, end or datetime.date.today(), check=str(row["check"]), rulings=table)
        flips = [pd.Timestamp(d).date() for d in sweep["date"]]
        linked = {rid, *(x for x in (row.get("superseded_by"), row.get("obsoleted_by_event")) if isinstance(x, str))}
        read = tuple(scenarios_of(rid, names).values())  # the changes the sweep walked: its own cards' too
        explaining = [
            c for c in game_of(rules).rule_changes_on(read)
            if c.date in flips and (linked & set(c.rulings) or linked & set(c.events))
        ]
        rows.append({
            "ruling_id": rid,
            "ruleset": rules.name,
            "from": pd.Timestamp(begin),
            "until": pd.Timestamp(end) if end else pd.NaT,
            "flips": [d.isoformat() for d in flips],
            "explained_by": [f"{c.date.isoformat()} {c.rule} {c.what}" for c in explaining],
        })
    return pd.DataFrame(rows, columns=["ruling_id", "ruleset", "from", "until", "flips", "explained_by"])


def rulings_of(scenario: str, rulings: pd.DataFrame | None = None) -> pd.DataFrame:
    """The rulings whose machine form runs on ``scenario`` (first file)."""
    from toolkit.data import load_rulings

    table = load_rulings() if rulings is None else rulings
    mask = [s is not None and len(s) > 0 and s[0] == scenario for s in table["scenario"]]
    return table[mask].reset_index(drop=True)

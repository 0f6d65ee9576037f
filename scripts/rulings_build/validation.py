"""Checks on the finished table: the dataset contract (SCHEMA.md) — ids, dates, the values of each
column, the machine form of each ruling in scope, and the supersession chains."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from rulings_build.vocabulary import (
    EVENTS,
    GAMES,
    ID_PATTERN,
    KINDS,
    MIN_ROWS,
    PAGE_IMPORT_COLUMNS,
    STATUSES,
    TOPICS,
    VERDICTS,
)
from toolkit.data.schema import EARLIEST_DATE, latest_date


def _id_problems(row: Mapping[str, str]) -> list[str]:
    rid = row["ruling_id"]
    out = []
    if not ID_PATTERN.fullmatch(rid):
        out.append(f"{rid}: id is not ocg-YYMMDD-slug / ocg-undated-slug / dm-qa-slug / dm-example-slug")
    elif rid.startswith("dm-") != (row["game"] == "duel_masters"):
        out.append(f"{rid}: dm- ids are for duel_masters rulings only")
    elif rid.startswith("ocg-"):
        stamp = rid.split("-")[1]
        expected = date.fromisoformat(row["date"]).strftime("%y%m%d") if row["date"] else "undated"
        if stamp != expected:
            out.append(f"{rid}: id says {stamp}, the date is {row['date'] or 'none'}")
    return out


def _date_problems(row: Mapping[str, str]) -> list[str]:
    """A date the data layer would refuse: before 1999-01-01 or more than a year ahead."""
    if not row["date"]:
        return []
    last = latest_date()
    if EARLIEST_DATE <= date.fromisoformat(row["date"]) <= last:
        return []
    return [f"{row['ruling_id']}: date {row['date']} is out of range "
            f"({EARLIEST_DATE.isoformat()} to {last.isoformat()}, a year after today)"]


def in_verification_scope(row: Mapping[str, str]) -> bool:
    """Every ruling: the OCG End Phase / end-of-turn rulings (seeds 000, 001,
    003, issue 4), the phase-transition rulings of 002 (issue 6) and, since
    the Duel Masters Turn End Step is modelled (issue 7), seed 004's Q&As and
    examples."""
    return row["game"] in ("ocg", "duel_masters")


def _machine_problems(row: Mapping[str, str]) -> list[str]:
    rid = row["ruling_id"]
    out = []
    modelled, reason = bool(row["check"]), bool(row["not_modelled_reason"])
    if in_verification_scope(row) and not (modelled or reason):
        out.append(f"{rid}: a ruling in scope needs a `check` (or a `not_modelled_reason`)")
    if not in_verification_scope(row) and (modelled or reason):
        out.append(f"{rid}: outside the End Phase scope (game {row['game']}, topic {row['topic']}): no machine form")
    if modelled and not row["date"] and not row["ruleset"]:
        out.append(f"{rid}: an undated ruling names the `ruleset` it describes")
    if modelled and row["date"] and row["ruleset"]:
        out.append(f"{rid}: a dated ruling runs under the rules of its date; drop `ruleset`")
    return out


def validate(rows: Sequence[Mapping[str, str]]) -> list[str]:
    """Problems with the table as the dataset contract (SCHEMA.md) states it."""
    out: list[str] = []
    by_id = {r["ruling_id"]: r for r in rows}
    if len(rows) < MIN_ROWS:
        out.append(f"only {len(rows)} rows; at least {MIN_ROWS} expected")
    for row in rows:
        rid = row["ruling_id"]
        out.extend(_id_problems(row))
        out.extend(_date_problems(row))
        for column, allowed in (
            ("game", GAMES),
            ("kind", KINDS),
            ("topic", TOPICS),
            ("verdict", VERDICTS),
            ("status", STATUSES),
        ):
            if row[column] not in allowed:
                out.append(f"{rid}: {column} {row[column]!r} is not one of {allowed}")
        if not row["summary_en"]:
            out.append(f"{rid}: summary_en is empty")
        if not row["answer_ja"]:
            out.append(f"{rid}: answer_ja is empty")
        filled = [c for c in PAGE_IMPORT_COLUMNS if row[c]]
        if filled:
            out.append(f"{rid}: {', '.join(filled)} belong to rulings imported from a page; blank in the shipped table")
        if row["obsoleted_by_event"] and row["obsoleted_by_event"] not in EVENTS:
            out.append(f"{rid}: obsoleted_by_event {row['obsoleted_by_event']!r} is not a known event")
        out.extend(_machine_problems(row))
        successor = row["superseded_by"]
        if row["status"] == "current" and (successor or row["obsoleted_by_event"]):
            out.append(f"{rid}: a current ruling has no successor and no obsoleting event")
        if row["status"] != "current" and not successor and not row["status_note"]:
            out.append(f"{rid}: status {row['status']} without superseded_by needs a status_note")
        if successor:
            if successor not in by_id:
                out.append(f"{rid}: superseded_by {successor!r} is not a ruling_id")
            elif by_id[successor]["status"] != "current" and not by_id[successor]["superseded_by"]:
                out.append(f"{rid}: successor {successor} is itself obsolete with no successor")
            elif row["date"] and by_id[successor]["date"] and by_id[successor]["date"] < row["date"]:
                out.append(f"{rid}: successor {successor} is older than the ruling it replaces")
    for row in rows:
        seen = {row["ruling_id"]}
        step = row["superseded_by"]
        while step and step in by_id:
            if step in seen:
                out.append(f"{row['ruling_id']}: supersession cycle through {step}")
                break
            seen.add(step)
            step = by_id[step]["superseded_by"]
    return out

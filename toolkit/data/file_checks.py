"""The rules each dataset file must keep on its own (run by every loader):
unique keys, dates that agree with their precision, ruling ids that agree with
their dates, supersession links that point somewhere and run forward in time
without cycles, card names written plainly and card types of the right game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from toolkit.data.parsing import Parsed, is_na, rows_of
from toolkit.data.problems import Problem
from toolkit.data.schema import CARDS_SCHEMA, EVENTS_SCHEMA, RULINGS_SCHEMA, TableSchema
from toolkit.errors import quoted


def _check_unique_key(parsed: Parsed, schema: TableSchema, file: str) -> list[Problem]:
    problems = []
    first_row: dict[str, int] = {}
    for number, row in rows_of(parsed):
        key = row[schema.key]
        if is_na(key) or not parsed.clean(number, schema.key):
            continue
        if key in first_row:
            problems.append(
                Problem(file, number, schema.key, f"duplicate id {quoted(key)} (first used in row {first_row[key]})")
            )
        else:
            first_row[key] = number
    return problems


def _check_date_precision(parsed: Parsed, file: str) -> list[Problem]:
    """``date_precision`` agrees with ``date``: none <=> empty; the written form
    fits; an inferred date says in ``date_note`` how it was inferred."""
    problems = []
    forms = parsed.date_forms.get("date", [])
    for (number, row), form in zip(rows_of(parsed), forms):
        precision, when = row["date_precision"], row["date"]
        if is_na(precision) or not parsed.clean(number, "date", "date_precision"):
            continue
        if precision == "none":
            if not is_na(when):
                problems.append(Problem(file, number, "date", "a date is given but date_precision is 'none'"))
            continue
        if is_na(when):
            problems.append(
                Problem(file, number, "date", f"date_precision is {quoted(precision)} but the date is empty")
            )
            continue
        if precision == "inferred" and parsed.clean(number, "date_note") and is_na(row["date_note"]):
            problems.append(
                Problem(file, number, "date_note",
                        "date_precision is 'inferred': date_note must say how the date was inferred")
            )
        stamp = pd.Timestamp(when)
        if precision == "month" and stamp.day != 1:
            problems.append(
                Problem(file, number, "date", "date_precision is 'month': write YYYY-MM (or day 01)")
            )
        if precision == "year" and (stamp.month, stamp.day) != (1, 1):
            problems.append(Problem(file, number, "date", "date_precision is 'year': write YYYY (or -01-01)"))
        if precision == "day" and form != "day":
            problems.append(
                Problem(file, number, "date", "date_precision is 'day' but the date has no day (YYYY-MM-DD)")
            )
    return problems


def _check_rulings_file(parsed: Parsed, file: str) -> list[Problem]:
    return check_rulings_rows(parsed, file)


def check_rulings_rows(parsed: Parsed, file: str,
                       outside: Mapping[str, Mapping[str, Any]] | None = None) -> list[Problem]:
    """The rules of a rulings file; ``outside``: the rows of the other tables
    it is combined with (by id), which its ``superseded_by`` may name."""
    problems = _check_unique_key(parsed, RULINGS_SCHEMA, file)
    problems += _check_date_precision(parsed, file)
    rows = list(rows_of(parsed))
    by_id: dict[Any, tuple[int | None, Mapping[str, Any]]] = {
        rid: (None, row) for rid, row in (outside or {}).items()}
    by_id.update({row["ruling_id"]: (number, row) for number, row in rows if not is_na(row["ruling_id"])})
    for number, row in rows:
        rid, status = row["ruling_id"], row["status"]
        if not is_na(rid) and parsed.clean(number, "ruling_id", "date", "date_precision", "game"):
            problems += _check_id_date(file, number, rid, row)
            if row["game"] == "duel_masters" and not rid.startswith(("dm-qa-", "dm-example-", "user-")):
                problems.append(Problem(file, number, "ruling_id",
                                        "Duel Masters rulings use ids 'dm-qa-<slug>', 'dm-example-<slug>' "
                                        "or 'user-<YYMMDD>-<slug>'"))
            if row["game"] == "ocg" and not rid.startswith(("ocg-", "user-")):
                problems.append(Problem(file, number, "ruling_id", "OCG rulings use ids 'ocg-...' or 'user-...'"))
        if row["kind"] in ("faq", "official_qa") and is_na(row["question_ja"]) and parsed.clean(number, "question_ja"):
            problems.append(
                Problem(file, number, "question_ja", f"a {row['kind']} ruling needs its question")
            )
        if is_na(row["answer_ja"]) and parsed.clean(number, "answer_ja", "possibly_incomplete") \
                and (is_na(row["possibly_incomplete"]) or not bool(row["possibly_incomplete"])):
            problems.append(Problem(file, number, "answer_ja", "a value is required but the cell is empty "
                                    "(only a ruling marked possibly_incomplete may lack its answer)"))
        succ, event, note = row["superseded_by"], row["obsoleted_by_event"], row["status_note"]
        if not parsed.clean(number, "status", "superseded_by", "obsoleted_by_event", "status_note"):
            continue
        if status == "current":
            if not is_na(succ):
                problems.append(
                    Problem(file, number, "superseded_by", f"status is 'current' but superseded_by is {quoted(succ)}")
                )
            if not is_na(event):
                problems.append(
                    Problem(
                        file, number, "obsoleted_by_event", f"status is 'current' but obsoleted_by_event is {quoted(event)}"
                    )
                )
        elif status in ("superseded", "retracted") and is_na(succ) and is_na(event) and is_na(note):
            problems.append(
                Problem(
                    file,
                    number,
                    "status_note",
                    f"status is {quoted(status)} with no superseded_by and no obsoleted_by_event: "
                    "status_note must say what the source says",
                )
            )
        if is_na(succ):
            continue
        if succ == rid:
            problems.append(Problem(file, number, "superseded_by", "a ruling cannot supersede itself"))
            continue
        if succ not in by_id:
            elsewhere = " or the tables it is combined with" if outside is not None else ""
            problems.append(
                Problem(file, number, "superseded_by",
                        f"{quoted(succ)} is not a ruling_id in this file{elsewhere} (dangling)")
            )
            continue
        successor_row, successor = by_id[succ]
        if not (parsed.clean(number, "date") and (successor_row is None or parsed.clean(successor_row, "date"))):
            continue
        if not is_na(row["date"]) and not is_na(successor["date"]) and successor["date"] < row["date"]:
            problems.append(
                Problem(
                    file,
                    number,
                    "superseded_by",
                    f"successor {quoted(succ)} ({_day(successor['date'])}) is older than this ruling "
                    f"({_day(row['date'])})",
                )
            )
    problems += _check_cycles(file, rows)
    return problems


def _day(value: Any) -> str:
    return str(pd.Timestamp(value).date())


def _check_id_date(file: str, number: int, rid: str, row: dict[str, Any]) -> list[Problem]:
    """``ocg-YYMMDD-...`` agrees with the date; ``ocg-undated-...`` has none."""
    match = re.match(r"(?:ocg|user)-(\d{6}|undated)-", rid)
    if not match:
        return []
    stamp = match.group(1)
    when = row["date"]
    if stamp == "undated":
        if not is_na(when):
            return [Problem(file, number, "ruling_id", f"id says undated but the date is {_day(when)}")]
        return []
    if is_na(when):
        return [Problem(file, number, "ruling_id", f"id carries the date {stamp} but the date cell is empty")]
    if pd.Timestamp(when).strftime("%y%m%d") != stamp and row["date_precision"] == "day":
        return [Problem(file, number, "ruling_id", f"id carries the date {stamp} but the date is {_day(when)}")]
    return []


def _check_cycles(file: str, rows: list[tuple[int, dict[str, Any]]]) -> list[Problem]:
    named = [(n, r) for n, r in rows if isinstance(r["ruling_id"], str)]  # an unreadable id is reported already
    successor = {r["ruling_id"]: r["superseded_by"] for _, r in named if not is_na(r["superseded_by"])}
    number_of = {r["ruling_id"]: n for n, r in named}
    problems: list[Problem] = []
    reported: set[str] = set()
    for start in sorted(successor):
        path: list[str] = []
        node: str | None = start
        while node is not None and node in successor and node not in path and node not in reported:
            path.append(node)
            nxt = successor[node]
            node = nxt if isinstance(nxt, str) else None
        if node is not None and node in path:
            cycle = path[path.index(node):]
            first = min(cycle)
            problems.append(
                Problem(
                    file,
                    number_of[first],
                    "superseded_by",
                    "supersession cycle: " + " -> ".join(cycle[cycle.index(first):] + cycle[: cycle.index(first)] + [first]),
                )
            )
            reported.update(cycle)
        reported.update(path)
    return problems


def _check_cards_file(parsed: Parsed, file: str) -> list[Problem]:
    problems = _check_unique_key(parsed, CARDS_SCHEMA, file)
    allowed = {"ocg": ("monster", "spell", "trap"), "duel_masters": ("creature", "other")}
    for number, row in rows_of(parsed):
        name = row["name_ja"]
        if not is_na(name) and parsed.clean(number, "name_ja"):
            if "《" in name or "》" in name:
                problems.append(Problem(file, number, "name_ja", f"{quoted(name)}: write card names without 《》"))
            if name != name.strip():
                problems.append(Problem(file, number, "name_ja", f"{quoted(name)} has leading or trailing spaces"))
        game, kind = row["game"], row["card_type"]
        if not is_na(game) and not is_na(kind) and kind not in allowed[game]:
            problems.append(
                Problem(
                    file,
                    number,
                    "card_type",
                    f"{quoted(kind)} is not a card type of game {quoted(game)} (allowed: {', '.join(allowed[game])})",
                )
            )
    return problems


def _check_events_file(parsed: Parsed, file: str) -> list[Problem]:
    return _check_unique_key(parsed, EVENTS_SCHEMA, file) + _check_date_precision(parsed, file)


FILE_RULES: dict[str, Callable[[Parsed, str], list[Problem]]] = {
    "rulings.csv": _check_rulings_file,
    "cards.csv": _check_cards_file,
    "events.csv": _check_events_file,
}

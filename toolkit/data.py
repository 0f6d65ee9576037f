"""Typed tables of End Phase rulings, the cards they name and the rule events.

Three CSV files ship with the toolkit (``datasets/`` in a clone,
``toolkit/_datasets`` in a wheel); the loaders read them, or a user's CSV of the
same shape, into DataFrames whose dtypes are declared once, in the schema
tables below (``RULINGS_SCHEMA``, ``CARDS_SCHEMA``, ``EVENTS_SCHEMA``).

Reading is strict: every cell is parsed by the rule of its column, nothing is
coerced or dropped silently, and any problem raises :class:`DataError` naming
the file, the 1-based data row and the column. All problems of a file are
collected before raising (see :class:`DatasetValidationError`).

>>> events = load_events()
>>> events.loc[events["event_id"] == "errata-2014-07-10", "date"].iloc[0]
Timestamp('2014-07-10 00:00:00')
>>> events["kind"].dtype == EVENTS_SCHEMA.column("kind").dtype
True
"""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date as _date
from datetime import datetime as _datetime
from pathlib import Path
from typing import Any, Literal, TypeAlias

import numpy as np
import pandas as pd

from toolkit.errors import DataError, FileError, ToolkitError, quoted
from toolkit.files import read_bytes
from toolkit.resources import dataset_path

__all__ = [
    "CARDS_SCHEMA",
    "EVENTS_SCHEMA",
    "LIST_SEPARATOR",
    "RULINGS_SCHEMA",
    "Column",
    "DatasetValidationError",
    "Problem",
    "QueryError",
    "TableSchema",
    "ValidationReport",
    "card_rulings_long",
    "check_datasets",
    "load_cards",
    "load_events",
    "load_rulings",
    "resolve_card",
    "rulings_about",
    "rulings_in_force",
    "rulings_per_year_topic",
    "supersession_chain",
    "supersessions",
    "to_contract_csv",
    "validate_datasets",
]

# --------------------------------------------------------------------------
# Schema: the one place the columns, their dtypes and categories are declared
# --------------------------------------------------------------------------

ColumnKind: TypeAlias = Literal["string", "category", "date", "list", "bool", "nullable_bool"]

LIST_SEPARATOR = " | "
"""How a list is joined inside one CSV cell (space, pipe, space)."""

STRING_DTYPE = pd.StringDtype(storage="python")
DATE_DTYPE = np.dtype("datetime64[ns]")
BOOL_DTYPE = np.dtype(bool)
NULLABLE_BOOL_DTYPE = pd.BooleanDtype()
LIST_DTYPE = np.dtype(object)

RULING_ID_PATTERN = r"(?:ocg-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*"
EVENT_ID_PATTERN = r"[a-z0-9]+(?:[-.][a-z0-9]+)*"

DATE_PRECISIONS = ("day", "month", "year", "none")
DURATIONS = ("until_end_phase", "until_end_of_turn", "this_turn", "none")
_TRUE_WORDS = frozenset({"true", "True", "TRUE"})
_FALSE_WORDS = frozenset({"false", "False", "FALSE"})


@dataclass(frozen=True)
class Column:
    """One column of a dataset: its name, how a cell is parsed, its dtype.

    ``required`` means every row needs a value; ``pattern`` is a regular
    expression a string value must match in full.
    """

    name: str
    kind: ColumnKind
    required: bool = False
    categories: tuple[str, ...] = ()
    pattern: str | None = None

    @property
    def dtype(self) -> Any:
        """The pandas dtype of this column in a loaded DataFrame."""
        if self.kind == "string":
            return STRING_DTYPE
        if self.kind == "category":
            return pd.CategoricalDtype(categories=list(self.categories), ordered=False)
        if self.kind == "date":
            return DATE_DTYPE
        if self.kind == "bool":
            return BOOL_DTYPE
        if self.kind == "nullable_bool":
            return NULLABLE_BOOL_DTYPE
        return LIST_DTYPE


@dataclass(frozen=True)
class TableSchema:
    """The columns of one dataset file, in file order, and its key column."""

    file: str
    key: str
    columns: tuple[Column, ...]

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        for col in self.columns:
            if col.name == name:
                return col
        raise KeyError(name)

    def dtypes(self) -> dict[str, Any]:
        """Column name -> pandas dtype, as the loaders return them."""
        return {c.name: c.dtype for c in self.columns}


RULINGS_SCHEMA = TableSchema(
    file="rulings.csv",
    key="ruling_id",
    columns=(
        Column("ruling_id", "string", required=True, pattern=RULING_ID_PATTERN),
        Column("game", "category", required=True, categories=("ocg", "duel_masters")),
        Column(
            "kind",
            "category",
            required=True,
            categories=("faq", "example", "rulebook", "worked_example", "official_qa"),
        ),
        Column("date", "date"),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS),
        Column(
            "topic",
            "category",
            required=True,
            categories=(
                "hand_size_adjustment",
                "end_phase_order",
                "end_of_turn",
                "errata_2014",
                "phase_transition",
                "turn_end_step",
            ),
        ),
        Column("cards", "list"),
        Column("question_ja", "string"),
        Column("answer_ja", "string", required=True),
        Column("summary_en", "string", required=True),
        Column(
            "verdict",
            "category",
            required=True,
            categories=("yes", "no", "conditional", "under_review", "explanation"),
        ),
        Column("status", "category", required=True, categories=("current", "superseded", "retracted")),
        Column("superseded_by", "string", pattern=RULING_ID_PATTERN),
        Column("obsoleted_by_event", "string", pattern=EVENT_ID_PATTERN),
        Column("status_note", "string"),
        Column("hidden_in_source", "bool", required=True),
        Column("source", "string", required=True),
        # The machine form of an End Phase ruling (issue 4, written by
        # scripts/build_rulings.py, run by toolkit.history.verify_rulings):
        # the scenario file(s) under datasets/scenarios/, the named ruleset an
        # undated ruling describes, the check (JSON, toolkit.ruling_checks),
        # the expected answer, our English reading of the check, or why the
        # ruling is not modelled. Empty outside the End Phase scope.
        Column("scenario", "list"),
        Column("ruleset", "string"),
        Column("check", "string"),
        Column("expected", "category", categories=("yes", "no")),
        Column("check_en", "string"),
        Column("not_modelled_reason", "string"),
    ),
)

CARDS_SCHEMA = TableSchema(
    file="cards.csv",
    key="name_ja",
    columns=(
        Column("name_ja", "string", required=True),
        Column("name_en", "string"),
        Column("game", "category", required=True, categories=("ocg", "duel_masters")),
        Column(
            "card_type",
            "category",
            required=True,
            categories=("monster", "spell", "trap", "creature", "other"),
        ),
        Column("subtype", "string"),
        Column("end_phase_effect", "category", required=True, categories=("none", "mandatory", "optional")),
        Column("during_end_phase_trigger", "nullable_bool"),
        Column("sent_to_gy_trigger", "nullable_bool"),
        Column("duration_before_2014", "category", categories=DURATIONS),
        Column("duration_after_2014", "category", categories=DURATIONS),
        Column("notes_en", "string"),
    ),
)

EVENTS_SCHEMA = TableSchema(
    file="events.csv",
    key="event_id",
    columns=(
        Column("event_id", "string", required=True, pattern=EVENT_ID_PATTERN),
        Column("date", "date"),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS),
        Column("game", "category", required=True, categories=("ocg", "tcg", "duel_masters")),
        Column(
            "kind",
            "category",
            required=True,
            categories=("errata", "rulebook", "tournament_rule", "ruling_principle", "product_release"),
        ),
        Column("title_en", "string", required=True),
        Column("description_en", "string", required=True),
        Column("source", "string", required=True),
    ),
)

_SCHEMAS = {"rulings": RULINGS_SCHEMA, "cards": CARDS_SCHEMA, "events": EVENTS_SCHEMA}

# --------------------------------------------------------------------------
# Problems and the error that carries them
# --------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a dataset: where (file, data row, column) and what.

    ``row`` counts data rows from 1 (the header is row 0); ``None`` when the
    problem concerns the whole file.
    """

    file: str
    row: int | None
    column: str | None
    message: str

    def __str__(self) -> str:
        return str(DataError(self.file, self.message, row=self.row, column=self.column))


_LISTED_PROBLEMS = 50
"""A validation error's message lists at most this many problems."""


class DatasetValidationError(DataError):
    """A :class:`DataError` carrying every problem found, not only the first.

    ``file``/``row``/``column`` are those of the first problem; ``problems``
    holds them all, and the message lists them all.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError("DatasetValidationError needs at least one problem")
        self.problems: tuple[Problem, ...] = tuple(problems)
        first = self.problems[0]
        message = first.message
        if len(self.problems) > 1:
            shown = self.problems[1:_LISTED_PROBLEMS]
            rest = "\n".join(f"  {p}" for p in shown)
            message += f"\n{len(self.problems) - 1} more problem(s):\n{rest}"
            if len(self.problems) > _LISTED_PROBLEMS:
                message += f"\n  ... and {len(self.problems) - _LISTED_PROBLEMS:,} more (all of them are in .problems)"
        super().__init__(first.file, message, row=first.row, column=first.column)


@dataclass(frozen=True)
class ValidationReport:
    """Every problem found in a set of datasets (empty when all is well).

    >>> report = ValidationReport(())
    >>> report.ok, len(report)
    (True, 0)
    >>> report.raise_if_any()
    """

    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def __len__(self) -> int:
        return len(self.problems)

    def __str__(self) -> str:
        if self.ok:
            return "no problems"
        return "\n".join(str(p) for p in self.problems)

    def raise_if_any(self) -> None:
        """Raise :class:`DatasetValidationError` if any problem was found."""
        if self.problems:
            raise DatasetValidationError(self.problems)

    def to_frame(self) -> pd.DataFrame:
        """The problems as a table (file, row, column, message)."""
        return pd.DataFrame(
            {
                "file": pd.array([p.file for p in self.problems], dtype=STRING_DTYPE),
                "row": pd.array([p.row for p in self.problems], dtype="Int64"),
                "column": pd.array([p.column for p in self.problems], dtype=STRING_DTYPE),
                "message": pd.array([p.message for p in self.problems], dtype=STRING_DTYPE),
            }
        )


class QueryError(ToolkitError, ValueError):
    """A helper was asked about a card, ruling or date it cannot resolve."""


# --------------------------------------------------------------------------
# Reading CSV text into rows of strings
# --------------------------------------------------------------------------

DataSource: TypeAlias = "pd.DataFrame | str | os.PathLike[str] | None"


@dataclass(frozen=True)
class _RawTable:
    """A CSV file as strings: the header and the data rows (all the same width)."""

    file: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_numbers: tuple[int, ...]


def _bad_byte_note(cell: str) -> str:
    bad = next(ch for ch in cell if "\udc80" <= ch <= "\udcff")
    return f"byte 0x{ord(bad) - 0xDC00:02X}"


def _split_csv(data: bytes, file: str) -> tuple[_RawTable | None, list[Problem]]:
    """Parse CSV bytes strictly; ragged rows, bad quoting and bad UTF-8 are problems."""
    problems: list[Problem] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    text = data.decode("utf-8", errors="surrogateescape")
    if not text.strip():
        return None, [Problem(file, None, None, "the file is empty (no header row)")]
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, list[str]]] = []
    try:
        for record in reader:
            records.append((reader.line_num, record))
    except csv.Error as exc:
        row = len(records)  # the record being read is data row len(records) (header = row 0)
        return None, [Problem(file, row, None, f"malformed CSV near line {reader.line_num}: {exc}")]
    header_line, header = records[0]
    data_records = records[1:]
    # bad UTF-8: name the exact cell
    for index, (_, record) in enumerate(records):
        names = header if index else [None] * len(record)
        for pos, cell in enumerate(record):
            if any("\udc80" <= ch <= "\udcff" for ch in cell):
                column = names[pos] if pos < len(names) else None
                problems.append(
                    Problem(file, index, column, f"is not valid UTF-8 ({_bad_byte_note(cell)}); save the file as UTF-8")
                )
    if problems:
        return None, problems
    rows: list[tuple[str, ...]] = []
    numbers: list[int] = []
    for number, (line, record) in enumerate(data_records, start=1):
        if not record:  # csv yields [] for a blank line
            problems.append(Problem(file, number, None, f"blank line {line} inside the data"))
            continue
        if len(record) != len(header):
            problems.append(
                Problem(
                    file,
                    number,
                    None,
                    f"has {len(record)} fields but the header has {len(header)} (line {line})",
                )
            )
            continue
        rows.append(tuple(record))
        numbers.append(number)
    return _RawTable(file, tuple(header), tuple(rows), tuple(numbers)), problems


def _check_header(raw: _RawTable, schema: TableSchema) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in raw.header:
        if name in seen:
            problems.append(Problem(raw.file, 0, name, "the column appears twice in the header"))
        seen.add(name)
    for name in schema.names:
        if name not in seen:
            problems.append(Problem(raw.file, 0, name, "required column is missing from the header"))
    for name in raw.header:
        if name not in schema.names:
            problems.append(
                Problem(
                    raw.file,
                    0,
                    name,
                    f"unexpected column (expected exactly: {', '.join(schema.names)})",
                )
            )
    return problems


# --------------------------------------------------------------------------
# Parsing cells by column kind
# --------------------------------------------------------------------------

_DATE_FORMS = {
    "day": re.compile(r"(\d{4})-(\d{2})-(\d{2})"),
    "month": re.compile(r"(\d{4})-(\d{2})"),
    "year": re.compile(r"(\d{4})"),
}


def _parse_date(text: str) -> tuple[_date | None, str | None]:
    """``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY`` -> (first day it names, form)."""
    for form, pattern in _DATE_FORMS.items():
        match = pattern.fullmatch(text)
        if match:
            parts = [int(p) for p in match.groups()] + [1] * (3 - len(match.groups()))
            try:
                return _date(parts[0], parts[1], parts[2]), form
            except ValueError:
                return None, None
    return None, None


class _CellError(Exception):
    pass


def _parse_cell(column: Column, text: str) -> Any:
    """One CSV cell -> a Python value (None for NA); raises _CellError."""
    if text == "":
        if column.required:
            raise _CellError("a value is required but the cell is empty")
        return [] if column.kind == "list" else None
    if column.kind == "string":
        if column.pattern and not re.fullmatch(column.pattern, text):
            raise _CellError(f"{quoted(text)} is not a valid id (expected the form {column.pattern})")
        return text
    if column.kind == "category":
        if text not in column.categories:
            raise _CellError(f"unknown value {quoted(text)} (allowed: {', '.join(column.categories)})")
        return text
    if column.kind == "date":
        day, form = _parse_date(text)
        if day is None:
            raise _CellError(f"cannot parse date {quoted(text)} (expected YYYY-MM-DD, YYYY-MM or YYYY)")
        return (day, form)
    if column.kind in ("bool", "nullable_bool"):
        if text in _TRUE_WORDS:
            return True
        if text in _FALSE_WORDS:
            return False
        raise _CellError(f"{quoted(text)} is not a boolean (write true or false)")
    # list
    items = text.split(LIST_SEPARATOR)
    for item in items:
        if item == "" or item != item.strip():
            raise _CellError(f"{quoted(text)}: items must be non-empty and joined with {quoted(LIST_SEPARATOR)}")
        if "|" in item:
            raise _CellError(f"{quoted(text)}: items must be joined with {quoted(LIST_SEPARATOR)} (space, pipe, space)")
    duplicates = sorted({i for i in items if items.count(i) > 1})
    if duplicates:
        raise _CellError(f"lists {', '.join(map(repr, duplicates))} more than once")
    return items


def _column_array(column: Column, values: list[Any]) -> Any:
    if column.kind == "string":
        return pd.array(values, dtype=STRING_DTYPE)
    if column.kind == "category":
        return pd.Categorical(values, categories=list(column.categories), ordered=False)
    if column.kind == "date":
        return np.array(
            [np.datetime64(v[0], "ns") if v is not None else np.datetime64("NaT", "ns") for v in values],
            dtype=DATE_DTYPE,
        )
    if column.kind == "bool":
        return np.array([bool(v) for v in values], dtype=BOOL_DTYPE)
    if column.kind == "nullable_bool":
        return pd.array(values, dtype=NULLABLE_BOOL_DTYPE)
    array = np.empty(len(values), dtype=object)
    for i, v in enumerate(values):
        array[i] = v
    return array


@dataclass(frozen=True)
class _Parsed:
    """A typed frame, the CSV row number of each frame row, and date forms."""

    frame: pd.DataFrame
    row_numbers: tuple[int, ...]
    date_forms: dict[str, list[str | None]]
    failed: frozenset[tuple[int, str]] = frozenset()

    def clean(self, number: int, *columns: str) -> bool:
        """True when none of these cells of CSV row ``number`` failed to parse.

        Row rules skip rows whose inputs could not be read, so one bad cell is
        reported once, not again by every rule that reads it.
        """
        return not any((number, c) in self.failed for c in columns)


def _typed_frame(raw: _RawTable, schema: TableSchema) -> tuple[_Parsed, list[Problem]]:
    problems: list[Problem] = []
    position = {name: raw.header.index(name) for name in schema.names}
    columns: dict[str, Any] = {}
    date_forms: dict[str, list[str | None]] = {}
    for column in schema.columns:
        values: list[Any] = []
        forms: list[str | None] = []
        for number, record in zip(raw.row_numbers, raw.rows):
            try:
                value = _parse_cell(column, record[position[column.name]])
            except _CellError as exc:
                problems.append(Problem(raw.file, number, column.name, str(exc)))
                value = [] if column.kind == "list" else (False if column.kind == "bool" else None)
            if column.kind == "date":
                forms.append(value[1] if value is not None else None)
            values.append(value)
        columns[column.name] = _column_array(column, values)
        if column.kind == "date":
            date_forms[column.name] = forms
    frame = pd.DataFrame(columns, columns=schema.names)
    failed = frozenset((p.row, p.column) for p in problems if p.row is not None and p.column is not None)
    return _Parsed(frame, raw.row_numbers, date_forms, failed), problems


# --------------------------------------------------------------------------
# Per-file rules (run by every loader)
# --------------------------------------------------------------------------


def _is_na(value: Any) -> bool:
    """True for every missing-value marker a cell can hold (None, NA, NaN, NaT)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    if isinstance(value, float):
        return value != value
    if isinstance(value, np.datetime64):
        return bool(np.isnat(value))
    return False


def _rows(parsed: _Parsed) -> Iterable[tuple[int, dict[str, Any]]]:
    records: list[dict[str, Any]] = [{str(k): v for k, v in r.items()} for r in parsed.frame.to_dict("records")]
    return zip(parsed.row_numbers, records)


def _check_unique_key(parsed: _Parsed, schema: TableSchema, file: str) -> list[Problem]:
    problems = []
    first_row: dict[str, int] = {}
    for number, row in _rows(parsed):
        key = row[schema.key]
        if _is_na(key) or not parsed.clean(number, schema.key):
            continue
        if key in first_row:
            problems.append(
                Problem(file, number, schema.key, f"duplicate id {quoted(key)} (first used in row {first_row[key]})")
            )
        else:
            first_row[key] = number
    return problems


def _check_date_precision(parsed: _Parsed, file: str) -> list[Problem]:
    """``date_precision`` agrees with ``date``: none <=> empty; the written form fits."""
    problems = []
    forms = parsed.date_forms.get("date", [])
    for (number, row), form in zip(_rows(parsed), forms):
        precision, when = row["date_precision"], row["date"]
        if _is_na(precision) or not parsed.clean(number, "date", "date_precision"):
            continue
        if precision == "none":
            if not _is_na(when):
                problems.append(Problem(file, number, "date", "a date is given but date_precision is 'none'"))
            continue
        if _is_na(when):
            problems.append(
                Problem(file, number, "date", f"date_precision is {quoted(precision)} but the date is empty")
            )
            continue
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


def _check_rulings_file(parsed: _Parsed, file: str) -> list[Problem]:
    problems = _check_unique_key(parsed, RULINGS_SCHEMA, file)
    problems += _check_date_precision(parsed, file)
    rows = list(_rows(parsed))
    by_id = {row["ruling_id"]: (number, row) for number, row in rows if not _is_na(row["ruling_id"])}
    for number, row in rows:
        rid, status = row["ruling_id"], row["status"]
        if not _is_na(rid) and parsed.clean(number, "ruling_id", "date", "date_precision", "game"):
            problems += _check_id_date(file, number, rid, row)
            if row["game"] == "duel_masters" and not rid.startswith(("dm-qa-", "dm-example-")):
                problems.append(Problem(file, number, "ruling_id",
                                        "Duel Masters rulings use ids 'dm-qa-<slug>' or 'dm-example-<slug>'"))
            if row["game"] == "ocg" and not rid.startswith("ocg-"):
                problems.append(Problem(file, number, "ruling_id", "OCG rulings use ids 'ocg-...'"))
        if row["kind"] in ("faq", "official_qa") and _is_na(row["question_ja"]) and parsed.clean(number, "question_ja"):
            problems.append(
                Problem(file, number, "question_ja", f"a {row['kind']} ruling needs its question")
            )
        succ, event, note = row["superseded_by"], row["obsoleted_by_event"], row["status_note"]
        if not parsed.clean(number, "status", "superseded_by", "obsoleted_by_event", "status_note"):
            continue
        if status == "current":
            if not _is_na(succ):
                problems.append(
                    Problem(file, number, "superseded_by", f"status is 'current' but superseded_by is {quoted(succ)}")
                )
            if not _is_na(event):
                problems.append(
                    Problem(
                        file, number, "obsoleted_by_event", f"status is 'current' but obsoleted_by_event is {event!r}"
                    )
                )
        elif status in ("superseded", "retracted") and _is_na(succ) and _is_na(event) and _is_na(note):
            problems.append(
                Problem(
                    file,
                    number,
                    "status_note",
                    f"status is {status!r} with no superseded_by and no obsoleted_by_event: "
                    "status_note must say what the source says",
                )
            )
        if _is_na(succ):
            continue
        if succ == rid:
            problems.append(Problem(file, number, "superseded_by", "a ruling cannot supersede itself"))
            continue
        if succ not in by_id:
            problems.append(
                Problem(file, number, "superseded_by", f"{quoted(succ)} is not a ruling_id in this file (dangling)")
            )
            continue
        successor_row, successor = by_id[succ]
        if not (parsed.clean(number, "date") and parsed.clean(successor_row, "date")):
            continue
        if not _is_na(row["date"]) and not _is_na(successor["date"]) and successor["date"] < row["date"]:
            problems.append(
                Problem(
                    file,
                    number,
                    "superseded_by",
                    f"successor {succ!r} ({_day(successor['date'])}) is older than this ruling "
                    f"({_day(row['date'])})",
                )
            )
    problems += _check_cycles(file, rows)
    return problems


def _day(value: Any) -> str:
    return str(pd.Timestamp(value).date())


def _check_id_date(file: str, number: int, rid: str, row: dict[str, Any]) -> list[Problem]:
    """``ocg-YYMMDD-...`` agrees with the date; ``ocg-undated-...`` has none."""
    match = re.match(r"ocg-(\d{6}|undated)-", rid)
    if not match:
        return []
    stamp = match.group(1)
    when = row["date"]
    if stamp == "undated":
        if not _is_na(when):
            return [Problem(file, number, "ruling_id", f"id says undated but the date is {_day(when)}")]
        return []
    if _is_na(when):
        return [Problem(file, number, "ruling_id", f"id carries the date {stamp} but the date cell is empty")]
    if pd.Timestamp(when).strftime("%y%m%d") != stamp and row["date_precision"] == "day":
        return [Problem(file, number, "ruling_id", f"id carries the date {stamp} but the date is {_day(when)}")]
    return []


def _check_cycles(file: str, rows: list[tuple[int, dict[str, Any]]]) -> list[Problem]:
    successor = {r["ruling_id"]: r["superseded_by"] for _, r in rows if not _is_na(r["superseded_by"])}
    number_of = {r["ruling_id"]: n for n, r in rows}
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


def _check_cards_file(parsed: _Parsed, file: str) -> list[Problem]:
    problems = _check_unique_key(parsed, CARDS_SCHEMA, file)
    allowed = {"ocg": ("monster", "spell", "trap"), "duel_masters": ("creature", "other")}
    for number, row in _rows(parsed):
        name = row["name_ja"]
        if not _is_na(name) and parsed.clean(number, "name_ja"):
            if "《" in name or "》" in name:
                problems.append(Problem(file, number, "name_ja", f"{quoted(name)}: write card names without 《》"))
            if name != name.strip():
                problems.append(Problem(file, number, "name_ja", f"{quoted(name)} has leading or trailing spaces"))
        game, kind = row["game"], row["card_type"]
        if not _is_na(game) and not _is_na(kind) and kind not in allowed[game]:
            problems.append(
                Problem(
                    file,
                    number,
                    "card_type",
                    f"{kind!r} is not a card type of game {game!r} (allowed: {', '.join(allowed[game])})",
                )
            )
    return problems


def _check_events_file(parsed: _Parsed, file: str) -> list[Problem]:
    return _check_unique_key(parsed, EVENTS_SCHEMA, file) + _check_date_precision(parsed, file)


_FILE_RULES: dict[str, Callable[[_Parsed, str], list[Problem]]] = {
    "rulings.csv": _check_rulings_file,
    "cards.csv": _check_cards_file,
    "events.csv": _check_events_file,
}


# --------------------------------------------------------------------------
# Sources: packaged file, user path, or an in-memory DataFrame
# --------------------------------------------------------------------------


def _format_value(value: Any) -> str:
    """A DataFrame cell back to its CSV text (the inverse of _parse_cell)."""
    if isinstance(value, (list, tuple)):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if isinstance(value, np.ndarray):
        return LIST_SEPARATOR.join(str(v) for v in value.tolist())
    if _is_na(value):
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (pd.Timestamp, _datetime, np.datetime64)):
        return str(pd.Timestamp(value).date())
    return str(value)


def _raw_from_frame(frame: pd.DataFrame, file: str) -> _RawTable:
    header = tuple(str(c) for c in frame.columns)
    rows = tuple(tuple(_format_value(v) for v in record) for record in frame.itertuples(index=False, name=None))
    return _RawTable(file, header, rows, tuple(range(1, len(rows) + 1)))


def _raw_from_source(source: DataSource, schema: TableSchema) -> tuple[_RawTable | None, list[Problem]]:
    if isinstance(source, pd.DataFrame):
        return _raw_from_frame(source, schema.file), []
    if source is None:
        resource = dataset_path(schema.file)
        label = schema.file
        try:
            data = resource.read_bytes()
        except (FileNotFoundError, OSError) as exc:
            return None, [Problem(label, None, None, f"packaged dataset cannot be read: {exc}")]
        return _split_csv(data, label)
    label = os.fspath(source)
    try:
        data = read_bytes(label, what="CSV file")
    except FileError as exc:
        return None, [Problem(label, None, None, exc.message)]
    return _split_csv(data, label)


def _parse_source(source: DataSource, schema: TableSchema) -> tuple[_Parsed | None, list[Problem]]:
    """Read, type and check one file; the frame is None when the header is unusable."""
    raw, problems = _raw_from_source(source, schema)
    if raw is None:
        return None, problems
    header_problems = _check_header(raw, schema)
    if header_problems:
        return None, problems + header_problems
    parsed, cell_problems = _typed_frame(raw, schema)
    problems += cell_problems
    problems += _FILE_RULES[schema.file](parsed, raw.file)
    return parsed, sorted(set(problems), key=_problem_order)


def _problem_order(p: Problem) -> tuple[Any, ...]:
    return (p.file, -1 if p.row is None else p.row, p.column or "", p.message)


def _load(source: DataSource, schema: TableSchema) -> pd.DataFrame:
    parsed, problems = _parse_source(source, schema)
    if problems or parsed is None:
        raise DatasetValidationError(problems)
    return parsed.frame


def load_rulings(path: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """The rulings table (one row per ruling), typed per ``RULINGS_SCHEMA``.

    ``path=None`` reads the packaged ``rulings.csv``; a path reads a user's CSV
    of the same shape. ``cards`` holds Python lists of card names. Raises
    :class:`DataError` (naming file, row and column) on any malformed cell.
    """
    return _load(path, RULINGS_SCHEMA)


def load_cards(path: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """The cards table (one row per card, keyed by ``name_ja``), typed per ``CARDS_SCHEMA``.

    >>> cards = load_cards()
    >>> cards.loc[cards["name_ja"] == "ヒステリック・サイン", "name_en"].iloc[0]
    'Hysteric Sign'
    """
    return _load(path, CARDS_SCHEMA)


def load_events(path: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """The rule events table (keyed by ``event_id``), typed per ``EVENTS_SCHEMA``."""
    return _load(path, EVENTS_SCHEMA)


def to_contract_csv(frame: pd.DataFrame, table: Literal["rulings", "cards", "events"]) -> str:
    """Write a typed table back as CSV text in the contract's format.

    Columns in schema order, lists joined with ``" | "``, booleans as
    ``true``/``false``, dates as ``YYYY-MM-DD`` (``YYYY-MM`` / ``YYYY`` for
    month / year precision), ``\\n`` line ends, rows as given. The frame is
    checked first, so what is written always loads again.

    >>> print(to_contract_csv(load_events().head(1), "events").splitlines()[0])
    event_id,date,date_precision,game,kind,title_en,description_en,source
    """
    schema = _SCHEMAS[table]
    parsed, problems = _parse_source(frame, schema)
    if problems or parsed is None:
        raise DatasetValidationError(problems)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(schema.names)
    precisions = parsed.frame["date_precision"] if "date_precision" in schema.names else None
    for i, record in enumerate(parsed.frame.itertuples(index=False, name=None)):
        cells = []
        for column, value in zip(schema.columns, record):
            text = _format_value(value)
            if column.kind == "date" and text and precisions is not None:
                text = {"month": text[:7], "year": text[:4]}.get(str(precisions.iloc[i]), text)
            cells.append(text)
        writer.writerow(cells)
    return out.getvalue()


# --------------------------------------------------------------------------
# Cross-file validation
# --------------------------------------------------------------------------


def _nfkc(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


def _cross_file_problems(rulings: _Parsed, cards: _Parsed | None, events: _Parsed | None, files: dict[str, str]) -> list[Problem]:
    problems: list[Problem] = []
    file = files["rulings"]
    if cards is not None:
        card_game = dict(zip(cards.frame["name_ja"], cards.frame["game"].astype(object)))
        loose = {_nfkc(str(n)): str(n) for n in card_game if not _is_na(n)}
        for number, row in _rows(rulings):
            for name in row["cards"]:
                if name not in card_game:
                    near = loose.get(_nfkc(name))
                    hint = f" (did you mean {near!r}?)" if near else ""
                    problems.append(
                        Problem(file, number, "cards", f"card {quoted(name)} is not in {files['cards']}{hint}")
                    )
                elif not _is_na(row["game"]) and card_game[name] != row["game"]:
                    problems.append(
                        Problem(
                            file,
                            number,
                            "cards",
                            f"card {name!r} belongs to game {card_game[name]!r} but the ruling is {row['game']!r}",
                        )
                    )
    if events is not None:
        event_ids = set(events.frame["event_id"].dropna())
        for number, row in _rows(rulings):
            event = row["obsoleted_by_event"]
            if not _is_na(event) and event not in event_ids:
                problems.append(
                    Problem(file, number, "obsoleted_by_event", f"{quoted(event)} is not an event_id in {files['events']}")
                )
    return problems


def _label(source: DataSource, schema: TableSchema) -> str:
    if source is None or isinstance(source, pd.DataFrame):
        return schema.file
    return os.fspath(source)


def check_datasets(rulings: DataSource = None, cards: DataSource = None, events: DataSource = None) -> ValidationReport:
    """Check the three tables, alone and against each other; collect every problem.

    Each argument is a loaded DataFrame, a CSV path, or None for the packaged
    file. Besides each file's own rules: every card a ruling names is in the
    cards table (with the same game), and every ``obsoleted_by_event`` is an
    event id.

    >>> check_datasets(cards=None, events=None).ok
    True
    """
    parsed_rulings, problems = _parse_source(rulings, RULINGS_SCHEMA)
    parsed_cards, card_problems = _parse_source(cards, CARDS_SCHEMA)
    parsed_events, event_problems = _parse_source(events, EVENTS_SCHEMA)
    problems = problems + card_problems + event_problems
    files = {
        "rulings": _label(rulings, RULINGS_SCHEMA),
        "cards": _label(cards, CARDS_SCHEMA),
        "events": _label(events, EVENTS_SCHEMA),
    }
    if parsed_rulings is not None:
        problems += _cross_file_problems(parsed_rulings, parsed_cards, parsed_events, files)
    order = {files["rulings"]: 0, files["cards"]: 1, files["events"]: 2}
    ordered = sorted(set(problems), key=lambda p: (order.get(p.file, 3),) + _problem_order(p))
    return ValidationReport(tuple(ordered))


def validate_datasets(rulings: DataSource = None, cards: DataSource = None, events: DataSource = None) -> None:
    """Raise :class:`DatasetValidationError` (a :class:`DataError`) listing every
    problem in the three tables; return None when they are sound.

    See :func:`check_datasets` for the report without raising.
    """
    check_datasets(rulings, cards, events).raise_if_any()


# --------------------------------------------------------------------------
# Helpers analysts ask for
# --------------------------------------------------------------------------


def _rulings_frame(rulings: DataSource) -> pd.DataFrame:
    if isinstance(rulings, pd.DataFrame):
        return rulings
    return load_rulings(rulings)


def _cards_frame(cards: DataSource) -> pd.DataFrame:
    if isinstance(cards, pd.DataFrame):
        return cards
    return load_cards(cards)


def _events_frame(events: DataSource) -> pd.DataFrame:
    if isinstance(events, pd.DataFrame):
        return events
    return load_events(events)


def _sort_by_date(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.sort_values(["date", "ruling_id"], na_position="last", kind="stable").reset_index(drop=True)


def resolve_card(card: str, cards: DataSource = None) -> str:
    """The Japanese key (``name_ja``) of a card given by Japanese or English name.

    Matching ignores 《》, case and full-width/half-width differences (NFKC), so
    ``"TG ストライカー"`` finds ``"ＴＧ ストライカー"``.

    >>> resolve_card("hysteric sign")
    'ヒステリック・サイン'
    >>> resolve_card("《TG ストライカー》")
    'ＴＧ ストライカー'
    """
    table = _cards_frame(cards)
    wanted = _nfkc(card.strip().removeprefix("《").removesuffix("》"))
    names_ja = [str(n) for n in table["name_ja"]]
    names_en = [None if _is_na(n) else str(n) for n in table["name_en"]]
    if card in names_ja:
        return card
    hits = sorted({ja for ja, en in zip(names_ja, names_en) if _nfkc(ja) == wanted or (en and _nfkc(en) == wanted)})
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise QueryError(f"card name {quoted(card)} is ambiguous: {', '.join(hits)}")
    import difflib

    pool = names_ja + [n for n in names_en if n]
    near = difflib.get_close_matches(card, pool, n=3, cutoff=0.5)
    hint = f"; close names: {', '.join(near)}" if near else ""
    raise QueryError(f"no card named {quoted(card)} in cards.csv (Japanese or English name){hint}")


def rulings_about(card: str, rulings: DataSource = None, cards: DataSource = None) -> pd.DataFrame:
    """Every ruling that names ``card`` (Japanese or English name), oldest first.

    Undated rulings come last. Raises :class:`QueryError` for an unknown card.
    """
    table = _rulings_frame(rulings)
    name = resolve_card(card, cards)
    mask = table["cards"].map(lambda names: name in names).astype(bool)
    return _sort_by_date(table[mask])


def card_rulings_long(rulings: DataSource = None) -> pd.DataFrame:
    """One row per (ruling, card): the ruling's columns without ``cards``, plus
    ``card`` (the Japanese name) and ``card_position`` (1 = first named).

    Rulings that name no card have no row here.
    """
    table = _rulings_frame(rulings)
    long = table.drop(columns=["cards"]).loc[table.index.repeat(table["cards"].map(len))].copy()
    long["card"] = pd.array([c for names in table["cards"] for c in names], dtype=STRING_DTYPE)
    long["card_position"] = pd.array(
        [i for names in table["cards"] for i in range(1, len(names) + 1)], dtype="Int64"
    )
    return long.reset_index(drop=True)


def _ruling_index(table: pd.DataFrame, ruling_id: str) -> dict[str, dict[str, Any]]:
    by_id = {str(r["ruling_id"]): {str(k): v for k, v in r.items()} for r in table.to_dict("records")}
    if ruling_id not in by_id:
        raise QueryError(f"no ruling with ruling_id {quoted(ruling_id)}")
    return by_id


def supersession_chain(ruling_id: str, rulings: DataSource = None) -> pd.DataFrame:
    """The ruling's line of descent through ``superseded_by``, oldest first.

    Follows the links both ways from ``ruling_id``: back to every ruling it
    replaced (and what those replaced), forward to its successor (and that
    one's successor). Rulings that merely share a successor with it are not
    its line and are left out. Predecessors always come before their
    successors; ties go by date (undated last), then id.
    """
    table = _rulings_frame(rulings)
    by_id = _ruling_index(table, ruling_id)
    forward = {rid: r["superseded_by"] for rid, r in by_id.items() if not _is_na(r["superseded_by"])}
    backward: dict[str, list[str]] = {}
    for rid, succ in forward.items():
        backward.setdefault(str(succ), []).append(rid)
    members: set[str] = {ruling_id}
    node = ruling_id
    while node in forward and str(forward[node]) in by_id and str(forward[node]) not in members:
        node = str(forward[node])
        members.add(node)
    todo = list(backward.get(ruling_id, []))
    while todo:
        node = todo.pop()
        if node not in members and node in by_id:
            members.add(node)
            todo.extend(backward.get(node, []))

    def when(rid: str) -> tuple[Any, str]:
        d = by_id[rid]["date"]
        return (pd.Timestamp.max if _is_na(d) else pd.Timestamp(d), rid)

    ordered: list[str] = []
    waiting = sorted(members, key=when)
    while waiting:  # predecessors first (Kahn), ties by date then id
        ready = [r for r in waiting if not any(p in waiting for p in backward.get(r, []))]
        if not ready:  # a cycle (validation reports it); fall back to date order
            ready = waiting[:1]
        ordered.append(ready[0])
        waiting.remove(ready[0])
    positions = {rid: i for i, rid in enumerate(ordered)}
    chosen = table[table["ruling_id"].isin(members)].copy()
    chosen = chosen.iloc[np.argsort([positions[str(r)] for r in chosen["ruling_id"]], kind="stable")]
    return chosen.reset_index(drop=True)


def _as_timestamp(when: Any) -> pd.Timestamp:
    try:
        stamp = pd.Timestamp(when)
    except (ValueError, TypeError) as exc:
        raise QueryError(f"cannot read {quoted(when)} as a date (use YYYY-MM-DD): {exc}") from None
    if pd.isna(stamp):
        raise QueryError(f"cannot read {quoted(when)} as a date (use YYYY-MM-DD)")
    if stamp.tzinfo is not None:
        stamp = stamp.tz_localize(None)
    return stamp.normalize()


def supersessions(rulings: DataSource = None, events: DataSource = None) -> pd.DataFrame:
    """Every ruling that is no longer current, with what ended it and when.

    Columns: ``ruling_id``, ``date``, ``cards``, ``status``, ``summary_en``,
    ``ended_by`` (successor ruling id, else event id, else NA), ``ended_by_kind``
    (``ruling`` / ``event`` / ``note``), ``ended_on`` (the successor's or the
    event's date; NaT when unknown), ``successor_summary_en`` and
    ``status_note``. Sorted by date, then id.
    """
    table = _rulings_frame(rulings)
    event_table = _events_frame(events)
    ends = _end_dates(table, event_table)
    rows = table[table["status"] != "current"]
    summary_of = dict(zip(table["ruling_id"], table["summary_en"]))
    out = pd.DataFrame(
        {
            "ruling_id": rows["ruling_id"],
            "date": rows["date"],
            "cards": rows["cards"],
            "status": rows["status"],
            "summary_en": rows["summary_en"],
            "ended_by": pd.array([ends[r][1] for r in rows["ruling_id"]], dtype=STRING_DTYPE),
            "ended_by_kind": pd.Categorical(
                [ends[r][2] for r in rows["ruling_id"]], categories=["ruling", "event", "note"]
            ),
            "ended_on": np.array([ends[r][0] for r in rows["ruling_id"]], dtype=DATE_DTYPE),
            "successor_summary_en": pd.array(
                [summary_of.get(s) if not _is_na(s) else None for s in rows["superseded_by"]], dtype=STRING_DTYPE
            ),
            "status_note": rows["status_note"],
        }
    )
    return _sort_by_date(out)


def _end_dates(table: pd.DataFrame, events: pd.DataFrame) -> dict[str, tuple[Any, str | None, str | None]]:
    """ruling_id -> (date it stopped applying or NaT, what ended it, kind of that)."""
    date_of_ruling = dict(zip(table["ruling_id"], table["date"]))
    date_of_event = dict(zip(events["event_id"], events["date"]))
    out: dict[str, tuple[Any, str | None, str | None]] = {}
    for rid, status, succ, event in zip(
        table["ruling_id"], table["status"], table["superseded_by"], table["obsoleted_by_event"]
    ):
        candidates = []
        if not _is_na(succ):
            candidates.append((date_of_ruling.get(succ, pd.NaT), str(succ), "ruling"))
        if not _is_na(event):
            candidates.append((date_of_event.get(event, pd.NaT), str(event), "event"))
        dated = [c for c in candidates if not _is_na(c[0])]
        if dated:
            out[rid] = min(dated, key=lambda c: c[0])
        elif candidates:
            out[rid] = (np.datetime64("NaT", "ns"), candidates[0][1], candidates[0][2])
        elif status != "current":
            out[rid] = (np.datetime64("NaT", "ns"), None, "note")
        else:
            out[rid] = (np.datetime64("NaT", "ns"), None, None)
    return out


def rulings_in_force(
    date: Any,
    rulings: DataSource = None,
    events: DataSource = None,
    *,
    include_undated: bool = False,
) -> pd.DataFrame:
    """The rulings that applied on ``date``, oldest first.

    A ruling applies from its own date until its successor's date (or the
    date of the event that obsoleted it), exclusive: a ruling superseded by a
    successor dated after ``date`` was still in force then. Month- or
    year-precision dates count from the first day they name.

    Two extra columns say why: ``in_force_until`` (the day it stopped
    applying; NaT when it still applies or the end is unknown) and
    ``end_known`` (False for a non-current ruling whose end the sources do not
    date — it is listed, since it was in force at some point after its date,
    but treat it with care). Undated rulings (rulebook quotes, worked
    examples) cannot be placed in time: they are left out unless
    ``include_undated``.

    >>> demo = pd.DataFrame({
    ...     "ruling_id": ["ocg-130330-old", "ocg-160708-new"],
    ...     "date": pd.to_datetime(["2013-03-30", "2016-07-08"]),
    ...     "status": ["superseded", "current"],
    ...     "superseded_by": ["ocg-160708-new", None],
    ...     "obsoleted_by_event": [None, None],
    ... })
    >>> list(rulings_in_force("2015-01-01", demo, load_events())["ruling_id"])
    ['ocg-130330-old']
    >>> list(rulings_in_force("2016-07-08", demo, load_events())["ruling_id"])
    ['ocg-160708-new']
    """
    day = _as_timestamp(date)
    table = _rulings_frame(rulings)
    ends = _end_dates(table, _events_frame(events))
    until = np.array([ends[r][0] for r in table["ruling_id"]], dtype=DATE_DTYPE)
    known = np.array(
        [not (status != "current" and _is_na(ends[r][0])) for r, status in zip(table["ruling_id"], table["status"])],
        dtype=bool,
    )
    dates = table["date"].to_numpy(dtype=DATE_DTYPE)
    started = ~np.isnat(dates) & (dates <= day.to_datetime64())
    not_ended = np.isnat(until) | (until > day.to_datetime64())
    mask = (started & not_ended) | (include_undated & np.isnat(dates) & not_ended)
    out = table[mask].copy()
    out["in_force_until"] = until[mask]
    out["end_known"] = pd.array(known[mask], dtype=NULLABLE_BOOL_DTYPE)
    return _sort_by_date(out)


def rulings_per_year_topic(rulings: DataSource = None, game: str | None = "ocg") -> pd.DataFrame:
    """A count table: one row per year (dated rulings only), one column per topic.

    Every declared topic is a column (zeros included), years run without gaps
    from the first to the last, and a ``total`` column closes each row.
    ``game=None`` counts both games.
    """
    table = _rulings_frame(rulings)
    if game is not None:
        table = table[table["game"] == game]
    dated = table[table["date"].notna()]
    topics = list(RULINGS_SCHEMA.column("topic").categories)
    if dated.empty:
        counts = pd.DataFrame(columns=topics, dtype="int64")
    else:
        years = dated["date"].dt.year
        counts = pd.crosstab(years, dated["topic"].astype(str))
        counts = counts.reindex(
            index=range(int(years.min()), int(years.max()) + 1), columns=topics, fill_value=0
        )
    counts = counts.astype("int64")
    counts.index.name = "year"
    counts.columns.name = "topic"
    counts["total"] = counts.sum(axis=1)
    return counts

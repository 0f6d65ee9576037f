"""CSV bytes to typed columns: strict splitting (ragged rows, bad quoting and
bad UTF-8 are problems), the header against the schema, and each cell parsed
by the kind of its column. ``format_value`` is the inverse of cell parsing.

>>> parse_date("2014-07")
(datetime.date(2014, 7, 1), 'month')
>>> format_value(["A", "B"]), format_value(True), format_value(None)
('A | B', 'true', '')
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date as _date
from datetime import datetime as _datetime
from typing import Any

import numpy as np
import pandas as pd

from toolkit.data.problems import Problem
from toolkit.data.schema import (
    BOOL_DTYPE,
    DATE_DTYPE,
    EARLIEST_DATE,
    EVENT_ID_PATTERN,
    FALSE_WORDS,
    LIST_SEPARATOR,
    NULLABLE_BOOL_DTYPE,
    RULING_ID_PATTERN,
    STRING_DTYPE,
    TRUE_WORDS,
    Column,
    TableSchema,
    latest_date,
)
from toolkit.errors import quoted

_ID_FORMS = {
    RULING_ID_PATTERN: "a ruling id: ocg-, user- or dm- and then YYMMDD, undated, qa or example, then lower-case "
                       "words joined by hyphens, e.g. user-240105-sign-adjustment",
    EVENT_ID_PATTERN: "an event id: lower-case words joined by hyphens or dots, e.g. errata-2014-07-10",
}
"""How a message describes an id's form (the pattern itself is a regular expression)."""


@dataclass(frozen=True)
class RawTable:
    """A CSV file as strings: the header and the data rows (all the same width)."""

    file: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    row_numbers: tuple[int, ...]


def csv_lines(rows: Iterable[Iterable[str]]) -> str:
    """Rows as CSV text with ``\\n`` line ends, every cell that holds a comma, a quote or a line end
    quoted — a lone carriage return too: Python's writer with ``\\n`` line ends leaves it bare, and a
    reader (this module's, pandas', a spreadsheet's) takes it for the end of the row.

    >>> csv_lines([["a", "b\\rc"], ["d,e", "f\\ng"]])
    'a,"b\\rc"\\n"d,e","f\\ng"\\n'
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # (quotes a cell holding \r or \n)
    lines = []
    for row in rows:
        writer.writerow(row)
        lines.append(out.getvalue()[:-2])
        out.seek(0)
        out.truncate()
    return "".join(line + "\n" for line in lines)


def _bad_byte_note(cell: str) -> str:
    bad = next(ch for ch in cell if "\udc80" <= ch <= "\udcff")
    return f"byte 0x{ord(bad) - 0xDC00:02X}"


def split_csv(data: bytes, file: str) -> tuple[RawTable | None, list[Problem]]:
    """Parse CSV bytes strictly; ragged rows, bad quoting and bad UTF-8 are problems."""
    problems: list[Problem] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    from toolkit.files.reading import encoding_hint

    hint = encoding_hint(data) if b"\x00" in data[:4096] or data.startswith((b"\xff\xfe", b"\xfe\xff")) else None
    if hint is not None and "UTF-16" in hint:  # every byte offset would be wrong: one problem for the file
        return None, [Problem(file, None, None, f"is not UTF-8 text{hint}; save the file as UTF-8")]
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
                hint = encoding_hint(data) if hint is None else hint  # (read once, for the first bad cell)
                problems.append(Problem(file, index, column,
                                        f"is not valid UTF-8 ({_bad_byte_note(cell)}{hint}); save the file as UTF-8"))
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
    return RawTable(file, tuple(header), tuple(rows), tuple(numbers)), problems


def check_header(raw: RawTable, schema: TableSchema) -> list[Problem]:
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


def parse_date(text: str) -> tuple[_date | None, str | None]:
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
            if column.pattern_words:
                shape = f": {column.pattern_words}"
            else:
                shape = f" (expected {_ID_FORMS.get(column.pattern, f'the form {column.pattern}')})"
            raise _CellError(f"{quoted(text)} is not a valid id{shape}")
        return text
    if column.kind == "category":
        if text not in column.categories:
            raise _CellError(f"unknown value {quoted(text)} (allowed: {', '.join(column.categories)})")
        return text
    if column.kind == "date":
        day, form = parse_date(text)
        if day is None:
            wiki = re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text)
            hint = (f"; the wiki's YY/MM/DD {text} is written {1900 + int(wiki[1]) if wiki[1] == '99' else 2000 + int(wiki[1])}"
                    f"-{wiki[2]}-{wiki[3]}") if wiki else ""
            raise _CellError(f"cannot parse date {quoted(text)} (expected YYYY-MM-DD, YYYY-MM or YYYY{hint})")
        latest = latest_date()
        if not EARLIEST_DATE <= day <= latest:
            raise _CellError(
                f"date {quoted(text)} is out of range: dataset dates run from {EARLIEST_DATE.isoformat()} "
                f"to {latest.isoformat()} (a year after today)"
            )
        return (day, form)
    if column.kind in ("bool", "nullable_bool"):
        if text in TRUE_WORDS:
            return True
        if text in FALSE_WORDS:
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
class Parsed:
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


def typed_frame(raw: RawTable, schema: TableSchema) -> tuple[Parsed, list[Problem]]:
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
    return Parsed(frame, raw.row_numbers, date_forms, failed), problems



def is_na(value: Any) -> bool:
    """True for every missing-value marker a cell can hold (None, NA, NaN, NaT)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    if isinstance(value, float):
        return value != value
    if isinstance(value, np.datetime64):
        return bool(np.isnat(value))
    return False



def rows_of(parsed: Parsed) -> Iterable[tuple[int, dict[str, Any]]]:
    """(CSV row number, the row as a dict) for every row of a parsed table."""
    records: list[dict[str, Any]] = [{str(k): v for k, v in r.items()} for r in parsed.frame.to_dict("records")]
    return zip(parsed.row_numbers, records)


def format_value(value: Any) -> str:
    """A DataFrame cell back to its CSV text (the inverse of _parse_cell)."""
    if isinstance(value, (list, tuple)):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if isinstance(value, np.ndarray):
        return LIST_SEPARATOR.join(str(v) for v in value.tolist())
    if is_na(value):
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (pd.Timestamp, _datetime, np.datetime64)):
        return str(pd.Timestamp(value).date())
    return str(value)

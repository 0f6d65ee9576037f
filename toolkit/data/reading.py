"""Reading a dataset: the packaged file, a user's CSV path or an in-memory
DataFrame, parsed strictly and checked by its file's rules; and writing a
typed table back in the contract's CSV format.

Reading is strict: every cell is parsed by the rule of its column, nothing is
coerced or dropped silently, and any problem raises :class:`DataError` naming
the file, the 1-based data row and the column. All problems of a file are
collected before raising (see :class:`DatasetValidationError`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

import pandas as pd

from toolkit.data.file_checks import FILE_RULES
from toolkit.data.parsing import Parsed, RawTable, check_header, csv_lines, format_value, split_csv, typed_frame
from toolkit.data.problems import DatasetValidationError, Problem
from toolkit.data.schema import CARDS_SCHEMA, EVENTS_SCHEMA, RULINGS_SCHEMA, SCHEMAS, TableSchema
from toolkit.errors import FileError
from toolkit.files import read_bytes
from toolkit.resources import dataset_path


@dataclass(frozen=True)
class CsvBytes:
    """A CSV file already read (e.g. from standard input): its bytes, and the
    name errors give it.

    >>> first = to_contract_csv(load_events().head(1), "events").encode("utf-8")
    >>> load_events(CsvBytes("<stdin>", first))["event_id"].tolist() == load_events()["event_id"].head(1).tolist()
    True
    >>> load_events(CsvBytes("<stdin>", b"event_id\\n"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit.data.problems.DatasetValidationError: <stdin>, row 0, column 'date': required column is missing...
    """

    label: str
    data: bytes


DataSource: TypeAlias = "pd.DataFrame | CsvBytes | str | os.PathLike[str] | None"
"""Where a table comes from: a loaded DataFrame, CSV bytes already read, a CSV
path, or None for the packaged file."""


def _raw_from_frame(frame: pd.DataFrame, file: str) -> RawTable:
    header = tuple(str(c) for c in frame.columns)
    rows = tuple(tuple(format_value(v) for v in record) for record in frame.itertuples(index=False, name=None))
    return RawTable(file, header, rows, tuple(range(1, len(rows) + 1)))


def _raw_from_source(source: DataSource, schema: TableSchema) -> tuple[RawTable | None, list[Problem]]:
    from toolkit.data.frames import is_source, kind_of

    if not is_source(source):
        return None, [Problem(schema.file, None, None, f"cannot read a table from {kind_of(source)}; give a CSV "
                                                      "file's path, a DataFrame, or None for the packaged table")]
    if isinstance(source, pd.DataFrame):
        return _raw_from_frame(source, schema.file), []
    if isinstance(source, CsvBytes):
        return split_csv(source.data, source.label)
    if source is None:
        resource = dataset_path(schema.file)
        label = schema.file
        try:
            data = resource.read_bytes()
        except (FileNotFoundError, OSError) as exc:
            return None, [Problem(label, None, None, f"packaged dataset cannot be read: {exc}")]
        return split_csv(data, label)
    label = os.fspath(source)
    try:
        data = read_bytes(label, what="CSV file")
    except FileError as exc:
        return None, [Problem(label, None, None, exc.message)]
    return split_csv(data, label)


def parse_source(source: DataSource, schema: TableSchema) -> tuple[Parsed | None, list[Problem]]:
    """Read, type and check one file; the frame is None when the header is unusable."""
    raw, problems = _raw_from_source(source, schema)
    if raw is None:
        return None, problems
    header_problems = check_header(raw, schema)
    if header_problems:
        return None, problems + header_problems
    parsed, cell_problems = typed_frame(raw, schema)
    problems += cell_problems
    problems += FILE_RULES[schema.file](parsed, raw.file)
    return parsed, sorted(set(problems), key=problem_order)


def problem_order(p: Problem) -> tuple[Any, ...]:
    return (p.file, -1 if p.row is None else p.row, p.column or "", p.message)


def load_table(source: DataSource, schema: TableSchema) -> pd.DataFrame:
    parsed, problems = parse_source(source, schema)
    if problems or parsed is None:
        raise DatasetValidationError(problems)
    return parsed.frame


def load_rulings(path: str | os.PathLike[str] | CsvBytes | None = None, *, extra: Any = None,
                 cards: pd.DataFrame | None = None, allow_outside: bool = False) -> pd.DataFrame:
    """The rulings table (one row per ruling), typed per ``RULINGS_SCHEMA``.

    ``path=None`` reads the packaged ``rulings.csv``; a path reads a user's CSV
    of the same shape. ``cards`` holds Python lists of card names. Raises
    :class:`DataError` (naming file, row and column) on any malformed cell.

    ``extra`` adds rulings of your own after the table's: a CSV or YAML file,
    a DataFrame (such as :func:`~toolkit.data.faq.rulings_from_faq` returns),
    a list of rows (mappings), or a list of files and tables. They are read as
    :mod:`toolkit.data.user_rulings` describes: the shipped columns (any
    subset), ``supersedes`` to replace a ruling (which stays, marked
    superseded), scenario files relative to the rulings file and inside its
    folder (no ``..`` out, no absolute path, no ``~``, no link out) unless
    ``allow_outside=True``, or shipped scenarios by name; a table or a list of
    rows made in Python names its scenario paths as written (relative ones from
    the working folder). An id already
    used is an error naming both files; every problem names file, row and column.
    A row of yours that leaves ``cards`` empty takes the cards its
    ``question_ja`` names in 《》, matched against ``cards`` (default: the
    packaged cards table; pass ``cards_with(your_cards)`` for cards loaded in
    a notebook), the cards of ``$ENDPHASE_USER_DIR/cards/`` and those its
    scenario files define; a name no card has is a problem with the nearest.

    >>> mine = [{"ruling_id": "user-240105-sign", "date": "2024-01-05", "kind": "example", "answer_ja": "いいえ。",
    ...          "source": "https://example.org/faq", "supersedes": "ocg-160708-hysteric-sign-adjustment"}]
    >>> table = load_rulings(extra=mine)
    >>> table.set_index("ruling_id").loc["ocg-160708-hysteric-sign-adjustment", ["status", "superseded_by"]].tolist()
    ['superseded', 'user-240105-sign']
    >>> len(table) == len(load_rulings()) + 1
    True
    """
    if extra is None:
        return load_table(path, RULINGS_SCHEMA)
    from toolkit.data.user_rulings import combine_rulings

    base = load_table(path, RULINGS_SCHEMA)
    label = RULINGS_SCHEMA.file if path is None else (path.label if isinstance(path, CsvBytes) else os.fspath(path))
    return combine_rulings(base, label, extra, cards, allow_outside=allow_outside)


def load_cards(path: str | os.PathLike[str] | CsvBytes | None = None) -> pd.DataFrame:
    """The cards table (one row per card, keyed by ``name_ja``), typed per ``CARDS_SCHEMA``.

    >>> cards = load_cards()
    >>> cards.loc[cards["name_ja"] == "ヒステリック・サイン", "name_en"].iloc[0]
    'Hysteric Sign'
    """
    return load_table(path, CARDS_SCHEMA)


def load_events(path: str | os.PathLike[str] | CsvBytes | None = None) -> pd.DataFrame:
    """The rule events table (keyed by ``event_id``), typed per ``EVENTS_SCHEMA``."""
    return load_table(path, EVENTS_SCHEMA)


def to_contract_csv(frame: pd.DataFrame, table: Literal["rulings", "cards", "events"]) -> str:
    """Write a typed table back as CSV text in the contract's format.

    Columns in schema order, lists joined with ``" | "``, booleans as
    ``true``/``false``, dates as ``YYYY-MM-DD`` (``YYYY-MM`` / ``YYYY`` for
    month / year precision), ``\\n`` line ends, rows as given. The frame is
    checked first, so what is written always loads again.

    >>> print(to_contract_csv(load_events().head(1), "events").splitlines()[0])
    event_id,date,date_precision,date_note,game,kind,title_en,description_en,source
    """
    schema = SCHEMAS[table]
    parsed, problems = parse_source(frame, schema)
    if problems or parsed is None:
        raise DatasetValidationError(problems)
    lines: list[list[str]] = [list(schema.names)]
    precisions = parsed.frame["date_precision"] if "date_precision" in schema.names else None
    for i, record in enumerate(parsed.frame.itertuples(index=False, name=None)):
        cells = []
        for column, value in zip(schema.columns, record):
            text = format_value(value)
            if column.kind == "date" and text and precisions is not None:
                text = {"month": text[:7], "year": text[:4]}.get(str(precisions.iloc[i]), text)
            cells.append(text)
        lines.append(cells)
    return csv_lines(lines)

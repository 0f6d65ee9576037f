"""The toolkit's own error classes.

Every error a user can provoke with bad input is one of these, and its message
names the file, row, field or card at fault.

>>> raise DataError("rulings.csv", row=3, column="date", message="cannot parse '13/99/01'")
Traceback (most recent call last):
...
toolkit.errors.DataError: rulings.csv, row 3, column 'date': cannot parse '13/99/01'
"""

from __future__ import annotations


class ToolkitError(Exception):
    """Base class of every error the toolkit raises on purpose."""


class DataError(ToolkitError):
    """A dataset (packaged or user-supplied CSV) is malformed.

    ``row`` is the 1-based data row (the header is row 0), as a spreadsheet
    user would count it below the header.
    """

    def __init__(
        self,
        file: str,
        message: str,
        *,
        row: int | None = None,
        column: str | None = None,
    ) -> None:
        self.file = file
        self.row = row
        self.column = column
        self.message = message
        where = [file]
        if row is not None:
            where.append(f"row {row}")
        if column is not None:
            where.append(f"column {column!r}")
        super().__init__(", ".join(where) + ": " + message)


class WikiParseError(ToolkitError):
    """Wiki FAQ markup could not be read; names the source and line."""


class ScenarioError(ToolkitError):
    """A scenario (YAML file or builder input) is invalid; names field and file."""

    def __init__(self, message: str, *, field: str | None = None, file: str | None = None) -> None:
        self.field = field
        self.file = file
        self.message = message
        where = []
        if file is not None:
            where.append(file)
        if field is not None:
            where.append(f"field {field!r}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)

"""What is wrong with a dataset: one :class:`Problem` (file, row, column,
message), the error that carries all of them, and the report that lists them.

>>> str(Problem("rulings.csv", 3, "date", "cannot parse date '2013-02-30'"))
"rulings.csv, row 3, column 'date': cannot parse date '2013-02-30'"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from toolkit.data.schema import STRING_DTYPE
from toolkit.errors import DataError, ToolkitError


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
            more = len(self.problems) - 1
            message += f"\n{more} more problem{'' if more == 1 else 's'}:\n{rest}"
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

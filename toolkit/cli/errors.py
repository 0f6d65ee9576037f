"""An error as the command line reports it: one line of text, and where it
is (file, field, row) for ``--json``.

>>> from toolkit.errors import ScenarioError
>>> error_data(ScenarioError("unknown card 'X'", field="players.A.hand[0]", file="mine.yaml"), "endphase")
{'error': "mine.yaml, field 'players.A.hand[0]': unknown card 'X'", 'file': 'mine.yaml', 'field': 'players.A.hand[0]'}
"""

from __future__ import annotations

from typing import Any

from toolkit.errors import DataError


def budget_reached(exc: BaseException) -> bool:
    """Whether ``exc`` is, or was raised while handling, a search limit."""
    from toolkit.core.errors import SearchBudgetExceeded

    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, SearchBudgetExceeded):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def error_data(exc: BaseException, prog: str) -> dict[str, Any]:
    """An error as one line of text and where it is: ``error``, ``file``, ``field`` (and ``row``)."""
    file = field = row = None
    problems: list[dict[str, Any]] = []
    found = getattr(exc, "problems", None) if isinstance(exc, DataError) else None
    if found:  # a DatasetValidationError: every problem of a table
        first = found[0]
        message = str(first)
        if len(found) > 1:
            message += f" (and {len(found) - 1} more problem(s): `{prog} validate FILE` lists them)"
        problems = [problem_data(p) for p in found]
        file, field, row = first.file, first.column, first.row
    else:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if isinstance(exc, DataError):
            file, field, row = exc.file, exc.column, exc.row
        else:  # a ScenarioError, or any error that says where it is
            file, field = getattr(exc, "file", None), getattr(exc, "field", None)
    data: dict[str, Any] = {"error": message, "file": file, "field": field}
    if row is not None:
        data["row"] = row
    if problems:
        data["problems"] = problems
    return data


def problem_data(problem: Any) -> dict[str, Any]:
    """One problem of a table (``toolkit.data.Problem``) as an error record."""
    return {"error": str(problem), "file": problem.file, "field": problem.column, "row": problem.row}

"""An error as the command line reports it: one line of text, and where it
is (file, field, row) for ``--json``.

>>> from toolkit.errors import ScenarioError
>>> error_data(ScenarioError("unknown card 'X'", field="players.A.hand[0]", file="mine.yaml"), "endphase")
{'error': "mine.yaml, field 'players.A.hand[0]': unknown card 'X'", 'file': 'mine.yaml', 'field': 'players.A.hand[0]'}
"""

from __future__ import annotations

import os
from typing import Any

from toolkit.core.words import count
from toolkit.errors import DataError

PACKAGED = "datasets/"
"""How the toolkit labels a file of the packaged datasets (``datasets/scenarios/x.yaml``)."""


def shown_path(path: str | None) -> str | None:
    """A file as the command line prints it: as given when it names that file
    from the folder the command runs in, else absolute. A packaged example's
    label (``datasets/scenarios/x.yaml``) names a file of the package, which
    from another folder would read as a file of that folder.

    >>> shown_path("mine.yaml"), shown_path(None)
    ('mine.yaml', None)
    >>> shown = shown_path("datasets/scenarios/lyla_veiler_2011.yaml")
    >>> os.path.isabs(shown) or os.path.isfile(shown), shown.endswith("lyla_veiler_2011.yaml")
    (True, True)
    """
    if not path or not path.startswith(PACKAGED) or os.path.isfile(path):
        return path
    from toolkit.resources import dataset_path

    packaged = dataset_path(*path[len(PACKAGED):].split("/"))
    return os.path.abspath(str(packaged)) if packaged.is_file() else path


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
            message += f" (and {count(len(found) - 1, 'more problem')}: `{prog} validate FILE` lists them)"
        problems = [problem_data(p) for p in found]
        file, field, row = first.file, first.column, first.row
    else:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if isinstance(exc, DataError):
            file, field, row = exc.file, exc.column, exc.row
        else:  # a ScenarioError, or any error that says where it is
            file, field = getattr(exc, "file", None), getattr(exc, "field", None)
    shown = shown_path(file) if isinstance(file, str) else file
    if shown != file and message.startswith(f"{file}"):
        message = f"{shown}{message[len(str(file)):]}"
    data: dict[str, Any] = {"error": message, "file": shown, "field": field}
    if row is not None:
        data["row"] = row
    if problems:
        data["problems"] = problems
    return data


def problem_data(problem: Any) -> dict[str, Any]:
    """One problem of a table (``toolkit.data.Problem``) as an error record."""
    return {"error": str(problem), "file": problem.file, "field": problem.column, "row": problem.row}

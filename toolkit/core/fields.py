"""Checking the fields of a user's file: each helper returns the value when it
has the expected shape, else raises the one ScenarioError naming the file and
the field.  Every game's scenario reader uses these, so all say it alike.

>>> _whole(3, "life", None)
3
>>> _text(3, "title", "x.yaml")
Traceback (most recent call last):
...
toolkit.errors.ScenarioError: x.yaml, field 'title': expected text, got int 3
"""

from __future__ import annotations

import datetime
import difflib
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from toolkit.errors import ScenarioError

__all__ = ["_fail", "_list", "_mapping", "_parse_date", "_suggest", "_suggest_card", "_text", "_whole"]


def _fail(message: str, field_name: str | None, file: str | None) -> ScenarioError:
    return ScenarioError(message, field=field_name, file=file)


def _suggest(value: object, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(value), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _suggest_card(name: str, names: Iterable[str]) -> str:
    """Suggest a registry name; half-width/full-width slips are the usual cause."""
    folded = unicodedata.normalize("NFKC", name)
    by_fold = {unicodedata.normalize("NFKC", known): known for known in names}
    if folded in by_fold:
        return f" (did you mean {by_fold[folded]!r}? the registry spells it with full-width characters)"
    return _suggest(name, sorted(by_fold.values()))


def _parse_date(value: object, *, field_name: str, file: str | None) -> datetime.date:
    if isinstance(value, datetime.datetime):
        raise _fail(f"date must be a day (YYYY-MM-DD), not a time: {value!r}", field_name, file)
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise _fail(
        f"cannot read {value!r} as a date; write it as YYYY-MM-DD (e.g. 2013-03-30 for the seeds' (13/03/30))",
        field_name,
        file,
    )


def _text(value: object, where: str, file: str | None) -> str:
    if not isinstance(value, str):
        raise _fail(f"expected text, got {type(value).__name__} {value!r}", where, file)
    return value


def _list(value: object, where: str, file: str | None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"expected a list, got {type(value).__name__} {value!r}", where, file)
    return value


def _mapping(value: object, where: str | None, file: str | None, keys: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"expected a mapping, got {type(value).__name__} {value!r}", where, file)
    for key in value:
        if key not in keys:
            spot = f"{where}.{key}" if where else str(key)
            raise _fail(
                f"unknown key {key!r}; allowed: {', '.join(keys)}" + _suggest(key, keys), spot, file
            )
    return value


def _whole(value: object, where: str, file: str | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"expected a whole number, got {value!r}", where, file)
    return value

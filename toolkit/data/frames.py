"""A table handed to a helper from a notebook: a DataFrame holding the
columns the helper reads, or one sentence saying which are missing.

Without this, a table that lost a column (``rulings.drop(columns=["cards"])``,
a CSV read with ``pd.read_csv``, a filtered copy) ends in a ``KeyError`` from
deep inside pandas.

>>> import pandas as pd
>>> table_with(pd.DataFrame({"ruling_id": ["x"]}), ("ruling_id", "cards"), "rulings_about")
Traceback (most recent call last):
...
toolkit.data.problems.QueryError: rulings_about(): the rulings table has no column 'cards'; pass the table load_rulings() returns, or one with the columns ruling_id, cards
>>> table_with([1, 2], ("cards",), "card_rulings_long")
Traceback (most recent call last):
...
toolkit.data.problems.QueryError: card_rulings_long(): the rulings table must be a DataFrame (as load_rulings() returns), a CSV file's path or None, not a list
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pandas as pd

from toolkit.data.problems import QueryError
from toolkit.errors import kind_of as kind_of  # where it lives: a game's modules, below the data, say it too
from toolkit.errors import quoted

_LOADERS = {"rulings": "load_rulings()", "cards": "load_cards()", "events": "load_events()"}


def is_source(value: object) -> bool:
    """Whether ``value`` is something a table can be read from (a path, None, CSV bytes, a DataFrame)."""
    from toolkit.data.reading import CsvBytes

    return value is None or isinstance(value, (pd.DataFrame, CsvBytes, str, os.PathLike))


def table_with(table: Any, columns: Sequence[str], function: str, what: str = "rulings", *,
               paths: bool = True) -> pd.DataFrame:
    """``table`` itself when it is a DataFrame holding ``columns``; a
    :class:`QueryError` naming ``function`` and the first missing column
    otherwise (``paths``: whether ``function`` also reads a CSV file's path)."""
    loader = _LOADERS.get(what, "the loader")
    if not isinstance(table, pd.DataFrame):
        other = "a CSV file's path or None" if paths else "or None"
        raise QueryError(f"{function}(): the {what} table must be a DataFrame (as {loader} returns), {other}, "
                         f"not {kind_of(table)}")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        more = f" (nor {', '.join(repr(c) for c in missing[1:])})" if len(missing) > 1 else ""
        raise QueryError(f"{function}(): the {what} table has no column {quoted(missing[0])}{more}; pass the table "
                         f"{loader} returns, or one with the columns {', '.join(columns)}")
    return table


def source_check(source: Any, function: str, what: str = "rulings") -> None:
    """Refuse a value no table can be read from (an int, a list) with one sentence."""
    if not is_source(source):
        table_with(source, (), function, what)

"""Typed tables of End Phase rulings, the cards they name and the rule events.

Three CSV files ship with the toolkit (``datasets/`` in a clone,
``toolkit/_datasets`` in a wheel); the loaders read them, or a user's CSV of the
same shape, into DataFrames whose dtypes are declared once, in
:mod:`toolkit.data.schema` (``RULINGS_SCHEMA``, ``CARDS_SCHEMA``, ``EVENTS_SCHEMA``).

Reading is strict: every cell is parsed by the rule of its column, nothing is
coerced or dropped silently, and any problem raises :class:`DataError` naming
the file, the 1-based data row and the column. All problems of a file are
collected before raising (see :class:`DatasetValidationError`).

The package, one job per module:

* :mod:`~toolkit.data.schema` — the columns, dtypes and categories;
* :mod:`~toolkit.data.problems` — a problem, the error and the report carrying them;
* :mod:`~toolkit.data.parsing` — CSV bytes and cells to typed columns;
* :mod:`~toolkit.data.file_checks` — the rules each file keeps on its own;
* :mod:`~toolkit.data.reading` — the loaders, and writing a table back;
* :mod:`~toolkit.data.validation` — the three files checked together;
* :mod:`~toolkit.data.user_rulings` — a user's rulings file, combined with the shipped table;
* :mod:`~toolkit.data.question_cards` — a user's ruling's cards, read from the 《》 of its question;
* :mod:`~toolkit.data.faq` — FAQ markup pasted from the wiki, as rulings rows;
* :mod:`~toolkit.data.page_import` — any saved wiki page as rulings rows and a report of every entry;
* :mod:`~toolkit.data.page_history` — a page's revisions as the history of each of its rulings;
* :mod:`~toolkit.data.user_cards` — cards of one's own as rows of the cards table;
* :mod:`~toolkit.data.queries` — the helpers analysts ask for;
* :mod:`~toolkit.data.dictionary` — every column's meaning, as ``datapackage.json`` and the docs' data page;
* :mod:`~toolkit.data.downloads` — the tables written out as CSV or Parquet (:func:`export_data`).

It imports no engine module: the tables stand on their own. Each name is imported from its
module when first used (``from toolkit.data import load_rulings`` loads the readers, not the
wiki page importers).

>>> from toolkit.data import EVENTS_SCHEMA, load_events
>>> events = load_events()
>>> events.loc[events["event_id"] == "errata-2014-07-10", "date"].iloc[0]
Timestamp('2014-07-10 00:00:00')
>>> events["kind"].dtype == EVENTS_SCHEMA.column("kind").dtype
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.data.lazy import lazy_attributes as _lazy_attributes

if TYPE_CHECKING:  # each name re-exported ("x as x"); at run time imported on first use (__getattr__)
    from toolkit.data.downloads import export_data as export_data
    from toolkit.data.faq import ruling_id_for as ruling_id_for
    from toolkit.data.faq import rulings_from_faq as rulings_from_faq
    from toolkit.data.import_report import EntryReport as EntryReport
    from toolkit.data.import_report import ImportReport as ImportReport
    from toolkit.data.import_report import PageImport as PageImport
    from toolkit.data.page_history import ruling_history as ruling_history
    from toolkit.data.page_import import import_page as import_page
    from toolkit.data.page_import import save_rulings as save_rulings
    from toolkit.data.problems import DatasetValidationError as DatasetValidationError
    from toolkit.data.problems import Problem as Problem
    from toolkit.data.problems import QueryError as QueryError
    from toolkit.data.problems import ValidationReport as ValidationReport
    from toolkit.data.queries import card_rulings_long as card_rulings_long
    from toolkit.data.queries import cards_meant as cards_meant
    from toolkit.data.queries import own_rulings as own_rulings
    from toolkit.data.queries import resolve_card as resolve_card
    from toolkit.data.queries import rulings_about as rulings_about
    from toolkit.data.queries import rulings_in_force as rulings_in_force
    from toolkit.data.queries import rulings_per_year_topic as rulings_per_year_topic
    from toolkit.data.queries import supersession_chain as supersession_chain
    from toolkit.data.queries import supersessions as supersessions
    from toolkit.data.reading import CsvBytes as CsvBytes
    from toolkit.data.reading import DataSource as DataSource
    from toolkit.data.reading import load_cards as load_cards
    from toolkit.data.reading import load_events as load_events
    from toolkit.data.reading import load_rulings as load_rulings
    from toolkit.data.reading import to_contract_csv as to_contract_csv
    from toolkit.data.schema import BOOL_DTYPE as BOOL_DTYPE
    from toolkit.data.schema import CARDS_SCHEMA as CARDS_SCHEMA
    from toolkit.data.schema import DATE_DTYPE as DATE_DTYPE
    from toolkit.data.schema import DATE_PRECISIONS as DATE_PRECISIONS
    from toolkit.data.schema import DURATIONS as DURATIONS
    from toolkit.data.schema import EVENT_GAMES as EVENT_GAMES
    from toolkit.data.schema import EVENT_ID_PATTERN as EVENT_ID_PATTERN
    from toolkit.data.schema import EVENTS_SCHEMA as EVENTS_SCHEMA
    from toolkit.data.schema import GAMES as GAMES
    from toolkit.data.schema import LIST_DTYPE as LIST_DTYPE
    from toolkit.data.schema import LIST_SEPARATOR as LIST_SEPARATOR
    from toolkit.data.schema import NULLABLE_BOOL_DTYPE as NULLABLE_BOOL_DTYPE
    from toolkit.data.schema import RULING_ID_PATTERN as RULING_ID_PATTERN
    from toolkit.data.schema import RULINGS_SCHEMA as RULINGS_SCHEMA
    from toolkit.data.schema import STRING_DTYPE as STRING_DTYPE
    from toolkit.data.schema import Column as Column
    from toolkit.data.schema import ColumnKind as ColumnKind
    from toolkit.data.schema import TableSchema as TableSchema
    from toolkit.data.user_cards import cards_with as cards_with
    from toolkit.data.user_rulings import ORIGINS as ORIGINS
    from toolkit.data.user_rulings import USER_RULINGS_SCHEMA as USER_RULINGS_SCHEMA
    from toolkit.data.validation import check_datasets as check_datasets
    from toolkit.data.validation import validate_datasets as validate_datasets

_HOMES: dict[str, tuple[str, ...]] = {
    "toolkit.data.downloads": ("export_data",),
    "toolkit.data.faq": ("ruling_id_for", "rulings_from_faq"),
    "toolkit.data.import_report": ("EntryReport", "ImportReport", "PageImport"),
    "toolkit.data.page_history": ("ruling_history",),
    "toolkit.data.page_import": ("import_page", "save_rulings"),
    "toolkit.data.problems": ("DatasetValidationError", "Problem", "QueryError", "ValidationReport"),
    "toolkit.data.queries": (
        "card_rulings_long", "cards_meant", "own_rulings", "resolve_card", "rulings_about",
        "rulings_in_force", "rulings_per_year_topic", "supersession_chain", "supersessions"
    ),
    "toolkit.data.reading": (
        "CsvBytes", "DataSource", "load_cards", "load_events", "load_rulings", "to_contract_csv"
    ),
    "toolkit.data.schema": (
        "BOOL_DTYPE", "CARDS_SCHEMA", "DATE_DTYPE", "DATE_PRECISIONS", "DURATIONS", "EVENT_GAMES",
        "EVENT_ID_PATTERN", "EVENTS_SCHEMA", "GAMES", "LIST_DTYPE", "LIST_SEPARATOR", "NULLABLE_BOOL_DTYPE",
        "RULING_ID_PATTERN", "RULINGS_SCHEMA", "STRING_DTYPE", "Column", "ColumnKind", "TableSchema"
    ),
    "toolkit.data.user_cards": ("cards_with",),
    "toolkit.data.user_rulings": ("ORIGINS", "USER_RULINGS_SCHEMA"),
    "toolkit.data.validation": ("check_datasets", "validate_datasets"),
}
"""Where each public name lives: a name is imported from its module the first time it is asked
for, then kept in this module's namespace (a verify needs a few of these modules, not all)."""
_LAZY: dict[str, str] = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "BOOL_DTYPE",
    "CARDS_SCHEMA",
    "DATE_DTYPE",
    "DATE_PRECISIONS",
    "DURATIONS",
    "EVENT_GAMES",
    "EVENT_ID_PATTERN",
    "EVENTS_SCHEMA",
    "GAMES",
    "LIST_DTYPE",
    "LIST_SEPARATOR",
    "NULLABLE_BOOL_DTYPE",
    "ORIGINS",
    "RULING_ID_PATTERN",
    "RULINGS_SCHEMA",
    "STRING_DTYPE",
    "Column",
    "ColumnKind",
    "CsvBytes",
    "DataSource",
    "DatasetValidationError",
    "EntryReport",
    "ImportReport",
    "PageImport",
    "Problem",
    "QueryError",
    "TableSchema",
    "USER_RULINGS_SCHEMA",
    "ValidationReport",
    "card_rulings_long",
    "check_datasets",
    "export_data",
    "import_page",
    "load_cards",
    "load_events",
    "load_rulings",
    "resolve_card",
    "ruling_id_for",
    "cards_meant",
    "own_rulings",
    "rulings_about",
    "rulings_from_faq",
    "cards_with",
    "ruling_history",
    "rulings_in_force",
    "save_rulings",
    "rulings_per_year_topic",
    "supersession_chain",
    "supersessions",
    "to_contract_csv",
    "validate_datasets",
]


_get, _listing = _lazy_attributes(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _get(name)


def __dir__() -> list[str]:
    return _listing()

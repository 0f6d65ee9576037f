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

It imports no engine module: the tables stand on their own.

>>> events = load_events()
>>> events.loc[events["event_id"] == "errata-2014-07-10", "date"].iloc[0]
Timestamp('2014-07-10 00:00:00')
>>> events["kind"].dtype == EVENTS_SCHEMA.column("kind").dtype
True
"""

from __future__ import annotations

from toolkit.data.downloads import export_data
from toolkit.data.faq import ruling_id_for, rulings_from_faq
from toolkit.data.import_report import EntryReport, ImportReport, PageImport
from toolkit.data.page_history import ruling_history
from toolkit.data.page_import import import_page, save_rulings
from toolkit.data.problems import DatasetValidationError, Problem, QueryError, ValidationReport
from toolkit.data.queries import (
    card_rulings_long,
    cards_meant,
    own_rulings,
    resolve_card,
    rulings_about,
    rulings_in_force,
    rulings_per_year_topic,
    supersession_chain,
    supersessions,
)
from toolkit.data.reading import CsvBytes, DataSource, load_cards, load_events, load_rulings, to_contract_csv
from toolkit.data.schema import (
    BOOL_DTYPE,
    CARDS_SCHEMA,
    DATE_DTYPE,
    DATE_PRECISIONS,
    DURATIONS,
    EVENT_GAMES,
    EVENT_ID_PATTERN,
    EVENTS_SCHEMA,
    GAMES,
    LIST_DTYPE,
    LIST_SEPARATOR,
    NULLABLE_BOOL_DTYPE,
    RULING_ID_PATTERN,
    RULINGS_SCHEMA,
    STRING_DTYPE,
    Column,
    ColumnKind,
    TableSchema,
)
from toolkit.data.user_cards import cards_with
from toolkit.data.user_rulings import ORIGINS, USER_RULINGS_SCHEMA
from toolkit.data.validation import check_datasets, validate_datasets

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

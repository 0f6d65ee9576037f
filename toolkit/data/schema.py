"""The one place the columns of the three datasets, their dtypes and their
categories are declared.

>>> RULINGS_SCHEMA.column("game").categories == GAMES
True
>>> str(EVENTS_SCHEMA.column("date").dtype)
'datetime64[ns]'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as _date
from typing import Any, Literal, TypeAlias

import numpy as np
import pandas as pd

ColumnKind: TypeAlias = Literal["string", "category", "date", "list", "bool", "nullable_bool"]

LIST_SEPARATOR = " | "
"""How a list is joined inside one CSV cell (space, pipe, space)."""

STRING_DTYPE = pd.StringDtype(storage="python")
DATE_DTYPE = np.dtype("datetime64[ns]")
BOOL_DTYPE = np.dtype(bool)
NULLABLE_BOOL_DTYPE = pd.BooleanDtype()
LIST_DTYPE = np.dtype(object)

RULING_ID_PATTERN = r"(?:(?:ocg|user)-(?:\d{6}|undated)|dm-(?:qa|example))-[a-z0-9]+(?:-[a-z0-9]+)*"
"""``ocg-YYMMDD-slug`` / ``ocg-undated-slug`` (OCG), ``dm-qa-slug`` / ``dm-example-slug``
(Duel Masters), and ``user-YYMMDD-slug`` / ``user-undated-slug`` for a user's own
rulings of either game (:func:`toolkit.rulings_from_faq` writes these)."""
RULING_ID_WORDS = ("a ruling id of your own is user-YYMMDD-words, or user-undated-words without a date, "
                   "in lower-case letters, digits and hyphens, e.g. user-130330-darksoul-search "
                   "(the shipped ones are ocg-YYMMDD-words and dm-qa-words)")
"""``RULING_ID_PATTERN`` in words, for the message an id not of that form gets."""
EVENT_ID_PATTERN = r"[a-z0-9]+(?:[-.][a-z0-9]+)*"

DATE_PRECISIONS = ("day", "month", "year", "inferred", "none")
"""How much of a date the sources give: ``day``, ``month`` or ``year``;
``inferred``: the sources do not give it, the project does (``date_note`` says
how); ``none``: no date."""

EARLIEST_DATE = _date(1999, 1, 1)
"""No dataset date may come before this day (the OCG rules the toolkit knows are all later)."""


def latest_date(today: _date | None = None) -> _date:
    """The last day a dataset date may name: a year after ``today`` (default: today).

    >>> latest_date(_date(2024, 2, 29))
    datetime.date(2025, 2, 28)
    """
    today = today or _date.today()
    try:
        return today.replace(year=today.year + 1)
    except ValueError:  # 29 February
        return today.replace(year=today.year + 1, day=28)

GAMES = ("ocg", "duel_masters")
"""The games a ruling or a card belongs to (the ``game`` columns of rulings.csv and cards.csv)."""
EVENT_GAMES = tuple(name for game in GAMES for name in ((game, "tcg") if game == "ocg" else (game,)))
"""The ``game`` of a rule event: a game of ``GAMES``, or the TCG (listed right after the OCG),
whose tournament rules the Phase page mentions."""

DURATIONS = ("until_end_phase", "until_end_of_turn", "this_turn", "none")
TRUE_WORDS = frozenset({"true", "True", "TRUE"})
FALSE_WORDS = frozenset({"false", "False", "FALSE"})


@dataclass(frozen=True)
class Column:
    """One column of a dataset: its name, how a cell is parsed, its dtype.

    ``required`` means every row needs a value; ``pattern`` is a regular
    expression a string value must match in full, and ``pattern_words`` says
    the same form in words for the message a value not matching it gets;
    ``description`` says in one line what the column holds (the data
    dictionary is generated from it).
    """

    name: str
    kind: ColumnKind
    required: bool = False
    categories: tuple[str, ...] = ()
    pattern: str | None = None
    pattern_words: str | None = None
    description: str = ""

    @property
    def dtype(self) -> Any:
        """The pandas dtype of this column in a loaded DataFrame."""
        if self.kind == "string":
            return STRING_DTYPE
        if self.kind == "category":
            return pd.CategoricalDtype(categories=list(self.categories), ordered=False)
        if self.kind == "date":
            return DATE_DTYPE
        if self.kind == "bool":
            return BOOL_DTYPE
        if self.kind == "nullable_bool":
            return NULLABLE_BOOL_DTYPE
        return LIST_DTYPE


@dataclass(frozen=True)
class TableSchema:
    """The columns of one dataset file, in file order, and its key column."""

    file: str
    key: str
    columns: tuple[Column, ...]

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    def column(self, name: str) -> Column:
        for col in self.columns:
            if col.name == name:
                return col
        raise KeyError(name)

    def dtypes(self) -> dict[str, Any]:
        """Column name -> pandas dtype, as the loaders return them."""
        return {c.name: c.dtype for c in self.columns}


RULING_KINDS = ("faq", "example", "rulebook", "worked_example", "official_qa", "prose_ruling")
KIND_DESCRIPTION = ("Where the ruling stands in its source: faq (a Q/A entry), official_qa (an official Q&A quoted), "
                    "example, worked_example, rulebook, or prose_ruling (a dated bullet of a page's prose, "
                    "no question)")

PAGE_IMPORT_COLUMNS = (
    Column("possibly_incomplete", "nullable_bool",
           description="true for the last entry of an imported page that lacks its answer, date or closing "
                       "punctuation (the page may have been cut there); false for the page's other entries; "
                       "blank in rows not imported from a page"),
    Column("quoted_passage", "string",
           description="a rules passage the page quotes right after the answer (e.g. a Duel Masters "
                       "comprehensive rules number and text), kept apart from the answer; its cards are not "
                       "the ruling's"),
    Column("editors_notes", "string",
           description="the editors' comment lines (//) around the entry that are not entries themselves, "
                       "one per line, as the page has them"),
    Column("page_card", "string",
           description="the card the imported page is about (page_card= / --card, or the page's title), "
                       "added to cards when the ruling says このカード or names no card"),
    Column("import_warnings", "string",
           description="what the importer warned about this entry, one warning per line (e.g. a date "
                       "that is not a day, left in the answer)"),
)
"""The columns :func:`toolkit.import_page` fills (blank where they do not apply)."""

RULINGS_SCHEMA = TableSchema(
    file="rulings.csv",
    key="ruling_id",
    columns=(
        Column("ruling_id", "string", required=True, pattern=RULING_ID_PATTERN, pattern_words=RULING_ID_WORDS),
        Column("game", "category", required=True, categories=GAMES),
        Column(
            "kind",
            "category",
            required=True,
            categories=RULING_KINDS,
            description=KIND_DESCRIPTION,
        ),
        Column("date", "date"),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS),
        Column("date_note", "string"),
        Column(
            "topic",
            "category",
            required=True,
            categories=(
                "hand_size_adjustment",
                "end_phase_order",
                "end_of_turn",
                "errata_2014",
                "phase_transition",
                "turn_end_step",
            ),
        ),
        Column("cards", "list"),
        Column("question_ja", "string"),
        # required, except in a row marked possibly_incomplete (toolkit.data.file_checks)
        Column("answer_ja", "string"),
        Column("summary_en", "string", required=True),
        Column(
            "verdict",
            "category",
            required=True,
            # unknown: an imported answer no verdict rule reads (toolkit.wiki.verdicts)
            categories=("yes", "no", "conditional", "under_review", "explanation", "unknown"),
        ),
        Column("status", "category", required=True, categories=("current", "superseded", "retracted")),
        Column("superseded_by", "string", pattern=RULING_ID_PATTERN, pattern_words=RULING_ID_WORDS),
        Column("obsoleted_by_event", "string", pattern=EVENT_ID_PATTERN),
        Column("status_note", "string"),
        Column("hidden_in_source", "bool", required=True),
        # Where the ruling is read: the page's URL with the section anchor, the
        # page name and section in parentheses ("; also ..." for other places
        # stating it); source_file: the copies of those pages it was read from.
        Column("source", "string", required=True),
        Column("source_file", "list"),
        # The machine form of an End Phase ruling (issue 4, written by
        # scripts/build_rulings.py, run by toolkit.history.verify_rulings):
        # the scenario file(s) under datasets/scenarios/, the named ruleset an
        # undated ruling describes, the check (JSON, toolkit.history.checks),
        # the expected answer, our English reading of the check, or why the
        # ruling is not modelled. Empty outside the End Phase scope.
        Column("scenario", "list"),
        Column("ruleset", "string"),
        Column("check", "string"),
        Column("expected", "category", categories=("yes", "no", "under_review")),  # under_review: 調整中
        Column("check_en", "string"),
        Column("not_modelled_reason", "string"),
        # Why no counterfactual rule set can flip the check (verify_rulings'
        # ``vacuous``); a modelled ruling without it must flip under one.
        Column("vacuous_reason", "string"),
        # What toolkit.import_page read besides the entry itself (blank in the
        # shipped rows, which are not imported from a page).
        *PAGE_IMPORT_COLUMNS,
    ),
)

CARDS_SCHEMA = TableSchema(
    file="cards.csv",
    key="name_ja",
    columns=(
        Column("name_ja", "string", required=True),
        Column("name_en", "string"),
        Column("game", "category", required=True, categories=GAMES),
        Column(
            "card_type",
            "category",
            required=True,
            categories=("monster", "spell", "trap", "creature", "other"),
        ),
        Column("subtype", "string"),
        Column("end_phase_effect", "category", required=True, categories=("none", "mandatory", "optional")),
        Column("during_end_phase_trigger", "nullable_bool"),
        Column("sent_to_gy_trigger", "nullable_bool"),
        Column("duration_before_2014", "category", categories=DURATIONS),
        Column("duration_after_2014", "category", categories=DURATIONS),
        Column("notes_en", "string"),
    ),
)

EVENTS_SCHEMA = TableSchema(
    file="events.csv",
    key="event_id",
    columns=(
        Column("event_id", "string", required=True, pattern=EVENT_ID_PATTERN),
        Column("date", "date"),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS),
        Column("date_note", "string"),
        Column("game", "category", required=True, categories=EVENT_GAMES),
        Column(
            "kind",
            "category",
            required=True,
            categories=("errata", "rulebook", "tournament_rule", "ruling_principle", "product_release"),
        ),
        Column("title_en", "string", required=True),
        Column("description_en", "string", required=True),
        Column("source", "string", required=True),
    ),
)

SCHEMAS = {"rulings": RULINGS_SCHEMA, "cards": CARDS_SCHEMA, "events": EVENTS_SCHEMA}

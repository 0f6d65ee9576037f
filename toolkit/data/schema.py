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
    the same form in words for the message a value not matching it gets.
    ``description`` says what a cell means, for the data dictionary
    (``docs/data.md``) and ``datapackage.json``; every shipped column has one.
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
        Column("ruling_id", "string", required=True, pattern=RULING_ID_PATTERN, pattern_words=RULING_ID_WORDS,
            description="The ruling's id: ocg-YYMMDD-words for an OCG ruling dated on its page (ocg-undated-words without a date), dm-qa-words / dm-example-words for a Duel Masters Q&A or worked example, user-... for a ruling of your own."),
        Column("game", "category", required=True, categories=GAMES,
            description="The game the ruling belongs to."),
        Column(
            "kind",
            "category",
            required=True,
            categories=RULING_KINDS,
            description=KIND_DESCRIPTION,
        ),
        Column("date", "date",
            description="The date of the ruling as its page prints it (YYYY-MM-DD; YYYY-MM or YYYY when only that much is given); empty when the page gives none."),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS,
            description="How much of the date the source gives: day, month or year; inferred (the project's, date_note says how); none (no date)."),
        Column("date_note", "string",
            description="How an inferred or partial date was arrived at, when it is not simply the one printed."),
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
            description="What part of the end of turn the ruling is about (hand-size adjustment, End Phase order, end of turn, the 2014 errata, moving between phases, Duel Masters' Turn End Step).",
        ),
        Column("cards", "list",
            description="The cards the question and answer name, by their Japanese names (several separated by ' | ')."),
        Column("question_ja", "string",
            description="The question as the page quotes it, in Japanese (quoted material: see NOTICE); empty for a statement without a question."),
        # required, except in a row marked possibly_incomplete (toolkit.data.file_checks)
        Column("answer_ja", "string",
            description="The answer as the page quotes it, in Japanese (quoted material: see NOTICE); empty only in a row marked possibly_incomplete."),
        Column("summary_en", "string", required=True,
            description="The project's own English summary of the question and answer."),
        Column(
            "verdict",
            "category",
            required=True,
            # unknown: an imported answer no verdict rule reads (toolkit.wiki.verdicts)
            categories=("yes", "no", "conditional", "under_review", "explanation", "unknown"),
            description="The answer in one word: yes, no, conditional, under_review (the page says it is being checked), explanation (a statement, not a yes/no answer), unknown (an imported answer no verdict rule reads).",
        ),
        Column("status", "category", required=True, categories=("current", "superseded", "retracted"),
            description="Whether the ruling still stands: current, superseded (a later ruling replaced it: superseded_by), or retracted (withdrawn, or made obsolete by a rule change: obsoleted_by_event)."),
        Column("superseded_by", "string", pattern=RULING_ID_PATTERN, pattern_words=RULING_ID_WORDS,
            description="The id of the ruling that replaced this one, when status is superseded."),
        Column("obsoleted_by_event", "string", pattern=EVENT_ID_PATTERN,
            description="The event_id (events.csv) of the rule change that made this ruling obsolete."),
        Column("status_note", "string",
            description="Why the status is what it is, in the project's words (e.g. what the page's editors say of a hidden entry)."),
        Column("hidden_in_source", "bool", required=True,
            description="true when the page keeps the entry as a hidden editors' comment (not shown to readers), false otherwise."),
        # Where the ruling is read: the page's URL with the section anchor, the
        # page name and section in parentheses ("; also ..." for other places
        # stating it); source_file: the copies of those pages it was read from.
        Column("source", "string", required=True,
            description="Where the ruling is read: the page's URL with the section anchor, then the page name and section in parentheses; further places follow '; also'. A place without a URL says why it has none."),
        Column("source_file", "list",
            description="The saved copies of the pages the ruling was read from (file names of the project's source pages, several separated by ' | ')."),
        # The machine form of an End Phase ruling (issue 4, written by
        # scripts/build_rulings.py, run by toolkit.history.verify_rulings):
        # the scenario file(s) under datasets/scenarios/, the named ruleset an
        # undated ruling describes, the check (JSON, toolkit.history.checks),
        # the expected answer, our English reading of the check, or why the
        # ruling is not modelled. Empty outside the End Phase scope.
        Column("scenario", "list",
            description="The scenario file(s) under datasets/scenarios/ that model the ruling's question (several separated by ' | '); empty outside the End Phase scope."),
        Column("ruleset", "string",
            description="The named rule set an undated ruling is checked under (a name of toolkit.RULESETS); empty for a dated ruling, checked under the rules of its date."),
        Column("check", "string",
            description="The ruling's question in the toolkit's check language (JSON; see the docs page on questions), run by toolkit.verify_rulings."),
        Column("expected", "category", categories=("yes", "no", "under_review"),  # under_review: 調整中
            description="The answer the check must give for the ruling to hold: yes or no; under_review for an answer the source gives as 調整中 (verify runs it and reports it apart)."),
        Column("check_en", "string",
            description="The project's English reading of the check."),
        Column("not_modelled_reason", "string",
            description="Why the ruling has no check, when it has none."),
        # Why no counterfactual rule set can flip the check (verify_rulings'
        # ``vacuous``); a modelled ruling without it must flip under one.
        Column("vacuous_reason", "string",
            description="Why no counterfactual rule set can flip the check; a modelled ruling without one must flip under some rule set."),
        # What toolkit.import_page read besides the entry itself (blank in the
        # shipped rows, which are not imported from a page).
        *PAGE_IMPORT_COLUMNS,
    ),
)

CARDS_SCHEMA = TableSchema(
    file="cards.csv",
    key="name_ja",
    columns=(
        Column("name_ja", "string", required=True,
            description="The card's Japanese name, as the rulings write it (the table's key)."),
        Column("name_en", "string",
            description="The card's English name, when it has one."),
        Column("game", "category", required=True, categories=GAMES,
            description="The game the card belongs to."),
        Column(
            "card_type",
            "category",
            required=True,
            categories=("monster", "spell", "trap", "creature", "other"),
            description="monster, spell or trap (OCG); creature or other (Duel Masters).",
        ),
        Column("subtype", "string",
            description="The card's subtype in words (e.g. effect monster, quick-play spell, D2 field)."),
        Column("end_phase_effect", "category", required=True, categories=("none", "mandatory", "optional"),
            description="Whether the card has an effect that acts in the End Phase or Turn End Step: none, mandatory or optional."),
        Column("during_end_phase_trigger", "nullable_bool",
            description="true when the card has an effect that triggers during the End Phase; empty when unknown or not applicable."),
        Column("sent_to_gy_trigger", "nullable_bool",
            description="true when the card has an effect that triggers on being sent to the Graveyard; empty when unknown or not applicable."),
        Column("duration_before_2014", "category", categories=DURATIONS,
            description="How long the card's lasting effect applied before the errata of 2014-07-10: until the End Phase, until the end of the turn, this turn, or none."),
        Column("duration_after_2014", "category", categories=DURATIONS,
            description="How long the card's lasting effect applies since the errata of 2014-07-10 (same words as duration_before_2014)."),
        Column("notes_en", "string",
            description="The project's own notes on the card, in English."),
    ),
)

EVENTS_SCHEMA = TableSchema(
    file="events.csv",
    key="event_id",
    columns=(
        Column("event_id", "string", required=True, pattern=EVENT_ID_PATTERN,
            description="The rule event's id, in lower-case words joined by hyphens or dots."),
        Column("date", "date",
            description="The date of the event (YYYY-MM-DD; YYYY-MM or YYYY when only that much is known); empty when the sources give none."),
        Column("date_precision", "category", required=True, categories=DATE_PRECISIONS,
            description="How much of the date the sources give: day, month or year; inferred (the project's, date_note says how); none (no date)."),
        Column("date_note", "string",
            description="How an inferred or partial date was arrived at."),
        Column("game", "category", required=True, categories=EVENT_GAMES,
            description="The game whose rules changed: ocg, duel_masters, or tcg (the TCG's tournament rules, which the Phase page mentions)."),
        Column(
            "kind",
            "category",
            required=True,
            categories=("errata", "rulebook", "tournament_rule", "ruling_principle", "product_release"),
            description="What changed: an errata, a rulebook, a tournament rule, a ruling principle, or a product release.",
        ),
        Column("title_en", "string", required=True,
            description="The event in a few English words."),
        Column("description_en", "string", required=True,
            description="What the event changed, in the project's words."),
        Column("source", "string", required=True,
            description="Where the event is read: the page's URL with the section anchor, then the page name and section in parentheses; further places follow '; also'. A place without a URL says why it has none."),
    ),
)

SCHEMAS = {"rulings": RULINGS_SCHEMA, "cards": CARDS_SCHEMA, "events": EVENTS_SCHEMA}

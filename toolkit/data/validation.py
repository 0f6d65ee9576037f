"""Checking the three datasets together: each file by its own rules, then
across files (every card a ruling names is in the cards table, with the same
game; every ``obsoleted_by_event`` is an event id). Every problem is collected.
"""

from __future__ import annotations

import os

import pandas as pd

from toolkit.data.parsing import Parsed, is_na, rows_of
from toolkit.data.problems import Problem, ValidationReport
from toolkit.data.reading import CsvBytes, DataSource, parse_source, problem_order
from toolkit.data.schema import CARDS_SCHEMA, EVENTS_SCHEMA, RULINGS_SCHEMA, TableSchema
from toolkit.errors import quoted
from toolkit.fields import CardNames


def _cross_file_problems(rulings: Parsed, cards: Parsed | None, events: Parsed | None, files: dict[str, str]) -> list[Problem]:
    problems: list[Problem] = []
    file = files["rulings"]
    if cards is not None:
        card_game = dict(zip(cards.frame["name_ja"], cards.frame["game"].astype(object)))
        loose = CardNames(str(n) for n in card_game if not is_na(n))
        for number, row in rows_of(rulings):
            for name in row["cards"]:
                if name not in card_game:
                    near = loose.lookup(name)
                    hint = f" (did you mean {quoted(near)}?)" if near else ""
                    problems.append(
                        Problem(file, number, "cards", f"card {quoted(name)} is not in {files['cards']}{hint}")
                    )
                elif not is_na(row["game"]) and card_game[name] != row["game"]:
                    problems.append(
                        Problem(
                            file,
                            number,
                            "cards",
                            f"card {quoted(name)} belongs to game {quoted(card_game[name])} but the ruling is {quoted(row['game'])}",
                        )
                    )
    problems += _scenario_game_problems(rulings, file)
    if events is not None:
        event_ids = set(events.frame["event_id"].dropna())
        for number, row in rows_of(rulings):
            event = row["obsoleted_by_event"]
            if not is_na(event) and event not in event_ids:
                problems.append(
                    Problem(file, number, "obsoleted_by_event", f"{quoted(event)} is not an event_id in {files['events']}")
                )
    return problems


def _scenario_game_problems(rulings: Parsed, file: str) -> list[Problem]:
    """A ruling of one game naming a scenario of the other (as a user's rulings file is checked when read)."""
    from toolkit.data.user_rulings import other_game

    problems = []
    for number, row in rows_of(rulings):
        for name in row["scenario"] or ():
            mixed = other_game(row, str(name), str(name))
            if mixed is not None:
                problems.append(Problem(file, number, "scenario", mixed))
    return problems


def _label(source: DataSource, schema: TableSchema) -> str:
    if source is None or isinstance(source, pd.DataFrame):
        return schema.file
    if isinstance(source, CsvBytes):
        return source.label
    return os.fspath(source) if isinstance(source, (str, os.PathLike)) else schema.file  # the reader says what is wrong


def check_datasets(rulings: DataSource = None, cards: DataSource = None, events: DataSource = None) -> ValidationReport:
    """Check the three tables, alone and against each other; collect every problem.

    Each argument is a loaded DataFrame, a CSV path, or None for the packaged
    file. Besides each file's own rules: every card a ruling names is in the
    cards table (with the same game), every shipped scenario it names is of
    its game, and every ``obsoleted_by_event`` is an event id.

    >>> check_datasets(cards=None, events=None).ok
    True
    """
    parsed_rulings, problems = parse_source(rulings, RULINGS_SCHEMA)
    parsed_cards, card_problems = parse_source(cards, CARDS_SCHEMA)
    parsed_events, event_problems = parse_source(events, EVENTS_SCHEMA)
    problems = problems + card_problems + event_problems
    files = {
        "rulings": _label(rulings, RULINGS_SCHEMA),
        "cards": _label(cards, CARDS_SCHEMA),
        "events": _label(events, EVENTS_SCHEMA),
    }
    if parsed_rulings is not None:
        problems += _cross_file_problems(parsed_rulings, parsed_cards, parsed_events, files)
    order = {files["rulings"]: 0, files["cards"]: 1, files["events"]: 2}
    ordered = sorted(set(problems), key=lambda p: (order.get(p.file, 3),) + problem_order(p))
    return ValidationReport(tuple(ordered))


def validate_datasets(rulings: DataSource = None, cards: DataSource = None, events: DataSource = None) -> None:
    """Raise :class:`DatasetValidationError` (a :class:`DataError`) listing every
    problem in the three tables; return None when they are sound.

    See :func:`check_datasets` for the report without raising.
    """
    check_datasets(rulings, cards, events).raise_if_any()

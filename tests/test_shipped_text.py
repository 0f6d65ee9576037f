"""The shipped tables' text columns reach users (``endphase cards --csv/--json``,
``export_data``, the notebooks): they speak of cards, rules and rulings, never of
the project's issues, the wiki pages as seeds, the spec or its rule-kind numbers."""
from __future__ import annotations

import csv
import re

import pytest

from toolkit.resources import dataset_path

USER_TEXT = {
    "cards.csv": ("notes_en",),
    "rulings.csv": ("summary_en", "status_note", "date_note", "check_en"),
    "events.csv": ("title_en", "description_en", "date_note"),
}
"""The columns of each shipped table that are written for users to read."""

JARGON = re.compile(r"\bissues? #?\d|\bseeds?\b|\bspec\b|\bkind \d|\bR\d+ kind\b", re.IGNORECASE)
"""Words of the project's workings, not of the game: "issue 29", "seed 000", "spec", "R6 kind 4"."""


def jargon_in(file: str, columns: tuple[str, ...]) -> list[str]:
    with dataset_path(file).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and all(c in rows[0] for c in columns), f"{file} lacks a column of {columns}"
    return [f"{file} row {n} {c}: {m.group(0)!r}" for n, row in enumerate(rows, 1) for c in columns
            if (m := JARGON.search(row[c] or ""))]


@pytest.mark.parametrize("file", sorted(USER_TEXT))
def test_shipped_text_speaks_of_cards_and_rules_not_of_the_project(file: str) -> None:
    assert jargon_in(file, USER_TEXT[file]) == []


@pytest.mark.parametrize("text", ["Written as a user would (issue 29).", "Seed 000 names it.", "(R6 kind 4)",
                                  "see the spec"])
def test_the_scan_catches_each_kind_of_jargon(text: str) -> None:
    assert JARGON.search(text)


@pytest.mark.parametrize("text", ["Special Summons it", "a kind of process", "Speculative", "seeded deck"])
def test_the_scan_leaves_the_games_own_words(text: str) -> None:
    assert not JARGON.search(text)

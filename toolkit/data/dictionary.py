"""The data dictionary: every column of the three tables with its type, meaning,
allowed values and an example, read from :mod:`toolkit.data.schema`.

The same description is written two ways: as a Frictionless data package
descriptor (``datapackage.json``, shipped beside the CSV files and written by
:func:`toolkit.export_data`; ``scripts/build_datapackage.py --check`` keeps the
shipped one in step) and as the tables of the documentation's data page.

>>> package = data_package()
>>> [r["path"] for r in package["resources"]]
['rulings.csv', 'cards.csv', 'events.csv']
>>> field = package["resources"][0]["schema"]["fields"][1]
>>> field["name"], field["type"], field["constraints"]["enum"]
('game', 'string', ['ocg', 'duel_masters'])
>>> dictionary_rows(SCHEMAS["events"])[1][:3]
('date', 'date (YYYY-MM-DD, YYYY-MM or YYYY)', 'no')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any

from toolkit.data.schema import (
    EVENT_ID_PATTERN,
    FALSE_WORDS,
    LIST_SEPARATOR,
    RULING_ID_PATTERN,
    SCHEMAS,
    TRUE_WORDS,
    Column,
    TableSchema,
)
from toolkit.resources import dataset_path

DATAPACKAGE = "datapackage.json"
"""The descriptor's file name, beside the CSV files."""

EXAMPLE_LENGTH = 60
"""An example longer than this many characters is cut (with "…")."""

DATE_PATTERN = r"\d{4}(-\d{2}(-\d{2})?)?"
"""A date cell: ``YYYY-MM-DD``, or ``YYYY-MM`` / ``YYYY`` when only that much is known."""

SOURCES: tuple[dict[str, str], ...] = (
    {"title": "遊戯王カードWiki (the Yu-Gi-Oh! OCG card wiki)", "path": "https://yugioh-wiki.net/"},
    {"title": "デュエル・マスターズ Wiki (the Duel Masters wiki)", "path": "https://dmwiki.net/"},
)
"""The wikis the quoted ``question_ja`` and ``answer_ja`` cells come from (NOTICE says more)."""

_KIND_WORDS = {
    "string": "text",
    "category": "one of a fixed set",
    "date": "date (YYYY-MM-DD, YYYY-MM or YYYY)",
    "list": f"list of texts joined by {LIST_SEPARATOR.strip()!r}",
    "bool": "true / false",
    "nullable_bool": "true / false, or empty",
}

_PATTERN_WORDS = {
    RULING_ID_PATTERN: ("ocg-YYMMDD-words, ocg-undated-words, dm-qa-words, dm-example-words, user-YYMMDD-words "
                        "or user-undated-words (lower-case letters, digits and hyphens)"),
    EVENT_ID_PATTERN: "lower-case letters and digits, in words joined by - or .",
}

_FOREIGN_KEYS: dict[str, list[dict[str, Any]]] = {
    "rulings": [
        {"fields": "superseded_by", "reference": {"resource": "rulings", "fields": "ruling_id"}},
        {"fields": "obsoleted_by_event", "reference": {"resource": "events", "fields": "event_id"}},
    ],
}


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXAMPLE_LENGTH else text[: EXAMPLE_LENGTH - 1] + "…"


def examples(schema: TableSchema, csv_text: str) -> dict[str, str]:
    """Each column's first non-empty cell in file order (shortened), from the CSV text of its table.

    >>> examples(SCHEMAS["events"], "event_id,date\\na,\\nb,2014-07\\n")
    {'event_id': 'a', 'date': '2014-07'}
    """
    found: dict[str, str] = {}
    for row in csv.DictReader(io.StringIO(csv_text)):
        for column in schema.columns:
            value = row.get(column.name) or ""
            if column.name not in found and value.strip():
                found[column.name] = _shorten(value)
        if len(found) == len(schema.columns):
            break
    return {c.name: found[c.name] for c in schema.columns if c.name in found}


def field(column: Column, example: str | None = None) -> dict[str, Any]:
    """One column as a Frictionless Table Schema field."""
    out: dict[str, Any] = {"name": column.name, "type": "string", "description": column.description}
    constraints: dict[str, Any] = {}
    if column.kind in ("bool", "nullable_bool"):
        out["type"] = "boolean"
        out["trueValues"] = sorted(TRUE_WORDS)
        out["falseValues"] = sorted(FALSE_WORDS)
    if column.required:
        constraints["required"] = True
    if column.kind == "category":
        constraints["enum"] = list(column.categories)
    if column.kind == "date":
        constraints["pattern"] = DATE_PATTERN
    elif column.pattern:
        constraints["pattern"] = column.pattern
    if constraints:
        out["constraints"] = constraints
    if example is not None:
        out["example"] = example
    return out


def _shipped_texts() -> dict[str, str]:
    return {name: dataset_path(schema.file).read_text(encoding="utf-8") for name, schema in SCHEMAS.items()}


def data_package(texts: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The Frictionless descriptor of the three tables; ``texts`` (table name -> CSV text) gives
    the examples, by default the shipped files'."""
    texts = _shipped_texts() if texts is None else texts
    resources = []
    for name, schema in SCHEMAS.items():
        found = examples(schema, texts.get(name, ""))
        table: dict[str, Any] = {"fields": [field(c, found.get(c.name)) for c in schema.columns],
                                 "missingValues": [""], "primaryKey": schema.key}
        if name in _FOREIGN_KEYS:
            table["foreignKeys"] = _FOREIGN_KEYS[name]
        resources.append({
            "name": name, "path": schema.file, "profile": "tabular-data-resource", "format": "csv",
            "mediatype": "text/csv", "encoding": "utf-8", "schema": table,
        })
    return {
        "name": "endphase-rulings",
        "title": "End Phase rulings: dated rulings, the cards they name, and rule events",
        "description": ("Rulings on the Yu-Gi-Oh! OCG End Phase and Duel Masters' Turn End Step, quoted "
                        "with their dates and pages; the cards they name; the rule changes behind them. "
                        "The quoted Japanese questions and answers are not under the MIT License: "
                        "see NOTICE."),
        "licenses": [{"name": "MIT", "title": "MIT License (the project's own columns; see NOTICE)"}],
        "sources": [dict(s) for s in SOURCES],
        "profile": "tabular-data-package",
        "resources": resources,
    }


def data_package_json(texts: Mapping[str, str] | None = None) -> str:
    """:func:`data_package` as the text of ``datapackage.json`` (stable: the same tables, the same bytes)."""
    return json.dumps(data_package(texts), ensure_ascii=False, indent=2) + "\n"


def dictionary_rows(schema: TableSchema, texts: Mapping[str, str] | None = None
                    ) -> list[tuple[str, str, str, str, str, str]]:
    """The data page's rows for one table: column, type, required, allowed values, meaning, example."""
    name = next(n for n, s in SCHEMAS.items() if s is schema)
    text = (texts or {}).get(name)
    found = examples(schema, text if text is not None else dataset_path(schema.file).read_text(encoding="utf-8"))
    rows = []
    for column in schema.columns:
        if column.kind == "category":
            allowed = ", ".join(column.categories)
        elif column.kind in ("bool", "nullable_bool"):
            allowed = "true, false"
        elif column.pattern in _PATTERN_WORDS:
            allowed = _PATTERN_WORDS[column.pattern]
        elif column.pattern_words:
            allowed = column.pattern_words
        elif column.pattern:
            allowed = f"matching {column.pattern}"
        else:
            allowed = "any text" if column.kind != "date" else "a date from 1999 on"
        rows.append((column.name, _KIND_WORDS[column.kind], "yes" if column.required else "no", allowed,
                     column.description, found.get(column.name, "")))
    return rows


__all__ = ["DATAPACKAGE", "DATE_PATTERN", "SOURCES", "data_package", "data_package_json", "dictionary_rows",
           "examples", "field"]

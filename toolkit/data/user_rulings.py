"""A user's own rulings (a CSV or YAML file, a DataFrame or a list of rows)
read in the shipped schema and combined with the shipped table.

A user file has the columns of ``rulings.csv`` (any subset, in any order; a
YAML file is a list of mappings with those keys) plus one of its own:

* ``supersedes``: the ids of the rulings this one replaces. The shipped table
  is never edited and no row is ever dropped: in the combined table the
  replaced row's ``status`` becomes ``superseded`` and its ``superseded_by``
  this row's id, exactly as the shipped table records a replacement. A
  replaced ruling of the other game, or with no card in common with this
  row, is warned about (:class:`toolkit.errors.RulingWarning`), not refused.

A user row may leave out what the wiki does not give: ``topic``,
``summary_en`` and ``verdict`` may be empty; an empty ``game`` is ``ocg``,
``kind`` is ``faq``, ``status`` is ``current``, ``hidden_in_source`` is
``false``, and ``date_precision`` follows the written date (``YYYY-MM-DD``:
day, ``YYYY-MM``: month, ``YYYY``: year, none: none); empty ``cards`` are
the cards its ``question_ja`` names in 《》 (:mod:`toolkit.data.question_cards`,
when combined with the shipped table). ``scenario`` names
scenario files relative to the rulings file's own folder (or a shipped
scenario by name); the combined table holds their full paths. A ``check`` is
a mapping in YAML, its JSON text in CSV; the check language itself is read
when the rulings are verified (:func:`toolkit.verify_rulings`), which names
the file, row and column of a check it cannot read.

Every problem names the file, the 1-based row and the column; all of a
file's problems are collected before raising :class:`DatasetValidationError`.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import warnings
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeAlias

import pandas as pd

from toolkit.data.file_checks import check_rulings_rows
from toolkit.data.frames import kind_of
from toolkit.data.parsing import Parsed, RawTable, format_value, is_na, parse_date, rows_of, split_csv, typed_frame
from toolkit.data.problems import DatasetValidationError, Problem
from toolkit.data.reading import CsvBytes, load_cards
from toolkit.data.ruling_ids import id_clash_advice
from toolkit.data.schema import LIST_SEPARATOR, RULINGS_SCHEMA, Column, TableSchema
from toolkit.data.user_checks import check_data, renamed
from toolkit.errors import FileError, RulingWarning, printable, quoted
from toolkit.resources import dataset_path

OPTIONAL_FOR_USERS = ("topic", "summary_en", "verdict")
"""Columns the shipped table requires and a user's row may leave empty."""
USER_DEFAULTS = {"game": "ocg", "kind": "faq", "status": "current", "hidden_in_source": "false"}
"""The value an empty cell of a user's row takes."""
HEADER_REQUIRED = ("ruling_id", "answer_ja", "source")
"""The columns a user's CSV header must name (every other one may be left out)."""

USER_RULINGS_SCHEMA = TableSchema(
    file="user rulings",
    key="ruling_id",
    columns=tuple(replace(c, required=False) if c.name in OPTIONAL_FOR_USERS else c for c in RULINGS_SCHEMA.columns)
    + (Column("supersedes", "list"),),
)
"""The shipped schema, with ``topic``/``summary_en``/``verdict`` optional and ``supersedes`` added."""

ExtraSource: TypeAlias = "str | os.PathLike[str] | pd.DataFrame | Sequence[Mapping[str, Any]] | Sequence[Any]"
"""What ``load_rulings(extra=...)`` takes: a file, a DataFrame, a list of rows, or a list of those."""

ORIGINS = "ruling_origins"
"""The key of ``DataFrame.attrs`` that maps each user row's id to its (file, row)."""


@dataclass(frozen=True)
class UserTable:
    """One user table, read and typed: its rows, where they came from, its folder."""

    label: str
    parsed: Parsed
    folder: Path


# --------------------------------------------------------------------------
# Cells as text
# --------------------------------------------------------------------------


class _Shape(Exception):
    pass


_YES_NO_COLUMNS = frozenset(c.name for c in USER_RULINGS_SCHEMA.columns
                            if c.kind == "category" and {"yes", "no"} <= set(c.categories))
"""Columns whose answers are yes and no (``expected``, ``verdict``): YAML's bare yes/no read as booleans."""


def _cell(column: str, value: Any) -> str:
    """A YAML (or Python) value as the CSV cell the schema parses."""
    if value is None:
        return ""
    if isinstance(value, bool):
        if column in _YES_NO_COLUMNS:  # YAML reads a bare yes/no as true/false: the answer the user wrote
            return "yes" if value else "no"
        return "true" if value else "false"
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    if isinstance(value, Mapping):
        if column == "check":
            return json.dumps(value, ensure_ascii=False, default=str)
        raise _Shape("expected a text, got a mapping")
    if isinstance(value, (list, tuple)):
        if column == "check":
            raise _Shape("expected a mapping such as {possible: {event: activated, card: ...}}, got a list")
        if any(isinstance(v, (Mapping, list, tuple)) for v in value):
            raise _Shape("expected a list of texts")
        return LIST_SEPARATOR.join(_cell(column, v) for v in value)
    if isinstance(value, float) and value != value:
        return ""
    return format_value(value)


def raw_from_rows(rows: Sequence[Any], label: str) -> tuple[RawTable | None, list[Problem]]:
    """Rows (mappings from column name to value) as a table of cell texts."""
    problems: list[Problem] = []
    names = USER_RULINGS_SCHEMA.names
    records: list[tuple[str, ...]] = []
    numbers: list[int] = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, Mapping):
            problems.append(Problem(label, number, None, f"a ruling is a mapping of column: value, not {_kind(row)}"))
            continue
        cells = dict.fromkeys(names, "")
        bad = False
        for key, value in row.items():
            name = str(key)
            if name not in cells:
                problems.append(Problem(label, number, name, _unknown_column(name)))
                bad = True
                continue
            try:
                cells[name] = _cell(name, value)
            except _Shape as exc:
                problems.append(Problem(label, number, name, str(exc)))
                bad = True
        if not bad:
            records.append(tuple(cells[n] for n in names))
            numbers.append(number)
    return RawTable(label, tuple(names), tuple(records), tuple(numbers)), problems


def _kind(value: Any) -> str:
    return {list: "a list", str: "a text", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _unknown_column(name: str) -> str:
    import difflib

    near = difflib.get_close_matches(name, USER_RULINGS_SCHEMA.names, n=1, cutoff=0.6)
    hint = f" (did you mean {quoted(near[0])}?)" if near else ""
    return f"unknown column{hint}; a ruling has the columns of rulings.csv and 'supersedes'"


_LIST_COLUMNS = frozenset(c.name for c in USER_RULINGS_SCHEMA.columns if c.kind == "list")


def _pandas_list(cell: str) -> str:
    """A list cell as ``DataFrame.to_csv`` writes it (``['A', 'B']``, ``[]``) in the
    file's form (``A | B``); any other cell as it is.

    >>> _pandas_list("['ヒステリック・サイン', 'サイクロン']"), _pandas_list("[]"), _pandas_list("A | B")
    ('ヒステリック・サイン | サイクロン', '', 'A | B')
    """
    import ast

    if not (cell.startswith("[") and cell.endswith("]")):
        return cell
    try:
        items = ast.literal_eval(cell)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return cell
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        return cell
    return LIST_SEPARATOR.join(items)


def _as_pandas_wrote(raw: RawTable) -> RawTable:
    """A table written by ``DataFrame.to_csv`` read as the file it stands for: its
    unnamed first column (the frame's index: 0, 1, 2 ...) left out, its list cells
    (Python lists) in the file's form."""
    header, rows = raw.header, raw.rows
    if header and header[0] == "" and all(r[0].isdigit() for r in rows):
        header, rows = header[1:], tuple(r[1:] for r in rows)
    lists = [i for i, name in enumerate(header) if name in _LIST_COLUMNS]
    if lists:
        rows = tuple(tuple(_pandas_list(c) if i in lists else c for i, c in enumerate(r)) for r in rows)
    return replace(raw, header=header, rows=rows)


def _raw_from_csv(raw: RawTable) -> tuple[RawTable | None, list[Problem]]:
    """A user CSV's header may name any of the columns, in any order: the rest are
    empty. A table ``DataFrame.to_csv`` wrote (its index first, lists as Python
    lists) is read as the table it holds."""
    raw = _as_pandas_wrote(raw)
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in raw.header:
        if name in seen:
            problems.append(Problem(raw.file, 0, name, "the column appears twice in the header"))
        elif name not in USER_RULINGS_SCHEMA.names:
            problems.append(Problem(raw.file, 0, name, _unknown_column(name)))
        seen.add(name)
    problems += [Problem(raw.file, 0, n, "required column is missing from the header") for n in HEADER_REQUIRED
                 if n not in seen]
    if problems:
        return None, problems
    at = {name: i for i, name in enumerate(raw.header)}
    rows = tuple(tuple(r[at[n]] if n in at else "" for n in USER_RULINGS_SCHEMA.names) for r in raw.rows)
    return RawTable(raw.file, tuple(USER_RULINGS_SCHEMA.names), rows, raw.row_numbers), []


_ITEM_FIELD = re.compile(r"\[(\d+)\](?:\.(\w+))?")


def _yaml_problem(label: str, exc: FileError) -> Problem:
    """A YAML error as a problem of a row and column (``[0].date`` is row 1, column date)."""
    match = _ITEM_FIELD.match(exc.field or "")
    place = f" (line {exc.line})" if exc.line is not None else ""
    if match:
        return Problem(label, int(match.group(1)) + 1, match.group(2), exc.message + place)
    return Problem(label, None, exc.field, exc.message + place)


def _read_file(path: str | os.PathLike[str]) -> tuple[RawTable | None, list[Problem]]:
    label = os.fspath(path)
    if label.lower().endswith((".yaml", ".yml")):
        from toolkit.files import read_yaml

        try:
            data = read_yaml(label, what="rulings file").data
        except FileError as exc:
            return None, [_yaml_problem(label, exc)]
        if data is None:
            return None, [Problem(label, None, None, "the file is empty (write a list of rulings)")]
        if not isinstance(data, list):
            return None, [Problem(label, None, None, f"a rulings file is a list of rulings (- ruling_id: ...), not {_kind(data)}")]
        return raw_from_rows(data, label)
    from toolkit.files import read_bytes

    try:
        data_bytes = read_bytes(label, what="rulings file")
    except FileError as exc:
        return None, [Problem(label, None, None, exc.message)]
    raw, problems = split_csv(data_bytes, label)
    if raw is None:
        return None, problems
    table, header_problems = _raw_from_csv(raw)
    return table, problems + header_problems


# --------------------------------------------------------------------------
# One user table
# --------------------------------------------------------------------------


def _with_defaults(raw: RawTable) -> RawTable:
    at = {name: i for i, name in enumerate(raw.header)}
    rows = []
    for record in raw.rows:
        cells = list(record)
        for name, value in USER_DEFAULTS.items():
            if cells[at[name]] == "":
                cells[at[name]] = value
        if cells[at["date_precision"]] == "":
            written = cells[at["date"]]
            # a date that cannot be read is refused once, under date (its precision follows it)
            cells[at["date_precision"]] = (parse_date(written)[1] or "none") if written else "none"
        rows.append(tuple(cells))
    return replace(raw, rows=tuple(rows))


_SHIPPED_NAME = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)?(?:\.yaml)?")
"""How a shipped scenario is named (``stem``, ``stem.yaml``, ``folder/stem``): never a path out."""


def _scenario_path(name: str, folder: Path, allow_outside: bool = False) -> str | None:
    """A scenario named by a user row: a file next to the rulings file (inside
    its folder, :func:`toolkit.files.paths.path_named_in`), else a shipped one;
    None when neither exists; a FileError when the path is refused."""
    from toolkit.files.paths import path_named_in

    candidate = path_named_in(name, folder, allow_outside=allow_outside)
    if candidate.is_file():
        return str(candidate)
    if _SHIPPED_NAME.fullmatch(name) and dataset_path("scenarios", f"{name.removesuffix('.yaml')}.yaml").is_file():
        return name
    return None


def _scenario_game(found: str) -> str | None:
    """The game of a scenario a row names (``found``: a full path, or a shipped
    name): its ``game:`` key, the OCG's without one; None when the file cannot
    be read as YAML (running the ruling says why)."""
    from toolkit.files import parse_yaml

    try:
        if Path(found).is_absolute():
            from toolkit.files import read_text

            text, source = read_text(found, what="scenario file"), found
        else:
            source = f"{found.removesuffix('.yaml')}.yaml"
            text = dataset_path("scenarios", source).read_text(encoding="utf-8")
        data = parse_yaml(text, source).data
    except (FileError, OSError, UnicodeDecodeError):
        return None
    game = data.get("game", USER_DEFAULTS["game"]) if isinstance(data, Mapping) else USER_DEFAULTS["game"]
    return game if isinstance(game, str) else None


def other_game(row: Mapping[str, Any], name: str, found: str) -> str | None:
    """The problem of a row of one game naming a scenario of another (refused
    here, as the run would refuse it), or None."""
    game = None if is_na(row["game"]) else str(row["game"])
    other = _scenario_game(found)
    if game is None or other is None or other == game:
        return None
    return (f"a ruling of the game {game} (its game column), but its scenario {quoted(name)} is a scenario of "
            f"the game {other}; fix the game column or name a scenario of {game}")


def _resolve_machine_form(table: UserTable, refused: Collection[tuple[int | None, str | None]] = (),
                          allow_outside: bool = False) -> list[Problem]:
    """Scenario names become full paths (also inside the check); a check must be
    a mapping (JSON in CSV), run on at least one scenario, with an expected answer
    (``refused``: the cells already refused as written, not said to be missing)."""
    problems: list[Problem] = []
    frame = table.parsed.frame
    for index, (number, row) in enumerate(rows_of(table.parsed)):
        names = list(row["scenario"] or [])
        resolved: dict[str, str] = {}
        for name in names:
            try:
                found = _scenario_path(name, table.folder, allow_outside)
            except FileError as exc:
                problems.append(Problem(table.label, number, "scenario", exc.message))
                continue
            if found is None:
                where = printable(str(table.folder / name) if not Path(name).is_absolute() else name, 160)
                problems.append(Problem(table.label, number, "scenario",
                                        f"no scenario file {quoted(name)} (looked for {where}) and no shipped "
                                        "scenario of that name"))
            else:
                resolved[name] = found
                mixed = other_game(row, name, found)
                if mixed is not None:
                    problems.append(Problem(table.label, number, "scenario", mixed))
        text = row["check"]
        if is_na(text):
            if names or not is_na(row["expected"]):
                problems.append(Problem(table.label, number, "check", "scenario / expected need a check to run"))
            continue
        check, problem = check_data(str(text))
        if problem:
            problems.append(Problem(table.label, number, "check", problem))
            continue
        if not isinstance(check, dict):
            problems.append(Problem(table.label, number, "check",
                                    "expected a mapping such as {possible: {event: activated, card: ...}}"))
            continue
        if not names:
            problems.append(Problem(table.label, number, "scenario", "a check needs the scenario file(s) it runs on"))
        if is_na(row["expected"]) and (number, "expected") not in refused:
            problems.append(Problem(table.label, number, "expected", "a check needs its expected answer (yes, no or under_review)"))
        paths: Any = [resolved.get(n, n) for n in names]
        frame.at[frame.index[index], "scenario"] = paths
        frame.at[frame.index[index], "check"] = json.dumps(renamed(check, resolved), ensure_ascii=False)
    return problems


def read_user_table(source: Any, label: str | None = None, *,
                    allow_outside: bool = False) -> tuple[UserTable | None, list[Problem]]:
    """Read one user table (a file path, a DataFrame or a list of rows), typed, its own rules checked.

    The scenario files a file names stay inside its folder (the working folder for CSV text read from
    standard input) unless ``allow_outside``; a DataFrame or a list of rows made in Python is the
    caller's own words, so the paths it names are taken as written (relative ones from the working
    folder)."""
    if isinstance(source, pd.DataFrame):
        name = label or "<rulings table>"
        raw, problems = raw_from_rows(
            [{str(k): v for k, v in r.items() if not _empty(v)} for r in source.to_dict("records")], name)
        folder, allow_outside = Path.cwd(), True
    elif isinstance(source, CsvBytes):
        name = source.label
        raw, problems = split_csv(source.data, name)
        if raw is not None:
            raw, header_problems = _raw_from_csv(raw)
            problems += header_problems
        folder = Path.cwd()
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        raw, problems = _read_file(source)
        folder = Path(os.path.realpath(Path(name).expanduser())).parent
    elif isinstance(source, (list, tuple)):
        name = label or "<rulings list>"
        raw, problems = raw_from_rows(list(source), name)
        folder, allow_outside = Path.cwd(), True
    else:
        return None, [Problem(label or "<rulings>", None, None, _NOT_A_SOURCE.format(kind_of(source)))]
    if raw is None:
        return None, problems
    raw = _with_defaults(raw)
    parsed, cell_problems = typed_frame(raw, USER_RULINGS_SCHEMA)
    table = UserTable(name, parsed, folder)
    refused = {(p.row, p.column) for p in cell_problems}
    return table, problems + cell_problems + _resolve_machine_form(table, refused, allow_outside)


def _empty(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return not value
    return is_na(value) if not isinstance(value, (Mapping, str)) else False


# --------------------------------------------------------------------------
# Combining with the shipped table
# --------------------------------------------------------------------------


_NOT_A_SOURCE = ("rulings of your own are a CSV or YAML file's path, a DataFrame, a list of rows (mappings) "
                 "or a list of those, not {}")


def _sources(extra: Any) -> list[Any]:
    if isinstance(extra, (str, os.PathLike, pd.DataFrame, CsvBytes)):
        return [extra]
    if not isinstance(extra, (list, tuple)):
        raise DatasetValidationError([Problem("<rulings>", None, None, _NOT_A_SOURCE.format(kind_of(extra)))])
    items = list(extra)
    if items and all(isinstance(i, Mapping) for i in items):
        return [items]
    return items


def combine_rulings(base: pd.DataFrame, base_label: str, extra: Any, cards: pd.DataFrame | None = None, *,
                    allow_outside: bool = False) -> pd.DataFrame:
    """``base`` (the shipped table) and every user table of ``extra``, checked
    together; a user row with no cards takes those its question names in 《》
    (:mod:`toolkit.data.question_cards`, matched against ``cards``: default
    the shipped cards table, and one's own cards)."""
    from toolkit.data.question_cards import fill_cards

    problems: list[Problem] = []
    tables: list[UserTable] = []
    for source in _sources(extra):
        table, found = read_user_table(source, allow_outside=allow_outside)
        problems += found
        if table is not None:
            tables.append(table)
    if tables:
        table_of_cards = cards if cards is not None else load_cards()
        for table in tables:
            problems += fill_cards(table.parsed, table.label, table_of_cards)
    where: dict[str, tuple[str, int]] = {str(r): (base_label, i) for i, r in enumerate(base["ruling_id"], 1)}
    mine: dict[str, Mapping[str, Any]] = {}  # the first row of each id of one's own files
    for table in tables:
        for number, row in rows_of(table.parsed):
            rid = row["ruling_id"]
            if is_na(rid) or not table.parsed.clean(number, "ruling_id"):
                continue
            if rid in where and where[rid][0] != table.label:
                file, first = where[rid]
                advice = id_clash_advice(mine[rid], row, file) if rid in mine else ""
                problems.append(Problem(table.label, number, "ruling_id",
                                        f"duplicate id {quoted(rid)}: {file} row {first} has it already{advice}"))
            where.setdefault(rid, (table.label, number))
            mine.setdefault(rid, row)
    combined_rows: dict[str, Mapping[str, Any]] = {
        str(r["ruling_id"]): {str(k): v for k, v in r.items()} for r in base.to_dict("records")}
    for table in tables:
        combined_rows.update({str(r["ruling_id"]): r for _, r in rows_of(table.parsed) if not is_na(r["ruling_id"])})
    for table in tables:
        problems += check_rulings_rows(table.parsed, table.label, outside=combined_rows)
    frame = base.copy()
    problems += _apply_supersedes(frame, tables, combined_rows)
    if problems:
        raise DatasetValidationError(sorted(set(problems), key=_order))
    user = [t.parsed.frame.drop(columns=["supersedes"]) for t in tables]
    out = pd.concat([frame, *user], ignore_index=True) if user else frame
    out = out.astype(RULINGS_SCHEMA.dtypes())
    out.attrs[ORIGINS] = {str(r): where[str(r)] for r in out["ruling_id"] if where.get(str(r), ("", 0))[0] != base_label}
    return out


def _order(p: Problem) -> tuple[Any, ...]:
    return (p.file, -1 if p.row is None else p.row, p.column or "", p.message)


def _apply_supersedes(frame: pd.DataFrame, tables: Iterable[UserTable],
                      rows: Mapping[str, Mapping[str, Any]]) -> list[Problem]:
    """Each ``supersedes`` id must name another ruling still current; that row
    becomes superseded by the user's row (in ``frame``, or in its own table)."""
    problems: list[Problem] = []
    claimed: dict[str, str] = {}
    for table in tables:
        for number, row in rows_of(table.parsed):
            rid = row["ruling_id"]
            for old in row["supersedes"] or []:
                problem = _supersedes_problem(rid, old, row, rows, claimed)
                if problem:
                    problems.append(Problem(table.label, number, "supersedes", problem))
                    continue
                unrelated = _unrelated(rid, old, row, rows[old])
                if unrelated:
                    warnings.warn(f"{table.label} row {number}, supersedes: {unrelated}", RulingWarning, stacklevel=2)
                claimed[old] = rid
    for old, new in claimed.items():
        for target in [frame, *(t.parsed.frame for t in tables)]:
            hit = target.index[target["ruling_id"] == old]
            if len(hit):
                target.loc[hit, "status"] = "superseded"
                target.loc[hit, "superseded_by"] = new
    return problems


_GAME_RULINGS = {"ocg": "a Yu-Gi-Oh! OCG ruling", "duel_masters": "a Duel Masters ruling"}


def _cards_of(row: Mapping[str, Any]) -> frozenset[str]:
    cards = row.get("cards")
    if isinstance(cards, str):
        return frozenset({cards})
    return frozenset(str(c) for c in cards) if isinstance(cards, (list, tuple)) else frozenset()


def _unrelated(rid: Any, old: str, row: Mapping[str, Any], replaced: Mapping[str, Any]) -> str | None:
    """Why a ruling that supersedes ``old`` looks unrelated to it (another game, or
    no card in common), or None: a warning, since a ruling may rightly replace one
    about other cards."""
    game, other = (str(r.get("game")) if not is_na(r.get("game")) else "ocg" for r in (row, replaced))
    if game != other:
        said = _GAME_RULINGS.get(other, f"a ruling of the game {other}")
        return (f"{rid} replaces {old}, {said}, but is {_GAME_RULINGS.get(game, f'a ruling of the game {game}')}: "
                f"check the id")
    mine, theirs = _cards_of(row), _cards_of(replaced)
    if mine and theirs and not mine & theirs:
        return (f"{rid} (about {'、'.join(f'《{c}》' for c in sorted(mine))}) replaces {old}, which is about "
                f"{'、'.join(f'《{c}》' for c in sorted(theirs))}: no card in common; check the id")
    return None


def _supersedes_problem(rid: Any, old: str, row: Mapping[str, Any], rows: Mapping[str, Mapping[str, Any]],
                        claimed: Mapping[str, str]) -> str | None:
    import difflib

    if old == rid:
        return "a ruling cannot supersede itself"
    if old not in rows:
        near = difflib.get_close_matches(old, list(rows), n=1, cutoff=0.6)
        hint = f" (did you mean {quoted(near[0])}?)" if near else ""
        return f"{quoted(old)} is not a ruling_id of the shipped table or of these files{hint}"
    replaced = rows[old]
    if old in claimed:
        return f"{quoted(old)} is already superseded by {quoted(claimed[old])}"
    chain, node = [str(rid)], rid
    while node in claimed and claimed[node] not in chain:  # who supersedes this ruling, and who that one
        node = claimed[node]
        chain.append(str(node))
        if node == old:
            return (f"{quoted(old)} already supersedes this ruling ({' -> '.join(reversed(chain))}): each would "
                    "replace the other and none would be current; keep one supersedes")
    if str(replaced["status"]) != "current":
        later = replaced["superseded_by"]
        hint = f": supersede {quoted(later)} instead" if not is_na(later) else ""
        return f"{quoted(old)} is {replaced['status']}, not current{hint}"
    if not is_na(row["date"]) and not is_na(replaced["date"]) and pd.Timestamp(row["date"]) < pd.Timestamp(replaced["date"]):
        return (f"this ruling ({pd.Timestamp(row['date']).date()}) is older than {quoted(old)} "
                f"({pd.Timestamp(replaced['date']).date()}), which it would supersede")
    return None

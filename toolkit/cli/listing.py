"""What the toolkit holds, and whether a user's file is sound: ``scenarios``
(the shipped worked examples), ``cards`` (the cards table) and ``validate``
(scenario files of any game, rulings / cards / events CSV files, YAML files of
one's own rulings or cards).
"""

from __future__ import annotations

import argparse
from typing import Any

from toolkit.cli.card_files import add_card_file_options, run_card_files, wants_card_files
from toolkit.cli.errors import error_data, problem_data
from toolkit.cli.options import (
    STDIN,
    STDIN_LABEL,
    ArgumentValueError,
    Commands,
    add_command,
    add_output_options,
    known_game,
    one_stdin,
    read_stdin_bytes,
)
from toolkit.cli.output import emit_json, emit_table, records
from toolkit.core.words import count as counted
from toolkit.errors import ToolkitError

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "scenarios",
        summary="List the shipped worked examples.",
        description="List every shipped scenario of every game: the name other commands take, the game, the "
                    "rules it is played under (a date or a rule set), its title and the rulings it illustrates.",
        examples=[("", "every shipped example"), ("--game duel_masters --json", "the Duel Masters ones, as JSON")],
    )
    sub.add_argument("--game", help="only this game's examples (ocg, duel_masters)")
    add_output_options(sub)
    sub.set_defaults(run=run_scenarios)

    sub = add_command(
        commands, prog, "cards",
        summary="List the cards table.",
        description="List the cards the rulings and scenarios name: Japanese and English name, game, card "
                    "type, and what the card does at the end of the turn. Cards of your own are YAML files "
                    "in the card format (--schema; datasets/cards/ holds the shipped ones as examples) in "
                    "$ENDPHASE_USER_DIR/cards/ (default ~/endphase-scenarios/cards/), listed here as yours, "
                    "or a scenario file's cards: list. What may have happened to a card earlier in the turn "
                    "(destroyed_this_turn, summoned_this_turn, ...) is a tag the scenario sets on it: --tags "
                    "lists them.",
        examples=[("", "every card"), ("--game ocg --csv", "the OCG cards, as CSV"),
                  ("--check my_card.yaml", "validate a card file"),
                  ("--show 黄泉ガエル", "a card as the engine reads it"),
                  ("--counts", "shipped cards as data versus Python"),
                  ("--tags --game ocg", "the tags an OCG scenario may set on a card, with their meaning")],
    )
    sub.add_argument("--game", help="only this game's cards (ocg, duel_masters)")
    sub.add_argument("--tags", action="store_true",
                     help="list the tags a scenario may set on a card ({name: X, tags: [destroyed_this_turn]}), "
                          "per game, with what each means")
    add_card_file_options(sub)
    add_output_options(sub)
    sub.set_defaults(run=run_cards)

    sub = add_command(
        commands, prog, "validate",
        summary="Check scenario files and rulings / cards / events CSV files; exit 2 if one is unsound.",
        description="Read each file as the toolkit would and report it OK or with its problems, one line "
                    "each naming the file, row or field. A .csv file is a rulings, cards or events table "
                    "(told by its header; a rulings file is also checked against the packaged cards and "
                    "events); a YAML list of rows with ruling_id is a rulings file of your own, one with "
                    "name and type a card file; any other file is a scenario of any game. - reads "
                    "standard input.",
        examples=[("my_position.yaml my_rulings.csv", "two files"),
                  ("- < my_position.yaml", "a scenario on standard input"),
                  ("datasets/scenarios/*.yaml --json", "many files, as JSON")],
    )
    sub.add_argument("files", metavar="FILE", nargs="+", help="a scenario YAML file or a CSV table (- for standard input)")
    sub.add_argument("--allow-outside", action="store_true",
                     help="let a rulings file name scenario files outside its own folder (refused without it)")
    add_output_options(sub)
    sub.set_defaults(run=run_validate)


# --------------------------------------------------------------------------
# scenarios, cards
# --------------------------------------------------------------------------

SCENARIO_COLUMNS = ("name", "game", "rules", "title", "rulings")


def run_scenarios(args: argparse.Namespace) -> int:
    from toolkit.games import registered_games

    if args.game is not None:
        known_game(args.game)
    rows = []
    for game in registered_games():
        if args.game is not None and game.name != args.game:
            continue
        for name in game.scenario_names():
            s = game.seed_scenario(name)
            day = getattr(s, "date", None)
            when = day.isoformat() if day is not None else (s.ruleset or game.today().name)
            rows.append({"name": name, "game": game.name, "rules": when, "title": s.title,
                         "rulings": list(s.rulings)})
    if emit_table(rows, args, SCENARIO_COLUMNS):
        return EXIT_OK
    for row in rows:
        print(f"{row['name']:<42} {row['rules']:<10}  {row['title']}")
    return EXIT_OK


CARD_COLUMNS = ("name_ja", "name_en", "game", "card_type", "subtype", "end_phase_effect", "notes_en")


OWN_CARD_NOTE = "a card of your own"
"""The ``notes_en`` of a user's card in the listing."""


def run_cards(args: argparse.Namespace) -> int:
    from toolkit.cli.card_files import own_cards
    from toolkit.data import cards_with, load_cards

    if args.show is not None and not args.show.strip():
        raise ArgumentValueError("--show", "is empty; give a card's Japanese or English name")
    if wants_card_files(args):
        return run_card_files(args)
    if args.game is not None:
        known_game(args.game)
    if args.tags:
        return _run_tags(args)
    table = load_cards()
    if args.game in (None, _card_format_game()):  # one's own cards are card files of that game
        table = cards_with(own_cards(), table, note=OWN_CARD_NOTE, game=_card_format_game())
    if args.game is not None:
        table = table[table["game"] == args.game]
    rows = sorted(records(table), key=lambda r: (str(r["game"]), str(r["name_ja"])))
    if args.json:  # every column
        emit_json(rows)
        return EXIT_OK
    if emit_table([{c: r[c] for c in CARD_COLUMNS} for r in rows], args, CARD_COLUMNS):
        return EXIT_OK
    for r in rows:
        english = f" / {r['name_en']}" if r["name_en"] else ""
        kind = "/".join(str(x) for x in (r["card_type"], r["subtype"]) if x)
        own = " (your card)" if r["notes_en"] == OWN_CARD_NOTE else ""
        print(f"{r['name_ja']}{english}  [{r['game']}] {kind}; end-of-turn effect: {r['end_phase_effect']}{own}")
    return EXIT_OK


def _card_format_game() -> str:
    """The game whose card files one's own cards are (the first game listed that reads card files)."""
    from toolkit.games import registered_games

    return next(g.name for g in registered_games() if g.cards is not None)


def scenario_tags(game: str | None = None) -> list[dict[str, str]]:
    """The tags a scenario may set on a card: one row (game, tag, meaning) per
    tag, each game's in the order its scenario reader lists them."""
    from toolkit.games import game_named, registered_games

    games = [game_named(game)] if game is not None else list(registered_games())  # in their listed order
    return [{"game": g.name, "tag": tag, "meaning": meaning}
            for g in games for tag, meaning in (g.scenario_tags or {}).items()]


def _run_tags(args: argparse.Namespace) -> int:
    from toolkit.games import game_named

    rows = scenario_tags(args.game)
    if emit_table(rows, args, ("game", "tag", "meaning")):
        return EXIT_OK
    print("Tags a scenario may set on a card (e.g. field: [{name: X, tags: [summoned_this_turn]}]):")
    width = max(len(r["tag"]) for r in rows)
    for game in dict.fromkeys(r["game"] for r in rows):
        print(f"{game_named(game).title}:")
        for r in rows:
            if r["game"] == game:
                print(f"  {r['tag']:<{width}}  {r['meaning']}")
    return EXIT_OK


# --------------------------------------------------------------------------
# validate
# --------------------------------------------------------------------------

TABLE_KEYS = (("ruling_id", "rulings"), ("event_id", "events"), ("name_ja", "cards"))
"""The column that tells each table's header apart, checked in this order."""


def _table_kind(first_line: str) -> str | None:
    """rulings / events / cards from a CSV header line; None when it is none of them."""
    names = {c.strip().strip('"') for c in first_line.lstrip("\ufeff").split(",")}
    for key, kind in TABLE_KEYS:
        if key in names:
            return kind
    return None


def _first_line(data: bytes) -> str:
    return data.split(b"\n", 1)[0].decode("utf-8", errors="replace").rstrip("\r")


def _check_table(kind: str, source: Any) -> tuple[list[dict[str, Any]], int | None]:
    """The problems of one CSV table and its number of rows (None when unreadable)."""
    from toolkit.data import DatasetValidationError, check_datasets, load_cards, load_events, load_rulings

    if kind == "rulings":
        report = check_datasets(rulings=source)
        if not report.ok:
            return [problem_data(p) for p in report.problems], None
        return [], len(load_rulings(source))
    loader = load_cards if kind == "cards" else load_events
    try:
        return [], len(loader(source))
    except DatasetValidationError as exc:
        return [problem_data(p) for p in exc.problems], None


def _check_scenario(text: str | None, path: str, prog: str) -> dict[str, Any]:
    from toolkit.games import game_of, load_any_scenario, parse_any_scenario

    try:
        scenario = parse_any_scenario(text, STDIN_LABEL) if text is not None else load_any_scenario(path)
        game = game_of(scenario)
        game.initial_state(scenario, None)
    except ToolkitError as exc:
        return {"kind": "scenario", "problems": [error_data(exc, prog)]}
    return {"kind": "scenario", "game": game.name, "title": scenario.title, "problems": [],
            "about": f"a {game.title} scenario: {scenario.title}"}


def _check_file(given: str, prog: str, allow_outside: bool = False) -> dict[str, Any]:
    from toolkit.data import CsvBytes

    label = STDIN_LABEL if given == STDIN else given
    data: bytes | None = read_stdin_bytes() if given == STDIN else None
    if data is not None:
        kind = _table_kind(_first_line(data))
        if kind is None:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                problem = {"error": f"{label}: not UTF-8 text ({exc.reason} at byte {exc.start})",
                           "file": label, "field": None}
                return {"file": label, "ok": False, "kind": "scenario", "problems": [problem]}
            return {"file": label, **_finish(_check_scenario(text, label, prog))}
        source: Any = CsvBytes(label, data)
    elif given.lower().endswith(".csv"):
        from toolkit.errors import FileError
        from toolkit.files import read_bytes

        try:  # the guarded reader: a pipe, a device or a huge file is refused, not read line by line
            raw = read_bytes(given, what="CSV file")
            kind = _table_kind(_first_line(raw))
        except FileError:
            raw, kind = b"", "rulings"  # unreadable: the loader says why
        if kind == "rulings" and _own_rulings_csv(raw):
            return {"file": label, **_finish(_check_own_yaml("rulings", given, prog, allow_outside))}
        if kind is None:
            problem = {"error": f"{label}: not a rulings, cards or events table (its header names none of "
                                f"{', '.join(k for k, _ in TABLE_KEYS)})", "file": label, "field": None}
            return {"file": label, "ok": False, "kind": "table", "problems": [problem]}
        source = given
    else:
        own = _own_yaml_kind(given)
        if own is not None:
            return {"file": label, **_finish(_check_own_yaml(own, given, prog, allow_outside))}
        return {"file": label, **_finish(_check_scenario(None, given, prog))}
    problems, count = _check_table(kind, source)
    about = f"a table of {kind}, {counted(count, 'row')}" if count is not None else None
    return {"file": label, **_finish({"kind": kind, "rows": count, "problems": problems, "about": about})}


def _own_rulings_csv(data: bytes) -> bool:
    """Whether a rulings CSV is a file of one's own rulings, read as ``verify
    --rulings`` reads it: its header leaves out a column of the packaged
    table or adds ``supersedes``, or a ruling id is ``user-...``."""
    import csv
    import io

    from toolkit.data import RULINGS_SCHEMA

    rows = list(csv.reader(io.StringIO(data.decode("utf-8", errors="replace").lstrip("\ufeff"))))
    if not rows:
        return False
    header = [c.strip() for c in rows[0]]
    if "supersedes" in header or not set(RULINGS_SCHEMA.names) <= set(header):
        return True
    at = header.index("ruling_id")
    return any(len(r) > at and r[at].strip().startswith("user-") for r in rows[1:])


def _own_yaml_kind(path: str) -> str | None:
    """``rulings`` for a YAML file of rulings rows, ``cards`` for a card file
    (one card or a list), None for anything else (read as a scenario)."""
    from toolkit.files.yaml_guard import read_yaml

    try:
        data = read_yaml(path).data
    except ToolkitError:
        return None  # the scenario reader says what is wrong with it
    first = data[0] if isinstance(data, list) and data else data
    if not isinstance(first, dict) or "players" in first:
        return None
    if "ruling_id" in first:
        return "rulings"
    if "name" in first and ("type" in first or "texts" in first):
        return "cards"
    return None


def _check_own_yaml(kind: str, path: str, prog: str, allow_outside: bool = False) -> dict[str, Any]:
    """A YAML rulings file read as ``verify --rulings`` reads it, or a card
    file as ``cards --check`` does."""
    from toolkit.cli.card_files import check_card_lines
    from toolkit.data import ORIGINS, load_rulings

    try:
        if kind == "rulings":
            count = len(load_rulings(extra=[path], allow_outside=allow_outside).attrs.get(ORIGINS) or {})
            about = f"a file of {counted(count, 'ruling')} of your own"
        else:
            count = len(check_card_lines([path]))
            about = f"a card file, {counted(count, 'card')}"
    except ToolkitError as exc:
        found = error_data(exc, prog)
        # every problem of the file, one a line (the one-line error's "and N more" points here)
        return {"kind": kind, "rows": None, "problems": found.get("problems") or [found], "about": None}
    return {"kind": kind, "rows": count, "problems": [], "about": about}


def _finish(result: dict[str, Any]) -> dict[str, Any]:
    return {"ok": not result["problems"], **result}


VALIDATE_COLUMNS = ("file", "ok", "kind", "row", "field", "error")


def run_validate(args: argparse.Namespace) -> int:
    one_stdin(args.files)
    results = [_check_file(given, args.prog, args.allow_outside) for given in args.files]
    status = EXIT_OK if all(r["ok"] for r in results) else EXIT_BAD_INPUT
    if args.json:
        emit_table([{k: v for k, v in r.items() if k != "about"} for r in results], args, VALIDATE_COLUMNS)
        return status
    if args.csv:
        rows = []
        for r in results:
            for p in r["problems"] or [{}]:
                rows.append({"file": r["file"], "ok": r["ok"], "kind": r["kind"], "row": p.get("row"),
                             "field": p.get("field"), "error": p.get("error")})
        emit_table(rows, args, VALIDATE_COLUMNS)
        return status
    for r in results:
        if r["ok"]:
            print(f"{r['file']}: OK ({r['about']})")
            continue
        first, *rest = r["problems"]
        print(first["error"] if first["error"].startswith(r["file"]) else f"{r['file']}: {first['error']}")
        for p in rest:
            print(f"    {p['error']}")
    bad = sum(1 for r in results if not r["ok"])
    if len(results) > 1:
        print(f"{counted(len(results), 'file')}: {len(results) - bad} OK, {bad} with problems")
    return status

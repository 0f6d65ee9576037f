"""What the command line reads: its parser, the options commands share, and
the scenario or rulings file an argument names.

A scenario argument is a YAML file of any game, ``-`` for standard input, or
the name of a shipped worked example; a name that is none of these is
refused with the nearest shipped names. A rulings argument is a CSV file of
the rulings table's shape, or ``-``.

>>> nearest_names("lyla_veiler_2012")[:1]
['lyla_veiler_2011']
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from toolkit.errors import ScenarioError, ToolkitError

if TYPE_CHECKING:
    import pandas as pd

STDIN = "-"
"""The argument that names standard input."""
STDIN_LABEL = "<stdin>"
"""How errors name standard input."""

Scenario = Any
"""A scenario of any registered game."""


class UsageError(ToolkitError):
    """The command line itself is wrong: an unknown command or option, a missing
    or unreadable argument. Carries the parser whose usage line applies."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        self.parser = parser
        self.message = message
        super().__init__(message)


class ArgumentValueError(ToolkitError):
    """An argument that was read but cannot be used (names the argument as ``field``)."""

    def __init__(self, argument: str, message: str) -> None:
        self.field = argument
        self.file = None
        super().__init__(f"argument {argument}: {message}")


class HelpFormatter(argparse.HelpFormatter):
    """Wraps prose to the terminal's width and keeps indented lines (examples,
    exit statuses) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out: list[str] = []
        for line in text.splitlines():
            if not line.strip() or line[0].isspace():
                out.append(indent + line)
            else:
                out.extend(textwrap.wrap(line, width, initial_indent=indent, subsequent_indent=indent))
        return "\n".join(out)


class CliParser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting,
    so the command line can print the error as text or as JSON."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)


# --------------------------------------------------------------------------
# Options several commands share
# --------------------------------------------------------------------------


def date_argument(text: str) -> datetime.date:
    """An argparse type: a day written YYYY-MM-DD, inside the dates the rules cover."""
    import unicodedata

    from toolkit import fields
    from toolkit.errors import quoted

    try:
        return fields.day(datetime.date.fromisoformat(unicodedata.normalize("NFKC", text).strip()), "--date", None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cannot read {quoted(text)} as a date; write YYYY-MM-DD") from None
    except ScenarioError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def positive_int(text: str) -> int:
    """An argparse type: a whole number above zero."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cannot read {text!r} as a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above zero, not {value}")
    return value


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number, zero or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cannot read {text!r} as a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be zero or more, not {value}")
    return value


def add_output_options(sub: argparse.ArgumentParser, *, table: bool = True) -> None:
    """``--json`` (and ``--csv`` when the output is a table), exclusive."""
    group = sub.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help="print JSON instead of text (errors too, on stderr)")
    if table:
        group.add_argument("--csv", action="store_true",
                           help="print the table as CSV instead of text (a cell beginning with = + - @ gets a leading ', so a spreadsheet shows it as text)")


def add_rules_options(sub: argparse.ArgumentParser) -> None:
    """``--date`` or ``--ruleset``: the rules a scenario is played under."""
    when = sub.add_mutually_exclusive_group()
    when.add_argument("--date", type=date_argument, help="use the rules in force on this day (YYYY-MM-DD)")
    when.add_argument("--ruleset", help="use a named ruleset (e.g. ocg, ocg-2011, video_game, dm-turn-starts-later)")


def policy_argument(text: str) -> str:
    """An argparse type: a policy name of :mod:`toolkit.core.policies` (``use_effects`` reads as ``use-effects``)."""
    from toolkit.core.policies import UnknownPolicy, named

    try:
        return named(text).name
    except UnknownPolicy as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_policy_option(sub: argparse.ArgumentParser) -> None:
    """``--policy NAME``: who does what on the line played (the same names as ``resolve()`` and the builder)."""
    from toolkit.core.policies import DEFAULT_POLICY, POLICIES

    listed = "; ".join(f"{p.name}: {p.label}" for p in POLICIES)
    sub.add_argument("--policy", type=policy_argument, default=DEFAULT_POLICY, metavar="NAME",
                     help=f"who does what when a choice is open (default {DEFAULT_POLICY}) — {listed}")


def known_game(name: str) -> None:
    """Refuse a ``--game`` that no registered game is called."""
    from toolkit.games import registered_games

    known = [g.name for g in registered_games()]
    if name not in known:
        raise ScenarioError(f"unknown game {name!r}; known games: {', '.join(known)}", field="game")


def add_scenario_argument(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("scenario", metavar="SCENARIO",
                     help="scenario YAML file, - for standard input, or a shipped example's name")


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"cannot read {text!r} as a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above zero, not {text}")
    return value


def add_max_states(sub: argparse.ArgumentParser, default: int | None = None, *, time_limit: bool = True,
                   time_help: str | None = None) -> None:
    """--max-states (and --time-limit where the command can stop on time): the search limits (exit 3);
    ``time_help`` says what --time-limit bounds when it is not one search."""
    from toolkit.core.limits import DEFAULT_MAX_STATES

    limit = DEFAULT_MAX_STATES if default is None else default
    sub.add_argument("--max-states", type=positive_int, default=limit, metavar="N",
                     help=f"stop (exit 3) after searching N positions (default {limit:,}, under 1 GB)")
    if not time_limit:
        return
    sub.add_argument("--time-limit", type=positive_float, default=None, metavar="SECONDS",
                     help=time_help or "stop (exit 3) after this many seconds (default: no limit); a search over "
                                       "a second shows its progress on stderr")


# --------------------------------------------------------------------------
# Standard input
# --------------------------------------------------------------------------


def read_stdin_bytes() -> bytes:
    """Everything on standard input, as bytes: at most the size limit of a
    file (:func:`toolkit.files.max_file_bytes`), so ``- < /dev/zero`` is an
    error, not a run that eats the memory."""
    from toolkit.errors import FileError
    from toolkit.files import MAX_BYTES_ENV, max_file_bytes

    limit = max_file_bytes()
    buffer = getattr(sys.stdin, "buffer", None)
    data: bytes = buffer.read(limit + 1) if buffer is not None else sys.stdin.read(limit + 1).encode("utf-8")
    if len(data) > limit:
        raise FileError(f"standard input holds more than the limit of {limit:,} bytes; a scenario or a rulings "
                        f"file is a few KB — check what is piped in, or set {MAX_BYTES_ENV} to raise the limit",
                        file=STDIN_LABEL)
    return data


def read_stdin_text(what: str = "scenario file") -> str:
    """Standard input as UTF-8 text (a bad byte is one line naming its line and column, and the
    encoding the bytes look like)."""
    from toolkit.files.reading import decode_utf8

    return decode_utf8(read_stdin_bytes(), STDIN_LABEL, what)


# --------------------------------------------------------------------------
# Scenarios
# --------------------------------------------------------------------------


def shipped_names() -> list[str]:
    """Every name a shipped scenario answers to: its stem, and ``folder/stem`` for a game's own folder."""
    from toolkit.games import registered_games

    names: list[str] = []
    for game in registered_games():
        for stem in game.scenario_names():
            names.append(stem)
            if game.scenario_folder:
                names.append(game.shipped_name(stem))
    return names


def nearest_names(given: str, n: int = 3) -> list[str]:
    """The shipped scenario names closest to ``given`` (at most ``n``)."""
    return difflib.get_close_matches(given.removesuffix(".yaml"), shipped_names(), n=n, cutoff=0.5)


def _looks_like_a_name(given: str) -> bool:
    return os.sep not in given and "/" not in given and not given.endswith((".yaml", ".yml"))


def read_scenario(given: str, prog: str) -> Scenario:
    """The scenario ``given`` names: ``-`` (standard input), an existing file,
    a shipped example's name (``stem``, ``stem.yaml`` or ``folder/stem``), else
    a file path (whose absence is the error)."""
    from toolkit.games import load_any_scenario, parse_any_scenario, shipped_scenario

    if given == STDIN:
        return parse_any_scenario(read_stdin_text(), STDIN_LABEL)
    if not given.strip():
        raise ArgumentValueError("SCENARIO", f"give a scenario file, or a shipped example's name "
                                 f"(`{prog} scenarios` lists them)")
    path = Path(given)
    if os.path.lexists(given):  # a broken or looping link is the file's error, not a name
        return load_any_scenario(path)
    names = set(shipped_names())
    if given in names or (os.sep not in given and given.removesuffix(".yaml") in names):
        return shipped_scenario(given)
    if _looks_like_a_name(given):
        near = nearest_names(given)
        hint = f"; nearest: {', '.join(near)}" if near else ""
        raise ArgumentValueError("SCENARIO", f"{given!r} is neither a scenario file nor a shipped example's "
                                 f"name{hint} (`{prog} scenarios` lists the shipped examples)")
    return load_any_scenario(path)


def with_rules(scenario: Scenario, args: argparse.Namespace) -> Scenario:
    """``scenario`` under ``--date`` / ``--ruleset`` when given (a game whose
    rulings are undated takes ``--ruleset`` only)."""
    from toolkit.games import game_of

    game = game_of(scenario)
    day = getattr(args, "date", None)
    ruleset = getattr(args, "ruleset", None)
    if day is not None:
        if not game.dated:
            raise ScenarioError(f"{game.title} scenarios are undated: use --ruleset "
                                f"({', '.join(game.ruleset_names())})", field="date", file=scenario.source)
        return scenario.at(day)
    if ruleset is not None:
        try:
            return scenario.under(ruleset)
        except ScenarioError as exc:  # the option was wrong, not the scenario file's ruleset field
            if exc.field != "ruleset":
                raise
            raise ArgumentValueError("--ruleset", exc.message) from None
    return scenario


def scenario_of(args: argparse.Namespace) -> Scenario:
    """The scenario argument of a command, under its ``--date`` / ``--ruleset``."""
    return with_rules(read_scenario(args.scenario, args.prog), args)


def read_yaml_argument(text: str, what: str) -> Any:
    """An argument written as YAML flow text (e.g. ``'{event: activated}'``)."""
    from toolkit.errors import FileError
    from toolkit.files import parse_yaml

    try:
        document = parse_yaml(text, what)
    except FileError as exc:
        raise ArgumentValueError(what, exc.message) from None
    if document.data is None:
        raise ArgumentValueError(what, "is empty")
    return document.data


# --------------------------------------------------------------------------
# Rulings files
# --------------------------------------------------------------------------


RULINGS_HELP = ("rulings files of your own (CSV or YAML, the packaged table's columns; - for a CSV on standard "
                "input), added to the packaged ones")


def add_rulings_options(sub: argparse.ArgumentParser, *, only_mine: str | None) -> None:
    """``--rulings FILE ...`` (added to the packaged rulings) and, with its help
    text given, ``--only-mine``."""
    sub.add_argument("--rulings", metavar="FILE", nargs="+", action="extend", help=RULINGS_HELP)
    sub.add_argument("--allow-outside", action="store_true",
                     help="let a rulings file name scenario files outside its own folder (absolute paths, ~, "
                          "'..', links that lead out); refused without it")
    if only_mine is not None:
        sub.add_argument("--only-mine", action="store_true", help=only_mine)


def read_rulings(files: Sequence[str] | None, *, only_mine: bool = False,
                 allow_outside: bool = False) -> pd.DataFrame | None:
    """The packaged rulings with those of the ``--rulings`` files (only theirs
    with ``only_mine``); None when no file is named (the packaged table)."""
    from toolkit.data import CsvBytes, load_rulings, own_rulings

    named = list(files or [])
    if only_mine and not named:
        raise ArgumentValueError("--only-mine", "keeps the rulings of --rulings FILE: name a file")
    if not named:
        return None
    one_stdin(named)
    extra = [CsvBytes(STDIN_LABEL, read_stdin_bytes()) if f == STDIN else f for f in named]
    table = load_rulings(extra=extra, allow_outside=allow_outside)
    return own_rulings(table) if only_mine else table


def one_stdin(arguments: Sequence[str], field: str = "files") -> None:
    """Refuse ``-`` given twice: standard input can be read only once."""
    if sum(1 for a in arguments if a == STDIN) > 1:
        raise ScenarioError("standard input (-) can be read only once", field=field)


# --------------------------------------------------------------------------
# One subcommand
# --------------------------------------------------------------------------

Commands = Any
"""The subparsers action of the main parser (argparse keeps its type private)."""


def add_command(commands: Commands, prog: str, name: str, *, summary: str, description: str,
                examples: Sequence[tuple[str, str]]) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` has a description and worked examples.

    ``examples`` are (arguments after the command's name, what it shows).
    """
    lines = ["examples:"]
    for arguments, what in examples:
        lines.append(f"  {prog} {name} {arguments}".rstrip())
        lines.append(f"      {what}")
    sub: argparse.ArgumentParser = commands.add_parser(
        name, help=summary, description=description, epilog="\n".join(lines),
        formatter_class=HelpFormatter,
    )
    return sub

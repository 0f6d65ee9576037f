"""The command line's entry: the parser of every subcommand, and how a run ends.

A run ends with one of the exit statuses below (the main parser's ``--help``
lists them too). Errors are one line on standard error — as JSON
(``{"error": ..., "file": ..., "field": ...}``) when ``--json`` was given —
and never a traceback.

>>> main(["resolve", "no-such-file.yaml"])
2
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

from toolkit._version import __version__
from toolkit.cli.errors import budget_reached, error_data
from toolkit.cli.options import CliParser, HelpFormatter, UsageError
from toolkit.cli.usage import as_invoked, short_help, usage_line
from toolkit.errors import RulingWarning, ToolkitError

EXIT_OK = 0
"""The command did its job (for ``can-force`` / ``ask`` / ``verify``: the answer is yes / every ruling agrees)."""
EXIT_NO = 1
"""The answer to the question asked is no: ``can-force`` cannot, ``ask`` answers no, ``verify`` found a ruling that disagrees."""
EXIT_BAD_INPUT = 2
"""Bad input: a command line, scenario, rulings file, date, ruleset or card name that cannot be used."""
EXIT_SEARCH_LIMIT = 3
"""A search reached its limit (``--max-states``) before it could answer."""
EXIT_CANNOT_WRITE = 4
"""The output could not be written (a full disk: ``> /dev/full``)."""
EXIT_INTERRUPTED = 130
"""Interrupted (Ctrl-C)."""

EXIT_CODES_TEXT = f"""\
exit status:
  {EXIT_OK}  done (can-force: the player can; ask: yes; verify: every ruling agrees)
  {EXIT_NO}  the answer is no (can-force: the player cannot; ask: no; verify: a ruling disagrees)
  {EXIT_BAD_INPUT}  bad input (command line, scenario or rulings file, date, ruleset, card); one line on stderr
  {EXIT_SEARCH_LIMIT}  a search reached its limit (raise --max-states)
  {EXIT_CANNOT_WRITE}  the output could not be written (e.g. the disk is full)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)
  A reader that stops early (| head) ends the run quietly with status {EXIT_OK}.
"""


def program_name(argv0: str | None = None) -> str:
    """The program's name as invoked: ``endphase``, or ``python -m toolkit``.

    >>> program_name("/usr/local/bin/endphase"), program_name("/src/toolkit/__main__.py")
    ('endphase', 'python -m toolkit')
    """
    given = sys.argv[0] if argv0 is None and sys.argv else (argv0 or "")
    name = os.path.basename(given)
    if not name or name in ("__main__.py", "-c", "-m"):
        return "python -m toolkit"
    return name


def build_parser(prog: str | None = None) -> CliParser:
    """The parser of every subcommand (the documentation's CLI page prints its help)."""
    from toolkit.cli import ask, contrast, listing, page_import, play, rulings

    name = prog or program_name()
    parser = CliParser(
        prog=name,
        description="End Phase ruling toolkit: resolve Yu-Gi-Oh! OCG End Phase and Duel Masters Turn End Step "
                    "scenarios under the rules of any date, check the dated rulings against the engine, and "
                    "write ruling articles. SCENARIO is a YAML file, - for standard input, or the name of a "
                    "shipped example (`scenarios` lists them).",
        epilog=f"{EXIT_CODES_TEXT}\n`{name} COMMAND --help` describes a command, with examples.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play.register(commands, name)
    ask.register(commands, name)
    contrast.register(commands, name)
    rulings.register(commands, name)
    listing.register(commands, name)
    page_import.register(commands, name)
    return parser


_parser = build_parser
"""The name the documentation site's CLI page looked for first (kept)."""


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


def _report(data: dict[str, Any], as_json: bool) -> None:
    data = {**data, "error": as_invoked(str(data["error"]), program_name())}
    if as_json:
        print(json.dumps(data, ensure_ascii=False), file=sys.stderr)
    else:
        print(f"error: {data['error']}", file=sys.stderr)


def _limit_advice(message: str, args: Any, prog: str) -> str:
    """A search limit's message with advice this command can follow: its own
    option (named once), or — for a command without one (``verify``) — the
    command that searches further.

    >>> import argparse
    >>> text = "the search of x.yaml stopped at its limit of 5 positions (max_states); raise max_states (--max-states on the command line) to search further"
    >>> _limit_advice(text, argparse.Namespace(command="explore", max_states=5), "endphase")
    'the search of x.yaml stopped at its limit of 5 positions (max_states); raise --max-states to search further'
    >>> _limit_advice(text, argparse.Namespace(command="verify"), "endphase")[-93:]
    'its own limits; `endphase explore SCENARIO --date YYYY-MM-DD --max-states N` searches further'
    """
    stem, found, _ = message.partition("; raise ")
    if not found:
        return message
    option = "--time-limit" if "time limit" in stem else "--max-states"
    if hasattr(args, option[2:].replace("-", "_")):
        return f"{stem}; raise {option} to search further"
    return (f"{stem}; `{prog} {args.command}` searches with its own limits; "
            f"`{prog} explore SCENARIO --date YYYY-MM-DD --max-states N` searches further")


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that Python's last flush
    at exit cannot fail again on a closed pipe or a full disk."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # standard output is not a file (tests capture it)
        pass


# --------------------------------------------------------------------------
# A run
# --------------------------------------------------------------------------


def _utf8_stdout() -> None:
    """Card names are Japanese: on a terminal that cannot show them, escape them instead of failing."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and (sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        reconfigure(errors="backslashreplace")


def _catch_interrupts() -> None:
    """From here on Ctrl-C is a KeyboardInterrupt that :func:`main` turns into its
    one word: put back Python's handler in place of the one ``toolkit.__main__``
    installs for the imports (any other handler is the caller's and stays)."""
    import signal

    if getattr(signal.getsignal(signal.SIGINT), "endphase_starting", False):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: the process's arguments);
    returns the exit status (see :data:`EXIT_CODES_TEXT`)."""
    words = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in words
    prog = program_name()
    _utf8_stdout()
    try:
        _catch_interrupts()
        return _run(words, prog, as_json)
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        _quiet_stdout()
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def run_with_streams(argv: Sequence[str], *, stdin: TextIO | None = None, stdout: TextIO | None = None,
                     stderr: TextIO | None = None) -> int:
    """:func:`main` on ``argv`` with standard input, output and error taken from
    the streams given (the process's own for those not given) while it runs:
    the command line inside a program that is already running (the tests),
    with the same exit status and the same text as ``python -m toolkit``.

    >>> import io
    >>> out, err = io.StringIO(), io.StringIO()
    >>> run_with_streams(["resolve", "no-such-file.yaml"], stdout=out, stderr=err), out.getvalue()
    (2, '')
    >>> err.getvalue()
    'error: no-such-file.yaml: no such scenario file; check the path\\n'
    """
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = saved[0] if stdin is None else stdin
    sys.stdout = saved[1] if stdout is None else stdout
    sys.stderr = saved[2] if stderr is None else stderr
    try:
        return main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def _run(words: list[str], prog: str, as_json: bool) -> int:
    try:
        parser = build_parser(prog)
    except ToolkitError as exc:  # a game installed beside the toolkit that cannot be used (its entry point)
        _report({"error": str(exc), "file": None, "field": None}, as_json)
        return EXIT_BAD_INPUT
    if not words:  # the program alone: a short help, not an error
        print(short_help(parser))
        return EXIT_OK
    try:
        args = parser.parse_args(words)
    except UsageError as exc:
        if as_json:
            _report({"error": exc.message, "file": None, "field": None}, True)
        else:  # one line (before: the usage, wrapped over several, then the error)
            print(usage_line(exc.parser, exc.message), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as done:  # --help and --version print and stop here
        sys.stdout.flush()
        return done.code if isinstance(done.code, int) else EXIT_OK
    args.prog = prog
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RulingWarning)
        try:
            return _run_command(args, prog, as_json)
        finally:
            _report_warnings(caught, as_json)


def _report_warnings(caught: list[warnings.WarningMessage], as_json: bool) -> None:
    """Each ruling warning once, one line on stderr (``warning: ...``; ``{"warning": ...}`` with ``--json``);
    other warnings as Python shows them."""
    shown: set[str] = set()
    for item in caught:
        if not issubclass(item.category, RulingWarning):
            warnings.showwarning(item.message, item.category, item.filename, item.lineno)
            continue
        text = str(item.message)
        if text in shown:
            continue
        shown.add(text)
        print(json.dumps({"warning": text}, ensure_ascii=False) if as_json else f"warning: {text}", file=sys.stderr)


def _run_command(args: argparse.Namespace, prog: str, as_json: bool) -> int:
    try:
        status: int = args.run(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        raise
    except ToolkitError as exc:
        data = error_data(exc, prog)
        if budget_reached(exc):
            _report({**data, "error": _limit_advice(data["error"], args, prog)}, as_json)
            return EXIT_SEARCH_LIMIT
        _report(data, as_json)
        return EXIT_BAD_INPUT
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            _quiet_stdout()
            where = f"{exc.filename}: " if exc.filename else ""
            _report({"error": f"{where}cannot write the output: {os.strerror(exc.errno)}", "file": exc.filename,
                     "field": None}, as_json)
            return EXIT_CANNOT_WRITE
        where = f"{exc.filename}: " if exc.filename else ""
        _report({"error": f"{where}{exc.strerror or exc}", "file": exc.filename, "field": None}, as_json)
        return EXIT_BAD_INPUT

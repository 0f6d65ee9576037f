"""What the command line says when it is used wrongly, or with nothing: one line
for a usage error (with the nearest command for a misspelt one), a short help
for the program alone, and hints naming the program as it was invoked.

>>> from toolkit.cli.app import build_parser
>>> parser = build_parser("endphase")
>>> usage_line(parser, "argument COMMAND: invalid choice: 'resolv' (choose from 'resolve', 'explore')")
"error: argument COMMAND: invalid choice: 'resolv' (did you mean 'resolve'?); `endphase --help` lists the commands"
>>> short_help(parser).splitlines()[0]
'usage: endphase COMMAND [options]   (`endphase COMMAND --help` describes one, with examples)'
>>> as_invoked("see `python -m toolkit cards --help`", "endphase")
'see `endphase cards --help`'
"""

from __future__ import annotations

import argparse
import difflib
import re

__all__ = ["as_invoked", "short_help", "usage_line"]

_INVALID_CHOICE = re.compile(r"^(argument (\S+): invalid choice: '([^']*)') \(choose from (.*)\)$")


def _commands(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each subcommand's name and its one-line summary."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help or "" for choice in action._choices_actions}
    return {}


def usage_line(parser: argparse.ArgumentParser, message: str) -> str:
    """A usage error as one line: the program, the error, where to read more; an
    unknown choice names the nearest choice instead of listing them all."""
    found = _INVALID_CHOICE.match(message)
    if found:
        head, _, given, listed = found.groups()
        choices = re.findall(r"'([^']*)'", listed)
        near = difflib.get_close_matches(given, choices, n=1, cutoff=0.6)
        message = head + (f" (did you mean '{near[0]}'?)" if near else f" (choose from {', '.join(choices)})")
    where = (f"`{parser.prog} --help` lists the commands" if _commands(parser)
             else f"`{parser.prog} --help` describes it")
    return f"error: {message}; {where}"  # "error: " as every other error of the command line


def short_help(parser: argparse.ArgumentParser) -> str:
    """What the program alone prints: how to call it and one line per command."""
    commands = _commands(parser)
    width = max((len(name) for name in commands), default=0)
    lines = [f"usage: {parser.prog} COMMAND [options]   (`{parser.prog} COMMAND --help` describes one, with examples)",
             "", "commands:"]
    lines += [f"  {name.ljust(width)}  {summary}" for name, summary in commands.items()]
    lines += ["", f"`{parser.prog} --help` has the exit statuses; `{parser.prog} --version` the version."]
    return "\n".join(lines)


def as_invoked(text: str, prog: str) -> str:
    """A hint written for ``python -m toolkit`` naming the program as it was invoked."""
    return text if prog == "python -m toolkit" else text.replace("`python -m toolkit ", f"`{prog} ")

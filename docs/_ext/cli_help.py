"""``.. cli-help::``: the command line's own ``--help`` texts, one section per command.

The texts come from the argument parser of ``toolkit.__main__`` at build time,
so the page cannot drift from the program.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def command_parsers(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    """The top-level parser and each subcommand's parser, in the order they were added."""
    found = [("", parser)]
    for action in parser._actions:  # argparse keeps its subcommands only here
        if isinstance(action, argparse._SubParsersAction):
            found += list(action.choices.items())
    return found


def toolkit_parser() -> argparse.ArgumentParser:
    import toolkit.__main__ as cli

    for name in ("build_parser", "parser", "_parser"):
        make = getattr(cli, name, None)
        if callable(make):
            try:
                parser = make(prog="python -m toolkit")  # the page names the program the same way on every machine
            except TypeError:
                parser = make()
            if isinstance(parser, argparse.ArgumentParser):
                return parser
    raise RuntimeError("toolkit.__main__ has no function returning its ArgumentParser")


class CliHelp(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        width = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = "88"  # argparse wraps to the terminal: the same page on every machine
        try:
            for name, parser in command_parsers(toolkit_parser()):
                title = parser.prog if name else f"{parser.prog} (every command)"
                out.append(nodes.rubric(text=title, ids=[nodes.make_id(f"cli-{name or 'main'}")]))
                text = parser.format_help()
                out.append(nodes.literal_block(text, text, language="text"))
        finally:
            if width is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = width
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cli-help", CliHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

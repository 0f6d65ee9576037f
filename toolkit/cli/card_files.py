"""``cards --check FILE...``, ``cards --show NAME``, ``cards --schema``, ``cards --counts``:
the card format, reached through the OCG ``Game``'s ``cards`` (never the OCG package)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from toolkit.cli.output import emit_json
from toolkit.errors import ToolkitError

EXIT_OK = 0


def _format() -> Any:
    from toolkit.games import registered_games

    formats = [g.cards for g in registered_games() if g.cards is not None]
    if not formats:  # pragma: no cover - the OCG has one
        raise ToolkitError("no registered game has a card format")
    return formats[0]  # the first game listed that reads card files


def add_card_file_options(sub: argparse.ArgumentParser) -> None:
    group = sub.add_mutually_exclusive_group()
    group.add_argument("--check", nargs="+", metavar="FILE",
                       help="validate card files (YAML, the card format); exit 2 with a one-line error")
    group.add_argument("--show", metavar="NAME",
                       help="a card as the engine reads it, per text version (with --json: as fields)")
    group.add_argument("--schema", action="store_true", help="print the card format's JSON Schema")
    group.add_argument("--counts", action="store_true",
                       help="how many shipped cards are data and how many Python (with the reasons)")


def wants_card_files(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "check", None) or getattr(args, "show", None) or getattr(args, "schema", False)
                or getattr(args, "counts", False))


def own_cards(rulings: Any = None) -> list[Any]:
    """The cards of one's own: the user folder's, then those the scenario files of ``rulings``
    (a rulings table; None: none) bring in their ``cards:`` lists, each name once."""
    found = {card.name: card for card in _format().user_cards()}
    if rulings is not None and "scenario" in rulings.columns:
        import os

        from toolkit.games import load_any_scenario

        files = dict.fromkeys(str(f) for listed in rulings["scenario"] if isinstance(listed, list)
                              for f in listed if os.path.isabs(str(f)) and os.path.isfile(str(f)))
        for file in files:
            for card in getattr(load_any_scenario(file), "cards", ()):
                found.setdefault(card.name, card)
    return list(found.values())


def check_card_lines(paths: list[str]) -> list[str]:
    """``cards --check``'s line per card of the files; the first bad card raises."""
    lines: list[str] = _format().check_card_files(paths)
    return lines


def run_card_files(args: argparse.Namespace) -> int:
    cards = _format()
    if args.schema:
        print(json.dumps(cards.card_schema(), ensure_ascii=False, indent=1, sort_keys=True))
        return EXIT_OK
    if args.counts:
        counts = cards.card_counts()
        if args.json:
            emit_json(counts)
            return EXIT_OK
        print(f"shipped OCG cards: {counts['data']} as data ({len(counts['files'])} files), "
              f"{counts['python']} in Python")
        for module, entry in counts["python_modules"].items():
            print(f"  {module}.py ({', '.join(entry['cards'])}): {entry['reason']}")
        return EXIT_OK
    if args.show and args.json:  # fields, not the text's lines
        emit_json(cards.card_record(args.show))
        return EXIT_OK
    lines = cards.check_card_files(args.check) if args.check else cards.card_report(args.show)
    if args.json:
        emit_json(lines)
    else:
        print("\n".join(lines))
    return EXIT_OK

"""Write the README's table of the tags a scenario may set on a card, from
each game's own list (``Game.scenario_tags``, which its scenario reader
checks), so the table cannot go stale.

Usage::

    python scripts/tag_docs.py            # rewrite the table in README.md
    python scripts/tag_docs.py --check    # exit 1 if README.md's table differs
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BEGIN = "<!-- scenario tags: written by scripts/tag_docs.py from each game's list; edit the list, not this table -->"
END = "<!-- end of scenario tags -->"


def table() -> str:
    """The table, between its two marker lines."""
    from toolkit.cli.listing import scenario_tags
    from toolkit.games import game_named

    lines = [BEGIN, "| game | tag | what happened to the card |", "|---|---|---|"]
    lines += [f"| {game_named(r['game']).title} | `{r['tag']}` | {r['meaning'].replace('|', '/')} |"
              for r in scenario_tags()]
    return "\n".join([*lines, END])


def rewritten(text: str) -> str:
    """``text`` (the README) with its table replaced by :func:`table`."""
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + table() + text[stop:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the README's table of scenario tags.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the README's table differs")
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        print(f"{args.readme}: no table of scenario tags (its marker lines are missing)", file=sys.stderr)
        return 2
    new = rewritten(text)
    if args.check:
        if new != text:
            print(f"{args.readme}: the table of scenario tags is stale; run python scripts/tag_docs.py",
                  file=sys.stderr)
            return 1
        return 0
    args.readme.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

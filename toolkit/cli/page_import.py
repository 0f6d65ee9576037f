"""``import``: saved wiki pages in, rulings rows and a report of every entry out."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.cli.options import (
    STDIN,
    STDIN_LABEL,
    ArgumentValueError,
    Commands,
    add_command,
    one_stdin,
    read_stdin_text,
)

if TYPE_CHECKING:
    from toolkit.data.page_import import PageImporter

EXIT_OK = 0


def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "import",
        summary="Read saved wiki pages (any form) into rulings rows, with a report of every entry.",
        description="Read each PAGE — a wiki page's source or a copy of the page as shown, its diff view, a "
                    "page saved mid-edit — and turn its questions and answers into rulings rows that "
                    "`--rulings FILE` and load_rulings(extra=FILE) read. A problem in one entry is a warning "
                    "naming its line; the page's other entries are imported. Rulings the packaged table "
                    "already has are reported with their id and not added. The rows go to --out (CSV or "
                    "YAML by its suffix) or, without it, to standard output as CSV; the report goes to "
                    "standard output with --out, to standard error without. Exit status 0 when done, 2 for "
                    "a page that cannot be read (a missing or empty file, text that is not UTF-8).",
        examples=[("saved/ヒステリック・サイン.txt --out my_rulings.csv",
                   "a card's page: its rulings, the page's card added where they say このカード"),
                  ("diff.txt --revision old --out old.yaml", "the old revision of a diff view, as YAML"),
                  ("later.txt --existing my_rulings.csv --out more.csv",
                   "a page to use beside rulings imported before: its ids never clash with theirs"),
                  ("page.txt --card 'Hysteric Sign'", "name the page's card yourself; the rows as CSV"),
                  ("- --source https://yugioh-wiki.net/index.php?... < page.txt", "a page on standard input")],
    )
    sub.add_argument("pages", metavar="PAGE", nargs="+", help="a saved page (a text file), - for standard input")
    sub.add_argument("--card", metavar="NAME", help="the card the pages are about (default: read from the title)")
    sub.add_argument("--out", metavar="FILE", help="write the rows here (.csv or .yaml)")
    sub.add_argument("--existing", metavar="FILE", nargs="+",
                     help="rulings files imported before, to be used with the new rows: a ruling they hold is "
                          "reported and not written again, and no new id is one of theirs (ids are given page by "
                          "page, so two pages imported apart can give two rulings the same id)")
    sub.add_argument("--overwrite", action="store_true", help="replace --out if it exists")
    sub.add_argument("--revision", choices=("new", "old"), default="new",
                     help="which revision of a diff view to read (default: new)")
    sub.add_argument("--source", metavar="URL", help="the page's URL, cited by each row (default: the file's name)")
    from toolkit.games import registered_games

    sub.add_argument("--game", choices=[g.name for g in registered_games()],
                     help="the game of the rulings (default: duel_masters for a dmwiki.net source or Q./A. marks, "
                          "else ocg)")
    sub.set_defaults(run=run_import)


def _page_card(name: str | None) -> str | None:
    """``--card``: a Japanese name as given, an English one as the card's Japanese name."""
    if name is None:
        return None
    if not name.strip():
        raise ArgumentValueError("--card", "give the card's name")
    from toolkit.data import load_cards

    cards = load_cards()
    wanted = name.strip().casefold()
    for name_ja, name_en in zip(cards["name_ja"], cards["name_en"]):
        if isinstance(name_en, str) and name_en.casefold() == wanted:
            return str(name_ja)
    return name.strip()


def _same_file(one: str, other: str) -> bool:
    """Whether two paths name one file (links followed; a missing file is no other)."""
    import os

    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False


def _read_page(path: str) -> tuple[str, str]:
    """A page's text and its label: standard input is read as a file is (bytes, bounded by the size limit,
    UTF-8 or one line naming the byte's line and column)."""
    from toolkit.files import read_text

    if path == STDIN:
        return read_stdin_text("page"), STDIN_LABEL
    return read_text(path, what="page"), path


def _importer(existing: list[str]) -> PageImporter:
    """An importer that knows the rulings of the ``--existing`` files (read as ``load_rulings(extra=...)``
    reads them: a file it refuses is refused here, in its one line)."""
    from toolkit.data import load_rulings
    from toolkit.data.page_import import PageImporter
    from toolkit.data.user_rulings import ORIGINS

    importer = PageImporter()
    if not existing:
        return importer
    table = load_rulings(extra=existing)
    origins = table.attrs.get(ORIGINS) or {}
    files = table["ruling_id"].map(lambda rid: origins.get(str(rid), ("", 0))[0])
    for path in existing:
        importer.remember(table[files == path], label=path)
    return importer


def run_import(args: argparse.Namespace) -> int:
    import pandas as pd

    from toolkit.data.page_import import rulings_text, save_rulings

    if args.out is not None and not args.overwrite and (Path(args.out).exists() or Path(args.out).is_symlink()):
        raise ArgumentValueError("--out", f"{args.out} exists; add --overwrite to replace it")
    if args.out is not None and not args.out.lower().endswith((".csv", ".yaml", ".yml")):
        raise ArgumentValueError("--out", "name a .csv or .yaml file")
    one_stdin(args.pages, "pages")
    if args.out is not None and any(_same_file(args.out, old) for old in args.existing or []):
        raise ArgumentValueError("--out", f"{args.out} is one of the --existing files: it would hold the new rows "
                                          "alone, its own rulings lost; write the new rows to another file (the two "
                                          "load together: --rulings OLD NEW)")
    card = _page_card(args.card)
    # one id assigner and one memory of the rulings seen for every page (and the rows held already):
    # a ruling an earlier page has is written once, and no id is given twice
    importer = _importer(args.existing or [])
    tables: list[pd.DataFrame] = []
    reports = []
    for path in args.pages:
        text, label = _read_page(path)
        rows, report = importer.page(text, source=args.source or label, page_card=card, revision=args.revision,
                                     game=args.game)
        tables.append(rows)
        reports.extend(report.lines())
    rows = pd.concat(tables, ignore_index=True) if len(tables) > 1 else tables[0]
    report_text = "\n".join(reports) + "\n"
    if args.out is not None:
        save_rulings(rows, args.out, overwrite=True)
        sys.stdout.write(report_text)
        sys.stdout.write(f"{len(rows)} {'ruling' if len(rows) == 1 else 'rulings'} written to {args.out}\n")
        return EXIT_OK
    sys.stderr.write(report_text)
    sys.stdout.write(rulings_text(rows, "csv"))
    return EXIT_OK

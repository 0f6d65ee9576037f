"""Reading card files: one card (a mapping) or a list of cards per YAML file.

Every file goes through the guarded reader of :mod:`toolkit.files` (size,
nesting depth, aliases, duplicate keys); each card is compiled by
:func:`~toolkit.ocg.cards.data.compile.compile_card`, so any problem is one
:class:`~toolkit.ocg.cards.data.compile.CardFileError` naming the file, the
card and the field (with the line where the file gives it).
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.errors import shorten
from toolkit.ocg.cards.base import CardBehaviour
from toolkit.ocg.cards.data.compile import CardFileError, compile_card, every_problem, shadows

if TYPE_CHECKING:
    from toolkit.files import YamlLimits


def card_file_limits() -> YamlLimits:
    """A card file needs only a few levels of nesting and no large aliases.  (The YAML reader is
    imported when a card file is read: the shipped cards come from their snapshot without it.)"""
    from toolkit.files import YamlLimits

    return YamlLimits(depth=24, aliases=200, nodes=50_000)


@dataclass(frozen=True)
class LoadedCard:
    """A compiled card and where it was written."""

    behaviour: CardBehaviour
    file: str
    shadows: bool


def parse_cards(text: str, source: str | None = None, *, where: str = "") -> list[LoadedCard]:
    """The cards a YAML text holds (a mapping: one card; a list: several)."""
    from toolkit.files import parse_yaml

    document = parse_yaml(text, source, limits=card_file_limits())
    return compile_cards(document.data, source, where=where, position=document.position)


def compile_cards(data: Any, source: str | None, *, where: str = "", position: Any = None) -> list[LoadedCard]:
    """Compile already-parsed card data (a mapping or a list of mappings); ``where``
    prefixes the field path (``cards`` for a scenario's inline list)."""
    if data is None or (data == [] and not where):  # (a scenario's ``cards: []`` only says it has none)
        raise CardFileError("the file holds no card (write a mapping with name and type, or a list of them)",
                            file=source, field=where or None)
    items = [(data, where)] if isinstance(data, dict) else None
    if isinstance(data, list):
        items = [(item, f"{where}[{i}]") for i, item in enumerate(data)]
    if items is None:
        raise CardFileError(f"a card file holds a card (a mapping) or a list of cards, not {type(data).__name__}",
                            file=source, field=where or None)
    out: list[LoadedCard] = []
    seen: set[str] = set()
    problems: list[CardFileError] = []  # every card's problems, reported in one run

    def located(exc: CardFileError) -> CardFileError:
        found = position(exc.field) if position is not None and exc.field else None
        again = exc.located(*found) if found else exc
        return again if isinstance(again, CardFileError) else exc

    for item, field in items:
        try:
            b = compile_card(item, file=source, field=field or None)
        except CardFileError as exc:
            problems.extend(located(p) for p in (exc.problems or (exc,)))
            continue
        if b.name in seen:
            problems.append(located(CardFileError(f"card {shorten(b.name)}: written twice in the same file", file=source,
                                                  field=f"{field}.name".lstrip("."))))
            continue
        seen.add(b.name)
        found = position(f"{field}.name".lstrip(".")) if position is not None else None
        if found:
            b = replace(b, line=found[0])
        out.append(LoadedCard(b, source or "<text>", shadows(item)))
    if problems:
        raise every_problem(problems) from None
    return out


def read_card_file(path: str | os.PathLike[str]) -> list[LoadedCard]:
    from toolkit.files import read_text

    file = os.fspath(path)
    return parse_cards(read_text(file, what="card file"), file)


CARD_SUFFIXES = (".yaml", ".yml")
"""The entries of a card folder that are read (any case: ``x.YAML`` too)."""


def card_files(path: str | os.PathLike[str]) -> list[Path]:
    """``path`` itself, or the ``*.yaml`` / ``*.yml`` entries of a folder, sorted
    (every one of them: a pipe, a device or a loop of links named ``x.yaml``
    is then refused by the reader, not skipped without a word)."""
    p = Path(path)
    if p.is_dir():
        return sorted(f for f in p.iterdir() if f.suffix.lower() in CARD_SUFFIXES)
    return [p]


def skipped_files(path: str | os.PathLike[str]) -> list[tuple[Path, str]]:
    """The entries of a card folder that are not read, each with why (none for a file)."""
    p = Path(path)
    if not p.is_dir():
        return []
    out = []
    for entry in sorted(p.iterdir()):
        if entry.suffix.lower() in CARD_SUFFIXES:
            continue
        why = ("a folder: card files are read from the folder itself, not from folders inside it"
               if entry.is_dir() else "not a card file: only *.yaml and *.yml files are read")
        out.append((entry, why))
    return out


def not_a_card_folder(folder: Path) -> str:
    """What a card folder path that exists but is no folder is, and what to do."""
    if folder.is_symlink() and not folder.exists():
        return ("is a link that leads nowhere (a loop of links, or its target is gone): your cards go in a "
                "folder of card files (*.yaml); point the link at a folder")
    return ("is a file, not a folder: your cards go in a folder of card files (*.yaml); move the file into a "
            "folder of that name")


SETTLED_NS = 2_000_000_000
"""How long ago a card file's last change must be for its times to tell its next change apart (a
filesystem's clock ticks: whole seconds on ext3 or HFS+, two on FAT; a rewrite within one tick keeps
the times and often the size). A file changed more recently is told by its content."""


_DIGESTED = 1 << 22
"""The largest card file whose content is digested (a larger one is refused when read)."""


def folder_state(folder: Path) -> tuple[tuple[str, int, int, int, bytes], ...]:
    """What says a card folder changed: each card file's name, size, modification and change
    times, and — for a file changed within the last :data:`SETTLED_NS` — a digest of its content
    (``()`` when there is no such folder); a file that cannot be looked at counts as changed.
    A card folder that is a file is refused (never skipped without a word)."""
    if not folder.is_dir():
        if os.path.lexists(folder):
            raise CardFileError(not_a_card_folder(folder), file=str(folder))
        return ()
    out = []
    now = time.time_ns()
    for file in card_files(folder):
        try:
            info = file.stat()
            recent = (now - max(info.st_mtime_ns, info.st_ctime_ns) < SETTLED_NS and info.st_size <= _DIGESTED
                      and stat.S_ISREG(info.st_mode))  # a named pipe is refused when read, never opened here
            digest = hashlib.blake2b(file.read_bytes(), digest_size=16).digest() if recent else b""
            out.append((file.name, info.st_size, info.st_mtime_ns, info.st_ctime_ns, digest))
        except OSError:
            out.append((file.name, -1, -1, -1, b""))
    return tuple(out)


def read_cards(path: str | os.PathLike[str]) -> Iterator[LoadedCard]:
    for file in card_files(path):
        yield from read_card_file(file)


def shipped_card_folder() -> Path:
    """``datasets/cards`` (``toolkit/_datasets/cards`` in a wheel)."""
    from toolkit.resources import dataset_root

    return Path(str(dataset_root())) / "cards"


FOLDER_ENV = ("ENDPHASE_USER_DIR", "HOME", "USERPROFILE")
"""The environment variables the user's folder is found from (``$ENDPHASE_USER_DIR``, else
the home folder, which ``~`` names too)."""


def user_card_folder() -> Path:
    """``$ENDPHASE_USER_DIR/cards`` (default ``~/endphase-scenarios/cards``), found again
    whenever one of :data:`FOLDER_ENV` changes (a search asks for it thousands of times)."""
    return _user_card_folder_under(tuple(os.environ.get(name) for name in FOLDER_ENV))


@lru_cache(maxsize=8)
def _user_card_folder_under(environment: tuple[str | None, ...]) -> Path:
    """The user's card folder while :data:`FOLDER_ENV` holds ``environment`` (the key only:
    :func:`~toolkit.resources.default_user_folder` reads the same variables)."""
    from toolkit.resources import default_user_folder

    return default_user_folder() / "cards"

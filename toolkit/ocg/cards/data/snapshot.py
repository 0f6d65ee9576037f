"""The shipped card files without parsing YAML at run time: their generated snapshot.

``scripts/card_snapshot.py`` reads every shipped card file (``datasets/cards/*.yaml``) with the
guarded YAML reader, exactly as any card file is read, and writes what it read into
:mod:`toolkit.ocg.cards.data.shipped_cards` (a Python literal, imported from its byte code), with
the line of each card's name and a digest of the files' bytes.  :func:`shipped_cards` compiles that
data as :func:`~toolkit.ocg.cards.data.reading.read_cards` would compile the files, when the digest
is the one of the files now in the folder; otherwise (a file edited since, a snapshot not built
again) it reads the files themselves: the cards are the same either way, only sooner.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolkit.ocg.cards.data.compile import CardFileError

__all__ = ["files_digest", "shipped_cards", "snapshot_of"]


def files_digest(files: Iterable[tuple[str, bytes]]) -> str:
    """What names a set of card files by content: the SHA-256 of each file's name and bytes, in order."""
    digest = hashlib.sha256()
    for name, data in files:
        for part in (name.encode("utf-8"), data):
            digest.update(len(part).to_bytes(8, "big"))
            digest.update(part)
    return digest.hexdigest()


def _digest_of(paths: list[Path]) -> str:
    return files_digest((p.name, p.read_bytes()) for p in paths)


def snapshot_of(folder: Path) -> tuple[str, tuple[tuple[str, Any, dict[str, tuple[int, int]]], ...]]:
    """What the snapshot holds for the card files of ``folder``: their digest and, per file, its
    name, its data as the YAML reader gives it and the (line, column) of each card's ``name``."""
    from toolkit.files import parse_yaml, read_text
    from toolkit.ocg.cards.data.reading import card_file_limits, card_files

    paths = card_files(folder)
    out = []
    for path in paths:
        document = parse_yaml(read_text(str(path), what="card file"), str(path), limits=card_file_limits())
        data = document.data
        fields = ["name"] if isinstance(data, dict) else [f"[{i}].name" for i in range(len(data or ()))]
        names_at = {field: found for field in fields if (found := document.position(field)) is not None}
        out.append((path.name, data, names_at))
    return _digest_of(paths), tuple(out)


def shipped_cards(folder: Path) -> list[Any]:
    """The cards of the shipped card folder ``folder`` (a list of
    :class:`~toolkit.ocg.cards.data.reading.LoadedCard`): from the snapshot when it is of these
    very files, else read from them."""
    from toolkit.ocg.cards.data import shipped_cards as snapshot
    from toolkit.ocg.cards.data.reading import card_files, compile_cards, read_cards

    paths = card_files(folder)
    if [p.name for p in paths] == [name for name, _data, _at in snapshot.FILES] and \
            _digest_of(paths) == snapshot.DIGEST:
        try:
            return [loaded for path, (_name, data, names_at) in zip(paths, snapshot.FILES)
                    for loaded in compile_cards(data, str(path), position=names_at.get)]
        except CardFileError:
            pass  # the compiler refuses what it accepted when the snapshot was built: the files say where
    return list(read_cards(folder))

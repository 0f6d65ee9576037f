"""Where articles go (a folder the user names, never the datasets) and how they are written."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from toolkit.errors import FileError, ToolkitError
from toolkit.files import write_texts


class ExportError(ToolkitError):
    """An article could not be written; the message names the file."""


def safe_stem(text: str) -> str:
    """A file-name stem: word characters of any script joined by hyphens."""
    words = re.findall(r"[\w・ー]+", unicodedata.normalize("NFKC", text).casefold())
    return "-".join(words)[:80].strip("-") or "article"


def _packaged_datasets() -> Path:
    from toolkit.resources import dataset_root

    return Path(str(dataset_root())).resolve()


def refuse_datasets(target: Path) -> None:
    datasets = _packaged_datasets()
    if target == datasets or datasets in target.parents:
        raise ExportError(f"{target}: refusing to write into the packaged datasets folder")


def write_file(pairs: list[tuple[Path, str]], overwrite: bool) -> list[Path]:
    for target, _ in pairs:
        refuse_datasets(Path(os.path.realpath(target)))
    try:
        return write_texts(pairs, overwrite=overwrite)
    except FileError as exc:
        raise ExportError(str(exc)) from None


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = False) -> Path:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename
    (:func:`toolkit.files.write_text`).

    A reader never sees a half-written file; an existing file is replaced only
    with ``overwrite=True`` (and keeps its permissions); the packaged datasets
    folder is refused.
    """
    return write_file([(Path(path).expanduser(), text)], overwrite)[0]

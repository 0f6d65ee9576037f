"""Where the packaged datasets live.

In a built wheel, ``datasets/`` ships as ``toolkit/_datasets``; in a clone (or
an editable install) it is the repository's top-level ``datasets/`` folder.
Everything that reads packaged data goes through :func:`dataset_path`.

>>> dataset_path("rulings.csv").name
'rulings.csv'
"""

from __future__ import annotations

import os
import stat
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # importlib.resources (and tempfile, shutil, ...) load only when the datasets are looked for
    from importlib.resources.abc import Traversable

USER_DIR_ENV = "ENDPHASE_USER_DIR"
"""Environment variable naming the user's folder (their scenarios, cards and articles)."""

DEFAULT_FOLDER_NAME = "endphase-scenarios"
"""The user's folder inside their home when ``$ENDPHASE_USER_DIR`` is not set."""


def default_user_folder() -> Path:
    """``$ENDPHASE_USER_DIR`` or ``~/endphase-scenarios`` (not created here)."""
    configured = os.environ.get(USER_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / DEFAULT_FOLDER_NAME


@lru_cache(maxsize=1)
def dataset_root() -> Traversable:
    """The folder holding rulings.csv, cards.csv, events.csv and scenarios/ (where the package is
    installed does not change while it runs: found once, not on each of the hundreds of
    look-ups of a verify). A package on disk is looked at directly: ``importlib.resources`` would
    give this very folder, after importing ``zipfile``, ``tempfile`` and ``shutil`` (asked only for
    a package inside a zip file)."""
    here = Path(__file__).parent
    if here.is_dir():
        packaged: Traversable = here / "_datasets"
    else:
        from importlib.resources import files

        packaged = files("toolkit").joinpath("_datasets")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "datasets"


def in_packaged_datasets(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` (links followed) is the packaged datasets folder or inside it: never written for a user."""
    datasets, target = os.path.realpath(str(dataset_root())), os.path.realpath(path)
    return target == datasets or target.startswith(datasets.rstrip(os.sep) + os.sep)


def dataset_path(*parts: str) -> Traversable:
    """A file of the packaged datasets, e.g. ``dataset_path("scenarios", "x.yaml")``."""
    node = dataset_root()
    for part in parts:
        node = node.joinpath(part)
    return node


def shipped_scenario_names(*folder: str) -> tuple[str, ...]:
    """The stems of the YAML files in a folder of the packaged datasets, sorted (a folder on disk is
    listed again only when it changed: each shipped scenario read looks its name up here)."""
    node = dataset_path(*folder)
    if isinstance(node, Path):
        seen = _stat(node)
        if seen is None or not stat.S_ISDIR(seen.st_mode):
            return ()
        if not _settled(seen):  # changed within the last ticks: its times may not show the next change
            return _yaml_stems.__wrapped__(str(node), seen.st_mtime_ns, seen.st_ctime_ns)
        return _yaml_stems(str(node), seen.st_mtime_ns, seen.st_ctime_ns)
    if not node.is_dir():
        return ()
    return tuple(sorted(e.name[: -len(".yaml")] for e in node.iterdir() if e.name.endswith(".yaml")))


_SETTLED_NS = 2_000_000_000
"""How long ago a file's or folder's last change must be for its times to tell its next change apart (a
filesystem's clock ticks: whole seconds on ext3 or HFS+, two on FAT; a change within one tick keeps the
times, so a listing or reading made then is not remembered by them — as git treats a "racy" entry)."""


def _settled(seen: os.stat_result) -> bool:
    """Whether ``seen``'s times are old enough to stand for its contents (a time ahead of the clock is not)."""
    return time.time_ns() - max(seen.st_mtime_ns, seen.st_ctime_ns) >= _SETTLED_NS


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except (OSError, ValueError):
        return None


@lru_cache(maxsize=16)
def _yaml_stems(folder: str, mtime_ns: int, ctime_ns: int) -> tuple[str, ...]:
    """The stems of the YAML files in ``folder``, remembered by the folder's change times (adding,
    removing or renaming a file changes them)."""
    return tuple(sorted(e.name[: -len(".yaml")] for e in os.scandir(folder) if e.name.endswith(".yaml")))


def shipped_scenario_text(name: str, *folder: str, kind: str = "") -> tuple[str, str]:
    """(YAML text, source label) of one shipped scenario by name (``.yaml`` optional);
    an unknown name raises ScenarioError with the closest name and the count."""
    from toolkit.errors import ScenarioError

    if not isinstance(name, str):
        raise ScenarioError(f"a shipped {kind}scenario is named by text (e.g. 'lyla_veiler_2011'), "
                            f"not {type(name).__name__} {name!r:.40}")
    stem = name[: -len(".yaml")] if name.endswith(".yaml") else name
    available = shipped_scenario_names(*folder)
    where = "/".join(("datasets", *folder))
    if stem not in available:
        import difflib

        close = difflib.get_close_matches(stem, available, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ScenarioError(f"no shipped {kind}scenario {name!r}{hint}; {len(available)} available", file=where)
    return dataset_path(*folder, f"{stem}.yaml").read_text(encoding="utf-8"), f"{where}/{stem}.yaml"


def shipped_ruling_ids() -> frozenset[str] | None:
    """The ``ruling_id`` column of the shipped rulings table (None when it is
    absent), read with the csv module so the games need no data layer."""
    node = dataset_path("rulings.csv")
    if isinstance(node, Path):  # read again only when the file changed (every scenario read asks)
        seen = _stat(node)
        if seen is None or not stat.S_ISREG(seen.st_mode):
            return None
        if not _settled(seen):  # changed within the last ticks: read it (ruling_ids_in keys by the text)
            return ruling_ids_in(node.read_text(encoding="utf-8"))
        return _ruling_ids_of_file(str(node), seen.st_mtime_ns, seen.st_ctime_ns, seen.st_size, seen.st_ino)
    if not node.is_file():
        return None
    return ruling_ids_in(node.read_text(encoding="utf-8"))


@lru_cache(maxsize=4)
def _ruling_ids_of_file(path: str, mtime_ns: int, ctime_ns: int, size: int, inode: int) -> frozenset[str]:
    """The ``ruling_id`` column of the rulings table at ``path``, remembered by the file's change
    times, size and inode (writing or replacing the file changes them, once its times have settled)."""
    return ruling_ids_in(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=2)
def ruling_ids_in(table: str) -> frozenset[str]:
    """The ``ruling_id`` column of a rulings table's text: remembered by that text (every scenario
    read checks its rulings against it; parsing the table each time cost ~1.5 ms a scenario).

    >>> sorted(ruling_ids_in("ruling_id,date\\nr1,2011-03-01\\n,2012-01-01\\nr2,2012-01-01\\n"))
    ['r1', 'r2']
    """
    import csv
    import io

    reader = csv.DictReader(io.StringIO(table))
    return frozenset(row["ruling_id"] for row in reader if row.get("ruling_id"))

"""Where the builder saves scenarios: a user folder, never the shipped data.

The folder is ``$ENDPHASE_USER_DIR`` when set, else ``~/endphase-scenarios``.
Writing goes through :func:`toolkit.ocg.scenario.save_scenario` (atomic: a
temporary file renamed into place; it refuses the packaged ``datasets/``
folder and will not replace a file unless asked).

>>> scenario_file_name("Horus LV6 + Veiler (2012)")
'horus-lv6-veiler-2012.yaml'
>>> scenario_file_name("ホルス LV６")
'ホルス-lv6.yaml'
>>> scenario_file_name("../../etc/passwd")
'etc-passwd.yaml'
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from toolkit.errors import ScenarioError
from toolkit.export import default_user_folder

__all__ = ["checked_file_name", "default_user_folder", "list_scenario_files", "scenario_file_name"]


def scenario_file_name(title: str, suffix: str = ".yaml") -> str:
    """A safe file name for a title: word characters joined by hyphens.

    Letters of any script are kept (Japanese titles stay readable); path
    separators and dots cannot survive, so the name never leaves its folder.
    """
    folded = unicodedata.normalize("NFKC", title).casefold()
    words = re.findall(r"\w+", folded)
    stem = "-".join(words)[:80].strip("-") or "scenario"
    return stem + suffix


def checked_file_name(name: str, suffix: str = ".yaml") -> str:
    """A file name typed by a reader: no folders, given the suffix if missing.

    >>> checked_file_name("my horus")
    'my horus.yaml'
    >>> checked_file_name("../x.yaml")
    Traceback (most recent call last):
    ...
    toolkit.errors.ScenarioError: field 'file name': give a file name without folders (not '../x.yaml')
    """
    cleaned = name.strip()
    if not cleaned:
        raise ScenarioError("give a file name", field="file name")
    if "/" in cleaned or "\\" in cleaned or cleaned in {".", ".."} or cleaned.startswith("."):
        raise ScenarioError(f"give a file name without folders (not {name!r})", field="file name")
    return cleaned if cleaned.endswith(suffix) else cleaned + suffix


def list_scenario_files(folder: Path) -> list[str]:
    """The ``*.yaml`` / ``*.yml`` files of a folder, sorted (none if it is missing)."""
    if not folder.is_dir():
        return []
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_file() and entry.suffix in {".yaml", ".yml"} and not entry.name.startswith(".")
    )

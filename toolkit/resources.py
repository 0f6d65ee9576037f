"""Where the packaged datasets live.

In a built wheel, ``datasets/`` ships as ``toolkit/_datasets``; in a clone (or
an editable install) it is the repository's top-level ``datasets/`` folder.
Everything that reads packaged data goes through :func:`dataset_path`.

>>> dataset_path("rulings.csv").name
'rulings.csv'
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path


def dataset_root() -> Traversable:
    """The folder holding rulings.csv, cards.csv, events.csv and scenarios/."""
    packaged = files("toolkit").joinpath("_datasets")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "datasets"


def dataset_path(*parts: str) -> Traversable:
    """A file of the packaged datasets, e.g. ``dataset_path("scenarios", "x.yaml")``."""
    node = dataset_root()
    for part in parts:
        node = node.joinpath(part)
    return node

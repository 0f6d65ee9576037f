"""Reading user files: the one place a YAML file becomes data.

Every scenario, rulings or card file a user brings is read here, safely
(``yaml.safe_load``: no Python tags), with one kind of error that names the
file and, where YAML says it, the line and column.

>>> read_yaml_text("title: t", "x.yaml")
{'title': 't'}
>>> read_yaml_text("title: [", "x.yaml")
Traceback (most recent call last):
...
toolkit.errors.ScenarioError: x.yaml: not valid YAML at line 1, column 9: expected the node content, but found '<stream end>'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from toolkit.errors import ScenarioError


def read_yaml_text(text: str, source: str | None = None) -> Any:
    """Parse YAML text; an empty document is an error."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(f"not valid YAML{where}: {problem}", file=source) from None
    if data is None:
        raise ScenarioError("the file is empty", file=source)
    return data


def read_text_file(path: str | os.PathLike[str]) -> str:
    """A user's text file as UTF-8 text."""
    file = os.fspath(path)
    try:
        return Path(file).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("no such scenario file", file=file) from None
    except IsADirectoryError:
        raise ScenarioError("is a folder, not a scenario file", file=file) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", file=file) from None


def read_yaml_file(path: str | os.PathLike[str]) -> Any:
    """A user's YAML file as data."""
    file = os.fspath(path)
    return read_yaml_text(read_text_file(file), file)

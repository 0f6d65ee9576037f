"""The API reference covers the public face: every name of ``toolkit.__all__`` has documentation
(docs/_ext/public_api.py puts each on the ``toolkit`` page under the name users call it), and
every module a notebook imports has a section of the reference. tests/test_docs.py checks the
built pages."""

from __future__ import annotations

import inspect
import json
import re
import sys
from pathlib import Path

import pytest

import toolkit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from public_api import value_doc  # noqa: E402


def documentation(name: str) -> str:
    """What the reference shows for ``toolkit.NAME``: its docstring, or the one under a value's assignment."""
    value = getattr(toolkit, name)
    if inspect.ismodule(value) or inspect.isclass(value) or callable(value):
        return inspect.getdoc(value) or ""
    return "\n".join(value_doc(toolkit._LAZY[name], name))


def undocumented(names: list[str]) -> list[str]:
    return [name for name in names if len(documentation(name).split()) < 3]


def test_every_public_name_has_documentation() -> None:
    assert len(toolkit.__all__) >= 56
    assert not undocumented(list(toolkit.__all__)), "public names without a docstring"


def test_a_name_without_a_docstring_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toolkit.load_rulings, "__doc__", None)
    assert undocumented(["load_rulings", "load_cards"]) == ["load_rulings"]
    assert "rule set" in documentation("RULESETS")  # a value: the docstring under its assignment
    assert value_doc("toolkit.engine", "ruleset_at") == []  # a function has none there


def notebook_imports() -> set[str]:
    """Every toolkit module a notebook's code imports."""
    found: set[str] = set()
    for notebook in (ROOT / "notebooks").rglob("*.ipynb"):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                found |= {a or b for a, b in re.findall(r"^\s*(?:from\s+(toolkit[\w.]*)\s+import|import\s+(toolkit[\w.]*))",
                                                      source, re.M)}
    return found


def documented_modules() -> set[str]:
    pages = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "api").glob("*.md"))
    return set(re.findall(r"\.\. automodule:: (toolkit[\w.]*)", pages))


def test_every_module_a_notebook_imports_has_a_section() -> None:
    imported = notebook_imports()
    assert {"toolkit.present.charts", "toolkit.analysis.sensitivity", "toolkit.ocg.video_game"} <= imported
    assert not imported - documented_modules(), "modules the notebooks import that the reference leaves out"

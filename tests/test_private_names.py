"""Private names do not cross modules: no toolkit module imports another module's underscore name
(``from toolkit.x import _y``). A name two modules share is public in the module that owns it, or
the code moves to where it is used. Allowed, each with why:"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ALLOWED = {
    ("toolkit/__init__.py", "toolkit", "_moved"):
        "the package's own table of moved modules: a private module of the package it sits in",
    ("toolkit/__main__.py", "toolkit.cli", "_parser"):
        "the name the documentation site's CLI page looks for (sphinx-argparse), kept as it was published",
    ("toolkit/cli/__init__.py", "toolkit.cli.app", "_parser"):
        "the same published name, re-exported by the package the page names",
}


@cache
def crossings(root: Path = ROOT) -> frozenset[tuple[str, str, str]]:
    """(importing file, module, name) for every ``from toolkit... import _name`` in the toolkit."""
    found = set()
    for path in sorted((root / "toolkit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("toolkit"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.add((path.relative_to(root).as_posix(), str(node.module), alias.name))
    return frozenset(found)


def test_no_module_imports_another_modules_private_name() -> None:
    crossing = sorted(crossings() - set(ALLOWED))
    assert not crossing, ("these modules import another module's underscore name; make it public where it is "
                          f"defined, or move the code to where it is used: {crossing}")


def test_every_allowed_crossing_still_exists() -> None:
    assert set(ALLOWED) <= crossings(), f"no longer imported, remove from ALLOWED: {set(ALLOWED) - crossings()}"


def test_the_check_sees_an_import_of_a_private_name(tmp_path: Path) -> None:
    module = tmp_path / "toolkit" / "late.py"
    module.parent.mkdir()
    module.write_text("from toolkit.history.runs import _rules_key, RUN_COLUMNS\n", encoding="utf-8")
    assert crossings(tmp_path) == {("toolkit/late.py", "toolkit.history.runs", "_rules_key")}

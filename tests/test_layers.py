"""The package's layers, as contracts: the core knows no game, a game knows
the core and nothing above it, the games are independent, the data tables
stand without the engine, and the generic layers above the seam name no game
(contracts in pyproject.toml, checked by import-linter); and no import circle
between the toolkit's packages."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("toolkit.core", "toolkit.ocg", "toolkit.duel_masters", "toolkit.widgets", "toolkit.engine")


def test_import_contracts_are_kept() -> None:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.fail("import-linter is not installed: pip install -e '.[test]'")
    result = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "broken" in result.stdout and " 0 broken" in result.stdout


def _package_of(module: str) -> str:
    for package in PACKAGES:
        if module == package or module.startswith(package + "."):
            return package
    return module


def test_no_import_circle_between_packages() -> None:
    graph = grimp.build_graph("toolkit")
    edges: dict[str, set[str]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            a, b = _package_of(importer), _package_of(imported)
            if a != b and a in PACKAGES and b in PACKAGES:
                edges.setdefault(a, set()).add(b)
    # a cycle among the packages would show as a path back to the start
    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in edges.get(start, ()))

    circles = sorted(p for p in PACKAGES if reaches(p, p))
    assert circles == [], f"import circles through {circles}: {edges}"


def test_the_contract_can_fail(tmp_path: Path) -> None:
    """A core module that imported a game would break the first contract."""
    graph = grimp.build_graph("toolkit")
    assert not graph.chain_exists(importer="toolkit.core", imported="toolkit.ocg", as_packages=True)
    assert graph.chain_exists(importer="toolkit.games", imported="toolkit.ocg", as_packages=True)

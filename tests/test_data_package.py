"""The shape of the data package: it stands without the engine, every module
keeps to one job and a readable size, and the old ``toolkit.data`` names are
still importable from the package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit.data

PACKAGE = Path(toolkit.data.__file__).resolve().parent
MODULES = sorted(PACKAGE.glob("*.py"))
ALLOWED_TOP_LEVEL = {"toolkit", "pandas", "numpy", "yaml", "pyarrow"}
"""pyarrow: only inside toolkit.data.downloads' Parquet writer (the parquet extra)."""
ALLOWED_TOOLKIT = ("toolkit.data", "toolkit.errors", "toolkit.resources", "toolkit.files", "toolkit.fields",
                   "toolkit.wiki")
"""toolkit.fields is a leaf utility; toolkit.wiki (the FAQ markup reader, which rulings_from_faq uses)
stands without the engine too: the import-linter contract "the data tables stand without the engine"
covers both."""


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.append("toolkit.data." + (node.module or ""))
            elif node.module:
                names.append(node.module)
    return names


def test_the_package_has_its_modules() -> None:
    assert {p.stem for p in MODULES} >= {"schema", "reading", "validation", "queries"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_data_module_imports_no_engine_module(path: Path) -> None:
    stdlib = set(sys.stdlib_module_names)
    for name in _imports(path):
        top = name.split(".")[0]
        assert top in stdlib or top in ALLOWED_TOP_LEVEL, f"{path.name} imports {name}"
        if top == "toolkit":
            assert name.startswith(ALLOWED_TOOLKIT), f"{path.name} imports {name}, which is not a data module"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_data_module_stays_under_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 600, f"{path.name} has {lines} lines"


def test_importing_a_data_module_alone_loads_no_engine() -> None:
    """Run in a fresh interpreter with toolkit/__init__ bypassed, so only what
    the data modules themselves import is loaded."""
    probe = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('toolkit', {str(PACKAGE.parent / '__init__.py')!r},\n"
        f"    submodule_search_locations=[{str(PACKAGE.parent)!r}])\n"
        "sys.modules['toolkit'] = importlib.util.module_from_spec(spec)  # not executed\n"
        "import toolkit.data\n"
        "toolkit.data.load_rulings(); toolkit.data.check_datasets()\n"
        "print(sorted(m for m in sys.modules if m.startswith('toolkit.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert loaded and all(m.startswith(ALLOWED_TOOLKIT) for m in loaded), loaded


def test_every_name_importers_use_is_exported() -> None:
    used = {
        "CARDS_SCHEMA", "EVENTS_SCHEMA", "RULINGS_SCHEMA", "RULING_ID_PATTERN", "DataSource", "QueryError",
        "TableSchema", "ValidationReport", "DatasetValidationError", "card_rulings_long", "check_datasets",
        "load_cards", "load_events", "load_rulings", "resolve_card", "rulings_about", "rulings_in_force",
        "rulings_per_year_topic", "supersession_chain", "supersessions", "to_contract_csv", "validate_datasets",
    }
    assert used <= set(toolkit.data.__all__)
    for name in toolkit.data.__all__:
        assert hasattr(toolkit.data, name), name

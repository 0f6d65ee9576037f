"""environment.yml (conda / Binder) mirrors pyproject.toml, the single source of dependencies."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*?)\s*$")


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _split(requirement: str) -> tuple[str, frozenset[str]]:
    """``"pandas>=3.0,<4"`` -> (``"pandas"``, {``">=3.0"``, ``"<4"``})."""
    match = REQUIREMENT.match(requirement)
    assert match, f"cannot read requirement {requirement!r}"
    name, _extras, spec = match.groups()
    bounds = frozenset(part.replace(" ", "") for part in spec.split(",") if part.strip())
    return _normalise(name), bounds


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _environment() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _conda_requirements(env: dict[str, Any]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for entry in env["dependencies"]:
        if isinstance(entry, dict) or not isinstance(entry, str):
            continue
        name, bounds = _split(entry.replace("=", "==", 1) if re.match(r"^[\w.-]+=[^=]", entry) else entry)
        if name in {"python", "pip"}:
            continue
        assert name not in out, f"{name} listed twice in environment.yml"
        out[name] = bounds
    return out


def _pip_lines(env: dict[str, Any]) -> list[str]:
    for entry in env["dependencies"]:
        if isinstance(entry, dict) and "pip" in entry:
            return [str(line) for line in entry["pip"]]
    return []


def test_split_reads_bounds() -> None:
    assert _split("pandas>=3.0,<4") == ("pandas", frozenset({">=3.0", "<4"}))
    assert _split("types-PyYAML") == ("types-pyyaml", frozenset())
    assert _split("ipykernel >= 6.29, <8") == ("ipykernel", frozenset({">=6.29", "<8"}))


def test_same_dependencies_with_the_same_bounds() -> None:
    project = _pyproject()["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["notebooks"]]
    expected: dict[str, frozenset[str]] = {}
    for requirement in declared:
        name, bounds = _split(requirement)
        assert name not in expected, f"{name} declared twice in pyproject.toml"
        expected[name] = bounds
    assert _conda_requirements(_environment()) == expected


def test_every_dependency_is_bounded_above_and_below() -> None:
    project = _pyproject()["project"]
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["notebooks"]]:
        name, bounds = _split(requirement)
        assert any(b.startswith(">=") for b in bounds), f"{name} has no lower bound"
        assert any(b.startswith("<") and not b.startswith("<=") for b in bounds), f"{name} has no upper bound"


def test_python_version_agrees() -> None:
    requires = _pyproject()["project"]["requires-python"]
    assert requires == ">=3.11"
    pythons = [d for d in _environment()["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert pythons == ["python=3.11"]


def test_environment_installs_the_project_with_the_notebooks_extra() -> None:
    env = _environment()
    assert "pip" in [d for d in env["dependencies"] if isinstance(d, str)]
    assert _pip_lines(env) == ["-e .[notebooks]"]
    assert "conda-forge" in env["channels"]

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


def _pip_requirements(env: dict[str, Any]) -> dict[str, frozenset[str]]:
    """The pip section's requirements, less the line that installs the project."""
    return dict(_split(line) for line in _pip_lines(env) if not line.startswith("-"))


def _mirrored() -> list[str]:
    """What environment.yml must carry: the base install and the notebooks extra."""
    project = _pyproject()["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["notebooks"]]


def _declared() -> list[str]:
    project = _pyproject()["project"]
    return [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]


def test_split_reads_bounds() -> None:
    assert _split("pandas>=3.0,<4") == ("pandas", frozenset({">=3.0", "<4"}))
    assert _split("types-PyYAML") == ("types-pyyaml", frozenset())
    assert _split("ipykernel >= 6.29, <8") == ("ipykernel", frozenset({">=6.29", "<8"}))


def test_same_dependencies_with_the_same_bounds() -> None:
    expected: dict[str, frozenset[str]] = {}
    for requirement in _mirrored():
        name, bounds = _split(requirement)
        assert name not in expected, f"{name} declared twice in pyproject.toml"
        expected[name] = bounds
    env = _environment()
    conda, pip = _conda_requirements(env), _pip_requirements(env)
    assert not set(conda) & set(pip), f"listed for both conda and pip: {sorted(set(conda) & set(pip))}"
    assert {**conda, **pip} == expected


# An upper cap needs a known break; name it here with the reason.
KNOWN_BREAKS: dict[str, str] = {
    "altair": "Altair 6 writes Vega-Lite v6; JupyterLab 4's own renderer draws vegalite v3-v5 only, "
              "so its charts would not show offline",
}
# Type checking and the lint gate are pinned (a new release could turn the suite red by itself).
PINNED = {"mypy", "pandas-stubs", "types-pyyaml", "types-tqdm", "ruff"}


def test_every_dependency_has_a_floor_and_a_cap_only_for_a_known_break() -> None:
    for requirement in _declared():
        name, bounds = _split(requirement)
        if name in PINNED:
            assert len(bounds) == 1 and next(iter(bounds)).startswith("=="), f"{name} must be pinned with =="
            continue
        assert any(b.startswith(">=") for b in bounds), f"{name} has no lower bound"
        capped = any(b.startswith("<") for b in bounds)
        assert capped == (name in KNOWN_BREAKS), f"{name}: an upper cap only where a known break exists"


def test_the_base_install_has_no_notebook_libraries() -> None:
    base = {_split(r)[0] for r in _pyproject()["project"]["dependencies"]}
    assert base == {"pandas", "numpy", "pyyaml", "tqdm"}
    notebooks = {_split(r)[0] for r in _pyproject()["project"]["optional-dependencies"]["notebooks"]}
    assert {"matplotlib", "ipywidgets", "jupyterlab", "voila", "matplotlib-fontja"} <= notebooks


def test_make_test_installs_every_extra() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^TEST_EXTRAS\s*:=\s*(\S+)", makefile, re.M)
    assert match, "Makefile has no TEST_EXTRAS"
    assert set(match.group(1).split(",")) == set(_pyproject()["project"]["optional-dependencies"])
    assert "-e '.[$(TEST_EXTRAS)]'" in makefile


def test_python_version_agrees() -> None:
    requires = _pyproject()["project"]["requires-python"]
    assert requires == ">=3.11"
    pythons = [d for d in _environment()["dependencies"] if isinstance(d, str) and d.startswith("python")]
    assert pythons == ["python=3.11"]


def test_environment_installs_the_project_with_the_notebooks_extra() -> None:
    env = _environment()
    assert "pip" in [d for d in env["dependencies"] if isinstance(d, str)]
    assert [line for line in _pip_lines(env) if line.startswith("-")] == ["-e .[notebooks]"]
    assert "conda-forge" in env["channels"]


def test_binder_installs_the_notebooks_extra_on_the_declared_python() -> None:
    binder = ROOT / "binder"
    post_build = binder / "postBuild"
    assert post_build.stat().st_mode & 0o111, "binder/postBuild must be executable"
    installs = re.findall(r"pip install [^\n]*'\.\[([a-z,]+)\]'", post_build.read_text(encoding="utf-8"))
    assert installs == ["notebooks"]
    assert "notebooks" in _pyproject()["project"]["optional-dependencies"]
    runtime = (binder / "runtime.txt").read_text(encoding="utf-8").strip()
    assert runtime == "python-" + _pyproject()["project"]["requires-python"].removeprefix(">=")

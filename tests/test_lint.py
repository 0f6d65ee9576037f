"""The lint gate: ``ruff check`` (pyflakes, the pycodestyle errors, import order: [tool.ruff] in
pyproject.toml) passes on the whole repository, catches an unused import, and the pre-commit
hooks run the same check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing_in_the_repository() -> None:
    done = ruff()
    assert done.returncode == 0, f"ruff check found problems (fix them; `ruff check --fix` fixes most):\n{done.stdout}"


def test_ruff_with_the_project_settings_fails_on_an_unused_import(tmp_path: Path) -> None:
    bad = tmp_path / "module.py"
    bad.write_text('"""A module."""\n\nimport os\n', encoding="utf-8")
    done = ruff("--config", str(ROOT / "pyproject.toml"), str(bad), cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout
    unsorted = tmp_path / "unsorted.py"
    unsorted.write_text('"""A module."""\n\nimport sys\nimport os\n\nprint(os, sys)\n', encoding="utf-8")
    done = ruff("--config", str(ROOT / "pyproject.toml"), str(unsorted), cwd=tmp_path)
    assert done.returncode == 1 and "I001" in done.stdout


def test_the_pre_commit_hooks_are_local_and_run_the_same_checks() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    hooks = {hook["id"]: hook for hook in config["repos"][0]["hooks"]}
    assert hooks["ruff-check"]["entry"].startswith("ruff check") and hooks["ruff-check"]["language"] == "system"
    for hook in hooks.values():
        script = hook["entry"].split()[1] if hook["entry"].startswith("python ") else None
        assert script is None or (ROOT / script).is_file(), hook["id"]

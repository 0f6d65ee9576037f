"""CONTRIBUTING.md gives a recipe for each usual change, and every command, script, test and file
it names exists; the code of conduct is there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_a_recipe_for_each_usual_change() -> None:
    for heading in ("## Set-up and the checks", "## Add a card", "## Add a ruling", "## Add a rule",
                    "## Add a game", "## Add a notebook"):
        assert heading in GUIDE, heading
    for command in ("make test", "make bench", "make docs", "ruff check", "pre-commit install"):
        assert command in GUIDE, command


def test_every_make_target_it_names_exists() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))
    named = set(re.findall(r"`?make ([a-z][\w-]*)", GUIDE))
    assert named and not named - targets, f"make targets that do not exist: {named - targets}"


def test_every_path_it_names_exists() -> None:
    paths = set(re.findall(r"`((?:scripts|tests|toolkit|datasets|docs|notebooks)/[\w./-]+?)`", GUIDE))
    paths |= set(re.findall(r"\b((?:scripts|tests)/[\w/]+\.py)\b", GUIDE))
    missing = sorted(p for p in paths if "NN_" not in p and not (ROOT / p).exists())
    assert len(paths) > 15 and not missing, f"paths CONTRIBUTING.md names that do not exist: {missing}"


def test_the_code_of_conduct_is_there_and_linked() -> None:
    conduct = (ROOT / "CODE_OF_CONDUCT.md").read_text(encoding="utf-8")
    assert "Contributor Covenant, version 2.1" in conduct and "Report" in conduct
    assert "(CODE_OF_CONDUCT.md)" in GUIDE and "CONTRIBUTING.md" in (ROOT / "README.md").read_text(encoding="utf-8")

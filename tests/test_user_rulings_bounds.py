"""Bounded work on a user's rulings file (issue 31, item 4): a check nested
900 or 3,000 levels (JSON, YAML flow text in a CSV, a YAML mapping), a rulings
file that is a loop of links and a 300-character scenario name are each one
line naming the file (row and column where there is one) — never a traceback."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from tests import in_process
from toolkit.data import DatasetValidationError, load_rulings
from toolkit.data.user_checks import CHECK_DEPTH, renamed, too_deep
from toolkit.errors import ToolkitError

HEADER = ["ruling_id", "date", "answer_ja", "source", "scenario", "check", "expected"]


def _csv(path: Path, check: str, scenario: str = "sign.yaml") -> Path:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(HEADER)
        writer.writerow(["user-240105-deep", "2024-01-05", "いいえ。", "https://example.org", scenario, check, "no"])
    return path


def _json(levels: int) -> str:
    return '{"not": ' * levels + '{"possible": {"loop": true}}' + "}" * levels


def _flow(levels: int) -> str:
    return "{not: " * levels + "{possible: {loop: true}}" + "}" * levels


@pytest.mark.parametrize("levels", [900, 3000])
@pytest.mark.parametrize("form", ["json", "flow", "yaml"])
def test_a_deeply_nested_check_is_one_line_naming_file_row_column_and_limit(
        tmp_path: Path, levels: int, form: str) -> None:
    if form == "yaml":
        path = tmp_path / "mine.yaml"
        path.write_text("- ruling_id: user-240105-deep\n  date: 2024-01-05\n  answer_ja: a\n  source: s\n"
                        f"  scenario: [sign.yaml]\n  expected: 'no'\n  check: {_json(levels)}\n", encoding="utf-8")
    else:
        path = _csv(tmp_path / "mine.csv", _json(levels) if form == "json" else _flow(levels))
    with pytest.raises(DatasetValidationError) as refused:
        load_rulings(extra=path)
    first = str(refused.value).splitlines()[0]
    assert first.startswith(f"{path}, row 1, column 'check': nested deeper than {CHECK_DEPTH} levels"), first
    done = in_process.endphase(["verify", "--rulings", str(path)], cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and f"nested deeper than {CHECK_DEPTH} levels" in done.stderr


def test_a_check_within_the_limit_is_read_and_renamed_without_recursion() -> None:
    deep: object = {"possible": {"loop": True}, "scenario": "a.yaml"}
    for _ in range(5000):  # far past Python's recursion limit: the walker has its own stack
        deep = {"not": deep}
    out = renamed(deep, {"a.yaml": "/full/a.yaml"})
    for _ in range(5000):
        assert isinstance(out, dict)
        out = out["not"]
    assert out == {"possible": {"loop": True}, "scenario": "/full/a.yaml"}
    assert not too_deep(_json(CHECK_DEPTH - 3)) and too_deep(_json(CHECK_DEPTH))
    assert not too_deep('{"a": "' + "[" * 500 + '"}')  # brackets inside a string are text


def test_a_rulings_file_that_is_a_loop_of_links_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "a.csv").symlink_to(tmp_path / "b.csv")
    (tmp_path / "b.csv").symlink_to(tmp_path / "a.csv")
    with pytest.raises(ToolkitError, match="loop of symbolic links"):
        load_rulings(extra=tmp_path / "a.csv")
    done = in_process.endphase(["verify", "--rulings", str(tmp_path / "a.csv")], cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "loop" in done.stderr


def test_a_300_character_scenario_name_is_one_line(tmp_path: Path) -> None:
    path = _csv(tmp_path / "mine.csv", '{"possible": {"loop": true}}', scenario="s" * 300 + ".yaml")
    with pytest.raises(DatasetValidationError, match=r"row 1, column 'scenario': .*too long"):
        load_rulings(extra=path)
    rows = [{"ruling_id": "user-240105-x", "date": "2024-01-05", "answer_ja": "a", "source": "s",
             "scenario": "s" * 300, "check": {"possible": {"loop": True}}, "expected": "no"}]
    with pytest.raises(DatasetValidationError, match=r"<rulings list>, row 1, column 'scenario': .*too long"):
        load_rulings(extra=rows)

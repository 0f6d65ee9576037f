"""Paths a user's rulings file names (its ``scenario`` column) stay inside the
file's folder: no ``..`` out, no absolute path, no ``~``, no link leading out,
no loop of links, no over-long name — unless ``--allow-outside`` /
``allow_outside=True``; shipped scenario names stay allowed. Each refusal is one
line naming the file, row and column."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import in_process
from tests.test_user_rulings import SIGN_RULING, SIGN_SCENARIO
from toolkit.data import DatasetValidationError, load_rulings
from toolkit.errors import FileError
from toolkit.files.paths import path_named_in


def _setup(tmp_path: Path, scenario_cell: str) -> Path:
    """A rulings file in ``tmp_path/mine`` naming ``scenario_cell``; a valid scenario outside
    the folder (``tmp_path/outside/sign.yaml``) that a path out would reach."""
    mine, outside = tmp_path / "mine", tmp_path / "outside"
    mine.mkdir()
    outside.mkdir()
    (outside / "sign.yaml").write_text(SIGN_SCENARIO, encoding="utf-8")
    path = mine / "rulings.yaml"
    path.write_text(SIGN_RULING.replace("scenario: [sign.yaml]", f"scenario: ['{scenario_cell}']"), encoding="utf-8")
    return path


def _refusal(path: Path, **options: bool) -> str:
    with pytest.raises(DatasetValidationError) as caught:
        load_rulings(extra=path, **options)
    message = str(caught.value)
    assert "\n" not in message.strip(), message
    return message


@pytest.mark.parametrize(("cell", "fragment"), [
    ("../outside/sign.yaml", "leads out of the file's folder (through '..')"),
    ("sub/../../outside/sign.yaml", "leads out of the file's folder"),
    ("{outside}/sign.yaml", "is an absolute path"),
    ("~/sign.yaml", "starts with ~"),
    ("link.yaml", "is a symbolic link that leads out of the file's folder"),
    ("loop.yaml", "is a loop of symbolic links"),
    ("x" * 300, "too long"),
    ("../../../../../../../../etc/passwd", "leads out"),
])
def test_a_path_out_of_the_rulings_folder_is_refused_naming_file_row_and_column(
        tmp_path: Path, cell: str, fragment: str) -> None:
    path = _setup(tmp_path, cell.format(outside=tmp_path / "outside"))
    (path.parent / "link.yaml").symlink_to(tmp_path / "outside" / "sign.yaml")
    (path.parent / "loop.yaml").symlink_to(path.parent / "loop2.yaml")
    (path.parent / "loop2.yaml").symlink_to(path.parent / "loop.yaml")
    message = _refusal(path)
    assert f"{path}, row 1, column 'scenario'" in message and fragment in message, message
    assert "--allow-outside" in message or "shorter" in message or "real file" in message or "next to" in message


@pytest.mark.parametrize("cell", ["../outside/sign.yaml", "{outside}/sign.yaml", "link.yaml"])
def test_allow_outside_reads_the_path_wherever_it_leads(tmp_path: Path, cell: str) -> None:
    path = _setup(tmp_path, cell.format(outside=tmp_path / "outside"))
    (path.parent / "link.yaml").symlink_to(tmp_path / "outside" / "sign.yaml")
    table = load_rulings(extra=path, allow_outside=True)
    row = table[table["ruling_id"] == "user-240105-sign-adjustment"].iloc[0]
    assert list(row["scenario"]) == [os.path.realpath(tmp_path / "outside" / "sign.yaml")]


def test_a_path_inside_the_folder_and_a_shipped_name_stay_allowed(tmp_path: Path) -> None:
    path = _setup(tmp_path, "sub/../sign.yaml")
    (path.parent / "sign.yaml").write_text(SIGN_SCENARIO, encoding="utf-8")
    (path.parent / "inner.yaml").symlink_to(path.parent / "sign.yaml")  # a link that stays inside
    table = load_rulings(extra=path)
    assert list(table.iloc[-1]["scenario"]) == [str((path.parent / "sign.yaml").resolve())]
    path.write_text(SIGN_RULING.replace("[sign.yaml]", "[inner.yaml, hysteric_sign_adjustment_2016]"), encoding="utf-8")
    assert list(load_rulings(extra=path).iloc[-1]["scenario"]) == [
        str((path.parent / "sign.yaml").resolve()), "hysteric_sign_adjustment_2016"]


def test_a_shipped_name_is_never_a_path_into_the_package(tmp_path: Path) -> None:
    path = _setup(tmp_path, "../cards/catsith")  # datasets/scenarios/../cards/catsith.yaml is a card file
    assert "leads out" in _refusal(path)
    assert "no scenario file '../cards/catsith'" in _refusal(path, allow_outside=True)


def test_the_command_line_refuses_in_one_line_and_allow_outside_lifts_the_rule(tmp_path: Path) -> None:
    path = _setup(tmp_path, "../outside/sign.yaml")
    done = in_process.endphase(["verify", "--rulings", str(path), "--only-mine"], cwd=tmp_path, timeout=600)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "row 1, column 'scenario'" in done.stderr and "--allow-outside" in done.stderr
    done = in_process.endphase(["verify", "--rulings", str(path), "--only-mine", "--allow-outside"],
                               cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "1 verified, 0 not" in done.stdout


def test_a_rows_table_resolves_in_the_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _setup(tmp_path, "../outside/sign.yaml")
    monkeypatch.chdir(path.parent)
    import yaml

    rows = yaml.safe_load(path.read_text(encoding="utf-8"))
    with pytest.raises(DatasetValidationError, match="<rulings list>, row 1, column 'scenario'.*leads out"):
        load_rulings(extra=rows)


def test_path_named_in_is_the_one_rule(tmp_path: Path) -> None:
    assert path_named_in("a.yaml", tmp_path) == tmp_path.resolve() / "a.yaml"
    for bad in ("", "/etc/passwd", "~root/x", "..", "a\x00b", "a\nb"):
        with pytest.raises(FileError):
            path_named_in(bad, tmp_path)


def test_validate_refuses_a_path_out_and_allow_outside_lifts_it(tmp_path: Path) -> None:
    path = _setup(tmp_path, "../outside/sign.yaml")
    done = in_process.endphase(["validate", str(path)], cwd=tmp_path)
    assert done.returncode == 2 and "row 1, column 'scenario'" in done.stdout + done.stderr
    done = in_process.endphase(["validate", str(path), "--allow-outside"], cwd=tmp_path)
    assert done.returncode == 0 and "OK (a file of 1 ruling of your own)" in done.stdout, done.stdout + done.stderr

"""The data dictionary: every column described, the shipped datapackage.json in step with the
schema and valid under Frictionless, and the tables exported as CSV or Parquet into a folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import toolkit
from toolkit.data.dictionary import data_package, dictionary_rows
from toolkit.data.schema import SCHEMAS, TableSchema
from toolkit.errors import FileError

ROOT = Path(__file__).resolve().parent.parent
DATASETS = ROOT / "datasets"


def undescribed(schema: TableSchema) -> list[str]:
    """The columns of a table whose description is missing or says too little to be one."""
    return [c.name for c in schema.columns if len(c.description.split()) < 4]


def test_every_column_of_every_table_has_a_description() -> None:
    for name, schema in SCHEMAS.items():
        assert not undescribed(schema), f"{name}: columns without a description: {undescribed(schema)}"


def test_a_column_without_a_description_is_caught() -> None:
    schema = SCHEMAS["events"]
    bare = replace(schema, columns=(replace(schema.columns[0], description=""), *schema.columns[1:]))
    assert undescribed(bare) == ["event_id"]


def test_the_shipped_datapackage_is_what_the_schema_and_tables_give() -> None:
    done = subprocess.run([sys.executable, "scripts/build_datapackage.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    package = json.loads((DATASETS / "datapackage.json").read_text(encoding="utf-8"))
    for resource in package["resources"]:
        schema = SCHEMAS[resource["name"]]
        assert [f["name"] for f in resource["schema"]["fields"]] == schema.names
        assert all(f["description"] for f in resource["schema"]["fields"])


def _frictionless_errors(folder: Path) -> list[str]:
    import frictionless  # declared in [test]

    report = frictionless.validate(str(folder / "datapackage.json"))
    return [f"{task.name}: {error.message}" for task in report.tasks for error in task.errors]


def test_frictionless_finds_the_shipped_tables_valid_and_a_broken_copy_invalid(tmp_path: Path) -> None:
    assert _frictionless_errors(DATASETS) == []
    for name in ("datapackage.json", "rulings.csv", "cards.csv", "events.csv"):
        shutil.copy2(DATASETS / name, tmp_path / name)
    events = (tmp_path / "events.csv").read_text(encoding="utf-8")
    (tmp_path / "events.csv").write_text(events.replace(",rulebook,", ",rule_book,", 1), encoding="utf-8")
    errors = _frictionless_errors(tmp_path)
    assert errors and "rule_book" in " ".join(errors)


def test_the_data_page_rows_name_type_allowed_values_meaning_and_example() -> None:
    rows = {row[0]: row for row in dictionary_rows(SCHEMAS["rulings"])}
    assert list(rows) == SCHEMAS["rulings"].names
    name, kind, required, allowed, meaning, example = rows["status"]
    assert kind == "one of a fixed set" and required == "yes"
    assert allowed == "current, superseded, retracted" and "superseded_by" in meaning and example
    assert rows["hidden_in_source"][3] == "true, false"


def test_export_data_writes_the_shipped_csv_files_and_their_descriptor(tmp_path: Path) -> None:
    written = toolkit.export_data(tmp_path / "out")
    assert [p.name for p in written] == ["rulings.csv", "cards.csv", "events.csv", "datapackage.json"]
    for name in ("rulings.csv", "cards.csv", "events.csv", "datapackage.json"):
        assert (tmp_path / "out" / name).read_bytes() == (DATASETS / name).read_bytes(), name
    with pytest.raises(FileError, match="file exists"):
        toolkit.export_data(tmp_path / "out")
    assert len(toolkit.export_data(tmp_path / "out", overwrite=True)) == 4


def test_export_data_never_writes_through_a_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside.csv"
    outside.write_text("mine\n", encoding="utf-8")
    folder = tmp_path / "out"
    folder.mkdir()
    os.symlink(outside, folder / "rulings.csv")
    with pytest.raises(FileError, match="file exists"):
        toolkit.export_data(folder)
    assert not (folder / "cards.csv").exists(), "a refused export wrote part of its files"
    toolkit.export_data(folder, overwrite=True)
    assert outside.read_text(encoding="utf-8") == "mine\n"
    assert not (folder / "rulings.csv").is_symlink()


def test_export_data_refuses_what_it_cannot_do_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="unknown format 'xlsx'"):
        toolkit.export_data(tmp_path, "xlsx")  # type: ignore[arg-type]
    with pytest.raises(FileError, match="the folder is missing, and so is its parent folder"):
        toolkit.export_data(tmp_path / "a" / "b")


def test_export_data_says_what_is_wrong_and_only_that(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    with pytest.raises(FileError) as caught:
        toolkit.export_data(tmp_path / "taken")
    assert "not a folder (a file of that name is there)" in str(caught.value)
    assert "parent" not in str(caught.value)  # its parent folder is there
    with pytest.raises(FileError, match="its parent is a file, not a folder"):
        toolkit.export_data(tmp_path / "taken" / "out")
    with pytest.raises(FileError) as caught:
        toolkit.export_data(tmp_path, None)  # type: ignore[arg-type]
    assert "the format is csv or parquet, not nothing (null)" in str(caught.value)
    assert "None" not in str(caught.value)
    with pytest.raises(FileError, match=r"unknown format 'x+…x+' \(500 characters\)"):
        toolkit.export_data(tmp_path, "x" * 500)  # type: ignore[arg-type]


def test_export_data_as_parquet_keeps_the_loaded_types(tmp_path: Path) -> None:
    import pyarrow.parquet as pq  # the parquet extra, which `make test` installs

    written = toolkit.export_data(tmp_path, "parquet")
    assert [p.name for p in written] == ["rulings.parquet", "cards.parquet", "events.parquet", "datapackage.json"]
    rulings = pq.read_table(tmp_path / "rulings.parquet").to_pandas()
    loaded = toolkit.load_rulings()
    assert list(rulings.columns) == SCHEMAS["rulings"].names and len(rulings) == len(loaded)
    assert str(rulings["date"].dtype).startswith("datetime64") and rulings["game"].dtype == "category"
    first = loaded["cards"].map(list).tolist()
    assert rulings["cards"].map(list).tolist() == first
    package = json.loads((tmp_path / "datapackage.json").read_text(encoding="utf-8"))
    assert [r["path"] for r in package["resources"]] == ["rulings.parquet", "cards.parquet", "events.parquet"]
    assert data_package()["resources"][0]["schema"]["fields"][0]["description"]


def test_export_data_as_parquet_without_pyarrow_says_which_extra(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if it were not installed
    with pytest.raises(FileError, match=r"pip install 'endphase-toolkit\[parquet\]'"):
        toolkit.export_data(tmp_path, "parquet")
    assert list(tmp_path.iterdir()) == []

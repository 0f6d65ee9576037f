"""The shipped scenario names and ruling ids are remembered by their files' state: a scenario added,
removed or renamed, or a rulings table rewritten, is seen on the next call (a verify asks for them
once per scenario read, so they are not listed or read again each time)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from toolkit import resources


@pytest.fixture
def datasets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A datasets folder of our own in place of the packaged one."""
    (tmp_path / "scenarios").mkdir()
    monkeypatch.setattr(resources, "dataset_root", lambda: tmp_path)
    return tmp_path


def _touch_later(path: Path) -> None:
    """Move a file's or folder's modification time on by a second (a change within one tick of a
    coarse clock would otherwise look like no change to a test; the cache itself keys by ns)."""
    seen = path.stat()
    os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns + 1_000_000_000))


def test_a_scenario_added_removed_or_renamed_is_listed_at_once(datasets: Path) -> None:
    folder = datasets / "scenarios"
    (folder / "ohka_alone.yaml").write_text("title: t\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a scenario\n", encoding="utf-8")
    assert resources.shipped_scenario_names("scenarios") == ("ohka_alone",)
    assert resources.shipped_scenario_names("scenarios") == ("ohka_alone",)  # remembered: the same answer

    (folder / "lyla_first.yaml").write_text("title: t\n", encoding="utf-8")
    _touch_later(folder)
    assert resources.shipped_scenario_names("scenarios") == ("lyla_first", "ohka_alone")

    (folder / "ohka_alone.yaml").rename(folder / "ohka_twice.yaml")
    _touch_later(folder)
    assert resources.shipped_scenario_names("scenarios") == ("lyla_first", "ohka_twice")

    (folder / "lyla_first.yaml").unlink()
    _touch_later(folder)
    assert resources.shipped_scenario_names("scenarios") == ("ohka_twice",)
    assert resources.shipped_scenario_text("ohka_twice", "scenarios")[0] == "title: t\n"


def test_a_missing_folder_has_no_names_and_a_file_is_no_folder(datasets: Path) -> None:
    assert resources.shipped_scenario_names("scenarios", "no_such_game") == ()
    (datasets / "scenarios" / "flat.yaml").write_text("title: t\n", encoding="utf-8")
    assert resources.shipped_scenario_names("scenarios", "flat.yaml") == ()


def test_a_rewritten_rulings_table_gives_its_new_ids(datasets: Path) -> None:
    assert resources.shipped_ruling_ids() is None  # no table yet
    table = datasets / "rulings.csv"
    table.write_text("ruling_id,date\nocg-110301-a,2011-03-01\n", encoding="utf-8")
    assert resources.shipped_ruling_ids() == {"ocg-110301-a"}
    table.write_text("ruling_id,date\nocg-110301-b,2011-03-01\n", encoding="utf-8")  # the same size
    _touch_later(table)
    assert resources.shipped_ruling_ids() == {"ocg-110301-b"}
    table.write_text("ruling_id,date\nocg-110301-b,2011-03-01\nocg-120101-c,2012-01-01\n", encoding="utf-8")
    assert resources.shipped_ruling_ids() == {"ocg-110301-b", "ocg-120101-c"}
    table.unlink()
    assert resources.shipped_ruling_ids() is None
    table.mkdir()
    assert resources.shipped_ruling_ids() is None  # a folder is no table


def test_the_packaged_names_are_those_on_disk() -> None:
    folder = Path(str(resources.dataset_path("scenarios")))
    on_disk = tuple(sorted(p.stem for p in folder.glob("*.yaml")))
    assert resources.shipped_scenario_names("scenarios") == on_disk and len(on_disk) > 10


@pytest.fixture
def coarse_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files and folders on a filesystem whose times are whole seconds (ext3, HFS+, some network shares,
    FAT's two): every change made within this test's second keeps the times it had."""
    second = time.time_ns() // 1_000_000_000 * 1_000_000_000
    real = resources._stat

    def stat_in_seconds(path: Path) -> os.stat_result | None:
        seen = real(path)
        if seen is None:
            return None
        fields = list(seen)
        fields[7:10] = [second // 1_000_000_000] * 3  # st_atime, st_mtime, st_ctime (whole seconds)
        return os.stat_result(fields, {"st_atime_ns": second, "st_mtime_ns": second, "st_ctime_ns": second})

    monkeypatch.setattr(resources, "_stat", stat_in_seconds)


@pytest.mark.usefixtures("coarse_times")
def test_a_table_rewritten_within_a_tick_of_coarse_times_gives_its_new_ids(datasets: Path) -> None:
    table = datasets / "rulings.csv"
    table.write_text("ruling_id,date\nocg-110301-a,2011-03-01\n", encoding="utf-8")
    assert resources.shipped_ruling_ids() == frozenset({"ocg-110301-a"})
    table.write_text("ruling_id,date\nocg-110301-b,2011-03-01\n", encoding="utf-8")  # same size, same times
    assert resources.shipped_ruling_ids() == frozenset({"ocg-110301-b"})


@pytest.mark.usefixtures("coarse_times")
def test_a_scenario_renamed_within_a_tick_of_coarse_times_is_listed_at_once(datasets: Path) -> None:
    folder = datasets / "scenarios"
    (folder / "ohka_alone.yaml").write_text("title: t\n", encoding="utf-8")
    assert resources.shipped_scenario_names("scenarios") == ("ohka_alone",)
    (folder / "ohka_alone.yaml").rename(folder / "ohka_twice.yaml")
    assert resources.shipped_scenario_names("scenarios") == ("ohka_twice",)

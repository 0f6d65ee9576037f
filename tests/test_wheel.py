"""The built wheel carries the datasets and works without the source tree.

The wheel is built from a copy of the project (so no build/ or egg-info lands
in the working tree), installed with --no-deps into a fresh virtualenv, and
run from a directory outside the repository. The fresh venv sees the
third-party packages of the running environment through a .pth file whose
single line is that environment's site-packages directory: a plain path line
adds the directory to sys.path but does not execute the ``__editable__`` .pth
hooks inside it, so the editable toolkit stays invisible and ``toolkit`` can
only come from the wheel (the script prints ``toolkit.__file__`` to prove it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from toolkit.data import load_cards, load_events, load_rulings
from toolkit.duel_masters import list_seed_scenarios as dm_seed_scenarios

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
import toolkit
from toolkit.data import check_datasets, load_cards, load_events, load_rulings, validate_datasets
from toolkit.resources import dataset_root

rulings, cards, events = load_rulings(), load_cards(), load_events()
validate_datasets()
from toolkit.duel_masters import list_seed_scenarios
from toolkit.widgets import ScenarioBuilder
moffle = toolkit.explore(toolkit.duel_masters.seed_scenario("dm_moffle_zanjibar"))
print(json.dumps({
    "dm_scenarios": len(list_seed_scenarios()),
    "dm_outcomes": len(moffle.outcomes),
    "toolkit_file": toolkit.__file__,
    "dataset_root": str(dataset_root()),
    "rows": [len(rulings), len(cards), len(events)],
    "problems": len(check_datasets()),
    "date_dtype": str(rulings["date"].dtype),
    "sys_path": sys.path,
}))
"""


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for folder in ("toolkit", "datasets"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    dist = work / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", ".", "-w", str(dist)], cwd=source)
    wheels = sorted(dist.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_contains_the_datasets(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for csv_name in ("rulings.csv", "cards.csv", "events.csv"):
        packaged = f"toolkit/_datasets/{csv_name}"
        assert packaged in names
        assert zipfile.ZipFile(wheel).read(packaged) == (ROOT / "datasets" / csv_name).read_bytes()
    assert "toolkit/data/__init__.py" in names and "toolkit/data/schema.py" in names
    assert "toolkit/duel_masters/procedure.py" in names and "toolkit/widgets/builder.py" in names
    assert "toolkit/_datasets/scenarios/duel_masters/dm_moffle_zanjibar.yaml" in names


def test_installed_wheel_loads_and_validates_outside_the_repo(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)], cwd=tmp_path)

    venv_site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp_path).strip())
    main_site = sysconfig.get_paths()["purelib"]
    (venv_site / "_main_env_packages.pth").write_text(main_site + "\n", encoding="utf-8")

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    report = json.loads(_run([str(python), "-c", PROBE], cwd=outside, env=env).strip().splitlines()[-1])

    toolkit_file = Path(report["toolkit_file"]).resolve()
    assert toolkit_file.is_relative_to(venv_site.resolve()), report["toolkit_file"]
    assert not toolkit_file.is_relative_to(ROOT), "toolkit came from the source tree, not the wheel"
    assert Path(report["dataset_root"]).resolve().is_relative_to(venv_site.resolve())
    assert str(ROOT) not in [p for p in report["sys_path"] if p]
    assert report["problems"] == 0
    assert report["date_dtype"] == "datetime64[ns]"
    assert report["rows"] == [len(load_rulings()), len(load_cards()), len(load_events())]
    assert report["dm_scenarios"] == len(dm_seed_scenarios()) and report["dm_outcomes"] == 1

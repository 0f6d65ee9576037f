"""The built wheel carries the datasets and works without the source tree.

The wheel is built from a copy of the project (so no build/ or egg-info lands
in the working tree; tests/background.py, started with the session under
``make test``), installed with --no-deps into a fresh virtualenv, and
run from a directory outside the repository. The fresh venv sees the
third-party packages of the running environment through a .pth file whose
single line is that environment's site-packages directory: a plain path line
adds the directory to sys.path but does not execute the ``__editable__`` .pth
hooks inside it, so the editable toolkit stays invisible and ``toolkit`` can
only come from the wheel (the script prints ``toolkit.__file__`` to prove it).

A second venv holds the wheel and only the base install: its .pth names a
folder of links to the installed files of pandas, numpy, PyYAML, tqdm and what
they require (read from their metadata), so matplotlib, ipywidgets and Jupyter
cannot be imported there, and the command line must still work.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Callable, Iterable
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from toolkit._version import __version__
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
import tempfile
exported = [p.name for p in toolkit.export_data(tempfile.mkdtemp(dir="."), "parquet")]
print(json.dumps({
    "exported": exported,
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
def wheel(background: Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]) -> Path:
    """pip's wheel of a copy of the project (tests/background.py's wheel_command: under
    ``make test`` the build starts with the session and this waits for it)."""
    done, work = background("wheel")
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}\n{done.stderr}"
    wheels = sorted((work / "dist").glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_contains_the_datasets(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for csv_name in ("rulings.csv", "cards.csv", "events.csv", "datapackage.json"):
        packaged = f"toolkit/_datasets/{csv_name}"
        assert packaged in names
        assert zipfile.ZipFile(wheel).read(packaged) == (ROOT / "datasets" / csv_name).read_bytes()
    assert "toolkit/data/__init__.py" in names and "toolkit/data/schema.py" in names
    assert "toolkit/duel_masters/procedure.py" in names and "toolkit/widgets/builder.py" in names
    assert "toolkit/_datasets/scenarios/duel_masters/dm_moffle_zanjibar.yaml" in names


def test_wheel_carries_every_package_the_licence_and_the_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = sorted(p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "toolkit").rglob("__init__.py"))
    assert "toolkit/ocg/cards" in packages and len(packages) >= 5
    missing = [p for p in packages if f"{p}/__init__.py" not in names]
    assert missing == [], f"packages under toolkit/ left out of the wheel: {missing}"
    assert "toolkit/py.typed" in names and "toolkit/_version.py" in names
    dist_info = f"endphase_toolkit-{__version__}.dist-info"
    assert f"{dist_info}/licenses/LICENSE" in names and f"{dist_info}/licenses/NOTICE" in names
    meta = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode("utf-8")
    assert f"\nVersion: {__version__}\n" in meta
    assert "\nLicense-Expression: MIT\n" in meta
    assert "Requires-Dist: matplotlib" in meta and "Requires-Dist: matplotlib>=3.8; extra == \"notebooks\"" in meta
    base = [line for line in meta.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert sorted(line.split()[1].split(">")[0] for line in base) == ["numpy", "pandas", "pyyaml", "tqdm"]


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
    assert report["exported"] == ["rulings.parquet", "cards.parquet", "events.parquet", "datapackage.json"]


BASE = ("pandas", "numpy", "pyyaml", "tqdm")
NOT_IN_BASE = ("matplotlib", "ipywidgets", "jupyterlab", "IPython", "voila")


def _requirement_closure(names: Iterable[str]) -> list[metadata.Distribution]:
    """The installed distributions of ``names`` and of everything they require."""
    todo, seen, found = list(names), set(), []
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        dist = metadata.distribution(name)
        found.append(dist)
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return found


def _link_farm(folder: Path, dists: Iterable[metadata.Distribution]) -> None:
    """Links to the top-level files and folders of ``dists`` (and their dist-info)."""
    folder.mkdir()
    for dist in dists:
        tops = {f.parts[0] for f in dist.files or [] if f.parts[0] not in {"..", "__pycache__"}}
        for top in tops:
            target = Path(str(dist.locate_file(top)))
            if target.exists() and not (folder / top).exists():
                (folder / top).symlink_to(target)


@pytest.fixture(scope="module")
def base_venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("base")
    venv = work / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=work)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)], cwd=work)
    farm = work / "base-packages"
    _link_farm(farm, _requirement_closure(BASE))
    venv_site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=work).strip()
    (Path(venv_site) / "_base_packages.pth").write_text(f"{farm}\n", encoding="utf-8")
    return venv


def _in_base(venv: Path, args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    env["ENDPHASE_USER_DIR"] = str(tmp_path / "user")
    return subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_base_install_has_only_the_base_libraries(base_venv: Path, tmp_path: Path) -> None:
    probe = (
        "import importlib.util, json, toolkit\n"
        f"print(json.dumps({{n: importlib.util.find_spec(n) is not None for n in {BASE[:2] + NOT_IN_BASE!r}}}"
        " | {'version': toolkit.__version__, 'file': toolkit.__file__,"
        " 'unresolved': [n for n in toolkit.__all__ if getattr(toolkit, n, None) is None]}))"
    )
    done = _in_base(base_venv, [str(base_venv / "bin" / "python"), "-c", probe], tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report.pop("version") == __version__
    assert report.pop("unresolved") == [], "a public name needs a library outside the base install"
    assert not Path(report.pop("file")).resolve().is_relative_to(ROOT)
    assert report == {"pandas": True, "numpy": True, **{name: False for name in NOT_IN_BASE}}


def test_the_command_line_runs_on_the_base_install(base_venv: Path, tmp_path: Path) -> None:
    python, script = str(base_venv / "bin" / "python"), str(base_venv / "bin" / "endphase")
    scenarios = _in_base(base_venv, [script, "scenarios"], tmp_path)
    assert scenarios.returncode == 0, scenarios.stderr
    assert "horus_lv6_veiler_2011" in scenarios.stdout and "dm_moffle_zanjibar" in scenarios.stdout
    resolved = _in_base(base_venv, [python, "-m", "toolkit", "resolve", "horus_lv6_veiler_2011",
                                    "--date", "2012-01-01", "--json"], tmp_path)
    assert resolved.returncode == 0, resolved.stderr
    assert json.loads(resolved.stdout)
    explored = _in_base(base_venv, [python, "-m", "toolkit", "explore", "dm_moffle_zanjibar", "--json"], tmp_path)
    assert explored.returncode == 0, explored.stderr
    rulings = _in_base(base_venv, [python, "-m", "toolkit", "rulings", "--card", "ヒステリック・サイン"], tmp_path)
    assert rulings.returncode == 0 and "ocg-130330-hysteric-sign-adjustment" in rulings.stdout, rulings.stderr
    bad = _in_base(base_venv, [python, "-m", "toolkit", "resolve", "no-such-file.yaml"], tmp_path)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.strip()

"""The sdist is deliberate: the package, its data and the texts around it, and no test suite.

It is built (``python -m build --sdist``, setuptools from the index as for the wheel) from a copy
of the files git knows, so what it holds is what a release of this commit would hold.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path, PurePosixPath

import pytest

from toolkit._version import __version__

ROOT = Path(__file__).resolve().parent.parent

TOP_LEVEL = {"CHANGELOG.md", "CITATION.cff", "CODE_OF_CONDUCT.md", "CONTRIBUTING.md", "LICENSE", "MANIFEST.in",
             "NOTICE", "PKG-INFO", "README.md", "datasets", "endphase_toolkit.egg-info", "pyproject.toml",
             "setup.cfg", "setup.py", "toolkit"}
"""Everything at the top of the sdist: nothing else (no tests/, notebooks/, docs/, scripts/)."""


def tracked_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        pytest.skip("not a git checkout: the sdist is built from the files git knows")
    return [line for line in done.stdout.splitlines() if (ROOT / line).is_file()]


@pytest.fixture(scope="module")
def sdist_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    work = tmp_path_factory.mktemp("sdist")
    source = work / "src"
    for name in tracked_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(work / "dist"), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"python -m build --sdist failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    (archive,) = (work / "dist").glob("*.tar.gz")
    assert archive.name == f"endphase_toolkit-{__version__}.tar.gz"
    with tarfile.open(archive) as tar:
        return [str(PurePosixPath(*PurePosixPath(m.name).parts[1:])) for m in tar.getmembers() if m.isfile()]


def test_the_sdist_holds_the_package_and_no_test_suite(sdist_names: list[str]) -> None:
    assert {name.split("/")[0] for name in sdist_names} == TOP_LEVEL
    assert not [n for n in sdist_names if n.startswith("tests/") or "/tests/" in n or "conftest" in n]


def test_the_sdist_holds_every_file_of_the_package_and_its_data(sdist_names: list[str]) -> None:
    shipped = set(sdist_names)
    wanted = [name for name in tracked_files() if name.startswith(("toolkit/", "datasets/"))
              and not name.endswith((".pyc", ".ipynb"))]
    missing = [name for name in wanted if name not in shipped]
    assert not missing, f"files of the package left out of the sdist: {missing[:10]}"
    assert "datasets/datapackage.json" in shipped and "toolkit/py.typed" in shipped

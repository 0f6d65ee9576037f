"""The order `make test` hands files to its workers (the root conftest.py):
the table names real files, and sorting only reorders whole files."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _root_conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("endphase_root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCHEDULE = _root_conftest()


def test_every_weighed_or_grouped_file_exists() -> None:
    named = [p for p in SCHEDULE.WEIGHTS if p not in SCHEDULE.GROUPS] + list(SCHEDULE.GROUP_OF)
    missing = [p for p in named if not (ROOT / p).is_file()]
    assert not missing, f"conftest.py names files that are gone: {missing}"
    assert set(SCHEDULE.GROUPS) <= set(SCHEDULE.WEIGHTS), "every group needs a weight"


def test_a_test_runs_with_its_file_or_its_files_group() -> None:
    assert SCHEDULE.scope_of("tests/test_history.py::test_changes_errors") == "rulings re-derived"
    assert SCHEDULE.scope_of("tests/test_sensitivity.py::test_the_grid_draws[x::y]") == "rulings re-derived"
    assert SCHEDULE.scope_of("notebooks/00_start_here.ipynb::Cell 3") == "notebooks/00_start_here.ipynb"
    assert SCHEDULE.scope_of("toolkit/cli/options.py::toolkit.cli.options") == "toolkit/cli/options.py"


def _sorted_ids(ids: list[str], balance: bool) -> list[str]:
    items: list[Any] = [SimpleNamespace(nodeid=i) for i in ids]
    config: Any = SimpleNamespace(workerinput={"endphase_balance": "1" if balance else "0"})
    SCHEDULE.pytest_collection_modifyitems(config, items)
    return [item.nodeid for item in items]


def test_workers_put_the_longest_files_first_and_keep_each_files_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SCHEDULE, "WEIGHTS", {"rulings re-derived": 200.0, "tests/test_typing.py": 100.0})
    ids = ["tests/a.py::one", "tests/a.py::two", "tests/test_typing.py::mypy", "tests/test_history.py::h1",
           "tests/b.py::one", "tests/test_sensitivity.py::s1", "tests/test_history.py::h2"]
    got = _sorted_ids(ids, balance=True)
    assert sorted(got) == sorted(ids), "sorting must neither drop nor add a test"
    assert got == ["tests/test_history.py::h1", "tests/test_sensitivity.py::s1", "tests/test_history.py::h2",
                   "tests/test_typing.py::mypy", "tests/a.py::one", "tests/a.py::two", "tests/b.py::one"]
    assert _sorted_ids(ids, balance=False) == ids, "without the worker flag the order is the collection's"


def test_every_browser_file_is_in_the_browser_group() -> None:
    on_disk = {str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "browser").glob("test_*.py")}
    assert on_disk == set(SCHEDULE.GROUPS["real browser"]), "a new browser file belongs to the group (one server, one browser)"


def _config(args: list[str], keyword: str = "", markexpr: str = "") -> Any:
    return SimpleNamespace(args=args, invocation_params=SimpleNamespace(dir=ROOT),
                           option=SimpleNamespace(keyword=keyword, markexpr=markexpr, collectonly=False))


def test_a_long_command_starts_early_only_when_the_run_reaches_its_test() -> None:
    assert SCHEDULE._selected(_config(["tests", "toolkit", "notebooks"]), "tests/test_typing.py")
    assert SCHEDULE._selected(_config(["tests/test_typing.py::test_toolkit_passes_mypy_strict"]), "tests/test_typing.py")
    assert not SCHEDULE._selected(_config(["tests/test_cli.py", "toolkit"]), "tests/test_typing.py")
    assert not SCHEDULE._selected(_config(["tests"], keyword="cli"), "tests/test_typing.py")
    assert not SCHEDULE._selected(_config(["tests"], markexpr="not docs"), "tests/test_docs.py")
    assert {c.file for c in SCHEDULE.BACKGROUND.COMMANDS.values()} <= set(SCHEDULE.WEIGHTS), "each has a weight"


def test_a_background_run_gives_its_return_code_and_streams(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    background = SCHEDULE.BACKGROUND
    script = "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"
    monkeypatch.setitem(background.COMMANDS, "demo",
                        background.Command("tests/x.py", lambda folder: [sys.executable, "-c", script], 60))
    proc = background.start("demo", tmp_path)
    done = background.join("demo", tmp_path, proc.pid)
    proc.wait(timeout=10)
    assert (done.returncode, done.stdout, done.stderr) == (3, "out\n", "err\n")
    now = background.run("demo", tmp_path)
    assert (now.returncode, now.stdout, now.stderr) == (3, "out\n", "err\n")
    # a run still going when the session ends is stopped, with its command
    monkeypatch.setitem(background.COMMANDS, "sleeper", background.Command(
        "tests/x.py", lambda folder: [sys.executable, "-c", "import time; time.sleep(60)"], 120))
    (tmp_path / "slow").mkdir()
    slow = background.start("sleeper", tmp_path / "slow")
    background.stop(slow)
    assert slow.poll() is not None and not (tmp_path / "slow" / "returncode").exists()
    with pytest.raises(AssertionError, match="ended without a result"):
        background.join("sleeper", tmp_path / "slow", slow.pid)


def _in_worker_order(ids: list[str], started: str) -> list[str]:
    """The order a worker runs ``ids`` in, with the background command ``started`` running."""
    config: Any = SimpleNamespace(workerinput={"endphase_balance": "1",
                                               "endphase_background": f'{{"{started}": ["/nowhere", 1]}}'})
    items: list[Any] = [SimpleNamespace(nodeid=i) for i in ids]
    SCHEDULE.pytest_collection_modifyitems(config, items)
    return [item.nodeid for item in items]


def test_a_file_whose_command_runs_in_the_background_goes_last() -> None:
    ids = ["tests/test_typing.py::mypy", "tests/a.py::one", "notebooks/00_start_here.ipynb::Cell 0"]
    assert _in_worker_order(ids, "mypy") == ["notebooks/00_start_here.ipynb::Cell 0", "tests/a.py::one",
                                             "tests/test_typing.py::mypy"]
    assert _sorted_ids(ids, balance=True)[0] == "tests/test_typing.py::mypy", "run in the test: longest first"


def test_the_runs_python_processes_keep_their_bytecode() -> None:
    """conftest.py lifts PYTHONDONTWRITEBYTECODE for the run: a subprocess writes its bytecode
    (else every kernel and command line compiles the toolkit again)."""
    import os
    import subprocess
    import sys

    assert "PYTHONDONTWRITEBYTECODE" not in os.environ and not sys.dont_write_bytecode
    flag = subprocess.run([sys.executable, "-c", "import sys; print(sys.flags.dont_write_bytecode)"],
                          capture_output=True, text=True, timeout=60, env=os.environ)
    assert flag.stdout.strip() == "0", flag.stderr


def test_a_background_file_with_work_of_its_own_keeps_a_place_by_that_work() -> None:
    """The wheel's test installs and runs it in two fresh venvs after the build: started early, its
    file weighs what is left (``rest``), ahead of the default few seconds, behind the long files."""
    assert SCHEDULE.BACKGROUND.COMMANDS["wheel"].rest > SCHEDULE.DEFAULT_WEIGHT
    assert SCHEDULE.BACKGROUND.COMMANDS["mypy"].rest < SCHEDULE.DEFAULT_WEIGHT
    ids = ["tests/a.py::one", "tests/engine/test_reduction.py::r", "tests/test_wheel.py::w"]
    assert _in_worker_order(ids, "wheel") == ["tests/engine/test_reduction.py::r", "tests/test_wheel.py::w",
                                              "tests/a.py::one"]
    assert _sorted_ids(ids, balance=True)[0] == "tests/test_wheel.py::w", "built in the test: by its full weight"

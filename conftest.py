"""How `make test` shares the test files between its two workers.

`--dist loadfile` keeps each file (and each notebook, whose cells share one
kernel) on one worker, in order. Left to itself pytest-xdist hands the files
out largest *count of tests* first, so the single-test files that take minutes
(mypy, the documentation build) started last and set the wall time. Here,
when the run is `-n N --dist loadfile`:

* the files are handed out by how long they take, longest first (WEIGHTS:
  seconds on two cores, summed per file from `--durations=0` (2026-12-01); a file not listed
  counts as a few seconds and keeps its place in the collection order);
* the files in one GROUPS entry run on one worker, one after the other, so
  what they compute alike (every ruling re-derived by ``verify_rulings``,
  cached inside the process) is computed once.

Nothing is skipped or added: the same tests run, only the order of the files
and which worker takes them change. A serial run (no ``-n``) is untouched.
tests/test_scheduling.py checks that every file named here exists.

Under the same ``-n N --dist loadfile``, the long single commands (mypy, the
Sphinx build, the wheel's build: tests/background.py) start in the background
as the run begins, and their tests take the finished result (the
``background`` fixture).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent


def _load_background() -> ModuleType:
    """tests/background.py (tests/ is no package: loaded by its path)."""
    name = "endphase_background"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "background.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


BACKGROUND = _load_background()

WEIGHTS: dict[str, float] = {
    "tests/test_typing.py": 43,
    "notebooks/03_ruling_history.ipynb": 40,
    "tests/test_docs.py": 30,
    "tests/test_widgets.py": 27,
    "tests/test_build_rulings.py": 21,
    "tests/test_cli.py": 5,  # 20 until its runs of the command line moved into the process (tests/in_process.py)
    "tests/test_wheel.py": 18,
    "tests/test_sdist.py": 8,  # builds the sdist (setuptools from the index, as for the wheel)
    "tests/test_data_dictionary.py": 5,  # frictionless validates the tables twice
    "tests/test_bring_your_own.py": 3,  # 17, 14: likewise
    "tests/test_user_rulings.py": 5,
    "tests/test_user_trial.py": 11,  # ~44 with a subprocess per run (and unweighed, so it ran last)
    "tests/test_in_process.py": 6,
    "tests/engine/test_forcing_and_limits.py": 11,  # these six were unweighed (3) and ran last: 2026-12-02
    "tests/engine/test_remembered.py": 11,
    "tests/duel_masters/test_dm_properties.py": 10,
    "tests/test_builder_workflow.py": 10,
    "tests/test_export.py": 10,
    "tests/test_data.py": 9,
    "tests/test_charts.py": 14,
    "tests/engine/test_reduction.py": 12,
    "tests/test_explore_summary.py": 12,
    "tests/engine/test_memory_sharing.py": 9,
    "notebooks/08_bring_your_own_card.ipynb": 9,
    "tests/test_notebooks_write_nowhere.py": 9,
    "tests/test_cli_commands.py": 8,
    "tests/fuzz/test_fuzz_rulings.py": 8,
    "tests/test_cli_streams.py": 7,
    "tests/fuzz/test_fuzz.py": 7,
    "tests/test_lab_starts.py": 7,
    "notebooks/02_scenario_builder.ipynb": 7,
    "notebooks/04_errata_2014.ipynb": 6,
    "tests/test_lazy_import.py": 6,
    "tests/test_words.py": 6,
    "notebooks/07_duel_masters_turn_end.ipynb": 6,
    "notebooks/00_start_here.ipynb": 6,
    "tests/test_card_names.py": 5,
    "tests/cards/test_properties.py": 12,
}
"""Rough seconds per file (or per group, under the group's name)."""

GROUPS: dict[str, tuple[str, ...]] = {
    # Each re-derives every ruling (verify_rulings); the first pays ~40 s, the
    # others read the process's cache. test_scale_out's forked workers inherit it.
    "rulings re-derived": ("tests/test_history.py", "tests/test_scale_out.py", "tests/test_sensitivity.py"),
    # One Voila server, one JupyterLab and one chromium for all of them (each
    # worker that runs a browser file would start its own).
    "real browser": tuple(f"tests/browser/{name}" for name in (
        "test_app_browser.py", "test_builder_workflows_browser.py", "test_card_entry_browser.py", "test_charts_browser.py",
        "test_docs_offline_browser.py",
        "test_explore_browser.py", "test_lab_start_here_browser.py", "test_rule_tooltip_browser.py",
        "test_scenario_builder_browser.py", "test_turn_end_viewer_browser.py",
    )),
}
WEIGHTS["rulings re-derived"] = 45  # 53 until the deciding-rule test took verify_rulings' answers
WEIGHTS["real browser"] = 180
DEFAULT_WEIGHT = 3.0

GROUP_OF = {path: group for group, paths in GROUPS.items() for path in paths}


def scope_of(nodeid: str) -> str:
    """The unit one worker runs: the file of a test (a notebook for its cells),
    or the group the file is in."""
    path = nodeid.split("::", 1)[0]
    return GROUP_OF.get(path, path)


def _balancing(config: pytest.Config) -> bool:
    return bool(getattr(config.option, "numprocesses", None)) and getattr(config.option, "dist", "no") == "loadfile"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a worker: the longest units first (every worker sorts alike, so the
    collections still agree); a unit's own tests keep their order."""
    if not hasattr(config, "workerinput") or config.workerinput.get("endphase_balance") != "1":
        return
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        first.setdefault(scope_of(item.nodeid), index)
    weights = dict(WEIGHTS)
    for name in json.loads(config.workerinput.get("endphase_background", "{}")):
        weights[BACKGROUND.COMMANDS[name].file] = BACKGROUND.COMMANDS[name].rest

    def key(pair: tuple[int, pytest.Item]) -> tuple[float, int, int]:
        scope = scope_of(pair[1].nodeid)
        return (-weights.get(scope, DEFAULT_WEIGHT), first[scope], pair[0])

    items[:] = [item for _, item in sorted(enumerate(items), key=key)]


def _selected(config: pytest.Config, file: str) -> bool:
    """Whether the run will reach ``file``: it is under a path given, and no -k/-m may deselect it."""
    if config.option.keyword or config.option.markexpr or config.option.collectonly:
        return False
    target = (ROOT / file).resolve()
    for arg in config.args:
        path = (config.invocation_params.dir / arg.split("::", 1)[0]).resolve()
        if path == target or path in target.parents:
            return True
    return False


_STARTED: dict[str, tuple[str, int]] = {}
"""In the controller: command name -> (its folder, the runner's pid)."""


def _cache_bytecode() -> None:
    """Let the run's Python processes (the workers, the notebooks' kernels, the Voila and
    JupyterLab servers and their kernels, the command lines run as subprocesses) keep the
    bytecode they compile, also where the environment says ``PYTHONDONTWRITEBYTECODE``: else
    every one of them compiles the toolkit from source again, and pytest rewrites the test files'
    asserts again in each worker (~70 s of CPU in a run). The files land in ``__pycache__``
    folders beside the sources (git-ignored; the installed libraries have theirs already), as
    plain Python writes them; the same code runs (each is checked against its source's date and
    size). Only the test run's processes are concerned, not the caller's shell."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


def pytest_configure(config: pytest.Config) -> None:
    """In the controller: bytecode kept (_cache_bytecode); in the controller of a balanced run, also
    start the long commands the run will check."""
    if hasattr(config, "workerinput"):
        return
    _cache_bytecode()
    if not _balancing(config):
        return
    base = Path(tempfile.mkdtemp(prefix="endphase-background-"))
    procs: list[subprocess.Popen[bytes]] = []

    def cleanup() -> None:
        for proc in procs:
            BACKGROUND.stop(proc)
        _STARTED.clear()
        shutil.rmtree(base, ignore_errors=True)

    config.add_cleanup(cleanup)
    for name, command in BACKGROUND.COMMANDS.items():
        if _selected(config, command.file):
            folder = base / name
            folder.mkdir()
            proc = BACKGROUND.start(name, folder)
            procs.append(proc)
            _STARTED[name] = (str(folder), proc.pid)


@pytest.fixture(scope="session")
def background(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], tuple[subprocess.CompletedProcess[str], Path]]:
    """``background(name)``: the result of command ``name`` of tests/background.py and the folder it
    wrote into: the run started with the session when there is one, else one run now."""
    started: dict[str, list[Any]] = json.loads(getattr(request.config, "workerinput", {}).get("endphase_background", "{}"))

    def result(name: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        if name in started:
            folder, pid = started[name]
            return BACKGROUND.join(name, Path(folder), int(pid)), Path(folder)
        folder = tmp_path_factory.mktemp(name)
        return BACKGROUND.run(name, folder), folder

    return result


try:
    import xdist  # noqa: F401  (the test-floor venv has no pytest-xdist: then no hooks of it)
except ImportError:  # pragma: no cover
    HAVE_XDIST = False
else:
    HAVE_XDIST = True

if HAVE_XDIST:

    def pytest_configure_node(node: Any) -> None:
        """Tell the workers to sort (only under -n ... --dist loadfile)."""
        if _balancing(node.config):
            node.workerinput["endphase_balance"] = "1"
            node.workerinput["endphase_background"] = json.dumps(_STARTED)

    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
        """loadfile, with the GROUPS run as one unit and the units in the order
        the workers sorted them (not xdist's largest-count-first)."""
        if not _balancing(config):
            return None
        from xdist.scheduler import LoadFileScheduling

        class LongestFileFirst(LoadFileScheduling):  # type: ignore[misc]
            def _split_scope(self, nodeid: str) -> str:
                return scope_of(nodeid)

        config.option.loadscopereorder = False
        return LongestFileFirst(config, log)

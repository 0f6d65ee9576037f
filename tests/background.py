"""The suite's long single commands, started at the beginning of `make test`.

mypy over the package (~40 s), the Sphinx build of the site (~30 s) and pip's
build of the wheel (~20 s, most of it waiting on the package index) are one
subprocess each, and most of their test's time is spent waiting on it. Under
``-n N --dist loadfile`` the root conftest.py starts both as soon as the run
begins (in the controller, before the workers collect), so they use the CPU
the workers leave idle while they wait on browsers, kernels and servers; the
test, whenever a worker reaches it, takes the finished run's return code and
output and checks them exactly as if it had run the command itself. In a
serial run (or when the command was not started early: ``-k``, ``-m``, or the
file not among the paths given) the test runs the command then and there.

Nothing about what is checked changes: the same command line, the same
working directory and timeout, the same assertions on the same output.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MYPY_CACHE = ROOT / "test-output" / "mypy-cache"
"""mypy's incremental cache, kept between runs (git-ignored, like .mypy_cache): a
fresh clone checks everything (~30 s); a later run re-checks only the files
that changed and what depends on them, with the same diagnostics."""
USER_FILE = "users_notebook_code.py"


def mypy_command(folder: Path) -> list[str]:
    """mypy --strict over the package, the benchmark scripts and a user's file
    (written into ``folder``) that imports every public name from ``toolkit``."""
    import toolkit

    user = folder / USER_FILE
    user.write_text(f"from toolkit import {', '.join(sorted(toolkit.__all__))}\n", encoding="utf-8")
    return [sys.executable, "-m", "mypy", "--cache-dir", str(MYPY_CACHE), "toolkit",
            "benchmarks", "scripts/mypyc_experiment.py", str(user)]


def sphinx_command(folder: Path) -> list[str]:
    """The documentation site, warnings as errors, into ``folder``/html."""
    return [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
            "-d", str(folder / "doctrees"), str(ROOT / "docs"), str(folder / "html")]


WHEEL_SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "NOTICE")
WHEEL_FOLDERS = ("toolkit", "datasets")


def wheel_command(folder: Path) -> list[str]:
    """The wheel, built by pip (in its isolated build environment: setuptools from the index)
    from a copy of the project in ``folder``/src (so no build/ or egg-info lands in the
    working tree), into ``folder``/dist. Mostly waiting on the index and on the files."""
    import shutil

    source = folder / "src"
    source.mkdir()
    for name in WHEEL_SOURCES:
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for name in WHEEL_FOLDERS:
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    return [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(source), "-w", str(folder / "dist")]


@dataclass(frozen=True)
class Command:
    file: str
    """The test file that checks the command's result."""
    build: Callable[[Path], list[str]]
    timeout: float
    rest: float = 0.5
    """Rough seconds its test file takes once the command is done: the file's weight in the
    schedule when the command started with the run (a file that only reads the result goes
    last; one with more work of its own, earlier, when the command is long done)."""


COMMANDS: dict[str, Command] = {
    "mypy": Command("tests/test_typing.py", mypy_command, 600),
    "sphinx": Command("tests/test_docs.py", sphinx_command, 300),
    "wheel": Command("tests/test_wheel.py", wheel_command, 600, rest=8),
}

_RUNNER = """\
import os, subprocess, sys
out, err, rc, cwd, timeout, *argv = sys.argv[1:]
with open(out, "wb") as o, open(err, "wb") as e:
    try:
        code = str(subprocess.run(argv, cwd=cwd, stdout=o, stderr=e, timeout=float(timeout)).returncode)
    except subprocess.TimeoutExpired:
        code = "timeout"
with open(rc + ".part", "w") as f:
    f.write(code)
os.replace(rc + ".part", rc)
"""


def start(name: str, folder: Path) -> subprocess.Popen[bytes]:
    """Start command ``name`` in the background; its output and return code land in ``folder``."""
    command = COMMANDS[name]
    argv = command.build(folder)
    files = [str(folder / f) for f in ("stdout", "stderr", "returncode")]
    return subprocess.Popen([sys.executable, "-c", _RUNNER, *files, str(ROOT), str(command.timeout), *argv],
                            cwd=ROOT, stdin=subprocess.DEVNULL, start_new_session=True)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a background run that is still going (the session ended first), with its command."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover
        return True
    return True


def join(name: str, folder: Path, pid: int) -> subprocess.CompletedProcess[str]:
    """The result of the run ``start`` began in ``folder`` (waits for it to end)."""
    command = COMMANDS[name]
    rc = folder / "returncode"
    deadline = time.monotonic() + command.timeout + 60
    while not rc.exists():
        if time.monotonic() > deadline:
            raise AssertionError(f"the background {name} run gave no result within {command.timeout + 60:.0f} s")
        if not _alive(pid) and not rc.exists():
            raise AssertionError(f"the background {name} run ended without a result (killed?)")
        time.sleep(0.2)
    code = rc.read_text(encoding="utf-8")
    if code == "timeout":
        raise subprocess.TimeoutExpired(name, command.timeout)
    return subprocess.CompletedProcess([name], int(code), (folder / "stdout").read_text(encoding="utf-8"),
                                       (folder / "stderr").read_text(encoding="utf-8"))


def run(name: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """Command ``name`` run now (``folder`` holds what it writes)."""
    command = COMMANDS[name]
    return subprocess.run(command.build(folder), cwd=ROOT, capture_output=True, text=True, timeout=command.timeout)

"""Build the optional compiled engine (``make compiled``): the hot path of a step compiled with mypyc.

    python scripts/build_compiled.py [--out build/compiled] [--modules toolkit/ocg/board.py ...]

Writes ``build/compiled/`` (git-ignored): a full copy of the ``toolkit`` package in which the modules of
:data:`MODULES` are compiled extension modules (``.so``) and every other module stays the ``.py`` of
this checkout.  Nothing is written into the source tree: the pure-Python package stays the default, and
the compiled one is used only when asked for, by putting the folder first on the import path::

    PYTHONPATH=build/compiled python scripts/behaviour_diff.py compare /work/baseline
    PYTHONPATH=build/compiled endphase ...
    PYTHONPATH=$PWD/build/compiled make lab   # absolute: each kernel reads it from notebooks/

(``python -c`` and ``pytest`` run from the checkout's root put the checkout itself first: they import
the pure package; ``PYTHONSAFEPATH=1`` stops that).  ``python -c "import toolkit.ocg.board as b;
print(b.__file__)"`` says which one is imported (``.so``: compiled).  The results are the same
(``tests/fuzz/test_compiled_build.py``, ``make fuzz``): only the speed differs.

Needs a C compiler (``gcc``), the Python headers and mypy with mypyc (the ``[test]`` extra has it);
without them it stops with one line saying what is missing.  A build takes a few minutes (mypy
analyses the whole package, then gcc compiles).  Rebuild after changing a compiled module: the copy is
the checkout as it was when built.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "compiled"

MODULES: tuple[str, ...] = (
    "toolkit/ocg/procedure/transitions.py",
    "toolkit/ocg/procedure/pending.py",
    "toolkit/ocg/procedure/chains.py",
    "toolkit/ocg/procedure/legal.py",
    "toolkit/ocg/procedure/_shared.py",
    "toolkit/ocg/procedure/triggers.py",
    "toolkit/ocg/procedure/adjustment.py",
    "toolkit/ocg/procedure/flow.py",
    "toolkit/ocg/board.py",
    "toolkit/ocg/tables.py",
    "toolkit/core/durations.py",
)
"""The modules compiled (chosen by profile: the generic step without the per-card memo).
``procedure/remembered.py`` and ``procedure/remembered_quick.py`` stay interpreted: the benchmarks switch
their memos off by replacing ``recall``, which a compiled caller would still reach (it is called through
the module)."""

GROUP = "toolkit._compiled"
"""The shared library's module name (inside the package: it travels with the copy)."""


def _manifest_module() -> ModuleType:
    """``toolkit/_compiled_build.py`` of this checkout (standard library only), by its file: never a
    compiled build's copy that ``PYTHONPATH`` may put first."""
    spec = importlib.util.spec_from_file_location("_compiled_build", ROOT / "toolkit" / "_compiled_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


manifest = _manifest_module()
MARKER: str = manifest.MANIFEST
"""The sources' manifest, written into a finished build: it marks the folder as a build (only a folder
holding it, or empty, is ever replaced by a new build), and the build's ``import toolkit`` compares the
sources with it (``toolkit._compiled_build.warn_if_stale``)."""

STALE_CHECK = """
# (added by scripts/build_compiled.py) say when this build is older than the sources it was built from
from toolkit._compiled_build import warn_if_stale as _warn_if_stale  # noqa: E402

_warn_if_stale(__import__("pathlib").Path(__file__).resolve().parents[1])
del _warn_if_stale
"""


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit 2 (as every failure of the build)."""
    print(f"build_compiled: {message}", file=sys.stderr)
    sys.exit(2)


def check_toolchain() -> None:
    """One clear line, and exit 2, when the C compiler, the Python headers or mypyc is missing."""
    compiler = (sysconfig.get_config_var("CC") or "gcc").split()[0]
    if shutil.which(compiler) is None:
        print(f"build_compiled: no C compiler ({compiler}) found; install gcc (e.g. apt-get install gcc) "
              "to build the compiled extra", file=sys.stderr)
        sys.exit(2)
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        print(f"build_compiled: the Python headers are missing ({include / 'Python.h'}); install them "
              "(e.g. apt-get install python3-dev) to build the compiled extra", file=sys.stderr)
        sys.exit(2)
    for name in ("mypyc", "setuptools"):
        if importlib.util.find_spec(name) is None:
            print(f"build_compiled: {name} is missing; pip install -e '.[test]' brings mypy with mypyc",
                  file=sys.stderr)
            sys.exit(2)


def _earlier_build(out: Path) -> bool:
    """Whether ``out`` is a build of this script (its marker; or, built before the marker existed, nothing
    but the copy, the settings and the datasets link beside the group's shared library)."""
    if (out / MARKER).is_file():
        return True
    names = {p.name for p in out.iterdir()}
    return bool(names) and names <= {"toolkit", "datasets", "pyproject.toml", "temp", "build", ".mypy_cache"} and any(
        (out / "toolkit").glob("_compiled__mypyc*.so"))


def refusal(given: Path) -> str | None:
    """Why the build must not go into ``given`` (replaced as a whole), or None: never through a symbolic
    link, never the checkout, a folder holding it or one inside the source package, never a folder that
    is not an earlier build (a user's files are left as they are)."""
    given = Path(os.path.abspath(given))
    if given.is_symlink():
        return f"--out {given} is a symbolic link; name the folder itself"
    out = given.resolve()
    if out == ROOT or out in ROOT.parents or ROOT / "toolkit" in (out, *out.parents):
        return "--out must be outside the source package and must not hold the checkout"
    if out.exists() and not out.is_dir():
        return f"--out {out} is not a folder"
    if out.is_dir() and any(out.iterdir()) and not _earlier_build(out):
        return (f"{out} is not a build of make compiled (no {MARKER}); it is left as it is: "
                "remove it yourself or name another --out")
    return None


def copy_package(out: Path) -> None:
    """``toolkit/`` of this checkout into ``out`` (no bytecode, no compiled files), with the mypy
    settings, and ``out/datasets`` pointing at the checkout's datasets (``resources.dataset_root``)."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "toolkit", out / "toolkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "_datasets"))
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")  # mypy's settings ([tool.mypy])
    (out / "datasets").symlink_to(ROOT / "datasets", target_is_directory=True)


def compile_modules(out: Path, modules: Sequence[str]) -> None:
    """mypyc's build of ``modules`` inside ``out`` (extension modules beside their ``.py``)."""
    code = (
        "from mypyc.build import mypycify\n"
        "from setuptools import Distribution\n"
        f"ext = mypycify({list(modules)!r}, group_name={GROUP!r}, opt_level='3')\n"
        # a bare Distribution: setup() would read pyproject.toml's [project] table
        "dist = Distribution({'name': 'endphase-compiled', 'ext_modules': ext, 'script_name': 'build',\n"
        "                     'script_args': ['build_ext', '--inplace', '--build-temp', 'temp']})\n"
        "dist.parse_command_line()\n"
        "dist.run_commands()\n"
    )
    env = dict(os.environ, MYPY_FORCE_COLOR="0")
    done = subprocess.run([sys.executable, "-c", code], cwd=out, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        lines = (done.stdout + done.stderr).strip().splitlines()
        errors = [line for line in lines if ": error:" in line] or lines[-10:]
        print("\n".join(errors[:20]), file=sys.stderr)
        _fail(f"mypyc could not compile the modules ({len(errors)} error line(s) above)")
    shutil.rmtree(out / "temp", ignore_errors=True)
    shutil.rmtree(out / "build", ignore_errors=True)
    # each compiled module's .py stays beside its .so (an extension module is found first; the source
    # serves tracebacks and inspect)


def build(out: Path, modules: Sequence[str]) -> None:
    """The build in a fresh hidden folder beside ``out``, put in place of ``out`` only once finished: a
    build that fails or is interrupted leaves no half-built copy to be imported, and an earlier build as
    it was."""
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
    try:
        manifest.write_manifest(work, ROOT)  # the sources as they are before the copy: an edit during the
        copy_package(work)                   # build shows as a change since
        with (work / "toolkit" / "__init__.py").open("a", encoding="utf-8") as init:
            init.write(STALE_CHECK)
        compile_modules(work, modules)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.parent))
            out.replace(old)
            work.replace(out)
            shutil.rmtree(old)
        else:
            work.replace(out)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to build into (replaced; only ever an earlier build or an empty folder)")
    parser.add_argument("--modules", nargs="+", default=list(MODULES), help="module files to compile")
    args = parser.parse_args(argv)
    missing = [m for m in args.modules if not (ROOT / m).is_file()]
    if missing:
        print(f"build_compiled: no such module file: {', '.join(missing)}", file=sys.stderr)
        return 2
    why = refusal(args.out)
    if why is not None:
        print(f"build_compiled: {why}", file=sys.stderr)
        return 2
    out = args.out.resolve()
    check_toolchain()
    start = time.perf_counter()
    try:
        build(out, args.modules)
    except OSError as error:
        _fail(f"cannot build into {out}: {error.strerror or error}")
    built = sorted(p.relative_to(out).as_posix() for p in (out / "toolkit").rglob("*.so"))
    print(f"build_compiled: {len(args.modules)} module(s) compiled into {out} in "
          f"{time.perf_counter() - start:.0f} s ({len(built)} extension files); use it with "
          f"PYTHONPATH={out} (absolute: a notebook's kernel starts in notebooks/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the optional compiled engine (``make compiled``): the hot path of a step compiled with mypyc.

    python scripts/build_compiled.py [--out build/compiled] [--modules toolkit/ocg/board.py ...]

Writes ``build/compiled/`` (git-ignored): a full copy of the ``toolkit`` package in which the modules of
:data:`MODULES` are compiled extension modules (``.so``) and every other module stays the ``.py`` of
this checkout.  Nothing is written into the source tree: the pure-Python package stays the default, and
the compiled one is used only when asked for, by putting the folder first on the import path::

    PYTHONPATH=build/compiled python scripts/behaviour_diff.py compare /work/baseline
    PYTHONPATH=build/compiled endphase ...

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
import time
from collections.abc import Sequence
from pathlib import Path

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
``procedure/remembered.py`` stays interpreted: the benchmarks switch its memo off by replacing
``remembered.recall``, which a compiled caller would still reach (it is called through the module)."""

GROUP = "toolkit._compiled"
"""The shared library's module name (inside the package: it travels with the copy)."""


def _fail(message: str) -> None:
    sys.exit(f"build_compiled: {message}")


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


def copy_package(out: Path) -> None:
    """``toolkit/`` of this checkout into ``out`` (no bytecode, no compiled files), with the mypy
    settings, and ``out/datasets`` pointing at the checkout's datasets (``resources.dataset_root``)."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to build into (replaced)")
    parser.add_argument("--modules", nargs="+", default=list(MODULES), help="module files to compile")
    args = parser.parse_args(argv)
    missing = [m for m in args.modules if not (ROOT / m).is_file()]
    if missing:
        print(f"build_compiled: no such module file: {', '.join(missing)}", file=sys.stderr)
        return 2
    out = args.out.resolve()
    if out == ROOT or ROOT / "toolkit" in (out, *out.parents):
        print("build_compiled: --out must be outside the source package", file=sys.stderr)
        return 2
    check_toolchain()
    start = time.perf_counter()
    copy_package(out)
    compile_modules(out, args.modules)
    built = sorted(p.relative_to(out).as_posix() for p in (out / "toolkit").rglob("*.so"))
    print(f"build_compiled: {len(args.modules)} module(s) compiled into {out} in "
          f"{time.perf_counter() - start:.0f} s ({len(built)} extension files); use it with "
          f"PYTHONPATH={os.path.relpath(out, Path.cwd())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

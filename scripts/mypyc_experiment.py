"""Does compiling the engine's hot path with mypyc pay?  Builds it in a copy and measures.

    python scripts/mypyc_experiment.py [--modules toolkit/ocg/board.py ...] [--rounds 3]
                                       [--repeat 5] [--check] [--profile] [--keep DIR]

Nothing in this checkout is changed.  The script

1. copies the checkout's files (``git ls-files``) into a temporary folder (the
   few edits the compiled modules need, once a patch applied to the copy, are
   in the sources since issue 34: ``make compiled`` needs them too);
2. compiles ``--modules`` (default :data:`MODULES`: the procedure and the
   Board) with mypyc into that copy, in place (one shared library,
   ``toolkit/_native__mypyc*.so``, and a small extension module beside each
   ``.py``);
3. measures, in child processes taking turns (``--rounds`` of each, the best
   kept), the pure-Python engine and the compiled one of the same copy: the
   full search of the mixed family at n = 10 (transitions per CPU second, the
   number of ``benchmarks/engine_speed.py`` section 4), python-chess perft(4)
   in the same process and the ratio, and single calls from
   ``initial_state(FAMILIES["mixed"](10))``;
4. with ``--check``, runs the golden traces and the perft counts
   (tests/engine/test_golden.py, tests/perft) on the compiled copy;
   with ``--profile``, prints where the compiled run still spends its time
   (cProfile: compiled functions show as built-ins, interpreted ones by file).

Needs a C compiler, the Python headers, mypy (``pip install -e '.[test]'``
has it, with mypyc) and setuptools; takes a few minutes (mypy analyses the
whole package, then gcc).  The results of 2026-12-01 are in
``benchmarks/mypyc.md``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

MODULES: tuple[str, ...] = (
    "toolkit/ocg/procedure/_shared.py",
    "toolkit/ocg/procedure/triggers.py",
    "toolkit/ocg/procedure/pending.py",
    "toolkit/ocg/procedure/adjustment.py",
    "toolkit/ocg/procedure/legal.py",
    "toolkit/ocg/procedure/chains.py",
    "toolkit/ocg/procedure/flow.py",
    "toolkit/ocg/procedure/transitions.py",
    "toolkit/ocg/board.py",
)
"""The modules compiled by default: the procedure's function modules and the Board."""

GROUP = "toolkit._native"
"""The shared library's module name (inside the package, where an editable install finds it too)."""

# --------------------------------------------------------------------------
# The copy, the build
# --------------------------------------------------------------------------


def copy_checkout(dest: Path) -> None:
    """The checkout's files as they are now (tracked ones, with this script)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    names = {n for n in listed.decode().split("\0") if n}
    names |= {"scripts/mypyc_experiment.py"}
    for name in sorted(names):
        if not (ROOT / name).is_file():
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)


def build(dest: Path, modules: Sequence[str]) -> float:
    """Compile ``modules`` of the copy at ``dest`` in place; returns the wall seconds it took."""
    code = (
        "import sys\n"
        "from mypyc.build import mypycify\n"
        "from setuptools import Distribution\n"
        f"ext = mypycify({list(modules)!r}, group_name={GROUP!r}, opt_level='3')\n"
        # a bare Distribution: setup() would read pyproject.toml's [project] table, which is not needed here
        "dist = Distribution({'name': 'compiled', 'ext_modules': ext, 'script_name': 'build',\n"
        "                     'script_args': ['build_ext', '--inplace', '--build-temp', 'build/mypyc-temp']})\n"
        "dist.parse_command_line()\n"
        "dist.run_commands()\n"
    )
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], cwd=dest, capture_output=True, text=True)
    if out.returncode != 0:
        tail = (out.stdout + out.stderr).strip().splitlines()[-15:]
        sys.exit("mypyc_experiment: the build failed:\n" + "\n".join(tail))
    return time.perf_counter() - start


# --------------------------------------------------------------------------
# The measurements (in child processes)
# --------------------------------------------------------------------------


class SourceOnly(MetaPathFinder):
    """Finds ``toolkit`` modules as the normal finder does, but from the ``.py`` file
    when the normal finder would load a compiled extension module."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != "toolkit" and not fullname.startswith("toolkit."):
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or spec.origin.endswith(".py"):
            return spec
        source = Path(spec.origin).with_name(fullname.rpartition(".")[2] + ".py")
        return spec_from_file_location(fullname, source) if source.is_file() else spec


def cpu_min(repeat: int, job: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        result = job()
        best = min(best, time.process_time() - start)
    return best, result


def chess_rate(repeat: int) -> float:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from chess_reference import perft_job

    seconds, (_leaves, visits) = cpu_min(repeat, perft_job(4))
    rate: float = visits / seconds
    return rate


def measure(mode: str, repeat: int, profile: bool) -> dict[str, Any]:
    """The numbers of one child process (``mode``: pure or compiled), run in the copy."""
    if mode == "pure":
        sys.meta_path.insert(0, SourceOnly())
    sys.path.insert(0, os.getcwd())
    import toolkit.ocg.board
    from toolkit.engine import explore
    from toolkit.ocg.positions import FAMILIES
    from toolkit.ocg.procedure import legal_actions, transition
    from toolkit.ocg.setup import initial_state

    compiled = not str(toolkit.ocg.board.__file__).endswith(".py")
    scen = FAMILIES["mixed"](10)
    seconds, found = cpu_min(repeat, lambda: explore(scen, reduce=False, max_states=3_000_000))
    result: dict[str, Any] = {"compiled": compiled, "transitions": found.transitions,
                              "rate": found.transitions / seconds, "chess": chess_rate(repeat)}
    state = initial_state(scen)
    micro: dict[str, float] = {}
    n = 2000
    for action in legal_actions(state):
        took, _ = cpu_min(3, lambda: [transition(state, action, check=False) for _ in range(n)])
        micro[repr(action)] = took / n * 1e6
    took, _ = cpu_min(3, lambda: [legal_actions(state) for _ in range(n)])
    micro["legal_actions"] = took / n * 1e6
    result["micro"] = micro
    if profile:
        prof = cProfile.Profile()
        prof.runcall(explore, scen, reduce=False, max_states=3_000_000)
        text = io.StringIO()
        stats = pstats.Stats(prof, stream=text)
        stats.sort_stats("tottime").print_stats(15)
        result["profile"] = text.getvalue()
    return result


def run_child(dest: Path, mode: str, repeat: int, profile: bool) -> dict[str, Any]:
    args = [sys.executable, str(dest / "scripts" / "mypyc_experiment.py"), "--measure", mode, "--repeat", str(repeat)]
    out = subprocess.run(args + (["--profile"] if profile else []), cwd=dest, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"mypyc_experiment: the {mode} run failed: {out.stderr.strip().splitlines()[-1]}")
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    top = dict(max(runs, key=lambda r: r["rate"]))
    top["chess"] = max(r["chess"] for r in runs)
    top["micro"] = {k: min(r["micro"][k] for r in runs) for k in runs[0]["micro"]}
    return top


def report(pure: dict[str, Any], fast: dict[str, Any], repeat: int, rounds: int) -> None:
    print(f"\nFull search, mixed family n = 10 ({pure['transitions']} transitions; CPU min of {repeat} runs, "
          f"best of {rounds} rounds)")
    print(f"  {'':<46} {'pure':>10} {'compiled':>10} {'speed-up':>9}")

    def row(label: str, a: float, b: float, digits: int, higher_better: bool) -> None:
        factor = b / a if higher_better else a / b
        print(f"  {label:<46} {a:>10,.{digits}f} {b:>10,.{digits}f} {factor:>8.2f}x")

    row("transitions/s", pure["rate"], fast["rate"], 0, True)
    row("python-chess perft(4) node visits/s", pure["chess"], fast["chess"], 0, True)
    row("ratio to python-chess", pure["rate"] / pure["chess"], fast["rate"] / fast["chess"], 3, True)
    print("One call from initial_state(FAMILIES['mixed'](10)), microseconds (CPU min)")
    for key, value in pure["micro"].items():
        row(key if len(key) <= 46 else key[:43] + "...", value, fast["micro"][key], 1, False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", nargs="+", default=list(MODULES), help="module files to compile")
    parser.add_argument("--rounds", type=int, default=3, help="child runs of each kind (the best is kept)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement in a child")
    parser.add_argument("--check", action="store_true", help="run the golden and perft tests on the compiled copy")
    parser.add_argument("--profile", action="store_true", help="print where the compiled run spends its time")
    parser.add_argument("--keep", type=Path, help="build in this (new) folder and keep it")
    parser.add_argument("--measure", choices=("pure", "compiled"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.repeat, args.profile)))
        return 0
    missing = [m for m in args.modules if not (ROOT / m).is_file()]
    if missing:
        print(f"mypyc_experiment: no such module file: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.keep is not None and args.keep.exists():
        print(f"mypyc_experiment: {args.keep} exists; give a new folder", file=sys.stderr)
        return 2
    dest = args.keep or Path(tempfile.mkdtemp(prefix="mypyc-experiment-"))
    try:
        copy_checkout(dest)
        seconds = build(dest, args.modules)
        built = sorted(p.relative_to(dest).as_posix() for p in (dest / "toolkit").rglob("*.so"))
        print(f"compiled {len(args.modules)} module(s) in {seconds:.0f} s wall: "
              + ", ".join(Path(m).stem for m in args.modules) + f" ({len(built)} extension files)")
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for _ in range(max(1, args.rounds)):
            for mode in runs:
                runs[mode].append(run_child(dest, mode, args.repeat, False))
        if not all(r["compiled"] for r in runs["compiled"]) or any(r["compiled"] for r in runs["pure"]):
            print("mypyc_experiment: a run did not import the engine it was meant to", file=sys.stderr)
            return 1
        report(best(runs["pure"]), best(runs["compiled"]), args.repeat, max(1, args.rounds))
        if args.profile:
            print("\nWhere the compiled run spends its time (cProfile, by own time):")
            print(run_child(dest, "compiled", 1, True)["profile"])
        if args.check:
            env = dict(os.environ, ENDPHASE_SEEDS=str(ROOT.parent / "shared" / "seeds"))
            where = subprocess.run([sys.executable, "-c", "import toolkit.ocg.board as b; print(b.__file__)"],
                                   cwd=dest, env=env, capture_output=True, text=True).stdout.strip()
            if where.endswith(".py"):  # pytest, like python -c, imports the package from the current folder
                print(f"mypyc_experiment: the tests would import the pure engine ({where})", file=sys.stderr)
                return 1
            tests = ["tests/engine/test_golden.py", "tests/perft"]
            out = subprocess.run([sys.executable, "-m", "pytest", *tests, "-q", "-p", "no:cacheprovider"],
                                 cwd=dest, env=env, capture_output=True, text=True)
            print(f"\ngolden traces and perft counts on the compiled copy: {out.stdout.strip().splitlines()[-1]}")
            if out.returncode != 0:
                return 1
    finally:
        if args.keep is None:
            shutil.rmtree(dest, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

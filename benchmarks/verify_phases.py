"""Where the CPU of a cold ``verify_rulings()`` goes (prints numbers; asserts nothing).

    python benchmarks/verify_phases.py [RUNS] [ROOT ...]

Each run is a new process (nothing imported, loaded or remembered) that runs
``import toolkit; toolkit.verify_rulings()`` with a few of the toolkit's functions
wrapped by a timer. Every CPU second (``time.process_time``) is charged to the
innermost phase running then, so the phases add up to the whole:

* imports: every module imported on the way (pandas, the engine, the games, ...);
* rulings table: ``load_rulings()`` (its imports not counted);
* scenarios: the shipped scenario files read, with the cards they use;
* checks: each ruling's check read and its card names resolved;
* search: the searches each ruling's check asks for (its own date, today, the counterfactuals,
  the lines that say what decides it): ``decide``, ``evaluate_in``, ``resolve_in``, ``order_search``,
  ``explored`` and ``explore`` as the history layer calls them;
* ruling: the rest of each ruling's run (its positions built under each rule set, the runs
  remembered and looked up, the counterfactuals listed, the example lines replayed);
* frame: the rest of ``verify_rulings`` (the rows taken from the table, the result frame built).

ROOT (default: this clone) may be given more than once, to compare two checkouts
interleaved (run 1 of each, then run 2 of each, ...); the minimum and median of each
phase are printed.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r'''
import importlib._bootstrap as bootstrap
import json
import time

clock = time.process_time
totals = {}
stack = ["frame"]
mark = [clock()]


def charge():
    now = clock()
    totals[stack[-1]] = totals.get(stack[-1], 0.0) + now - mark[0]
    mark[0] = now


def timed(name, function):
    def wrapper(*args, **kwargs):
        charge()
        stack.append(name)
        try:
            return function(*args, **kwargs)
        finally:
            charge()
            stack.pop()
    wrapper.__wrapped__ = function
    return wrapper


bootstrap._find_and_load = timed("imports", bootstrap._find_and_load)
started = clock()
import toolkit
import toolkit.data
import toolkit.core.search as search
import toolkit.history.checks as checks
import toolkit.history.runs as runs
import toolkit.history.verification as verification

toolkit.data.load_rulings = timed("rulings table", toolkit.data.load_rulings)
runs.scenarios_of = timed("scenarios", runs.scenarios_of)
runs.read_check = timed("checks", runs.read_check)
runs.check_for = timed("checks", runs.check_for)
verification._verify_row = timed("ruling", verification._verify_row)
for name in ("decide", "evaluate_in", "resolve_in", "order_search", "explored"):
    if hasattr(checks, name):  # (a checkout from before the explorations were kept has no ``explored``)
        setattr(checks, name, timed("search", getattr(checks, name)))
try:
    import toolkit.history.explored as explored  # the explanation's exploration, looked up there
    explored.explored = timed("search", explored.explored)
except ImportError:
    pass
search.explore = timed("search", search.explore)
toolkit.verify_rulings()
charge()
totals["total"] = clock() - started
print(json.dumps(totals))
'''

PHASES = ("imports", "rulings table", "scenarios", "checks", "search", "ruling", "frame", "total")


def once(root: Path) -> dict[str, float]:
    python = root / ".venv" / "bin" / "python"
    done = subprocess.run([str(python if python.exists() else sys.executable), "-c", CHILD], cwd=root,
                          capture_output=True, text=True, check=True)
    seconds: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return seconds


def main() -> None:
    runs = max(1, int(sys.argv[1])) if len(sys.argv) > 1 else 5
    roots = [Path(r).resolve() for r in sys.argv[2:]] or [HERE.parent]
    for root in roots:
        subprocess.run([sys.executable, "-c", "import compileall, sys; compileall.compile_dir(sys.argv[1], quiet=1)",
                        str(root / "toolkit")], check=True)
    seen: dict[Path, list[dict[str, float]]] = {root: [] for root in roots}
    for _ in range(runs):
        for root in roots:
            seen[root].append(once(root))
    print(f"cold verify_rulings(), CPU seconds by phase, min / median of {runs} new processes")
    for root in roots:
        print(f"  {root}")
        for phase in PHASES:
            values = [run.get(phase, 0.0) for run in seen[root]]
            print(f"    {phase:<14} {min(values):6.3f} / {statistics.median(values):6.3f}")


if __name__ == "__main__":
    main()

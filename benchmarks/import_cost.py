"""What ``import toolkit`` costs next to ``import pandas`` (prints numbers; asserts nothing).

    python benchmarks/import_cost.py [REPEATS]

Each statement is timed in a fresh interpreter (``python -c``, so nothing is
cached in the process), REPEATS times (default 7, at least 5), interleaved so
that a busy moment of the machine falls on every statement alike. The time is
the child's CPU seconds (``time.process_time``) around the import statement
alone, so neither the interpreter's own start-up nor the other programs of a
shared machine are counted (wall seconds are printed beside them: on a busy
machine they swing far more, pandas' hundreds of files most). The toolkit's
byte code is compiled first (``_bytecode.py``), as an installed package has it.

    ratio = min(import toolkit) / min(import pandas)      (CPU seconds)

The minimum is the least disturbed run; the median is printed beside it. The
targets (``TARGETS``): ``import toolkit`` 0.5 or less, because pandas, PyYAML,
matplotlib and ipywidgets load only when a function needs them; what
``explore`` needs (``toolkit.engine``) 0.3 or less; ready to explore (the
shipped cards loaded too) 0.5 or less.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

from _bytecode import compile_toolkit

ROOT = Path(__file__).resolve().parents[1]

STATEMENTS = {
    "import toolkit": "import toolkit",
    "import toolkit; import toolkit.engine": "import toolkit; import toolkit.engine",
    "import pandas": "import pandas",
    "import toolkit; toolkit.load_rulings": "import toolkit; toolkit.load_rulings",
    "ready to explore (engine, cards loaded)":
        "import toolkit.engine; from toolkit.ocg.cards import default_catalogue; default_catalogue()",
}

TARGETS = {"import toolkit": 0.5, "import toolkit; import toolkit.engine": 0.3,
           "ready to explore (engine, cards loaded)": 0.5}
"""The ratio to ``import pandas`` each statement must stay under (issue 34, item 4: what ``explore``
needs at 0.3 or less, ready to explore at 0.5 or less)."""

TIMER = ("import time\ncpu, wall = time.process_time(), time.perf_counter()\n{statement}\n"
         "print(time.process_time() - cpu, time.perf_counter() - wall)\n")


def once(statement: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``statement`` in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", TIMER.format(statement=statement)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    cpu, wall = done.stdout.strip().splitlines()[-1].split()
    return float(cpu), float(wall)


def timings(repeats: int, walls: dict[str, list[float]] | None = None) -> dict[str, list[float]]:
    """CPU seconds of each statement, ``repeats`` runs each, interleaved (``walls``, when given,
    receives the wall seconds of the same runs)."""
    times: dict[str, list[float]] = {label: [] for label in STATEMENTS}
    for _ in range(repeats):
        for label, statement in STATEMENTS.items():
            cpu, wall = once(statement)
            times[label].append(cpu)
            if walls is not None:
                walls.setdefault(label, []).append(wall)
    return times


def ratio(times: dict[str, list[float]], label: str) -> tuple[float, float]:
    """(by min, by median): the statement's seconds / ``import pandas``'s."""
    pandas = times["import pandas"]
    return min(times[label]) / min(pandas), statistics.median(times[label]) / statistics.median(pandas)


def main() -> None:
    repeats = max(5, int(sys.argv[1]) if len(sys.argv) > 1 else 7)
    compile_toolkit()
    walls: dict[str, list[float]] = {}
    times = timings(repeats, walls)
    print(f"fresh interpreter per run, {repeats} runs each ({sys.executable}); CPU ms (wall ms)")
    for label, values in times.items():
        wall = walls[label]
        print(f"  {label:<40} min {min(values) * 1000:7.1f} ({min(wall) * 1000:7.1f}) ms   "
              f"median {statistics.median(values) * 1000:7.1f} ({statistics.median(wall) * 1000:7.1f}) ms")
    for label, limit in TARGETS.items():
        best, middle = ratio(times, label)
        by_wall = ratio(walls, label)[0]
        print(f"ratio ({label}) / (import pandas), CPU: {best:.3f} by min, {middle:.3f} by median (target <= {limit}: "
              f"{'met' if best <= limit else 'NOT met'} by min; wall {by_wall:.3f} by min)")
    print("  ('toolkit.load_rulings' names the function; reaching it imports the data layer and so pandas)")


if __name__ == "__main__":
    main()

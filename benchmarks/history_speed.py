"""How long the executable ruling history takes (prints numbers; asserts nothing).

    python benchmarks/history_speed.py

1. ``verify_rulings()`` cold: in a new process, imports included (``python -c
   "import toolkit; toolkit.verify_rulings()"``), CPU and wall seconds, best
   of 5 (target: <= 2 s; the toolkit's byte code compiled first: ``_bytecode.py``);
   then in this process from a cold cache, and the slowest rulings (each ruling
   is run under its own rules, today's rules and one variant per dated flag /
   card-text change, to name what decides it; a variant is asked for its answer alone, its searches stopping at the first
   outcome that settles it: ``toolkit.core.deciding_search``).
2. ``changes()`` on the Hysteric Sign question (check mode) and on a scenario
   without a check (outcome mode).
3. ``errata_flips()`` over every shipped scenario (two explorations each).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _bytecode import compile_toolkit  # noqa: E402

from toolkit.data import load_rulings  # noqa: E402
from toolkit.history import changes, verify_rulings  # noqa: E402
from toolkit.present.charts import errata_flips  # noqa: E402


def timed(label: str, func, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = func(*args, **kwargs)
    print(f"{label:<58} {time.perf_counter() - start:8.3f} s")
    return result


COLD = ("import time; w = time.perf_counter(); c = time.process_time(); import toolkit; "
        "toolkit.verify_rulings(); print(time.process_time() - c, time.perf_counter() - w)")
"""``verify_rulings()`` in a new process, imports included: its CPU and wall seconds."""


def cold_verify(repeat: int = 5) -> None:
    """The best CPU and wall time of ``repeat`` new processes each running ``verify_rulings()``."""
    runs = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, cwd=ROOT, check=True)
        cpu, wall = (float(x) for x in out.stdout.split()[-2:])
        runs.append((cpu, wall))
    cpu, wall = min(c for c, _ in runs), min(w for _, w in runs)
    print(f"{'verify_rulings() cold (new process, imports included)':<58} {cpu:8.3f} s cpu, {wall:.3f} s wall "
          f"(best of {repeat}; target <= 2 s)")


def main() -> None:
    compile_toolkit()
    cold_verify()
    rulings = load_rulings()
    table = timed("verify_rulings() (cold cache, this process)", verify_rulings, rulings)
    timed("verify_rulings() (warm cache)", verify_rulings, rulings)
    print(f"  {len(table)} rulings, {int(table['verified'].sum())} verified")
    for _, row in table.sort_values("seconds", ascending=False).head(5).iterrows():
        print(f"  {row['ruling_id']:<58} {row['seconds']:8.3f} s")
    timed("changes(q_hysteric_sign_adjustment.yaml) (check)", changes, "q_hysteric_sign_adjustment.yaml",
          "2010-01-01", "2025-12-31")
    timed("changes(grimoire_ipiria_2014) (outcomes)", changes, "grimoire_ipiria_2014",
          "2010-01-01", "2025-12-31")
    flips = timed("errata_flips('2014-07-10')", errata_flips)
    print(f"  {len(flips.data)} scenarios, {int(flips.data['changed'].sum())} changed")


if __name__ == "__main__":
    main()

"""What cards as data cost (prints numbers; asserts nothing).

    python benchmarks/card_loading.py [--repeat 5] [--baseline REF]

Definitions:

* ``load (registry)``: wall seconds, in a fresh Python process, from nothing
  imported to every shipped card registered (``registered_names()``): the
  imports of the OCG package, the remaining Python card modules and every
  card file of ``datasets/cards/`` read and compiled;
* ``load (card files)``: in the same fresh process, the seconds to read and
  compile every shipped card file once more (the card format's own cost);
* ``explore``: CPU seconds (``time.process_time``) of ``explore(scenario)``
  for each shipped OCG scenario, after one warm-up run, in a fresh process;
* each number is the min and the median of ``--repeat`` fresh processes (at
  least 5);
* ``data`` is this checkout (cards as data); ``python`` is the commit
  ``--baseline`` (default: the merge-base with ``origin/HEAD``, where every
  card was a Python module), checked out into a temporary folder and timed
  in the same run, so both columns share the machine's load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
t0 = time.perf_counter()
from toolkit.ocg.cards import registered_names
names = registered_names()
load = time.perf_counter() - t0
files = None
try:
    from toolkit.ocg.cards.data.reading import read_cards, shipped_card_folder
    t1 = time.perf_counter()
    count = sum(1 for _ in read_cards(shipped_card_folder()))
    files = time.perf_counter() - t1
except ImportError:
    pass
import toolkit
out = {"load": load, "files": files, "cards": len(names), "explore": {}, "toolkit": toolkit.__file__}
if sys.argv[2] == "explore":
    from toolkit.engine import explore
    from toolkit.ocg.scenario import list_seed_scenarios, seed_scenario
    for name in list_seed_scenarios():
        scenario = seed_scenario(name)
        explore(scenario)
        t = time.process_time()
        explore(scenario)
        out["explore"][name] = time.process_time() - t
print(json.dumps(out))
"""


def probe(checkout: Path, what: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(checkout), what], capture_output=True, text=True,
                          check=True, cwd=checkout)
    out = dict(json.loads(done.stdout.strip().splitlines()[-1]))
    if not str(out["toolkit"]).startswith(str(checkout)):
        raise SystemExit(f"the probe of {checkout} imported {out['toolkit']}")
    return out


def baseline_checkout(ref: str | None, folder: Path) -> tuple[Path, str]:
    if ref is None:
        ref = subprocess.run(["git", "merge-base", "HEAD", "origin/HEAD"], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout.strip()
    subprocess.run(["git", "clone", "-q", "--shared", str(ROOT), str(folder)], check=True)
    subprocess.run(["git", "checkout", "-q", ref], cwd=folder, check=True)
    return folder, ref[:10]


def stats(values: list[float]) -> str:
    return f"{min(values):8.4f} {statistics.median(values):8.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", default=None, help="the commit whose cards are all Python")
    args = parser.parse_args()
    repeat = max(5, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        base, ref = baseline_checkout(args.baseline, Path(tmp) / "baseline")
        runs: dict[str, list[dict[str, Any]]] = {"data": [], "python": []}
        for _ in range(repeat):  # interleaved, so both columns see the same load
            runs["data"].append(probe(ROOT, "explore"))
            runs["python"].append(probe(base, "explore"))
    print(__doc__.split("Definitions:")[1].strip())
    print(f"\nbaseline (all Python cards): {ref}; {repeat} fresh processes per column; seconds: min median\n")
    for column in ("data", "python"):
        loads = [float(r["load"]) for r in runs[column]]
        print(f"load (registry), {column:6}: {stats(loads)}   ({runs[column][0]['cards']} cards)")
    files = [float(r["files"]) for r in runs["data"]]
    print(f"load (card files), data  : {stats(files)}")
    print(f"\n{'explore (CPU s)':44} {'data min':>8} {'median':>8}   {'python min':>10} {'median':>8}   ratio")
    total = {"data": 0.0, "python": 0.0}
    for name in runs["data"][0]["explore"]:
        cells = []
        for column in ("data", "python"):
            values = [float(r["explore"][name]) for r in runs[column]]
            total[column] += min(values)
            cells.append(values)
        ratio = min(cells[0]) / min(cells[1]) if min(cells[1]) > 0 else float("nan")
        print(f"{name:44} {stats(cells[0])}   {min(cells[1]):10.4f} {statistics.median(cells[1]):8.4f}   {ratio:5.2f}")
    print(f"{'all scenarios (sum of mins)':44} {total['data']:8.4f} {'':8}   {total['python']:10.4f} {'':8}   "
          f"{total['data'] / total['python']:5.2f}")


if __name__ == "__main__":
    main()
